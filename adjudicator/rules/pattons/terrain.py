"""Movement costs (5.4-5.6, 20.2.2, 12.1.A) on the hex kernel's cost tables.

The Terrain Effects Chart is not in the text. Table `pattons-3rd-army/terrain`
has a row per terrain the text names (clear, woods, hilltop, town) and per
hexside (river, stream) with the costs for mechanized and non-mechanized
units, all unknown, and the rows the text does give: road 1 MP tactically
(5.4.3), 1/2 MP strategically for mechanized units (5.5.2), the mud costs
(20.2.2.B-C). A hex or hexside whose cost is unknown is impassable in the
kernel's table and remembered: crossing it raises NeedsData naming the cell,
and reach leaves it out with a note. Costs are in half MPs (`HALF`).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field

from adjudicator.core.errors import MalformedInput
from adjudicator.core import movement
from adjudicator.core.movement import CostTable, build_costs
from adjudicator.core.tables import TableView, find_table
from adjudicator.rules.pattons.cite import TEC
from adjudicator.rules.pattons.model import RIVER, STREAM, Game
from umpire.v1 import common_pb2

HALF = 2
MECH, FOOT = "mechanized", "non-mechanized"
ROAD_TACTICAL, ROAD_STRATEGIC = "road (tactical)", "road (strategic)"
MUD_ROWS = {"clear", "woods", "hilltop"}  # 20.2.2.B-C: the terrains whose cost mud changes


def mp_units(text: str, where: str) -> int:
    return movement.mp_units(text, HALF, where)


def check_value(text: str) -> None:
    """The syntax of a TEC cell supplied with an action."""
    mp_units(text, TEC)


@dataclass
class MoveCosts:
    table: CostTable
    unknown_hex: dict[int, common_pb2.NeededCell] = field(default_factory=dict)
    unknown_edge: dict[int, common_pb2.NeededCell] = field(default_factory=dict)


def tec(g: Game) -> TableView:
    return find_table(g.state.scenario.definition.tables, TEC)


def check_terrain(g: Game) -> None:
    """Every terrain of the map must be a TEC row (a typo is refused, not free)."""
    rows = set(tec(g).rows)
    for t in sorted(set(g.hm.terrain)):
        if t not in rows:
            raise MalformedInput(f"terrain {t!r} is not a row of the Terrain Effects Chart ({', '.join(tec(g).rows)})",
                                 f"map {g.hm.id}")


def costs(g: Game, mclass: str, mode: str) -> MoveCosts:
    """The cost table of a movement class (MECH/FOOT) and mode ("tactical",
    "strategic") in the current ground conditions (mud or not), cached on the map."""
    t = tec(g)
    mud = g.mud()
    o = g.opts
    key = ("p3-costs", mclass, mode, mud, o.strategic_foot_road, o.mud_roads,
           hashlib.sha256(t.table.SerializeToString(deterministic=True)).digest())
    hit = g.hm.derived.get(key)
    if isinstance(hit, MoveCosts):
        return hit
    hm = g.hm
    unknown_hex: dict[int, common_pb2.NeededCell] = {}
    unknown_edge: dict[int, common_pb2.NeededCell] = {}
    enter: dict[str, int | None] = {}
    for terrain in set(hm.terrain):
        row = terrain
        if mud and terrain in MUD_ROWS and f"{terrain} (mud)" in t.rows and t.cell(f"{terrain} (mud)", mclass):
            row = f"{terrain} (mud)"  # 20.2.2.B-C
        cell = t.cell(row, mclass)
        enter[terrain] = None if cell is None else mp_units(cell.value, f"{TEC} {row}/{mclass}")

    def terrain_cost(h: int) -> int | None:
        v = enter[hm.terrain[h]]
        if v is None:
            unknown_hex[h] = t.needed(hm.terrain[h], mclass, f"entering {hm.terrain[h]} ({mclass})")
        return v

    def side_cost(h: int, d: int, feats: frozenset[str]) -> int | None:
        river = RIVER in feats or (mud and STREAM in feats)  # 20.2.2.A: streams are rivers in mud
        if river and mclass == MECH:
            return None  # 5.6: only along a road
        row = "river hexside" if river else ("stream hexside" if STREAM in feats else "")
        if not row:
            return 0
        cell = t.cell(row, mclass)
        if cell is None:
            unknown_edge[h * 6 + d] = t.needed(row, mclass, f"crossing a {row.split()[0]} hexside ({mclass})")
            return None
        return mp_units(cell.value, f"{TEC} {row}/{mclass}")

    def road_cost(h: int, d: int, kinds: frozenset[str]) -> int | None:
        if mud and mclass == MECH and o.mud_roads == "mud-cost" and hm.terrain[hm.nbr[h * 6 + d]] in MUD_ROWS:
            return None  # AMBIG-10 'mud-cost': no road rate in mud
        row = ROAD_STRATEGIC if mode == "strategic" else ROAD_TACTICAL
        if mode == "strategic" and mclass == FOOT and o.strategic_foot_road == "tactical":
            row = ROAD_TACTICAL  # AMBIG-7
        cell = t.cell(row, mclass)
        if cell is None:
            unknown_edge[h * 6 + d] = t.needed(row, mclass, f"moving along a road ({mode}, {mclass})")
            return None
        return mp_units(cell.value, f"{TEC} {row}/{mclass}")

    table = build_costs(hm, scale=HALF, terrain_cost=terrain_cost, side_cost=side_cost, road_cost=road_cost)
    out = MoveCosts(table, unknown_hex, unknown_edge)
    hm.derived[key] = out
    return out


def river_side(g: Game, e: int) -> bool:
    """A river hexside for combat and retreats (in mud streams count, 20.2.2.A)."""
    feats = g.hm.side_features[e]
    return RIVER in feats or (g.mud() and STREAM in feats)
