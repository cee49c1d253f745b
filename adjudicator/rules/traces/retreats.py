"""Retreat paths (10.4) and advance paths (10.5).

Retreat: R = 1 hex, RR = 2; no MP; a stack may split. A retreating unit
"always retreats in such a way as to get closer to a hex where it would be in
supply" (A-18) and satisfies as many as possible of: (1) the stacking limit is
not exceeded in the last hex (if it is, it retreats one more hex, and so on;
eliminated when it cannot); (2) the fewest enemy-ZOC hexes entered, each
costing a step even with friendly units there (A-19). A River hexside (even
bridged) may be crossed only as the first hex; an unbridged Rhine never; a
unit forced off the map (or off the scenario's map, A-35) or into a
prohibited hex is eliminated. The owner picks among the paths that are best
by these rules.

Advance: into the attacked hex first; mechanized units may go on one more
hex if it is Clear and not across an unbridged river, never after attacking
into Difficult terrain; no MP, enemy ZOCs ignored; stacking in the last hex.
"""

from __future__ import annotations

from dataclasses import dataclass

from adjudicator.core.retreat import OFF_MAP, RetreatPath, RetreatRules, retreat_paths
from adjudicator.rules.traces import supply
from adjudicator.rules.traces.losses import fits
from adjudicator.rules.traces.model import Game

MAX_EXTRA = 4  # hexes a retreat may be lengthened to find room (10.4 "etc.")


@dataclass(frozen=True)
class Option:
    hexes: tuple[int, ...]  # hexes entered; OFF_MAP last when it leaves the map
    ezoc: int

    @property
    def off_map(self) -> bool:
        return bool(self.hexes) and self.hexes[-1] == OFF_MAP


def _line_distance(g: Game, belligerent: str, blocked: bytearray, sources: list[int]) -> list[int]:
    """Steps of a supply line from each hex to a friendly source (-1: none)."""
    dist = [-1] * g.hm.n
    frontier = [s for s in sources if not blocked[s]]
    for s in frontier:
        dist[s] = 0
    adj = g.board.supply_net.adj
    k = 0
    while frontier:
        k += 1
        nxt = []
        for h in frontier:
            for t in adj[h]:
                if dist[t] < 0 and not blocked[t]:
                    dist[t] = k
                    nxt.append(t)
        frontier = nxt
    return dist


class SupplyGoal:
    """A-18: whether a retreat's last hex is 'closer to supply', judged as it will
    be once the unit has retreated (10.4): where it started no longer has its
    presence to negate the enemy ZOC, where it ends does, and hexes it entered
    may have changed control (6.1). Where it starts is judged as it stands."""

    def __init__(self, g: Game, uid: str) -> None:
        self.g = g
        self.uid = uid
        self.mode = g.opts.retreat_supply
        b = g.belligerent(uid)
        if self.mode == "nearer-source":
            self.start_line = _line_distance(g, b, supply.blocked(g, b), supply.sources(g, b))
        else:
            self.start_reached = supply.reach(g, b)
        self._after: dict[tuple[int, tuple[int, ...]], bool] = {}
        self._start_distance: int | None = None

    def ok(self, start: int, hexes: tuple[int, ...]) -> bool:
        end = hexes[-1]
        key = (end, tuple(supply.taken_on_the_way(self.g, self.uid, list(hexes))))
        hit = self._after.get(key)
        if hit is None:
            hit = self._judge(start, list(hexes))
            self._after[key] = hit
        return hit

    def _judge(self, start: int, hexes: list[int]) -> bool:
        g, uid, end = self.g, self.uid, hexes[-1]
        b = g.belligerent(uid)
        if self.mode == "nearer-source":
            taken = supply.taken_on_the_way(g, uid, hexes)
            line = _line_distance(g, b, supply.blocked(g, b, [end], leaving=uid, taken=taken), supply.sources(g, b))
            return line[end] >= 0 and (self.start_line[start] < 0 or line[end] < self.start_line[start])
        reached = supply.reach_after(g, uid, hexes)
        if reached[end]:
            return True
        if self.start_reached[start]:
            return False
        to_supply = g.hm.distance_field([h for h in range(g.hm.n) if reached[h]])
        if self._start_distance is None:
            self._start_distance = g.hm.distance_field([h for h in range(g.hm.n) if self.start_reached[h]])[start]
        return 0 <= to_supply[end] < self._start_distance


def _paths(g: Game, uid: str, start: int, length: int) -> list[RetreatPath]:
    b = g.belligerent(uid)
    enemy = g.occupied("german" if b == "allied" else "allied")
    river = g.board.river
    rhine = g.board.rhine
    bridged = g.board.bridged

    def side_ok(depth: int, e: int) -> bool:
        if rhine[e] and not bridged[e]:
            return False  # 10.4: eliminated rather than across an unbridged Rhine
        return not river[e] or depth == 0

    edge = bytearray(1 if any(t < 0 for t in g.hm.nbr[h * 6:h * 6 + 6]) else 0 for h in range(g.hm.n))
    rules = RetreatRules(enterable=bytearray(0 if enemy[h] else 1 for h in range(g.hm.n)),
                         zoc=supply.ezoc(g, b), off_map_from=edge, side_open_at=side_ok)
    out: dict[tuple[int, ...], RetreatPath] = {}
    for p in retreat_paths(g.hm, start, length, rules):
        hexes = list(p.hexes)
        for i, h in enumerate(hexes):  # beyond the scenario's limit is off the map
            if h != OFF_MAP and not g.in_play[h]:
                hexes = hexes[:i] + [OFF_MAP]
                break
        key = tuple(hexes)
        ezoc = sum(1 for h in key if h != OFF_MAP and rules.zoc is not None and rules.zoc[h])
        out.setdefault(key, RetreatPath(key, ezoc))
    return list(out.values())


def retreat_options(g: Game, uid: str, length: int) -> list[Option]:
    """The paths `uid` may take (best by 10.4); [] = eliminated (no path at all).
    Off-map options appear only when no path stays on the map."""
    start = g.hex_of(uid)
    goal = SupplyGoal(g, uid)
    off: list[RetreatPath] = []
    for extra in range(MAX_EXTRA + 1):
        paths = _paths(g, uid, start, length + extra)
        off.extend(p for p in paths if p.off_map)
        ok = [p for p in paths if not p.off_map and fits(g, p.end, [uid], [uid])]
        if ok:
            key = [(0 if goal.ok(start, p.hexes) else 1, p.ezoc) for p in ok]
            top = min(key)
            return [Option(p.hexes, p.ezoc) for p, k in zip(ok, key) if k == top]
        if not paths or all(p.off_map for p in paths):
            break
    if off:
        least = min(len(p.hexes) for p in off)
        return [Option(p.hexes, p.ezoc) for p in off if len(p.hexes) == least]
    return []


def advance_options(g: Game, uid: str, target: int, mech: bool, difficult: bool) -> list[tuple[int, ...]]:
    """10.5: [target] and, for mechanized units, [target, second hex]."""
    if mech and difficult:
        return []  # 10.5 note: "not allowed to advance after combat"
    out: list[tuple[int, ...]] = [(target,)]
    if not mech:
        return out
    b = g.belligerent(uid)
    for d in range(6):
        e = target * 6 + d
        t = g.hm.nbr[e]
        if t < 0 or not g.in_play[t] or g.hm.terrain[t] != "clear":
            continue
        if g.board.unbridged_river(e) or g.enemy_at(t, b):
            continue
        out.append((target, t))
    return out
