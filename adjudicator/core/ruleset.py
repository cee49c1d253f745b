"""The rules interface every game implements, and the registry of rulesets.

A ruleset is code plus a data pack, registered under a stable id. All methods
are pure functions of their arguments (no I/O, no clock, no global randomness):
randomness arrives only through the `DiceSource` passed to `apply`/`new_game`.
The service, the store, the CLI and the tests all call these same functions
(through `adjudicator.core.engine`), so one question has one code path.
"""

from __future__ import annotations

import difflib
import importlib
import importlib.util
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Union

from adjudicator.core.dice import DiceSource
from adjudicator.core.errors import MalformedInput, NotFound, UmpireError
from adjudicator.core.secrecy import SideFilter
from umpire.v1 import action_pb2, common_pb2, definition_pb2, service_pb2, state_pb2, tables_pb2

# How many game states a ruleset's per-state caches (compiled models, boards)
# keep: for every game the service keeps hot (service/cache.py), its full state
# and one view per side (answers to a side are computed on its view,
# core/disclosure.py), plus a few for the states an action passes through; so a
# hot game's next question never rebuilds a model.
HOT_STATES = 64
STATE_CACHE_SIZE = 3 * HOT_STATES + 16

if TYPE_CHECKING:
    from adjudicator.core.authoring import Vocabulary
    from adjudicator.core.position import Position
    from adjudicator.core.posfile import PositionHooks


@dataclass
class SupplyAnswer:
    """`Ruleset.supply`: the locations a supply line of the side reaches, its
    units in and out of supply, and notes (each with the rule)."""

    side: str
    reached: list[str] = field(default_factory=list)
    in_supply: list[str] = field(default_factory=list)
    out_of_supply: list[str] = field(default_factory=list)
    notes: list[common_pb2.RuleNote] = field(default_factory=list)


# A question's subject: a position (state + cached derived data) or a bare state.
StateLike = Union[state_pb2.GameState, "Position"]


class BrokenRuleset(UmpireError):
    """A registered ruleset whose code fails to import (FAILED_PRECONDITION
    with ErrorInfo reason RULESET_UNAVAILABLE, see service/errors.py; exit 2)."""

    def __init__(self, ruleset_id: str, cause: BaseException) -> None:
        self.ruleset_id = ruleset_id
        first = str(cause).splitlines()[0] if str(cause) else ""
        super().__init__(f"ruleset {ruleset_id} cannot be loaded: {type(cause).__name__}: {first}")


class Ruleset(ABC):
    """One game's rules: the interface the engine drives. Rulesets are built on
    `adjudicator.core.template.RulesetBase`, which implements it from a
    dispatch table, a typed options class, a data pack and a compiled model;
    this class only states the contract.

    Every question takes a `Position` (a state with its derived data cached,
    core/position.py) or a bare state (wrapped in a throw-away position)."""

    id: str
    version: str
    title: str
    # File name of the rulebook in shared/rules the citations refer to.
    rulebook: str
    # What each side may know (core/secrecy.py); the platform sends nothing
    # to a side that has not passed through it (core/disclosure.py).
    side_filter: SideFilter = SideFilter()
    # What a table's cells accept, in words, by table id or "table id:column"
    # (e.g. "a result as printed, e.g. 1/R2"): printed with every needed cell.
    value_hints: Mapping[str, str] = {}

    # -- data pack
    @abstractmethod
    def scenario_ids(self) -> list[str]:
        """Shipped scenario ids, e.g. ["major-battles/normandy"]."""

    @abstractmethod
    def load_scenario(self, scenario_id: str) -> definition_pb2.Scenario:
        """A shipped scenario (raises NotFound for an unknown id)."""

    def options(self) -> list[definition_pb2.RuleOption]:
        """Named options with their default values (optional rules, ambiguity defaults)."""
        return []

    # -- game lifecycle
    @abstractmethod
    def new_game(
        self,
        scenario: definition_pb2.Scenario,
        *,
        game_id: str,
        options: Mapping[str, str],
        tables: tables_pb2.TableSet | None,
        dice: DiceSource,
    ) -> tuple[state_pb2.GameState, list[state_pb2.Event]]:
        """The initial state (version 0). May throw dice (e.g. shuffling a deck)."""

    def compile(self, state: state_pb2.GameState) -> Any:
        """The read-only working model of `state` that questions share (cached by
        `Position.model`). Default: none."""
        return None

    def narrow(self, model: Any, view: state_pb2.GameState, side: str) -> Any:
        """The model of `view` (`side`'s view of the state `model` was built for),
        derived from `model` when that is cheaper than compiling the view and
        equal to it; None = compile the view. `Position.for_side` primes a side's
        position with it, so the first question a side asks after a move is as
        warm as the full position. Default: None."""
        return None

    @abstractmethod
    def validate(self, state: StateLike, action: action_pb2.Action) -> action_pb2.Verdict:
        """Whether `action` is legal now, with violations and computed details.
        Must not mutate the state."""

    @abstractmethod
    def apply(
        self, state: StateLike, action: action_pb2.Action, dice: DiceSource
    ) -> tuple[state_pb2.GameState, list[state_pb2.Event]]:
        """The state after a legal action, and what happened. Returns a new state
        (never mutates the argument). Does not touch `version` or `dice_log`:
        `engine.apply_action` does."""

    def apply_position(
        self, pos: Position, action: action_pb2.Action, dice: DiceSource
    ) -> tuple[state_pb2.GameState, list[state_pb2.Event], Any]:
        """`apply`, plus the model of the new state when the ruleset can hand it
        over (so the next question is warm). Default: no model."""
        state, events = self.apply(pos, action, dice)
        return state, events, None

    @abstractmethod
    def legal_actions(self, state: StateLike, side: str) -> list[service_pb2.LegalAction]:
        """What `side` may do now (kinds with examples where cheap)."""

    def reach(self, state: StateLike, unit_id: str, mode: str = "") -> list[service_pb2.ReachableLocation]:
        """Every location the unit may end a move in `mode` (MoveUnits.mode, ""
        = the ordinary move) in, with the cost."""
        raise MalformedInput(f"ruleset {self.id} has no reachable-locations query")

    def reach_with_notes(
        self, state: StateLike, unit_id: str, mode: str = ""
    ) -> tuple[list[service_pb2.ReachableLocation], list[common_pb2.RuleNote]]:
        """`reach` plus notes for the reader (e.g. moves left out because a cost is
        unknown: QueryResponse.notes). Default: `reach` without notes."""
        return self.reach(state, unit_id, mode), []

    def accepted(self, state: state_pb2.GameState, table_id: str, column: str) -> str:
        """The values a cell of the table's column accepts, in words, for the
        needed-data messages (NeededCell.accepted): a counter value's choices
        from `authoring`, else `value_hints`, else the known cells as a guide."""
        from adjudicator.core.tables import accepted_values

        from adjudicator.core.tables import WHOLE_TABLE_COLUMN

        if column == WHOLE_TABLE_COLUMN:
            return ""  # the whole table is needed: its how_to_supply says how
        table = next((t for t in state.scenario.definition.tables if t.id == table_id), None)
        hint = self.value_hints.get(f"{table_id}:{column}") or self.value_hints.get(table_id, "")
        choices: Sequence[str] = ()
        number = False
        try:
            vocab = self.authoring()
        except UmpireError:
            vocab = None
        if vocab is not None and table_id in (vocab.counters_table, f"{self.id}/counters"):
            f = next((f for f in vocab.counter_fields if f.column == column), None)
            if f is not None:
                choices, number = f.choices, f.number
        return accepted_values(table, column, choices=choices, number=number, hint=hint)

    def authoring(self) -> "Vocabulary":
        """What this ruleset reads off a map and a counter (terrain, features,
        roads, tags, counter values), for tools that author that data
        (adjudicator/core/authoring.py). Default: what the shipped data shows."""
        from adjudicator.core.authoring import derived

        scenarios = [self.load_scenario(s) for s in self.scenario_ids()]
        layouts = [sc.definition.map.WhichOneof("layout") for sc in scenarios]
        counters = f"{self.id}/counters"
        columns: list[str] = []
        for sc in scenarios:
            for t in sc.definition.tables:
                if t.id == counters:
                    columns = list(t.columns)
        return derived("graph" if "graph" in layouts else "hex", scenarios, counters if columns else "", columns)

    def supply(self, state: state_pb2.GameState, side: str) -> "SupplyAnswer":
        """Where `side` can trace supply now, and which of its units are in
        supply: a picture of the rule, not an action. Default: not answered."""
        raise MalformedInput(f"ruleset {self.id} answers no supply question")

    def describe(self, state: state_pb2.GameState) -> list[str]:
        """Short lines for humans about the ruleset's own state (deck, weather,
        chits...), printed by `umpire show`. Empty: the CLI prints the raw fields."""
        return []

    def position_hooks(self) -> "PositionHooks":
        """What this ruleset adds to the position file (docs/position.md,
        core/posfile.py): its phase names, weather, loss counters. Default: the
        `HOOKS` of the module `posfile` beside the ruleset's module; a ruleset
        without one takes no position file."""
        package = type(self).__module__.rpartition(".")[0]
        try:
            module = importlib.import_module(f"{package}.posfile")
        except ModuleNotFoundError as e:
            if e.name != f"{package}.posfile":
                raise
            raise MalformedInput(f"ruleset {self.id} takes no position file") from None
        hooks: PositionHooks = getattr(module, "HOOKS")
        return hooks

    # -- shorthands for the side filter (the filter is the one definition)
    def view(self, state: state_pb2.GameState, side: str) -> state_pb2.GameState:
        """`side`'s view of `state` (the side filter's `state`)."""
        return self.side_filter.state(state, side)

    def view_rolls(
        self, state: state_pb2.GameState, rolls: Sequence[common_pb2.DieRoll], side: str
    ) -> list[common_pb2.DieRoll]:
        return self.side_filter.rolls(state, rolls, side)

    def view_action(self, state: state_pb2.GameState, action: action_pb2.Action, side: str) -> action_pb2.Action:
        return self.side_filter.action(state, action, side)


def state_of(state: StateLike) -> state_pb2.GameState:
    """The protobuf state of a position or bare state."""
    from adjudicator.core.position import Position

    return state.state if isinstance(state, Position) else state


# The list of shipped rulesets lives beside them (adjudicator/rules/registry.py);
# out-of-tree rulesets are added with `register`. Imported lazily and one at a
# time, so one ruleset's import error cannot take the others down.
_BUILTIN = "adjudicator.rules.registry"
_EXTRA: dict[str, str] = {}
_LOADED: dict[str, Ruleset] = {}


def _targets() -> dict[str, str]:
    out = dict(getattr(importlib.import_module(_BUILTIN), "RULESETS"))
    out.update(_EXTRA)
    return out


def ruleset_ids() -> list[str]:
    """Ids of every registered ruleset whose module is present (it may still
    fail to import: `load_all` says which)."""
    out = []
    for rid, target in _targets().items():
        module = target.split(":")[0]
        try:
            present = importlib.util.find_spec(module) is not None
        except (ImportError, ValueError):
            present = False
        if present:
            out.append(rid)
    return out


def get_ruleset(ruleset_id: str) -> Ruleset:
    if ruleset_id in _LOADED:
        return _LOADED[ruleset_id]
    target = _targets().get(ruleset_id)
    if target is None:
        raise NotFound(f"unknown ruleset {ruleset_id!r}{_did_you_mean(ruleset_id, ruleset_ids())} "
                       f"(known: {', '.join(ruleset_ids())})")
    module_name, attr = target.split(":")
    if ruleset_id not in ruleset_ids():
        raise BrokenRuleset(ruleset_id, ModuleNotFoundError(f"its module {module_name} is not installed"))
    try:
        ruleset = getattr(importlib.import_module(module_name), attr)
    except Exception as e:  # noqa: BLE001 - any import failure: this ruleset is broken, the others are not
        raise BrokenRuleset(ruleset_id, e) from e
    if not isinstance(ruleset, Ruleset):
        raise BrokenRuleset(ruleset_id, TypeError(f"{target} is not a Ruleset"))
    _LOADED[ruleset_id] = ruleset
    return ruleset


def _did_you_mean(name: str, known: Sequence[str]) -> str:
    """`: did you mean X?` for the close matches of a mistyped id, else ''."""
    close = difflib.get_close_matches(name, known, n=3, cutoff=0.6)
    return f": did you mean {' or '.join(close)}?" if close else ""


def resolve_scenario(ruleset_id: str, scenario_id: str) -> tuple[Ruleset, str]:
    """The ruleset and the full shipped scenario id a user means: a scenario id
    names its ruleset ("major-battles/normandy"), so the ruleset may be left
    out; a ruleset given with a bare scenario name ("normandy") completes it.
    Anything else is NotFound with the ids it could have meant (`umpire new
    normandy`: did you mean major-battles/normandy?). Other rulesets are only
    loaded to make that suggestion, on the failure path."""
    prefix = scenario_id.split("/")[0] if "/" in scenario_id else ""
    if ruleset_id:
        rs = get_ruleset(ruleset_id)
        if scenario_id not in rs.scenario_ids() and not prefix and f"{rs.id}/{scenario_id}" in rs.scenario_ids():
            return rs, f"{rs.id}/{scenario_id}"
        if scenario_id in rs.scenario_ids() or prefix == rs.id or not scenario_id:
            return rs, scenario_id
        known = rs.scenario_ids()
    else:
        if prefix and prefix in _targets():
            return get_ruleset(prefix), scenario_id
        known = [sid for rs in load_all()[0] for sid in rs.scenario_ids()]
    tail = scenario_id.rsplit("/", 1)[-1]
    tails = {sid: sid.rsplit("/", 1)[-1] for sid in known}
    close_tails = difflib.get_close_matches(tail, list(tails.values()), n=3, cutoff=0.6)
    meant = [sid for sid in known if tails[sid] == tail] or [sid for sid in known if tails[sid] in close_tails]
    hint = f": did you mean {' or '.join(meant)}?" if meant else _did_you_mean(scenario_id, known)
    what = f"unknown scenario {scenario_id!r}" + (f" for ruleset {ruleset_id}" if ruleset_id else "")
    raise NotFound(f"{what}{hint} (known: {', '.join(known) or 'none'})")


def load_all() -> tuple[list[Ruleset], dict[str, str]]:
    """Every ruleset that loads, and for each one that does not, one line why
    (ListRulesets and `umpire rulesets` show the others and name the broken)."""
    ok: list[Ruleset] = []
    broken: dict[str, str] = {}
    for rid in _targets():
        try:
            ok.append(get_ruleset(rid))
        except BrokenRuleset as e:
            broken[rid] = e.one_line()
    return ok, broken


def register(ruleset_id: str, target: str) -> None:
    """Register an out-of-tree ruleset ("package.module:ATTRIBUTE")."""
    _EXTRA[ruleset_id] = target
    _LOADED.pop(ruleset_id, None)


def unregister(ruleset_id: str) -> None:
    """Forget an out-of-tree ruleset (tests)."""
    _EXTRA.pop(ruleset_id, None)
    _LOADED.pop(ruleset_id, None)
