"""Prototype expansion (research notes §1.9): a `prototype;Name[;k=v,...]` trait
is replaced by the traits of the prototype definition called Name, recursively,
with the definition's BasicPiece dropped; the prototype's traits take their
states from the definition. With parameters, `$k$` in the definition text is
replaced by v first (only the keys given are replaced). A missing prototype
contributes no traits, as in VASSAL.
"""

from __future__ import annotations

from collections.abc import Mapping

from importers.vassal.chains import AddPieceText, join_chain, split_levels
from importers.vassal.pieces import Piece
from importers.vassal.traits import Trait, prototype_ref
from importers.vassal.views import PrototypeView

MAX_DEPTH = 32


def _proto_traits(name: str, params: dict[str, str], protos: Mapping[str, PrototypeView],
                  cache: dict[str, list[tuple[str, str]]], depth: int, seen: tuple[str, ...]) -> list[tuple[str, str]]:
    """(type, state) of every trait a prototype contributes, expanded."""
    key = name if not params else ""
    if key and key in cache:
        return cache[key]
    pv = protos.get(name)
    if pv is None or depth >= MAX_DEPTH or name in seen:
        return []  # VASSAL: an unknown (or recursive) prototype adds nothing
    text = pv.text
    for k, v in params.items():
        text = text.replace(f"${k}$", v)
    ap = AddPieceText.parse(text)
    inner = Piece(None, ap.type, ap.state)
    out: list[tuple[str, str]] = []
    if inner.kind == "piece" and not inner.problems:
        out = _levels(inner.traits, protos, cache, depth + 1, seen + (name,))
    if key:
        cache[key] = out
    return out


def _levels(traits: list[Trait], protos: Mapping[str, PrototypeView], cache: dict[str, list[tuple[str, str]]],
            depth: int, seen: tuple[str, ...]) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    for t in traits:
        if not t.type.startswith("prototype;"):
            out.append((t.type, t.state))
            continue
        name, params = prototype_ref(t)
        out += _proto_traits(name, params, protos, cache, depth, seen)
    return out


def expand_traits(piece: Piece, protos: Mapping[str, PrototypeView],
                  cache: dict[str, list[tuple[str, str]]] | None = None) -> list[Trait]:
    """The piece's traits with every prototype reference replaced by the
    prototype's traits (outermost first)."""
    if not piece.has_trait("prototype;"):
        return piece.traits
    levels = _levels(piece.traits, protos, {} if cache is None else cache, 0, ())
    return [Trait(i, ty, st) for i, (ty, st) in enumerate(levels)]


def expand(piece: Piece, protos: Mapping[str, PrototypeView]) -> Piece:
    """The piece with every prototype reference replaced by the prototype's traits."""
    if piece.kind != "piece" or piece.problems or not piece.has_trait("prototype;"):
        return piece
    traits = expand_traits(piece, protos)
    n = len(piece.traits) + 1
    basic_type = piece.type_chain().values[-1] if len(piece.type_chain().values) >= n else "piece;;;;"
    levels = split_levels(piece.state, n)
    basic_state = levels[-1] if len(levels) == n else ""
    return Piece(piece.id, join_chain([t.type for t in traits] + [basic_type]),
                 join_chain([t.state for t in traits] + [basic_state]))
