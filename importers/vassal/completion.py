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
  gets them written into the unit definitions (`CounterField.target`);
* the ruleset's unit types (`Vocabulary.unit_types`) are added, so the type a
  counter row names is one of the game's.
Chart values (a table file) are not part of the definition: the ruleset adds
its tables when it creates the game; merge them over the state's tables
afterwards (`adjudicator.core.tables.with_tables`), as `--tables` does.

The CLI (`umpire convert`, `check-log`, `new` with `--map` / `--counters`) and
the studio build their Completion with `load_completion`, from the same files,
so a verdict in the studio and one from the command line cannot differ.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from adjudicator.core.authoring import Vocabulary, set_target
from adjudicator.core.errors import MalformedInput
from adjudicator.core.ruleset import get_ruleset
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


def grid_summary(grid: map_pb2.HexGrid) -> str:
    """`10x8 hexes 0101..1008` (extent and the labels of two corners)."""
    g = HexGrid(grid)
    try:
        first, last = g.numbering.label(0, 0), g.numbering.label(max(g.columns - 1, 0), max(g.rows - 1, 0))
    except Exception:  # descending numbering without geometry: extent only
        return f"{g.columns}x{g.rows} hexes"
    return f"{g.columns}x{g.rows} hexes {first}..{last}"


def grid_mismatch(ruleset_id: str, game_map: map_pb2.GameMap) -> str | None:
    """Why a map built from a module cannot be the ruleset's: its hex grid is
    none of the grids of the ruleset's shipped scenarios (the module is of
    another game, or another edition). None when one matches, or the ruleset
    ships no hex scenario to compare with."""
    if game_map.WhichOneof("layout") != "hex":
        return None
    rs = get_ruleset(ruleset_id)
    theirs: list[tuple[str, map_pb2.HexGrid]] = []
    for sid in rs.scenario_ids():
        try:
            sm = rs.load_scenario(sid).definition.map
        except Exception:  # a scenario that cannot load says so itself when asked for
            continue
        if sm.WhichOneof("layout") == "hex":
            theirs.append((sid, sm.hex.grid))
    if not theirs:
        return None
    mine = game_map.hex.grid
    try:
        if any(same_grid(mine, g) for _sid, g in theirs):
            return None
    except Exception:
        return None
    sid, g = theirs[0]
    return (f"the module's grid ({grid_summary(mine)}) does not match the map of ruleset {ruleset_id!r} "
            f"(scenario {sid}: {grid_summary(g)}): the module is not of this game; pair it with its own "
            f"ruleset, or give --map FILE with terrain for this grid")


@dataclass
class Completion:
    vocabulary: Vocabulary
    ruleset: str
    game_map: map_pb2.GameMap | None = None
    counters: tables_pb2.TableSet | None = None
    rows_by_gpid: dict[str, str] = field(default_factory=dict)

    def __call__(self, d: definition_pb2.GameDefinition) -> None:
        if self.game_map is not None:
            built, given = d.map.WhichOneof("layout"), self.game_map.WhichOneof("layout")
            if built and given and built != given:
                raise MalformedInput(f"map file {self.game_map.id!r} is a {given} map; the VASSAL map is a {built} map")
            if built == "hex" and given == "hex" and not same_grid(d.map.hex.grid, self.game_map.hex.grid):
                raise MalformedInput(f"map file {self.game_map.id!r} is not drawn on the grid of the bound VASSAL map")
            if built == "graph" and given == "graph":
                towns = {t.id for t in self.game_map.graph.towns}
                missing = [t.id for t in d.map.graph.towns if t.id not in towns]
                if missing:
                    raise MalformedInput(f"board file {self.game_map.id!r} has no town {', '.join(missing[:8])} "
                                         "(the VASSAL map's regions: pieces stand there)")
            d.map.CopyFrom(self.game_map)
        have = {t.id for t in d.unit_types}
        d.unit_types.extend(t for t in self.vocabulary.unit_types if t.id not in have)  # a counter's `type` names one
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
            have = next((t for t in d.tables if t.id == own.id), None)
            if have is None:
                d.tables.append(own)
                return
            at = {(c.row, c.column): c for c in have.cells}  # a scenario's own counters table: typed values win
            for c in own.cells:
                if (c.row, c.column) in at:
                    at[(c.row, c.column)].CopyFrom(c)
                else:
                    have.cells.append(c)


def read_map_file(path: Path) -> map_pb2.GameMap:
    """A map file as `umpire check-map` reads it: TOML (docs/maps.md), else a
    canonical GameMap (.json/.textproto/.binpb; a point-to-point board file,
    docs/boards.md), checked (a hex map against its grid)."""
    from adjudicator.core.mapfile import check_map, load_map_toml
    from importers.canonical import read_message

    if path.suffix.lower() == ".toml":
        return load_map_toml(path)
    gm = read_message(path, map_pb2.GameMap())
    if gm.WhichOneof("layout") == "hex":
        check_map(gm, str(path))
    elif gm.WhichOneof("layout") != "graph":
        raise MalformedInput("not a map file (no hex or graph layout)", str(path))
    return gm


def read_counters_file(path: Path) -> tables_pb2.TableSet:
    from importers.canonical import read_message

    return read_message(path, tables_pb2.TableSet())


def load_completion(ruleset: str, module: Module | None, game_map: map_pb2.GameMap | None,
                    counters: tables_pb2.TableSet | None) -> Completion:
    """The completion of a definition with a map and a counters file; the
    module gives which palette piece each unit came from (copies of a piece
    share its row). Without a module, rows match unit ids only."""
    if not ruleset:
        raise MalformedInput("--map / --counters need the ruleset (give --ruleset or a binding naming one)")
    rows = palette_rows(module) if module is not None and counters is not None else {}
    return Completion(get_ruleset(ruleset).authoring(), ruleset, game_map, counters, rows)


def completion_from_files(ruleset: str, module: Module | None, map_file: Path | None,
                          counters_file: Path | None) -> Completion | None:
    """`--map FILE` and `--counters FILE` as a completion (None when neither is given)."""
    if map_file is None and counters_file is None:
        return None
    gm = read_map_file(map_file) if map_file is not None else None
    counters = read_counters_file(counters_file) if counters_file is not None else None
    return load_completion(ruleset, module, gm, counters)
