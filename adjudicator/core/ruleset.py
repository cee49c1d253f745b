"""The rules interface every game implements, and the registry of rulesets.

A ruleset is code plus a data pack, registered under a stable id. All methods
are pure functions of their arguments (no I/O, no clock, no global randomness):
randomness arrives only through the `DiceSource` passed to `apply`/`new_game`.
The service, the store, the CLI and the tests all call these same functions
(through `adjudicator.core.engine`), so one question has one code path.
"""

from __future__ import annotations

import importlib
import importlib.util
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence

from adjudicator.core.dice import DiceSource
from adjudicator.core.errors import MalformedInput, NotFound
from umpire.v1 import action_pb2, common_pb2, definition_pb2, service_pb2, state_pb2, tables_pb2

# How many game states a ruleset's per-state caches (compiled models, boards)
# keep: as many as the service keeps games hot (service/cache.py), plus a few
# for the states an action passes through, so a hot game's next question never
# rebuilds its model.
HOT_STATES = 64
STATE_CACHE_SIZE = HOT_STATES + 8


class Ruleset(ABC):
    """One game's rules. Subclasses set the class attributes and implement the
    abstract methods; `view` and `reach` have generic defaults."""

    id: str
    version: str
    title: str
    # File name of the rulebook in shared/rules the citations refer to.
    rulebook: str

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

    @abstractmethod
    def validate(self, state: state_pb2.GameState, action: action_pb2.Action) -> action_pb2.Verdict:
        """Whether `action` is legal now, with violations and computed details.
        Must not mutate `state`."""

    @abstractmethod
    def apply(
        self, state: state_pb2.GameState, action: action_pb2.Action, dice: DiceSource
    ) -> tuple[state_pb2.GameState, list[state_pb2.Event]]:
        """The state after a legal action, and what happened. Returns a new state
        (never mutates the argument). Does not touch `version` or `dice_log`:
        `engine.apply_action` does."""

    @abstractmethod
    def legal_actions(self, state: state_pb2.GameState, side: str) -> list[service_pb2.LegalAction]:
        """What `side` may do now (kinds with examples where cheap)."""

    def reach(self, state: state_pb2.GameState, unit_id: str) -> list[service_pb2.ReachableLocation]:
        """Every location the unit may end its move in, with the cost."""
        raise MalformedInput(f"ruleset {self.id} has no reachable-locations query")

    def reach_with_notes(
        self, state: state_pb2.GameState, unit_id: str
    ) -> tuple[list[service_pb2.ReachableLocation], list[common_pb2.RuleNote]]:
        """`reach` plus notes for the reader (e.g. moves left out because a cost is
        unknown: QueryResponse.notes). Default: `reach` without notes."""
        return self.reach(state, unit_id), []

    def describe(self, state: state_pb2.GameState) -> list[str]:
        """Short lines for humans about the ruleset's own state (deck, weather,
        chits...), printed by `umpire show`. Empty: the CLI prints the raw fields."""
        return []

    def view(self, state: state_pb2.GameState, side: str) -> state_pb2.GameState:
        """`side`'s view: other sides' private data and hidden unit attributes removed."""
        from adjudicator.core.views import generic_view

        return generic_view(state, side)

    def view_rolls(
        self, state: state_pb2.GameState, rolls: Sequence[common_pb2.DieRoll], side: str
    ) -> list[common_pb2.DieRoll]:
        """What `side` may see of dice thrown in `state`'s game (a submit's rolls,
        a record's rolls) before the seed is revealed. Default: everything; a
        ruleset whose dice draw hidden things (a cup, a deck) blanks those values."""
        return list(rolls)

    def view_action(self, state: state_pb2.GameState, action: action_pb2.Action, side: str) -> action_pb2.Action:
        """What `side` may see of another side's recorded action before the seed is
        revealed (e.g. a secret selection). Default: all of it."""
        return action


# Stable id -> "module:attribute". Imported lazily, so one ruleset's import
# error cannot take the others down.
_REGISTRY: dict[str, str] = {
    "major-battles": "adjudicator.rules.major_battles:RULESET",
    "nordwind-1945": "adjudicator.rules.nordwind:RULESET",
    "traces-of-victory": "adjudicator.rules.traces:RULESET",
}
_LOADED: dict[str, Ruleset] = {}


def ruleset_ids() -> list[str]:
    """Ids of the rulesets whose code is present."""
    out = []
    for rid, target in _REGISTRY.items():
        module = target.split(":")[0]
        if importlib.util.find_spec(module) is not None:
            out.append(rid)
    return out


def get_ruleset(ruleset_id: str) -> Ruleset:
    if ruleset_id in _LOADED:
        return _LOADED[ruleset_id]
    target = _REGISTRY.get(ruleset_id)
    if target is None or ruleset_id not in ruleset_ids():
        raise NotFound(f"unknown ruleset {ruleset_id!r} (known: {', '.join(ruleset_ids())})")
    module_name, attr = target.split(":")
    ruleset = getattr(importlib.import_module(module_name), attr)
    if not isinstance(ruleset, Ruleset):
        raise TypeError(f"{target} is not a Ruleset")
    _LOADED[ruleset_id] = ruleset
    return ruleset


def register(ruleset_id: str, target: str) -> None:
    """Register an out-of-tree ruleset ("package.module:ATTRIBUTE")."""
    _REGISTRY[ruleset_id] = target
    _LOADED.pop(ruleset_id, None)
