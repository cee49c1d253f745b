"""Where the Game tab draws a state's locations, for any ruleset and map.

The page's map view (static/js/mapview.js) draws "cells": a centre and a corner
template per cell, plus board images. For a save read through the module the
cells are the module's own overlay (studio/boards.py: VASSAL's pixels, so piece
images land where VASSAL draws them). Otherwise they come from the state's own
map, through the same code as `umpire render` (exporters/picture.py):

* a hex map: the converter's grid geometry (`HexLayout`), so a canonical state
  of any hex ruleset is drawn on its own hexes;
* a point-to-point board (docs/boards.md): towns where the module's regions put
  them (a save) or where their `x`, `y` say (`town_positions`), each a small
  disc, with the roads (kind: solid, dashed, dotted) and landing areas.
"""

from __future__ import annotations

import math
from typing import Any

from exporters.picture import HexLayout, town_positions
from umpire.v1 import map_pb2

TOWN_RADIUS = 18.0
MARGIN = 60.0


def _disc(r: float, n: int = 16) -> list[tuple[float, float]]:
    return [(round(r * math.cos(2 * math.pi * k / n), 2), round(r * math.sin(2 * math.pi * k / n), 2)) for k in range(n)]


def hex_cells(gm: map_pb2.GameMap) -> dict[str, Any]:
    """A hex map's cells in the converter's geometry, shifted to start at a margin."""
    lay = HexLayout(gm)
    x0, y0, x1, y1 = lay.bounds()
    dx, dy = MARGIN - x0, MARGIN - y0
    centre = [(round(x + dx, 2), round(y + dy, 2)) for x, y in lay.centres]
    poly0, c0 = lay.polys[0], lay.centres[0]
    corners = [[(round(px - c0[0], 2), round(py - c0[1], 2)) for px, py in poly0]]
    return {"kind": "hex", "map": gm.id or "map", "boards": [], "width": x1 - x0 + 2 * MARGIN,
            "height": y1 - y0 + 2 * MARGIN, "labels": list(lay.hm.labels), "names": list(lay.hm.labels),
            "snap": centre, "centre": centre, "shape": [0] * lay.hm.n, "corners": corners, "nbr": list(lay.hm.nbr),
            "outside": [], "notes": ["drawn from the state's own map (no module board under it)"]}


def graph_cells(gm: map_pb2.GameMap, placed: dict[str, tuple[float, float]] | None = None,
                boards: list[dict[str, Any]] | None = None, size: tuple[float, float] | None = None) -> dict[str, Any]:
    """A point-to-point board's towns as cells: `placed` gives VASSAL's pixel
    for the towns the module's map names (its regions), over its `boards`."""
    auto = town_positions(gm)
    pos: dict[str, tuple[float, float]] = {}
    if placed:
        pos = {t.id: placed[t.id] for t in gm.graph.towns if t.id in placed}
    if len(pos) < len(gm.graph.towns):  # towns the module does not name: where the board file says
        xs = [p[0] for p in auto.values()] or [0.0]
        ys = [p[1] for p in auto.values()] or [0.0]
        for t in gm.graph.towns:
            if t.id not in pos:
                x, y = auto[t.id]
                pos[t.id] = (x - min(xs) + MARGIN, y - min(ys) + MARGIN)
    towns = list(gm.graph.towns)
    centre = [(round(pos[t.id][0], 2), round(pos[t.id][1], 2)) for t in towns]
    if size is None:
        size = (max([x for x, _ in centre] + [200.0]) + MARGIN + 40, max([y for _, y in centre] + [200.0]) + MARGIN)
    return {"kind": "graph", "map": gm.id or "board", "boards": boards or [], "width": size[0], "height": size[1],
            "labels": [t.id for t in towns], "names": [t.name or t.id for t in towns], "snap": centre,
            "centre": centre, "shape": [0] * len(towns), "corners": [_disc(TOWN_RADIUS)], "nbr": [],
            "outside": [], "notes": [],
            "tags": {t.id: list(t.tags) for t in towns if t.tags},
            "roads": [{"id": r.id, "a": r.a, "b": r.b, "kind": r.kind} for r in gm.graph.roads],
            "areas": [{"id": a.id, "town": a.town, "kind": a.kind, "capacity": a.capacity, "name": a.name}
                      for a in gm.graph.areas]}
