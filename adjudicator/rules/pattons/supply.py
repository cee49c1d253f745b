"""Supply and isolation (11.0-11.5) with the forced states of 18.3.1 and 18.4.

A supply line runs from the unit at most six hexes to a road hex, then along
contiguous road hexes to a friendly map-edge road hex; no hex of it may be
enemy-occupied, or enemy-controlled unless a friendly unit is in it (6.5,
11.1.B); terrain does not matter (11.1.C). On the kernel that is two fields
per side: the road hexes linked by road to the friendly edge (`supply.trace`
over the road network), then the distance from them through passable hexes
(`HexMap.distance_field`); a unit that reaches no road hex at all is isolated.
Both sides are determined in every Mutual Supply Determination Phase and the
states hold for the whole player-turn (11.0.C-D): they live in markers.
"""

from __future__ import annotations

from adjudicator.core.supply import SupplyNet, trace
from adjudicator.rules.pattons.cite import GERMAN, US, other
from adjudicator.rules.pattons.model import Game

IN, OOS, ISOLATED = "in", "oos", "isolated"


def friendly_edge(g: Game, side: str) -> list[int]:
    """11.2.2: the western edge is the Allies', the eastern the Germans'."""
    return g.hm.edge_hexes("west" if side == US else "east")


def _road_net(g: Game) -> SupplyNet:
    hit = g.hm.derived.get("p3-road-net")
    if isinstance(hit, SupplyNet):
        return hit
    side_open = [1 if g.hm.roads[e] else 0 for e in range(g.hm.n * 6)]
    net = SupplyNet.build(g.hm, side_open=side_open)
    g.hm.derived["p3-road-net"] = net
    return net


def road_hexes(g: Game) -> list[int]:
    hit = g.hm.derived.get("p3-road-hexes")
    if not isinstance(hit, list):
        hit = [h for h in range(g.hm.n) if any(g.hm.roads[h * 6 + d] for d in range(6))]
        g.hm.derived["p3-road-hexes"] = hit
    return hit


def fields(g: Game, side: str, extra: int = -1) -> tuple[list[int], list[int]]:
    """(distance to a road hex linked to the friendly edge, distance to any road
    hex) per hex for `side`'s lines (-1: none). `extra`: a hex treated as
    friendly-occupied (the hypothetical unit of 25.1.1.A)."""
    key = ("supply-fields", side, extra)
    hit = g.memo(key, lambda: _fields(g, side, extra))
    return hit  # type: ignore[no-any-return]


def _fields(g: Game, side: str, extra: int) -> tuple[list[int], list[int]]:
    enemy = other(side)
    occ_enemy, ezoc, mine = g.occupied(enemy), g.zoc(enemy), g.occupied(side)
    passable = [0 if occ_enemy[h] or (ezoc[h] and not mine[h] and h != extra) else 1 for h in range(g.hm.n)]
    blocked = bytes(0 if p else 1 for p in passable)
    roads = [h for h in road_hexes(g) if passable[h]]
    edge = [h for h in friendly_edge(g, side) if h in set(roads)]
    linked = trace(_road_net(g), edge, blocked)
    to_linked = g.hm.distance_field([h for h in roads if linked[h]], passable)
    to_road = g.hm.distance_field(roads, passable)
    return to_linked, to_road


def traced(g: Game, side: str, h: int, extra: int = -1) -> str:
    """11.2-11.4 for a unit of `side` in hex h, before automatic and forced states."""
    to_linked, to_road = fields(g, side, extra)
    limit = 6 if g.opts.supply_length == "entered" else 5  # AMBIG-21
    if 0 <= to_linked[h] <= limit:
        return IN
    if to_road[h] >= 0:
        return OOS
    return ISOLATED


def automatic(g: Game, uid: str, h: int) -> bool:
    """11.5: reinforcements in their first two turns (AMBIG-37), units in or next
    to a friendly map-edge hex, German units in entrenchments (19.B: improved positions too)."""
    side = g.side_of(uid)
    for m in g.markers_with("arrived:", uid):
        t = int(m.split(":", 1)[1])
        turns = (t, t + 1) if g.opts.reinforcement_supply == "entry-and-next" else (t, t + 1, t + 2)
        if g.turn in turns:
            return True
    edge = set(friendly_edge(g, side))
    if h in edge or any(n in edge for n in g.hm.neighbours(h)):
        return True
    return side == GERMAN and g.entrenched(h)


def status(g: Game, uid: str) -> tuple[str, str]:
    """The unit's supply state now and the rule deciding it."""
    h = g.hex_of[uid]
    c = g.c(uid)
    state = traced(g, c.side, h)
    case = {IN: "11.2.1", OOS: "11.3.1", ISOLATED: "11.4.1"}[state]
    forced = ""
    if c.side == US:
        if g.turn == 1 and g.sc.us_corps_oos_turn1 and c.corps == g.sc.us_corps_oos_turn1:
            forced = "18.4.1"
        if g.sc.us_division_oos and c.division == g.sc.us_division_oos:
            forced = "18.4.2"
    auto = automatic(g, uid, h)
    if forced and (not auto or g.opts.forced_supply == "forced"):  # AMBIG-22
        state, case = OOS, forced
    elif auto:
        state, case = IN, "11.5"
    if c.side == US and c.corps in g.ext.support and g.ext.support[c.corps] <= 0:
        state = ISOLATED if state != IN else OOS  # 18.3.1.A: OOS, and isolated if it would be OOS
        case = "18.3.1.A"
    return state, case


def determine(g: Game) -> None:
    """4.2.1.1 / 4.2.2.1: both sides' supply, as markers for the player-turn."""
    counts = {US: [0, 0], GERMAN: [0, 0]}
    for uid in sorted(g.hex_of):
        for m in ("oos", "isolated", "zero-sp"):
            g.unmark(uid, m)
    results = {uid: status(g, uid) for uid in sorted(g.hex_of)}
    for uid, (st, _) in results.items():
        side = g.side_of(uid)
        c = g.c(uid)
        if side == US and c.corps in g.ext.support and g.ext.support[c.corps] <= 0:
            g.mark(uid, "zero-sp")
        if st == OOS:
            g.mark(uid, "oos")
            counts[side][0] += 1
        elif st == ISOLATED:
            g.mark(uid, "isolated")
            counts[side][1] += 1
    g.invalidate()
    for side in (US, GERMAN):
        g.event("SUPPLY_DETERMINED", f"{side}: {counts[side][0]} out of supply, {counts[side][1]} isolated",
                ["11.0.C", "11.3.2", "11.4.1.B"], [u for u, (st, _) in results.items()
                                                    if st != IN and g.side_of(u) == side])
