"""A studio project: one folder holding every file the studio writes.

    studio.json          the module, ruleset and scenario the project uses
    maps/<map>.toml      the painted map of each VASSAL map (docs/maps.md)
    counters.textproto   counter values, one row per palette piece (docs/tables.md)
    binding.json         pieces -> units, VASSAL sides -> ruleset sides (docs/vassal.md)
    tables.textproto     values typed off the module's charts (docs/tables.md)
    games/               saves and logs opened through the page

They are ordinary Umpire files: `umpire check-map`, `umpire new --tables`,
`umpire convert --binding` read them. Writes go through `inside` (never out of
the folder) and are atomic (a failure leaves the old file).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from google.protobuf import json_format, text_format

from adjudicator.core.authoring import Vocabulary, derived
from adjudicator.core.errors import MalformedInput, NotFound
from adjudicator.core.ruleset import Ruleset, get_ruleset, ruleset_ids
from exporters.canonical import atomic_write
from importers.canonical import parse_bytes
from importers.vassal.binding import check_binding
from importers.vassal.completion import Completion, load_completion, read_map_file
from importers.vassal.module import Module
from studio import boarddoc, boards, charts, mapdoc
from studio.security import inside
from umpire.v1 import definition_pb2, map_pb2, state_pb2, tables_pb2, vassal_pb2

SETTINGS = "studio.json"
COUNTERS = "counters.textproto"
BINDING = "binding.json"
TABLES = "tables.textproto"
MAX_FILE = 64 * 1024 * 1024


def slug(name: str) -> str:
    s = re.sub(r"[^A-Za-z0-9._-]+", "-", name).strip("-.").lower()
    return s or "map"


def shown_path(folder: Path) -> str:
    """The project folder as the page header names it: relative to where the
    studio runs when inside it (`umpire-demo-studio/`), else under ~, else in
    full; a folder is a name the user chose, not a long absolute path."""
    for base, prefix in ((Path.cwd().resolve(), ""), (Path.home().resolve(), "~/")):
        try:
            rel = folder.relative_to(base)
        except ValueError:
            continue
        return f"{prefix}{rel}/" if str(rel) != "." else (f"{prefix}" or "./")
    return f"{folder}/"


@dataclass
class Project:
    root: Path
    module: Module | None
    ruleset_id: str = ""
    scenario_id: str = ""
    _overlays: dict[str, boards.Overlay] = field(default_factory=dict)

    @classmethod
    def open(cls, root: Path, module_path: Path | None, ruleset: str | None) -> "Project":
        root = root.resolve()
        if root.exists() and not root.is_dir():
            raise MalformedInput("the project folder is a file", str(root))
        root.mkdir(parents=True, exist_ok=True)
        settings: dict[str, Any] = {}
        sp = root / SETTINGS
        if sp.is_file():
            try:
                settings = json.loads(sp.read_text(encoding="utf-8"))
            except (ValueError, UnicodeDecodeError) as e:
                raise MalformedInput(f"not JSON: {e}", str(sp)) from None
            if not isinstance(settings, dict):
                raise MalformedInput("expected a JSON object", str(sp))
        if module_path is None and settings.get("module"):
            module_path = Path(str(settings["module"]))
        module = None
        if module_path is not None:
            module = Module.open(module_path)  # the converter's hostile-archive guards
            if module.buildfile.is_extension:
                raise MalformedInput("this is an extension (.vmdx), not a module", str(module_path))
        rid = ruleset or str(settings.get("ruleset", ""))
        if rid:
            get_ruleset(rid)  # NotFound naming the known ids
        p = cls(root, module, rid, str(settings.get("scenario", "")))
        if module_path is not None and (settings.get("module") != str(module_path.resolve()) or ruleset):
            p.save_settings()
        return p

    # -- files
    def path(self, relative: str) -> Path:
        return inside(self.root, relative)

    def write(self, relative: str, data: bytes) -> Path:
        target = self.path(relative)
        target.parent.mkdir(parents=True, exist_ok=True)
        atomic_write(target, data)
        return target

    def read(self, relative: str) -> bytes | None:
        p = self.path(relative)
        if not p.is_file():
            return None
        if p.stat().st_size > MAX_FILE:
            raise MalformedInput(f"over the {MAX_FILE} byte limit", relative)
        return p.read_bytes()

    def save_settings(self) -> None:
        data = {"module": str(Path(self.module.name).resolve()) if self.module else "", "ruleset": self.ruleset_id,
                "scenario": self.scenario_id}
        self.write(SETTINGS, (json.dumps(data, indent=2) + "\n").encode())

    def set_ruleset(self, ruleset: str, scenario: str) -> None:
        if ruleset:
            rs = get_ruleset(ruleset)
            if scenario and scenario not in rs.scenario_ids():
                raise NotFound(f"ruleset {ruleset} ships no scenario {scenario!r} (it has {', '.join(rs.scenario_ids())})")
        self.ruleset_id, self.scenario_id = ruleset, scenario if ruleset else ""
        self.save_settings()

    # -- the ruleset's vocabulary
    @property
    def ruleset(self) -> Ruleset | None:
        return get_ruleset(self.ruleset_id) if self.ruleset_id else None

    def vocabulary(self) -> Vocabulary:
        rs = self.ruleset
        if rs is None:
            return derived("hex", [])
        return rs.authoring()

    # -- maps
    def need_module(self) -> Module:
        if self.module is None:
            raise MalformedInput("no module open: start the studio with MODULE.vmod")
        return self.module

    def sheets(self) -> dict[str, str] | None:
        b = self.binding()
        s = {m.board: m.sheet for m in b.maps if m.sheet and m.board}
        return s or None

    def overlay(self, map_ident: str) -> boards.Overlay:
        if map_ident not in self._overlays:
            self._overlays[map_ident] = boards.overlay(self.need_module(), map_ident, self.sheets())
        return self._overlays[map_ident]

    def map_file(self, map_ident: str) -> str:
        return f"maps/{slug(map_ident)}.toml"

    def new_map(self, map_ident: str) -> map_pb2.GameMap:
        ov = self.overlay(map_ident)
        gm = map_pb2.GameMap()
        gm.CopyFrom(ov.grid)
        gm.id = slug(map_ident)
        gm.name = f"{self.need_module().title} — {map_ident}"
        gm.source = f"painted in Umpire Studio over the VASSAL module {self.need_module().title!r}, map {map_ident!r}"
        v = self.vocabulary()
        gm.hex.default_terrain = v.default_terrain or (v.terrains[0].name if v.terrains else "clear")
        gm.hex.excluded.extend(ov.outside)  # VASSAL names these spots otherwise: no piece can stand there
        return gm

    def load_map(self, map_ident: str) -> dict[str, Any]:
        rel = self.map_file(map_ident)
        data = self.read(rel)
        if data is None:
            gm = self.new_map(map_ident)
            return {"file": rel, "exists": False, "doc": mapdoc.map_to_doc(gm), "problems": [], "load_error": ""}
        try:
            gm = mapdoc.read_text(data.decode("utf-8"), rel)
        except UnicodeDecodeError as e:
            return self._broken(map_ident, rel, f"{rel}: not UTF-8 at byte {e.start}")
        except MalformedInput as e:
            return self._broken(map_ident, rel, e.one_line())
        return {"file": rel, "exists": True, "doc": mapdoc.map_to_doc(gm),
                "problems": mapdoc.problems(gm, rel, self.vocabulary()), "load_error": ""}

    def _broken(self, map_ident: str, rel: str, error: str) -> dict[str, Any]:
        """A map file that does not parse: shown with its error; painting starts
        from the bare grid, and saving keeps the broken file as .bak first."""
        return {"file": rel, "exists": True, "doc": mapdoc.map_to_doc(self.new_map(map_ident)), "problems": [],
                "load_error": error}

    def save_map(self, map_ident: str, doc: dict[str, Any]) -> dict[str, Any]:
        rel = self.map_file(map_ident)
        gm = mapdoc.doc_to_map(doc)
        grid = self.overlay(map_ident).grid.hex.grid
        if gm.hex.grid.numbering != grid.numbering or gm.hex.grid.columns != grid.columns:
            raise MalformedInput(f"the map's grid is not the grid of VASSAL map {map_ident!r}", "map.grid")
        text = mapdoc.write_text(gm, f"Umpire Studio map file (docs/maps.md): check it with `umpire check-map {rel}`")
        checked = mapdoc.read_text(text, rel)  # the file as check-map will read it
        found = mapdoc.problems(checked, rel, self.vocabulary())
        old = self.read(rel)
        if old is not None:
            try:
                mapdoc.read_text(old.decode("utf-8"), rel)
            except (MalformedInput, UnicodeDecodeError):
                self.write(rel + ".bak", old)  # a broken file the user may still want
        self.write(rel, text.encode())
        errors = [p for p in found if p["level"] == "error"]
        return {"file": rel, "problems": found, "ok": not errors,
                "summary": f"{rel}: {len(errors)} error(s)" if errors else f"{rel}: passes check-map"}

    # -- counters, binding, chart values
    def _tableset(self, rel: str) -> tables_pb2.TableSet:
        data = self.read(rel)
        ts = tables_pb2.TableSet()
        if data is None:
            return ts
        return parse_bytes(data, ts, "text", rel)

    def counters(self) -> tables_pb2.TableSet:
        return self._tableset(COUNTERS)

    def charts(self) -> tables_pb2.TableSet:
        return self._tableset(TABLES)

    def counters_table_id(self) -> str:
        return self.vocabulary().counters_table or f"{self.ruleset_id or 'ruleset'}/counters"

    def save_counters(self, values: dict[str, dict[str, str]]) -> str:
        v = self.vocabulary()
        known = {f.column: f for f in v.counter_fields}
        ts = tables_pb2.TableSet()
        t = ts.tables.add(id=self.counters_table_id())
        for row in sorted(values):
            for column, value in values[row].items():
                value = str(value).strip()
                if not value:
                    continue
                f = known.get(column)
                if f is None:
                    raise MalformedInput(f"the ruleset reads no counter value {column!r}", f"counters.{row}")
                if f.choices and value not in f.choices:
                    raise MalformedInput(f"{value!r} is not one of {', '.join(f.choices)}", f"counters.{row}.{column}")
                if f.number:
                    try:
                        int(value)
                    except ValueError:
                        raise MalformedInput(f"{value!r} is not a whole number", f"counters.{row}.{column}") from None
                t.cells.add(row=row, column=column, value=value, source="typed off the counter in Umpire Studio")
        head = (f"# Counter values ({t.id}): one row per palette piece of {self.module.title if self.module else '?'}.\n"
                "# Written by Umpire Studio; docs/tables.md describes the format.\n")
        self.write(COUNTERS, head.encode() + text_format.MessageToString(ts, as_utf8=True).encode())
        return COUNTERS

    def save_charts(self, cells: list[dict[str, str]], state: state_pb2.GameState | None = None) -> dict[str, Any]:
        """Values typed off the charts, kept with those saved before (a cell
        typed again replaces its old value), checked against the tables of the
        open game (else of a game of the ruleset's first scenario)."""
        rs = self.ruleset
        if rs is None:
            raise MalformedInput("choose a ruleset first")
        base = [t for t in charts.base_tables(rs, state) if t.id != self.counters_table_id()]
        kept = [{"table": t.id, "row": c.row, "column": c.column, "value": c.value, "source": c.source}
                for t in self.charts().tables for c in t.cells]
        ts = charts.save_cells(base, kept + cells)
        self.write(TABLES, charts.tableset_text(ts, rs.title))
        return {"file": TABLES, "cells": sum(len(t.cells) for t in ts.tables)}

    def binding(self) -> vassal_pb2.VassalBinding:
        data = self.read(BINDING)
        b = vassal_pb2.VassalBinding()
        if data is not None:
            parse_bytes(data, b, "json", BINDING)
            check_binding(b, BINDING)
        if self.ruleset_id:
            b.ruleset = self.ruleset_id
        if self.scenario_id and not b.scenario:
            b.scenario = self.scenario_id
        return b

    def save_binding(self, b: vassal_pb2.VassalBinding) -> str:
        check_binding(b, BINDING)
        self.write(BINDING, (json_format.MessageToJson(b, indent=2) + "\n").encode())
        self._overlays.clear()  # sheets may have changed
        return BINDING

    def map_files(self) -> list[str]:
        """The project's map files of the module's maps, in the module's order:
        the painted hex maps, then the point-to-point boards drawn over its
        region maps."""
        mod = self.need_module()
        found = [self.map_file(i) for i in boards.hex_maps(mod)]
        found += [self.board_file(i) for i in self.graph_maps()]
        return [f for f in found if self.path(f).is_file()]

    # -- point-to-point boards (docs/boards.md)
    def graph_maps(self) -> list[str]:
        """The module's maps that name places (regions) instead of hexes."""
        mod = self.module
        if mod is None:
            return []
        hexes = set(boards.hex_maps(mod))
        return [m.identifier for m in mod.views.maps
                if m.identifier not in hexes and self.overlay(m.identifier).towns]

    def board_file(self, name: str) -> str:
        return f"boards/{slug(name)}.textproto"

    def scenario(self) -> definition_pb2.Scenario | None:
        rs = self.ruleset
        return rs.load_scenario(self.scenario_id) if rs is not None and self.scenario_id else None

    def board_names(self) -> list[str]:
        """What the board editor can open: the module's region maps, the board
        files in boards/, and the chosen scenario's board."""
        names = list(self.graph_maps())
        files = {slug(n) for n in names}
        folder = self.root / "boards"
        if folder.is_dir():
            names += [p.stem for p in sorted(folder.glob("*.textproto")) if p.stem not in files]
        sc = self.scenario()
        if sc is not None and sc.definition.map.WhichOneof("layout") == "graph":
            sid = sc.definition.map.id or "scenario-board"
            if slug(sid) not in {slug(n) for n in names}:
                names.append(sid)
        return names

    def load_board(self, name: str) -> dict[str, Any]:
        rel = self.board_file(name)
        data = self.read(rel)
        out: dict[str, Any] = {"file": rel, "exists": data is not None, "load_error": "", "boards": [],
                               "width": 0, "height": 0}
        if name in self.graph_maps():
            ov = self.overlay(name)
            out["boards"] = [{"name": b.name, "image": b.image, "x": b.x, "y": b.y, "width": b.width,
                              "height": b.height} for b in ov.boards]
            out["width"], out["height"] = ov.width, ov.height
        if data is not None:
            try:
                gm = boarddoc.read_text(data.decode("utf-8"), rel)
            except (MalformedInput, UnicodeDecodeError) as e:
                out["load_error"] = e.one_line() if isinstance(e, MalformedInput) else f"{rel}: not UTF-8"
                gm = map_pb2.GameMap(id=slug(name))
            out["doc"] = boarddoc.board_to_doc(gm)
            out["problems"] = boarddoc.problems(gm, self.vocabulary(), self._board_scenario()) if not out["load_error"] else []
            return out
        gm = map_pb2.GameMap(id=slug(name), name=name)
        sc = self.scenario()
        if name in self.graph_maps():
            gm.source = f"drawn in Umpire Studio over the regions of VASSAL map {name!r}"
            for town, x, y in self.overlay(name).towns:
                gm.graph.towns.add(id=town, name=town, x=x, y=y)
        elif sc is not None and sc.definition.map.WhichOneof("layout") == "graph":
            gm.CopyFrom(sc.definition.map)
        out["doc"] = boarddoc.board_to_doc(gm)
        out["problems"] = []
        return out

    def _board_scenario(self) -> definition_pb2.Scenario | None:
        sc = self.scenario()
        return sc if sc is not None and sc.definition.map.WhichOneof("layout") == "graph" else None

    def save_board(self, name: str, doc: dict[str, Any]) -> dict[str, Any]:
        rel = self.board_file(name)
        gm = boarddoc.doc_to_board(doc)
        if not gm.id:
            gm.id = slug(name)
        found = boarddoc.problems(gm, self.vocabulary(), self._board_scenario())
        old = self.read(rel)
        if old is not None:
            try:
                boarddoc.read_text(old.decode("utf-8"), rel)
            except (MalformedInput, UnicodeDecodeError):
                self.write(rel + ".bak", old)
        self.write(rel, boarddoc.write_text(gm, f"Point-to-point board (docs/boards.md), written by Umpire Studio.\n"
                                                f"Use it with: umpire convert ... --map {rel}").encode())
        errors = [p for p in found if p["level"] == "error"]
        return {"file": rel, "problems": found, "ok": not errors,
                "summary": f"{rel}: {len(errors)} error(s)" if errors else f"{rel}: saved, no errors"}

    def completion(self) -> Completion:
        """The project's map and counters for a definition built from the module:
        exactly what `--map maps/<map>.toml --counters counters.textproto` gives
        the CLI (the same `load_completion`)."""
        if not self.ruleset_id:
            raise MalformedInput("choose a ruleset first")
        found = self.map_files()
        gm = read_map_file(self.path(found[0])) if found else None
        counters = self.counters() if self.path(COUNTERS).is_file() else None
        return load_completion(self.ruleset_id, self.need_module(), gm, counters)

    def info(self) -> dict[str, Any]:
        mod = self.module
        rs = self.ruleset
        return {
            "project": shown_path(self.root), "project_path": str(self.root),
            "module": mod.title if mod else "", "module_file": mod.name if mod else "",
            "ruleset": self.ruleset_id, "scenario": self.scenario_id,
            "rulesets": [{"id": r, "title": get_ruleset(r).title, "scenarios": get_ruleset(r).scenario_ids()}
                         for r in ruleset_ids()],
            "maps": boards.hex_maps(mod) if mod else [],
            "map_images": {m: [b.image for b in self.overlay(m).boards if b.image]
                           for m in (boards.hex_maps(mod) if mod else [])},
            "boards": self.board_names() if self.vocabulary().layout == "graph" else [],
            "all_maps": [m.identifier for m in mod.views.maps] if mod else [],
            "sides": list(mod.views.sides) if mod else [],
            "ruleset_sides": [s.id for s in rs.load_scenario(rs.scenario_ids()[0]).definition.sides]
            if rs is not None and rs.scenario_ids() else [],
            "files": {name: self.path(name).is_file() for name in (COUNTERS, BINDING, TABLES)},
        }
