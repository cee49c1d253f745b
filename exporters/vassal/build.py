"""A new save built from the module: for canonical states and scenarios that
have no base save (predefined setups, hand-written scenarios).

Layout of what is written (research notes §3.5): `begin_save`, an empty
version check, the piece list (pieces, then decks, then the stacks that list
them), one BoardPicker command per map (the module's default boards),
`SETUP_STACK` when the module has setup stacks (their non-unit pieces are
written here, so VASSAL must not place them again), the first turn tracker's
`TURN` showing the state's turn number, `end_save`. Units off the scenario map
that are as the imported save showed them go back where they were (their
opaque copy), even when the binding has an off-map map.
"""

from __future__ import annotations

from adjudicator.core.errors import UmpireError
from importers.vassal import cmdtree
from exporters.vassal.edit import IdAllocator
from exporters.vassal.from_canonical import ExportReport, _apply_steps_and_markers, target_position
from exporters.vassal.slots import SlotIndex
from importers.vassal.binding import Binder, Locator
from importers.vassal.chains import AddPieceText, add_piece_text
from importers.vassal.geometry import MapGeometry
from importers.vassal.module import BoardPlacement, Module
from importers.vassal.pieces import Piece, StackState
from importers.vassal.seqenc import encode_str
from importers.vassal.turnstate import turn_command
from umpire.v1 import definition_pb2, state_pb2, vassal_pb2


class SaveBuilder:
    def __init__(self, module: Module, used_ids: list[str] | None = None) -> None:
        self.module = module
        self.ids = IdAllocator(used_ids or [])
        self.pieces: list[str] = []
        self.decks: list[str] = []
        self.groups: dict[tuple[str, int, int], list[str]] = {}

    def add(self, type_text: str, state: str, mapid: str | None, x: int, y: int, pid: str | None = None,
            stack: bool = True, raw: bool = False) -> str:
        """A piece at (mapid, x, y); `raw`: its state is written as given (an
        opaque piece's own state, which already says where it is)."""
        pid = pid or self.ids.new()
        p = Piece(pid, type_text, state)
        s = p.state_with_position(mapid, x, y) if p.kind == "piece" and not p.problems and not raw else state
        self.pieces.append(add_piece_text(pid, type_text, s))
        if stack and mapid is not None:
            self.groups.setdefault((mapid, x, y), []).append(pid)
        return pid

    def add_raw(self, pid: str, type_text: str, state: str, deck: bool = False) -> None:
        (self.decks if deck else self.pieces).append(add_piece_text(pid, type_text, state))

    def boards(self) -> list[str]:
        out = []
        for m in self.module.views.maps:
            placements = self.module.default_layout(m) or [
                BoardPlacement(b.name, i, 0) for i, b in enumerate(m.boards)
            ]
            toks = [m.identifier + "BoardPicker"]
            for p in placements:
                toks += [p.name + ("/rev" if p.reversed else ""), str(p.col), str(p.row)]
            out.append(encode_str(toks, "\t"))
        return out

    def text(self, extra: list[str] | None = None) -> str:
        layers = "@@1"
        stacks = [add_piece_text(self.ids.new(), "stack", StackState(m, x, y, ids, layers).encode())
                  for (m, x, y), ids in self.groups.items()]
        piece_list = cmdtree.nest(cmdtree.build_list(["", *self.pieces, *self.decks, *stacks]))
        parts = ["begin_save", "", piece_list, *self.boards()]
        if any(m.setup_stacks for m in self.module.views.maps):
            parts.append("SETUP_STACK\t")
        parts += extra or []
        parts.append("end_save")
        return cmdtree.build_list(parts)


def setup_stack_pieces(b: SaveBuilder, module: Module, binding: vassal_pb2.VassalBinding,
                       units: set[str], locator: Locator, report: ExportReport) -> None:
    """Place the module's setup-stack pieces that the state does not place itself."""
    binder = Binder(binding, module, {u: "" for u in units}, None)
    for m in module.views.maps:
        if not m.setup_stacks:
            continue
        geo = locator.geometry(m.identifier)
        for ss in m.setup_stacks:
            pos = _setup_position(geo, ss.attrs, m.edge)
            if pos is None:
                report.diagnostics.append(f"setup stack {ss.name!r} on {m.identifier!r}: cannot resolve its position")
                continue
            for slot in ss.slots:
                ap = AddPieceText.parse(slot.text)
                piece = Piece(None, ap.type, ap.state)
                if piece.kind == "piece" and not piece.problems:
                    bound = binder.bind(piece, m.identifier)
                    if bound.kind == "unit" and bound.unit_id in units:
                        continue
                b.add(ap.type, ap.state, m.identifier, pos[0], pos[1])


def _setup_position(geo: MapGeometry, attrs: dict[str, str], edge: tuple[int, int]) -> tuple[int, int] | None:
    owner = attrs.get("owningBoard", "")
    placed = geo.board(owner) if owner else None
    if attrs.get("useGridLocation", "false") == "true" and placed is not None:
        loc = attrs.get("location", "")
        zones: list[str | None] = [z.name for z in placed.board.zones()] + [None]  # VASSAL tries zones first
        for z in zones:
            try:
                return geo.point_of(owner, loc, z, vassal_quirk=True)
            except (ValueError, UmpireError):  # this zone cannot resolve the label (LabelError...): try the next one
                continue
        return None
    try:
        x, y = int(attrs.get("x", "0")), int(attrs.get("y", "0"))
    except ValueError:
        return None
    if placed is not None:
        return x + placed.x, y + placed.y
    return x + edge[0], y + edge[1]


def build_save(module: Module, binding: vassal_pb2.VassalBinding, state: state_pb2.GameState,
               with_setup_stacks: bool = True) -> tuple[str, ExportReport]:
    """A complete new save showing `state` (units, map markers, units' status
    markers, opaque pieces)."""
    report = ExportReport()
    locator = Locator(module, binding, {}, state.scenario.definition.map)
    used = [op.id for op in state.opaque_pieces]
    # A unit's piece keeps the id it had in the imported save (the state carries it).
    own_ids = {uid: pid for uid, pid in state.import_source.unit_objects.items() if pid not in set(used)}
    b = SaveBuilder(module, used + list(own_ids.values()))
    slots = SlotIndex(module, binding, state.scenario.definition)
    shadows = {op.attributes["unit"]: op for op in state.opaque_pieces if op.attributes.get("unit")}
    decks = {op.id for op in state.opaque_pieces if op.attributes.get("kind") == "deck"}
    imported = {u.unit_id: u for u in state.import_source.units}
    placed_markers: set[tuple[str, int, int, str]] = set()
    for u in state.units:
        if u.unit_id in shadows and _as_imported(u, imported.get(u.unit_id)):
            _add_opaque(b, shadows[u.unit_id], decks)  # off the scenario map, where the save had it, same id
            continue
        tgt = target_position(u, locator, module, binding)
        if tgt is None and u.unit_id in shadows:
            _add_opaque(b, shadows[u.unit_id], decks)
            continue
        if tgt is None:
            report.diagnostics.append(f"unit {u.unit_id!r} is not on the map and the binding has no off-map map; not written")
            continue
        if tgt == "delete":
            continue
        assert not isinstance(tgt, str)
        found = slots.for_unit(u.unit_id)
        if found is None:
            report.diagnostics.append(f"unit {u.unit_id!r}: no palette slot binds to it; not written")
            continue
        rule = found.rule
        initial = _apply_steps_and_markers(Piece(None, found.type, found.state), rule, u, report)
        b.add(found.type, initial, *tgt, pid=own_ids.get(u.unit_id))
        report.created.append(u.unit_id)
        layer_values = {v for lm in (rule.layer_markers if rule is not None else []) for v in lm.levels.values()}
        for m in u.markers:
            if m in layer_values:
                continue
            marker = slots.for_marker(m, "unit_marker")
            if marker is None:
                report.diagnostics.append(f"marker {m!r} (unit {u.unit_id!r}) has no VASSAL form in the binding; "
                                          "not written")
            elif (*tgt, m) not in placed_markers:  # one marker piece marks the whole stack
                placed_markers.add((*tgt, m))
                b.add(marker.type, marker.state, *tgt)
                report.markers.append(f"created {m} for {u.unit_id}")
    for mm in state.markers:
        found = slots.for_marker(mm.kind, "marker") if mm.location else None
        if found is None:
            why = "no location" if not mm.location else "no palette slot binds as this marker"
            report.diagnostics.append(f"marker {mm.id!r} ({mm.kind}): {why}; not written")
            continue
        b.add(found.type, found.state, *locator.point(mm.location))
        report.markers.append(f"created {mm.kind} at {mm.location}")
    for op in state.opaque_pieces:
        if not op.attributes.get("unit"):
            _add_opaque(b, op, decks)
    if with_setup_stacks and not state.opaque_pieces:
        setup_stack_pieces(b, module, binding, {u.unit_id for u in state.units}, locator, report)
    extra = []
    if module.views.turn_trackers:
        turn = turn_command(module.views.turn_trackers[0], state.turn)
        if turn is not None:
            extra.append(turn)  # the turn number the state carries (issue 13); importer reads it back
    return b.text(extra), report


def _as_imported(u: state_pb2.UnitState, was: state_pb2.UnitState | None) -> bool:
    """A unit off the scenario map that is as the imported save showed it:
    its piece (the opaque copy) goes back where it was, with its own id and
    state, rather than to the centre of the first off-map map."""
    return (was is not None and u.status != state_pb2.UnitState.ON_MAP and was.status == u.status
            and was.steps_lost == u.steps_lost and sorted(was.markers) == sorted(u.markers))


def _add_opaque(b: SaveBuilder, op: state_pb2.OpaquePiece, decks: set[str]) -> None:
    kind = op.attributes.get("kind", "piece")
    if kind == "stack":
        return  # stacks are rebuilt by location
    if kind == "deck":
        b.add_raw(op.id, op.definition, op.state, deck=True)
        return
    mapid = op.attributes.get("map", "null")
    try:
        x, y = int(op.attributes.get("x", "0")), int(op.attributes.get("y", "0"))
    except ValueError:
        x = y = 0
    in_deck = op.attributes.get("parent", "") in decks
    b.add(op.definition, op.state, None if mapid == "null" else mapid, x, y, pid=op.id, stack=not in_deck, raw=True)


def scenario_state(scenario: definition_pb2.Scenario) -> state_pb2.GameState:
    """A state showing a scenario's fixed setup (every placed unit ON_MAP)."""
    st = state_pb2.GameState(ruleset=scenario.ruleset, game_id="offline")
    st.scenario.CopyFrom(scenario)
    placed = {p.unit_id: p.location for p in scenario.setup}
    for u in scenario.definition.units:
        us = st.units.add(unit_id=u.id, side=u.side)
        if placed.get(u.id):
            us.status = state_pb2.UnitState.ON_MAP
            us.location = placed[u.id]
        else:
            us.status = state_pb2.UnitState.OFF_MAP
    return st
