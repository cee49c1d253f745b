"""The Nordwind data pack (data/): tables, the illustrative map, the roster and
the two scenarios, read through the platform's one loader (core/datapack.py):
parsed once, handed out as fresh copies.

Scenario files hold only what is particular to a scenario; a shipped scenario
is completed here with the map, the tables and the roster's units it places or
brings in. The counter values the text lacks stay unset: the counters table
built at game creation (units.counters_table) shows them as unknown cells,
which users fill like any other table cell.
"""

from __future__ import annotations

from functools import partial
from pathlib import Path

from adjudicator.core.datapack import DataPack
from umpire.v1 import definition_pb2, map_pb2, tables_pb2

PACK = DataPack(Path(__file__).resolve().parent / "data")
FILES = {
    "nordwind-1945/historical": "scenario-historical.textproto",
    "nordwind-1945/hypothetical": "scenario-hypothetical.textproto",
}


def game_map() -> map_pb2.GameMap:
    return PACK.map("map-illustrative.toml")


def tables() -> list[tables_pb2.Table]:
    return PACK.tables("tables.textproto")


def roster() -> definition_pb2.GameDefinition:
    return PACK.read("roster.textproto", definition_pb2.GameDefinition)


def scenario_units(s: definition_pb2.Scenario, units: list[definition_pb2.Unit]) -> list[definition_pb2.Unit]:
    """The roster units the scenario places or brings in, in roster order."""
    named = {p.unit_id for p in s.setup}
    for p in s.nordwind.setup:
        named.update(p.unit_ids)
    for a in s.nordwind.arrivals:
        named.update(a.placement.unit_ids)
    return [u for u in units if u.id in named]


def scenario(scenario_id: str) -> definition_pb2.Scenario:
    """A shipped scenario with the map, the sides, the roster's units it uses and the tables."""
    return PACK.scenario(scenario_id)


def _shipped(name: str) -> definition_pb2.Scenario:
    s = PACK.read(name, definition_pb2.Scenario)
    r = roster()
    d = s.definition
    d.map.CopyFrom(game_map())
    d.sides.extend(r.sides)
    d.unit_types.extend(r.unit_types)
    d.units.extend(scenario_units(s, list(r.units)))
    d.tables.extend(tables())
    return s


for _sid, _name in FILES.items():
    PACK.ship(_sid, partial(_shipped, _name))
