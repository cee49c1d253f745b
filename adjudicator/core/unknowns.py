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
    """One assignment of unknown facts; `fact` reads a fact, known or assumed."""

    def __init__(self, assumed: dict[Hashable, bool]) -> None:
        self.assumed = assumed
        self.used: set[Hashable] = set()

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
        raise _Fork(key, cell() if callable(cell) else cell)

    @property
    def key(self) -> tuple[tuple[Hashable, bool], ...]:
        """This branch's assumptions, usable as a cache key."""
        return tuple(sorted(self.assumed.items(), key=repr))


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
