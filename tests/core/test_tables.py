"""Tables as data (core/tables.py): range cells, merging and supplied cells.
Tables here are SYNTHETIC."""

from __future__ import annotations

import pytest

from adjudicator.core.errors import MalformedInput, NeedsData
from adjudicator.core.tables import TableView, merge_tables, remember_supplied
from umpire.v1 import common_pb2, state_pb2, tables_pb2


def _table() -> tables_pb2.Table:
    t = tables_pb2.Table(id="t/gat", rows=[str(v) for v in range(-2, 10)], columns=["A", "B"])
    t.cells.add(row="3", row_through="6", column="A", value="*1", source="SYNTHETIC")
    return t


def test_a_range_cell_covers_every_row_it_spans_and_no_other() -> None:
    tv = TableView(_table())
    assert [tv.cell(str(r), "A") is not None for r in range(2, 8)] == [False, True, True, True, True, False]
    assert tv.lookup("5", "A").value == "*1"
    with pytest.raises(NeedsData, match="column 'A' row '7'"):
        tv.lookup("7", "A")


def test_a_later_cell_overrides_a_range_for_the_rows_they_share() -> None:
    t = _table()
    t.cells.add(row="4", column="A", value="2(1)")
    tv = TableView(t)
    assert (tv.cell("4", "A").value, tv.cell("5", "A").value) == ("2(1)", "*1")


def test_a_user_range_merges_over_the_shipped_cells_and_is_checked() -> None:
    user = tables_pb2.TableSet(tables=[tables_pb2.Table(id="t/gat", cells=[
        tables_pb2.TableCell(row="0", row_through="4", column="A", value="-")])])
    merged = merge_tables([_table()], user, "mine.textproto")
    tv = TableView(merged[0])
    assert [tv.cell(str(r), "A").value for r in range(0, 7)] == ["-"] * 5 + ["*1"] * 2
    backwards = tables_pb2.TableSet(tables=[tables_pb2.Table(id="t/gat", cells=[
        tables_pb2.TableCell(row="4", row_through="0", column="A", value="-")])])
    with pytest.raises(MalformedInput, match="run backwards"):
        merge_tables([_table()], backwards, "mine.textproto")
    missing = tables_pb2.TableSet(tables=[tables_pb2.Table(id="t/gat", cells=[
        tables_pb2.TableCell(row="4", row_through="40", column="A", value="-")])])
    with pytest.raises(MalformedInput, match="no row '40'"):
        merge_tables([_table()], missing, "mine.textproto")


def test_a_value_supplied_for_a_row_a_range_knows_is_not_written_twice() -> None:
    s = state_pb2.GameState()
    s.scenario.definition.tables.append(_table())
    remember_supplied(s, [common_pb2.SuppliedCell(table_id="t/gat", column="A", row="5", value="9"),
                          common_pb2.SuppliedCell(table_id="t/gat", column="A", row="8", value="3")], 4)
    tv = TableView(s.scenario.definition.tables[0])
    assert tv.cell("5", "A").value == "*1" and tv.cell("8", "A").value == "3"
