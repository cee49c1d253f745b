"""The canonical GameState -> a VASSAL save the original module loads.

With a base save (the one the state was imported from, or any save of the
module), the base is edited in place: a unit whose location, status, steps
or layer markers changed gets its piece (and stack) commands rewritten, pieces
at hex centres; every other command keeps its bytes, SETUP_STACK included.
Without a base, a new save is built from the module: units from their palette
slots, opaque pieces from their raw definition, stacks by location, and the
module's non-unit setup-stack pieces where VASSAL would put them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from adjudicator.core.errors import MalformedInput
from exporters.vassal.edit import SaveEditor
from importers.vassal.binding import Binder, BoundPiece, Locator
from importers.vassal.chains import AddPieceText
from importers.vassal.game import SavedGame
from importers.vassal.gcpause import paused_gc
from importers.vassal.module import Module
from importers.vassal.pieces import Piece
from importers.vassal.to_canonical import import_game, layer_markers, steps_lost
from umpire.v1 import state_pb2, vassal_pb2

ON_MAP = state_pb2.UnitState.ON_MAP
ELIMINATED = state_pb2.UnitState.ELIMINATED


@dataclass
class ExportReport:
    moved: list[str] = field(default_factory=list)
    changed: list[str] = field(default_factory=list)
    created: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    diagnostics: list[str] = field(default_factory=list)


def _map_centre(module: Module, locator: Locator, mapid: str) -> tuple[int, int]:
    geo = locator.geometry(mapid)
    if geo.placed:
        p = geo.placed[0]
        return p.x + p.board.width // 2, p.y + p.board.height // 2
    return 0, 0


def target_position(u: state_pb2.UnitState, locator: Locator, module: Module,
                    binding: vassal_pb2.VassalBinding) -> tuple[str, int, int] | None | str:
    """(map, x, y) for the unit's status and location; None = leave it; "delete"."""
    if u.status == ON_MAP:
        if not u.location:
            raise MalformedInput(f"unit {u.unit_id!r} is ON_MAP without a location", "state.units")
        return locator.point(u.location)
    if u.status == ELIMINATED:
        if binding.eliminated_maps:
            m = binding.eliminated_maps[0]
            return (m, *_map_centre(module, locator, m))
        return "delete"
    if binding.off_map_maps:
        m = binding.off_map_maps[0]
        return (m, *_map_centre(module, locator, m))
    return None


def _layer_value(piece: Piece, layer: str, want_level: int | None, inactive: bool) -> tuple[int, int] | None:
    """(trait index, new layer value) to show a level (or hide the layer)."""
    found = piece.layer(layer)
    if found is None:
        return None
    idx, lay = found
    n = max(1, len(lay.images))
    if want_level is None:
        return idx, -abs(lay.level) if inactive and not lay.always_active else lay.level
    return idx, max(1, min(n, want_level))


def _apply_steps_and_markers(piece: Piece, rule: vassal_pb2.VassalPieceRule | None, u: state_pb2.UnitState,
                             report: ExportReport) -> str:
    state = piece.state
    if rule is None:
        return state
    if rule.HasField("steps") and steps_lost(piece, rule) != u.steps_lost:
        sb = rule.steps
        if sb.layer:
            found = piece.layer(sb.layer)
            levels = len(found[1].images) if found else 0
            want = next((lv for lv in range(1, levels + 1) if sb.steps_lost.get(lv, lv - 1) == u.steps_lost), None)
            if want is not None:
                iv = _layer_value(piece, sb.layer, want, False)
            elif sb.inactive == u.steps_lost:
                iv = _layer_value(piece, sb.layer, None, True)
            else:
                iv = None
                report.diagnostics.append(f"unit {u.unit_id!r}: no level of layer {sb.layer!r} shows {u.steps_lost} steps lost")
            if iv is not None:
                state = Piece(piece.id, piece.type, state).state_with_layer(iv[0], iv[1])
        elif sb.property:
            for t in Piece(piece.id, piece.type, state).traits:
                if t.prefix == "PROP;" and t.fields()[:1] == [sb.property]:
                    state = Piece(piece.id, piece.type, state).state_with_level(t.index, str(u.steps_lost))
    for lm in rule.layer_markers:
        p2 = Piece(piece.id, piece.type, state)
        have = layer_markers(p2, vassal_pb2.VassalPieceRule(layer_markers=[lm]))
        wanted = [m for m in u.markers if m in lm.levels.values()]
        if set(have) == set(wanted):
            continue
        if wanted:
            level = next(lv for lv, v in lm.levels.items() if v == wanted[0])
            iv = _layer_value(p2, lm.layer, level, False)
        else:
            iv = _layer_value(p2, lm.layer, None, True)
        if iv is not None:
            state = p2.state_with_layer(iv[0], iv[1])
    return state


def apply_state(base: SavedGame, module: Module, binding: vassal_pb2.VassalBinding,
                state: state_pb2.GameState) -> tuple[str, ExportReport]:
    """The base save's command stream changed to show `state`."""
    with paused_gc():
        return _apply_state(base, module, binding, state)


def _apply_state(base: SavedGame, module: Module, binding: vassal_pb2.VassalBinding,
                 state: state_pb2.GameState) -> tuple[str, ExportReport]:
    report = ExportReport()
    imp = import_game(base, module, binding, use_engine=False, keep_opaque=False)
    current = {u.unit_id: u for u in imp.state.units}
    ed = SaveEditor(base)
    locator = imp.locator
    plans: dict[str, tuple[str, int, int] | str] = {}
    for u in state.units:
        pid = imp.unit_pieces.get(u.unit_id)
        if pid is None:
            if u.status == ON_MAP:
                _create_unit(ed, module, binding, state, u, locator, report)
            continue
        cur = current.get(u.unit_id)
        if cur is None or (cur.status, cur.location if cur.status == ON_MAP else "") != (u.status, u.location if u.status == ON_MAP else ""):
            tgt = target_position(u, locator, module, binding)
            if tgt is None:
                report.diagnostics.append(f"unit {u.unit_id!r}: no off-map VASSAL map bound; left where it is")
            else:
                plans[pid] = tgt
        b = imp.bound[pid]
        new_state = _apply_steps_and_markers(ed.piece(pid), b.rule, u, report)
        if new_state != ed.piece(pid).state:
            ed.set_state(pid, new_state)
            report.changed.append(u.unit_id)
    _execute_moves(ed, imp.bound, plans, report)
    return ed.finish(), report


def _execute_moves(ed: SaveEditor, bound: dict[str, BoundPiece], plans: dict[str, tuple[str, int, int] | str],
                   report: ExportReport) -> None:
    done: set[str] = set()
    for pid, tgt in plans.items():
        if pid in done:
            continue
        uid = bound[pid].unit_id
        if tgt == "delete":
            ed.delete_piece(pid)
            report.removed.append(uid)
            done.add(pid)
            continue
        assert not isinstance(tgt, str)
        sid = ed.stack_of(pid)
        if sid is not None:
            units = [m for m in ed.members(sid) if m in bound and bound[m].kind == "unit"]
            if units and all(plans.get(m) == tgt for m in units):
                ed.move_stack(sid, *tgt)
                for m in units:
                    done.add(m)
                    report.moved.append(bound[m].unit_id)
                continue
        ed.move_piece(pid, *tgt)
        done.add(pid)
        report.moved.append(uid)


def slot_for_unit(module: Module, binding: vassal_pb2.VassalBinding, state: state_pb2.GameState,
                  unit_id: str) -> tuple[AddPieceText, vassal_pb2.VassalPieceRule | None] | None:
    """The palette slot a unit's piece is made from (and the rule binding it):
    the unit's recorded gpid, else the first slot whose piece binds to the unit."""
    unit = next((u for u in state.scenario.definition.units if u.id == unit_id), None)
    binder = Binder(binding, module, {unit_id: unit.name if unit else ""}, None)
    gpid = unit.props.get("vassal.gpid", "") if unit is not None else ""
    slots = list(module.views.slots)
    if gpid:
        slots = [s for s in slots if s.gpid == gpid] + [s for s in slots if s.gpid != gpid]
    for i, slot in enumerate(slots):
        ap = AddPieceText.parse(slot.text)
        piece = Piece(None, ap.type, ap.state)
        if piece.kind != "piece" or piece.problems:
            continue
        b = binder.bind(piece, None)
        if (b.kind == "unit" and b.unit_id == unit_id) or (gpid and i == 0 and slot.gpid == gpid):
            return ap, b.rule
    return None


def _create_unit(ed: SaveEditor, module: Module, binding: vassal_pb2.VassalBinding, state: state_pb2.GameState,
                 u: state_pb2.UnitState, locator: Locator, report: ExportReport) -> None:
    found = slot_for_unit(module, binding, state, u.unit_id)
    if found is None:
        report.diagnostics.append(f"unit {u.unit_id!r} has no piece in the save and no palette slot binds to it")
        return
    ap, rule = found
    initial = _apply_steps_and_markers(Piece(None, ap.type, ap.state), rule, u, report)
    mapid, x, y = locator.point(u.location)
    ed.add_piece(ap.type, initial, mapid, x, y)
    report.created.append(u.unit_id)
