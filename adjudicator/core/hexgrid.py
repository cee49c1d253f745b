"""Hex geometry: printed hex ids <-> raw grid positions <-> axial coordinates.

Every hex ruleset and the VASSAL converter share these conventions, which are
exactly the ones VASSAL's ``HexGrid`` + ``HexGridNumbering`` can express, so a
position imported from a module maps 1:1 (research/vassal-formats.md §1.5-1.7):

* A *raw position* is VASSAL's raw (column, row) on one global plane. Sheets of
  a multi-sheet map (GOSS ``2-1801``) sit on that plane at an offset in raw units.
* VASSAL draws columns of flat-topped hexes with **odd raw columns half a hex
  lower**; ``sideways`` swaps the screen axes (rows of pointy-topped hexes). A
  swap is a reflection, so adjacency in raw terms is the same either way: the
  "odd-q" layout. Which *printed* columns are shifted (both "staggers") is a
  matter of numbering: ``column_offset`` (VASSAL hOff) and ``stagger`` decide it,
  and :mod:`adjudicator.core.numbering` inverts them.
* Arithmetic uses axial coordinates ``q = col``, ``r = row - floor(col / 2)``
  (cube ``x = q, z = r, y = -q - r``).
* A hexside has one identity whichever hex it is seen from: ``(q, r, d)`` with
  ``d`` in 0..2 (the side towards direction d of hex (q, r)); see :func:`side_key`.

Pure functions, no I/O.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property

from adjudicator.core.errors import MalformedInput
from adjudicator.core.numbering import LabelError, Numbering, from_proto
from umpire.v1 import map_pb2

# Axial direction vectors; DIRECTIONS[(d + 3) % 6] is the opposite of d.
DIRECTIONS: tuple[tuple[int, int], ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))

# Compass names of the six directions as VASSAL draws them.
COMPASS_FLAT = ("SE", "NE", "N", "NW", "SW", "S")  # flat-topped columns (not sideways)
COMPASS_SIDEWAYS = ("SE", "SW", "W", "NW", "NE", "E")  # pointy-topped rows (sideways)

Axial = tuple[int, int]
Raw = tuple[int, int]
SideKey = tuple[int, int, int]


def raw_to_axial(col: int, row: int) -> Axial:
    return col, row - (col >> 1)


def axial_to_raw(q: int, r: int) -> Raw:
    return q, r + (q >> 1)


def axial_distance(a: Axial, b: Axial) -> int:
    dq = a[0] - b[0]
    dr = a[1] - b[1]
    return max(abs(dq), abs(dr), abs(dq + dr))


def axial_neighbour(a: Axial, d: int) -> Axial:
    v = DIRECTIONS[d]
    return a[0] + v[0], a[1] + v[1]


def direction_between(a: Axial, b: Axial) -> int | None:
    """The direction d with neighbour(a, d) == b, or None when not adjacent."""
    delta = (b[0] - a[0], b[1] - a[1])
    try:
        return DIRECTIONS.index(delta)
    except ValueError:
        return None


def side_key(a: Axial, d: int) -> SideKey:
    """The one identity of the side of hex `a` facing direction `d`."""
    if d < 3:
        return a[0], a[1], d
    n = axial_neighbour(a, d)
    return n[0], n[1], d - 3


def ring(center: Axial, radius: int) -> list[Axial]:
    """Hexes at exactly `radius` from `center` (the centre itself for radius 0)."""
    if radius == 0:
        return [center]
    out = []
    q, r = center[0] + DIRECTIONS[4][0] * radius, center[1] + DIRECTIONS[4][1] * radius
    for d in range(6):
        for _ in range(radius):
            out.append((q, r))
            q, r = q + DIRECTIONS[d][0], r + DIRECTIONS[d][1]
    return out


def spiral(center: Axial, radius: int) -> list[Axial]:
    """Hexes within `radius` of `center`, nearest first."""
    out: list[Axial] = []
    for k in range(radius + 1):
        out.extend(ring(center, k))
    return out


@dataclass(frozen=True)
class Sheet:
    id: str
    column_offset: int
    row_offset: int
    name: str = ""
    # The sheet's own extent in raw units; 0 = the grid's (a partial sheet such
    # as GOSS Lucky Forward's Kaiserslautern extension is smaller).
    columns: int = 0
    rows: int = 0


class HexGrid:
    """The geometry and numbering of one hex map (one or several sheets).

    Labels are the game's printed ids ("1207", "2-1801"); positions are global raw
    (column, row); arithmetic is axial. Overlapping sheets give one position two
    labels: the first sheet listed owns the canonical label, the others are aliases.
    """

    def __init__(self, grid: map_pb2.HexGrid) -> None:
        self.proto = grid
        self.numbering: Numbering = from_proto(grid)
        self.sideways = grid.sideways
        self.columns = grid.columns
        self.rows = grid.rows
        self.sheet_separator = grid.sheet_separator
        sheets = []
        for i, s in enumerate(grid.sheets):
            if not s.id:
                raise MalformedInput("a map sheet needs an id", f"grid.sheets[{i}]")
            if s.column_offset % 2:
                raise MalformedInput(
                    f"sheet {s.id!r} has column_offset {s.column_offset}: it must be even so the "
                    "half-hex shift of odd columns keeps its parity",
                    f"grid.sheets[{i}]",
                )
            if s.columns < 0 or s.rows < 0:
                raise MalformedInput(f"sheet {s.id!r} has a negative extent", f"grid.sheets[{i}]")
            if (s.columns or s.rows) and not (grid.columns and grid.rows):
                raise MalformedInput(
                    f"sheet {s.id!r} states its own extent but the grid states none (set grid columns and rows)",
                    f"grid.sheets[{i}]",
                )
            sheets.append(Sheet(s.id, s.column_offset, s.row_offset, s.name, s.columns, s.rows))
        if len({s.id for s in sheets}) != len(sheets):
            raise MalformedInput("two sheets share an id", "grid.sheets")
        if sheets and not self.sheet_separator:
            raise MalformedInput("a multi-sheet grid needs sheet_separator (e.g. '-')", "grid.sheet_separator")
        self.sheets: tuple[Sheet, ...] = tuple(sheets)
        self._sheet_by_id = {s.id: s for s in sheets}

    @property
    def compass(self) -> tuple[str, ...]:
        return COMPASS_SIDEWAYS if self.sideways else COMPASS_FLAT

    # -- labels <-> raw positions
    def _local_label(self, col: int, row: int) -> str:
        return self.numbering.label(col, row)

    def label(self, raw: Raw) -> str:
        """Canonical printed label of a global raw position."""
        if not self.sheets:
            return self._local_label(*raw)
        sheet = self.sheet_of(raw)
        if sheet is None:
            raise MalformedInput(f"raw position {raw} is on no sheet")
        return f"{sheet.id}{self.sheet_separator}{self._local_label(raw[0] - sheet.column_offset, raw[1] - sheet.row_offset)}"

    def sheet_of(self, raw: Raw) -> Sheet | None:
        """The first sheet whose extent holds `raw` (any sheet when extents are not stated)."""
        for s in self.sheets:
            if self._on_sheet(s, raw):
                return s
        return None

    def _on_sheet(self, s: Sheet, raw: Raw) -> bool:
        c, r = raw[0] - s.column_offset, raw[1] - s.row_offset
        columns, rows = s.columns or self.columns, s.rows or self.rows
        if columns and not 0 <= c < columns:
            return False
        if rows and not 0 <= r < rows:
            return False
        return True

    def parse(self, label: str) -> Raw:
        """Global raw position of a printed label; raises LabelError when it does not fit."""
        text = label.strip()
        if not self.sheets:
            return self._parse_local(text)
        sheet: Sheet | None = None
        local = text
        if self.sheet_separator and self.sheet_separator in text:
            sid, _, rest = text.partition(self.sheet_separator)
            sheet = self._sheet_by_id.get(sid)
            local = rest
        if sheet is None:
            if len(self.sheets) == 1:
                sheet = self.sheets[0]
                local = text
            else:
                raise LabelError(
                    f"{label!r} names no sheet; write it as SHEET{self.sheet_separator}HEX "
                    f"(sheets: {', '.join(s.id for s in self.sheets)})"
                )
        col, row = self._parse_local(local)
        return col + sheet.column_offset, row + sheet.row_offset

    def _parse_local(self, text: str) -> Raw:
        try:
            return self.numbering.parse(text)
        except LabelError:
            padded = self._zero_padded(text)
            if padded is None:
                raise
            return self.numbering.parse(padded)

    def _zero_padded(self, text: str) -> str | None:
        """Rulebooks often print "101" for hex "0101": accept a numeric label short
        of the grid's width when zero-padding gives a label the grid itself prints."""
        n = self.numbering
        if not text.isdigit() or n.separator or n.column_alpha or n.row_alpha or n.location_format:
            return None
        width = n.column_leading + 1 + n.row_leading + 1
        if len(text) >= width:
            return None
        padded = text.rjust(width, "0")
        try:
            raw = n.parse(padded)
        except LabelError:
            return None
        return padded if n.label(*raw) == padded else None

    # -- extent
    def in_extent(self, raw: Raw) -> bool:
        """Whether the grid's stated extent holds `raw` (always True when unstated)."""
        if not self.sheets:
            c, r = raw
            if self.columns and not 0 <= c < self.columns:
                return False
            if self.rows and not 0 <= r < self.rows:
                return False
            return True
        return self.sheet_of(raw) is not None

    @property
    def bounded(self) -> bool:
        return self.columns > 0 and self.rows > 0

    def extent(self) -> Iterator[Raw]:
        """Every raw position of the stated extent, sheet by sheet (duplicates of
        overlapping sheets removed)."""
        if not self.bounded:
            return
        seen: set[Raw] = set()
        sheets = self.sheets or (Sheet("", 0, 0),)
        for s in sheets:
            for c in range(s.columns or self.columns):
                for r in range(s.rows or self.rows):
                    raw = (c + s.column_offset, r + s.row_offset)
                    if raw not in seen:
                        seen.add(raw)
                        yield raw

    def aliases(self, raw: Raw) -> list[str]:
        """Every label of `raw` (several where sheets overlap), canonical first."""
        if not self.sheets:
            return [self._local_label(*raw)]
        out = []
        for s in self.sheets:
            if self._on_sheet(s, raw):
                local = self._local_label(raw[0] - s.column_offset, raw[1] - s.row_offset)
                out.append(f"{s.id}{self.sheet_separator}{local}")
        return out

    # -- arithmetic on labels (convenience; hot paths use the compiled map)
    def axial(self, label: str) -> Axial:
        return raw_to_axial(*self.parse(label))

    def distance(self, a: str, b: str) -> int:
        return axial_distance(self.axial(a), self.axial(b))

    def adjacent(self, a: str, b: str) -> bool:
        return self.distance(a, b) == 1

    def neighbour_labels(self, label: str) -> list[str]:
        """Labels of the in-extent neighbours, in direction order."""
        a = self.axial(label)
        out = []
        for d in range(6):
            raw = axial_to_raw(*axial_neighbour(a, d))
            if self.in_extent(raw):
                out.append(self.label(raw))
        return out

    @cached_property
    def description(self) -> str:
        n = self.numbering
        return (
            f"{'sideways ' if self.sideways else ''}hex grid, columns offset {n.column_offset}, "
            f"stagger {'on' if n.stagger else 'off'}"
        )
