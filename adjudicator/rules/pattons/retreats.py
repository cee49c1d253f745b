"""Retreat and advance paths (9.9) on the kernel's `retreat_paths`,
`advance_paths` and priorities.

Retreats: the stack moves as a whole, never into enemy units or twice into
one hex (9.9.1.E), through EZOCs at one step per enemy-controlled hex entered
whatever friendly units stand there (9.9.2, 6.4), tank and mechanized infantry
never across a river hexside without a road (9.9.6.A), off the map only to be
eliminated (9.9.6.B); the owner follows the priorities of 9.9.1.D (farthest
from any enemy unit, then not enemy-controlled), hex by hex (AMBIG-16); in a
breakthrough the attacker chooses among all legal paths (9.9.7.B-1).
Advances: 9.9.5 and 9.9.7.B-4.
"""

from __future__ import annotations

from collections.abc import Sequence

from adjudicator.core.retreat import OFF_MAP, Priority, RetreatPath, RetreatRules, advance_paths, best, retreat_paths
from adjudicator.rules.pattons import terrain
from adjudicator.rules.pattons.cite import other
from adjudicator.rules.pattons.counters import ADVANCE_FREE, river_bound
from adjudicator.rules.pattons.model import Game

MAX_OPTIONS = 200
BIG = 1 << 20


def _side_open(g: Game, units: Sequence[str]) -> list[int] | None:
    if not any(river_bound(g.c(u), g.opts) for u in units):
        return None
    return [0 if (terrain.river_side(g, e) and not g.hm.roads[e]) else 1 for e in range(g.hm.n * 6)]


def paths(g: Game, start: int, length: int, side: str, units: Sequence[str], breakthrough: bool) -> list[RetreatPath]:
    """The retreat paths the chooser may pick, best first (at most MAX_OPTIONS)."""
    enemy = other(side)
    occ = g.occupied(enemy)
    edge = bytearray(g.hm.n)
    for h in range(g.hm.n):
        if any(t < 0 for t in g.hm.nbr[h * 6: h * 6 + 6]):
            edge[h] = 1
    rules = RetreatRules(enterable=bytes(0 if occ[h] else 1 for h in range(g.hm.n)), side_open=_side_open(g, units),
                         zoc=g.zoc(enemy), negates=None, off_map_from=bytes(edge))
    found = retreat_paths(g.hm, start, length, rules)
    if breakthrough:
        found.sort(key=lambda p: (p.off_map, p.ezoc, [g.label(h) if h >= 0 else "~" for h in p.hexes]))
        return found[:MAX_OPTIONS]
    ranked = best(found, priorities(g, side, length))
    ranked.sort(key=lambda p: [g.label(h) if h >= 0 else "~" for h in p.hexes])
    return ranked[:MAX_OPTIONS]


def priorities(g: Game, side: str, length: int) -> list[Priority]:
    """9.9.1.D as lexicographic keys: per hex entered (AMBIG-16 'per-hex') or for the last hex only."""
    dist = g.distance_to(other(side))
    zoc = g.zoc(other(side))

    def far(i: int) -> Priority:
        def key(p: RetreatPath) -> int:
            h = _at(p, i)
            if h == OFF_MAP:
                return BIG  # leaving the map eliminates the stack: the last resort
            return -dist[h] if dist[h] >= 0 else -BIG

        return key

    def free(i: int) -> Priority:
        def key(p: RetreatPath) -> int:
            h = _at(p, i)
            return 0 if h == OFF_MAP or not zoc[h] else 1

        return key

    if g.opts.retreat_priorities == "final-hex":
        return [far(-1), free(-1)]
    out: list[Priority] = []
    for i in range(length):
        out += [far(i), free(i)]
    return out


def _at(p: RetreatPath, i: int) -> int:
    """The i-th hex entered (-1: the last; a path that left the map early ends off it)."""
    if not p.hexes:
        return OFF_MAP
    return p.hexes[i] if -len(p.hexes) <= i < len(p.hexes) else p.hexes[-1]


def advance_options(g: Game, uid: str, vacated: int, routes: Sequence[Sequence[int]], length: int, *,
                    bold: bool, free: bool) -> set[tuple[int, ...]]:
    """9.9.5, 9.9.6.A, 9.9.7.B-4, 9.9.4.C: the advance paths of one unit."""
    side = g.side_of(uid)
    c = g.c(uid)
    occ = g.occupied(other(side))
    enterable = bytes(0 if occ[h] else 1 for h in range(g.hm.n))
    side_open = _side_open(g, [uid])
    deviate = free or c.type in ADVANCE_FREE
    out = advance_paths(g.hm, vacated, routes, length, free_after_first=deviate, enterable=enterable,
                        side_open=side_open)
    if bold and not deviate and length >= 2:  # 9.9.7.B-4: may leave the path in the last hex
        for p in list(out):
            if len(p) == length - 1:
                for t in g.hm.neighbours(p[-1]):
                    if t not in p and enterable[t]:
                        d = g.hm.direction(p[-1], t)
                        if side_open is None or side_open[p[-1] * 6 + (d or 0)]:
                            out.add(p + (t,))
    zoc = g.enemy_zoc(side)
    ok: set[tuple[int, ...]] = set()
    for p in out:
        if not all(enterable[h] for h in p):
            continue
        if any(zoc[h] for h in p[1:-1]):
            continue  # 9.9.5: halt on entering an EZOC (not counting the first hex)
        ok.add(p)
    return ok
