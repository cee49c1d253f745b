"""`reachable_locations` writes the same messages as building them field by field."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.core.hexmap import HexMap
from adjudicator.core.reachable import reachable_locations
from umpire.v1 import map_pb2, service_pb2


def _map(columns: int, rows: int, names: bool = False) -> HexMap:
    gm = map_pb2.GameMap(id=f"t/{columns}x{rows}")
    gm.hex.grid.columns = columns
    gm.hex.grid.rows = rows
    gm.hex.grid.numbering.column_leading = gm.hex.grid.numbering.row_leading = 2  # unique labels
    gm.hex.default_terrain = "clear"
    return HexMap(gm)


def _slow(hm: HexMap, start: int, cost: dict[int, int], parent: dict[int, int],
          scale: int) -> list[service_pb2.ReachableLocation]:
    def path(h: int) -> list[str]:
        out = []
        while h != start:
            out.append(hm.labels[h])
            h = parent[h]
        return out[::-1]

    hexes = sorted((h for h in cost if h != start), key=lambda h: (cost[h], hm.labels[h]))
    return [service_pb2.ReachableLocation(location=hm.labels[h], cost=cost[h] / scale, path=path(h)) for h in hexes]


def _tree(hm: HexMap, start: int, seed: int, zero_steps: bool) -> tuple[dict[int, int], dict[int, int]]:
    """A random search tree over the map's adjacency (costs never decrease along it)."""
    rng = random.Random(seed)
    cost, parent = {start: 0}, {start: -1}
    frontier = [start]
    while frontier and len(cost) < 200:
        h = frontier.pop(rng.randrange(len(frontier)))
        for t in hm.neighbours(h):
            if t not in cost and rng.random() < 0.7:
                cost[t] = cost[h] + rng.randint(0 if zero_steps else 1, 6)
                parent[t] = h
                frontier.append(t)
    return cost, parent


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from([1, 2, 3]), st.booleans())
def test_same_messages_as_field_by_field(seed: int, scale: int, zero_steps: bool) -> None:
    hm = _map(30, 25)
    start = seed % hm.n
    cost, parent = _tree(hm, start, seed, zero_steps)
    fast = reachable_locations(hm, start, cost, parent, scale)
    assert fast == _slow(hm, start, cost, parent, scale)


def test_long_paths_and_non_ascii_labels() -> None:
    hm = _map(200, 1)  # a 200-hex strip: paths far longer than 127 bytes (multi-byte lengths)
    hm.labels = [f"é{h:04d}-Straße" for h in range(hm.n)]  # any label text survives the encoding
    cost = {h: h for h in range(hm.n)}
    parent = {h: h - 1 for h in range(hm.n)}
    fast = reachable_locations(hm, 0, cost, parent, 2)
    assert fast == _slow(hm, 0, cost, parent, 2)
    assert len(fast[-1].path) == hm.n - 1 and fast[-1].cost == (hm.n - 1) / 2
