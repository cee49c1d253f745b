"""VASSAL's grid arithmetic, with Java's integer semantics (research notes §1.5-1.7).

Pixel -> raw column/row -> numbered column/row -> location name, and back, for
HexGrid (+HexGridNumbering, ObliqueHexGridNumbering), SquareGrid
(+SquareGridNumbering) and RegionGrid, as the classes of those names compute
them, quirks included:

* `jround(v) = floor(v + 0.5)` (Java Math.round) and `(int) v` truncating
  towards zero are different functions and both are used;
* descending hex numbering divides the container height by dx and its width
  by dy;
* square rows truncate, square columns floor;
* a region is the nearest region origin, ties broken in Java HashMap order;
* location formats are evaluated like VASSAL's FormattedString (an integer
  format prints as the integer, `$prop$` substitution on the trimmed text).

The name of one axis and its inverse come from `adjudicator.core.numbering`.
"""

from __future__ import annotations

import functools
import math

from adjudicator.core.numbering import LabelError, Numbering, name as axis_name, parse_name
from adjudicator.core.record import FrozenRecord
from importers.vassal import seqenc
from importers.vassal.javahash import hashmap_order, point_hash

SQRT3_2 = math.sqrt(3.0) / 2.0
HEX_DEFAULT_DY = 64.0
HEX_DEFAULT_DX = SQRT3_2 * 64.0


def jround(v: float) -> int:
    return math.floor(v + 0.5)


def jint(v: float) -> int:
    return int(v)


def _int_attr(attrs: dict[str, str], key: str, default: int) -> int:
    v = attrs.get(key)
    if v is None or v == "":
        return default
    try:
        return int(v)
    except ValueError:
        try:
            return int(float(v))
        except ValueError:
            return default


def _float_attr(attrs: dict[str, str], key: str, default: float) -> float:
    v = attrs.get(key)
    if v is None or v == "":
        return default
    try:
        return float(v)
    except ValueError:
        return default


def _bool_attr(attrs: dict[str, str], key: str, default: bool) -> bool:
    v = attrs.get(key)
    return default if v is None else v == "true"


def evaluate_format(fmt: str, props: dict[str, str | None], localized: bool) -> str:
    """A location format evaluated as VASSAL's Expression/FormattedString does."""
    if not fmt or fmt.isspace():
        return ""
    t = fmt.strip()
    if t.startswith("{") and t.endswith("}"):
        raise LabelError(f"BeanShell location format {t[:40]!r} is not supported")
    try:
        return str(seqenc.java_parse_int(t))
    except ValueError:
        pass
    if "$" not in t:
        return fmt
    out: list[str] = []
    tokens = seqenc.decode(t, "$")
    is_prop = True
    for i, tok in enumerate(tokens):
        is_prop = not is_prop
        if not tok:
            continue
        if not is_prop or i == len(tokens) - 1:
            out.append(tok)
        elif tok in props:
            value = props[tok]
            if value is not None:
                out.append(value)
        elif not localized:
            out.append(tok)
    return "".join(out)


class AxisNumbering(FrozenRecord):
    """RegularGridNumbering attributes (defaults as in VASSAL)."""

    __slots__ = ("first", "sep", "h_alpha", "v_alpha", "h_leading", "v_leading", "h_off", "v_off", "h_descend",
                 "v_descend", "stagger", "fmt", "oblique")

    first: str
    sep: str
    h_alpha: bool
    v_alpha: bool
    h_leading: int
    v_leading: int
    h_off: int
    v_off: int
    h_descend: bool
    v_descend: bool
    stagger: bool
    fmt: str
    oblique: bool

    def __init__(
        self,
        first: str = "H",
        sep: str = "",
        h_alpha: bool = False,
        v_alpha: bool = False,
        h_leading: int = 1,
        v_leading: int = 1,
        h_off: int = 1,
        v_off: int = 1,
        h_descend: bool = False,
        v_descend: bool = False,
        stagger: bool = True,
        fmt: str = "$gridLocation$",
        oblique: bool = False,
    ) -> None:
        object.__setattr__(self, "first", first)
        object.__setattr__(self, "sep", sep)
        object.__setattr__(self, "h_alpha", h_alpha)
        object.__setattr__(self, "v_alpha", v_alpha)
        object.__setattr__(self, "h_leading", h_leading)
        object.__setattr__(self, "v_leading", v_leading)
        object.__setattr__(self, "h_off", h_off)
        object.__setattr__(self, "v_off", v_off)
        object.__setattr__(self, "h_descend", h_descend)
        object.__setattr__(self, "v_descend", v_descend)
        object.__setattr__(self, "stagger", stagger)
        object.__setattr__(self, "fmt", fmt)
        object.__setattr__(self, "oblique", oblique)

    @classmethod
    def from_attrs(cls, attrs: dict[str, str], oblique: bool = False) -> "AxisNumbering":
        return cls(
            first=(attrs.get("first") or "H")[:1],
            sep=attrs.get("sep", ""),
            h_alpha=attrs.get("hType", "N")[:1] == "A",
            v_alpha=attrs.get("vType", "N")[:1] == "A",
            h_leading=_int_attr(attrs, "hLeading", 1),
            v_leading=_int_attr(attrs, "vLeading", 1),
            h_off=_int_attr(attrs, "hOff", 1),
            v_off=_int_attr(attrs, "vOff", 1),
            h_descend=_bool_attr(attrs, "hDescend", False),
            v_descend=_bool_attr(attrs, "vDescend", False),
            stagger=_bool_attr(attrs, "stagger", True),
            fmt=attrs.get("locationFormat", "$gridLocation$"),
            oblique=oblique,
        )

    def names(self, col: int, row: int) -> tuple[str, str, str]:
        """(gridLocation, rowName, colName) of a numbered column/row."""
        row_name = axis_name(row + self.v_off, self.v_alpha, self.v_leading)
        col_name = axis_name(col + self.h_off, self.h_alpha, self.h_leading)
        grid = col_name + self.sep + row_name if self.first == "H" else row_name + self.sep + col_name
        return grid, row_name, col_name

    def location(self, col: int, row: int) -> str:
        grid, row_name, col_name = self.names(col, row)
        return evaluate_format(self.fmt, {"gridLocation": grid, "row": row_name, "column": col_name}, localized=True)


class HexGeom(FrozenRecord):
    """HexGrid geometry: origin, spacing and orientation."""

    __slots__ = ("x0", "y0", "dx", "dy", "sideways", "numbering")

    x0: int
    y0: int
    dx: float
    dy: float
    sideways: bool
    numbering: AxisNumbering | None

    def __init__(
        self,
        x0: int = 0,
        y0: int = 32,
        dx: float = HEX_DEFAULT_DX,
        dy: float = HEX_DEFAULT_DY,
        sideways: bool = False,
        numbering: AxisNumbering | None = None,
    ) -> None:
        object.__setattr__(self, "x0", x0)
        object.__setattr__(self, "y0", y0)
        object.__setattr__(self, "dx", dx)
        object.__setattr__(self, "dy", dy)
        object.__setattr__(self, "sideways", sideways)
        object.__setattr__(self, "numbering", numbering)

    @classmethod
    def from_attrs(cls, attrs: dict[str, str], numbering: AxisNumbering | None) -> "HexGeom":
        dx = _float_attr(attrs, "dx", HEX_DEFAULT_DX)
        dy = _float_attr(attrs, "dy", HEX_DEFAULT_DY)
        if "dy" in attrs and dx == HEX_DEFAULT_DX:
            dx = SQRT3_2 * dy  # HexGrid.setAttribute(dy) rescales an untouched dx
        return cls(_int_attr(attrs, "x0", 0), _int_attr(attrs, "y0", 32), dx, dy,
                   _bool_attr(attrs, "sideways", False), numbering)

    def _swap(self, x: int, y: int) -> tuple[int, int]:
        return (y, x) if self.sideways else (x, y)

    def raw(self, x: int, y: int) -> tuple[int, int]:
        """HexGrid.getRawColumn / getRawRow of a board (or zone) point."""
        px, py = self._swap(x, y)
        col = math.floor((px - self.x0) / self.dx + 0.5)
        nx = jround((px - self.x0) / self.dx)
        if nx % 2 == 0:
            row = jround((py - self.y0) / self.dy)
        else:
            row = jround((py - self.y0 - self.dy / 2) / self.dy)
        return col, row

    def center(self, col: int, row: int) -> tuple[int, int]:
        """The pixel VASSAL snaps a point of raw hex (col, row) to."""
        x = jint(self.dx * col + self.x0)
        if col % 2 == 0:
            y = jint(self.dy * row + self.y0)
        else:
            y = jint(self.dy * row + jint(self.dy / 2) + self.y0)
        return self._swap(x, y)

    def polygon(self, col: int, row: int) -> list[tuple[float, float]]:
        """The six corners of raw hex (col, row) as HexGrid draws it: flat-topped
        columns dx apart (half a hex lower in odd columns), rows dy apart; the
        hexes tile the plane for any dx and dy. `sideways` swaps the axes."""
        cx = self.dx * col + self.x0
        cy = self.dy * row + (self.dy / 2 if col % 2 else 0.0) + self.y0
        a, b, h = 2 * self.dx / 3, self.dx / 3, self.dy / 2
        pts = [(cx - a, cy), (cx - b, cy - h), (cx + b, cy - h), (cx + a, cy), (cx + b, cy + h), (cx - b, cy + h)]
        return [(y, x) for x, y in pts] if self.sideways else pts

    def extent(self, width: int, height: int) -> tuple[int, int]:
        """Raw columns and rows whose hex centres lie in a container of this size."""
        along, across = (height, width) if self.sideways else (width, height)
        cols = 0
        while self.dx * cols + self.x0 < along and cols < 10000:
            cols += 1
        rows = 0
        while self.dy * rows + self.y0 < across and rows < 10000:
            rows += 1
        return cols, rows

    def label_numbering(self, width: int, height: int) -> AxisNumbering:
        """The numbering hex ids are printed with: the grid's own, or for a grid
        without numbering the raw column and row.

        VASSAL's HexGrid.locationName is null without a numbering (the map then
        reports "offboard", or the zone's name), but the grid still snaps pieces
        to hexes by raw column/row (getRawColumn/getRawRow). So Umpire names those
        hexes by raw column and row, column first, zero-based, no stagger, padded
        to the width the extent needs ("0000" .. "0809" on a 9x10 grid).
        """
        if self.numbering is not None:
            return self.numbering
        return _raw_numbering(self.extent(width, height))

    def kernel_numbering(self, width: int, height: int) -> Numbering:
        """The shared kernel's Numbering for this grid in a container of this size (cached)."""
        return _kernel_numbering(self, width, height)

    def numbered(self, x: int, y: int, width: int, height: int) -> tuple[int, int]:
        """Numbered (column, row) before offsets (HexGridNumbering.getColumn/getRow)."""
        n = self.numbering or AxisNumbering()
        c, r = self.raw(x, y)
        col, row = self.kernel_numbering(width, height).column_row(c, r)
        if n.oblique:
            row = (_jdiv(col, 2) + row) if n.stagger else (row - _jdiv(col, 2) + 1)
        return col, row

    def location(self, x: int, y: int, width: int, height: int) -> str | None:
        if self.numbering is None:
            return None
        col, row = self.numbered(x, y, width, height)
        return self.numbering.location(col, row)

    def grid_label(self, x: int, y: int, width: int, height: int) -> str:
        """The `$gridLocation$` part alone (the canonical hex id); raw column and
        row for a grid without numbering (`label_numbering`)."""
        col, row = self.numbered(x, y, width, height)
        return self.label_numbering(width, height).names(col, row)[0]

    def vassal_get_location(self, label: str, width: int, height: int) -> tuple[int, int]:
        """Where VASSAL's HexGridNumbering.getLocation puts a label (SetupStack
        "use grid location"), quirk kept: getCenterPoint undoes the stagger with
        the parity of the *numbered* column, so with descending columns and an
        odd column count it lands one hex off the hex the label names.
        Without a numbering VASSAL's HexGrid.getLocation throws BadCoords."""
        n = self.numbering
        if n is None:
            raise LabelError("the hex grid has no numbering: VASSAL cannot look up a grid location on it")
        plain = Numbering(first=n.first, separator=n.sep, column_alpha=n.h_alpha, row_alpha=n.v_alpha,
                          column_leading=n.h_leading, row_leading=n.v_leading, column_offset=n.h_off,
                          row_offset=n.v_off)
        col, row = plain.parse(label, greedy=True)  # VASSAL's getLocation: the greedy regex split
        kn = self.kernel_numbering(width, height)
        if n.stagger and col % 2 != 0:
            desc = n.h_descend if self.sideways else n.v_descend
            row += 1 if desc else -1
        if self.sideways:
            if n.v_descend:
                col = kn.max_rows() - col
            if n.h_descend:
                row = kn.max_cols() - row
        else:
            if n.h_descend:
                col = kn.max_cols() - col
            if n.v_descend:
                row = kn.max_rows() - row
        x = jint(col * self.dx) + self.x0
        y = (jint(row * self.dy) if col % 2 == 0 else jint(row * self.dy + self.dy / 2)) + self.y0
        return self._swap(x, y)

    def raw_of_label(self, label: str, width: int, height: int) -> tuple[int, int]:
        """Raw (col, row) whose `$gridLocation$` is `label` (inverse of grid_label)."""
        n = self.numbering or AxisNumbering()
        if n.oblique:
            raise LabelError("oblique hex numbering has no inverse here")
        return self.kernel_numbering(width, height).parse(label)


def _raw_numbering(extent: tuple[int, int]) -> AxisNumbering:
    cols, rows = extent
    return AxisNumbering(h_leading=max(1, len(str(max(cols - 1, 0))) - 1),
                         v_leading=max(1, len(str(max(rows - 1, 0))) - 1),
                         h_off=0, v_off=0, stagger=False)


@functools.lru_cache(maxsize=512)
def _kernel_numbering(g: HexGeom, width: int, height: int) -> Numbering:
    n = g.label_numbering(width, height)
    return Numbering(
        first=n.first, separator=n.sep, column_alpha=n.h_alpha, row_alpha=n.v_alpha,
        column_leading=n.h_leading, row_leading=n.v_leading, column_offset=n.h_off, row_offset=n.v_off,
        column_descending=n.h_descend, row_descending=n.v_descend, stagger=n.stagger,
        location_format="", sideways=g.sideways, dx=g.dx, dy=g.dy,
        board_width=width, board_height=height,
    )


def _jdiv(a: int, b: int) -> int:
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b >= 0) else -q


class SquareGeom(FrozenRecord):
    __slots__ = ("x0", "y0", "dx", "dy", "numbering")

    x0: int
    y0: int
    dx: float
    dy: float
    numbering: AxisNumbering | None

    def __init__(
        self,
        x0: int = 24,
        y0: int = 24,
        dx: float = 48.0,
        dy: float = 48.0,
        numbering: AxisNumbering | None = None,
    ) -> None:
        object.__setattr__(self, "x0", x0)
        object.__setattr__(self, "y0", y0)
        object.__setattr__(self, "dx", dx)
        object.__setattr__(self, "dy", dy)
        object.__setattr__(self, "numbering", numbering)

    @classmethod
    def from_attrs(cls, attrs: dict[str, str], numbering: AxisNumbering | None) -> "SquareGeom":
        return cls(_int_attr(attrs, "x0", 24), _int_attr(attrs, "y0", 24), _float_attr(attrs, "dx", 48.0),
                   _float_attr(attrs, "dy", 48.0), numbering)

    def numbered(self, x: int, y: int, width: int, height: int) -> tuple[int, int]:
        n = self.numbering or AxisNumbering()
        col = math.floor((x - self.x0) / self.dx + 0.5)
        if n.h_descend:
            col = jint(width / self.dx + 0.5) - col
        row = jint((y - self.y0) / self.dy + 0.5)
        if n.v_descend:
            row = jint(height / self.dy + 0.5) - row
        return col, row

    def location(self, x: int, y: int, width: int, height: int) -> str | None:
        if self.numbering is None:
            return None
        col, row = self.numbered(x, y, width, height)
        return self.numbering.location(col, row)

    def grid_label(self, x: int, y: int, width: int, height: int) -> str:
        col, row = self.numbered(x, y, width, height)
        return (self.numbering or AxisNumbering()).names(col, row)[0]

    def center_of_label(self, label: str, width: int, height: int) -> tuple[int, int]:
        n = self.numbering or AxisNumbering()
        kn = Numbering(first=n.first, separator=n.sep, column_alpha=n.h_alpha, row_alpha=n.v_alpha,
                       column_leading=n.h_leading, row_leading=n.v_leading, column_offset=n.h_off,
                       row_offset=n.v_off)
        col, row = kn.parse(label)  # no descend/stagger in this Numbering: plain names
        if n.v_descend:
            row = jint(height / self.dy + 0.5) - row
        if n.h_descend:
            col = jint(width / self.dx + 0.5) - col
        return jint(col * self.dx + self.x0), jint(row * self.dy + self.y0)


class RegionGeom(FrozenRecord):
    """RegionGrid: regions keyed by origin in a Java HashMap (put in document order)."""

    __slots__ = ("regions", "_ordered")
    _record_skip = ("_ordered",)  # a cache, not a field: eq, hash and repr unchanged

    regions: tuple[tuple[str, int, int], ...]
    _ordered: tuple[tuple[str, int, int], ...] | None

    def __init__(self, regions: tuple[tuple[str, int, int], ...]) -> None:
        object.__setattr__(self, "regions", regions)
        object.__setattr__(self, "_ordered", None)

    def ordered(self) -> list[tuple[str, int, int]]:
        """The regions in the HashMap's iteration order (a new list each call).
        Worked out once per grid: simulating Java's HashMap costs about 5 ms
        on a board of a thousand regions, and an import asks for it for every
        map probed, the canonical map and every piece's nearest region."""
        got = self._ordered
        if got is None:
            by_point: dict[tuple[int, int], str] = {}
            for name, x, y in self.regions:
                by_point[(x, y)] = name  # a later region with the same origin replaces the earlier
            order = hashmap_order([(x, y) for _, x, y in self.regions], point_hash)
            got = tuple((by_point[p], p[0], p[1]) for p in order)
            object.__setattr__(self, "_ordered", got)  # a cache, not a field: frozen, eq and hash unchanged
        return list(got)

    def nearest(self, x: int, y: int) -> tuple[str, int, int] | None:
        best = None
        best_d = math.inf
        for name, rx, ry in self.ordered():
            d = (x - rx) * (x - rx) + (y - ry) * (y - ry)
            if d < best_d:
                best_d = d
                best = (name, rx, ry)
        return best

    def location(self, x: int, y: int) -> str | None:
        r = self.nearest(x, y)
        return r[0] if r else None

    def origin_of(self, name: str) -> tuple[int, int] | None:
        for n, x, y in self.regions:
            if n == name:
                return x, y
        return None


def polygon_contains(xs: list[int], ys: list[int], x: float, y: float) -> bool:
    """java.awt.Polygon.contains: even-odd crossings; left/top edges inside."""
    n = len(xs)
    if n <= 2:
        return False
    bx, by = min(xs), min(ys)
    if not (x >= bx and y >= by and x < max(xs) and y < max(ys)):
        return False
    hits = 0
    lastx, lasty = xs[-1], ys[-1]
    for i in range(n):
        curx, cury = xs[i], ys[i]
        if cury != lasty:
            if curx < lastx:
                skip = x >= lastx
                leftx = curx
            else:
                skip = x >= curx
                leftx = lastx
            if not skip:
                if cury < lasty:
                    inside_y = not (y < cury or y >= lasty)
                    t1, t2 = x - curx, y - cury
                else:
                    inside_y = not (y < lasty or y >= cury)
                    t1, t2 = x - lastx, y - lasty
                if inside_y:
                    if x < leftx:
                        hits += 1
                    elif t1 < (t2 / (lasty - cury) * (lastx - curx)):
                        hits += 1
        lastx, lasty = curx, cury
    return (hits & 1) != 0


def parse_path(path: str) -> tuple[list[int], list[int]]:
    """Zone polygon `x1,y1;x2,y2;...` (PolygonEditor.stringToPolygon)."""
    xs: list[int] = []
    ys: list[int] = []
    if not path:
        return xs, ys
    for pt in seqenc.decode(path, ";"):
        parts = seqenc.decode(pt, ",")
        if len(parts) >= 2:
            try:
                xs.append(int(parts[0]))
                ys.append(int(parts[1]))
            except ValueError:
                continue
    return xs, ys
