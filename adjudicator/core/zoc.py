"""Zones of control: which hexes a side's units control, with per-game exceptions.

Games differ in *who* projects a ZOC (Nordwind 4.1: a lone strength-1 unit only
into its own hex; Traces of Victory: every unit, HQs included) and *across what*
it does not reach (Nordwind: the Rhine; Traces: river hexsides). The ruleset
answers "who" per stack and names the blocking hexside features; this module
does the spreading. What a ZOC *does* (stop, exit cost, ZOC-to-ZOC ban, supply
blocking, retreat losses, negation by friendly units) is the business of the
movement, supply and retreat modules and of the ruleset.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable

from adjudicator.core.hexmap import HexMap


def side_mask(hexmap: HexMap, features: Collection[str]) -> bytearray:
    """Per directed edge: 1 where the hexside carries any of `features`."""
    mask = bytearray(hexmap.n * 6)
    if not features:
        return mask
    wanted = frozenset(features)
    for e, feats in enumerate(hexmap.side_features):
        if feats and not feats.isdisjoint(wanted):
            mask[e] = 1
    return mask


def zoc_field(
    hexmap: HexMap,
    sources: Iterable[tuple[int, bool]],
    blocked_sides: bytes | bytearray | None = None,
) -> bytearray:
    """Per hex: how many sources exert a ZOC into it (capped at 255).

    `sources` gives, per controlling stack, its hex and whether it projects into
    the six neighbours (False = its own hex only, e.g. Nordwind 4.1's lone
    strength-1 unit). A source does not project across an edge flagged in
    `blocked_sides` (see :func:`side_mask`).
    """
    field = bytearray(hexmap.n)
    nbr = hexmap.nbr
    for h, projects in sources:
        if field[h] < 255:
            field[h] += 1
        if not projects:
            continue
        base = h * 6
        for d in range(6):
            t = nbr[base + d]
            if t < 0 or (blocked_sides is not None and blocked_sides[base + d]):
                continue
            if field[t] < 255:
                field[t] += 1
    return field


def negated(zoc: bytes | bytearray, friendly: bytes | bytearray) -> bytearray:
    """The ZOC that remains where friendly occupation negates it (Nordwind 4.2:
    for retreats and supply lines, not for movement)."""
    return bytearray(1 if z and not f else 0 for z, f in zip(zoc, friendly))


def occupancy(hexmap: HexMap, hexes: Iterable[int]) -> bytearray:
    """Per hex: 1 where any of `hexes` is (handy for blocked/friendly masks)."""
    mask = bytearray(hexmap.n)
    for h in hexes:
        mask[h] = 1
    return mask


def surrounded(
    hexmap: HexMap,
    h: int,
    covered: bytes | bytearray,
    blocked_sides: bytes | bytearray | None = None,
    off_map_counts: bool = False,
) -> bool:
    """Whether every neighbour of `h` is covered (occupied by or in the ZOC of the
    other side), e.g. Nordwind's concentric attack. Off-map neighbours and sides in
    `blocked_sides` count as covered only when `off_map_counts`."""
    base = h * 6
    for d in range(6):
        t = hexmap.nbr[base + d]
        if t < 0 or (blocked_sides is not None and blocked_sides[base + d]):
            if not off_map_counts:
                return False
            continue
        if not covered[t]:
            return False
    return True
