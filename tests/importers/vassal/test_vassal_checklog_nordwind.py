"""check-log with the real Nordwind 1945 ruleset (hex): the rulebook's movement
example (3.2) and the armor allowance (3.1), played hex by hex as a VASSAL log on
a module built by the project's own writer, on the ruleset's illustrative map."""

from __future__ import annotations

import pytest

from adjudicator.core.ruleset import ruleset_ids
from exporters.vassal.build import scenario_state
from exporters.vassal.logwriter import write_log_text
from importers.vassal.checklog import StartAt, check_log
from tests.support.vassal import game_from_text, module_for
from umpire.v1 import action_pb2, definition_pb2, vassal_pb2

if "nordwind-1945" not in ruleset_ids():
    pytest.skip("the nordwind-1945 ruleset is not in this build", allow_module_level=True)

from adjudicator.rules.nordwind import data  # noqa: E402
from tests.rules.nordwind.examples import movement_example, scenario  # noqa: E402

PATH_3_2 = ["1008", "1109", "1209", "1309", "1409", "1510"]
ONWARD = ["1610", "1711", "1811", "1912", "2012", "2113", "2213", "2314", "2414"]
START = StartAt(phase="allied-movement", active_side="allied")


def nordwind_scenario() -> definition_pb2.Scenario:
    sc = scenario(movement_example())
    sc.definition.map.CopyFrom(data.game_map())
    return sc


def log_of(sc: definition_pb2.Scenario, b: vassal_pb2.VassalBinding, path: list[str]):  # type: ignore[no-untyped-def]
    mod = module_for(sc)
    move = action_pb2.Action(side="allied", move=action_pb2.MoveUnits(unit_ids=["CCA/12"], path=path))
    return mod, game_from_text(write_log_text(mod, b, scenario_state(sc), [move]), "nordwind.vlog")


def test_3_2_movement_example_costs_4_5_mp_through_a_vassal_log() -> None:
    sc = nordwind_scenario()
    b = vassal_pb2.VassalBinding(ruleset="nordwind-1945")
    mod, log = log_of(sc, b, PATH_3_2)
    assert len(log.log_steps) == 6  # dragged hex by hex
    report, state = check_log(log, mod, b, scenario=sc, start=START)
    assert report.all_legal
    (entry,) = report.entries
    assert list(entry.steps) == [1, 2, 3, 4, 5, 6]
    assert list(entry.action.move.path) == PATH_3_2
    assert entry.verdict.mp_total == 4.5  # the rulebook's total
    cca = next(u for u in state.units if u.unit_id == "CCA/12")
    assert cca.location == "1510" and cca.mp_spent == 4.5


def test_3_1_the_armor_allowance_stops_the_drag_at_the_first_hex_it_cannot_pay() -> None:
    sc = nordwind_scenario()
    b = vassal_pb2.VassalBinding(ruleset="nordwind-1945")
    b.log.no_merge_moves = True
    mod, log = log_of(sc, b, PATH_3_2 + ONWARD)
    report, _ = check_log(log, mod, b, scenario=sc, start=START)
    # 4.5 MP to 1510, then 1 MP per (placeholder clear) hex: 11.5 spent entering 2213,
    # and 2314 would cost 1 with 0.5 of the 12 left.
    assert report.first_illegal_step == 14
    bad = report.entries[-1]
    assert [v.code for v in bad.verdict.violations] == ["NOT_ENOUGH_MP"]
    assert bad.verdict.violations[0].citation.label == "Nordwind 3.1"
