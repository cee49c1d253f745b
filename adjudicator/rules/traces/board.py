"""What the rules read off the map, computed once per compiled map: hexside
classes (river, Rhine, stream, canal, bridged), the ZOC-blocking sides, the
static supply network, and the hex classes the rules name (Metz, forts,
Maginot, Siegfried, cities, supply sources). Plus the scenario's map limits.

Map vocabulary (docs/rules/traces-of-victory.md "Map data"):
* terrain: rows of the Terrain Effects Chart ("clear", "rough", "difficult",
  "town", "city", "major-city");
* hexside features: "river", "rhine" (a river that also blocks attacks,
  10.0), "stream", "canal"; a road or rail link across a side bridges it (2.1);
* hex features: "metz" (Metz city and its fortifications), "metz-fort",
  "maginot", "siegfried";
* hex tags: "supply:allied" / "supply:german" (the source's colour),
  "control:allied" / "control:german" (initial control), "border" (15.2).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from adjudicator.core.hexmap import HexMap
from adjudicator.core.supply import SupplyNet
from umpire.v1 import traces_pb2

CITY_TERRAIN = frozenset({"city", "major-city"})
CONTROLLABLE_TERRAIN = frozenset({"city", "major-city", "town"})


@dataclass
class Board:
    hm: HexMap
    river: bytearray  # per edge: River (or Rhine) hexside, bridged or not
    rhine: bytearray
    stream: bytearray  # Stream hexside (not a river)
    canal: bytearray
    bridged: bytearray  # a road or railroad crosses the side (2.1)
    supply_net: SupplyNet  # 8.1: no unbridged river
    sources: dict[str, list[int]]  # colour -> supply source hexes
    metz: bytearray
    fort: bytearray
    maginot: bytearray
    siegfried: bytearray
    border: bytearray
    _zoc_block: dict[bool, bytearray] = field(default_factory=dict)

    def zoc_block(self, canal_blocks: bool) -> bytearray:
        """6.0: ZOCs extend across Stream hexsides but not River ones (bridged or
        not); Canals as Streams unless tov.a22-zoc-canal = blocked."""
        mask = self._zoc_block.get(canal_blocks)
        if mask is None:
            mask = bytearray(a | (b if canal_blocks else 0) for a, b in zip(self.river, self.canal))
            self._zoc_block[canal_blocks] = mask
        return mask

    def unbridged_river(self, e: int) -> bool:
        return bool(self.river[e] and not self.bridged[e])

    def is_city(self, h: int) -> bool:
        return self.hm.terrain[h] in CITY_TERRAIN

    def is_major_city(self, h: int) -> bool:
        return self.hm.terrain[h] == "major-city"

    def controllable(self, h: int) -> bool:
        """6.1: only City and Town hexes and Supply Sources are subject to control."""
        return self.hm.terrain[h] in CONTROLLABLE_TERRAIN or any(t.startswith("supply:") for t in self.hm.tags[h])

    def source_colour(self, h: int) -> str:
        for t in self.hm.tags[h]:
            if t.startswith("supply:"):
                return t.split(":", 1)[1]
        return ""


def board_of(hm: HexMap) -> Board:
    """The map's Board, built once and kept with the compiled map."""
    hit = hm.derived.get("traces-board")
    if isinstance(hit, Board):
        return hit
    b = _build(hm)
    hm.derived["traces-board"] = b
    return b


def _mask(hm: HexMap, feature: str) -> bytearray:
    return bytearray(1 if feature in hm.features[h] else 0 for h in range(hm.n))


def _build(hm: HexMap) -> Board:
    n6 = hm.n * 6
    river, rhine, stream, canal, bridged = (bytearray(n6) for _ in range(5))
    for e in range(n6):
        if hm.nbr[e] < 0:
            continue
        f = hm.side_features[e]
        if f:
            if "river" in f or "rhine" in f:
                river[e] = 1
            if "rhine" in f:
                rhine[e] = 1
            if "stream" in f and not river[e]:
                stream[e] = 1
            if "canal" in f and not river[e]:
                canal[e] = 1
        if hm.roads[e]:
            bridged[e] = 1
    side_open = bytearray(0 if (river[e] and not bridged[e]) else 1 for e in range(n6))
    sources: dict[str, list[int]] = {}
    for h in range(hm.n):
        for t in hm.tags[h]:
            if t.startswith("supply:"):
                sources.setdefault(t.split(":", 1)[1], []).append(h)
    border = bytearray(1 if "border" in hm.tags[h] else 0 for h in range(hm.n))
    return Board(hm, river, rhine, stream, canal, bridged, SupplyNet.build(hm, side_open=side_open), sources,
                 _mask(hm, "metz"), _mask(hm, "metz-fort"), _mask(hm, "maginot"), _mask(hm, "siegfried"), border)


def in_play_mask(hm: HexMap, limits: list[traces_pb2.TracesMapLimit], inside: bool) -> bytearray:
    """Hexes on the scenario's map (14.1, 14.2). Labels are read as AABB; a hex
    whose label is not four digits is kept. A-35: the named row or line is off
    the map unless `inside`."""
    mask = bytearray(b"\x01" * hm.n)
    if not limits:
        return mask
    for h in range(hm.n):
        label = hm.labels[h]
        if len(label) != 4 or not label.isdigit():
            continue
        for lim in limits:
            value = int(label[:2]) if lim.axis == "first" else int(label[2:])
            if lim.keep == "below":
                ok = value < lim.bound or (inside and value == lim.bound)
            else:
                ok = value > lim.bound or (inside and value == lim.bound)
            if not ok:
                mask[h] = 0
    return mask
