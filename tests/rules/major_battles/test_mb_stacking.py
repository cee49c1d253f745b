"""MB "Positioning of Units" ¶1: at most 10 units of one side in a town;
the excess is removed when the turn is completed."""

from __future__ import annotations

from umpire.v1 import state_pb2
from tests.rules.major_battles.helpers import (
    ELIMINATED, act, answer, at, card, codes, end, fixed, kinds, move, new, unit, verdict,
)

EXTRA = tuple((f"us-inf-{i:02d}", "us", "infantry") for i in range(5, 9))


def _eleven_in_a(options: dict[str, str] | None = None) -> state_pb2.GameState:
    # Illustration 1 board: 2 armor + 1 infantry + 4 more infantry in A, 1 armor + 3 infantry in B
    placements = {"us-arm-01": "A", "us-arm-02": "A", "us-inf-01": "A", "us-arm-03": "B", "us-inf-02": "B",
                  "us-inf-03": "B", "us-inf-04": "B", **{u: "A" for u, _s, _k in EXTRA}}
    st = new(fixed("illustration-1", placements, EXTRA), options=options)
    st = act(st, card("us", 10)).state  # SYNTHETIC card value
    v = verdict(st, move("us", ["us-arm-03", "us-inf-02", "us-inf-03", "us-inf-04"], "A"))
    assert v.legal and [n.citation.label for n in v.notes] == ['MB "Positioning of Units" ¶1']
    return act(st, move("us", ["us-arm-03", "us-inf-02", "us-inf-03", "us-inf-04"], "A")).state


def test_stacking_more_than_10_at_end_of_turn_owner_chooses_removal() -> None:
    st = _eleven_in_a()
    assert len(at(st, "A")) == 11  # allowed during the turn
    st = act(st, end("us")).state
    d = st.pending
    assert d.kind == "REMOVE_OVERSTACK" and d.side == "us" and d.min_choices == d.max_choices == 1
    assert codes(verdict(st, answer(st, ["us-arm-01", "us-arm-02"]))) == ["WRONG_NUMBER_OF_CHOICES"]
    applied = act(st, answer(st, ["us-arm-01"]))
    assert unit(applied.state, "us-arm-01").status == ELIMINATED and len(at(applied.state, "A")) == 10
    assert "OVERSTACK_REMOVED" in kinds(applied) and applied.state.active_side == "german"


def test_stacking_same_kind_excess_removed_without_question() -> None:
    placements = {f"us-inf-{i:02d}": "A" for i in range(1, 11)}
    placements["us-inf-11"] = "B"
    extra = tuple((f"us-inf-{i:02d}", "us", "infantry") for i in range(5, 12))
    st = new(fixed("illustration-1", placements, extra))
    st = act(act(st, card("us", 3)).state, move("us", ["us-inf-11"], "A")).state
    applied = act(st, end("us"))
    assert not applied.state.HasField("pending") and len(at(applied.state, "A")) == 10
    assert "OVERSTACK_REMOVED" in kinds(applied)
