"""Games in memory: every cached game compact, the few in play right now parsed.

A parsed GameState costs three to four times its serialized size in memory
(the whole scenario travels with it), so keeping thousands of games parsed
would cost hundreds of KB each. The cache therefore has two tiers:

* every cached game (up to `size`) keeps its metadata (tokens' hashes, seed,
  version) and, while cold, its state as zlib-compressed bytes;
* the `hot` most recently used games keep their Position (the parsed state and
  what rulesets derive from it, core/position.py) that validate, query and
  submit work on. Leaving the hot tier compresses the state and drops the
  derived data; coming back parses it (well under a millisecond).

A cached game is only a copy: `note_change` drops one that another process
moved on (service/notify.py), and every answer is checked against the store's
version first (servicer), so a copy is never trusted to be current.
"""

from __future__ import annotations

import threading
import zlib
from collections import OrderedDict
from dataclasses import dataclass, field

from adjudicator.core.position import Position
from adjudicator.core.ruleset import Ruleset
from adjudicator.service.defaults import CACHE_SIZE, HOT_SIZE
from adjudicator.store.store import StoredGame, VersionInfo
from umpire.v1 import state_pb2


@dataclass(eq=False)
class LiveGame:
    """A cached game. `stored` is its metadata (its `state` field is not used
    once cached: the state lives here, in a Position while hot — with the
    ruleset's derived data — and compressed while cold)."""

    stored: StoredGame
    ruleset: Ruleset
    # token hash -> side, for constant-time lookups
    sides_by_hash: dict[str, str]
    _position: Position | None = field(default=None, repr=False)
    _blob: bytes | None = field(default=None, repr=False)
    _unit_side: dict[str, str] | None = field(default=None, repr=False)
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    @property
    def id(self) -> str:
        return self.stored.id

    @property
    def position(self) -> Position:
        """The current state with its derived data (models, per-side views),
        replaced on every accepted action; rebuilt from the compressed state
        when the game comes back into the hot tier."""
        p = self._position
        if p is not None:
            return p
        with self._lock:
            if self._position is None:
                assert self._blob is not None
                state = state_pb2.GameState.FromString(zlib.decompress(self._blob))
                self._position = Position(state, self.ruleset)
                self._blob = None
            return self._position

    @position.setter
    def position(self, p: Position) -> None:
        with self._lock:
            self._position = p
            self._blob = None
            self._unit_side = None
            self.stored.version = p.state.version
            self.stored.finished = p.state.finished

    @property
    def state(self) -> state_pb2.GameState:
        return self.position.state

    @property
    def seed_if_open(self) -> str:
        """The seed (hex) once nothing is secret any more, else ""."""
        return self.stored.seed.hex() if self.stored.seed_revealed or self.state.finished else ""

    @property
    def unit_side(self) -> dict[str, str]:
        """unit id -> owning side (fixed by the scenario), for the own-units check."""
        m = self._unit_side
        if m is None:
            m = {u.id: u.side for u in self.state.scenario.definition.units}
            self._unit_side = m
        return m

    def matches(self, info: VersionInfo) -> bool:
        """Is this copy what the store has now?"""
        return self.stored.version == info.version and self.stored.seed_revealed == info.seed_revealed

    def freeze(self) -> None:
        """Leave the hot tier: keep the state compressed only (the derived data goes)."""
        with self._lock:
            if self._position is not None:
                self._blob = zlib.compress(self._position.state.SerializeToString(deterministic=True), 1)
                self._position = None
            self._unit_side = None


def live_game(stored: StoredGame, ruleset: Ruleset) -> LiveGame:
    g = LiveGame(
        stored=stored,
        ruleset=ruleset,
        sides_by_hash={h: side for side, h in stored.token_hashes.items()},
        _position=Position(stored.state, ruleset),
    )
    # The state lives in the LiveGame; do not keep a second reference to it.
    stored.state = state_pb2.GameState()
    return g


class GameCache:
    """LRU of LiveGames with a smaller LRU of hot (parsed) ones. Thread-safe."""

    def __init__(self, size: int = CACHE_SIZE, hot: int = HOT_SIZE) -> None:
        self.size = max(1, size)
        self.hot_size = max(1, hot)
        self._games: OrderedDict[str, LiveGame] = OrderedDict()
        self._hot: OrderedDict[str, LiveGame] = OrderedDict()
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._games)

    def hot_count(self) -> int:
        return len(self._hot)

    def get(self, game_id: str) -> LiveGame | None:
        with self._lock:
            g = self._games.get(game_id)
            if g is None:
                return None
            self._games.move_to_end(game_id)
            cold = self._touch_hot(g)
        if cold is not None:
            cold.freeze()
        return g

    def put(self, g: LiveGame) -> None:
        with self._lock:
            self._games[g.id] = g
            self._games.move_to_end(g.id)
            cold = self._touch_hot(g)
            while len(self._games) > self.size:
                _, old = self._games.popitem(last=False)
                self._hot.pop(old.id, None)
        if cold is not None and cold is not g:
            cold.freeze()

    def _touch_hot(self, g: LiveGame) -> LiveGame | None:
        """Mark `g` hot; returns the game that leaves the hot tier, if any (to
        freeze outside the lock: compressing takes a while)."""
        self._hot[g.id] = g
        self._hot.move_to_end(g.id)
        if len(self._hot) > self.hot_size:
            _, cold = self._hot.popitem(last=False)
            return cold
        return None

    def drop(self, game_id: str) -> None:
        with self._lock:
            self._games.pop(game_id, None)
            self._hot.pop(game_id, None)

    def clear(self) -> None:
        with self._lock:
            self._games.clear()
            self._hot.clear()

    def note_change(self, game_id: str, version: int, revealed: bool) -> None:
        """Another process (or this one) committed `version`: a copy behind it is dropped."""
        with self._lock:
            g = self._games.get(game_id)
            if g is None:
                return
            if g.stored.version < version or (revealed and not g.stored.seed_revealed):
                self._games.pop(game_id, None)
                self._hot.pop(game_id, None)
