"""Movement costs (9.1, 9.2, 7.2, 4.1.5) compiled for the kernel's search.

Static part (per map, unit class, mud and the TEC cells in force), in half-MP
units (scale 2, for the mechanized road rate of 1/2 MP):
* a hex costs its Terrain Effects Chart value ("mp", or "mp-mud" on mud
  turns); fortifications add nothing (12.3);
* an unbridged Stream or Canal hexside costs +1 MP; a River hexside may be
  crossed only where a road or railroad bridges it, and then costs nothing
  (9.1, 9.2 example: "Hex B cannot be entered as the river hex-side is not
  bridged");
* along a road: 1 MP non-mechanized, 1/2 MP mechanized, "regardless of
  terrain" (9.1); railroads only with tov.a21-rail-road-rate.

A TEC cell the text lacks makes its terrain impassable here and is reported:
`unknown` lists the terrain rows whose cost was needed but not known, so the
caller can raise NeedsData for exactly those cells (never a guessed cost).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from adjudicator.core.errors import MalformedInput
from adjudicator.core.movement import CostTable, build_costs, mp_units
from adjudicator.core.tables import TableView
from adjudicator.rules.traces.board import Board
from umpire.v1 import common_pb2

SCALE = 2
ZOC_COST = 2 * SCALE  # 9.2: +2 MP to enter, +2 MP to leave an enemy ZOC


@dataclass
class Costs:
    table: CostTable
    column: str  # TEC column used ("mp" or "mp-mud")
    unknown: dict[str, common_pb2.NeededCell] = field(default_factory=dict)  # terrain -> needed cell




def costs_for(
    board: Board,
    tec: TableView,
    *,
    mech: bool,
    mud: bool,
    rail_as_road: bool,
    supplied: Iterable[common_pb2.SuppliedCell] = (),
) -> Costs:
    hm = board.hm
    column = "mp-mud" if mud else "mp"
    cells = tuple(sorted((s.row, s.column, s.value) for s in supplied if s.table_id == tec.id and s.column == column))
    key = ("traces-costs", mech, mud, rail_as_road, cells, tec.table.SerializeToString(deterministic=True))
    hit = hm.derived.get(key)
    if isinstance(hit, Costs):
        return hit
    supplied_by_row = {r: v for r, _, v in cells}
    per_terrain: dict[str, int | None] = {}
    unknown: dict[str, common_pb2.NeededCell] = {}
    for terrain in set(hm.terrain):
        if terrain not in tec.rows:
            raise MalformedInput(
                f"terrain {terrain!r} has no row in the {tec.table.title} (rows: {', '.join(tec.rows)}); give the "
                "scenario its own table with that row", "scenario.definition.map")
        cell = tec.cell(terrain, column)
        value = cell.value if cell is not None else supplied_by_row.get(terrain)
        if value is None:
            per_terrain[terrain] = None
            unknown[terrain] = tec.needed(terrain, column, f"movement into {terrain}" + (" on a mud turn" if mud else ""))
        elif value.strip().lower() in ("p", "prohibited", "-", "no"):
            per_terrain[terrain] = None
        else:
            per_terrain[terrain] = mp_units(value, SCALE, f"{tec.id} row {terrain} column {column}")

    def terrain_cost(h: int) -> int | None:
        return per_terrain[hm.terrain[h]]

    def side_cost(h: int, d: int, feats: frozenset[str]) -> int | None:
        e = h * 6 + d
        if board.river[e]:
            return 0 if board.bridged[e] else None
        if (board.stream[e] or board.canal[e]) and not board.bridged[e]:
            return 1 * SCALE
        return 0

    def road_cost(h: int, d: int, kinds: frozenset[str]) -> int | None:
        if "road" in kinds or (rail_as_road and "rail" in kinds):
            return 1 if mech else 2
        return None

    table = build_costs(hm, scale=SCALE, terrain_cost=terrain_cost, side_cost=side_cost, road_cost=road_cost)
    out = Costs(table, column, unknown)
    hm.derived[key] = out
    return out
