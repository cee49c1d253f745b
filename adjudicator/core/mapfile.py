"""The hand-writable hex map file (TOML), compiled to `umpire.v1.GameMap`.

Writing a `GameMap` in protobuf text by hand means one record per hex and per
hexside; a map of a few hundred hexes becomes thousands of lines. This format
groups by *what* instead: terrain -> hexes, hexside feature -> sides, road kind
-> chains of hexes. The full format is documented in docs/maps.md; in short::

    id = "my-map"
    default_terrain = "clear"
    [grid]                 # umpire.v1.HexGrid fields
    columns = 25
    rows = 15
    [grid.numbering]       # umpire.v1.HexNumbering fields
    column_leading = 1
    row_leading = 1
    [terrain]
    wooded = ["1207", "1308"]
    [features]
    village = ["1409"]
    [tags]
    "edge:north" = ["0101"]
    [names]
    "1510" = "Saverne"
    [banks.rhine]          # which side of a river line a hex lies on
    german = ["2114"]
    [hexsides]
    river = ["1912/2011"]
    [roads]
    national = ["1008 1109 1209"]

Parsing is pure (text in, message out); every error names the file and the key
path (`terrain.wooded[3]`) or TOML's line and column. The compiled map is then
checked by :class:`adjudicator.core.hexmap.HexMap` (hexes exist, sides adjacent).
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from adjudicator.core.errors import MalformedInput
from adjudicator.core.hexmap import HexMap
from umpire.v1 import map_pb2

TOP_KEYS = {
    "id", "name", "source", "default_terrain", "excluded",
    "grid", "terrain", "features", "tags", "names", "banks", "hexsides", "roads",
}
GRID_KEYS = {
    "sideways", "columns", "rows", "x0", "y0", "dx", "dy", "board_width", "board_height",
    "numbering", "sheets", "sheet_separator",
}
NUMBERING_KEYS = {
    "first", "separator", "column_alpha", "row_alpha", "column_leading", "row_leading",
    "column_offset", "row_offset", "column_descending", "row_descending", "stagger", "location_format",
}
SHEET_KEYS = {"id", "column_offset", "row_offset", "name", "columns", "rows"}
MAX_BYTES = 32 * 1024 * 1024


def _type(value: Any, want: type | tuple[type, ...], where: str) -> Any:
    if isinstance(value, bool) and want in (int, float):
        raise MalformedInput(f"expected a number, got {value!r}", where)
    if not isinstance(value, want):
        names = want.__name__ if isinstance(want, type) else " or ".join(w.__name__ for w in want)
        raise MalformedInput(f"expected {names}, got {type(value).__name__} {value!r}", where)
    return value


def _strings(value: Any, where: str) -> list[str]:
    _type(value, list, where)
    out = []
    for i, v in enumerate(value):
        out.append(_type(v, str, f"{where}[{i}]"))
    return out


def _unknown(table: dict[str, Any], allowed: set[str], where: str) -> None:
    extra = sorted(set(table) - allowed)
    if extra:
        raise MalformedInput(f"unknown key(s) {', '.join(extra)} (allowed: {', '.join(sorted(allowed))})", where)


def _fill_scalars(msg: Any, table: dict[str, Any], keys: set[str], where: str) -> None:
    for key in sorted(keys & set(table)):
        field = msg.DESCRIPTOR.fields_by_name[key]
        value = table[key]
        w = f"{where}.{key}" if where else key
        if field.type == field.TYPE_BOOL:
            setattr(msg, key, _type(value, bool, w))
        elif field.type in (field.TYPE_INT32, field.TYPE_INT64):
            setattr(msg, key, _type(value, int, w))
        elif field.type == field.TYPE_DOUBLE:
            setattr(msg, key, float(_type(value, (int, float), w)))
        elif field.type == field.TYPE_STRING:
            setattr(msg, key, _type(value, str, w))


def parse_map_toml(text: str, where: str = "map file") -> map_pb2.GameMap:
    """Parse the TOML map format into a GameMap (not yet checked against the grid)."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise MalformedInput(" ".join(str(e).split()), where) from None
    _unknown(data, TOP_KEYS, where)
    gm = map_pb2.GameMap()
    for key in ("id", "name", "source"):
        if key in data:
            setattr(gm, key, _type(data[key], str, f"{where}: {key}"))
    hm = gm.hex
    if "default_terrain" in data:
        hm.default_terrain = _type(data["default_terrain"], str, f"{where}: default_terrain")
    hm.excluded.extend(_strings(data.get("excluded", []), f"{where}: excluded"))

    grid = _type(data.get("grid", {}), dict, f"{where}: grid")
    _unknown(grid, GRID_KEYS, f"{where}: grid")
    _fill_scalars(hm.grid, grid, GRID_KEYS - {"numbering", "sheets"}, f"{where}: grid")
    numbering = _type(grid.get("numbering", {}), dict, f"{where}: grid.numbering")
    _unknown(numbering, NUMBERING_KEYS, f"{where}: grid.numbering")
    _fill_scalars(hm.grid.numbering, numbering, NUMBERING_KEYS, f"{where}: grid.numbering")
    for i, sheet in enumerate(_type(grid.get("sheets", []), list, f"{where}: grid.sheets")):
        sw = f"{where}: grid.sheets[{i}]"
        _type(sheet, dict, sw)
        _unknown(sheet, SHEET_KEYS, sw)
        _fill_scalars(hm.grid.sheets.add(), sheet, SHEET_KEYS, sw)

    hexes: dict[str, map_pb2.Hex] = {}

    def hex_record(label: str) -> map_pb2.Hex:
        rec = hexes.get(label)
        if rec is None:
            rec = map_pb2.Hex(id=label)
            hexes[label] = rec
        return rec

    terrain_of: dict[str, str] = {}
    for terrain, labels in _type(data.get("terrain", {}), dict, f"{where}: terrain").items():
        for i, label in enumerate(_strings(labels, f"{where}: terrain.{terrain}")):
            if label in terrain_of and terrain_of[label] != terrain:
                raise MalformedInput(
                    f"hex {label!r} is both {terrain_of[label]!r} and {terrain!r}", f"{where}: terrain.{terrain}[{i}]"
                )
            terrain_of[label] = terrain
            hex_record(label).terrain = terrain
    for feature, labels in _type(data.get("features", {}), dict, f"{where}: features").items():
        for label in _strings(labels, f"{where}: features.{feature}"):
            rec = hex_record(label)
            if feature not in rec.features:
                rec.features.append(feature)
    for tag, labels in _type(data.get("tags", {}), dict, f"{where}: tags").items():
        for label in _strings(labels, f"{where}: tags.{tag}"):
            rec = hex_record(label)
            if tag not in rec.tags:
                rec.tags.append(tag)
    for label, place in _type(data.get("names", {}), dict, f"{where}: names").items():
        hex_record(label).name = _type(place, str, f"{where}: names.{label}")
    for line, banks in _type(data.get("banks", {}), dict, f"{where}: banks").items():
        for bank, labels in _type(banks, dict, f"{where}: banks.{line}").items():
            for i, label in enumerate(_strings(labels, f"{where}: banks.{line}.{bank}")):
                rec = hex_record(label)
                if rec.banks.get(line, bank) != bank:
                    raise MalformedInput(f"hex {label!r} is on both the {rec.banks[line]!r} and the {bank!r} bank of "
                                         f"{line!r}", f"{where}: banks.{line}.{bank}[{i}]")
                rec.banks[line] = bank
    hm.hexes.extend(hexes.values())

    sides: dict[tuple[str, str], map_pb2.Hexside] = {}
    for feature, pairs in _type(data.get("hexsides", {}), dict, f"{where}: hexsides").items():
        for i, pair in enumerate(_strings(pairs, f"{where}: hexsides.{feature}")):
            a, sep, b = pair.partition("/")
            if not sep or not a.strip() or not b.strip():
                raise MalformedInput(f"{pair!r} is not a hexside 'A/B'", f"{where}: hexsides.{feature}[{i}]")
            lo, hi = sorted((a.strip(), b.strip()))
            side = sides.get((lo, hi))
            if side is None:
                side = map_pb2.Hexside(a=lo, b=hi)
                sides[(lo, hi)] = side
            if feature not in side.features:
                side.features.append(feature)
    hm.hexsides.extend(sides.values())

    for kind, chains in _type(data.get("roads", {}), dict, f"{where}: roads").items():
        for i, chain in enumerate(_strings(chains, f"{where}: roads.{kind}")):
            cells = chain.replace(",", " ").split()
            if len(cells) < 2:
                raise MalformedInput(f"a road needs at least two hexes, got {chain!r}", f"{where}: roads.{kind}[{i}]")
            for a, b in zip(cells, cells[1:]):
                hm.roads.add(a=a, b=b, kind=kind)
    return gm


def load_map_toml(path: str | Path) -> map_pb2.GameMap:
    """Read and check a TOML map file (canonical .json/.textproto/.binpb GameMap
    files are read by importers.canonical, then checked with :func:`check_map`)."""
    p = Path(path)
    try:
        if p.stat().st_size > MAX_BYTES:
            raise MalformedInput(f"file is over the {MAX_BYTES} byte limit", str(p))
        text = p.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise MalformedInput("no such file", str(p)) from None
    except IsADirectoryError:
        raise MalformedInput("is a directory, not a file", str(p)) from None
    except UnicodeDecodeError as e:
        raise MalformedInput(f"not UTF-8 at byte {e.start}", str(p)) from None
    gm = parse_map_toml(text, str(p))
    check_map(gm, str(p))
    return gm


def check_map(gm: map_pb2.GameMap, where: str = "map") -> HexMap:
    """Compile the map once to check it; errors name `where` and the record."""
    try:
        return HexMap(gm)
    except MalformedInput as e:
        raise MalformedInput(e.message, f"{where}: {e.where}" if e.where else where) from None


# -- writing -----------------------------------------------------------------------------

_BARE = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")


def _key(k: str) -> str:
    return k if k and set(k) <= _BARE else _str(k)


def _str(s: str) -> str:
    import json

    return json.dumps(s, ensure_ascii=False)


def _scalars(msg: Any, keys: set[str]) -> list[str]:
    """`key = value` lines of the fields set to a non-default value, in field order."""
    out = []
    for f in msg.DESCRIPTOR.fields:
        if f.name not in keys:
            continue
        v = getattr(msg, f.name)
        if f.type == f.TYPE_BOOL:
            if v:
                out.append(f"{f.name} = true")
        elif f.type in (f.TYPE_INT32, f.TYPE_INT64):
            if v:
                out.append(f"{f.name} = {int(v)}")
        elif f.type == f.TYPE_DOUBLE:
            if v:
                out.append(f"{f.name} = {float(v)!r}")
        elif f.type == f.TYPE_STRING and v:
            out.append(f"{f.name} = {_str(v)}")
    return out


def _list(items: list[str], indent: str = "") -> str:
    """A TOML array, wrapped so a long one stays readable in a diff."""
    parts = [_str(i) for i in items]
    one = "[" + ", ".join(parts) + "]"
    if len(one) <= 100:
        return one
    lines = ["["]
    line = ""
    for p in parts:
        if line and len(line) + len(p) + 2 > 96:
            lines.append(f"{indent}  {line.rstrip()}")
            line = ""
        line += p + ", "
    if line:
        lines.append(f"{indent}  {line.rstrip()}")
    lines.append(f"{indent}]")
    return "\n".join(lines)


def road_chains(links: list[tuple[str, str]]) -> list[list[str]]:
    """Road links back into chains, in order: a link continuing the last chain
    (sharing its end hex) extends it, otherwise it starts a new one, so the
    chains a file or the studio wrote come back as they were."""
    chains: list[list[str]] = []
    for a, b in links:
        if chains and chains[-1][-1] == a:
            chains[-1].append(b)
        elif chains and chains[-1][-1] == b and len(chains[-1]) >= 2 and chains[-1][-2] != a:
            chains[-1].append(a)
        else:
            chains.append([a, b])
    return chains


def map_to_toml(gm: map_pb2.GameMap, header: str = "") -> str:
    """A hex `GameMap` in the TOML map format (docs/maps.md), so that
    `parse_map_toml` gives back an equal map (hex, side and road order kept)."""
    if gm.WhichOneof("layout") != "hex":
        raise MalformedInput("only hex maps have a TOML map file (a point-to-point board is a GameMap file: docs/boards.md)")
    hm = gm.hex
    out: list[str] = [f"# {line}" if line else "#" for line in header.splitlines()]
    for key in ("id", "name", "source"):
        if getattr(gm, key):
            out.append(f"{key} = {_str(getattr(gm, key))}")
    if hm.default_terrain:
        out.append(f"default_terrain = {_str(hm.default_terrain)}")
    if hm.excluded:
        out.append(f"excluded = {_list(list(hm.excluded))}")
    out += ["", "[grid]"] + _scalars(hm.grid, GRID_KEYS - {"numbering", "sheets"})
    out += ["", "[grid.numbering]"] + _scalars(hm.grid.numbering, NUMBERING_KEYS)
    for s in hm.grid.sheets:
        out += ["", "[[grid.sheets]]"] + _scalars(s, SHEET_KEYS)

    terrain: dict[str, list[str]] = {}
    features: dict[str, list[str]] = {}
    tags: dict[str, list[str]] = {}
    names: list[tuple[str, str]] = []
    banks: dict[str, dict[str, list[str]]] = {}
    for hx in hm.hexes:
        bare = not (hx.terrain or hx.features or hx.tags or hx.name or hx.banks)
        t = hx.terrain or (hm.default_terrain if bare else "")
        if t:
            terrain.setdefault(t, []).append(hx.id)
        for f in hx.features:
            features.setdefault(f, []).append(hx.id)
        for tag in hx.tags:
            tags.setdefault(tag, []).append(hx.id)
        if hx.name:
            names.append((hx.id, hx.name))
        for line, bank in sorted(hx.banks.items()):
            banks.setdefault(line, {}).setdefault(bank, []).append(hx.id)
    sides: dict[str, list[str]] = {}
    for hs in hm.hexsides:
        for f in hs.features:
            sides.setdefault(f, []).append(f"{hs.a}/{hs.b}")
    links: dict[str, list[tuple[str, str]]] = {}
    for rl in hm.roads:
        links.setdefault(rl.kind, []).append((rl.a, rl.b))

    def table(title: str, groups: dict[str, list[str]]) -> None:
        if groups:
            out.extend(["", f"[{title}]"])
            out.extend(f"{_key(k)} = {_list(v)}" for k, v in groups.items())

    table("terrain", terrain)
    table("features", features)
    table("tags", tags)
    if names:
        out.extend(["", "[names]"])
        out.extend(f"{_str(h)} = {_str(n)}" for h, n in names)
    for line, by_bank in banks.items():
        table(f"banks.{_key(line)}", by_bank)
    table("hexsides", sides)
    table("roads", {k: [" ".join(c) for c in road_chains(v)] for k, v in links.items()})
    return "\n".join(out) + "\n"
