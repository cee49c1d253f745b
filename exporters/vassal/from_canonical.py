"""The canonical GameState -> a VASSAL save the original module loads.

With a base save (the one the state was imported from, or any save of the
module), the base is edited in place: a unit whose location, status, steps
or markers changed gets its piece (and stack) commands rewritten, pieces at
hex centres; map markers and units' status-marker pieces are moved, created
from their palette slots or removed; every other command keeps its bytes,
SETUP_STACK included. Without a base, a new save is built (exporters.vassal.build).

What the base shows comes from the state's `import_source` when the state was
imported from this very save (same savedGame bytes, module and binding): then
only the pieces that change are decoded, and the save is encoded by splicing
its original entry bytes. Otherwise every piece of the base is bound again.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from adjudicator.core.errors import MalformedInput
from exporters.vassal.edit import SaveEditor
from exporters.vassal.slots import Found, SlotIndex
from importers.vassal.binding import Binder, BoundPiece, Locator
from importers.vassal.game import SavedGame
from importers.vassal.gcpause import paused_gc
from importers.vassal.module import Module
from importers.vassal.obfuscation import Encoding
from importers.vassal.pieces import Piece
from importers.vassal.to_canonical import FORMAT, import_game, layer_markers, source_fingerprint, steps_lost
from umpire.v1 import state_pb2, vassal_pb2

ON_MAP = state_pb2.UnitState.ON_MAP
ELIMINATED = state_pb2.UnitState.ELIMINATED


@dataclass
class ExportReport:
    moved: list[str] = field(default_factory=list)
    changed: list[str] = field(default_factory=list)
    created: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    markers: list[str] = field(default_factory=list)  # marker pieces moved, created, removed
    diagnostics: list[str] = field(default_factory=list)
    fast: bool = False  # the base was read through the state's import_source


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
    if rule is None or not rule.HasField("steps"):
        if u.steps_lost:
            report.diagnostics.append(f"unit {u.unit_id!r} has lost {u.steps_lost} step(s), but the binding says "
                                      "nowhere how its piece shows steps (VassalPieceRule.steps); not written")
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


@dataclass
class BaseView:
    """What the base save shows: its units (as the import saw them), which
    piece is which unit or marker, and how to find a piece's binding rule."""

    source: state_pb2.ImportSource
    locator: Locator
    binder: Binder
    bound: dict[str, BoundPiece] | None  # every piece bound again (slow path)

    @property
    def fast(self) -> bool:
        return self.bound is None

    def rule(self, pid: str, piece: Piece, map_ident: str | None) -> vassal_pb2.VassalPieceRule | None:
        if self.bound is not None:
            b = self.bound.get(pid)
            return b.rule if b is not None else None
        return self.binder.rule_for(piece, map_ident)


def base_view(base: SavedGame, module: Module, binding: vassal_pb2.VassalBinding,
              state: state_pb2.GameState) -> BaseView:
    binder = Binder(binding, module, None, None)
    src = state.import_source
    if (src.format == FORMAT and state.HasField("scenario") and src.fingerprint == source_fingerprint(base, module, binding)
            and all(pid in base.pieces for pid in src.unit_objects.values())):
        return BaseView(src, Locator(module, binding, base.boards, state.scenario.definition.map), binder, None)
    imp = import_game(base, module, binding, use_engine=False, keep_opaque=False)
    return BaseView(imp.state.import_source, imp.locator, binder, imp.bound)


def apply_state(base: SavedGame, module: Module, binding: vassal_pb2.VassalBinding,
                state: state_pb2.GameState) -> tuple[str, ExportReport]:
    """The base save's command stream changed to show `state`."""
    with paused_gc():
        ed, report = _edit(base, module, binding, state)
        return ed.finish(), report


def apply_state_encoded(base: SavedGame, module: Module, binding: vassal_pb2.VassalBinding,
                        state: state_pb2.GameState, encoding: Encoding | None = None) -> tuple[bytes, ExportReport]:
    """The base save's savedGame entry changed to show `state` (what
    `umpire convert --base` writes): read the base with `keep_raw=True` (and
    `lazy=True`) so the entry is spliced rather than encoded again."""
    with paused_gc():
        ed, report = _edit(base, module, binding, state)
        return ed.finish_encoded(encoding or base.encoding), report


def _position(u: state_pb2.UnitState) -> tuple[int, str]:
    return u.status, u.location if u.status == ON_MAP else ""


def _edit(base: SavedGame, module: Module, binding: vassal_pb2.VassalBinding,
          state: state_pb2.GameState) -> tuple[SaveEditor, ExportReport]:
    from exporters.vassal.markers import sync_map_markers, sync_unit_markers

    report = ExportReport()
    view = base_view(base, module, binding, state)
    report.fast = view.fast
    current = {u.unit_id: u for u in view.source.units}
    unit_pieces = dict(view.source.unit_objects)
    ed = SaveEditor(base)
    slots = SlotIndex(module, binding, state.scenario.definition)
    locator = view.locator
    plans: dict[str, tuple[str, int, int] | str] = {}
    touched: list[str] = []  # units whose markers (or piece) changed
    for u in state.units:
        pid = unit_pieces.get(u.unit_id)
        if pid is None:
            if u.status == ON_MAP:
                new = _create_unit(ed, slots, u, locator, report)
                if new is not None:
                    unit_pieces[u.unit_id] = new
                    touched.append(u.unit_id)
            continue
        cur = current.get(u.unit_id)
        if cur is None or _position(cur) != _position(u):
            tgt = target_position(u, locator, module, binding)
            if tgt is None:
                report.diagnostics.append(f"unit {u.unit_id!r}: no off-map VASSAL map bound; left where it is")
            else:
                plans[pid] = tgt
        markers_changed = cur is None or sorted(cur.markers) != sorted(u.markers)
        if markers_changed or cur is None or cur.steps_lost != u.steps_lost:
            piece = ed.piece(pid)
            new_state = _apply_steps_and_markers(piece, view.rule(pid, piece, ed.where(pid)[0]), u, report)
            if new_state != piece.state:
                ed.set_state(pid, new_state)
                report.changed.append(u.unit_id)
        if markers_changed:
            touched.append(u.unit_id)
    unit_of = {pid: uid for uid, pid in unit_pieces.items()}
    _execute_moves(ed, unit_of, plans, report)
    sync_map_markers(ed, locator, slots, list(view.source.markers), state, report)
    sync_unit_markers(ed, view, slots, binding, state, unit_pieces, touched, report)
    return ed, report


def _execute_moves(ed: SaveEditor, unit_of: dict[str, str], plans: dict[str, tuple[str, int, int] | str],
                   report: ExportReport) -> None:
    done: set[str] = set()
    for pid, tgt in plans.items():
        if pid in done:
            continue
        uid = unit_of[pid]
        if tgt == "delete":
            ed.delete_piece(pid)
            report.removed.append(uid)
            done.add(pid)
            continue
        assert not isinstance(tgt, str)
        sid = ed.stack_of(pid)
        if sid is not None:
            units = [m for m in ed.members(sid) if m in unit_of]
            if units and all(plans.get(m) == tgt for m in units):
                ed.move_stack(sid, *tgt)
                for m in units:
                    done.add(m)
                    report.moved.append(unit_of[m])
                continue
        ed.move_piece(pid, *tgt)
        done.add(pid)
        report.moved.append(uid)


def slot_for_unit(module: Module, binding: vassal_pb2.VassalBinding, state: state_pb2.GameState,
                  unit_id: str) -> Found | None:
    """The palette piece a unit's piece is made from (and the rule binding it):
    the unit's recorded gpid, else the first slot whose piece binds to the unit."""
    return SlotIndex(module, binding, state.scenario.definition).for_unit(unit_id)


def _create_unit(ed: SaveEditor, slots: SlotIndex, u: state_pb2.UnitState, locator: Locator,
                 report: ExportReport) -> str | None:
    found = slots.for_unit(u.unit_id)
    if found is None:
        report.diagnostics.append(f"unit {u.unit_id!r} has no piece in the save and no palette slot binds to it")
        return None
    initial = _apply_steps_and_markers(Piece(None, found.type, found.state), found.rule, u, report)
    mapid, x, y = locator.point(u.location)
    pid = ed.add_piece(found.type, initial, mapid, x, y)
    report.created.append(u.unit_id)
    return pid
