"""Moving units along roads (MB "Using Movement Points" ¶1-¶3, "Battles" ¶1).

One `MoveUnits` moves a group of units that start in the same town along the
same path of towns. Cost: road cost (solid 1, dashed 2, dotted 3) per unit
per leg, from the turn's pool of movement points. At most 5 units may use a
road segment in a turn. A path may end at an enemy-occupied town: the units
stop outside it on the last road, having paid for the whole leg, and must
fight for it (they become a stack outside the town). Where two roads join the
same towns, the cheapest one with room is used.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass

from adjudicator.core.errors import MalformedInput
from adjudicator.core.verdicts import VerdictBuilder
from adjudicator.rules.major_battles import citations as C
from adjudicator.rules.major_battles import timing
from adjudicator.rules.major_battles.board import Road
from adjudicator.rules.major_battles.campaigns import campaign_of
from adjudicator.rules.major_battles.model import LANDED, ROAD_MARK, Approach, Game, Unit
from umpire.v1 import action_pb2, service_pb2

ROAD_LIMIT = 5  # MB "Using Movement Points" ¶3
STACK_LIMIT = 10  # MB "Positioning of Units" ¶1


@dataclass
class Leg:
    road: Road
    frm: str
    to: str


@dataclass
class Plan:
    units: list[Unit]
    start: str
    legs: list[Leg]
    mp: int
    target: str  # enemy-occupied town the units stop outside of ("" if none)


def turn_checks(g: Game, side: str, b: VerdictBuilder, what: str) -> bool:
    """Common to moves and landings: the side's turn, card turned, no battle yet."""
    if not timing.in_turn(g, side, what, b):
        return False
    if g.segment == "card":
        b.violation("TURN_CARD_FIRST", "turn your movement card first: it gives this turn's movement points", C.DECK)
        return False
    if g.mb.battles_started:
        b.violation("MOVES_OVER", "all moves must be completed before the first battle is started", C.BATTLE_ORDER)
        return False
    return True


def _uses(g: Game, road: Road, units: list[Unit], earlier: int) -> int:
    """Units this leg adds to the road's count (MB "Using Movement Points" ¶3)."""
    if g.opts.road_limit_count == "distinct-units":
        if earlier:
            return 0
        mark = ROAD_MARK + road.id
        return sum(1 for u in units if mark not in u.markers)
    return len(units)


def plan_move(g: Game, move: action_pb2.MoveUnits, side: str, b: VerdictBuilder) -> Plan | None:
    if not turn_checks(g, side, b, "move"):
        return None
    if move.mode not in ("", "road"):
        raise MalformedInput(f"Major Battles moves go along roads; mode {move.mode!r} is unknown "
                             "(Sicily landings use major_battles.land)", "action.move.mode")
    if not move.unit_ids:
        raise MalformedInput("name the units to move", "action.move.unit_ids")
    if len(set(move.unit_ids)) != len(move.unit_ids):
        raise MalformedInput("a unit is listed twice", "action.move.unit_ids")
    units: list[Unit] = []
    for uid in move.unit_ids:
        u = g.units.get(uid)
        if u is None:
            raise MalformedInput(f"unknown unit {uid!r}", "action.move.unit_ids")
        units.append(u)
    start = units[0].loc
    for u in units:
        if u.side != side:
            b.violation("NOT_YOUR_UNIT", f"{u.id} belongs to {u.side}", C.DECK, subject=u.id)
        elif not u.on_map or u.loc not in g.board.towns:
            b.violation("NOT_ON_MAP", f"{u.id} is not in a town on the board", C.POSITIONING, subject=u.id)
        elif u.id in g.outside:
            b.violation("STOPPED_OUTSIDE_TOWN", f"{u.id} stopped outside {g.board.name(g.outside[u.id].target)} and "
                        "must fight for it", C.BATTLE_STOP, subject=u.id)
        elif LANDED in u.markers:
            b.violation("LANDED_THIS_TURN", f"{u.id} landed this turn and cannot move along roads",
                        C.SICILY_LANDED_NO_ROADS, subject=u.id)
        elif u.loc != start:
            b.violation("NOT_ONE_STACK", f"the units of one move start in the same town ({u.id} is in "
                        f"{g.board.name(u.loc)}, {units[0].id} in {g.board.name(start)})", C.MP_POOL, subject=u.id)
    if not b.ok:
        return None
    path = list(move.path)
    if path and path[0] == start:
        path = path[1:]
    if not path:
        raise MalformedInput("give the towns to move through (the path)", "action.move.path")
    enemy = g.other(side)
    legs: list[Leg] = []
    used: dict[str, int] = {}
    prev = start
    n = len(units)
    target = ""
    for i, town in enumerate(path):
        if town not in g.board.towns:
            raise MalformedInput(f"unknown town {town!r}", f"action.move.path[{i}]")
        if target:
            b.violation("MUST_STOP_OUTSIDE", f"units moving toward {g.board.name(target)} (enemy-occupied) stop "
                        "outside it and fight for it", C.BATTLE_STOP, subject=target)
            return None
        roads = g.board.links.get((prev, town))
        if not roads:
            b.violation("NO_ROAD", f"no road joins {g.board.name(prev)} and {g.board.name(town)}", C.ROAD_COST, subject=town)
            return None
        chosen = None
        for road in roads:
            earlier = used.get(road.id, 0)
            if g.mb.road_use.get(road.id, 0) + sum_uses(g, road, units, used) + _uses(g, road, units, earlier) <= ROAD_LIMIT:
                chosen = road
                break
        if chosen is None:
            r = roads[0]
            b.violation("ROAD_SEGMENT_FULL", f"road {r.id} ({g.board.name(prev)} - {g.board.name(town)}) has carried "
                        f"{g.mb.road_use.get(r.id, 0)} unit(s) this turn; at most 5 may use a road segment in a turn",
                        C.ROAD_LIMIT, subject=r.id)
            return None
        used[chosen.id] = used.get(chosen.id, 0) + 1
        legs.append(Leg(chosen, prev, town))
        if g.occupant(town) == enemy:
            target = town
        prev = town
    mp = n * sum(leg.road.cost for leg in legs)
    if mp > g.mb.mp_left:
        b.violation("NOT_ENOUGH_MP", f"moving {n} unit(s) this way costs {mp} movement points; {g.mb.mp_left} left "
                    "this turn", C.ROAD_COST)
        return None
    if target:
        problem = campaign_of(g.campaign).battle_problem(g, units, target)
        if problem:
            b.violation(problem[0], problem[1], problem[2], subject=target)
            return None
    return Plan(units, start, legs, mp, target)


def sum_uses(g: Game, road: Road, units: list[Unit], used: dict[str, int]) -> int:
    """Units already counted on `road` by earlier legs of this same path."""
    times = used.get(road.id, 0)
    if not times:
        return 0
    if g.opts.road_limit_count == "distinct-units":
        mark = ROAD_MARK + road.id
        return sum(1 for u in units if mark not in u.markers)
    return times * len(units)


def validate_move(g: Game, move: action_pb2.MoveUnits, side: str, b: VerdictBuilder) -> None:
    plan = plan_move(g, move, side, b)
    if plan is None:
        return
    n = len(plan.units)
    total = 0
    v = b.verdict
    for leg in plan.legs:
        cost = leg.road.cost * n
        total += cost
        step = v.path.add(location=leg.to, cost=cost, total=total)
        step.notes.add(text=f"{leg.road.kind} road {leg.road.id}: {leg.road.cost} MP per unit x {n}", citation=C.ROAD_COST)
    v.mp_total = plan.mp
    v.mp_remaining = g.mb.mp_left - plan.mp
    if plan.target:
        b.note(f"the units stop outside {g.board.name(plan.target)} on road {plan.legs[-1].road.id} and must fight "
               "for it", C.BATTLE_STOP)
    else:
        after = len(g.town_units(plan.legs[-1].to)) + n
        if after > STACK_LIMIT:
            b.note(f"{g.board.name(plan.legs[-1].to)} would hold {after} units: more than 10 at the end of the turn "
                   "must be removed", C.POSITIONING)


def apply_move(g: Game, action: action_pb2.Action) -> None:
    move = action.move
    side = action.side
    b = VerdictBuilder()
    plan = plan_move(g, move, side, b)
    assert plan is not None
    distinct = g.opts.road_limit_count == "distinct-units"
    used: dict[str, int] = {}
    for leg in plan.legs:
        add = _uses(g, leg.road, plan.units, used.get(leg.road.id, 0))
        used[leg.road.id] = used.get(leg.road.id, 0) + 1
        g.mb.road_use[leg.road.id] = g.mb.road_use.get(leg.road.id, 0) + add
        if distinct:
            mark = ROAD_MARK + leg.road.id
            for u in plan.units:
                if mark not in u.markers:
                    u.markers.append(mark)
    g.mb.road_use = dict(sorted(g.mb.road_use.items()))
    g.mb.mp_spent += plan.mp
    ids = [u.id for u in plan.units]
    last = plan.legs[-1]
    if plan.target:
        for u in plan.units:
            u.loc = last.frm
        for a in g.mb.approaches:
            if a.target == plan.target and a.road == last.road.id and not a.area:
                a.unit_ids.extend(ids)
                break
        else:
            g.mb.approaches.append(Approach(plan.target, last.road.id, last.frm, ids))
        g.touch()
        g.emit("UNITS_ATTACKING", f"{side} moves {len(ids)} unit(s) from {g.board.name(plan.start)} toward "
               f"{g.board.name(plan.target)} ({plan.mp} MP); they stop outside it to fight for it",
               C.ROAD_COST, C.BATTLE_STOP, units=ids, frm=plan.start, to=plan.target)
        return
    g.place(ids, last.to)
    g.emit("UNITS_MOVED", f"{side} moves {len(ids)} unit(s) from {g.board.name(plan.start)} to "
           f"{g.board.name(last.to)} ({plan.mp} MP)", C.ROAD_COST, units=ids, frm=plan.start, to=last.to)


def reach(g: Game, unit_id: str) -> list[service_pb2.ReachableLocation]:
    """Towns one unit can reach with the movement points left (enemy towns
    as the end of a move toward them), cheapest path first."""
    u = g.units.get(unit_id)
    if u is None:
        raise MalformedInput(f"unknown unit {unit_id!r}", "unit_id")
    if g.phase != "turn" or g.active != u.side or g.segment != "move" or g.mb.battles_started \
            or not u.on_map or u.id in g.outside or LANDED in u.markers or u.loc not in g.board.towns:
        return []
    enemy = g.other(u.side)
    budget = g.mb.mp_left
    best: dict[str, tuple[int, list[str]]] = {u.loc: (0, [])}
    heap: list[tuple[int, str]] = [(0, u.loc)]
    while heap:
        cost, town = heapq.heappop(heap)
        if cost > best[town][0] or (town != u.loc and g.occupant(town) == enemy):
            continue
        for road, other in g.board.adj[town]:
            if g.mb.road_use.get(road.id, 0) + 1 > ROAD_LIMIT:
                continue
            c = cost + road.cost
            if c <= budget and (other not in best or c < best[other][0]):
                best[other] = (c, best[town][1] + [other])
                heapq.heappush(heap, (c, other))
    return [
        service_pb2.ReachableLocation(location=t, cost=c, path=p)
        for t, (c, p) in sorted(best.items(), key=lambda kv: (kv[1][0], kv[0]))
        if t != u.loc
    ]
