"""Palette slots for the pieces an export creates: a unit's piece, a map
marker, a status marker of units.

A unit's piece comes from the slot its definition names (the unit's
`vassal.gpid` property), else from the first slot whose piece binds to the
unit; a marker's from the first slot whose piece binds as that kind of marker
(`bind_as: marker` or `unit_marker` with that `marker`). Every slot is bound
at most once per export: a monster module has thousands of slots, and a save
written without a base thousands of units.

The piece is returned with its prototypes expanded, as VASSAL's PieceCloner
makes a piece dragged out of the palette (so layers and properties that come
from prototypes are on the piece itself, where exports set them).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import NamedTuple

from importers.vassal.binding import Binder
from importers.vassal.chains import AddPieceText
from importers.vassal.module import Module
from importers.vassal.pieces import Piece
from importers.vassal.prototypes import expand
from importers.vassal.views import SlotView
from umpire.v1 import definition_pb2, vassal_pb2


class Found(NamedTuple):
    """A palette piece ready to be added: type and state (prototypes
    expanded), and the binding rule that matched the slot's piece."""

    type: str
    state: str
    rule: vassal_pb2.VassalPieceRule | None



class SlotIndex:
    def __init__(self, module: Module, binding: vassal_pb2.VassalBinding,
                 definition: definition_pb2.GameDefinition | None) -> None:
        self.module = module
        self.binding = binding
        self.units = {u.id: u for u in definition.units} if definition is not None else {}
        self._by_unit: dict[str, Found] | None = None
        self._by_name: dict[str, list[tuple[AddPieceText, Piece]]] | None = None
        self._markers: dict[tuple[str, str], Found] | None = None
        self._parsed: list[tuple[SlotView, AddPieceText, Piece]] | None = None

    def _slots(self) -> Iterator[tuple[SlotView, AddPieceText, Piece]]:
        if self._parsed is None:
            out = []
            for slot in self.module.views.slots:
                ap = AddPieceText.parse(slot.text)
                piece = Piece(None, ap.type, ap.state)
                if piece.kind == "piece" and not piece.problems:
                    piece.levels()
                    if not piece.problems:
                        out.append((slot, ap, piece))
            self._parsed = out
        return iter(self._parsed)

    def _found(self, piece: Piece, rule: vassal_pb2.VassalPieceRule | None) -> Found:
        full = expand(piece, self.module.views.prototypes)
        return Found(full.type, full.state, rule)

    def _name(self, unit_id: str) -> str:
        u = self.units.get(unit_id)
        return u.name if u is not None else ""

    def for_unit(self, unit_id: str) -> Found | None:
        """The slot a unit's piece is made from, and the rule binding it."""
        unit = self.units.get(unit_id)
        gpid = unit.props.get("vassal.gpid", "") if unit is not None else ""
        if gpid:
            slot = self.module.views.slot_by_gpid(gpid)
            if slot is not None:
                ap = AddPieceText.parse(slot.text)
                piece = Piece(None, ap.type, ap.state)
                if piece.kind == "piece" and not piece.problems:
                    b = Binder(self.binding, self.module, {unit_id: self._name(unit_id)}, None).bind(piece, None)
                    return self._found(piece, b.rule)
        if self._by_unit is None:
            known = {u: self._name(u) for u in self.units}
            binder = Binder(self.binding, self.module, known or None, None)
            index: dict[str, Found] = {}
            by_name: dict[str, list[tuple[AddPieceText, Piece]]] = {}
            for _slot, ap, piece in self._slots():
                b = binder.bind(piece, None)
                if b.kind == "unit" and b.unit_id and b.unit_id not in index:
                    index[b.unit_id] = self._found(piece, b.rule)
                by_name.setdefault(piece.name, []).append((ap, piece))
            self._by_unit, self._by_name = index, by_name
        found = self._by_unit.get(unit_id)
        if found is not None:
            return found
        # A piece bound by its name binds only while the name is unambiguous:
        # try the slots named like this unit with the unit alone known.
        assert self._by_name is not None
        binder = Binder(self.binding, self.module, {unit_id: self._name(unit_id)}, None)
        for name in (unit_id, self._name(unit_id)):
            for ap, piece in self._by_name.get(name, []):
                b = binder.bind(piece, None)
                if b.kind == "unit" and b.unit_id == unit_id:
                    return self._found(piece, b.rule)
        return None

    def for_marker(self, kind: str, bind_as: str) -> Found | None:
        """The slot of a marker of this kind (`bind_as`: "marker" or "unit_marker")."""
        if self._markers is None:
            binder = Binder(self.binding, self.module, None, None)
            index: dict[tuple[str, str], Found] = {}
            for _slot, ap, piece in self._slots():
                if not any(r.bind_as in ("marker", "unit_marker") for r in self.binding.pieces):
                    break
                b = binder.bind(piece, None)
                if b.kind in ("marker", "unit_marker") and (b.kind, b.marker) not in index:
                    index[(b.kind, b.marker)] = self._found(piece, b.rule)
            self._markers = index
        return self._markers.get((bind_as, kind))

    def unit_marker_kind(self, kind: str) -> bool:
        return self.for_marker(kind, "unit_marker") is not None
