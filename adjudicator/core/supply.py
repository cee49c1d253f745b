"""Supply tracing: one multi-source pass per side.

Every hex rules family here traces a line of supply of unlimited length from a
unit to a friendly source (map edge, supply hex), blocked by enemy units and by
enemy ZOC unless a friendly unit negates it, over terrain and hexsides a class
of unit could use (Nordwind 7.1: what a mechanized unit may use, rivers yes,
the Rhine only at a ferry; Traces 8.1: no unbridged river). Because the lines are
symmetric, one breadth-first pass *from all sources at once* finds every hex
that can trace, so a whole side is checked in one pass over the map.

:class:`SupplyNet` holds the static part (which hexes and hexsides a line may
use); :func:`trace` adds the dynamic blocking and extra links (a ferry).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from adjudicator.core.hexmap import HexMap


@dataclass
class SupplyNet:
    """Static supply adjacency: per hex, the neighbours a line may step to."""

    hexmap: HexMap
    adj: list[tuple[int, ...]]

    @classmethod
    def build(
        cls,
        hexmap: HexMap,
        passable: Sequence[int] | None = None,
        side_open: Sequence[int] | None = None,
    ) -> "SupplyNet":
        """`passable` per hex and `side_open` per edge (truthy = usable); None = all."""
        nbr = hexmap.nbr
        adj: list[tuple[int, ...]] = []
        for h in range(hexmap.n):
            row = []
            base = h * 6
            for d in range(6):
                t = nbr[base + d]
                if t < 0:
                    continue
                if passable is not None and not passable[t]:
                    continue
                if side_open is not None and not side_open[base + d]:
                    continue
                row.append(t)
            adj.append(tuple(row))
        return cls(hexmap, adj)


def trace(
    net: SupplyNet,
    sources: Iterable[int],
    blocked: Sequence[int] | None = None,
    extra_links: Mapping[int, Iterable[int]] | None = None,
) -> bytearray:
    """Per hex: 1 when a line of supply reaches it from any source.

    `blocked` (per hex, truthy) are hexes a line may not enter or pass, e.g.
    enemy-occupied hexes and enemy ZOC not negated by friendly units; a blocked
    source is no source. `extra_links` adds links by hex (both directions are the
    caller's business), e.g. the two banks of a ferry.
    """
    n = net.hexmap.n
    blk = blocked if blocked is not None else bytes(n)
    seen = bytearray(n)
    frontier = []
    for s in sources:
        if not seen[s] and not blk[s]:
            seen[s] = 1
            frontier.append(s)
    adj = net.adj
    extra = extra_links or {}
    while frontier:
        nxt: list[int] = []
        push = nxt.append
        for h in frontier:
            for t in adj[h]:
                if not seen[t] and not blk[t]:
                    seen[t] = 1
                    push(t)
            if extra and h in extra:
                for t in extra[h]:
                    if not seen[t] and not blk[t]:
                        seen[t] = 1
                        push(t)
        frontier = nxt
    return seen


def supplied_units(reached: Sequence[int], unit_hexes: Mapping[str, int]) -> dict[str, bool]:
    """Per unit id: whether its hex is reached."""
    return {u: bool(reached[h]) for u, h in unit_hexes.items()}
