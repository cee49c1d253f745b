"""Where everything is, and the map-derived rules: ZoC (4.1), terrain costs (3.2,
TET), the ferry (3.3).

A `Board` indexes one game state's units by hex and side over the compiled map
and memoizes what is derived from them (memo.py); it is the ruleset's model
(core/template.py), so the many questions asked of one `Position` share one
board. Cost tables (one per movement class) depend only on the map, the
terrain table and the options, so they are cached across states on the
compiled map.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field

from adjudicator.core.errors import MalformedInput, NeedsData
from adjudicator.core.hexmap import HexMap, compile_map
from adjudicator.core import movement
from adjudicator.core.movement import IMPASSABLE, CostTable, build_costs
from adjudicator.core.tables import TableView, find_table
from adjudicator.core.unknowns import Branch
from adjudicator.core.zoc import side_mask, zoc_field
from adjudicator.rules.nordwind.options import NordwindOptions
from adjudicator.rules.nordwind.cite import GERMAN, RULESET_ID, other
from adjudicator.rules.nordwind.memo import Memo
from adjudicator.rules.nordwind.units import Counters
from umpire.v1 import common_pb2, state_pb2

TET = f"{RULESET_ID}/terrain"
HALF = 2  # movement is counted in half movement points
TERRAIN_ROWS = {"clear": "Clear", "wooded": "Wooded", "difficult": "Difficult"}
ROAD_ROWS = {"national": "National road", "departmental": "Departmental road"}
MP_COLUMN = {"foot": "Infantry (MP)", "mech": "Armored (MP)"}
RHINE = "rhine"
FERRY_MP = {"foot": 3, "mech": 6}  # 3.3


def mp_units(text: str) -> int:
    """A TET movement value ("1", "1/2", "+3") in half-MP units (the kernel's reader)."""
    return movement.mp_units(text, HALF, TET)


@dataclass
class MoveCosts:
    """A cost table plus the edges whose cost the data lacks (crossing them needs data)."""

    table: CostTable
    unknown: dict[int, common_pb2.NeededCell] = field(default_factory=dict)


def move_costs(state: state_pb2.GameState, hexmap: HexMap, mclass: str) -> MoveCosts:
    """Terrain costs of `mclass` on the game's map (3.2 and the TET), cached."""
    tet = find_table(state.scenario.definition.tables, TET)
    road_opt = NordwindOptions(state.options).national_road
    river_opt = NordwindOptions(state.options).footnote_river
    key = ("nordwind-costs", mclass, hashlib.sha256(tet.table.SerializeToString(deterministic=True)
                                                    + road_opt.encode() + river_opt.encode()).digest())
    hit = hexmap.derived.get(key)
    if isinstance(hit, MoveCosts):
        return hit
    col = MP_COLUMN[mclass]
    unknown: dict[int, common_pb2.NeededCell] = {}
    enter_cost: dict[str, int] = {}
    for terrain in set(hexmap.terrain):
        row = TERRAIN_ROWS.get(terrain)
        if row is None:
            raise MalformedInput(
                f"terrain {terrain!r} is not a Nordwind terrain (clear, wooded, difficult; villages and cities "
                "are hex features)",
                f"map {hexmap.id}",
            )
        cell = tet.cell(row, col)
        if cell is None:
            raise NeedsData([tet.needed(row, col, f"entering {terrain} hexes")])
        enter_cost[terrain] = mp_units(cell.value)

    def side_value(row: str, e: int) -> int | None:
        cell = tet.cell(row, col)
        if cell is not None:
            return mp_units(cell.value)
        if row == "River (hexside)" and mclass == "mech" and river_opt == "on":
            return 6 * HALF  # AMB-3: the TET footnote "*: armored cost +6 MP" is the river row
        unknown[e] = tet.needed(row, col, f"crossing a {row.split(' ')[0].lower()} hexside")
        return None

    def side_cost(h: int, d: int, feats: frozenset[str]) -> int | None:
        e = h * 6 + d
        if RHINE in feats:
            return None  # 3.3: only a ferry crosses the Rhine
        total = 0
        bridged = "bridge" in feats or bool(hexmap.roads[e])  # 3.2: bridges wherever roads cross the river
        if "river" in feats and not bridged:
            v = side_value("River (hexside)", e)
            if v is None:
                return None
            total += v
        if "crest" in feats:
            v = side_value("Crest (hexside)", e)
            if v is None:
                return None
            total += v
        return total

    def road_cost(h: int, d: int, kinds: frozenset[str]) -> int | None:
        best: int | None = None
        for kind in kinds:
            row = ROAD_ROWS.get(kind)
            if row is None:
                continue  # another kind of line (rail...): no road rate
            cell = tet.cell(row, col)
            if cell is not None:
                v = mp_units(cell.value)
            elif kind == "national" and road_opt == "half":
                v = 1  # AMB-2: 1/2 MP for every class
            else:
                unknown[h * 6 + d] = tet.needed(row, col, f"moving along a {kind} road")
                continue
            best = v if best is None else min(best, v)
        return best

    table = build_costs(
        hexmap,
        scale=HALF,
        terrain_cost=lambda h: enter_cost[hexmap.terrain[h]],
        side_cost=side_cost,
        road_cost=road_cost,
    )
    result = MoveCosts(table, unknown)
    hexmap.derived[key] = result
    return result


class UnitStates(Mapping[str, state_pb2.UnitState]):
    """A state's unit states by id, read on demand. Why not a dict: a board
    derived for the next state (after a move) would have to rebuild it from a
    thousand units for its first question; the units' positions in
    `state.units` never change within a game, so the index carries over."""

    def __init__(self, state: state_pb2.GameState, position: dict[str, int]) -> None:
        self.state = state
        self.position = position

    def __getitem__(self, uid: str) -> state_pb2.UnitState:
        i = self.position.get(uid)
        units = self.state.units
        if i is not None and i < len(units):
            u = units[i]
            if u.unit_id == uid:
                return u
        self.position = {x.unit_id: k for k, x in enumerate(units)}  # another layout: index it again
        i = self.position.get(uid)
        if i is None:
            raise KeyError(uid)
        return units[i]

    def __iter__(self) -> Iterator[str]:
        return (u.unit_id for u in self.state.units)

    def __len__(self) -> int:
        return len(self.state.units)


class Board:
    """Units by hex and side on the compiled map of one game state, with the
    values derived from them (ZoC fields, occupied hexes, road-rule masks)
    memoized per board.

    A board may be shared: a `Position` keeps one per state and hands the same
    object to every question about that state, from several threads. So a
    shared board is *frozen*: its masks are immutable `bytes`, and `move_unit`
    (judging the next unit of a stack move) refuses to run on it; call
    `overlay()` first for a private copy that may change. `apply` works on such
    a copy of the board of the state before the action (`events` collects what
    it did); after a move that copy is the new state's board (`current`).
    """

    def __init__(self, state: state_pb2.GameState, counters: Counters | None = None) -> None:
        self.state = state
        self.map: HexMap = compile_map(state.scenario.definition.map)
        self.counters = counters if counters is not None else Counters(state)
        self.at: dict[int, list[str]] = {}
        self.hex_of: dict[str, int] = {}
        self.sides: dict[str, str] = {}
        self.frozen = False
        self.memo = Memo()
        self.opts = NordwindOptions(state.options)
        self.events: list[state_pb2.Event] = []
        # False once `apply` changed the state in ways this board does not follow
        # (anything but moving units with `move_unit`): it then describes no state.
        self.current = True
        self._owned: set[int] | None = None  # hexes whose `at` list this board owns (None: all)
        index = self.map.index
        position: dict[str, int] = {}
        for i, u in enumerate(state.units):
            uid = u.unit_id
            position[uid] = i
            self.sides[uid] = u.side or self.counters.unit(uid).side
            if u.status == state_pb2.UnitState.ON_MAP:
                h = index.get(u.location)
                if h is None:
                    h = self.map.hex_id(u.location, f"units[{uid}].location")
                self.at.setdefault(h, []).append(uid)
                self.hex_of[uid] = h
        self.us = UnitStates(state, position)

    def overlay(self, state: state_pb2.GameState | None = None) -> Board:
        """A private, mutable copy (of `state`, when given: a state with the same
        units in the same hexes, e.g. the copy `apply` builds). The map, the
        counters and the memoized values are shared until a unit moves."""
        new = Board.__new__(Board)
        new.state = self.state if state is None else state
        new.map = self.map
        new.counters = self.counters
        new.us = self.us if state is None else UnitStates(state, self.us.position)
        new.at = dict(self.at)  # the lists are shared until move_unit copies the ones it changes
        new._owned = set()
        new.hex_of = dict(self.hex_of)
        new.sides = self.sides
        new.frozen = False
        new.memo = self.memo.copy()
        new.opts = self.opts
        new.events = []
        new.current = True
        return new

    def rebind(self, state: state_pb2.GameState) -> Board:
        """A frozen board of `state`, a state with this board's units in the same
        hexes and the same counters (a side's view of this board's state):
        everything is shared, memoized values included (they depend only on the
        units and the counters)."""
        if not self.frozen:
            raise RuntimeError("only a frozen (shared) board can be rebound; use overlay() for a private copy")
        new = Board.__new__(Board)
        new.__dict__.update(self.__dict__)
        new.state = state
        new.us = UnitStates(state, self.us.position)
        new.events = []
        return new

    def freeze(self) -> Board:
        self.frozen = True
        return self

    def move_unit(self, uid: str, h: int) -> None:
        """Move a unit on this board only (to judge the next unit of a stack move,
        or to derive the next state's board)."""
        if self.frozen:
            raise RuntimeError("a shared (cached) board cannot change: use board.overlay()")
        old = self.hex_of[uid]
        owned = self._owned
        for x in (old, h):
            if owned is not None and x not in owned:  # copy on write: the list may be shared
                self.at[x] = list(self.at.get(x, ()))
                owned.add(x)
            elif x not in self.at:
                self.at[x] = []
        self.at[old].remove(uid)
        if not self.at[old]:
            del self.at[old]
        self.at[h].append(uid)
        self.hex_of[uid] = h
        side = self.side_of(uid)

        def carry(key: tuple[object, ...], value: object) -> object | None:
            """The side's occupied and mechanized masks change in two hexes only."""
            if not isinstance(value, bytes) or key[0] not in ("occupied", "mech"):
                return None
            mech = key[0] == "mech"  # no unknown fact was read: every unit's class is in the data

            def hit(u: str) -> bool:
                return not mech or self.counters.get(u, "movement class") == "mech"

            mask = bytearray(value)
            mask[old] = 1 if any(hit(u) for u in self.stack(old, side)) else 0
            mask[h] = 1 if any(hit(u) for u in self.stack(h, side)) else 0
            return bytes(mask)

        self.memo = self.memo.without_side(side, carry)

    def hex(self, label: str, where: str = "") -> int:
        return self.map.hex_id(label, where)

    def label(self, h: int) -> str:
        return self.map.labels[h]

    def side_of(self, uid: str) -> str:
        side = self.sides.get(uid)
        return side if side is not None else self.counters.unit(uid).side

    def stack(self, h: int, side: str | None = None) -> list[str]:
        units = self.at.get(h, [])
        return [u for u in units if side is None or self.side_of(u) == side]

    def costs(self, mclass: str) -> MoveCosts:
        """`move_costs` of this board's state (memoized: it hashes the TET)."""
        return self.memo.plain(("costs", None, mclass), lambda: move_costs(self.state, self.map, mclass))

    def occupied(self, side: str) -> bytes:
        """Per hex: 1 where `side` has a unit (shared: copy before changing)."""
        return self.memo.plain(("occupied", side), lambda: self._occupied(side))

    def _occupied(self, side: str) -> bytes:
        mask = bytearray(self.map.n)
        sides = self.sides
        for h, units in self.at.items():
            for u in units:
                if sides.get(u) == side:
                    mask[h] = 1
                    break
        return bytes(mask)

    @property
    def rhine(self) -> bytearray:
        """Per edge: 1 across the Rhine (memoized on the compiled map)."""
        mask = self.map.derived.get("nordwind-rhine")
        if not isinstance(mask, bytearray):
            mask = side_mask(self.map, {RHINE})
            self.map.derived["nordwind-rhine"] = mask
        return mask

    def zoc(self, b: Branch, side: str) -> bytes:
        """Hexes in the ZoC of `side`'s units (4.1): own hex and the six around,
        not across the Rhine; a lone unit of strength 1 only its own hex.
        Memoized per side and branch assumptions (see memo.py)."""
        return self.memo.branch(("zoc", side), b, lambda rb: self._zoc_field(rb, side))

    def zoc_near(self, b: Branch, side: str, center: int, radius: int) -> bytes:
        """`side`'s ZoC, exact for the hexes within `radius` of `center` (only the
        units that can reach them are read, so unknown values elsewhere do not
        matter); hexes farther away must not be looked at. Not memoized: it is
        cheap, and one entry per center would let a shared board grow without bound."""
        return self._zoc_field(b, side, self.map.within(center, radius + 1))

    def _zoc_field(self, b: Branch, side: str, hexes: Sequence[int] | None = None) -> bytes:
        sources = []
        sides = self.sides
        us = self.us
        stacks = self.at.items() if hexes is None else ((h, self.at[h]) for h in hexes if h in self.at)
        for h, units in stacks:
            mine = [u for u in units if sides.get(u) == side]
            if not mine:
                continue
            if len(mine) == 1:
                lone = mine[0]
                projects = not self.counters.strength_is_one(b, lone, us[lone])
            else:
                projects = True  # every combat unit has strength >= 1: a stack totals more than 1
            sources.append((h, projects))
        return bytes(zoc_field(self.map, sources, self.rhine))

    def enemy_zoc(self, b: Branch, side: str) -> bytes:
        return self.zoc(b, other(side))

    def mech_hexes(self, b: Branch, side: str) -> bytes:
        """Per hex: 1 where `side` has a mechanized unit (3.2's road rule)."""

        def compute(rb: Branch) -> bytes:
            mask = bytearray(self.map.n)
            for h, units in self.at.items():
                for u in units:
                    if self.side_of(u) == side and self.counters.is_mech(rb, u):
                        mask[h] = 1
                        break
            return bytes(mask)

        return self.memo.branch(("mech", side), b, compute)

    def ferry_links(self) -> list[tuple[int, int, int]]:
        """(ferry hex, across hex, edge) for a placed, intact ferry (3.3)."""
        nw = self.state.nordwind
        if not nw.HasField("ferry") or nw.ferry.destroyed:
            return []
        f = self.hex(nw.ferry.hex, "nordwind.ferry.hex")
        out = []
        for d in range(6):
            e = f * 6 + d
            t = self.map.nbr[e]
            if t >= 0 and self.rhine[e]:
                out.append((f, t, e))
        return out

    def ferry_destroyed_now(self) -> bool:
        """3.3: Allied units in all the hexes across the Rhine from the ferry."""
        links = self.ferry_links()
        if not links:
            return False
        return all(self.stack(t, other(GERMAN)) for _, t, _ in links)


def units_in(board: Board, hexes: Sequence[int], side: str) -> list[str]:
    out: list[str] = []
    for h in hexes:
        out.extend(board.stack(h, side))
    return out


def tet_view(state: state_pb2.GameState) -> TableView:
    return find_table(state.scenario.definition.tables, TET)


def zoc_bounds(key: object) -> tuple[bool, bool] | None:
    """Bounds of the unknown facts movement and supply read, for
    `unknowns.decide_bounds` (permissive, restrictive): a lone unit of strength 1
    has no ZoC beyond its hex (4.1); another mechanized unit costs the road (3.2)."""
    if isinstance(key, tuple) and key:
        if key[0] == "strength-1":
            return True, False
        if key[0] == "mech":
            return False, True
    return None
