"""Deciding a rules question when some yes/no facts are unknown.

Counter values are often missing from a rulebook's text (Nordwind prints no
counter data). Many questions do not depend on them: whether a lone unit far
from the moving one has strength 1 cannot change where that unit may go. Asking
the players for every unknown value would make a game unplayable; guessing is
forbidden. So a question is evaluated under *every* assignment of the unknown
yes/no facts it actually touches (discovered lazily, branch by branch): when all
assignments give the same answer, that is the answer; otherwise the question
needs data, and :class:`NeedsData` names exactly the facts it depends on.

Usage::

    def question(b: Branch) -> bool:
        return b.fact(("strength-1", unit), lambda: known_or_none(unit), cell_for(unit))

    answer = decide(question)
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TypeVar

from adjudicator.core.errors import NeedsData
from umpire.v1 import common_pb2

T = TypeVar("T")
MAX_BRANCHES = 256


class _Fork(Exception):
    def __init__(self, key: Hashable, cell: common_pb2.NeededCell) -> None:
        self.key = key
        self.cell = cell


class Branch:
    """One assignment of unknown facts; `fact` reads a fact, known or assumed.

    With `bound` set (0 or 1) and a `bounds` function, a fact not in `assumed`
    takes ``bounds(key)[bound]`` instead of forking (see :func:`decide_bounds`);
    `touched` collects those facts and their cells."""

    def __init__(
        self,
        assumed: dict[Hashable, bool],
        bound: int | None = None,
        bounds: Callable[[Hashable], tuple[bool, bool]] | None = None,
    ) -> None:
        self.assumed = assumed
        self.used: set[Hashable] = set()
        self.bound = bound
        self.bounds = bounds
        self.touched: dict[Hashable, common_pb2.NeededCell] = {}

    def fact(
        self,
        key: Hashable,
        known: bool | None,
        cell: common_pb2.NeededCell | Callable[[], common_pb2.NeededCell],
    ) -> bool:
        """`known` when the data has it; otherwise this branch's assumption.
        `cell` (or a function making it, called only when needed) names the datum."""
        if known is not None:
            return known
        if key in self.assumed:
            self.used.add(key)
            return self.assumed[key]
        if self.bound is not None and self.bounds is not None:
            pair = self.bounds(key)  # raises for facts it cannot bound (decide_bounds falls back)
            if key not in self.touched:
                self.touched[key] = cell() if callable(cell) else cell
            return pair[self.bound]
        raise _Fork(key, cell() if callable(cell) else cell)

    @property
    def key(self) -> tuple[object, ...]:
        """This branch's assumptions (and bound), usable as a cache key."""
        return (self.bound, tuple(sorted(self.assumed.items(), key=repr)))


def decide(question: Callable[[Branch], T], limit: int = MAX_BRANCHES) -> T:
    """The answer of `question` if it is the same under every assignment of the
    unknown facts it reads; NeedsData naming those facts otherwise."""
    cells: dict[Hashable, common_pb2.NeededCell] = {}
    pending: list[dict[Hashable, bool]] = [{}]
    answers: list[T] = []
    runs = 0
    while pending:
        assumed = pending.pop()
        runs += 1
        if runs > limit:
            raise NeedsData(list(cells.values()))
        try:
            answers.append(question(Branch(assumed)))
        except _Fork as f:
            cells.setdefault(f.key, f.cell)
            pending.append({**assumed, f.key: True})
            pending.append({**assumed, f.key: False})
            continue
        if len(answers) > 1 and answers[-1] != answers[0]:
            raise NeedsData(list(cells.values()))
    return answers[0]


class _NotMonotone(Exception):
    pass


def decide_bounds(
    question: Callable[[Branch], T],
    bounds: Callable[[Hashable], tuple[bool, bool] | None],
    limit: int = MAX_BRANCHES,
) -> T:
    """Like :func:`decide`, for questions *monotone* in their unknown facts.

    ``bounds(key)`` gives a fact's value in the most permissive and in the most
    restrictive assignment (e.g. "lone unit has strength 1": True permits more,
    since it then has no ZoC beyond its hex), or None for facts it does not know
    how to bound (the question then falls back to :func:`decide`). When the two
    extreme assignments give the same answer, monotonicity makes it the answer
    of every assignment, however many facts are unknown. Otherwise NeedsData names
    the facts whose single change (from either extreme) changes the answer, or
    every fact touched if none does alone.
    """
    try:
        low = Branch({}, 0, _strict(bounds))
        a = question(low)
        if not low.touched:
            return a
        high = Branch({}, 1, _strict(bounds))
        b = question(high)
        if a == b:
            return a
        cells = {**low.touched, **high.touched}
        matter = []
        for key, cell in cells.items():
            for base, answer in ((0, a), (1, b)):
                flipped = Branch({key: bool(_strict(bounds)(key)[1 - base])}, base, _strict(bounds))
                if question(flipped) != answer:
                    matter.append(cell)
                    break
        raise NeedsData(matter or list(cells.values()))
    except _NotMonotone:
        return decide(question, limit)


def _strict(bounds: Callable[[Hashable], tuple[bool, bool] | None]) -> Callable[[Hashable], tuple[bool, bool]]:
    def get(key: Hashable) -> tuple[bool, bool]:
        pair = bounds(key)
        if pair is None:
            raise _NotMonotone()
        return pair

    return get
