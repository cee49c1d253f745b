"""The map the user paints, between the page and the map file.

The page edits a plain JSON document (terrain per hex, hex features and tags,
names, river banks per hex, hexside features, road chains). Saving turns it into the TOML map file
of docs/maps.md (`adjudicator.core.mapfile.map_to_toml`) and checks the text
exactly as `umpire check-map` does (`parse_map_toml` + `check_map`). Those
checks stop at the first error; to show every error at its hex, the checker is
run again without the record it named, until the map passes (`problems`).
Names the ruleset does not read are reported as warnings at their hex.
"""

from __future__ import annotations

import re
from typing import Any

from google.protobuf import json_format

from adjudicator.core.authoring import Vocabulary
from adjudicator.core.errors import MalformedInput
from adjudicator.core.mapfile import check_map, map_to_toml, parse_map_toml, road_chains
from umpire.v1 import map_pb2

MAX_PROBLEMS = 200
_RECORD = re.compile(r"(?:^|: )(hexes|hexsides|roads|excluded)\[(\d+)\]")
# A bank that disagrees with its river (core/hexmap.py `_check_banks`): the error
# names the line in its place and the two hexes in its message.
_BANKS = re.compile(r"(?:^|: )banks\.(.+)$")
_TWO_HEXES = re.compile(r"hexes '([^']+)'.*? and '([^']+)'")

Doc = dict[str, Any]


def _strs(v: Any, where: str) -> list[str]:
    if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
        raise MalformedInput("expected a list of strings", where)
    return list(v)


def _dict(v: Any, where: str) -> dict[str, Any]:
    if not isinstance(v, dict):
        raise MalformedInput("expected an object", where)
    return v


def doc_to_map(doc: Doc) -> map_pb2.GameMap:
    """The page's document as a GameMap (shape checked here; meaning by check_map)."""
    d = _dict(doc, "map")
    gm = map_pb2.GameMap()
    for key in ("id", "name", "source"):
        v = d.get(key, "")
        if not isinstance(v, str):
            raise MalformedInput("expected a string", f"map.{key}")
        setattr(gm, key, v)
    hm = gm.hex
    try:
        json_format.ParseDict(_dict(d.get("grid", {}), "map.grid"), hm.grid)
    except json_format.ParseError as e:
        raise MalformedInput(" ".join(str(e).split()), "map.grid") from None
    dt = d.get("default_terrain", "")
    if not isinstance(dt, str):
        raise MalformedInput("expected a string", "map.default_terrain")
    hm.default_terrain = dt
    hm.excluded.extend(_strs(d.get("excluded", []), "map.excluded"))
    hexes: dict[str, map_pb2.Hex] = {}

    def rec(label: str) -> map_pb2.Hex:
        if label not in hexes:
            hexes[label] = map_pb2.Hex(id=label)
        return hexes[label]

    for label, t in _dict(d.get("terrain", {}), "map.terrain").items():
        if not isinstance(t, str):
            raise MalformedInput("expected a terrain name", f"map.terrain.{label}")
        if t and t != hm.default_terrain:
            rec(label).terrain = t
    for what in ("features", "tags"):
        for label, names in _dict(d.get(what, {}), f"map.{what}").items():
            for n in _strs(names, f"map.{what}.{label}"):
                r = rec(label)
                field = r.features if what == "features" else r.tags
                if n and n not in field:
                    field.append(n)
    for label, name in _dict(d.get("names", {}), "map.names").items():
        if not isinstance(name, str):
            raise MalformedInput("expected a place name", f"map.names.{label}")
        if name.strip():
            rec(label).name = name.strip()
    for label, lines in _dict(d.get("banks", {}), "map.banks").items():  # hex -> river line -> bank
        for line, bank in _dict(lines, f"map.banks.{label}").items():
            if not isinstance(bank, str):
                raise MalformedInput("expected a bank name", f"map.banks.{label}.{line}")
            if line and bank:
                rec(label).banks[line] = bank
    hm.hexes.extend(h for h in hexes.values() if h.terrain or h.features or h.tags or h.name or h.banks)
    for side, feats in _dict(d.get("hexsides", {}), "map.hexsides").items():
        a, sep, b = side.partition("/")
        names = [f for f in _strs(feats, f"map.hexsides.{side}") if f]
        if not sep:
            raise MalformedInput(f"{side!r} is not a hexside 'A/B'", "map.hexsides")
        if names:
            lo, hi = sorted((a, b))
            hm.hexsides.add(a=lo, b=hi, features=names)
    roads = d.get("roads", [])
    if not isinstance(roads, list):
        raise MalformedInput("expected a list of road chains", "map.roads")
    for i, chain in enumerate(roads):
        road = _dict(chain, f"map.roads[{i}]")
        kind = road.get("kind", "")
        cells = _strs(road.get("hexes", []), f"map.roads[{i}].hexes")
        if not isinstance(kind, str) or not kind:
            raise MalformedInput("a road needs a kind", f"map.roads[{i}]")
        for a, b in zip(cells, cells[1:]):
            hm.roads.add(a=a, b=b, kind=kind)
    return gm


def map_to_doc(gm: map_pb2.GameMap) -> Doc:
    hm = gm.hex
    doc: Doc = {
        "id": gm.id, "name": gm.name, "source": gm.source, "default_terrain": hm.default_terrain,
        "excluded": list(hm.excluded), "grid": json_format.MessageToDict(hm.grid),
        "terrain": {}, "features": {}, "tags": {}, "names": {}, "banks": {}, "hexsides": {}, "roads": [],
    }
    for hx in hm.hexes:
        if hx.terrain and hx.terrain != hm.default_terrain:
            doc["terrain"][hx.id] = hx.terrain
        if hx.features:
            doc["features"][hx.id] = list(hx.features)
        if hx.tags:
            doc["tags"][hx.id] = list(hx.tags)
        if hx.name:
            doc["names"][hx.id] = hx.name
        if hx.banks:
            doc["banks"][hx.id] = dict(sorted(hx.banks.items()))
    for hs in hm.hexsides:
        key = "/".join(sorted((hs.a, hs.b)))
        doc["hexsides"].setdefault(key, [])
        doc["hexsides"][key] += [f for f in hs.features if f not in doc["hexsides"][key]]
    links: dict[str, list[tuple[str, str]]] = {}
    for rl in hm.roads:
        links.setdefault(rl.kind, []).append((rl.a, rl.b))
    for kind, ls in links.items():
        doc["roads"] += [{"kind": kind, "hexes": c} for c in road_chains(ls)]
    return doc


def problems(gm: map_pb2.GameMap, where: str, vocabulary: Vocabulary | None = None) -> list[dict[str, Any]]:
    """Every error `check_map` finds (each at its hex or side), then the names
    the ruleset does not read (warnings)."""
    out: list[dict[str, Any]] = []
    work = map_pb2.GameMap()
    work.CopyFrom(gm)
    for _ in range(MAX_PROBLEMS):
        try:
            check_map(work, where)
            break
        except MalformedInput as e:
            m = _RECORD.search(e.where)
            entry: dict[str, Any] = {"level": "error", "message": e.one_line()}
            if m is None and _bank_problem(work, e, entry):
                out.append(entry)
                continue
            if m is None:
                out.append(entry)  # grid-level: nothing to remove, nothing more to find
                break
            kind, i = m.group(1), int(m.group(2))
            box = getattr(work.hex, kind)
            if i >= len(box):
                out.append(entry)
                break
            rec = box[i]
            if kind == "hexes":
                entry["hex"] = rec.id
            elif kind == "excluded":
                entry["hex"] = rec
            else:
                entry["side"] = f"{rec.a}/{rec.b}"
            out.append(entry)
            del box[i]
    if vocabulary is not None:
        for what, name, at in vocabulary.unknown_names(gm):
            w: dict[str, Any] = {"level": "warning",
                                 "message": f"{what} {name!r} is not one the ruleset reads (it would refuse or ignore it)"}
            w["side" if "/" in at else "hex"] = at
            out.append(w)
    return out


def _bank_problem(work: map_pb2.GameMap, e: MalformedInput, entry: dict[str, Any]) -> bool:
    """A bank error at its pair of hexes; the second hex's bank of that line is
    taken off `work` so the check goes on to the next error."""
    m, pair = _BANKS.search(e.where), _TWO_HEXES.search(e.message)
    if m is None or pair is None:
        return False
    line, (a, b) = m.group(1), pair.groups()
    rec = next((h for h in work.hex.hexes if h.id == b and line in h.banks), None)
    if rec is None:
        return False
    entry["side"] = "/".join(sorted((a, b)))
    del rec.banks[line]
    return True


def write_text(gm: map_pb2.GameMap, header: str) -> str:
    return map_to_toml(gm, header)


def read_text(text: str, where: str) -> map_pb2.GameMap:
    """Parse a map file as check-map does (errors of the file's structure raise)."""
    return parse_map_toml(text, where)
