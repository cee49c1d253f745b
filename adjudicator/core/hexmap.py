"""A hex map compiled for fast rules queries: hexes as int ids, flat arrays.

`umpire.v1.HexMap` keeps printed ids and readable records (what users write and
VASSAL converters produce). Movement, ZOC and supply searches run thousands of
steps per query, so they work on this compiled form instead: hex *h* is an int,
its six neighbours are ``nbr[h*6 + d]`` (-1 off the map), and everything a hexside
carries is stored per directed *edge* ``e = h*6 + d`` (both directions of a side
hold the same record). Compiled maps are cached by content, so a ruleset can ask
for one on every query at the cost of a dictionary lookup.
"""

from __future__ import annotations

import hashlib
from collections import OrderedDict
from collections.abc import Iterable, Sequence

from adjudicator.core.errors import MalformedInput, NotFound
from adjudicator.core.hexgrid import (
    Axial,
    HexGrid,
    Raw,
    axial_distance,
    axial_neighbour,
    axial_to_raw,
    direction_between,
    raw_to_axial,
    side_key,
)
from adjudicator.core.numbering import LabelError
from umpire.v1 import map_pb2

EMPTY: frozenset[str] = frozenset()
EDGE_NAMES = ("north", "south", "east", "west")


class HexMap:
    """Terrain, hexside features and roads of a hex map, indexed by int hex ids."""

    def __init__(self, game_map: map_pb2.GameMap) -> None:
        if game_map.WhichOneof("layout") != "hex":
            raise MalformedInput("the map is not a hex map", f"map {game_map.id!r}")
        hm = game_map.hex
        self.id = game_map.id
        self.name = game_map.name
        self.source = game_map.source
        self.proto = game_map
        self.grid = HexGrid(hm.grid)
        self.default_terrain = hm.default_terrain

        # Labels the grid itself prints resolve exactly, even where a numeric label
        # without separator is ambiguous to parse ("07100": 07/100 or 071/00).
        self._printed: dict[str, Raw] = {}
        for raw in self.grid.extent():
            for alias in self.grid.aliases(raw):
                self._printed.setdefault(alias, raw)
        excluded: set[Raw] = set()
        for i, label in enumerate(hm.excluded):
            excluded.add(self._parse(label, f"excluded[{i}]"))
        positions: list[Raw] = [r for r in self.grid.extent() if r not in excluded]
        known = set(positions)
        listed: dict[Raw, int] = {}
        for i, hx in enumerate(hm.hexes):
            raw = self._parse(hx.id, f"hexes[{i}].id")
            if raw in listed:
                raise MalformedInput(f"hex {hx.id!r} is listed twice (also hexes[{listed[raw]}])", f"hexes[{i}]")
            if raw in excluded:
                raise MalformedInput(f"hex {hx.id!r} is also in `excluded`", f"hexes[{i}]")
            if self.grid.bounded and raw not in known:
                raise MalformedInput(f"hex {hx.id!r} is outside the grid's extent", f"hexes[{i}]")
            listed[raw] = i
            if raw not in known:
                known.add(raw)
                positions.append(raw)

        self.n = len(positions)
        self.raw: list[Raw] = positions
        self.axial: list[Axial] = [raw_to_axial(*p) for p in positions]
        self._by_axial: dict[Axial, int] = {a: h for h, a in enumerate(self.axial)}
        self.labels: list[str] = [self.grid.label(p) for p in positions]
        seen: dict[str, int] = {}
        for h, label in enumerate(self.labels):
            if label in seen:
                # Two hexes printing one label would make every id naming it ambiguous.
                a, b = positions[seen[label]], positions[h]
                raise MalformedInput(
                    f"hex label {label!r} names two hexes (raw column/row {a} and {b}): give the numbering "
                    "leading zeros or a separator",
                    "grid.numbering",
                )
            seen[label] = h
        self.index: dict[str, int] = {}
        for h, p in enumerate(positions):
            for alias in self.grid.aliases(p):
                self.index.setdefault(alias, h)

        terrain_default = hm.default_terrain
        self.terrain: list[str] = [terrain_default] * self.n
        self.features: list[frozenset[str]] = [EMPTY] * self.n
        self.tags: list[frozenset[str]] = [EMPTY] * self.n
        self.names: list[str] = [""] * self.n
        # Per river line (a hexside feature): the bank each hex lies on ("" = not stated).
        self.banks: dict[str, list[str]] = {}
        for raw, i in listed.items():
            hx = hm.hexes[i]
            h = self._by_axial[raw_to_axial(*raw)]
            if hx.terrain:
                self.terrain[h] = hx.terrain
            elif not terrain_default:
                raise MalformedInput(f"hex {hx.id!r} has no terrain and the map has no default_terrain", f"hexes[{i}]")
            self.features[h] = frozenset(hx.features)
            self.tags[h] = frozenset(hx.tags)
            self.names[h] = hx.name
            for line, bank in hx.banks.items():
                if not line or not bank:
                    raise MalformedInput(f"hex {hx.id!r}: a bank needs a river line and a side name", f"hexes[{i}].banks")
                self.banks.setdefault(line, [""] * self.n)[h] = bank
        if not terrain_default and len(listed) < self.n:
            raise MalformedInput("the map has no default_terrain but not every hex is listed", f"map {self.id!r}")

        nbr = [-1] * (self.n * 6)
        by_axial = self._by_axial
        for h, a in enumerate(self.axial):
            for d in range(6):
                nbr[h * 6 + d] = by_axial.get(axial_neighbour(a, d), -1)
        self.nbr: list[int] = nbr

        self.side_features: list[frozenset[str]] = [EMPTY] * (self.n * 6)
        self._sides: dict[tuple[int, int, int], frozenset[str]] = {}
        for i, hs in enumerate(hm.hexsides):
            h, d = self._side(hs.a, hs.b, f"hexsides[{i}]")
            feats = frozenset(hs.features) | self.side_features[h * 6 + d]
            self._set_side(h, d, feats)
        self.roads: list[frozenset[str]] = [EMPTY] * (self.n * 6)
        for i, rl in enumerate(hm.roads):
            h, d = self._side(rl.a, rl.b, f"roads[{i}]")
            if not rl.kind:
                raise MalformedInput("a road link needs a kind (e.g. 'national')", f"roads[{i}]")
            kinds = self.roads[h * 6 + d] | {rl.kind}
            t = nbr[h * 6 + d]
            self.roads[h * 6 + d] = kinds
            self.roads[t * 6 + (d + 3) % 6] = kinds
        self._check_banks()
        self._edges: dict[str, list[int]] = {}
        # Derived data rulesets compute from the map alone (cost tables, masks),
        # memoized here so it lives exactly as long as this compiled map.
        self.derived: dict[object, object] = {}

    # -- construction helpers
    def _check_banks(self) -> None:
        """Banks must agree with the river they are banks of: adjacent hexes on
        different banks of a line have it on their shared side, and a side with
        the line between two hexes with stated banks has one on each side."""
        for line, bank in self.banks.items():
            for h in range(self.n):
                if not bank[h]:
                    continue
                for d in range(3):  # each side once
                    t = self.nbr[h * 6 + d]
                    if t < 0 or not bank[t]:
                        continue
                    crossing = line in self.side_features[h * 6 + d]
                    if crossing and bank[t] == bank[h]:
                        raise MalformedInput(f"hexes {self.labels[h]!r} and {self.labels[t]!r} are across the {line} "
                                             f"from each other but both on its {bank[h]!r} bank", f"banks.{line}")
                    if not crossing and bank[t] != bank[h]:
                        raise MalformedInput(f"hexes {self.labels[h]!r} ({bank[h]!r} bank) and {self.labels[t]!r} "
                                             f"({bank[t]!r} bank) are adjacent with no {line} hexside between them",
                                             f"banks.{line}")

    def bank(self, line: str, h: int) -> str:
        """The bank of river line `line` hex `h` lies on ("" when the map does not say)."""
        b = self.banks.get(line)
        return b[h] if b is not None else ""

    def _parse(self, label: str, where: str) -> Raw:
        printed = self._printed.get(label)
        if printed is not None:
            return printed
        try:
            return self.grid.parse(label)
        except LabelError as e:
            raise MalformedInput(str(e), where) from None

    def _side(self, a: str, b: str, where: str) -> tuple[int, int]:
        ha = self.hex_id(a, f"{where}.a")
        hb = self.hex_id(b, f"{where}.b")
        d = direction_between(self.axial[ha], self.axial[hb])
        if d is None:
            raise MalformedInput(f"hexes {a!r} and {b!r} are not adjacent", where)
        return ha, d

    def _set_side(self, h: int, d: int, feats: frozenset[str]) -> None:
        t = self.nbr[h * 6 + d]
        self.side_features[h * 6 + d] = feats
        self.side_features[t * 6 + (d + 3) % 6] = feats
        self._sides[side_key(self.axial[h], d)] = feats

    # -- lookups
    def hex_id(self, label: str, where: str = "") -> int:
        """The int id of a printed hex label; MalformedInput naming `where` if unknown."""
        h = self.index.get(label)
        if h is not None:
            return h
        try:
            raw = self.grid.parse(label)
        except LabelError as e:
            raise MalformedInput(f"{e} on map {self.id or '(unnamed)'}", where) from None
        found = self._by_axial.get(raw_to_axial(*raw))
        if found is None:
            raise MalformedInput(f"hex {label!r} is not on map {self.id or '(unnamed)'}", where)
        return found

    def find(self, label: str) -> int | None:
        try:
            return self.hex_id(label)
        except MalformedInput:
            return None

    def at_axial(self, a: Axial) -> int:
        return self._by_axial.get(a, -1)

    def label(self, h: int) -> str:
        return self.labels[h]

    def direction(self, a: int, b: int) -> int | None:
        return direction_between(self.axial[a], self.axial[b])

    def distance(self, a: int, b: int) -> int:
        return axial_distance(self.axial[a], self.axial[b])

    def neighbours(self, h: int) -> list[int]:
        base = h * 6
        return [t for t in self.nbr[base : base + 6] if t >= 0]

    def side_label(self, h: int, d: int) -> str:
        """A hexside as "A/B" (sorted labels); off-map sides as "A/<dir>"."""
        t = self.nbr[h * 6 + d]
        if t < 0:
            return f"{self.labels[h]}/{self.grid.compass[d]}"
        a, b = sorted((self.labels[h], self.labels[t]))
        return f"{a}/{b}"

    def side_of(self, a: int, b: int) -> frozenset[str]:
        d = self.direction(a, b)
        if d is None:
            raise ValueError(f"{self.labels[a]} and {self.labels[b]} are not adjacent")
        return self.side_features[a * 6 + d]

    def within(self, center: int, radius: int) -> list[int]:
        """Hexes of the map within `radius` of `center` (ring by ring)."""
        from adjudicator.core.hexgrid import spiral

        out = []
        for a in spiral(self.axial[center], radius):
            h = self._by_axial.get(a, -1)
            if h >= 0:
                out.append(h)
        return out

    def tagged(self, tag: str) -> list[int]:
        return [h for h in range(self.n) if tag in self.tags[h]]

    def named(self, name: str) -> int:
        """The hex whose printed place name is `name` (case-insensitive)."""
        key = name.casefold()
        for h in range(self.n):
            if self.names[h].casefold() == key:
                return h
        raise NotFound(f"no hex named {name!r} on map {self.id or '(unnamed)'}")

    def edge_hexes(self, edge: str) -> list[int]:
        """Hexes on a map edge ("north", "south", "east", "west").

        Hexes tagged ``edge:<name>`` in the map data are the edge when any hex
        carries that tag; otherwise the edge is derived from the geometry: the
        outermost hex of each column (north/south) or row (east/west) as VASSAL
        draws the grid, sideways grids included.
        """
        if edge not in EDGE_NAMES:
            raise MalformedInput(f"unknown map edge {edge!r} (known: {', '.join(EDGE_NAMES)})")
        cached = self._edges.get(edge)
        if cached is not None:
            return cached
        tagged = self.tagged(f"edge:{edge}")
        if tagged:
            self._edges[edge] = tagged
            return tagged
        # Screen axes: not sideways -> x follows the raw column and y the raw row;
        # sideways swaps them. North/south take the extreme of each screen column,
        # east/west the extreme of each screen row.
        vertical = edge in ("north", "south")
        by_column = vertical != self.grid.sideways
        want_min = edge in ("north", "west")
        best: dict[int, tuple[int, list[int]]] = {}
        for h, (c, r) in enumerate(self.raw):
            key, val = (c, r) if by_column else (r, c)
            cur = best.get(key)
            if cur is None or (val < cur[0] if want_min else val > cur[0]):
                best[key] = (val, [h])
            elif val == cur[0]:
                cur[1].append(h)
        out = sorted(h for _, hs in best.values() for h in hs)
        self._edges[edge] = out
        return out

    def distance_field(self, sources: Iterable[int], passable: Sequence[int] | None = None) -> list[int]:
        """Steps from the nearest source to every hex (breadth first; -1 unreachable).

        `passable` (per hex, truthy = may be crossed) limits the hexes the field
        spreads through; None means every hex.
        """
        dist = [-1] * self.n
        frontier = []
        for s in sources:
            if dist[s] < 0:
                dist[s] = 0
                frontier.append(s)
        nbr = self.nbr
        k = 0
        while frontier:
            k += 1
            nxt = []
            for h in frontier:
                base = h * 6
                for t in nbr[base : base + 6]:
                    if t >= 0 and dist[t] < 0 and (passable is None or passable[t]):
                        dist[t] = k
                        nxt.append(t)
            frontier = nxt
        return dist

    def raw_of(self, h: int) -> Raw:
        return self.raw[h]

    def axial_raw(self, a: Axial) -> Raw:
        return axial_to_raw(*a)


# -- cache by content -------------------------------------------------------

_CACHE: OrderedDict[bytes, HexMap] = OrderedDict()
_CACHE_SIZE = 16


def fingerprint(game_map: map_pb2.GameMap) -> bytes:
    return hashlib.sha256(game_map.SerializeToString(deterministic=True)).digest()


def compile_map(game_map: map_pb2.GameMap) -> HexMap:
    """The compiled form of `game_map`, from the cache when an equal map was
    compiled before. The key is a hash of the content (about 0.1-0.4 ms for a
    100x100 map), never the object's identity: a message edited in place must
    not find its old compiled form."""
    return _compile_by_content(game_map)


def _compile_by_content(game_map: map_pb2.GameMap) -> HexMap:
    key = fingerprint(game_map)
    hit = _CACHE.get(key)
    if hit is not None:
        _CACHE.move_to_end(key)
        return hit
    compiled = HexMap(game_map)
    _CACHE[key] = compiled
    while len(_CACHE) > _CACHE_SIZE:
        _CACHE.popitem(last=False)
    return compiled
