"""Helpers for kernel tests: small synthetic hex maps in every grid convention.

The maps here are SYNTHETIC test fixtures, not game data.
"""

from __future__ import annotations

from collections.abc import Iterable

from hypothesis import strategies as st

from adjudicator.core.hexmap import HexMap
from umpire.v1 import map_pb2

# (sideways, column_offset, stagger): both orientations, both staggers of printed columns.
CONVENTIONS = [
    (False, 0, False),
    (False, 1, False),
    (True, 0, False),
    (True, 1, False),
    (False, 0, True),
    (True, 0, True),
]


def grid(columns: int, rows: int, sideways: bool = False, column_offset: int = 1, stagger: bool = False,
         row_offset: int = 1) -> map_pb2.HexGrid:
    g = map_pb2.HexGrid(sideways=sideways, columns=columns, rows=rows)
    g.numbering.column_leading = 1
    g.numbering.row_leading = 1
    g.numbering.column_offset = column_offset
    g.numbering.row_offset = row_offset
    g.numbering.stagger = stagger
    return g


def game_map(
    columns: int = 8,
    rows: int = 8,
    *,
    sideways: bool = False,
    column_offset: int = 1,
    stagger: bool = False,
    terrain: dict[str, str] | None = None,
    sides: Iterable[tuple[str, str, list[str]]] = (),
    roads: Iterable[tuple[str, str, str]] = (),
    map_id: str = "synthetic",
) -> map_pb2.GameMap:
    gm = map_pb2.GameMap(id=map_id, source="SYNTHETIC test map")
    gm.hex.grid.CopyFrom(grid(columns, rows, sideways, column_offset, stagger))
    gm.hex.default_terrain = "clear"
    for label, t in (terrain or {}).items():
        gm.hex.hexes.add(id=label, terrain=t)
    for a, b, feats in sides:
        gm.hex.hexsides.add(a=a, b=b, features=feats)
    for a, b, kind in roads:
        gm.hex.roads.add(a=a, b=b, kind=kind)
    return gm


def nordwind_grid_map(**kw: object) -> HexMap:
    """25 x 15, printed CCRR from 0101, even printed columns half a hex lower
    (the layout the Nordwind digest §1.2 infers)."""
    return HexMap(game_map(25, 15, column_offset=1, **kw))  # type: ignore[arg-type]


@st.composite
def random_maps(draw: st.DrawFn) -> HexMap:
    """A small random map: terrain, impassable hexes, river sides and roads."""
    sideways, offset, stagger = draw(st.sampled_from(CONVENTIONS))
    cols = draw(st.integers(3, 7))
    rows = draw(st.integers(3, 7))
    gm = game_map(cols, rows, sideways=sideways, column_offset=offset, stagger=stagger)
    hm = HexMap(gm)
    kinds = ["clear", "clear", "wooded", "difficult", "lake"]
    for h in range(hm.n):
        t = draw(st.sampled_from(kinds))
        if t != "clear":
            gm.hex.hexes.add(id=hm.labels[h], terrain=t)
    seen = set()
    for _ in range(draw(st.integers(0, 8))):
        h = draw(st.integers(0, hm.n - 1))
        nb = hm.neighbours(h)
        t = draw(st.sampled_from(nb))
        key = tuple(sorted((h, t)))
        if key in seen:
            continue
        seen.add(key)
        gm.hex.hexsides.add(a=hm.labels[h], b=hm.labels[t], features=[draw(st.sampled_from(["river", "wall"]))])
    for _ in range(draw(st.integers(0, 6))):
        h = draw(st.integers(0, hm.n - 1))
        t = draw(st.sampled_from(hm.neighbours(h)))
        gm.hex.roads.add(a=hm.labels[h], b=hm.labels[t], kind="road")
    return HexMap(gm)
