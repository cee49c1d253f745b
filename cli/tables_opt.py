"""The `--tables FILE` and `--cell TABLE:COLUMN:ROW=VALUE` options, shared by
every command that judges a state.

Table ids and row labels never contain ':' but columns may (Traces of Victory's
odds are printed "6:1"), so a cell spec is cut at the first ':' (table) and the
last one (row); everything between is the column.
"""

from __future__ import annotations

from pathlib import Path

from adjudicator.core.errors import MalformedInput
from adjudicator.core.tables import with_tables
from importers.canonical import read_message
from umpire.v1 import common_pb2, state_pb2, tables_pb2


def parse_cell(spec: str) -> tuple[str, str, str, str]:
    key, sep, value = spec.partition("=")
    parts = key.split(":")
    if not sep or len(parts) < 3 or not all(parts) or not value:
        raise MalformedInput(f"{spec!r} is not TABLE:COLUMN:ROW=VALUE", "--cell")
    return parts[0], ":".join(parts[1:-1]), parts[-1], value


def supplied_cells(specs: list[str] | None) -> list[common_pb2.SuppliedCell]:
    """Cells given with one action (`Action.supplied_cells`)."""
    out = []
    for spec in specs or []:
        table, column, row, value = parse_cell(spec)
        out.append(common_pb2.SuppliedCell(table_id=table, column=column, row=row, value=value,
                                           note="given on the command line"))
    return out


def cells_as_tables(specs: list[str] | None) -> tables_pb2.TableSet:
    """Cells given on the command line as a table file."""
    ts = tables_pb2.TableSet()
    by_id: dict[str, tables_pb2.Table] = {}
    for spec in specs or []:
        table, column, row, value = parse_cell(spec)
        t = by_id.get(table)
        if t is None:
            t = by_id[table] = ts.tables.add(id=table)
        t.cells.add(row=row, column=column, value=value, source="given with --cell")
    return ts


def read_tables(tables: Path | None) -> tables_pb2.TableSet | None:
    return read_message(tables, tables_pb2.TableSet()) if tables is not None else None


def with_user_tables(state: state_pb2.GameState, tables: Path | None) -> state_pb2.GameState:
    """The state with a user table file merged over its tables (checked: unknown
    tables, rows or columns are errors with their position)."""
    return with_tables(state, read_tables(tables), str(tables))


def load_state(path: Path, tables: Path | None = None, cells: list[str] | None = None) -> state_pb2.GameState:
    """A state file, with `--tables` and `--cell` merged over its tables."""
    s = read_message(path, state_pb2.GameState())
    if not s.ruleset:
        raise MalformedInput("not a game state (no ruleset)", str(path))
    s = with_user_tables(s, tables)
    return with_tables(s, cells_as_tables(cells), "--cell")
