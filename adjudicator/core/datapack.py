"""A ruleset's data pack: the files in its `data/` folder, read once.

Every ruleset ships its tables, maps, rosters and scenarios as data files
validated against the proto schema (text format, proto3 JSON or binary by
extension; maps in the TOML of docs/maps.md). This loader is the one way they
are read: parsed once on first use, handed out as fresh copies (callers may
edit what they get), and a missing or broken file is one line naming it.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TypeVar

from google.protobuf import json_format, text_format
from google.protobuf.message import DecodeError, Message

from adjudicator.core.errors import MalformedInput, NotFound
from adjudicator.core.mapfile import load_map_toml
from umpire.v1 import definition_pb2, map_pb2, tables_pb2

M = TypeVar("M", bound=Message)


class DataPack:
    """The data folder of one ruleset, with its scenario index: scenario files
    (scenario id -> file name in the folder) and scenarios the ruleset builds
    from the pack's data (`ship`: e.g. a rules-only template put on a board)."""

    def __init__(self, directory: Path, scenarios: Mapping[str, str] | None = None) -> None:
        self.directory = directory
        self.scenarios = dict(scenarios or {})
        self._built: dict[str, tuple[Callable[[], definition_pb2.Scenario], bool]] = {}
        self._bytes: dict[tuple[str, str], bytes] = {}
        self._lock = threading.Lock()

    def ship(self, scenario_id: str, build: Callable[[], definition_pb2.Scenario], *, listed: bool = True) -> None:
        """A scenario the ruleset builds from the pack's data (a fresh one per call);
        `listed` = shown among the shipped scenarios (`umpire rulesets`)."""
        self._built[scenario_id] = (build, listed)

    def path(self, name: str) -> Path:
        return self.directory / name

    def read(self, name: str, message: type[M]) -> M:
        """A fresh copy of the message in file `name` (parsed once)."""
        key = (name, message.DESCRIPTOR.full_name)
        raw = self._bytes.get(key)
        if raw is None:
            with self._lock:
                raw = self._bytes.get(key)
                if raw is None:
                    raw = self._parse(name, message).SerializeToString()
                    self._bytes[key] = raw
        out = message()
        out.ParseFromString(raw)
        return out

    def _parse(self, name: str, message: type[M]) -> M:
        path = self.path(name)
        where = f"data pack {path}"
        try:
            data = path.read_bytes()
        except OSError as e:
            raise MalformedInput(f"cannot read: {e.strerror or e}", where) from None
        out = message()
        try:
            if name.endswith(".json"):
                json_format.Parse(data.decode("utf-8"), out)
            elif name.endswith((".binpb", ".pb", ".bin")):
                out.ParseFromString(data)
            else:
                text_format.Parse(data.decode("utf-8"), out)
        except (text_format.ParseError, json_format.ParseError, DecodeError, UnicodeDecodeError) as e:
            raise MalformedInput(" ".join(str(e).split()), where) from None
        return out

    def map(self, name: str) -> map_pb2.GameMap:
        """A fresh copy of a map: TOML (docs/maps.md) or a GameMap message file."""
        if not name.endswith(".toml"):
            return self.read(name, map_pb2.GameMap)
        key = (name, "toml")
        raw = self._bytes.get(key)
        if raw is None:
            with self._lock:
                raw = self._bytes.get(key)
                if raw is None:
                    raw = load_map_toml(self.path(name)).SerializeToString()
                    self._bytes[key] = raw
        out = map_pb2.GameMap()
        out.ParseFromString(raw)
        return out

    def tables(self, name: str) -> list[tables_pb2.Table]:
        """Fresh copies of the tables in a TableSet file."""
        return list(self.read(name, tables_pb2.TableSet).tables)

    def scenario_ids(self) -> list[str]:
        return [sid for sid, (_, listed) in self._built.items() if listed] + list(self.scenarios)

    def scenario(self, scenario_id: str) -> definition_pb2.Scenario:
        """A shipped scenario: built, or the scenario file as shipped (rulesets
        complete it at creation: RulesetBase.complete)."""
        built = self._built.get(scenario_id)
        if built is not None:
            return built[0]()
        name = self.scenarios.get(scenario_id)
        if name is None:
            known = [sid for sid in self._built if sid not in self.scenario_ids()] + self.scenario_ids()
            raise NotFound(f"unknown scenario {scenario_id!r} (known: {', '.join(known) or 'none'})")
        return self.read(name, definition_pb2.Scenario)
