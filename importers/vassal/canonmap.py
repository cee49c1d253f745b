"""VASSAL grids <-> the canonical map (`umpire.v1.HexGrid`, `GraphMap`).

The canonical HexGrid carries VASSAL's HexGrid geometry and HexGridNumbering
field for field, so a hex label VASSAL shows is the canonical hex id and back.
Region grids and zones become towns of a point-to-point map, named as VASSAL
names them.
"""

from __future__ import annotations

import math

from adjudicator.core.errors import MalformedInput
from importers.vassal.geometry import BoardGeometry, MapGeometry, ZonedGeom
from importers.vassal.gridmath import AxisNumbering, HexGeom, RegionGeom, SquareGeom
from umpire.v1 import map_pb2


def hex_grid_to_proto(g: HexGeom, width: int, height: int) -> map_pb2.HexGrid:
    n = g.label_numbering(width, height)  # raw column/row for a grid without numbering
    if n.oblique:
        raise MalformedInput("ObliqueHexGridNumbering has no canonical equivalent (umpire.v1.HexNumbering)")
    cols, rows = extent(g, width, height)
    return map_pb2.HexGrid(
        sideways=g.sideways,
        numbering=map_pb2.HexNumbering(
            first=n.first, separator=n.sep, column_alpha=n.h_alpha, row_alpha=n.v_alpha,
            column_leading=n.h_leading, row_leading=n.v_leading, column_offset=n.h_off, row_offset=n.v_off,
            column_descending=n.h_descend, row_descending=n.v_descend, stagger=n.stagger,
            location_format="" if n.fmt.strip() == "$gridLocation$" else n.fmt,
        ),
        columns=cols, rows=rows, x0=g.x0, y0=g.y0, dx=g.dx, dy=g.dy, board_width=width, board_height=height,
    )


def hex_grid_from_proto(grid: map_pb2.HexGrid) -> HexGeom:
    n = grid.numbering
    num = AxisNumbering(
        first=n.first or "H", sep=n.separator, h_alpha=n.column_alpha, v_alpha=n.row_alpha,
        h_leading=n.column_leading, v_leading=n.row_leading, h_off=n.column_offset, v_off=n.row_offset,
        h_descend=n.column_descending, v_descend=n.row_descending, stagger=n.stagger,
        fmt=n.location_format or "$gridLocation$",
    )
    dy = grid.dy or 64.0
    dx = grid.dx or math.sqrt(3.0) / 2.0 * dy
    x0, y0 = grid.x0, grid.y0
    if not (grid.dx or grid.dy or grid.x0 or grid.y0):
        # A hand-written map without pixel geometry: VASSAL's default hex size,
        # with the first hex wholly on the board.
        x0, y0 = int(2 * dx / 3), int(dy / 2)
    return HexGeom(x0, y0, dx, dy, grid.sideways, num)


def extent(g: HexGeom, width: int, height: int) -> tuple[int, int]:
    """Raw columns and rows whose hex centres lie on a board of this size."""
    return g.extent(width, height)


def hex_grids(board: BoardGeometry) -> list[tuple[str | None, HexGeom, int, int]]:
    """(zone, grid, container width, height) of every hex grid on a board."""
    g = board.grid
    out: list[tuple[str | None, HexGeom, int, int]] = []
    if isinstance(g, HexGeom):
        out.append((None, g, board.width, board.height))
    elif isinstance(g, ZonedGeom):
        for z in g.zones:
            zg = g.background if z.use_parent else z.own_grid
            if isinstance(zg, HexGeom):
                w, h = (board.width, board.height) if z.use_parent else z.size
                out.append((z.name, zg, w, h))
        if isinstance(g.background, HexGeom):
            out.append((None, g.background, board.width, board.height))
    return out


def region_names(board: BoardGeometry) -> list[tuple[str, int, int]]:
    """Named places of a board: regions (with origins) and grid-less zones (with a point inside)."""
    g = board.grid
    out: list[tuple[str, int, int]] = []
    grids: list[object] = [g]
    if isinstance(g, ZonedGeom):
        for z in g.zones:
            if z.own_grid is None and not z.use_parent and z.xs:
                x, y = interior_point(z.xs, z.ys)
                out.append((z.name, x, y))
            grids.append(z.own_grid)
        grids.append(g.background)
    seen = {o[0] for o in out}
    for gr in grids:
        if isinstance(gr, RegionGeom):
            for name, x, y in gr.ordered():
                if name not in seen:  # a set: boards with thousands of regions
                    seen.add(name)
                    out.append((name, x, y))
    return out


def interior_point(xs: list[int], ys: list[int]) -> tuple[int, int]:
    """A point inside a polygon (its bounding-box centre when inside, else a scan)."""
    from importers.vassal.gridmath import polygon_contains

    cx, cy = (min(xs) + max(xs)) // 2, (min(ys) + max(ys)) // 2
    if polygon_contains(xs, ys, cx, cy):
        return cx, cy
    w, h = max(xs) - min(xs), max(ys) - min(ys)
    for fy in range(1, 20):
        for fx in range(1, 20):
            x, y = min(xs) + w * fx // 20, min(ys) + h * fy // 20
            if polygon_contains(xs, ys, x, y):
                return x, y
    return xs[0], ys[0]


def map_from_geometry(map_id: str, name: str, geo: MapGeometry, kind: str, sheets: dict[str, str] | None = None,
                      source: str = "") -> map_pb2.GameMap:
    """A canonical map for the bound VASSAL map: "hex" or "graph"."""
    gm = map_pb2.GameMap(id=map_id, name=name, source=source)
    if kind == "hex":
        grids = [(p, hg) for p in geo.placed for hg in hex_grids(p.board)]
        if not grids:
            raise MalformedInput(f"map {geo.identifier!r} has no hex grid to bind a hex scenario to")
        p0, (zone, hg, w, h) = grids[0]
        grid = hex_grid_to_proto(hg, w, h)
        if len(grids) > 1 or sheets:
            grid.sheet_separator = "-"
            for p, (_z, g2, _w, _h) in grids:
                sid = (sheets or {}).get(p.board.name, p.board.name)
                col_off = round((p.x - p0.x) / g2.dx) if not g2.sideways else round((p.y - p0.y) / g2.dx)
                row_off = round((p.y - p0.y) / g2.dy) if not g2.sideways else round((p.x - p0.x) / g2.dy)
                grid.sheets.add(id=sid, name=p.board.name, column_offset=col_off, row_offset=row_off)
        gm.hex.grid.CopyFrom(grid)
        return gm
    towns = gm.graph.towns
    have: set[str] = set()
    for p in geo.placed:
        for nm, x, y in region_names(p.board):
            if nm in have:
                continue
            have.add(nm)
            towns.add(id=nm, name=nm, x=x + p.x, y=y + p.y)
    return gm


def is_square(g: object) -> bool:
    return isinstance(g, SquareGeom)
