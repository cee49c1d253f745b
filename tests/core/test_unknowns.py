"""Deciding a question over unknown yes/no facts."""

from __future__ import annotations

import pytest

from adjudicator.core.errors import NeedsData
from adjudicator.core.unknowns import Branch, decide
from umpire.v1 import common_pb2


def cell(name: str) -> common_pb2.NeededCell:
    return common_pb2.NeededCell(table_id="t", column="c", row=name)


def test_known_facts_need_nothing() -> None:
    assert decide(lambda b: b.fact("x", True, cell("x")) and not b.fact("y", False, cell("y"))) is True


def test_an_unknown_fact_that_does_not_matter_gives_the_answer() -> None:
    def q(b: Branch) -> int:
        far = b.fact("far unit strength 1", None, cell("far"))
        return 3 if far or not far else 0

    assert decide(q) == 3


def test_an_unknown_fact_that_matters_needs_exactly_that_cell() -> None:
    def q(b: Branch) -> bool:
        b.fact("other", None, cell("other-irrelevant")) if False else None
        return b.fact("near", None, cell("near"))

    with pytest.raises(NeedsData) as e:
        decide(q)
    assert [c.row for c in e.value.cells] == ["near"]


def test_facts_are_discovered_lazily_along_each_branch() -> None:
    calls = []

    def q(b: Branch) -> bool:
        a = b.fact("a", None, cell("a"))
        calls.append(a)
        if a:
            return True
        return b.fact("b", True, cell("b"))  # known: only reached when a is False

    assert decide(q) is True
    assert sorted(calls) == [False, True]


def _bounds(key: object) -> tuple[bool, bool] | None:
    return (True, False) if isinstance(key, str) and key.startswith("open") else None


def test_monotone_questions_need_only_their_two_extremes() -> None:
    from adjudicator.core.unknowns import decide_bounds

    # 40 unknown facts: exhaustive branching could not, the extremes can.
    def reachable(b: Branch) -> int:
        return sum(1 for i in range(40) if b.fact(f"open{i}", None, cell(f"c{i}")) or i < 100)

    assert decide_bounds(reachable, _bounds) == 40

    def corridor(b: Branch) -> bool:  # only gate 7 matters
        opened = [b.fact(f"open{i}", None, cell(f"c{i}")) for i in range(30)]
        return opened[7]

    with pytest.raises(NeedsData) as e:
        decide_bounds(corridor, _bounds)
    assert [c.row for c in e.value.cells] == ["c7"]  # exactly the value that matters


def test_unbounded_facts_fall_back_to_branching() -> None:
    from adjudicator.core.unknowns import decide_bounds

    assert decide_bounds(lambda b: b.fact("other", None, cell("x")) or True, _bounds) is True
