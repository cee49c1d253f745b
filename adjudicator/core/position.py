"""A game state together with what rulesets derive from it, computed once.

Why this exists: every question about a state (validate a move, reach for a
unit, the legal actions, a side's view) needs the same derived data — a
ruleset's compiled model (unit indexes, the compiled map, ZoC fields, a Python
mirror of the protobuf state) and, for answers to a side, that side's view.
Building them costs milliseconds on a full map, far more than the questions.

The cache used to live inside each ruleset as a global keyed by `id(state)`
with its own staleness check. Now it has one owner and one policy: a
`Position` holds one state, treated as a value (never edited once wrapped), and
keeps its derived data for as long as the caller keeps the position. The
service keeps one position per hot game and replaces it on every accepted
action; the CLI builds one per command; a bare state passed to the engine gets
a throw-away position (always correct, never shared). Nothing is global, so
nothing can go stale: a changed state is a new position.

Warm after a move: `apply` hands over the model of the new state when the
ruleset can derive it from the one it changed (`RulesetBase.carry`), and a
side's position is primed from the full one (`Ruleset.narrow`), so the first
question after an accepted action costs what a question on a hot position
costs. The caller must not edit a wrapped state in place (edit a copy, which is
a new position).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from umpire.v1 import state_pb2

if TYPE_CHECKING:
    from adjudicator.core.ruleset import Ruleset


class Position:
    """One state (a value) and its lazily derived data: the ruleset's model, and
    one position per side over that side's view (answers to a side are computed
    there, see core/disclosure.py)."""

    __slots__ = ("state", "ruleset", "side", "_model", "_views", "_lock", "_extra")

    def __init__(self, state: state_pb2.GameState, ruleset: Ruleset | None = None, *, side: str = "") -> None:
        if ruleset is None:
            from adjudicator.core.ruleset import get_ruleset

            ruleset = get_ruleset(state.ruleset)
        self.state = state
        self.ruleset = ruleset
        # The side whose knowledge this position is ("" = the full, server-side state).
        self.side = side
        self._model: Any = None
        self._views: dict[str, Position] = {}
        self._extra: dict[str, Any] = {}
        # The gRPC server asks questions of one position from several threads.
        self._lock = threading.RLock()

    @classmethod
    def of(cls, state_or_position: state_pb2.GameState | Position, ruleset: Ruleset | None = None) -> Position:
        """The position itself, or a fresh (unshared) one around a bare state."""
        if isinstance(state_or_position, Position):
            return state_or_position
        return cls(state_or_position, ruleset)

    @property
    def version(self) -> int:
        return self.state.version

    def model(self) -> Any:
        """The ruleset's compiled, read-only model of this state (built on first use)."""
        m = self._model
        if m is None:
            with self._lock:
                if self._model is None:
                    self._model = self.ruleset.compile(self.state)
                m = self._model
        return m

    def prime(self, model: Any) -> None:
        """Hand over a model already built for this exact state (e.g. the one
        `apply` produced), so the first question after a move is warm."""
        with self._lock:
            if self._model is None and model is not None:
                self._model = model

    @property
    def primed(self) -> bool:
        return self._model is not None

    def for_side(self, side: str) -> Position:
        """The position of `side`'s knowledge: a position over the ruleset's
        per-side view of this state, cached per side."""
        if self.side:
            if side != self.side:
                raise ValueError(f"a view for {self.side!r} cannot be narrowed to {side!r}")
            return self
        p = self._views.get(side)
        if p is None:
            with self._lock:
                p = self._views.get(side)
                if p is None:
                    p = Position(self.ruleset.side_filter.state(self.state, side), self.ruleset, side=side)
                    if self._model is not None:  # a side's first question is as warm as the full position's
                        p.prime(self.ruleset.narrow(self._model, p.state, side))
                    self._views[side] = p
        return p

    def memo(self, key: str, build: Callable[[], Any]) -> Any:
        """Any other derived value of this state, built once (e.g. serialized views)."""
        if key not in self._extra:
            with self._lock:
                if key not in self._extra:
                    self._extra[key] = build()
        return self._extra[key]
