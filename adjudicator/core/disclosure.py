"""The one door through which anything reaches a side.

The service, the CLI (`show --side`, `client`), exports and the tests build
what they send a side here and nowhere else. Two rules make secrecy structural
instead of each answer's own care:

1. Every answer that can be computed from what the side knows *is* computed
   from it: validate, legal actions, reach and state are asked of the side's
   position (`Position.for_side`, the ruleset's `SideFilter.state`). A secret
   the filter keeps out of the view cannot appear in a verdict, a reach list,
   an odds preview or an error message raised while answering, because the
   code computing them never saw it. (An odds preview against a hidden
   strength is therefore a distribution over what the side may know.)
2. What must be computed on the full state — applying an action, the verdict
   that accompanies it, the events it made, the dice it threw, a recorded
   game — passes through the ruleset's `SideFilter` before it leaves.

Legality itself is always judged on the full state by `engine.apply_action`;
the disclosure layer only decides what the caller learns about it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from adjudicator.core import engine
from adjudicator.core.errors import IllegalAction, UmpireError
from adjudicator.core.position import Position
from adjudicator.core.ruleset import StateLike
from adjudicator.core.secrecy import open_game
from umpire.v1 import action_pb2, common_pb2, service_pb2, state_pb2


def state_for(pos: Position, side: str, *, seed: str = "") -> state_pb2.GameState:
    """`side`'s view of the position's state (a copy the caller may edit). With
    the seed (revealed, or game over) nothing is secret: the view carries it."""
    out = state_pb2.GameState()
    out.CopyFrom(pos.for_side(side).state if not seed else _open(pos.state, side))
    if seed:
        out.seed = seed
    return out


def _open(state: state_pb2.GameState, side: str) -> state_pb2.GameState:
    """A finished or revealed game: everything, marked as `side`'s copy."""
    out = state_pb2.GameState()
    out.CopyFrom(state)
    out.viewer = side
    out.ClearField("import_source")
    return out


def validate_for(pos: Position, side: str, action: action_pb2.Action) -> action_pb2.Verdict:
    """The verdict on `side`'s action, judged on what `side` knows."""
    return engine.validate(pos.for_side(side), action)


def legal_actions_for(pos: Position, side: str) -> list[service_pb2.LegalAction]:
    return pos.ruleset.legal_actions(pos.for_side(side), side)


def reach_for(
    pos: Position, side: str, unit_id: str, mode: str = ""
) -> tuple[list[service_pb2.ReachableLocation], list[common_pb2.RuleNote]]:
    view = pos.for_side(side)
    with engine.explained(view):
        return pos.ruleset.reach_with_notes(view, unit_id, mode)


def events_for(subject: StateLike, events: Sequence[state_pb2.Event], side: str) -> list[state_pb2.Event]:
    """The events `side` may see (`subject`: the game they belong to)."""
    pos = Position.of(subject)
    state, f = pos.state, pos.ruleset.side_filter
    out = []
    for e in events:
        seen = f.event(state, e, side)
        if seen is not None:
            out.append(seen)
    return out


def rolls_for(subject: StateLike, rolls: Sequence[common_pb2.DieRoll], side: str) -> list[common_pb2.DieRoll]:
    pos = Position.of(subject)
    if open_game(pos.state):
        return list(rolls)
    return pos.ruleset.side_filter.rolls(pos.state, rolls, side)


@dataclass
class Submitted:
    """What the acting side receives of its accepted action."""

    verdict: action_pb2.Verdict
    version: int
    events: list[state_pb2.Event]
    dice: list[common_pb2.DieRoll]


def submitted_for(before: Position, applied: engine.Applied, side: str) -> Submitted:
    """The acting side's answer to an accepted action: the verdict as judged on
    its knowledge (the full verdict passes the ruleset's filter when they differ
    in legality), the events and dice it may see."""
    assert applied.action is not None and applied.position is not None
    after = applied.position
    seen = validate_for(before, side, applied.action)
    verdict = seen if seen.legal else before.ruleset.side_filter.verdict(before.state, applied.verdict, side)
    return Submitted(
        verdict=verdict,
        version=applied.state.version,
        events=events_for(after, applied.events, side),
        dice=rolls_for(after, applied.rolls, side),
    )


def error_for(pos: Position, error: UmpireError, side: str) -> UmpireError:
    """An error of applying `side`'s action on the full state, as `side` may
    receive it. An illegal action carries the verdict judged on its knowledge
    when that one is illegal too; otherwise the ruleset's filter decides."""
    if open_game(pos.state):
        return error
    f = pos.ruleset.side_filter
    if isinstance(error, IllegalAction) and error.action is not None:
        seen = validate_for(pos, side, error.action)
        if not seen.legal:
            return IllegalAction(seen, error.action)
        return IllegalAction(f.verdict(pos.state, error.verdict, side), error.action)
    return f.error(pos.state, error, side)


def record_for(record: state_pb2.GameRecord, side: str, *, seed: str = "") -> state_pb2.GameRecord:
    """A game record as `side` may have it. With the seed (revealed or game
    over) the full record, seed included, so anyone can replay and verify it.
    Before: states as `side`'s views, other sides' private answers blanked,
    events, dice and other sides' actions through the ruleset's filter."""
    if seed:
        full = state_pb2.GameRecord()
        full.CopyFrom(record)
        full.initial.seed = seed
        full.final.seed = seed
        return full
    final = record.final
    f = Position.of(final).ruleset.side_filter
    out = state_pb2.GameRecord(game_id=record.game_id)
    out.parameters.update(record.parameters)
    out.initial.CopyFrom(f.state(record.initial, side))
    out.final.CopyFrom(f.state(final, side))
    out.creation_events.extend(events_for(final, record.creation_events, side))
    for rec in record.actions:
        r = out.actions.add()
        r.CopyFrom(rec)
        del r.events[:]
        r.events.extend(events_for(final, rec.events, side))
        if rec.action.side != side:
            if r.private_to and r.private_to != side:
                del r.action.answer.choices[:]
                del r.action.answer.assignments[:]
                r.action.comment = ""
            r.action.CopyFrom(f.action(final, r.action, side))
        del r.dice[:]
        r.dice.extend(rolls_for(final, rec.dice, side))
    return out
