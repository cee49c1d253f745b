"""Pending decisions: building them and checking answers."""

from __future__ import annotations

from adjudicator.core.citations import Rulebook
from adjudicator.core.decisions import check_answer, decision, option
from adjudicator.core.verdicts import VerdictBuilder
from umpire.v1 import action_pb2

T = Rulebook("test", "Test")


def _codes(d, **answer) -> list[str]:  # type: ignore[no-untyped-def]
    b = VerdictBuilder()
    check_answer(d, action_pb2.AnswerDecision(decision_id=d.id, **answer), b)
    return [v.code for v in b.build().violations]


def test_choices_must_be_options_in_the_right_number() -> None:
    d = decision("d1", "allied", "LOSS_OR_RETREAT", "loss or retreat?", T.cite("6.5"),
                 [option("loss", "lose a step"), option("retreat", "retreat a hex")])
    assert _codes(d, choices=["loss"]) == []
    assert _codes(d, choices=["advance"]) == ["UNKNOWN_CHOICE"]
    assert _codes(d, choices=[]) == ["CHOICE_COUNT"]
    assert _codes(d, choices=["loss", "retreat"]) == ["CHOICE_COUNT"]
    assert _codes(d, choices=["loss"], assignments=[action_pb2.Assignment(unit_id="x")]) == ["UNEXPECTED_ASSIGNMENT"]


def test_repeats_and_assignments() -> None:
    d = decision("d2", "allied", "CHOOSE_LOSSES", "2 losses", T.cite("6.5"),
                 [option("a", "A"), option("b", "B")], min_choices=2, max_choices=2, allow_repeats=True)
    assert _codes(d, choices=["a", "a"]) == []
    r = decision("d3", "allied", "RETREAT", "paths", T.cite("6.6.1"), [option("p1", "via 0405")],
                 min_choices=0, max_choices=0, wants_assignments=True, assign_units=["u1", "u2"])
    ok = [action_pb2.Assignment(unit_id="u1", path=["0405"]), action_pb2.Assignment(unit_id="u2", path=["0405"])]
    assert _codes(r, assignments=ok) == []
    assert _codes(r, assignments=ok[:1]) == ["MISSING_ASSIGNMENT"]
    assert _codes(r, assignments=ok + [action_pb2.Assignment(unit_id="u3")]) == ["UNEXPECTED_ASSIGNMENT"]
    assert "REPEATED_ASSIGNMENT" in _codes(r, assignments=ok + ok[:1])
