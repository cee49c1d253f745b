"""check-log with the real Major Battles ruleset: Illustration 1 (MB "Using
Movement Points") played as a VASSAL log built by the project's own writers.

The rulebook's example: 1 Armored + 3 Infantry go B -> C (4 MP), then one
Armored goes A -> B -> C (2 MP); the B-C road has then carried 5 units, so a
sixth unit may not use it this turn (¶3). The card value (20) is SYNTHETIC:
the example does not say how many points the player had.
"""

from __future__ import annotations

import pytest

from adjudicator.core.ruleset import get_ruleset, ruleset_ids
from exporters.vassal.build import scenario_state
from exporters.vassal.logwriter import write_log_text
from importers.vassal.checklog import check_log
from tests.support.vassal import game_from_text, module_for
from umpire.v1 import action_pb2, vassal_pb2

if "major-battles" not in ruleset_ids():
    pytest.skip("the major-battles ruleset is not in this build", allow_module_level=True)

A_UNITS = ["us-arm-01", "us-arm-02", "us-inf-01"]
B_UNITS = ["us-arm-03", "us-inf-02", "us-inf-03", "us-inf-04"]


def move(ids: list[str], *path: str) -> action_pb2.Action:
    a = action_pb2.Action(side="us")
    a.move.unit_ids.extend(ids)
    a.move.path.extend(path)
    return a


def card(value: int) -> action_pb2.Action:
    a = action_pb2.Action(side="us")
    a.major_battles.turn_card.value = value
    return a


def test_illustration_1_b_c_segment_full_after_5_units_in_a_vassal_log() -> None:
    sc = get_ruleset("major-battles").load_scenario("major-battles/illustration-1")
    mod = module_for(sc)
    b = vassal_pb2.VassalBinding(ruleset="major-battles", scenario="major-battles/illustration-1")
    actions = [card(20), move(B_UNITS, "C"), move(["us-arm-01"], "B", "C"), move(["us-arm-02"], "B", "C")]
    log = game_from_text(write_log_text(mod, b, scenario_state(sc), actions), "illustration-1.vlog")
    assert len(log.log_steps) == 6  # card chat, B->C, A->B, B->C, A->B, B->C
    report, _ = check_log(log, mod, b)
    legal = [e for e in report.entries if e.verdict.legal]
    assert [e.action.WhichOneof("kind") for e in legal] == ["major_battles", "move", "move"]
    assert [e.verdict.mp_total for e in legal[1:]] == [4, 2]  # the rulebook's costs
    assert not report.all_legal and report.first_illegal_step == 5
    bad = report.entries[-1]
    assert list(bad.steps) == [5, 6] and list(bad.action.move.path) == ["B", "C"]
    assert [v.code for v in bad.verdict.violations] == ["ROAD_SEGMENT_FULL"]
    assert bad.verdict.violations[0].citation.label == 'MB "Using Movement Points" ¶3'
