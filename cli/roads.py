"""Which places connect, for `umpire show` on a point-to-point board.

Why: on a point-to-point map a move is a chain of towns joined by roads, and
a player writing a move needs the town ids and which roads join them; the
state file holds them, but not readably. Hex maps are not listed (adjacency
is the grid's; `umpire reach` answers where a unit can go).
"""

from __future__ import annotations

from collections import defaultdict
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rich.console import Console

    from umpire.v1 import map_pb2, state_pb2


def connections(gm: map_pb2.GameMap) -> dict[str, list[tuple[str, str, str]]]:
    """Town id -> [(other town id, road kind, road id)], in the board's town
    order, each road listed at both ends."""
    out: dict[str, list[tuple[str, str, str]]] = defaultdict(list)
    for r in gm.graph.roads:
        out[r.a].append((r.b, r.kind, r.id))
        out[r.b].append((r.a, r.kind, r.id))
    return out


def render_roads(console: Console, s: state_pb2.GameState) -> None:
    gm = s.scenario.definition.map
    if gm.WhichOneof("layout") != "graph":
        return
    names = {t.id: t.name for t in gm.graph.towns}
    conn = connections(gm)
    console.print(f"roads ({len(gm.graph.roads)}; town: connected towns (road kind)):", highlight=False, markup=False)
    for t in gm.graph.towns:
        links = ", ".join(f"{b} ({kind or 'road'})" for b, kind, _ in conn.get(t.id, []))
        label = f"{t.id}" + (f" [{names[t.id]}]" if names.get(t.id) and names[t.id] != t.id else "")
        console.print(f"  {label}: {links or '(no road)'}", highlight=False, markup=False)
    for a in gm.graph.areas:
        console.print(f"  area {a.id} ({a.kind}) -> {a.town}" + (f", capacity {a.capacity}" if a.capacity else ""),
                      highlight=False, markup=False)
