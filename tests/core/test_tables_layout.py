"""Kernel extensions for games whose tables are missing entirely: a shipped
table of unknown layout takes a user table's columns and rows
(core/tables.merge_tables), and the dice-row sets of core/crt.py."""

from __future__ import annotations

from fractions import Fraction

import pytest

from adjudicator.core.crt import d66_rows, dice_sum_rows, die_rows
from adjudicator.core.errors import MalformedInput
from adjudicator.core.tables import layout_unknown, merge_tables
from umpire.v1 import tables_pb2


def _user(columns: list[str], rows: list[str], cells: list[tuple[str, str, str]]) -> tables_pb2.TableSet:
    return tables_pb2.TableSet(tables=[tables_pb2.Table(
        id="g/crt", columns=columns, rows=rows,
        cells=[tables_pb2.TableCell(row=r, column=c, value=v) for r, c, v in cells])])


def test_a_table_of_unknown_layout_adopts_the_users_columns_and_rows() -> None:
    shipped = [tables_pb2.Table(id="g/crt", title="CRT", row_label="roll")]
    assert layout_unknown(shipped[0])
    merged = merge_tables(shipped, _user(["1:1", "2:1"], ["clear 2", "clear 3"], [("clear 2", "2:1", "D1")]), "f")
    t = merged[0]
    assert list(t.columns) == ["1:1", "2:1"] and list(t.rows) == ["clear 2", "clear 3"]
    assert [(c.row, c.column, c.value, c.source) for c in t.cells] == [("clear 2", "2:1", "D1", "user file f")]
    assert t.title == "CRT" and t.row_label == "roll"


def test_the_adopted_layout_is_checked_and_cells_must_fit_it() -> None:
    shipped = [tables_pb2.Table(id="g/crt")]
    with pytest.raises(MalformedInput, match="give its columns and rows"):
        merge_tables(shipped, _user([], ["x"], []), "f")
    with pytest.raises(MalformedInput, match="repeats"):
        merge_tables(shipped, _user(["1:1", "1:1"], ["x"], []), "f")
    with pytest.raises(MalformedInput, match="no column '3:1'"):
        merge_tables(shipped, _user(["1:1"], ["x"], [("x", "3:1", "D1")]), "f")


def test_a_known_layout_is_never_replaced_by_a_users_table() -> None:
    shipped = [tables_pb2.Table(id="g/crt", columns=["1:1"], rows=["1"])]
    with pytest.raises(MalformedInput, match="no column '2:1'"):
        merge_tables(shipped, _user(["2:1"], ["1"], [("1", "2:1", "D1")]), "f")


def test_dice_row_sets_carry_exact_probabilities() -> None:
    two = dict(dice_sum_rows(2, 6))
    assert list(two) == [str(n) for n in range(2, 13)]
    assert two["7"] == Fraction(6, 36) and two["2"] == two["12"] == Fraction(1, 36)
    assert sum(two.values()) == 1
    d66 = d66_rows()
    assert len(d66) == 36 and d66[0] == ("11", Fraction(1, 36)) and d66[-1][0] == "66"
    assert dict(dice_sum_rows(1, 6)) == dict(die_rows(6))
