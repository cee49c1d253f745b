"""The data pack (data/): the tables as far as the text gives them, the chit
pools and armies (4.2, 2.2, 15.1), the rules-only scenario templates
(14.1-14.3), and the illustrative map and counters. Read through the platform's
one loader (core/datapack.py): parsed once, handed out as fresh copies."""

from __future__ import annotations

from pathlib import Path

from adjudicator.core.datapack import DataPack
from adjudicator.rules.traces.cite import RULESET_ID
from umpire.v1 import definition_pb2, map_pb2, tables_pb2, traces_pb2

CRT = "traces-of-victory/crt"
TEC = "traces-of-victory/terrain"
WEATHER = "traces-of-victory/weather"
TURN_TRACK = "traces-of-victory/turn-track"
REINFORCEMENTS = "traces-of-victory/german-reinforcements"

TEMPLATES = ("combined-assault", "pattons-assault", "patchs-advance")
TEMPLATE_PREFIX = f"{RULESET_ID}/rules/"

# Every scenario is built (scenarios.py ships them): the playable ones put a
# template on the illustrative map and counters; the templates themselves load too.
PACK = DataPack(Path(__file__).resolve().parent / "data")


def tables() -> list[tables_pb2.Table]:
    """Fresh copies of the shipped tables."""
    return PACK.tables("tables.textproto")


def rules() -> traces_pb2.TracesScenario:
    """The 4.2 chit pools and the armies (only `pools` and `armies` are set)."""
    return PACK.read("rules.textproto", traces_pb2.TracesScenario)


def template(name: str) -> definition_pb2.Scenario:
    """A rules-only scenario template of 14.1-14.3 (data/scenarios/<name>.textproto)."""
    return PACK.read(f"scenarios/{name}.textproto", definition_pb2.Scenario)


def illustrative_roster() -> definition_pb2.Scenario:
    return PACK.read("illustrative.textproto", definition_pb2.Scenario)


def illustrative_map() -> map_pb2.GameMap:
    return PACK.map("map-illustrative.toml")
