"""Map pixels <-> location names across boards, zones and grids (research notes §1.7).

`MapGeometry.locate(x, y)` follows Map.locationName: a point exactly on a deck
is the deck's name; otherwise the first board whose bounds contain it (boards
laid out by the saved BoardPicker command, each translated by the widths and
heights of the boards before it and the map's edge buffer), made board-local
and un-reversed; then the first zone of a ZonedGrid whose polygon contains it
(zone grids work in board coordinates, with the polygon's bounding box as the
container size), else the background grid; no board gives "offboard".

`point_of` goes the other way for exports: the centre pixel VASSAL snaps the
labelled hex, square or region of a given board (and zone) to.
"""

from __future__ import annotations

from adjudicator.core.errors import MalformedInput
from adjudicator.core.numbering import LabelError
from adjudicator.core.record import Record
from importers.vassal.gridmath import (
    AxisNumbering,
    HexGeom,
    RegionGeom,
    SquareGeom,
    evaluate_format,
    parse_path,
    polygon_contains,
)
from importers.vassal.views import OBLIQUE_NUM, BoardView, GridView, MapView

OFFBOARD = "offboard"

Grid = HexGeom | SquareGeom | RegionGeom


def grid_from_view(g: GridView | None) -> "Grid | ZonedGeom | None":
    if g is None:
        return None
    num = AxisNumbering.from_attrs(g.numbering.attrs, oblique=g.numbering.tag == OBLIQUE_NUM) if g.numbering else None
    if g.kind == "hex":
        return HexGeom.from_attrs(g.attrs, num)
    if g.kind == "square":
        return SquareGeom.from_attrs(g.attrs, num)
    if g.kind == "region":
        return RegionGeom(tuple(g.regions))
    if g.kind == "zoned":
        bg = grid_from_view(g.background)
        assert not isinstance(bg, ZonedGeom)
        zones = []
        for z in g.zones:
            xs, ys = parse_path(z.attrs.get("path", ""))
            zg = grid_from_view(z.grid)
            assert not isinstance(zg, ZonedGeom)
            zones.append(ZoneGeom(z.name, z.attrs.get("locationFormat", "$name$"), xs, ys, zg,
                                  z.attrs.get("useParentGrid", "false") == "true"))
        return ZonedGeom(zones, bg)
    return None


class ZoneGeom(Record):
    __slots__ = ("name", "fmt", "xs", "ys", "own_grid", "use_parent")

    name: str
    fmt: str
    xs: list[int]
    ys: list[int]
    own_grid: Grid | None
    use_parent: bool

    def __init__(
        self,
        name: str,
        fmt: str,
        xs: list[int],
        ys: list[int],
        own_grid: Grid | None,
        use_parent: bool,
    ) -> None:
        self.name = name
        self.fmt = fmt
        self.xs = xs
        self.ys = ys
        self.own_grid = own_grid
        self.use_parent = use_parent

    def contains(self, x: int, y: int) -> bool:
        return polygon_contains(self.xs, self.ys, x, y)

    @property
    def size(self) -> tuple[int, int]:
        if not self.xs:
            return 0, 0
        return max(self.xs) - min(self.xs), max(self.ys) - min(self.ys)


class ZonedGeom(Record):
    __slots__ = ("zones", "background")

    zones: list[ZoneGeom]
    background: Grid | None

    def __init__(self, zones: list[ZoneGeom], background: Grid | None) -> None:
        self.zones = zones
        self.background = background


class Located(Record):
    """Where a map point is, in VASSAL's terms."""

    __slots__ = ("name", "board", "zone", "grid_kind", "grid_label", "deck")

    name: str  # the location name VASSAL reports ("offboard" off every board)
    board: str | None
    zone: str | None
    grid_kind: str | None  # "hex" | "square" | "region" | None
    grid_label: str | None  # $gridLocation$ of the grid (hex/square), region name
    deck: str | None

    def __init__(
        self,
        name: str,
        board: str | None = None,
        zone: str | None = None,
        grid_kind: str | None = None,
        grid_label: str | None = None,
        deck: str | None = None,
    ) -> None:
        self.name = name
        self.board = board
        self.zone = zone
        self.grid_kind = grid_kind
        self.grid_label = grid_label
        self.deck = deck


def grid_kind(g: Grid | None) -> str | None:
    if isinstance(g, HexGeom):
        return "hex"
    if isinstance(g, SquareGeom):
        return "square"
    if isinstance(g, RegionGeom):
        return "region"
    return None


def _grid_name(g: Grid | None, x: int, y: int, w: int, h: int) -> tuple[str | None, str | None]:
    """(location name, grid label) of a grid at a (board or zone) point."""
    if g is None:
        return None, None
    if isinstance(g, RegionGeom):
        n = g.location(x, y)
        return n, n
    name = g.location(x, y, w, h)
    if name is None:
        # No numbering: VASSAL names no location here, but a hex grid still has
        # hexes (snapTo by raw column/row), so the label is the raw one.
        return None, (g.grid_label(x, y, w, h) if isinstance(g, HexGeom) else None)
    return name, g.grid_label(x, y, w, h)


class BoardGeometry(Record):
    __slots__ = ("name", "width", "height", "grid")

    name: str
    width: int
    height: int
    grid: Grid | ZonedGeom | None

    def __init__(self, name: str, width: int, height: int, grid: Grid | ZonedGeom | None) -> None:
        self.name = name
        self.width = width
        self.height = height
        self.grid = grid

    def locate(self, bx: int, by: int) -> tuple[str | None, str | None, str | None, str | None]:
        """(name, zone, grid kind, grid label) of a board-local point."""
        g = self.grid
        if isinstance(g, ZonedGeom):
            for z in g.zones:
                if z.contains(bx, by):
                    zg = g.background if z.use_parent else z.own_grid
                    w, h = (self.width, self.height) if z.use_parent else z.size
                    grid_name, label = _grid_name(zg, bx, by, w, h)
                    zname = evaluate_format(z.fmt, {"name": z.name, "gridLocation": grid_name}, localized=False)
                    return zname, z.name, grid_kind(zg), label
            bname, label = _grid_name(g.background, bx, by, self.width, self.height)
            return bname, None, grid_kind(g.background), label
        gname, label = _grid_name(g, bx, by, self.width, self.height)
        return gname, None, grid_kind(g), label

    def grid_for(self, zone: str | None) -> tuple[Grid | None, int, int, ZoneGeom | None]:
        """The grid (and its container size) of a zone, or of the board."""
        g = self.grid
        if isinstance(g, ZonedGeom):
            if zone:
                for z in g.zones:
                    if z.name == zone:
                        if z.use_parent:
                            return g.background, self.width, self.height, z
                        w, h = z.size
                        return z.own_grid, w, h, z
                raise MalformedInput(f"board {self.name!r} has no zone {zone!r}")
            return g.background, self.width, self.height, None
        return g, self.width, self.height, None

    def point_of(self, label: str, zone: str | None = None, vassal_quirk: bool = False) -> tuple[int, int]:
        """Board-local centre pixel of a grid label (hex, square or region name);
        with `vassal_quirk`, where VASSAL's own getLocation puts it (SetupStack)."""
        grid, w, h, z = self.grid_for(zone)
        if grid is None:
            raise LabelError(f"board {self.name!r}{' zone ' + repr(zone) if zone else ''} has no grid")
        if isinstance(grid, RegionGeom):
            o = grid.origin_of(label)
            if o is None:
                raise LabelError(f"no region named {label!r} on board {self.name!r}")
            return o
        if isinstance(grid, SquareGeom):
            return grid.center_of_label(label, w, h)
        if vassal_quirk:
            return grid.vassal_get_location(label, w, h)
        return grid.center(*grid.raw_of_label(label, w, h))

    def zones(self) -> list[ZoneGeom]:
        return self.grid.zones if isinstance(self.grid, ZonedGeom) else []


class Placed(Record):
    __slots__ = ("board", "col", "row", "reversed", "x", "y")

    board: BoardGeometry
    col: int
    row: int
    reversed: bool
    x: int
    y: int

    def __init__(self, board: BoardGeometry, col: int, row: int, reversed: bool, x: int = 0, y: int = 0) -> None:
        self.board = board
        self.col = col
        self.row = row
        self.reversed = reversed
        self.x = x
        self.y = y

    def contains(self, x: int, y: int) -> bool:
        return self.x <= x < self.x + self.board.width and self.y <= y < self.y + self.board.height


class MapGeometry(Record):
    """One VASSAL map with its boards placed as a save's BoardPicker says."""

    __slots__ = ("identifier", "placed", "decks")

    identifier: str
    placed: list[Placed]
    decks: dict[tuple[int, int], str]

    def __init__(self, identifier: str, placed: list[Placed], decks: dict[tuple[int, int], str] | None = None) -> None:
        self.identifier = identifier
        self.placed = placed
        self.decks = {} if decks is None else decks

    def board(self, name: str) -> Placed | None:
        for p in self.placed:
            if p.board.name == name:
                return p
        return None

    def locate(self, x: int, y: int) -> Located:
        deck = self.decks.get((x, y))
        if deck is not None:
            return Located(deck, deck=deck)
        for p in self.placed:
            if p.contains(x, y):
                bx, by = x - p.x, y - p.y
                if p.reversed:
                    bx, by = p.board.width - bx, p.board.height - by
                name, zone, kind, label = p.board.locate(bx, by)
                return Located(name if name is not None else OFFBOARD, p.board.name, zone, kind, label)
        return Located(OFFBOARD)

    def location_name(self, x: int, y: int) -> str:
        return self.locate(x, y).name

    def point_of(self, board: str, label: str, zone: str | None = None, vassal_quirk: bool = False) -> tuple[int, int]:
        """Map pixel of the centre of `label` on `board` (and zone)."""
        p = self.board(board)
        if p is None:
            raise LabelError(f"map {self.identifier!r} shows no board {board!r}")
        bx, by = p.board.point_of(label, zone, vassal_quirk)
        if p.reversed:
            bx, by = p.board.width - bx, p.board.height - by
        return bx + p.x, by + p.y


def layout(identifier: str, boards: list[tuple[BoardGeometry, int, int, bool]], edge: tuple[int, int]) -> MapGeometry:
    """Place boards as Map.setBoardBoundaries does: a board's x is the sum of the
    widths of the boards left of it in its row, its y the sum of the heights above
    it in its column, plus the edge buffer."""
    widths: dict[tuple[int, int], int] = {}
    heights: dict[tuple[int, int], int] = {}
    for b, col, row, _rev in boards:
        widths[(col, row)] = b.width
        heights[(col, row)] = b.height
    placed = []
    for b, col, row, rev in boards:
        x = sum(widths.get((c, row), 0) for c in range(col))
        y = sum(heights.get((col, r), 0) for r in range(row))
        placed.append(Placed(b, col, row, rev, x + edge[0], y + edge[1]))
    return MapGeometry(identifier, placed)


def board_geometry(view: BoardView, image_size: tuple[int, int] | None) -> BoardGeometry:
    """A board's size: its image's when it has one, else width/height attributes."""
    if view.image and image_size is not None:
        w, h = image_size
    else:
        try:
            w = int(view.attrs.get("width", "0") or 0)
            h = int(view.attrs.get("height", "0") or 0)
        except ValueError:
            w = h = 0
    return BoardGeometry(view.name, w, h, grid_from_view(view.grid))


def boards_of(m: MapView) -> list[BoardView]:
    return list(m.boards)
