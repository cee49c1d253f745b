"""The ruleset template: what every game gets from the platform, written once.

A game is written as (docs/rules/new-game.md):

* a **model** class compiled from a state (`compile`): the indexes its rules
  read all the time. Questions share one model per `Position`; `apply` works
  on a model over a copy of the state (`writable`) and returns its state.
* an **action table** (`Actions`): for each action kind, the validator and the
  applier side by side, so validate and apply can never dispatch differently.
  Answers to pending decisions dispatch on the decision's kind.
* a typed **options** class (`RuleOptions`, core/options.py), a **data pack**
  (`DataPack`, core/datapack.py) and a **side filter** (`SideFilter`,
  core/secrecy.py) saying what each side may know.
* hooks for what is the game's own: `complete` (a scenario from the data pack
  made whole), `start` (the initial state), `legal`, `reachable`.

The template owns what every ruleset used to repeat, the same way for all:
an action kind the game does not have is malformed input naming the kinds it
has; a value supplied with the action must name a real table cell (and read
as that table's values) or it is a one-line error; a supplied value is
remembered for the rest of the game and judged with by validate exactly as
apply will; a scenario for another ruleset, or without sides, or whose units
have no id, repeat one, stand on no side or are not the ones its set-up places,
is refused at creation; creation tables are merged over the scenario's with
their positions checked.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from adjudicator.core.citations import Rulebook
from adjudicator.core.datapack import DataPack
from adjudicator.core.dice import DiceSource
from adjudicator.core.errors import MalformedInput
from adjudicator.core.options import RuleOptions
from adjudicator.core.position import Position
from adjudicator.core.ruleset import Ruleset, StateLike
from adjudicator.core.tables import ValueCheck, check_supplied, merge_tables, remember_supplied
from adjudicator.core.verdicts import VerdictBuilder
from umpire.v1 import action_pb2, common_pb2, definition_pb2, service_pb2, state_pb2, tables_pb2


class Model(Protocol):
    """What the template needs of a ruleset's model: the state it reads (and,
    for a writable model, edits) and the events its writes produced."""

    state: state_pb2.GameState
    events: list[state_pb2.Event]


M = TypeVar("M")

# A validator adds violations, notes and needed cells to the verdict; what it
# returns (e.g. the checked paths a ruleset's applier reuses) is ignored here.
Validator = Callable[[M, action_pb2.Action, VerdictBuilder], object]
Applier = Callable[[M, action_pb2.Action, DiceSource], None]


# Action kinds whose message has a oneof `kind` of its own (a game's own actions), by kind.
_NESTED: dict[str, bool] = {}


def action_key(action: action_pb2.Action) -> str:
    """The dispatch key of an action: its kind, or `<game>.<kind>` for an
    action of a game's own (e.g. `traces.select_chits`)."""
    kind = action.WhichOneof("kind") or ""
    if not kind:
        return ""
    nested = _NESTED.get(kind)
    if nested is None:
        nested = _NESTED[kind] = "kind" in getattr(action, kind).DESCRIPTOR.oneofs_by_name
    if nested:
        inner = getattr(action, kind).WhichOneof("kind")
        return f"{kind}.{inner}" if inner else kind
    return kind


@dataclass(frozen=True)
class Handler(Generic[M]):
    validate: Validator[M]
    apply: Applier[M]


class Actions(Generic[M]):
    """One dispatch table for validate and apply."""

    def __init__(self, title: str) -> None:
        self.title = title
        self._by_key: dict[str, Handler[M]] = {}
        self._answers: dict[str, Handler[M]] = {}

    def on(self, key: str, validate: Validator[M], apply: Applier[M]) -> Actions[M]:
        """Handle action `key` ("move", "attack", "traces.select_chits", ...)."""
        if key in self._by_key or key == "answer":
            raise ValueError(f"{self.title}: action {key!r} registered twice (answers: use `answer`)")
        self._by_key[key] = Handler(validate, apply)
        return self

    def answer(self, decision_kind: str, validate: Validator[M], apply: Applier[M]) -> Actions[M]:
        """Handle the answer to a pending decision of `decision_kind`."""
        if decision_kind in self._answers:
            raise ValueError(f"{self.title}: decision kind {decision_kind!r} registered twice")
        self._answers[decision_kind] = Handler(validate, apply)
        return self

    def keys(self) -> list[str]:
        return list(self._by_key) + (["answer"] if self._answers else [])

    def find(self, state: state_pb2.GameState, action: action_pb2.Action) -> Handler[M]:
        key = action_key(action)
        if key == "answer":
            kind = state.pending.kind if state.HasField("pending") else ""
            h = self._answers.get(kind)
            if h is None:
                # The engine refuses answers with nothing pending before we get here.
                raise MalformedInput(f"{self.title} has no decision of kind {kind!r} to answer", "action.answer")
            return h
        h = self._by_key.get(key)
        if h is None:
            raise MalformedInput(
                f"{self.title} has no {key or 'empty'!r} action (its actions: {', '.join(self.keys())})", "action")
        return h


def check_units(sc: definition_pb2.Scenario) -> None:
    """What every game's scenario needs of its units: an id each, none twice, each
    on a side of the scenario, and a set-up that places only them."""
    sides = {s.id for s in sc.definition.sides}
    seen: set[str] = set()
    for i, u in enumerate(sc.definition.units):
        where = f"scenario.definition.units[{i}]"
        if not u.id or u.id in seen:
            raise MalformedInput(f"unit id {u.id!r} is empty or repeated", where)
        seen.add(u.id)
        if u.side not in sides:
            raise MalformedInput(f"unit {u.id} has unknown side {u.side!r} (sides: {', '.join(sorted(sides))})", where)
    for i, p in enumerate(sc.setup):
        if p.unit_id not in seen:
            raise MalformedInput(f"setup places unknown unit {p.unit_id!r}", f"scenario.setup[{i}]")


class RulesetBase(Ruleset, Generic[M]):
    """The template every ruleset is built on (see the module docstring)."""

    # -- what a ruleset declares
    book: ClassVar[Rulebook]
    pack: ClassVar[DataPack]
    options_class: ClassVar[type[RuleOptions]]
    # The name of the game's own fields in the Scenario/GameState/Action oneofs
    # ("nordwind", "traces", ...), or "" when it has none.
    extension: ClassVar[str] = ""
    # Per table id: the check of a supplied value's syntax (e.g. a CRT result).
    value_checks: ClassVar[Mapping[str, ValueCheck]] = {}
    # The MoveUnits modes `reachable` answers for (ReachQuestion.mode); others are
    # refused with the list, so a client never gets a silent ordinary-move answer.
    reach_modes: ClassVar[tuple[str, ...]] = ("",)

    def __init__(self) -> None:
        self._actions: Actions[M] = self.actions()

    @abstractmethod
    def actions(self) -> Actions[M]:
        """The game's dispatch table (built once)."""

    @abstractmethod
    def compile(self, state: state_pb2.GameState) -> M:
        """The read-only model of `state` (shared through `Position.model`)."""

    def writable(self, state: state_pb2.GameState, before: Position | None) -> M:
        """A model `apply` may change; `state` is a private copy. `before` is the
        position of the state before the action when `state` is still equal to it
        (no values were supplied with the action): a ruleset may derive the
        writable model from `before.model()` (already built: the engine validated
        on it) instead of compiling afresh. Default: `compile(state)`."""
        return self.compile(state)

    def finish(self, model: M) -> tuple[state_pb2.GameState, list[state_pb2.Event]]:
        """The new state and events of a writable model after an action."""
        m: Any = model
        return m.state, list(m.events)

    def carry(self, model: M, new_state: state_pb2.GameState) -> M | None:
        """A read-only model of `new_state` built from the writable one, when
        cheaper than compiling afresh (primes the next position). Default: none."""
        return None

    def remember(self, state: state_pb2.GameState, cells: list[common_pb2.SuppliedCell], version: int) -> None:
        """Write the values supplied with action `version` into `state` (a private
        copy) for the rest of the game. Default: `tables.remember_supplied` (a
        cell already known is never overwritten); a ruleset whose values may be
        known from elsewhere than the table (e.g. a counter in the scenario
        definition) filters them first."""
        remember_supplied(state, cells, version)

    def complete(
        self, scenario: definition_pb2.Scenario, options: Mapping[str, str]
    ) -> definition_pb2.Scenario:
        """The scenario made whole from the data pack (map, tables, roster...).
        Gets a private copy and the game's option values (defaults, then the
        scenario's, then the creation overrides), since an option may decide
        what a scenario is allowed to hold. Default: as given."""
        return scenario

    @abstractmethod
    def start(
        self, state: state_pb2.GameState, dice: DiceSource
    ) -> tuple[state_pb2.GameState, list[state_pb2.Event]]:
        """The initial state from `state` (scenario completed, tables merged,
        options set): units placed, first phase, dice thrown at creation."""

    @abstractmethod
    def legal(self, model: M, side: str) -> list[service_pb2.LegalAction]:
        """What `side` may do now, with examples where cheap."""

    def reachable(
        self, model: M, unit_id: str, mode: str
    ) -> tuple[list[service_pb2.ReachableLocation], list[common_pb2.RuleNote]]:
        """Where `unit_id` may end a move in `mode` (one of `reach_modes`), with notes."""
        raise MalformedInput(f"{self.title} has no reachable-locations query")

    # -- the Ruleset interface, implemented once
    def scenario_ids(self) -> list[str]:
        return self.pack.scenario_ids()

    def load_scenario(self, scenario_id: str) -> definition_pb2.Scenario:
        return self.pack.scenario(scenario_id)

    def options(self) -> list[definition_pb2.RuleOption]:
        return self.options_class.defaults()

    def new_game(
        self,
        scenario: definition_pb2.Scenario,
        *,
        game_id: str,
        options: Mapping[str, str],
        tables: tables_pb2.TableSet | None,
        dice: DiceSource,
    ) -> tuple[state_pb2.GameState, list[state_pb2.Event]]:
        if scenario.ruleset and scenario.ruleset != self.id:
            raise MalformedInput(f"the scenario is for ruleset {scenario.ruleset!r}, not {self.id}", "scenario.ruleset")
        ext = scenario.WhichOneof("extension")
        if ext is not None and ext != self.extension:
            raise MalformedInput(f"the scenario carries {ext} data; {self.title} reads only "
                                 f"{self.extension or 'no game-specific'} data", f"scenario.{ext}")
        own = definition_pb2.Scenario()
        own.CopyFrom(scenario)
        chosen = self.options_class.SET.values(self.options_class.effective(own.options, options))
        sc = self.complete(own, chosen)
        if not sc.definition.sides:
            raise MalformedInput("the scenario has no sides: nobody could ever play it", "scenario.definition.sides")
        check_units(sc)
        if tables is not None and tables.tables:
            merged = merge_tables(list(sc.definition.tables), tables, "creation tables")
            del sc.definition.tables[:]
            sc.definition.tables.extend(merged)
        effective = self.options_class.effective(sc.options, options)
        state = state_pb2.GameState(ruleset=self.id, game_id=game_id, scenario=sc, options=effective)
        return self.start(state, dice)

    def validate(self, state: StateLike, action: action_pb2.Action) -> action_pb2.Verdict:
        pos = Position.of(state, self)
        handler = self._actions.find(pos.state, action)  # an unknown kind is malformed before anything else
        if not action.supplied_cells:
            b = VerdictBuilder(action.WhichOneof("kind") or "")
            handler.validate(pos.model(), action, b)
            return b.build()
        cells = list(action.supplied_cells)
        check_supplied(pos.state.scenario.definition.tables, cells, self.value_checks)
        # Judge with the values given exactly as `apply` will (it remembers them), on a
        # model of its own: the position's shared model never sees them.
        with_cells = state_pb2.GameState()
        with_cells.CopyFrom(pos.state)
        self.remember(with_cells, cells, pos.state.version + 1)
        return self.judge(self.compile(with_cells), action).build()

    def judge(self, model: M, action: action_pb2.Action) -> VerdictBuilder:
        """The verdict builder after the action's validator ran on `model` (for
        rulesets that check candidate actions, e.g. legal-action examples)."""
        b = VerdictBuilder(action.WhichOneof("kind") or "")
        m: Any = model
        self._actions.find(m.state, action).validate(model, action, b)
        return b

    def apply(
        self, state: StateLike, action: action_pb2.Action, dice: DiceSource
    ) -> tuple[state_pb2.GameState, list[state_pb2.Event]]:
        new_state, events, _ = self.apply_position(Position.of(state, self), action, dice)
        return new_state, events

    def apply_position(
        self, pos: Position, action: action_pb2.Action, dice: DiceSource
    ) -> tuple[state_pb2.GameState, list[state_pb2.Event], Any]:
        handler = self._actions.find(pos.state, action)
        cells = list(action.supplied_cells)
        check_supplied(pos.state.scenario.definition.tables, cells, self.value_checks)
        ns = state_pb2.GameState()
        ns.CopyFrom(pos.state)
        self.remember(ns, cells, pos.state.version + 1)
        model = self.writable(ns, None if cells else pos)
        handler.apply(model, action, dice)
        new_state, events = self.finish(model)
        return new_state, events, self.carry(model, new_state)

    def legal_actions(self, state: StateLike, side: str) -> list[service_pb2.LegalAction]:
        pos = Position.of(state, self)
        if pos.state.finished:
            return []
        out = []
        for la in self.legal(pos.model(), side):
            # Nothing is offered without a submittable example (issue 13): a kind whose
            # example the game's own code could not find (none legal) is not offered,
            # unless it names the data the example needs.
            if not la.HasField("example") and not la.needs:
                continue
            for c in la.needs:
                c.accepted = c.accepted or self.accepted(pos.state, c.table_id, c.column)
            out.append(la)
        return out

    def reach_with_notes(
        self, state: StateLike, unit_id: str, mode: str = ""
    ) -> tuple[list[service_pb2.ReachableLocation], list[common_pb2.RuleNote]]:
        if mode not in self.reach_modes:
            answered = ", ".join(repr(m) for m in self.reach_modes)
            raise MalformedInput(f"{self.title}'s reach answers the movement modes {answered}, not {mode!r} "
                                 "(validate a move in that mode instead)", "reach.mode")
        return self.reachable(Position.of(state, self).model(), unit_id, mode)

    def reach(self, state: StateLike, unit_id: str, mode: str = "") -> list[service_pb2.ReachableLocation]:
        return self.reach_with_notes(state, unit_id, mode)[0]
