"""Memoized per-board data that may depend on unknown counter facts.

A board (one game state) answers the same sub-questions many times: the enemy
ZoC, the hexes holding enemy units, the hexes where a mechanized unit loses the
road rate. Some of them read *unknown* yes/no facts through a
:class:`~adjudicator.core.unknowns.Branch` (is that lone unit of strength 1?).
Caching such a value is only sound if a later question that hits the cache
still learns which unknown facts the value depended on: `decide_bounds` returns
its first answer at once when the branch touched no unknown fact, so a hit that
hid its facts would silently answer with one extreme assumption. A
:class:`Memo` therefore records the unknown facts read while computing a value
and replays them into the asking branch on every hit (same branch assumptions,
same values: the replay is exact).

Entries are keyed ``(kind, side, ...)``: `side` names the side whose unit
positions the value depends on (None: none), so moving a unit of one side drops
only that side's entries (`drop_side`) and a board derived for the next state
keeps the other side's ZoC.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

from adjudicator.core.unknowns import Branch
from umpire.v1 import common_pb2

T = TypeVar("T")
Cell = common_pb2.NeededCell | Callable[[], common_pb2.NeededCell]


class _Recorder(Branch):
    """Reads facts through `inner`, noting every unknown fact it reads."""

    def __init__(self, inner: Branch) -> None:
        super().__init__(inner.assumed, inner.bound, inner.bounds)
        self.inner = inner
        self.read: dict[Hashable, Cell] = {}

    def fact(self, key: Hashable, known: bool | None, cell: Cell) -> bool:
        if known is not None:
            return known
        self.read.setdefault(key, cell)
        return self.inner.fact(key, known, cell)

    @property
    def key(self) -> tuple[object, ...]:
        return self.inner.key


class _Entry(Generic[T]):
    __slots__ = ("value", "facts")

    def __init__(self, value: T, facts: tuple[tuple[Hashable, Cell], ...]) -> None:
        self.value = value
        self.facts = facts


class Memo:
    """Values derived from one board, some under branch assumptions."""

    def __init__(self, entries: dict[tuple[object, ...], _Entry[object]] | None = None) -> None:
        self._entries: dict[tuple[object, ...], _Entry[object]] = dict(entries) if entries else {}

    def plain(self, key: tuple[object, ...], compute: Callable[[], T]) -> T:
        """A value that reads no unknown fact."""
        hit = self._entries.get(key)
        if hit is not None:
            return hit.value  # type: ignore[return-value]
        value = compute()
        self._entries[key] = _Entry(value, ())
        return value

    def branch(self, key: tuple[object, ...], b: Branch, compute: Callable[[Branch], T]) -> T:
        """A value computed under `b`'s assumptions; its unknown facts are replayed
        into `b` on a hit (so `decide`/`decide_bounds` see them). Only branches
        without assumptions are stored (the plain question and the two bounds of
        `decide_bounds`): the branches that flip single facts are as many as the
        unknown facts, so storing them would let a shared board grow without bound."""
        if b.assumed:
            return compute(b)
        full = key + (b.key,)
        hit = self._entries.get(full)
        if hit is not None:
            for fact, cell in hit.facts:
                b.fact(fact, None, cell)
            return hit.value  # type: ignore[return-value]
        rec = _Recorder(b)
        value = compute(rec)  # a fork (decide) propagates: nothing is stored
        self._entries[full] = _Entry(value, tuple(rec.read.items()))
        return value

    def without_side(self, side: str, carry: Callable[[tuple[object, ...], object], object | None] | None = None
                     ) -> Memo:
        """A copy without the entries that depend on `side`'s unit positions, except
        those `carry(key, value)` updates (it gets only entries that read no
        unknown fact, and returns the new value or None to drop the entry)."""
        out: dict[tuple[object, ...], _Entry[object]] = {}
        for k, v in list(self._entries.items()):
            if k[1] != side:
                out[k] = v
            elif carry is not None and not v.facts:
                value = carry(k, v.value)
                if value is not None:
                    out[k] = _Entry(value, ())
        return Memo(out)

    def size(self) -> int:
        return len(self._entries)

    def copy(self) -> Memo:
        return Memo(self._entries)
