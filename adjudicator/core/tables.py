"""Lookup tables as data, where any cell may be unknown.

Looking up an unknown cell is not a player's fault and never guessed: it raises
`NeedsData` naming the table, column and row and how to supply the value (a
user table file, or the value read off the printed chart given with the action).
The same mechanism serves every game's CRT, terrain, weather and other tables.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence

from adjudicator.core.errors import MalformedInput, NeedsData
from adjudicator.core.record import Record
from umpire.v1 import common_pb2, state_pb2, tables_pb2

HOW_TO_SUPPLY = (
    "Supply it in a table file (docs/tables.md; `--tables FILE` on the CLI or `tables` in "
    "CreateGame), or give the value read off the printed chart with the action "
    "(`--cell TABLE:COLUMN:ROW=VALUE` on the CLI, `supplied_cells` over gRPC)."
)


class TableView(Record):
    """Indexed, read-only access to one `umpire.v1.Table`."""

    __slots__ = ("table", "_cells", "_col_index", "_row_index")

    table: tables_pb2.Table
    _cells: dict[tuple[str, str], tables_pb2.TableCell]
    _col_index: dict[str, int]
    _row_index: dict[str, int]

    def __init__(self, table: tables_pb2.Table) -> None:
        self.table = table
        self._cells = {}
        self._col_index = {c: i for i, c in enumerate(self.table.columns)}
        self._row_index = {r: i for i, r in enumerate(self.table.rows)}
        rows = self.table.rows
        for cell in self.table.cells:
            if cell.row_through:
                lo, hi = self._row_index.get(cell.row), self._row_index.get(cell.row_through)
                if lo is None or hi is None or hi < lo:
                    raise MalformedInput(f"table {self.id}: rows {cell.row!r} through {cell.row_through!r} "
                                         "are not a range of its rows")
                for i in range(lo, hi + 1):
                    self._cells[(rows[i], cell.column)] = cell
            else:
                self._cells[(cell.row, cell.column)] = cell

    @property
    def id(self) -> str:
        return self.table.id

    @property
    def columns(self) -> Sequence[str]:
        return self.table.columns

    @property
    def rows(self) -> Sequence[str]:
        return self.table.rows

    def column_index(self, column: str) -> int:
        try:
            return self._col_index[column]
        except KeyError:
            raise MalformedInput(f"table {self.id} has no column {column!r}") from None

    def shift(self, column: str, columns: int) -> tuple[str, bool]:
        """Column `columns` to the right (negative: left), clamped to the table's ends.

        Returns the column and whether clamping happened.
        """
        i = self.column_index(column) + columns
        clamped = i < 0 or i >= len(self.table.columns)
        i = max(0, min(len(self.table.columns) - 1, i))
        return self.table.columns[i], clamped

    def cell(self, row: str, column: str) -> tables_pb2.TableCell | None:
        """The known cell, or None when unknown."""
        c = self._cells.get((row, column))
        if c is None or c.unknown:
            return None
        return c

    def needed(self, row: str, column: str, reason: str = "") -> common_pb2.NeededCell:
        return common_pb2.NeededCell(
            table_id=self.id,
            table_title=self.table.title,
            column=column,
            row=row,
            how_to_supply=HOW_TO_SUPPLY,
            reason=reason,
        )

    def lookup(
        self,
        row: str,
        column: str,
        supplied: Iterable[common_pb2.SuppliedCell] = (),
        reason: str = "",
    ) -> tables_pb2.TableCell:
        """The cell at (row, column); a value supplied with the action fills an
        unknown cell. Raises NeedsData when neither has it."""
        if row not in self._row_index:
            raise MalformedInput(f"table {self.id} has no row {row!r}")
        self.column_index(column)
        known = self.cell(row, column)
        if known is not None:
            return known
        for s in supplied:
            if s.table_id == self.id and s.column == column and s.row == row:
                return tables_pb2.TableCell(
                    row=row,
                    column=column,
                    value=s.value,
                    source="read off the printed chart by the players" + (f" ({s.note})" if s.note else ""),
                )
        raise NeedsData([self.needed(row, column, reason)])

    def unknown_cells(self) -> list[tuple[str, str]]:
        return [(r, c) for r in self.table.rows for c in self.table.columns if self.cell(r, c) is None]


MAX_EXAMPLES = 6
# The column a needed cell names when a table's whole layout is unknown (its
# columns and rows are not in the text): there is no one cell to give with
# --cell; the message says to give the whole table instead (docs/tables.md).
WHOLE_TABLE_COLUMN = "(its columns)"


def accepted_values(table: tables_pb2.Table | None, column: str, *, choices: Sequence[str] = (),
                    number: bool = False, hint: str = "") -> str:
    """The values a cell of `column` accepts, in words, for a needed-data message:
    the ruleset's closed list or its description of the syntax, else the values
    the table already knows in that column (then in the whole table) as a guide.
    Never a value for the cell itself: that is the players' to read off the chart."""
    if choices:
        return "one of " + ", ".join(choices)
    if hint:
        return hint
    known: list[str] = []
    if table is not None:
        for wanted in (column, None):
            known = sorted({c.value for c in table.cells
                            if not c.unknown and c.value and (wanted is None or c.column == wanted)})
            if known:
                break
    if number:
        return "a whole number" + (f", like {', '.join(known[:MAX_EXAMPLES])}" if known else "")
    if known:
        return "as printed on the chart, like the known cells: " + ", ".join(known[:MAX_EXAMPLES])
    return "the value as printed on the chart"


def cell_option(c: common_pb2.NeededCell) -> str:
    """The exact, copyable CLI option for a needed cell (VALUE to be replaced)."""
    import shlex

    return "--cell " + shlex.quote(f"{c.table_id}:{c.column}:{c.row}=VALUE")


def _title_hint(tables: Iterable[tables_pb2.Table], name: str) -> str:
    """`: that is the title of X; give its id` when a user wrote a table's title."""
    ids = [t.id for t in tables if t.title and t.title.strip().lower() == name.strip().lower()]
    return f": {name!r} is the title of table {ids[0]}; give its id" if len(ids) == 1 else ""


def find_table(tables: Iterable[tables_pb2.Table], table_id: str) -> TableView:
    for t in tables:
        if t.id == table_id:
            return TableView(t)
    raise MalformedInput(f"the game has no table {table_id!r}")


def merge_tables(
    base: Sequence[tables_pb2.Table], user: tables_pb2.TableSet, source_name: str
) -> list[tables_pb2.Table]:
    """Overlay a user's table file on the shipped tables.

    A user cell replaces the shipped cell; its source becomes `user file <name>`
    unless the file gave one. Rows, columns and table ids must exist: a typo in a
    user file is an error with its position, not a silently ignored cell.

    A shipped table that declares neither columns nor rows has an *unknown
    layout* (the rulebook names the table but prints none of it, e.g. a CRT
    whose ratio columns are not known): the user's table of that id then brings
    its own columns and rows, both required, and its cells are checked against them.
    """
    merged = {t.id: _copy(t) for t in base}
    for ti, ut in enumerate(user.tables):
        where = f"{source_name}: tables[{ti}]"
        if ut.id not in merged:
            raise MalformedInput(f"unknown table {ut.id!r}{_title_hint(base, ut.id)} "
                                 f"(known: {', '.join(sorted(merged))})", where)
        target = merged[ut.id]
        if layout_unknown(target):
            adopt_layout(target, ut, where)
        rows, cols = set(target.rows), set(target.columns)
        order = {r: i for i, r in enumerate(target.rows)}
        index = {(c.row, c.column): i for i, c in enumerate(target.cells) if not c.row_through}
        for ci, uc in enumerate(ut.cells):
            cw = f"{where}.cells[{ci}]"
            if uc.row not in rows:
                raise MalformedInput(f"table {ut.id} has no row {uc.row!r}", cw)
            if uc.row_through and uc.row_through not in rows:
                raise MalformedInput(f"table {ut.id} has no row {uc.row_through!r}", cw)
            if uc.row_through and order[uc.row_through] < order[uc.row]:
                raise MalformedInput(f"rows {uc.row!r} through {uc.row_through!r} run backwards in table {ut.id}", cw)
            if uc.column not in cols:
                raise MalformedInput(f"table {ut.id} has no column {uc.column!r}", cw)
            if uc.unknown:
                raise MalformedInput("a user table cell must give a value, not mark it unknown", cw)
            cell = tables_pb2.TableCell()
            cell.CopyFrom(uc)
            if not cell.source:
                cell.source = f"user file {source_name}"
            key = (uc.row, uc.column)
            if uc.row_through:
                target.cells.append(cell)  # a range overrides every row it covers: it comes last
            elif key in index:
                target.cells[index[key]].CopyFrom(cell)
            else:
                index[key] = len(target.cells)
                target.cells.append(cell)
    return [merged[t.id] for t in base]


def layout_unknown(t: tables_pb2.Table) -> bool:
    """Whether a table's columns and rows are themselves unknown (see merge_tables)."""
    return not t.columns and not t.rows


def adopt_layout(target: tables_pb2.Table, user: tables_pb2.Table, where: str) -> None:
    """Give a table of unknown layout the columns and rows of a user's table."""
    if not user.columns or not user.rows:
        raise MalformedInput(f"table {user.id} has no known layout: give its columns and rows as well as its cells",
                             where)
    for what, labels in (("column", user.columns), ("row", user.rows)):
        if len(set(labels)) != len(labels):
            raise MalformedInput(f"table {user.id}: a {what} label repeats", where)
    target.columns.extend(user.columns)
    target.rows.extend(user.rows)
    if user.row_label and not target.row_label:
        target.row_label = user.row_label


def with_tables(state: state_pb2.GameState, user: tables_pb2.TableSet | None,
                source_name: str) -> state_pb2.GameState:
    """A copy of the state with a user table file merged over its tables
    (`merge_tables`: a typo in the file is an error with its position). The
    CLI's `--tables`, `check-log --tables` and Umpire Studio's chart values all
    come in through here, so they are checked and merged the same way."""
    if user is None or not user.tables:
        return state
    out = state_pb2.GameState()
    out.CopyFrom(state)
    merged = merge_tables(list(out.scenario.definition.tables), user, source_name)
    del out.scenario.definition.tables[:]
    out.scenario.definition.tables.extend(merged)
    return out


def _copy(t: tables_pb2.Table) -> tables_pb2.Table:
    c = tables_pb2.Table()
    c.CopyFrom(t)
    return c


# A ruleset's check of a supplied value's syntax for one table (raise MalformedInput).
ValueCheck = Callable[[str], None]


def check_supplied(
    tables: Iterable[tables_pb2.Table],
    supplied: Sequence[common_pb2.SuppliedCell],
    value_checks: Mapping[str, ValueCheck] | None = None,
) -> None:
    """Every value given with an action must name a table, column and row of the
    game and read as that table's values: a typo is one line naming the cell
    (exit 2), never a value silently ignored while the verdict asks for it again."""
    if not supplied:
        return
    by_id = {t.id: t for t in tables}
    for i, s in enumerate(supplied):
        where = f"supplied_cells[{i}] ({s.table_id}:{s.column}:{s.row})"
        t = by_id.get(s.table_id)
        if t is None:
            raise MalformedInput(f"the game has no table {s.table_id!r}{_title_hint(by_id.values(), s.table_id)} "
                                 f"(tables: {', '.join(by_id)})", where)
        if s.column not in t.columns:
            raise MalformedInput(f"table {s.table_id} has no column {s.column!r} (columns: {', '.join(t.columns)})",
                                 where)
        if s.row not in t.rows:
            raise MalformedInput(f"table {s.table_id} has no row {s.row!r} (rows: {', '.join(t.rows)})", where)
        if not s.value.strip():
            raise MalformedInput("a supplied cell needs a value", where)
        check = (value_checks or {}).get(s.table_id)
        if check is not None:
            try:
                check(s.value)
            except MalformedInput as e:
                raise MalformedInput(e.message, where) from None


def remember_supplied(state: state_pb2.GameState, supplied: Sequence[common_pb2.SuppliedCell], version: int) -> None:
    """Write supplied values into the state's tables (in place, on a copy the
    caller owns): a value read off the printed chart stays known for the rest of
    the game, with its source. A cell already known is never overwritten."""
    if not supplied:
        return
    by_id = {t.id: t for t in state.scenario.definition.tables}
    for s in supplied:
        t = by_id[s.table_id]
        if TableView(t).cell(s.row, s.column) is not None:
            continue  # known, perhaps through a range cell
        existing = next((c for c in t.cells if c.row == s.row and c.column == s.column and not c.row_through), None)
        if existing is not None and not existing.unknown:
            continue
        if existing is None:
            existing = t.cells.add(row=s.row, column=s.column)
        existing.unknown = False
        existing.value = s.value
        existing.source = f"read off the printed chart by the players (action {version})" + (
            f": {s.note}" if s.note else "")
