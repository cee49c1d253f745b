"""Pending decisions: every choice the text leaves to a player becomes a
`Decision` (which side, what kind, the allowed options); the game waits
until that side answers with `AnswerDecision`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from adjudicator.core.verdicts import VerdictBuilder
from adjudicator.rules.major_battles.model import Game
from umpire.v1 import action_pb2, common_pb2, state_pb2

# Decision kinds
TIE = "TIE_RETREAT_OR_REFIGHT"
CASUALTIES = "CHOOSE_CASUALTIES"
DEFENDER_RETREAT = "DEFENDER_RETREAT"
RESERVE_THROW = "RESERVE_THROW"
RESERVE_TOWN = "RESERVE_TOWN"
DEFECTION = "CHOOSE_DEFECTIONS"
OVERSTACK = "REMOVE_OVERSTACK"


def ask(
    g: Game,
    side: str,
    kind: str,
    prompt: str,
    citation: common_pb2.Citation,
    options: Sequence[state_pb2.DecisionOption],
    min_choices: int,
    max_choices: int,
    wants_assignments: bool = False,
    context: Mapping[str, str] | None = None,
) -> None:
    d = state_pb2.Decision(
        id=g.next_decision_id(),
        side=side,
        kind=kind,
        prompt=prompt,
        citation=citation,
        min_choices=min_choices,
        max_choices=max_choices,
        wants_assignments=wants_assignments,
    )
    d.options.extend(options)
    for k, v in (context or {}).items():
        d.context[k] = v
    g.pending = d
    g.emit("DECISION", f"{side} must decide: {prompt}", citation, side=side)


def option(oid: str, label: str, citation: common_pb2.Citation | None = None,
           units: Sequence[str] = (), path: Sequence[str] = ()) -> state_pb2.DecisionOption:
    o = state_pb2.DecisionOption(id=oid, label=label, units=list(units), path=list(path))
    if citation is not None:
        o.citation.CopyFrom(citation)
    return o


def check_choices(d: state_pb2.Decision, answer: action_pb2.AnswerDecision, b: VerdictBuilder) -> list[str]:
    """The common checks: known option ids, no repeats, count within bounds."""
    ids = [o.id for o in d.options]
    choices = list(answer.choices)
    for c in choices:
        if c not in ids:
            b.violation("UNKNOWN_OPTION", f"{c!r} is not an option of this decision ({', '.join(ids[:12])})",
                        d.citation, subject=c)
    if len(set(choices)) != len(choices):
        b.violation("REPEATED_CHOICE", "an option is chosen more than once", d.citation)
    hi = d.max_choices or len(ids)
    if not d.min_choices <= len(choices) <= hi:
        want = str(d.min_choices) if d.min_choices == hi else f"{d.min_choices} to {hi}"
        b.violation("WRONG_NUMBER_OF_CHOICES", f"choose {want} option(s), not {len(choices)}", d.citation)
    if answer.assignments and not d.wants_assignments:
        b.violation("UNEXPECTED_ASSIGNMENTS", "this decision takes choices, not unit assignments", d.citation)
    return choices
