"""Binding a module to a ruleset: which pieces are which units, where they are.

`Binder` decides for every piece what it is (a unit, a map marker, a unit's
status marker, ignored, or opaque) from the binding file's rules, first match
wins, then from the piece's own properties (automatic binding). `Locator`
turns a map pixel into the scenario's location id (hex id or town id) through
the bound maps, boards and zones, and a location id back into the pixel of its
centre for exports. The binding file format is documented field by field in
docs/vassal.md and proto/umpire/v1/vassal.proto.
"""

from __future__ import annotations

import fnmatch
from collections import Counter
import re
from pathlib import Path

from adjudicator.core.errors import MalformedInput
from adjudicator.core.numbering import LabelError, from_proto
from adjudicator.core.record import Record
from importers.canonical import read_message
from importers.vassal.chains import AddPieceText
from importers.vassal.geometry import Located, MapGeometry
from importers.vassal.module import BoardPlacement, Module
from importers.vassal.pieces import Piece
from importers.vassal.traits import prototype_ref
from umpire.v1 import map_pb2, vassal_pb2

KINDS = ("unit", "marker", "unit_marker", "ignore", "opaque")
DEFAULT_UNIT_PROPS = ("UnitId", "unit_id", "UnitID", "id")
DEFAULT_SIDE_PROPS = ("Side", "side", "Nationality")
AUTO_STEPS_LAYER = "Steps"
_PROP = re.compile(r"\$([^$]+)\$")


def load_binding(path: str | Path) -> vassal_pb2.VassalBinding:
    b = read_message(path, vassal_pb2.VassalBinding())
    check_binding(b, str(path))
    return b


def check_binding(b: vassal_pb2.VassalBinding, where: str) -> None:
    """Catch typos that would otherwise silently bind nothing."""
    for i, r in enumerate(b.pieces):
        if r.bind_as and r.bind_as not in KINDS:
            raise MalformedInput(f"bind_as must be one of {', '.join(KINDS)}, not {r.bind_as!r}", f"{where}: pieces[{i}]")
        if (r.bind_as or "unit") == "unit" and not r.unit:
            raise MalformedInput("a unit rule needs `unit` (the unit id or a $Property$ template)", f"{where}: pieces[{i}]")
    for i, m in enumerate(b.maps):
        if not m.map:
            raise MalformedInput("a map binding needs `map` (the VASSAL map name)", f"{where}: maps[{i}]")
        if m.id_from not in ("", "grid", "name"):
            raise MalformedInput(f"id_from must be 'grid' or 'name', not {m.id_from!r}", f"{where}: maps[{i}]")
    for i, rx in enumerate(b.log.end_phase_chat):
        try:
            re.compile(rx)
        except re.error as e:
            raise MalformedInput(f"bad regex: {e}", f"{where}: log.end_phase_chat[{i}]") from None
    for i, ca in enumerate(b.log.chat_actions):
        where_ca = f"{where}: log.chat_actions[{i}]"
        try:
            re.compile(ca.pattern)
        except re.error as e:
            raise MalformedInput(f"bad regex: {e}", where_ca) from None
        if not ca.action:
            raise MalformedInput("a chat action needs `action` (text-format Action template)", where_ca)
    if b.log.dice_chat:
        try:
            re.compile(b.log.dice_chat)
        except re.error as e:
            raise MalformedInput(f"bad regex: {e}", f"{where}: log.dice_chat") from None


def fill(template: str, props: dict[str, str]) -> str:
    return _PROP.sub(lambda m: props.get(m.group(1), ""), template)


class BoundPiece(Record):
    __slots__ = ("piece_id", "kind", "unit_id", "side", "unit_type", "unit_name", "marker", "rule", "how")

    piece_id: str
    kind: str  # one of KINDS
    unit_id: str
    side: str
    unit_type: str
    unit_name: str
    marker: str
    rule: vassal_pb2.VassalPieceRule | None
    how: str  # "rule N", "auto: UnitId", ...

    def __init__(
        self,
        piece_id: str,
        kind: str,
        unit_id: str = "",
        side: str = "",
        unit_type: str = "",
        unit_name: str = "",
        marker: str = "",
        rule: vassal_pb2.VassalPieceRule | None = None,
        how: str = "",
    ) -> None:
        self.piece_id = piece_id
        self.kind = kind
        self.unit_id = unit_id
        self.side = side
        self.unit_type = unit_type
        self.unit_name = unit_name
        self.marker = marker
        self.rule = rule
        self.how = how


class Binder(Record):
    __slots__ = ("binding", "module", "known_units", "sides", "_slot_protos", "_signatures", "_used_ids", "_expansions",
                 "_side_props", "_unit_props", "_rules", "_auto_disabled")
    _record_hidden = ("_side_props", "_unit_props", "_rules", "_auto_disabled")  # compared, not shown

    binding: vassal_pb2.VassalBinding
    module: Module | None
    known_units: dict[str, str] | None  # unit id -> name (scenario definitions)
    sides: set[str] | None
    _slot_protos: dict[str, list[str]]
    _signatures: list[tuple[str, str]] | None
    _used_ids: dict[str, int]
    _expansions: dict[str, list[tuple[str, str]]]
    # The automatic conventions' property names, read once from the binding
    # (not converted from the protobuf lists for each of a save's thousands of pieces).
    _side_props: list[str]
    _unit_props: list[str]
    _rules: list[vassal_pb2.VassalPieceRule]
    _auto_disabled: bool

    def __init__(
        self,
        binding: vassal_pb2.VassalBinding,
        module: Module | None,
        known_units: dict[str, str] | None = None,
        sides: set[str] | None = None,
    ) -> None:
        self.binding = binding
        self.module = module
        self.known_units = known_units
        self.sides = sides
        # Caches filled as pieces are bound (never given by a caller).
        self._slot_protos = {}
        self._signatures = None
        self._used_ids = {}
        self._expansions = {}
        # The binding is read once, here (a Binder binds one save's pieces
        # with one binding; a changed binding gets a new Binder).
        self._rules = list(binding.pieces)
        self._auto_disabled = binding.auto.disabled
        self._side_props = list(binding.auto.side_properties) or list(DEFAULT_SIDE_PROPS)
        self._unit_props = list(binding.auto.unit_properties) or list(DEFAULT_UNIT_PROPS)

    # -- facts about a piece
    def palette_path(self, piece: Piece) -> str:
        if self.module is None or not piece.basic.gpid:
            return ""
        slot = self.module.views.slot_by_gpid(piece.basic.gpid)
        return slot.path if slot else ""

    def prototypes(self, piece: Piece) -> list[str]:
        """Prototypes the piece was built from: its own `prototype;` traits, and
        through its palette slot (recursively through prototype definitions);
        for a piece whose slot is unknown, prototypes whose traits appear
        expanded in it (when no other prototype has the same traits)."""
        names: list[str] = list(self._expand_refs(piece.prototypes()))
        if self.module is not None:
            gpid = piece.basic.gpid
            slot = self.module.views.slot_by_gpid(gpid) if gpid else None
            if slot is not None:
                if gpid not in self._slot_protos:
                    ap = AddPieceText.parse(slot.text)
                    self._slot_protos[gpid] = self._expand_refs(Piece(None, ap.type, ap.state).prototypes())
                names.extend(self._slot_protos[gpid])
            else:
                joined = "\x00" + "\x00".join(piece.levels()[0]) + "\x00"
                for name, sig in self._proto_signatures():
                    if sig in joined:
                        names.append(name)
        seen: list[str] = []
        for n in names:
            if n not in seen:
                seen.append(n)
        return seen

    def _expand_refs(self, refs: list[str], depth: int = 0) -> list[str]:
        out = list(refs)
        if self.module is None or depth > 20:
            return out
        for r in refs:
            pv = self.module.views.prototypes.get(r)
            if pv is None:
                continue
            ap = AddPieceText.parse(pv.text)
            out.extend(self._expand_refs(Piece(None, ap.type, ap.state).prototypes(), depth + 1))
        return out

    def _proto_signatures(self) -> list[tuple[str, str]]:
        if self._signatures is None:
            sigs = []
            assert self.module is not None
            for name, pv in self.module.views.prototypes.items():
                ap = AddPieceText.parse(pv.text)
                traits = Piece(None, ap.type, ap.state).traits
                types = [t.type for t in traits if t.prefix not in ("prototype;", "cmt;")]
                if types and "$" not in "".join(types) and not any(t.prefix == "prototype;" for t in traits):
                    sigs.append((name, "\x00" + "\x00".join(types) + "\x00"))
            counts = Counter(sig for _n, sig in sigs)
            shared = {sig for sig, n in counts.items() if n > 1}
            self._signatures = [(n, sig) for n, sig in sigs if sig not in shared]  # identical prototypes: ambiguous
        return self._signatures

    def properties(self, piece: Piece) -> dict[str, str]:
        """The piece's properties with its prototypes expanded (pieces fresh from
        a palette slot still reference their prototypes)."""
        if self.module is None or not piece.has_trait("prototype;"):
            return piece.properties()
        from importers.vassal.prototypes import expand_traits
        from importers.vassal.traits import read_properties

        traits = expand_traits(piece, self.module.views.prototypes, self._expansions)
        return read_properties(traits, piece.basic)

    # -- binding
    def side_of(self, value: str) -> str:
        return self.binding.sides.get(value, value)

    def bind(self, piece: Piece, map_ident: str | None) -> BoundPiece:
        pid = piece.id or ""
        if piece.kind != "piece" or piece.problems:
            return BoundPiece(pid, "opaque", how="not a piece" if piece.kind != "piece" else "unreadable")
        props = self.properties(piece)
        for i, rule in enumerate(self._rules):
            if self._matches(rule, piece, props, map_ident):
                return self._result(rule, piece, props, f"rule {i + 1}")
        if not self._auto_disabled:
            auto = self._auto(piece, props)
            if auto is not None:
                return auto
        return BoundPiece(pid, "opaque", how="no rule")

    def rule_for(self, piece: Piece, map_ident: str | None) -> vassal_pb2.VassalPieceRule | None:
        """The rule saying how a unit's piece shows steps and status: the first
        matching rule, else the automatic conventions (exports re-bind only the
        pieces they change with this, not the whole save)."""
        if piece.kind != "piece" or piece.problems:
            return None
        props = self.properties(piece)
        if piece.problems:
            return None
        for rule in self.binding.pieces:
            if self._matches(rule, piece, props, map_ident):
                return rule
        if not self.binding.auto.disabled and f"{AUTO_STEPS_LAYER}_Level" in props:
            return vassal_pb2.VassalPieceRule(steps=vassal_pb2.VassalStepBinding(layer=AUTO_STEPS_LAYER))
        return None

    def _matches(self, r: vassal_pb2.VassalPieceRule, piece: Piece, props: dict[str, str], map_ident: str | None) -> bool:
        if r.map and r.map != map_ident:
            return False
        if r.gpid and r.gpid != piece.basic.gpid:
            return False
        if r.name and not fnmatch.fnmatchcase(piece.name, r.name):
            return False
        for k, pat in r.properties.items():
            if k not in props or not fnmatch.fnmatchcase(props[k], pat):
                return False
        if r.palette_path and not fnmatch.fnmatchcase(self.palette_path(piece), r.palette_path):
            return False
        if r.prototype and not any(fnmatch.fnmatchcase(p, r.prototype) for p in self.prototypes(piece)):
            return False
        return True

    def _result(self, r: vassal_pb2.VassalPieceRule, piece: Piece, props: dict[str, str], how: str) -> BoundPiece:
        kind = r.bind_as or "unit"
        pid = piece.id or ""
        b = BoundPiece(pid, kind, rule=r, how=how)
        if kind == "unit":
            b.unit_id = fill(r.unit, props)
            if not b.unit_id:
                return BoundPiece(pid, "opaque", how=f"{how}: empty unit id")
            b.side = self.side_of(fill(r.side, props)) if r.side else self._side_from_props(props)
            b.unit_type = fill(r.unit_type, props)
            b.unit_name = fill(r.unit_name, props) if r.unit_name else piece.name
        elif kind in ("marker", "unit_marker"):
            b.marker = fill(r.marker, props) or piece.name
            b.side = self.side_of(fill(r.side, props)) if r.side else ""
        return b

    def _side_from_props(self, props: dict[str, str]) -> str:
        for p in self._side_props:
            if props.get(p):
                return self.side_of(props[p])
        return ""

    def _auto(self, piece: Piece, props: dict[str, str]) -> BoundPiece | None:
        b = self._auto_unit(piece, props)
        if b is not None:
            b.unit_type = b.unit_type or props.get("UnitType", "")
            if f"{AUTO_STEPS_LAYER}_Level" in props:
                # Convention (modules Umpire writes): layer "Steps", level k+1 = k steps lost.
                b.rule = vassal_pb2.VassalPieceRule(steps=vassal_pb2.VassalStepBinding(layer=AUTO_STEPS_LAYER))
        return b

    def _auto_unit(self, piece: Piece, props: dict[str, str]) -> BoundPiece | None:
        pid = piece.id or ""
        name = props.get("BasicName", "")
        side = self._side_from_props(props)
        unit_props = self._unit_props
        if self.known_units is not None:
            for p in unit_props:
                v = props.get(p, "")
                if v and v in self.known_units:
                    return BoundPiece(pid, "unit", v, side, unit_name=name, how=f"auto: property {p}")
            if any(props.get(p) for p in unit_props):
                return None  # the piece names its unit, and that unit is not in the scenario
            if name in self.known_units:
                return BoundPiece(pid, "unit", name, side, unit_name=name, how="auto: piece name")
            by_name = [u for u, n in self.known_units.items() if n and n == name]
            if len(by_name) == 1:
                return BoundPiece(pid, "unit", by_name[0], side, unit_name=name, how="auto: unit name")
            return None
        if not side or (self.sides is not None and side not in self.sides):
            return None
        base = next((props[p] for p in unit_props if props.get(p)), "") or name
        if not base:
            return None
        n = self._used_ids.get(base, 0) + 1
        self._used_ids[base] = n
        uid = base if n == 1 else f"{base}-{n}"
        return BoundPiece(pid, "unit", uid, side, unit_name=name, how="auto: side property")


# -- locations ---------------------------------------------------------------------------


class Place(Record):
    """A canonical location with the VASSAL facts it came from."""

    __slots__ = ("location", "map", "located")

    location: str | None  # hex or town id on the scenario map; None when not on it
    map: str | None
    located: Located | None

    def __init__(self, location: str | None, map: str | None, located: Located | None) -> None:
        self.location = location
        self.map = map
        self.located = located


class Locator:
    """Map pixels <-> scenario location ids through the bound maps."""

    def __init__(self, module: Module, binding: vassal_pb2.VassalBinding, boards: dict[str, list[BoardPlacement]],
                 scenario_map: map_pb2.GameMap | None, geometries: dict[str, MapGeometry] | None = None) -> None:
        """`geometries`: a cache of map geometries (by map id, for these
        `boards`) shared with another Locator over the same save, so a map's
        geometry is built once per import."""
        self.module = module
        self.boards = boards
        self.scenario_map = scenario_map
        self._geo: dict[str, MapGeometry] = {} if geometries is None else geometries
        self._places: dict[tuple[str | None, int, int], Place] = {}
        kind = scenario_map.WhichOneof("layout") if scenario_map is not None else None
        self.kind = {"hex": "hex", "graph": "graph"}.get(kind or "", "")
        self.maps = list(binding.maps) or self._auto_maps()
        self._towns: dict[str, str] = {}
        if scenario_map is not None and self.kind == "graph":
            for t in scenario_map.graph.towns:
                self._towns[t.id] = t.id
                self._towns.setdefault(t.id.casefold(), t.id)
                if t.name:
                    self._towns.setdefault(t.name.casefold(), t.id)
        self._numbering = None
        if scenario_map is not None and self.kind == "hex" and scenario_map.hex.grid.HasField("numbering"):
            self._numbering = from_proto(scenario_map.hex.grid)

    def _auto_maps(self) -> list[vassal_pb2.VassalMapBinding]:
        """Every map with a hex grid (hex scenarios), or with named places
        (regions, zones: point-to-point scenarios); without a scenario map,
        hex maps when there are any, else maps with named places."""
        from importers.vassal.canonmap import hex_grids, region_names

        hexes: list[str] = []
        named: list[str] = []
        for m in self.module.views.maps:
            geo = self.geometry(m.identifier)
            if any(hex_grids(p.board) for p in geo.placed):
                hexes.append(m.identifier)
            if any(region_names(p.board) for p in geo.placed):
                named.append(m.identifier)
        if self.kind == "hex" or (self.kind == "" and hexes):
            return [vassal_pb2.VassalMapBinding(map=m) for m in hexes]
        return [vassal_pb2.VassalMapBinding(map=m, id_from="name") for m in named]

    def set_boards(self, map_ident: str, placements: list[BoardPlacement]) -> None:
        """A BoardPicker command changed the boards of a map (e.g. in a log)."""
        self.boards[map_ident] = placements
        self._geo.pop(map_ident, None)
        self._places.clear()

    def geometry(self, map_ident: str) -> MapGeometry:
        if map_ident not in self._geo:
            self._geo[map_ident] = self.module.map_geometry(map_ident, self.boards.get(map_ident))
        return self._geo[map_ident]

    def bound_maps(self) -> list[str]:
        return [m.map for m in self.maps]

    def place(self, map_ident: str | None, x: int, y: int) -> Place:
        key = (map_ident, x, y)
        got = self._places.get(key)
        if got is None:
            got = self._place(map_ident, x, y)
            self._places[key] = got
        return got

    def _place(self, map_ident: str | None, x: int, y: int) -> Place:
        if map_ident is None or self.module.views.map_by_id(map_ident) is None:
            return Place(None, map_ident, None)
        loc = self.geometry(map_ident).locate(x, y)
        for mb in self.maps:
            if mb.map != map_ident or (mb.board and mb.board != loc.board) or (mb.zone and mb.zone != loc.zone):
                continue
            cid = self._canonical(mb, loc)
            if cid is not None:
                return Place(cid, map_ident, loc)
        return Place(None, map_ident, loc)

    def _canonical(self, mb: vassal_pb2.VassalMapBinding, loc: Located) -> str | None:
        if loc.board is None:
            return None  # off every board, or on a deck
        if loc.name in mb.locations:
            return mb.locations[loc.name]
        if self.kind == "graph":
            for cand in (loc.name, loc.grid_label):
                if cand:
                    town = self._towns.get(cand) or self._towns.get(cand.casefold())
                    if town:
                        return town
            return None
        by_name = mb.id_from == "name" or (not mb.id_from and loc.grid_kind not in ("hex", "square"))
        if by_name:
            return None if self.kind == "hex" else loc.name
        if self.kind == "hex" and loc.grid_kind != "hex":
            return None
        label = loc.grid_label
        if not label:
            return None
        if self._numbering is not None and not self._on_hex_map(label):
            return None
        return f"{mb.sheet}{self._sheet_sep()}{label}" if mb.sheet else label

    def _sheet_sep(self) -> str:
        if self.scenario_map is not None and self.kind == "hex":
            return self.scenario_map.hex.grid.sheet_separator or "-"
        return "-"

    def _on_hex_map(self, label: str) -> bool:
        assert self._numbering is not None and self.scenario_map is not None
        try:
            c, r = self._numbering.parse(label)
        except LabelError:
            return False
        g = self.scenario_map.hex.grid
        if g.columns and not 0 <= c < g.columns:
            return False
        if g.rows and not 0 <= r < g.rows:
            return False
        return True

    # -- export direction
    def point(self, location: str) -> tuple[str, int, int]:
        """(map identifier, x, y) of the centre of a scenario location."""
        from importers.vassal.canonmap import hex_grids, region_names

        for mb in self.maps:
            geo = self.geometry(mb.map)
            names = [k for k, v in mb.locations.items() if v == location]
            label = location
            if mb.sheet:
                prefix = mb.sheet + self._sheet_sep()
                if not location.startswith(prefix):
                    continue
                label = location[len(prefix):]
            if self.kind == "graph":
                names += [k for k, v in self._towns.items() if v == location]
            for p in geo.placed:
                if mb.board and p.board.name != mb.board:
                    continue
                points: list[tuple[int, int]] = []
                for rn, rx, ry in region_names(p.board):
                    if rn in names or rn.casefold() in names:
                        points.append((rx + p.x, ry + p.y))
                zones = [z for z, _g, _w, _h in hex_grids(p.board)] + [mb.zone or None]
                for nm in names or [label]:
                    for zone in zones:
                        if mb.zone and zone != mb.zone:
                            continue
                        try:
                            points.append(geo.point_of(p.board.name, nm, zone))
                        except (LabelError, MalformedInput):
                            continue
                for x, y in points:
                    if self.place(mb.map, x, y).location == location:
                        return mb.map, x, y
        raise MalformedInput(
            f"location {location!r} is on none of the bound VASSAL maps ({', '.join(self.bound_maps()) or 'none'})"
        )
