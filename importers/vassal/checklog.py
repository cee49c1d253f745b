"""`umpire check-log`: replay a VASSAL log through a ruleset and find the first
illegal step (the disputed-move workflow of play by email).

The log's starting position (its begin_save ... end_save part) is imported
through the binding and handed to the ruleset (`engine.new_game` with those
placements); then every item the log's steps make (logreplay) is either an
action, validated with `engine.validate` and applied with
`engine.apply_action` (with the die faces the log's chat gave), or an observed
effect mirrored into the state. The first illegal action stops the replay and
is reported with the engine's verdict and its rule citations.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from adjudicator.core import engine
from adjudicator.core.citations import label
from adjudicator.core.dice import NeedsRoll, ScriptedDice
from adjudicator.core.errors import MalformedInput, NeedsData
from adjudicator.core.ruleset import get_ruleset
from adjudicator.core.tables import with_tables
from importers.vassal.game import SavedGame
from importers.vassal.logreplay import Item, LogReader, with_effect
from importers.vassal.module import Module
from importers.vassal.to_canonical import import_game
from umpire.v1 import action_pb2, definition_pb2, state_pb2, tables_pb2, vassal_pb2


@dataclass
class StartAt:
    """Where a log that begins mid-game starts (turn, phase, side to act): set on
    the ruleset's initial state before the replay, since a VASSAL save does not
    say which phase it is in."""

    turn: int = 0
    phase: str = ""
    segment: str = ""
    active_side: str = ""

    def apply(self, state: state_pb2.GameState) -> None:
        if self.turn:
            state.turn = self.turn
        if self.phase:
            state.phase = self.phase
        if self.segment:
            state.segment = self.segment
        if self.active_side:
            if self.active_side not in {s.id for s in state.scenario.definition.sides}:
                raise MalformedInput(f"unknown side {self.active_side!r}", "--active-side")
            state.active_side = self.active_side


def verdict_text(v: action_pb2.Verdict) -> str:
    if v.legal:
        return "legal"
    return "; ".join(f"{x.message} [{label(x.citation)}]" for x in v.violations) or "illegal"


def check_log(game: SavedGame, module: Module, binding: vassal_pb2.VassalBinding, *,
              scenario: definition_pb2.Scenario | None = None,
              rolls: list[int] | None = None,
              start: StartAt | None = None,
              strict: bool = False,
              progress: Callable[[int, int], None] | None = None,
              complete: Callable[[definition_pb2.GameDefinition], None] | None = None,
              tables: tables_pb2.TableSet | None = None,
              tables_name: str = "--tables",
              observe: Callable[[vassal_pb2.VassalLogEntry, state_pb2.GameState], None] | None = None,
              begin: Callable[[state_pb2.GameState], None] | None = None,
              ) -> tuple[vassal_pb2.VassalLogReport, state_pb2.GameState]:
    """`complete`: see `import_game`; `tables`: a user table file (chart values)
    merged over the game's tables before the replay, so every step is judged
    with them; `observe(entry, state)` sees each entry with the state after it
    (before it, for the illegal one), e.g. to step through the log; `begin`
    sees the position the replay starts from."""
    if not game.log_steps:
        raise MalformedInput("no LOG steps: this is a save, not a log", game.name)
    if not binding.ruleset:
        raise MalformedInput("the binding names no ruleset (give --ruleset)", "binding")
    get_ruleset(binding.ruleset)  # NotFound with the known ids when absent
    imp = import_game(game, module, binding, scenario=scenario, rolls=rolls or [], use_engine=True, complete=complete)
    state = with_tables(imp.state, tables, tables_name)  # a copy when there are tables
    if start is not None:
        started = state_pb2.GameState()
        started.CopyFrom(state)  # edited below: never edit a state the rules may have cached
        start.apply(started)
        state = started
    if begin is not None:
        begin(state)
    reader = LogReader(game, module, binding, imp, strict)
    items = reader.items()
    report = vassal_pb2.VassalLogReport(log=game.name, ruleset=binding.ruleset, all_legal=True)
    for n, it in enumerate(items):
        if progress is not None:
            progress(n + 1, len(items))
        entry = report.entries.add(steps=it.steps, summary=it.summary)
        if it.skipped:
            entry.skipped = it.skipped
            if observe is not None:
                observe(entry, state)
            continue
        if it.effect is not None:
            state = with_effect(state, it.effect)
            entry.skipped = f"observed, not adjudicated: {it.summary}"
            if observe is not None:
                observe(entry, state)
            continue
        assert it.action is not None
        act = it.action
        if not act.side:
            act.side = state.active_side or (state.scenario.definition.sides[0].id if state.scenario.definition.sides else "")
            if act.WhichOneof("kind") == "end_phase":
                entry.summary = f"{act.side} ends the phase ({it.summary.split(': ', 1)[-1]})"
            else:
                entry.summary = it.summary.replace("?", act.side, 1)
        entry.action.CopyFrom(act)
        try:
            verdict = engine.validate(state, act)
        except MalformedInput as e:
            raise MalformedInput(f"LOG step {it.steps[0]}: {e.one_line()}", game.name) from None
        entry.verdict.CopyFrom(verdict)
        if not verdict.legal:
            report.all_legal = False
            report.first_illegal_step = it.steps[0]
            if observe is not None:
                observe(entry, state)
            break
        state = _apply(state, act, it, game.name)
        if observe is not None:
            observe(entry, state)
    return report, state


def _apply(state: state_pb2.GameState, act: action_pb2.Action, it: Item, name: str) -> state_pb2.GameState:
    def dice(start: int, version: int) -> ScriptedDice:
        return ScriptedDice(it.rolls, start, version)

    try:
        return engine.apply_action(state, act, dice).state
    except NeedsRoll as e:
        raise MalformedInput(f"LOG step {it.steps[0]}: {e.message} (the log's chat gives no such roll; "
                             f"set log.dice_chat in the binding)", name) from None
    except NeedsData as e:
        raise NeedsData(e.cells) from None


def render_entry(e: vassal_pb2.VassalLogEntry) -> str:
    steps = ",".join(str(s) for s in e.steps)
    if e.skipped:
        return f"step {steps}: {e.skipped}"
    return f"step {steps}: {e.summary}: {verdict_text(e.verdict)}"
