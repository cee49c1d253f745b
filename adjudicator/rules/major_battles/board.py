"""The board: towns, roads and landing areas compiled into indexes.

A board is a `GameMap` with a `GraphMap` (docs/boards.md). Compiling it
checks it once (ids, road kinds, landing areas) and builds the adjacency
the rules read; compiled boards are cached by the SHA-256 of the map's
deterministic serialization, which the game state records at creation
(`MajorBattlesState.board_digest`). A state whose map does not match its
digest is refused, so a cached board is never applied to another map.
"""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from dataclasses import dataclass, field

from adjudicator.core.errors import MalformedInput
from umpire.v1 import map_pb2

# MB "Using Movement Points" ¶1: solid 1, dashed 2, dotted 3 movement points.
ROAD_COSTS = {"solid": 1, "dashed": 2, "dotted": 3}
LANDING = "landing"


@dataclass(frozen=True)
class Road:
    id: str
    a: str
    b: str
    kind: str
    cost: int

    def other(self, town: str) -> str:
        return self.b if town == self.a else self.a


@dataclass(frozen=True)
class Town:
    id: str
    name: str
    tags: frozenset[str]
    props: dict[str, str]


@dataclass(frozen=True)
class Area:
    id: str
    kind: str
    town: str
    capacity: int
    name: str


@dataclass
class Board:
    id: str
    source: str
    digest: str
    towns: dict[str, Town]
    roads: dict[str, Road]
    # town -> ((road, other town), ...), cheapest first, then by road id
    adj: dict[str, tuple[tuple[Road, str], ...]]
    # (town, town) -> roads joining them, cheapest first
    links: dict[tuple[str, str], tuple[Road, ...]]
    areas: dict[str, Area]
    by_tag: dict[str, tuple[str, ...]] = field(default_factory=dict)

    def tagged(self, tag: str) -> tuple[str, ...]:
        return self.by_tag.get(tag, ())

    def name(self, town: str) -> str:
        t = self.towns.get(town)
        return t.name or t.id if t else town

    def neighbours(self, town: str) -> list[str]:
        seen: list[str] = []
        for _road, other in self.adj.get(town, ()):
            if other not in seen:
                seen.append(other)
        return seen


def digest(gmap: map_pb2.GameMap) -> str:
    return hashlib.sha256(gmap.SerializeToString(deterministic=True)).hexdigest()


def compile_board(gmap: map_pb2.GameMap, where: str = "map") -> Board:
    """Check and index a board. Errors name the entry."""
    if gmap.WhichOneof("layout") != "graph":
        raise MalformedInput("Major Battles needs a point-to-point map (`graph`), not a hex map", where)
    g = gmap.graph
    towns: dict[str, Town] = {}
    for i, t in enumerate(g.towns):
        w = f"{where}.graph.towns[{i}]"
        if not t.id:
            raise MalformedInput("a town needs an id", w)
        if t.id in towns:
            raise MalformedInput(f"duplicate town id {t.id!r}", w)
        towns[t.id] = Town(t.id, t.name, frozenset(t.tags), dict(t.props))
    roads: dict[str, Road] = {}
    for i, r in enumerate(g.roads):
        w = f"{where}.graph.roads[{i}]"
        if not r.id:
            raise MalformedInput("a road needs an id", w)
        if r.id in roads or r.id in towns:
            raise MalformedInput(f"duplicate road id {r.id!r}", w)
        for end in (r.a, r.b):
            if end not in towns:
                raise MalformedInput(f"road {r.id} ends at unknown town {end!r}", w)
        if r.a == r.b:
            raise MalformedInput(f"road {r.id} joins town {r.a!r} to itself", w)
        if r.kind not in ROAD_COSTS:
            raise MalformedInput(
                f"road {r.id} has kind {r.kind!r}; use solid, dashed or dotted (MB \"Using Movement Points\" ¶1)", w
            )
        roads[r.id] = Road(r.id, r.a, r.b, r.kind, ROAD_COSTS[r.kind])
    areas: dict[str, Area] = {}
    for i, a in enumerate(g.areas):
        w = f"{where}.graph.areas[{i}]"
        if not a.id or a.id in areas or a.id in towns or a.id in roads:
            raise MalformedInput(f"area id {a.id!r} is empty or already used", w)
        if a.town not in towns:
            raise MalformedInput(f"area {a.id} points to unknown town {a.town!r}", w)
        if a.kind == LANDING and a.capacity < 1:
            raise MalformedInput(f"landing area {a.id} needs its printed capacity (units per turn) >= 1", w)
        areas[a.id] = Area(a.id, a.kind, a.town, a.capacity, a.name)
    adj_lists: dict[str, list[tuple[Road, str]]] = {t: [] for t in towns}
    link_lists: dict[tuple[str, str], list[Road]] = {}
    for road in roads.values():
        adj_lists[road.a].append((road, road.b))
        adj_lists[road.b].append((road, road.a))
        link_lists.setdefault((road.a, road.b), []).append(road)
        link_lists.setdefault((road.b, road.a), []).append(road)
    adj = {t: tuple(sorted(v, key=lambda x: (x[0].cost, x[0].id))) for t, v in adj_lists.items()}
    links = {k: tuple(sorted(v, key=lambda r: (r.cost, r.id))) for k, v in link_lists.items()}
    by_tag: dict[str, list[str]] = {}
    for town in towns.values():
        for tag in sorted(town.tags):
            by_tag.setdefault(tag, []).append(town.id)
    return Board(
        id=gmap.id,
        source=gmap.source,
        digest=digest(gmap),
        towns=towns,
        roads=roads,
        adj=adj,
        links=links,
        areas=areas,
        by_tag={k: tuple(v) for k, v in by_tag.items()},
    )


_CACHE: OrderedDict[str, Board] = OrderedDict()
_CACHE_SIZE = 32
_LOCK = threading.Lock()


def board_of(gmap: map_pb2.GameMap, claimed_digest: str) -> Board:
    """The compiled board of a state's map. A cache hit trusts the digest the
    state records; a miss verifies it against the map (so a state edited by
    hand cannot pair one map with another map's digest)."""
    with _LOCK:
        hit = _CACHE.get(claimed_digest) if claimed_digest else None
        if hit is not None:
            _CACHE.move_to_end(claimed_digest)
            return hit
    board = compile_board(gmap, "state.scenario.definition.map")
    if claimed_digest and board.digest != claimed_digest:
        raise MalformedInput(
            "the state's board does not match the digest recorded at creation (edited map?)",
            "state.major_battles.board_digest",
        )
    with _LOCK:
        _CACHE[board.digest] = board
        while len(_CACHE) > _CACHE_SIZE:
            _CACHE.popitem(last=False)
    return board
