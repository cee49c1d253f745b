"""The data pack (data/), read once at import: the tables as far as the text
gives them, the chit pools and armies (4.2, 2.2, 15.1), the rules-only
scenario templates (14.1-14.3), and the illustrative map and counters."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import TypeVar

from google.protobuf.message import Message

from adjudicator.core.mapfile import load_map_toml
from importers.canonical import parse_bytes
from umpire.v1 import definition_pb2, map_pb2, tables_pb2, traces_pb2

DATA = Path(__file__).resolve().parent / "data"

CRT = "traces-of-victory/crt"
TEC = "traces-of-victory/terrain"
WEATHER = "traces-of-victory/weather"
TURN_TRACK = "traces-of-victory/turn-track"
REINFORCEMENTS = "traces-of-victory/german-reinforcements"

TEMPLATES = ("combined-assault", "pattons-assault", "patchs-advance")

M = TypeVar("M", bound=Message)


def _read(name: str, message: M) -> M:
    path = DATA / name
    return parse_bytes(path.read_bytes(), message, "text", str(path))


@lru_cache(maxsize=None)
def _tables_bytes() -> bytes:
    return _read("tables.textproto", tables_pb2.TableSet()).SerializeToString()


def tables() -> list[tables_pb2.Table]:
    """Fresh copies of the shipped tables."""
    ts = tables_pb2.TableSet()
    ts.ParseFromString(_tables_bytes())
    return list(ts.tables)


@lru_cache(maxsize=None)
def _rules_bytes() -> bytes:
    return _read("rules.textproto", traces_pb2.TracesScenario()).SerializeToString()


def rules() -> traces_pb2.TracesScenario:
    """The 4.2 chit pools and the armies (only `pools` and `armies` are set)."""
    r = traces_pb2.TracesScenario()
    r.ParseFromString(_rules_bytes())
    return r


@lru_cache(maxsize=None)
def _template_bytes(name: str) -> bytes:
    return _read(f"scenarios/{name}.textproto", definition_pb2.Scenario()).SerializeToString()


def template(name: str) -> definition_pb2.Scenario:
    s = definition_pb2.Scenario()
    s.ParseFromString(_template_bytes(name))
    return s


@lru_cache(maxsize=None)
def _illustrative_bytes() -> bytes:
    return _read("illustrative.textproto", definition_pb2.Scenario()).SerializeToString()


def illustrative_roster() -> definition_pb2.Scenario:
    s = definition_pb2.Scenario()
    s.ParseFromString(_illustrative_bytes())
    return s


@lru_cache(maxsize=None)
def _map_bytes() -> bytes:
    return load_map_toml(DATA / "map-illustrative.toml").SerializeToString()


def illustrative_map() -> map_pb2.GameMap:
    m = map_pb2.GameMap()
    m.ParseFromString(_map_bytes())
    return m
