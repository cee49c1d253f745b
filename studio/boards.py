"""The module's maps as the studio draws them: board images where VASSAL lays
them out, and every hex of the scenario grid at the pixel the converter puts
it (`MapGeometry.point_of`, the code `umpire convert` uses to place pieces),
with the location name VASSAL prints there (`MapGeometry.locate`).

A hex whose centre VASSAL names otherwise (outside the grid's zone, off the
board) can never hold a piece: it is reported (`vassal_name` differs) and a new
map file excludes it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from adjudicator.core.errors import MalformedInput
from adjudicator.core.hexmap import HexMap
from importers.vassal.canonmap import hex_grids, map_from_geometry, region_names
from importers.vassal.geometry import MapGeometry, Placed
from importers.vassal.gridmath import HexGeom
from importers.vassal.module import BoardPlacement, Module
from umpire.v1 import map_pb2


@dataclass
class BoardPicture:
    name: str
    image: str
    x: int
    y: int
    width: int
    height: int


@dataclass
class Overlay:
    """Everything the page needs to draw one VASSAL map's grid."""

    map: str
    boards: list[BoardPicture]
    width: int
    height: int
    grid: map_pb2.GameMap  # the bare grid (map_from_geometry), no terrain
    labels: list[str] = field(default_factory=list)
    names: list[str] = field(default_factory=list)  # VASSAL's location name at each hex centre
    snap: list[tuple[int, int]] = field(default_factory=list)  # converter's centre pixel
    centre: list[tuple[float, float]] = field(default_factory=list)  # polygon centre (float)
    shape: list[int] = field(default_factory=list)  # index into `corners` (one per grid geometry)
    corners: list[list[tuple[float, float]]] = field(default_factory=list)  # offsets from `centre`
    nbr: list[int] = field(default_factory=list)  # HexMap.nbr: six neighbours per hex, -1 off the map
    outside: list[str] = field(default_factory=list)  # hexes VASSAL does not name with this grid
    towns: list[tuple[str, int, int]] = field(default_factory=list)  # regions / zones (point-to-point)
    notes: list[str] = field(default_factory=list)


def layout_of(module: Module, map_ident: str, saved: list[BoardPlacement] | None = None) -> tuple[MapGeometry, list[str]]:
    """The boards of a map as a save shows them, else the module's default
    layout, else (several boards, no default) side by side, with a note."""
    m = module.views.map_by_id(map_ident)
    if m is None:
        raise MalformedInput(f"the module has no map {map_ident!r}", module.name)
    notes: list[str] = []
    placements = saved if saved else module.default_layout(m)
    if not placements:
        placements = [BoardPlacement(b.name, i, 0) for i, b in enumerate(m.boards)]
        if len(placements) > 1:
            notes.append("the module names no default board layout: boards are shown side by side "
                         "(open a save to see them as it lays them out)")
    return module.map_geometry(m.identifier, placements), notes


def hex_maps(module: Module) -> list[str]:
    """Identifiers of the maps whose boards carry a hex grid."""
    out = []
    for m in module.views.maps:
        geo, _ = layout_of(module, m.identifier)
        if any(hex_grids(p.board) for p in geo.placed):
            out.append(m.identifier)
    return out


def overlay(module: Module, map_ident: str, sheets: dict[str, str] | None = None,
            saved: list[BoardPlacement] | None = None) -> Overlay:
    geo, notes = layout_of(module, map_ident, saved)
    m = module.views.map_by_id(map_ident)
    assert m is not None
    boards = []
    for p in geo.placed:
        image = next((b.image for b in m.boards if b.name == p.board.name), "")
        boards.append(BoardPicture(p.board.name, image, p.x, p.y, p.board.width, p.board.height))
    width = max([b.x + b.width for b in boards] + [1]) + m.edge[0]
    height = max([b.y + b.height for b in boards] + [1]) + m.edge[1]
    kind = "hex" if any(hex_grids(p.board) for p in geo.placed) else "graph"
    gm = map_from_geometry(map_ident, map_ident, geo, kind, sheets, source=f"VASSAL module {module.title!r}, map {map_ident!r}")
    ov = Overlay(map_ident, boards, width, height, gm, notes=notes)
    if kind == "graph":
        for p in geo.placed:
            ov.towns += [(n, x + p.x, y + p.y) for n, x, y in region_names(p.board)]
        return ov
    bare = map_pb2.GameMap()
    bare.CopyFrom(gm)
    bare.hex.default_terrain = "-"
    hm = HexMap(bare)
    grid = gm.hex.grid
    # sheet id -> (placed board, zone, geometry, container size); one sheet per board with a hex grid
    where: dict[str, tuple[Placed, str | None, HexGeom, int, int]] = {}
    for p in geo.placed:
        for zone, g, w, h in hex_grids(p.board):
            sid = (sheets or {}).get(p.board.name, p.board.name) if grid.sheets else ""
            where.setdefault(sid, (p, zone, g, w, h))
    shapes: dict[HexGeom, int] = {}
    sep = grid.sheet_separator
    for hx in range(hm.n):
        label = hm.labels[hx]
        sid, local = ("", label)
        if grid.sheets:
            sid, _, local = label.partition(sep)
        p, zone, g, w, h = where[sid]
        x, y = geo.point_of(p.board.name, local, zone)  # where the converter puts a piece on this hex
        loc = geo.locate(x, y)
        if g not in shapes:
            shapes[g] = len(ov.corners)
            poly0 = g.polygon(0, 0)
            c0 = (sum(q[0] for q in poly0) / 6, sum(q[1] for q in poly0) / 6)
            ov.corners.append([(round(q[0] - c0[0], 2), round(q[1] - c0[1], 2)) for q in poly0])
        poly = g.polygon(*g.raw_of_label(local, w, h))
        cx, cy = sum(q[0] for q in poly) / 6, sum(q[1] for q in poly) / 6
        if p.reversed:
            cx, cy = p.board.width - cx, p.board.height - cy
        ov.labels.append(label)
        ov.names.append(loc.name)
        ov.snap.append((x, y))
        ov.centre.append((round(cx + p.x, 2), round(cy + p.y, 2)))
        ov.shape.append(shapes[g])
        if loc.board != p.board.name or loc.zone != zone or loc.grid_label != local:
            ov.outside.append(label)
    ov.nbr = list(hm.nbr)
    return ov
