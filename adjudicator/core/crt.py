"""Result tables looked up from data, with probabilities and unknown cells.

A verdict given before the dice are thrown shows the players what may happen:
each possible result with its probability. Where the game's table lacks a cell,
the outcome is shown as *unknown* (never guessed), naming the cell, and the
cell is listed as needed so the players know what to supply. The same functions
serve any die-roll table (CRT, quality, weather).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from adjudicator.core.tables import TableView
from umpire.v1 import action_pb2, common_pb2


def die_rows(sides: int = 6) -> list[tuple[str, Fraction]]:
    """Rows "1".."sides", each with probability 1/sides."""
    return [(str(i), Fraction(1, sides)) for i in range(1, sides + 1)]


def dice_sum_rows(dice: int = 2, sides: int = 6) -> list[tuple[str, Fraction]]:
    """Rows "<n>".."<n*sides>" for the sum of `dice` dice, each with its exact
    probability (2d6: "2" 1/36 ... "7" 6/36 ... "12" 1/36)."""
    counts: dict[int, int] = {0: 1}
    for _ in range(dice):
        nxt: dict[int, int] = {}
        for total, ways in counts.items():
            for face in range(1, sides + 1):
                nxt[total + face] = nxt.get(total + face, 0) + ways
        counts = nxt
    whole = sides**dice
    return [(str(t), Fraction(w, whole)) for t, w in sorted(counts.items())]


def d66_rows(sides: int = 6) -> list[tuple[str, Fraction]]:
    """Rows "11".."66": two dice read as tens and units (a "d66" table), each 1/36."""
    return [(f"{a}{b}", Fraction(1, sides * sides)) for a in range(1, sides + 1) for b in range(1, sides + 1)]


def unknown_label(table: TableView, column: str, row: str) -> str:
    return f"unknown: {table.table.title or table.id} {column} row {row}"


@dataclass
class Distribution:
    """Results with their probabilities and the inputs that give them."""

    prob: dict[str, Fraction] = field(default_factory=dict)
    when: dict[str, list[str]] = field(default_factory=dict)
    needs: list[common_pb2.NeededCell] = field(default_factory=list)

    def add(self, result: str, p: Fraction, when: str) -> None:
        self.prob[result] = self.prob.get(result, Fraction(0)) + p
        self.when.setdefault(result, []).append(when)

    def need(self, cell: common_pb2.NeededCell) -> None:
        key = (cell.table_id, cell.column, cell.row)
        if all((c.table_id, c.column, c.row) != key for c in self.needs):
            self.needs.append(cell)

    def outcomes(self) -> list[action_pb2.OutcomeProbability]:
        """Known results first (in the order they first occur), then unknowns."""
        keys = sorted(self.prob, key=lambda k: (k.startswith("unknown"), list(self.prob).index(k)))
        return [
            action_pb2.OutcomeProbability(result=k, probability=float(self.prob[k]), when=self.when[k]) for k in keys
        ]

    def total(self) -> Fraction:
        return sum(self.prob.values(), Fraction(0))


def lookup_distribution(
    table: TableView,
    column: str,
    rows: Sequence[tuple[str, Fraction]],
    supplied: Iterable[common_pb2.SuppliedCell] = (),
    *,
    weight: Fraction = Fraction(1),
    when_prefix: str = "",
    into: Distribution | None = None,
    reason: str = "",
) -> Distribution:
    """The distribution of `table`'s results in `column` over `rows` (with
    probabilities). Unknown cells (not supplied) become "unknown: ..." results."""
    dist = into if into is not None else Distribution()
    supplied = list(supplied)
    for row, p in rows:
        cell = table.cell(row, column)
        value: str | None = cell.value if cell is not None else None
        if value is None:
            for s in supplied:
                if s.table_id == table.id and s.column == column and s.row == row:
                    value = s.value
        when = f"{when_prefix}{table.table.row_label or 'row'} {row}"
        if value is None:
            dist.add(unknown_label(table, column, row), p * weight, when)
            dist.need(table.needed(row, column, reason or f"possible result at {column}"))
        else:
            dist.add(value, p * weight, when)
    return dist
