"""Every legal-action hint is submittable, and no refusal blames the turn when
it is the side's turn (issue 13), for every shipped ruleset and scenario, on
short random playouts.

At every step each side asks for its legal actions on its own view, as the
service does (core/disclosure.py), and the test checks:

* every hint carries a concrete example, or (no example) names the table cells
  the example needs (`LegalAction.needs`): nothing is offered without one;
* every example validates LEGAL on that side's view: nothing offered is refused;
* the side to act, when refused ending its phase, is never told NOT_YOUR_TURN
  (the refusal names the real reason: units to place, a card to turn, ...).

Counter values and table cells the texts lack are SYNTHETIC here (the tables of
tests/service/test_validate_submit_agree.py), so the playouts get past them.
"""

from __future__ import annotations

import random

import pytest
from google.protobuf import text_format

from adjudicator.core import dice as dice_mod
from adjudicator.core import disclosure, engine
from adjudicator.core.dice import NeedsRoll
from adjudicator.core.errors import NeedsData
from adjudicator.core.position import Position
from adjudicator.core.ruleset import load_all
from adjudicator.rules.registry import RULESETS
from tests.rules.traces.helpers import synthetic_tables
from tests.service.test_validate_submit_agree import nordwind_counters
from umpire.v1 import action_pb2, tables_pb2

STEPS = 12


def _games() -> list[tuple[str, str]]:
    """Every shipped ruleset's scenarios (not the test-only toys other tests register)."""
    ok, _ = load_all()
    return [(rs.id, sid) for rs in ok if rs.id in RULESETS for sid in rs.scenario_ids()]


def _tables(rid: str, scenario_id: str) -> tables_pb2.TableSet | None:
    if rid == "nordwind-1945":
        return nordwind_counters(scenario_id, 1)
    if rid == "traces-of-victory":
        return synthetic_tables()
    return None


def _text(a: action_pb2.Action) -> str:
    return text_format.MessageToString(a, as_one_line=True)


@pytest.mark.parametrize("with_tables", [False, True], ids=["as-shipped", "synthetic-tables"])
@pytest.mark.parametrize("rid,scenario_id", _games())
def test_every_legal_action_offered_has_an_example_that_validates(rid: str, scenario_id: str,
                                                                  with_tables: bool) -> None:
    ok, _ = load_all()
    rs = next(r for r in ok if r.id == rid)
    tables = _tables(rid, scenario_id) if with_tables else None
    if with_tables and tables is None:
        pytest.skip(f"{rid} ships no SYNTHETIC tables here: the as-shipped run covers it")
    seed = b"\x07" * 32
    state, _ = engine.new_game(rs, rs.load_scenario(scenario_id), game_id="t", options={}, tables=tables,
                               dice=dice_mod.HmacDice(seed, "t", 0, 0))
    rng = random.Random(f"{scenario_id}-{with_tables}")
    for step in range(STEPS):
        pos = Position(state)
        candidates: list[action_pb2.Action] = []
        for side in engine.side_ids(state):
            for la in disclosure.legal_actions_for(pos, side):
                where = f"step {step}, {side}: {la.kind} ({la.description})"
                if not la.HasField("example"):
                    assert la.needs, f"{where}: offered with no example and no needed cells"
                    assert all(c.table_id and c.accepted for c in la.needs), where
                    continue
                example = la.example
                assert example.side in ("", side), where
                example.side = side
                v = disclosure.validate_for(pos, side, example)
                assert v.legal, f"{where}: example {_text(example)} refused: " + "; ".join(
                    f"{x.code}: {x.message}" for x in v.violations)
                candidates.append(example)
        active = state.active_side
        if active and not state.HasField("pending"):
            v = disclosure.validate_for(pos, active, action_pb2.Action(side=active, end_phase=action_pb2.EndPhase()))
            assert "NOT_YOUR_TURN" not in [x.code for x in v.violations], \
                f"step {step}: {active} is the side to act, yet told " + "; ".join(x.message for x in v.violations)
        if not candidates:
            break
        action = rng.choice(candidates)
        try:
            state = engine.apply_action(state, action, lambda s, v: dice_mod.HmacDice(seed, "t", s, v)).state
        except (NeedsData, NeedsRoll):
            break  # the text lacks a value the outcome landed on: the playout ends here
