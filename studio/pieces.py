"""Pieces as the studio shows them: the palette with each piece's own images,
the binding auto-matched by name, and counter values per palette piece.

A piece's picture is what VASSAL draws for it: the BasicPiece image, then every
active layer (Embellishment) from the innermost trait outwards, each layer's
current level image on top. Prototypes are expanded first (palette pieces
still reference them).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from importers.vassal.binding import Binder
from importers.vassal.chains import AddPieceText
from importers.vassal.completion import palette_rows
from importers.vassal.module import Module
from importers.vassal.pieces import Piece
from importers.vassal.prototypes import expand_traits
from importers.vassal.traits import LayerView
from umpire.v1 import definition_pb2, vassal_pb2


def piece_images(piece: Piece, module: Module | None) -> list[str]:
    """Image names VASSAL draws for the piece, bottom first."""
    if piece.kind != "piece" or piece.problems:
        return []
    traits = expand_traits(piece, module.views.prototypes) if module is not None else piece.traits
    out = [piece.basic.image] if piece.basic.image else []
    for t in reversed(traits):  # traits are outermost first; draw from the inside out
        if t.prefix != "emb2;":
            continue
        lay = LayerView.read(t)
        if not (lay.active or lay.always_active):
            continue
        i = lay.level - 1
        if 0 <= i < len(lay.images) and lay.images[i]:
            out.append(lay.images[i])
    return out


@dataclass
class PaletteEntry:
    index: int
    gpid: str
    name: str
    path: str
    images: list[str]
    side: str
    row: str  # counters row: the unit id of this piece when it is alone
    bound_as: str
    props: dict[str, str] = field(default_factory=dict)


def palette(module: Module, binding: vassal_pb2.VassalBinding) -> list[PaletteEntry]:
    rows = palette_rows(module)
    binder = Binder(binding, module)
    out = []
    for i, slot in enumerate(module.views.slots):
        ap = AddPieceText.parse(slot.text)
        piece = Piece(None, ap.type, ap.state)
        if piece.kind != "piece" or piece.problems:
            continue
        props = binder.properties(piece)
        b = binder.bind(piece, None)
        side = b.side or binder._side_from_props(props)
        out.append(PaletteEntry(i, slot.gpid, piece.name, slot.path, piece_images(piece, module), side,
                                rows.get(slot.gpid, piece.name), b.kind,
                                {k: v for k, v in props.items() if not k.endswith(("_Level", "_Active", "_Name"))}))
    return out


def _norm(name: str) -> str:
    return re.sub(r"[^a-z0-9]", "", name.casefold())


def auto_match(entries: list[PaletteEntry], units: list[definition_pb2.Unit]) -> dict[str, tuple[str, str]]:
    """gpid -> (unit id, how) where a palette piece's name agrees with a unit's
    id or name (case, spaces and punctuation ignored) and no other unit's does."""
    by_key: dict[str, list[str]] = {}
    for u in units:
        for key in {_norm(u.id), _norm(u.name)} - {""}:
            by_key.setdefault(key, []).append(u.id)
    out: dict[str, tuple[str, str]] = {}
    for e in entries:
        cands = sorted(set(by_key.get(_norm(e.name), [])))
        if len(cands) == 1:
            out[e.gpid] = (cands[0], "name")
    return out


def binding_rules(choices: dict[str, dict[str, str]]) -> list[vassal_pb2.VassalPieceRule]:
    """Piece rules for the binding file from the user's choices (gpid ->
    {unit, side, bind_as}): one rule per palette piece, matched by its gpid."""
    rules = []
    for gpid, c in choices.items():
        kind = c.get("bind_as", "unit") or "unit"
        r = vassal_pb2.VassalPieceRule(gpid=gpid, bind_as="" if kind == "unit" else kind)
        if kind == "unit":
            if not c.get("unit"):
                continue
            r.unit = c["unit"]
            if c.get("side"):
                r.side = c["side"]
        elif kind in ("marker", "unit_marker"):
            r.marker = c.get("marker", "")
        rules.append(r)
    return rules
