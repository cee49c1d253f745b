"""Driving a ruleset: the checks every game shares, version and dice bookkeeping,
and replay.

Rulesets implement the rules; this module owns what is the same for all of
them: a finished game accepts nothing, a pending decision can only be answered
by its side, every accepted action bumps `version` by one and appends the dice
it threw to the log, and replaying the recorded actions reproduces the state.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass

from adjudicator.core import dice as dice_mod
from adjudicator.core.citations import Rulebook
from adjudicator.core.errors import IllegalAction, MalformedInput, NeedsData
from adjudicator.core.position import Position
from adjudicator.core.ruleset import Ruleset, StateLike, get_ruleset, state_of
from adjudicator.core.verdicts import illegal
from umpire.v1 import action_pb2, common_pb2, definition_pb2, state_pb2, tables_pb2

ENGINE = Rulebook("umpire", "Umpire")

# (start_index, version) -> dice source for one action.
DiceFactory = Callable[[int, int], "dice_mod.HmacDice | dice_mod.ScriptedDice | dice_mod.ReplayDice"]


@dataclass
class Applied:
    state: state_pb2.GameState
    events: list[state_pb2.Event]
    rolls: list[common_pb2.DieRoll]
    verdict: action_pb2.Verdict
    # The side that alone may see this action's choices (it answered a private
    # decision), or "".
    private_to: str = ""
    # The action as accepted.
    action: action_pb2.Action | None = None
    # The new state's position, primed with the model `apply` handed over.
    position: Position | None = None


def ruleset_of(state: StateLike) -> Ruleset:
    if isinstance(state, Position):
        return state.ruleset
    return get_ruleset(state.ruleset)


def side_ids(state: StateLike) -> list[str]:
    return [s.id for s in state_of(state).scenario.definition.sides]


def validate(subject: StateLike, action: action_pb2.Action) -> action_pb2.Verdict:
    """The verdict on `action` in the state (a position or a bare state); never
    mutates either."""
    pos = Position.of(subject)
    state = pos.state
    if action.side not in side_ids(state):
        raise MalformedInput(
            f"unknown side {action.side!r} (sides: {', '.join(side_ids(state))})", "action.side"
        )
    if action.WhichOneof("kind") is None:
        raise MalformedInput("the action has no kind (move, attack, answer, ...)", "action")
    if state.finished:
        return illegal("GAME_OVER", f"the game is over: {state.result.reason}", state.result.citation)
    if state.HasField("pending"):
        d = state.pending
        if action.side != d.side:
            return illegal(
                "WAITING_FOR_OTHER_SIDE",
                f"waiting for {d.side} to answer: {d.prompt}",
                d.citation,
            )
        if action.WhichOneof("kind") != "answer":
            return illegal("DECISION_PENDING", f"answer the pending decision first: {d.prompt}", d.citation)
        if action.answer.decision_id != d.id:
            return illegal(
                "WRONG_DECISION",
                f"answer names decision {action.answer.decision_id!r}, the pending one is {d.id!r}",
                d.citation,
            )
    elif action.WhichOneof("kind") == "answer":
        return illegal("NO_DECISION_PENDING", "there is no pending decision to answer", ENGINE.cite("decisions"))
    with explained(pos):
        verdict = pos.ruleset.validate(pos, action)
    explain(pos, verdict.needs)
    return verdict


def explain(pos: Position, cells: Iterable[common_pb2.NeededCell]) -> None:
    """Fill each needed cell's `accepted` (the values it takes, in words) from
    the ruleset, so every needed-data message, whatever rule raised it, says
    what to give as well as where (`--cell ID:COLUMN:ROW=VALUE`)."""
    for c in cells:
        if not c.accepted:
            c.accepted = pos.ruleset.accepted(pos.state, c.table_id, c.column)


@contextmanager
def explained(pos: Position) -> Iterator[None]:
    """NeedsData raised inside leaves with its cells explained (`explain`)."""
    try:
        yield
    except NeedsData as e:
        explain(pos, e.cells)
        e.args = (e.describe(),)
        raise


def apply_action(
    subject: StateLike,
    action: action_pb2.Action,
    make_dice: DiceFactory,
) -> Applied:
    """Validate, then apply. Raises IllegalAction (with the verdict) or NeedsData."""
    pos = Position.of(subject)
    state = pos.state
    verdict = validate(pos, action)
    if not verdict.legal:
        raise IllegalAction(verdict, action)
    private_to = ""
    if state.HasField("pending") and state.pending.context.get("private") == "true":
        private_to = state.pending.side
    dice = make_dice(len(state.dice_log), state.version)
    with explained(pos):
        new_state, events, model = pos.ruleset.apply_position(pos, action, dice)
    new_state.version = state.version + 1
    new_state.dice_log.extend(dice.rolls)
    for e in events:
        e.version = new_state.version
        if not e.side:
            e.side = action.side
    after = Position(new_state, pos.ruleset)
    after.prime(model)
    return Applied(new_state, events, list(dice.rolls), verdict, private_to, action, after)


def new_game(
    ruleset: Ruleset,
    scenario: definition_pb2.Scenario,
    *,
    game_id: str,
    options: Mapping[str, str],
    tables: tables_pb2.TableSet | None,
    dice: "dice_mod.HmacDice | dice_mod.ScriptedDice",
    seed_commitment: str = "",
) -> tuple[state_pb2.GameState, list[state_pb2.Event]]:
    state, events = ruleset.new_game(scenario, game_id=game_id, options=options, tables=tables, dice=dice)
    state.ruleset = ruleset.id
    state.ruleset_version = ruleset.version
    state.game_id = game_id
    state.version = 0
    state.seed_commitment = seed_commitment
    del state.dice_log[:]
    state.dice_log.extend(dice.rolls)
    return state, events


def replay(record: state_pb2.GameRecord) -> state_pb2.GameState:
    """Re-apply every recorded action with its recorded dice, from the initial state."""
    state: state_pb2.GameState = record.initial
    for i, rec in enumerate(record.actions):
        if rec.version != state.version + 1:
            raise MalformedInput(f"action #{i} has version {rec.version}, expected {state.version + 1}", "record")

        def factory(start: int, version: int, rolls=rec.dice) -> dice_mod.ReplayDice:  # type: ignore[no-untyped-def]
            return dice_mod.ReplayDice(rolls, start, version)

        state = apply_action(state, rec.action, factory).state
    return state
