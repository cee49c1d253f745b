"""What a VASSAL module lacks, added to the definition built from it.

A module has the board's grid but no terrain, and the counters' pictures but
not the values the rules read. Umpire Studio writes both as ordinary project
files: a map file (docs/maps.md) and a counters table file (docs/tables.md,
table `<ruleset>/counters`, one row per palette piece: the unit id the piece
gets when it is alone, e.g. `en-odin`). `Completion` puts them into a
definition built from the module (`import_game(..., complete=...)`):

* the map file's map replaces the bare grid (it must be the same grid);
* every unit gets its piece's counter row: the row named by the unit id, else
  the row of the palette piece the unit came from (`vassal.gpid`), so the
  third `unit-fire` of a save (`unit-fire-3`) gets the values typed for
  `unit-fire`. A ruleset with a counters table receives them as that table's
  cells in the definition (the ruleset merges them); a ruleset without one
  gets them written into the unit definitions (`CounterField.target`).
Chart values (a table file) are not part of the definition: the ruleset adds
its tables when it creates the game; merge them over the state's tables
afterwards (`merge_tables`), as `--tables` does.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from adjudicator.core.authoring import Vocabulary, set_target
from adjudicator.core.errors import MalformedInput
from adjudicator.core.hexgrid import HexGrid
from importers.vassal.chains import AddPieceText
from importers.vassal.module import Module
from importers.vassal.pieces import Piece
from umpire.v1 import definition_pb2, map_pb2, tables_pb2


def palette_rows(module: Module) -> dict[str, str]:
    """gpid -> the counters row of that palette piece (its unit id when alone:
    the unit-id property, else the piece name)."""
    from importers.vassal.binding import DEFAULT_UNIT_PROPS, Binder
    from umpire.v1 import vassal_pb2

    binder = Binder(vassal_pb2.VassalBinding(), module)
    out: dict[str, str] = {}
    for slot in module.views.slots:
        ap = AddPieceText.parse(slot.text)
        piece = Piece(None, ap.type, ap.state)
        if piece.kind != "piece" or piece.problems:
            continue
        props = binder.properties(piece)
        row = next((props[p] for p in DEFAULT_UNIT_PROPS if props.get(p)), "") or piece.name
        if row and slot.gpid:
            out.setdefault(slot.gpid, row)
    return out


def same_grid(a: map_pb2.HexGrid, b: map_pb2.HexGrid) -> bool:
    """Whether two grids have the same extent and print the same labels (the
    same numbering, however its fields are spelled), pixel fields aside."""
    ga, gb = HexGrid(a), HexGrid(b)
    if (ga.columns, ga.rows, ga.sideways, len(ga.sheets)) != (gb.columns, gb.rows, gb.sideways, len(gb.sheets)):
        return False
    c, r = max(ga.columns, 2), max(ga.rows, 2)
    probes = [(0, 0), (1, 0), (0, 1), (1, 1), (c - 1, r - 1), (c // 2, r // 2), (c // 2 + 1, r // 2)]
    return all(ga.numbering.label(*p) == gb.numbering.label(*p) for p in probes)


@dataclass
class Completion:
    vocabulary: Vocabulary
    ruleset: str
    game_map: map_pb2.GameMap | None = None
    counters: tables_pb2.TableSet | None = None
    rows_by_gpid: dict[str, str] = field(default_factory=dict)

    def __call__(self, d: definition_pb2.GameDefinition) -> None:
        if self.game_map is not None:
            if d.map.WhichOneof("layout") == "hex" and self.game_map.WhichOneof("layout") == "hex" \
                    and not same_grid(d.map.hex.grid, self.game_map.hex.grid):
                raise MalformedInput(f"map file {self.game_map.id!r} is not drawn on the grid of the bound VASSAL map")
            d.map.CopyFrom(self.game_map)
        values = self._values()
        if values:
            self._apply_counters(d, values)

    def _values(self) -> dict[str, dict[str, str]]:
        table_id = self.vocabulary.counters_table or f"{self.ruleset}/counters"
        out: dict[str, dict[str, str]] = {}
        for t in (self.counters.tables if self.counters is not None else []):
            if t.id != table_id:
                raise MalformedInput(f"the counters file holds table {t.id!r}; ruleset {self.ruleset} reads {table_id!r}")
            for c in t.cells:
                out.setdefault(c.row, {})[c.column] = c.value
        return out

    def _apply_counters(self, d: definition_pb2.GameDefinition, values: dict[str, dict[str, str]]) -> None:
        fields = {f.column: f for f in self.vocabulary.counter_fields}
        own: tables_pb2.Table | None = None
        if self.vocabulary.counters_table:
            own = tables_pb2.Table(id=self.vocabulary.counters_table)
        for u in d.units:
            row = values.get(u.id)
            if row is None:
                row = values.get(self.rows_by_gpid.get(u.props.get("vassal.gpid", ""), ""))
            if row is None:
                continue
            for column, value in row.items():
                f = fields.get(column)
                if f is None:
                    raise MalformedInput(f"ruleset {self.ruleset} reads no counter value {column!r} "
                                         f"(it reads {', '.join(fields)})", f"counters row {u.id}")
                if own is not None:
                    own.cells.add(row=u.id, column=column, value=value, source="counters file (Umpire Studio)")
                elif f.target:
                    set_target(u, f.target, value)
        if own is not None and own.cells:
            d.tables.append(own)
