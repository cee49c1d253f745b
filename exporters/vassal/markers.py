"""Markers on export: map markers (`GameState.markers`) and the status-marker
pieces of units (`bind_as: unit_marker`), kept in step with the state.

Map markers. A marker the base already has (same id: the piece id the import
gave it) is moved when the state puts it elsewhere (also back to its place
when its stack was carried along by a unit's move), and removed when the
state no longer has it; a new marker is created from the palette slot that
binds as a marker of its kind.

Unit markers. On import a unit-marker piece marks every unit in its stack,
so on export every stack a change touched is made to show what its units
want: a marker nobody in its stack wants any more follows a unit that left
with it, or is removed; a unit that wants a marker its stack lacks gets the
one it left behind, or a new one from the marker's palette slot, on top of
its stack. VASSAL cannot mark one unit of a stack and not another: when the
stack's units disagree, the marker stays and a diagnostic names the units
it also marks. Markers that are layer levels (`layer_markers`) are written on
the unit's own piece (exporters.vassal.from_canonical).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from exporters.vassal.edit import SaveEditor
from exporters.vassal.slots import SlotIndex
from importers.vassal.binding import Locator
from umpire.v1 import state_pb2, vassal_pb2

if TYPE_CHECKING:
    from exporters.vassal.from_canonical import BaseView, ExportReport


def sync_map_markers(ed: SaveEditor, locator: Locator, slots: SlotIndex, base_markers: list[state_pb2.MapMarker],
                     state: state_pb2.GameState, report: "ExportReport") -> None:
    base = {m.id: m for m in base_markers}
    kept: set[str] = set()
    for m in state.markers:
        b = base.get(m.id)
        if b is not None and m.id in ed.game.pieces and m.id not in ed.deleted:
            kept.add(m.id)
            if b.kind == m.kind:
                if not m.location:
                    if b.location:
                        report.diagnostics.append(f"marker {m.id!r} ({m.kind}) has no location: left where it is")
                    continue
                mapid, x, y = ed.where(m.id)
                if locator.place(mapid, x, y).location == m.location:
                    continue
                ed.move_piece(m.id, *locator.point(m.location))
                report.markers.append(f"{m.kind} {m.id} -> {m.location}")
                continue
            ed.delete_piece(m.id)  # another kind of marker: another piece
            report.markers.append(f"removed {b.kind} {m.id}")
        if not m.location:
            report.diagnostics.append(f"marker {m.id!r} ({m.kind}) has no location; not written")
            continue
        found = slots.for_marker(m.kind, "marker")
        if found is None:
            report.diagnostics.append(f"marker {m.kind!r} at {m.location}: no palette slot binds as this marker "
                                      "(a pieces rule with bind_as: marker); not written")
            continue
        pid = ed.add_piece(found.type, found.state, *locator.point(m.location))
        report.markers.append(f"created {m.kind} {pid} at {m.location}")
    for mid, b in base.items():
        if mid not in kept and mid in ed.game.pieces and mid not in ed.deleted:
            ed.delete_piece(mid)
            report.markers.append(f"removed {b.kind} {mid}")


class _UnitMarkers:
    """What the units of the touched stacks want, and which marker pieces they have."""

    def __init__(self, ed: SaveEditor, view: "BaseView", slots: SlotIndex, binding: vassal_pb2.VassalBinding,
                 state: state_pb2.GameState, unit_pieces: dict[str, str], report: "ExportReport") -> None:
        self.ed = ed
        self.view = view
        self.slots = slots
        self.report = report
        self.kind_of: dict[str, str] = {p: k for p, k in view.source.unit_markers.items() if p in ed.game.pieces}
        self.unit_of = {pid: uid for uid, pid in unit_pieces.items()}
        self.units = {u.unit_id: u for u in state.units}
        self.known_kinds = set(self.kind_of.values())
        self.layer_values = {v for r in binding.pieces for lm in r.layer_markers for v in lm.levels.values()}
        self._unwritable: set[str] = set()
        self._base_stack: dict[str, str] | None = None

    def is_kind(self, marker: str) -> bool:
        return marker in self.known_kinds or self.slots.unit_marker_kind(marker)

    def wants(self, uid: str, pid: str) -> set[str]:
        u = self.units.get(uid)
        if u is None:
            return set()
        out: set[str] = set()
        for m in u.markers:
            if self.is_kind(m) and not (m in self.layer_values and self._layer_of(pid, m)):
                out.add(m)
            elif not self.is_kind(m) and m not in self.layer_values and m not in self._unwritable:
                self._unwritable.add(m)
                self.report.diagnostics.append(
                    f"marker {m!r} (unit {uid!r}) has no VASSAL form in the binding (no layer_markers level, no "
                    "palette slot bound as unit_marker); not written")
        return out

    def _layer_of(self, pid: str, marker: str) -> bool:
        if pid not in self.ed.game.pieces:
            return False
        piece = self.ed.piece(pid)
        rule = self.view.rule(pid, piece, self.ed.where(pid)[0])
        return rule is not None and any(marker in lm.levels.values() for lm in rule.layer_markers)

    def base_owners(self, mpid: str) -> set[str]:
        """Units in the marker's stack in the base save."""
        if self._base_stack is None:
            self._base_stack = {m: sid for sid, ids in self.ed.base_ids.items() for m in ids}
        sid = self._base_stack.get(mpid)
        return {self.unit_of[m] for m in self.ed.base_ids.get(sid or "", ()) if m in self.unit_of}


def sync_unit_markers(ed: SaveEditor, view: "BaseView", slots: SlotIndex, binding: vassal_pb2.VassalBinding,
                      state: state_pb2.GameState, unit_pieces: dict[str, str], touched: list[str],
                      report: "ExportReport") -> None:
    um = _UnitMarkers(ed, view, slots, binding, state, unit_pieces, report)
    stacks: list[str] = []
    for uid in touched:
        pid = unit_pieces[uid]
        if pid in ed.deleted:
            continue
        sid = ed.stack_of(pid)
        if sid is None and um.wants(uid, pid):
            sid = ed.ensure_stack(pid)
        if sid is not None:
            stacks.append(sid)
    stacks += sorted(s for s in ed.dirty if s in ed.stacks)
    stacks += list(ed.new_stacks)
    if not stacks:
        return
    unclaimed: dict[str, list[str]] = {}
    needs: list[tuple[str, str, set[str]]] = []
    seen: set[str] = set()
    for sid in stacks:
        if sid in seen:
            continue
        seen.add(sid)
        members = ed.members(sid)
        want: dict[str, set[str]] = {}
        owners = [(m, um.unit_of[m]) for m in members if m in um.unit_of]
        for pid, uid in owners:
            for k in um.wants(uid, pid):
                want.setdefault(k, set()).add(uid)
        have: set[str] = set()
        for m in members:
            mk = um.kind_of.get(m)
            if mk is None:
                continue
            if mk in want:
                have.add(mk)
            else:
                unclaimed.setdefault(mk, []).append(m)
        for k in sorted(want):
            extra = sorted(uid for _pid, uid in owners if uid not in want[k])
            if extra:
                report.diagnostics.append(f"unit marker {k!r} marks every unit of its stack: also {', '.join(extra)}")
        for k in sorted(set(want) - have):
            needs.append((sid, k, want[k]))
    for sid, k, uids in needs:
        st = ed.stack(sid)
        if st.map is None:
            continue
        pos = (st.map, st.x, st.y)
        left = unclaimed.get(k, [])
        cand = next((m for m in left if um.base_owners(m) & uids), None)
        if cand is not None:
            left.remove(cand)
            ed.move_piece(cand, *pos)
            report.markers.append(f"{k} {cand} follows {', '.join(sorted(uids))}")
            continue
        found = slots.for_marker(k, "unit_marker")
        if found is None:
            report.diagnostics.append(f"unit marker {k!r} ({', '.join(sorted(uids))}): no palette slot binds as "
                                      "this unit_marker; not written")
            continue
        pid = ed.add_piece(found.type, found.state, st.map, st.x, st.y)
        um.kind_of[pid] = k
        report.markers.append(f"created {k} {pid} for {', '.join(sorted(uids))}")
    for k, left in unclaimed.items():
        for m in left:
            ed.delete_piece(m)
            report.markers.append(f"removed {k} {m}")
