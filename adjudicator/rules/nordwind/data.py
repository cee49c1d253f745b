"""The Nordwind data pack: tables, the illustrative map, the roster and the two
scenarios, loaded once at import (adjudicator/rules/nordwind/data/).

Scenario files hold only what is particular to a scenario; the definition is
completed here with the map, the tables and the roster's units the scenario
places or brings in. The counter values the text lacks stay unset: the
counters table built at game creation (units.counters_table) shows them as
unknown cells, which users fill like any other table cell.
"""

from __future__ import annotations

from pathlib import Path
from typing import TypeVar

from google.protobuf import text_format
from google.protobuf.message import Message

from adjudicator.core.errors import NotFound
from adjudicator.core.mapfile import load_map_toml
from umpire.v1 import definition_pb2, map_pb2, tables_pb2

DATA = Path(__file__).resolve().parent / "data"
SCENARIO_FILES = {
    "nordwind-1945/historical": "scenario-historical.textproto",
    "nordwind-1945/hypothetical": "scenario-hypothetical.textproto",
}


M = TypeVar("M", bound=Message)


def _read(name: str, message: M) -> M:
    return text_format.Parse((DATA / name).read_text(encoding="utf-8"), message)


TABLES: tables_pb2.TableSet = _read("tables.textproto", tables_pb2.TableSet())
MAP: map_pb2.GameMap = load_map_toml(DATA / "map-illustrative.toml")
ROSTER: definition_pb2.GameDefinition = _read("roster.textproto", definition_pb2.GameDefinition())
_SCENARIOS = {sid: _read(f, definition_pb2.Scenario()) for sid, f in SCENARIO_FILES.items()}


def scenario_units(s: definition_pb2.Scenario) -> list[str]:
    """Ids of every unit the scenario places or brings in, in roster order."""
    named = {p.unit_id for p in s.setup}
    for p in s.nordwind.setup:
        named.update(p.unit_ids)
    for a in s.nordwind.arrivals:
        named.update(a.placement.unit_ids)
    return [u.id for u in ROSTER.units if u.id in named]


def load(scenario_id: str) -> definition_pb2.Scenario:
    base = _SCENARIOS.get(scenario_id)
    if base is None:
        raise NotFound(f"unknown scenario {scenario_id!r} (known: {', '.join(_SCENARIOS)})")
    s = definition_pb2.Scenario()
    s.CopyFrom(base)
    d = s.definition
    d.map.CopyFrom(MAP)
    d.sides.extend(ROSTER.sides)
    d.unit_types.extend(ROSTER.unit_types)
    wanted = set(scenario_units(s))
    d.units.extend(u for u in ROSTER.units if u.id in wanted)
    d.tables.extend(TABLES.tables)
    return s


def scenario_ids() -> list[str]:
    return list(_SCENARIOS)
