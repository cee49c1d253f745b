"""A VASSAL save -> the canonical GameState (and a module -> a GameDefinition).

Positions become hex ids or town ids through the binding's maps; steps lost
and status markers are read from layers; pieces that are no unit or marker are
kept as opaque pieces with their raw definition (player ids, which are VASSAL
passwords, replaced by pseudonyms). When the binding names a registered
ruleset, the state is created by that ruleset (`engine.new_game`, so its own
fields are right) with the imported placements, then overlaid with what the
save shows (status, steps lost, markers).

The state also records what the save showed (`GameState.import_source`: which
piece is which unit or marker, and each unit as the save showed it), so that
writing it back onto the same save needs no re-binding of every piece.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable

from adjudicator.core.errors import MalformedInput
from adjudicator.core.record import Record
from importers.vassal.binding import Binder, BoundPiece, Locator, Place
from importers.vassal.canonmap import hex_grids, map_from_geometry
from importers.vassal.chains import AddPieceText
from importers.vassal.game import PieceEntry, SavedGame
from importers.vassal.geometry import MapGeometry
from importers.vassal.gcpause import paused_gc
from importers.vassal.module import Module
from importers.vassal.pieces import DeckState, Piece, StackState
from importers.vassal.seqenc import java_parse_int
from importers.vassal.traits import Trait, owner_of
from umpire.v1 import definition_pb2, map_pb2, state_pb2, vassal_pb2

FORMAT = "vassal"

# The kernel (engine, dice, the ruleset registry) is imported where a binding
# names a ruleset or a scenario: a save read without one needs none of it
# (`umpire convert`'s start-up, issue 13; tests/cli/test_convert_startup.py).


class PiecePos(Record):
    __slots__ = ("map", "x", "y", "parent", "in_deck")

    map: str | None
    x: int
    y: int
    parent: str | None  # stack or deck id
    in_deck: str | None

    def __init__(self, map: str | None, x: int, y: int, parent: str | None, in_deck: str | None = None) -> None:
        self.map = map
        self.x = x
        self.y = y
        self.parent = parent
        self.in_deck = in_deck


class ImportResult(Record):
    __slots__ = ("state", "bound", "unit_pieces", "places", "positions", "locator", "diagnostics")

    state: state_pb2.GameState
    bound: dict[str, BoundPiece]
    unit_pieces: dict[str, str]  # unit id -> piece id
    places: dict[str, Place]
    positions: dict[str, PiecePos]
    locator: Locator
    diagnostics: list[str]

    def __init__(
        self,
        state: state_pb2.GameState,
        bound: dict[str, BoundPiece],
        unit_pieces: dict[str, str],
        places: dict[str, Place],
        positions: dict[str, PiecePos],
        locator: Locator,
        diagnostics: list[str] | None = None,
    ) -> None:
        self.state = state
        self.bound = bound
        self.unit_pieces = unit_pieces
        self.places = places
        self.positions = positions
        self.locator = locator
        self.diagnostics = [] if diagnostics is None else diagnostics


def positions(game: SavedGame) -> dict[str, PiecePos]:
    """Where every piece is: a piece in a stack or deck is where its parent is."""
    parent: dict[str, str] = {}
    out: dict[str, PiecePos] = {}
    for pid in game.piece_order:
        p = game.pieces[pid].piece
        if p.kind == "stack":
            st = StackState.read(p.state)
            out[pid] = PiecePos(st.map, st.x, st.y, None)
            for c in st.ids:
                parent[c] = pid
        elif p.kind == "deck":
            d = DeckState.read(p.type, p.state)
            out[pid] = PiecePos(d.map, d.x, d.y, None)
            for c in d.ids:
                parent[c] = pid
    for pid in game.piece_order:
        p = game.pieces[pid].piece
        if p.kind != "piece":
            continue
        par = parent.get(pid)
        if par is not None and par in out:
            pp = out[par]
            deck = par if game.pieces[par].piece.kind == "deck" else None
            out[pid] = PiecePos(pp.map, pp.x, pp.y, par, deck)
        else:
            b = p.basic
            out[pid] = PiecePos(b.map, b.x, b.y, None)
    return out


def pseudonym(player_id: str) -> str:
    return "player:" + hashlib.sha256(player_id.encode()).hexdigest()[:10]


_OWNER_TRAITS = ("obs;", "hide;", "restrict;")


def masked_state(piece: Piece) -> str:
    """The piece state with owner player ids (passwords) replaced by pseudonyms."""
    if piece.kind != "piece":
        return piece.state
    state = piece.state
    types, states = piece.levels()
    for i in piece.type_chain().levels_starting(_OWNER_TRAITS):  # the decorators' levels are the type chain's
        if i >= len(types):
            continue  # the BasicPiece's level: not a decorator
        t = Trait(i, types[i], states[i])
        owner = owner_of(t)
        if owner:
            value = t.state.replace(owner, pseudonym(owner))
            tmp = Piece(piece.id, piece.type, state)
            state = tmp.state_with_level(t.index, value)
    return state


def steps_lost(piece: Piece, rule: vassal_pb2.VassalPieceRule | None) -> int | None:
    if rule is None or not rule.HasField("steps"):
        return None
    sb = rule.steps
    if sb.property:
        v = piece.properties().get(sb.property, "")
        try:
            return java_parse_int(v)
        except ValueError:
            return None
    if sb.layer:
        found = piece.layer(sb.layer)
        if found is None:
            return None
        lay = found[1]
        if not lay.active and not lay.always_active:
            return sb.inactive
        return sb.steps_lost.get(lay.level, lay.level - 1)
    return None


def layer_markers(piece: Piece, rule: vassal_pb2.VassalPieceRule | None) -> list[str]:
    out: list[str] = []
    if rule is None:
        return out
    for lm in rule.layer_markers:
        found = piece.layer(lm.layer)
        if found is None:
            continue
        lay = found[1]
        if (lay.active or lay.always_active) and lay.level in lm.levels:
            out.append(lm.levels[lay.level])
    return out


def source_fingerprint(game: SavedGame, module: Module, binding: vassal_pb2.VassalBinding) -> str:
    """What an `import_source` is valid for: this save, module and binding."""
    b = hashlib.sha256(binding.SerializeToString(deterministic=True)).hexdigest()[:16]
    return json.dumps({"save": game.fingerprint, "module": module.digest, "binding": b}, sort_keys=True,
                      separators=(",", ":"))


def resolve_scenario(binding: vassal_pb2.VassalBinding) -> definition_pb2.Scenario | None:
    if not binding.scenario:
        return None
    from adjudicator.core.ruleset import get_ruleset

    return get_ruleset(binding.ruleset).load_scenario(binding.scenario)


def import_game(
    game: SavedGame,
    module: Module,
    binding: vassal_pb2.VassalBinding,
    *,
    scenario: definition_pb2.Scenario | None = None,
    rolls: Iterable[int] = (),
    use_engine: bool = True,
    keep_opaque: bool = True,
    progress: Callable[[int, int], None] | None = None,
    complete: Callable[[definition_pb2.GameDefinition], None] | None = None,
) -> ImportResult:
    """`keep_opaque=False` skips the opaque pieces (for callers that only need
    the units, such as the exporter re-binding its base save); `progress(n,
    total)` is called while pieces are bound (for a progress bar). Without a
    scenario the definition is built from the module and the save's pieces;
    `complete` then adds what the module lacks (the map's terrain, counter
    values: importers.vassal.completion) before the ruleset creates the state."""
    with paused_gc():
        game.decode_pieces()  # a lazily read save: find bad pieces before binding
        return _import_game(game, module, binding, scenario, rolls, use_engine, keep_opaque, progress, complete)


def _import_game(game: SavedGame, module: Module, binding: vassal_pb2.VassalBinding,
                 scenario: definition_pb2.Scenario | None, rolls: Iterable[int], use_engine: bool,
                 keep_opaque: bool, progress: Callable[[int, int], None] | None = None,
                 complete: Callable[[definition_pb2.GameDefinition], None] | None = None) -> ImportResult:
    diags: list[str] = []
    scen = scenario if scenario is not None else resolve_scenario(binding)
    known = {u.id: u.name for u in scen.definition.units} if scen is not None else None
    roster = {binding.sides.get(s, s) for s in module.views.sides}
    scen_sides = {s.id for s in scen.definition.sides} if scen is not None else None
    binder = Binder(binding, module, known, scen_sides or (roster or None))
    geometries: dict[str, MapGeometry] = {}  # built once, for the probe of _module_map and the locator

    if scen is not None:
        game_map: map_pb2.GameMap | None = scen.definition.map
    else:
        game_map = _module_map(module, binding, game, geometries)
    locator = Locator(module, binding, game.boards, game_map, geometries)

    pos = positions(game)
    bound: dict[str, BoundPiece] = {}
    places: dict[str, Place] = {}
    unit_pieces: dict[str, str] = {}
    total = len(game.piece_order)
    for n, pid in enumerate(game.piece_order):
        if progress is not None and n % 250 == 0:
            progress(n, total)
        entry = game.pieces[pid]
        pp = pos[pid]
        b = binder.bind(entry.piece, pp.map)
        if b.kind == "unit":
            if b.unit_id in unit_pieces:
                diags.append(f"pieces {unit_pieces[b.unit_id]} and {pid} both bind to unit {b.unit_id!r}; {pid} kept as opaque")
                b = BoundPiece(pid, "opaque", how="duplicate unit")
            else:
                unit_pieces[b.unit_id] = pid
        bound[pid] = b
        places[pid] = locator.place(pp.map, pp.x, pp.y)

    if scen is None:
        log_units, log_gpids = _log_created_units(game, binder, set(unit_pieces))
        definition = _module_definition(module, binding, game, {**bound, **log_units}, game_map, log_gpids)
    else:
        definition = scen.definition
    if scen is None and complete is not None:
        complete(definition)
    scenario_msg = definition_pb2.Scenario()
    if scen is not None:
        scenario_msg.CopyFrom(scen)
    else:
        scenario_msg.id = definition.id
        scenario_msg.name = definition.name
        scenario_msg.ruleset = binding.ruleset
        scenario_msg.definition.CopyFrom(definition)
        scenario_msg.source = f"imported from {game.name}"

    # what the save shows of each unit
    shown: dict[str, state_pb2.UnitState] = {}
    side_of = {u.id: u.side for u in definition.units}
    for uid, pid in unit_pieces.items():
        entry = game.pieces[pid]
        b = bound[pid]
        us = state_pb2.UnitState(unit_id=uid, side=side_of.get(uid, b.side))
        pl = places[pid]
        pp = pos[pid]
        if pp.map in binding.eliminated_maps:
            us.status = state_pb2.UnitState.ELIMINATED
        elif pl.location is not None and pp.in_deck is None:
            us.status = state_pb2.UnitState.ON_MAP
            us.location = pl.location
        else:
            us.status = state_pb2.UnitState.OFF_MAP
            if pp.map not in binding.off_map_maps and pp.map is not None and pp.map in locator.bound_maps():
                where = pl.located.name if pl.located else "?"
                diags.append(f"unit {uid!r} (piece {pid}) is at {where!r} on {pp.map!r}, not a location of the scenario map")
        sl = steps_lost(entry.piece, b.rule)
        if sl is not None:
            us.steps_lost = sl
        us.markers.extend(layer_markers(entry.piece, b.rule))
        shown[uid] = us
    members: dict[str, list[str]] = {}
    for pid, q in pos.items():
        if q.parent:
            members.setdefault(q.parent, []).append(pid)
    for pid, b in bound.items():
        if b.kind != "unit_marker":
            continue
        par = pos[pid].parent
        owners = [bound[o].unit_id for o in members.get(par or "", []) if o in bound and bound[o].kind == "unit"]
        if not owners:
            diags.append(f"unit marker {b.marker!r} (piece {pid}) is stacked with no unit")
        for uid in owners:
            if uid in shown:
                shown[uid].markers.append(b.marker)
    if known is not None:
        for uid in known:
            if uid not in shown:
                diags.append(f"unit {uid!r} has no piece in {game.name}")

    scenario_msg.ClearField("setup")
    for uid, us in shown.items():
        if us.status == state_pb2.UnitState.ON_MAP:
            scenario_msg.setup.add(unit_id=uid, location=us.location)

    state = _make_state(binding, scenario_msg, shown, rolls, use_engine, diags, from_module=scen is None)
    state.game_id = state.game_id or "offline"
    off_map = {pid for uid, pid in unit_pieces.items() if shown[uid].status != state_pb2.UnitState.ON_MAP}
    _add_markers_and_opaque(state, game, bound, places, pos, off_map, keep_opaque)
    _record_source(state, game, module, binding, shown, unit_pieces, bound)
    if not state.turn and game.turns:
        vals = game.turns[0].level_values()
        if vals:
            try:
                state.turn = java_parse_int(vals[0])
            except ValueError:
                pass
    return ImportResult(state, bound, unit_pieces, places, pos, locator, diags)


def _installed_rulesets() -> list[str]:
    from adjudicator.core.ruleset import ruleset_ids

    return list(ruleset_ids())


def _make_state(binding: vassal_pb2.VassalBinding, scenario: definition_pb2.Scenario,
                shown: dict[str, state_pb2.UnitState], rolls: Iterable[int], use_engine: bool,
                diags: list[str], from_module: bool = False) -> state_pb2.GameState:
    if use_engine and binding.ruleset and binding.ruleset in _installed_rulesets():
        from adjudicator.core import engine
        from adjudicator.core.dice import ScriptedDice
        from adjudicator.core.ruleset import get_ruleset

        ruleset = get_ruleset(binding.ruleset)
        try:
            state, _events = engine.new_game(ruleset, scenario, game_id="offline", options={}, tables=None,
                                             dice=ScriptedDice(list(rolls)))
        except MalformedInput as e:
            if from_module:  # the module's own map: say when it is not the ruleset's at all (issue 13)
                from importers.vassal.completion import grid_mismatch

                why = grid_mismatch(binding.ruleset, scenario.definition.map)
                if why is not None:
                    raise MalformedInput(why) from e
            raise
        for us in state.units:
            if us.unit_id in shown:
                s = shown[us.unit_id]
                us.status = s.status
                us.location = s.location
                us.steps_lost = s.steps_lost
                del us.markers[:]
                us.markers.extend(s.markers)
        return state
    if binding.ruleset and use_engine:
        diags.append(f"ruleset {binding.ruleset!r} is not installed: the state is not initialised by it")
    state = state_pb2.GameState(ruleset=binding.ruleset, game_id="offline", version=0)
    state.scenario.CopyFrom(scenario)
    state.turn = scenario.first_turn
    for u in scenario.definition.units:
        state.units.append(shown.get(u.id, state_pb2.UnitState(unit_id=u.id, side=u.side,
                                                                 status=state_pb2.UnitState.OFF_MAP)))
    return state


def _record_source(state: state_pb2.GameState, game: SavedGame, module: Module, binding: vassal_pb2.VassalBinding,
                   shown: dict[str, state_pb2.UnitState], unit_pieces: dict[str, str],
                   bound: dict[str, BoundPiece]) -> None:
    src = state.import_source
    src.format = FORMAT
    src.file = game.name
    src.fingerprint = source_fingerprint(game, module, binding)
    src.units.extend(shown.values())
    src.unit_objects.update(unit_pieces)
    src.markers.extend(state.markers)
    for pid, b in bound.items():
        if b.kind == "unit_marker":
            src.unit_markers[pid] = b.marker


def _add_markers_and_opaque(state: state_pb2.GameState, game: SavedGame, bound: dict[str, BoundPiece],
                            places: dict[str, Place], pos: dict[str, PiecePos], off_map_units: set[str],
                            keep_opaque: bool = True) -> None:
    """Map markers, opaque pieces, and the pieces of units off the scenario map
    (opaque pieces with attribute "unit", so a save written without a base puts
    them back where they were)."""
    for pid in game.piece_order:
        entry: PieceEntry = game.pieces[pid]
        b = bound[pid]
        pl = places[pid]
        pp = pos[pid]
        if b.kind == "marker":
            m = state.markers.add(id=pid, kind=b.marker, location=pl.location or "", side=b.side)
            if pl.location is None:
                m.values["vassal.map"] = pp.map or ""
        elif keep_opaque and (b.kind == "opaque" or pid in off_map_units):
            p = entry.piece
            op = state.opaque_pieces.add(
                id=pid, format=FORMAT, name=p.name if p.kind == "piece" and not p.problems else "",
                location=pl.location or "", definition=p.type, state=masked_state(p) if not p.problems else p.state,
            )
            op.attributes["kind"] = p.kind
            op.attributes["map"] = pp.map or "null"
            op.attributes["x"] = str(pp.x)
            op.attributes["y"] = str(pp.y)
            if pp.parent:
                op.attributes["parent"] = pp.parent
            if pid in off_map_units:
                op.attributes["unit"] = b.unit_id
            if pl.located is not None:
                op.attributes["location_name"] = pl.located.name


def _module_map(module: Module, binding: vassal_pb2.VassalBinding, game: SavedGame | None,
                geometries: dict[str, MapGeometry] | None = None) -> map_pb2.GameMap:
    """The scenario map of a definition built from the module (`geometries`:
    see Locator)."""
    probe = Locator(module, binding, game.boards if game else {}, None, geometries)
    if not probe.maps:
        return map_pb2.GameMap(id="vassal", name=module.title, source="no bound VASSAL map")
    first = probe.maps[0]
    geo = probe.geometry(first.map)
    kind = "hex" if any(hex_grids(p.board) for p in geo.placed) else "graph"
    sheets = {m.board: m.sheet for m in probe.maps if m.sheet and m.board}
    return map_from_geometry(first.map, first.map, geo, kind, sheets or None,
                             source=f"VASSAL module {module.title!r}, map {first.map!r}")


def _log_created_units(game: SavedGame, binder: Binder,
                       have: set[str]) -> tuple[dict[str, BoundPiece], dict[str, str]]:
    """Units whose pieces a log creates inside its LOG steps (VASSAL 3.2 logs
    start from an empty position and add every piece in a step): the definition
    built from the module must know them, or the replay could not place them.
    (bound pieces by piece id, palette gpids by piece id)"""
    from importers.vassal import commands as C

    out: dict[str, BoundPiece] = {}
    gpids: dict[str, str] = {}
    units: set[str] = set()
    for step in game.log_steps:
        for cmd in step.commands:
            if C.kind_of(cmd.text) != C.ADD:
                continue
            try:
                ap = AddPieceText.parse(cmd.text)
                if ap.id is None or ap.id in game.pieces or ap.id in out:
                    continue
                p = Piece(ap.id, ap.type, ap.state)
                if p.kind != "piece" or p.problems:
                    continue
                b = binder.bind(p, p.basic.map)
            except ValueError:
                continue  # an unreadable step: the replay reports it where it is
            if b.kind == "unit" and b.unit_id not in have and b.unit_id not in units:
                out[ap.id] = b
                units.add(b.unit_id)
                gpids[ap.id] = p.basic.gpid
    return out, gpids


def _module_definition(module: Module, binding: vassal_pb2.VassalBinding, game: SavedGame | None,
                       bound: dict[str, BoundPiece], game_map: map_pb2.GameMap | None,
                       gpids: dict[str, str] | None = None) -> definition_pb2.GameDefinition:
    title = module.title or "module"
    d = definition_pb2.GameDefinition(id=f"vassal/{title}", name=title, ruleset=binding.ruleset,
                                      source=f"VASSAL module {title!r} ({module.name})")
    sides: list[str] = [binding.sides.get(s, s) for s in module.views.sides]
    for b in bound.values():
        if b.kind == "unit" and b.side and b.side not in sides:
            sides.append(b.side)
    for s in sides:
        d.sides.add(id=s, name=s)
    if game_map is not None:
        d.map.CopyFrom(game_map)
    types: list[str] = []
    for pid, b in bound.items():
        if b.kind != "unit":
            continue
        u = d.units.add(id=b.unit_id, side=b.side, name=b.unit_name, type=b.unit_type)
        gpid = game.pieces[pid].piece.basic.gpid if game is not None and pid in game.pieces \
            else (gpids or {}).get(pid, "")
        if gpid:
            u.props["vassal.gpid"] = gpid
        if b.unit_type and b.unit_type not in types:
            types.append(b.unit_type)
    for t in types:
        d.unit_types.add(id=t, name=t)
    return d


def module_definition(module: Module, binding: vassal_pb2.VassalBinding, game: SavedGame | None = None) -> definition_pb2.GameDefinition:
    """A GameDefinition from a module: its units are the bound pieces of one of
    its saves, or without a save the palette's pieces that bind as units (one
    unit per palette slot: the order of battle of modules with a slot per
    counter)."""
    gm = _module_map(module, binding, game)
    bound: dict[str, BoundPiece] = {}
    roster = {binding.sides.get(s, s) for s in module.views.sides}
    binder = Binder(binding, module, None, roster or None)
    gpids: dict[str, str] = {}
    if game is not None:
        pos = positions(game)
        for pid in game.piece_order:
            bound[pid] = binder.bind(game.pieces[pid].piece, pos[pid].map)
    else:
        for i, slot in enumerate(module.views.slots):
            ap = AddPieceText.parse(slot.text)
            b = binder.bind(Piece(None, ap.type, ap.state), None)
            if b.kind == "unit":
                key = f"slot {i}"
                bound[key] = b
                gpids[key] = slot.gpid
    return _module_definition(module, binding, game, bound, gm, gpids)
