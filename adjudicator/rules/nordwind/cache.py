"""One board per hot game state, shared by every question asked of it.

The service keeps hot games in memory and asks many questions of the same state
object (reach for one unit, then another, validate a move, validate an attack).
Building a `Board` (unit index) and its ZoC fields from the protobuf state
costs milliseconds on a full map, far more than the questions themselves, so
`board_of` caches the board by the state object's identity *and* its version,
like the Major Battles model (adjudicator/rules/major_battles/model.py):

* the entry keeps the state alive, so an id is never reused while cached;
* a hit needs the same object and the same version (the engine bumps the
  version on every accepted action and never mutates a state in place; code
  that does must call `clear_cache()`);
* a small LRU bound and a lock (the gRPC server answers from several threads);
* the board handed out is frozen (immutable masks, `move_unit` refused): a
  stack move works on `board.overlay()`, a private copy;
* a question that brings its own counter values (`supplied_cells`) gets a fresh
  private board: those values may change ZoC and the road rule;
* `prime` stores the board `apply` derived for the new state (the old board
  with the moved units relocated, the other side's ZoC kept), so the first
  question after a move is warm too. The caller gets that state only after
  `apply`, and some callers edit it in place before asking anything (VASSAL
  check-log mirrors "observed" eliminations and step losses): so the first hit
  on a primed board compares the units with a snapshot taken when it was primed,
  and builds afresh if they changed.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Sequence

from adjudicator.core.ruleset import STATE_CACHE_SIZE
from adjudicator.rules.nordwind.board import Board
from adjudicator.rules.nordwind.units import Counters
from umpire.v1 import common_pb2, state_pb2

# id -> (state, version, board, snapshot of the units when primed, None once checked).
_CACHE: OrderedDict[int, tuple[state_pb2.GameState, int, Board, tuple[object, ...] | None]] = OrderedDict()
_CACHE_SIZE = STATE_CACHE_SIZE  # one per hot game (core/ruleset.py)
_LOCK = threading.Lock()


def board_of(state: state_pb2.GameState, supplied: Sequence[common_pb2.SuppliedCell] = ()) -> Board:
    """The shared, frozen board of `state`, or a private one when the question
    supplies counter values."""
    if supplied:
        return Board(state, Counters(state, supplied))
    key = id(state)
    version = state.version
    with _LOCK:
        hit = _CACHE.get(key)
        if hit is not None and hit[0] is state and hit[1] == version:
            _CACHE.move_to_end(key)
    if hit is not None and hit[0] is state and hit[1] == version:
        if hit[3] is None:
            return hit[2]
        if _snapshot(state) == hit[3]:  # a primed board: unchanged since apply made the state?
            _store(state, version, hit[2], None)
            return hit[2]
    board = Board(state).freeze()
    _store(state, version, board, None)
    return board


def _snapshot(state: state_pb2.GameState) -> tuple[object, ...]:
    """What a board reads of the units (0.2 ms for 1,000 units): where they are and
    their steps (a lone unit's strength, 4.1)."""
    return tuple((u.status, u.location, u.steps_lost) for u in state.units)


def peek(state: state_pb2.GameState) -> Board | None:
    """The cached board of `state` if there is one (tests: was it primed?)."""
    with _LOCK:
        hit = _CACHE.get(id(state))
    return hit[2] if hit is not None and hit[0] is state and hit[1] == state.version else None


def prime(state: state_pb2.GameState, version: int, board: Board) -> None:
    """Cache `board` (built for `state`'s content) as the board of `state` once
    its version is `version` (the engine sets it after `apply` returns)."""
    if board.state is not state:
        raise ValueError("prime: the board was built for another state object (use board.overlay(state))")
    _store(state, version, board.freeze(), _snapshot(state))


def _store(state: state_pb2.GameState, version: int, board: Board, snapshot: tuple[object, ...] | None) -> None:
    with _LOCK:
        _CACHE[id(state)] = (state, version, board, snapshot)
        _CACHE.move_to_end(id(state))
        while len(_CACHE) > _CACHE_SIZE:
            _CACHE.popitem(last=False)


def clear_cache() -> None:
    with _LOCK:
        _CACHE.clear()
