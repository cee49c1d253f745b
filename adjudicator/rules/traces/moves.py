"""Movement (9.0-9.2), HQ relocation instead of moving (2.3), entry moves of
arrivals and reinforcements (11.1, 11.2), and the reachable-hexes query.

9.0: activated units move one at a time, each finishing before the next
starts; none may end over the stacking limit or move off the map. 9.2: +2 MP
to enter an enemy ZOC hex, +2 to leave one (cumulative; friendly units do not
negate it); a River hexside may not be crossed, even bridged, when the hexes
on both sides are in enemy ZOC. 7.2: interdiction costs German units +1 MP to
enter and +1 to leave each hex within one hex of a marker, per marker, except
on river crossings.
"""

from __future__ import annotations

from adjudicator.core.errors import MalformedInput, NeedsData
from adjudicator.core.movement import (
    CostPart, MoveContext, PathCheck, Step, StepError, reach as kernel_reach, validate_path,
)
from adjudicator.core.verdicts import VerdictBuilder
from adjudicator.rules.traces import relocation, supply
from adjudicator.rules.traces.cite import TV
from adjudicator.rules.traces.costs import SCALE, ZOC_COST, Costs, costs_for
from adjudicator.rules.traces.data import TEC
from adjudicator.rules.traces.losses import fits
from adjudicator.rules.traces.model import DRIVEN_OUT, Game
from umpire.v1 import action_pb2, common_pb2, service_pb2

MODES = ("", "relocate", "rail", "double")
CODES = {
    "ENEMY_OCCUPIED": ("5.0", "Allied and German units can never share the same hex"),
    "IMPASSABLE_HEXSIDE": ("9.1", "an unbridged River hexside cannot be crossed"),
    "IMPASSABLE_TERRAIN": ("9.0", "the hex may not be entered"),
    "OVER_ALLOWANCE": ("9.1", "a unit cannot enter a hex if it has insufficient MPs"),
    "NOT_ADJACENT": ("9.0", "a path goes from hex to adjacent hex"),
    "OFF_MAP": ("9.0", "a unit may not move off-map"),
    "ZOC_TO_ZOC": ("9.2", "no River crossing between two hexes in enemy ZOC, even bridged"),
    "CANNOT_END_HERE": ("9.0", "a unit cannot finish its movement where the stacking limit is exceeded"),
}


def interdiction(g: Game) -> dict[int, int]:
    """7.2: per hex, the number of interdiction markers on it or next to it."""
    out: dict[int, int] = {}
    for label in g.tv.interdiction:
        m = g.hm.hex_id(label)
        for h in [m, *g.hm.neighbours(m)]:
            out[h] = out.get(h, 0) + 1
    return out


def unit_costs(g: Game, uid: str, supplied: list[common_pb2.SuppliedCell] | None = None) -> Costs:
    return costs_for(g.board, g.table(TEC), mech=g.is_mech(uid), mud=g.mud(),
                     rail_as_road=g.opts.rail_road_rate == "on", supplied=supplied or [])


def restricted(g: Game, uid: str) -> bool:
    """12.1: units of the listed divisions may not move prior to Turn 4."""
    return g.division(uid) in g.ext.restricted_divisions and g.turn < (g.ext.restricted_until or 4)


def garrison_bound(g: Game, uid: str) -> bool:
    """12.7: Metz garrison units may not leave Metz unless a combat result drove them out."""
    return g.has_tag(uid, "metz-garrison") and not g.has_marker(uid, DRIVEN_OUT)


def context(g: Game, uid: str, mode: str = "") -> MoveContext:
    b = g.belligerent(uid)
    enemy = g.occupied("german" if b == "allied" else "allied")
    zoc = supply.ezoc(g, b)
    blocked = bytearray(g.hm.n)
    bound = garrison_bound(g, uid)
    no_ezoc = mode in ("rail", "double") or (
        g.opts.entry_ezoc == "all-entry-moves" and g.tv.entry_turn.get(uid, -1) == g.turn
        and b == "german")
    for h in range(g.hm.n):
        if enemy[h] or not g.in_play[h] or (bound and not g.board.metz[h]) or (no_ezoc and zoc[h]):
            blocked[h] = 1
    end_ok = bytearray(b"\x01" * g.hm.n)
    for h, ids in g.at.items():
        if ids and not fits(g, h, [uid], [uid]):
            end_ok[h] = 0
    rivers = frozenset(e for e, r in enumerate(g.board.river) if r)
    extra: dict[int, int] = {}
    if b == "german":
        extra = {h: n * SCALE for h, n in interdiction(g).items()}
    return MoveContext(
        blocked=blocked, zoc=zoc, zoc_enter=ZOC_COST, zoc_exit=ZOC_COST, zoc_stop=False, zoc_to_zoc=True,
        zoc_to_zoc_banned_edges=rivers, enter_extra=extra, exit_extra=extra, extra_exempt_edges=rivers,
        end_ok=end_ok)


def budget(g: Game, uid: str, mode: str) -> int:
    ma = g.movement(uid)
    return ma * SCALE * (2 if mode == "double" else 1)


def _hexes(g: Game, labels: list[str], where: str) -> list[int]:
    return [g.hm.hex_id(x, f"{where}[{i}]") for i, x in enumerate(labels)]


def entry_hexes(g: Game, uid: str) -> list[int]:
    for a in g.ext.arrivals:
        if uid in a.unit_ids:
            return [g.hm.hex_id(x, "scenario.traces.arrivals.entry") for x in a.entry]
    return []


def check_path(g: Game, uid: str, labels: list[str], mode: str,
               supplied: list[common_pb2.SuppliedCell]) -> tuple[PathCheck, int, Costs]:
    """The path checked by the kernel, with the unit's start; raises NeedsData
    when a step enters terrain whose TEC cost the text lacks."""
    costs = unit_costs(g, uid, supplied)
    ctx = context(g, uid, mode)
    start = g.hex_of(uid)
    path = _hexes(g, labels, "move.path")
    limit = budget(g, uid, mode)
    if start < 0:  # an arrival entering the map (11.1): pays the entry hex's cost
        if not path:
            raise MalformedInput("an arriving unit's path starts with its entry hex", "move.path")
        entry = path[0]
        if costs.table.enter[entry] < 0:
            _need(costs, g, entry)
        parts = [CostPart("terrain", costs.table.enter[entry], g.hm.terrain[entry])]
        if ctx.zoc is not None and ctx.zoc[entry]:
            parts.append(CostPart("zoc-enter", ZOC_COST))
        if ctx.enter_extra.get(entry):
            parts.append(CostPart("extra-enter", ctx.enter_extra[entry]))
        first = sum(p.units for p in parts)
        if ctx.blocked is not None and ctx.blocked[entry]:
            return PathCheck([], 0, StepError(0, "ENEMY_OCCUPIED", f"{g.label(entry)} cannot be entered", entry)), \
                entry, costs
        if len(path) == 1 and ctx.end_ok is not None and not ctx.end_ok[entry]:
            return PathCheck([], 0, StepError(0, "CANNOT_END_HERE", f"the move may not end in {g.label(entry)}",
                                              entry)), entry, costs
        if first > limit:
            return PathCheck([], 0, StepError(0, "OVER_ALLOWANCE", f"entering {g.label(entry)} costs "
                                              f"{first / SCALE:g}, only {limit / SCALE:g} MP", entry)), entry, costs
        check = validate_path(costs.table, ctx, entry, path[1:], limit - first)
        check.total += first
        for s in check.steps:
            s.total += first
        check.steps.insert(0, Step(entry, first, first, parts))
        return check, entry, costs
    if path and path[0] == start:
        path = path[1:]
    check = validate_path(costs.table, ctx, start, path, limit)
    if check.error is not None and check.error.code in ("IMPASSABLE_TERRAIN",) and check.error.hex >= 0:
        _need(costs, g, check.error.hex)
    return check, start, costs


def _need(costs: Costs, g: Game, h: int) -> None:
    cell = costs.unknown.get(g.hm.terrain[h])
    if cell is not None:
        raise NeedsData([cell])


def validate_move(g: Game, action: action_pb2.Action, b: VerdictBuilder) -> None:
    from adjudicator.rules.traces.activation import check_acting

    mv = action.move
    if mv.mode not in MODES:
        raise MalformedInput(f"unknown movement mode {mv.mode!r} (modes: normal '', relocate, rail, double)",
                             "move.mode")
    act = check_acting(g, action.side, b, "movement")
    if act is None:
        return
    if not mv.unit_ids:
        raise MalformedInput("name the unit(s) to move", "move.unit_ids")
    if len(set(mv.unit_ids)) != len(mv.unit_ids):
        raise MalformedInput("a unit is named twice", "move.unit_ids")
    for uid in mv.unit_ids:
        if uid not in g.defs:
            raise MalformedInput(f"unknown unit {uid!r}", "move.unit_ids")
    if len(mv.unit_ids) > 1:  # 9.0: one at a time; several ids move one after another along the same path
        sim = Game.copy_of(g.state)
        for uid in mv.unit_ids:
            one = action_pb2.Action(side=action.side, move=action_pb2.MoveUnits(unit_ids=[uid], path=mv.path,
                                                                               mode=mv.mode))
            one.supplied_cells.extend(action.supplied_cells)
            validate_move(sim, one, b)
            if not b.ok:
                return
            apply_move(sim, one)
        return
    uid = mv.unit_ids[0]
    if not g.controls_unit(action.side, uid):
        b.violation("NOT_YOUR_UNIT", f"{g.name(uid)} is not yours", TV.cite("9.0"), uid)
        return
    if uid not in act.activated:
        b.violation("NOT_ACTIVATED", f"{g.name(uid)} is not activated in this activation", TV.cite("9.0"), uid)
        return
    if uid in act.moved:
        b.violation("ALREADY_MOVED", f"{g.name(uid)} has completed its move in this activation", TV.cite("9.0"), uid)
        return
    if restricted(g, uid):
        b.violation("RESTRICTED", f"{g.name(uid)} ({g.division(uid)}) may not move prior to Turn "
                    f"{g.ext.restricted_until or 4}", TV.cite("12.1"), uid)
        return
    if not g.on_map(uid) and uid not in act.entering:
        b.violation("NOT_ON_MAP", f"{g.name(uid)} is not on the map", TV.cite("9.0"), uid)
        return
    if mv.mode == "relocate":
        _validate_relocate(g, uid, mv, b)
        return
    if mv.mode in ("rail", "double"):
        if g.tv.entry_turn.get(uid, -1) != g.turn or g.belligerent(uid) != "german" or not g.on_map(uid):
            b.violation("NOT_ENTERING", f"only German reinforcements on the turn they appear may move by rail or "
                        f"with double movement ({g.name(uid)})", TV.cite("11.2"), uid)
            return
    if mv.mode == "rail":
        _validate_rail(g, uid, list(mv.path), b)
        return
    if not g.on_map(uid):
        entries = entry_hexes(g, uid)
        if not entries:
            b.violation("NOT_PLACED", f"place {g.name(uid)} on a supply source hex first (PlaceUnits)",
                        TV.cite("11.2" if g.belligerent(uid) == "german" else "11.3"), uid)
            return
        if not mv.path or g.hm.hex_id(mv.path[0], "move.path[0]") not in entries:
            b.violation("WRONG_ENTRY", f"{g.name(uid)} enters at {', '.join(g.label(h) for h in entries)}",
                        TV.cite("11.1"), uid)
            return
    check, start, costs = check_path(g, uid, list(mv.path), mv.mode, list(action.supplied_cells))
    for s in check.steps:
        b.verdict.path.add(location=g.label(s.hex), cost=s.cost / SCALE, total=s.total / SCALE,
                           notes=[common_pb2.RuleNote(text=_part(p.kind, p.units, p.detail), citation=_part_cite(p.kind))
                                  for p in s.parts])
    b.verdict.mp_total = check.total / SCALE
    b.verdict.mp_remaining = (budget(g, uid, mv.mode) - check.total) / SCALE
    if check.error is not None:
        case, why = CODES.get(check.error.code, ("9.0", ""))
        msg = check.error.message + (f" ({why})" if why else "")
        t = check.error.hex
        if check.error.code == "ENEMY_OCCUPIED" and t >= 0 and not g.enemy_at(t, g.belligerent(uid)):
            if not g.in_play[t]:
                b.violation("OFF_SCENARIO_MAP", f"{g.label(t)} is outside the scenario's map", _limit_cite(g), uid)
            elif garrison_bound(g, uid) and not g.board.metz[t]:
                b.violation("GARRISON", f"{g.name(uid)} may not leave Metz city and its fortifications",
                            TV.cite("12.7"), uid)
            else:
                b.violation("ENTERS_EZOC", f"{g.label(t)} is in an enemy ZOC: reinforcements moving by rail or "
                            "with double movement may not enter one", TV.cite("11.2"), uid)
        else:
            b.violation(check.error.code, msg, TV.cite(case), uid)


def _limit_cite(g: Game) -> common_pb2.Citation:
    for lim in g.ext.limits:
        return lim.citation
    return TV.cite("9.0")


def _part(kind: str, units: int, detail: str) -> str:
    mp = f"{units / SCALE:g} MP"
    return {
        "terrain": f"{mp} {detail}", "hexside": f"+{mp} unbridged {detail}", "road": f"{mp} along the {detail}",
        "zoc-enter": f"+{mp} entering enemy ZOC", "zoc-exit": f"+{mp} leaving enemy ZOC",
        "extra-enter": f"+{mp} interdiction (entering)", "extra-exit": f"+{mp} interdiction (leaving)",
    }.get(kind, f"{mp} {kind} {detail}".strip())


def _part_cite(kind: str) -> common_pb2.Citation:
    return TV.cite({"zoc-enter": "9.2", "zoc-exit": "9.2", "extra-enter": "7.2", "extra-exit": "7.2"}.get(kind, "9.1"))


def _validate_relocate(g: Game, uid: str, mv: action_pb2.MoveUnits, b: VerdictBuilder) -> None:
    if not g.is_hq(uid):
        b.violation("NOT_HQ", f"only an HQ may be relocated ({g.name(uid)})", TV.cite("2.3"), uid)
        return
    if len(mv.path) != 1:
        raise MalformedInput("a relocation names one destination hex", "move.path")
    h = g.hm.hex_id(mv.path[0], "move.path[0]")
    why = relocation.why_not(g, uid, g.hex_of(uid), h)
    if why:
        b.violation("BAD_RELOCATION", why, TV.cite("2.3"), uid)


def _validate_rail(g: Game, uid: str, labels: list[str], b: VerdictBuilder) -> None:
    """11.2: "as many hexes as a player wants exclusively along rail lines ...
    without entering an EZOC"."""
    h = g.hex_of(uid)
    path = _hexes(g, labels, "move.path")
    if path and path[0] == h:
        path = path[1:]
    ctx = context(g, uid, "rail")
    for t in path:
        d = g.hm.direction(h, t)
        if d is None or "rail" not in g.hm.roads[h * 6 + d]:
            b.violation("NOT_ALONG_RAIL", f"{g.label(h)} to {g.label(t)} is not along a rail line", TV.cite("11.2"), uid)
            return
        if ctx.blocked is not None and ctx.blocked[t]:
            b.violation("RAIL_BLOCKED", f"{g.label(t)} is enemy-occupied, off the map or in an enemy ZOC",
                        TV.cite("11.2"), uid)
            return
        b.verdict.path.add(location=g.label(t))
        h = t
    if path and ctx.end_ok is not None and not ctx.end_ok[h]:
        b.violation("CANNOT_END_HERE", f"{g.label(h)} would be over the stacking limit", TV.cite("5.0"), uid)


def apply_move(g: Game, action: action_pb2.Action) -> None:
    mv = action.move
    act = g.tv.activation
    act.acted = True
    if len(mv.unit_ids) > 1:
        for uid in mv.unit_ids:
            apply_move(g, action_pb2.Action(side=action.side, move=action_pb2.MoveUnits(
                unit_ids=[uid], path=mv.path, mode=mv.mode), supplied_cells=action.supplied_cells))
        return
    uid = mv.unit_ids[0]
    start = g.us[uid].location if g.on_map(uid) else ""
    if mv.mode == "relocate":
        h = g.hm.hex_id(mv.path[0])
        g.place(uid, h, why="is relocated")
        act.moved.append(uid)
        g.emit("HQ_RELOCATED", f"{g.name(uid)} relocated from {start} to {g.label(h)} instead of moving",
               [TV.cite("2.3")], units=[uid], from_location=start, to_location=g.label(h))
        if g.belligerent(uid) == "german":
            g.vp(2, f"German HQ {g.name(uid)} relocated", TV.cite("2.3"))
        else:
            g.vp(-2, f"Allied HQ {g.name(uid)} relocated", TV.cite("2.3"))
        return
    path = [g.hm.hex_id(x) for x in mv.path]
    if path and g.on_map(uid) and path[0] == g.hex_of(uid):
        path = path[1:]
    total = 0.0
    if mv.mode != "rail" and path:
        check, _, _ = check_path(g, uid, list(mv.path), mv.mode, list(action.supplied_cells))
        total = check.total / SCALE
    end_only = g.opts.control == "end"
    for i, h in enumerate(path):
        last = i == len(path) - 1
        if end_only and not last:
            g.us[uid].location = g.label(h)
            g.us[uid].status = g.us[uid].ON_MAP
            continue
        g.place(uid, h, why="enters" if last else "passes through")
    g.invalidate()
    act.moved.append(uid)
    if uid in act.entering and not start:
        g.tv.entry_turn[uid] = g.turn
    how = {"rail": " by rail", "double": " with double movement"}.get(mv.mode, "")
    g.emit("UNIT_MOVED", f"{g.name(uid)} moves{how} {start or 'onto the map'} -> "
           f"{' '.join(g.label(h) for h in path) or '(stays)'}" + (f" ({total:g} MP)" if total else ""),
           [TV.cite("11.2" if how else "9.1")], units=[uid], from_location=start,
           to_location=g.label(path[-1]) if path else start)


def reach(g: Game, uid: str) -> list[service_pb2.ReachableLocation]:
    """Every hex the unit may end its normal move in this activation, with the
    MP it costs and a cheapest path. Raises NeedsData when a TEC cell the text
    lacks would decide whether some hex is reachable."""
    costs = unit_costs(g, uid)
    ctx = context(g, uid)
    starts: list[tuple[int, int, list[int]]] = []
    limit = budget(g, uid, "")
    if g.on_map(uid):
        starts.append((g.hex_of(uid), 0, []))
    else:
        for e in entry_hexes(g, uid):
            if costs.table.enter[e] < 0:
                _need(costs, g, e)
                continue
            first = costs.table.enter[e] + (ZOC_COST if ctx.zoc is not None and ctx.zoc[e] else 0)
            if first <= limit and not (ctx.blocked is not None and ctx.blocked[e]):
                starts.append((e, first, [e]))
    best: dict[int, tuple[int, list[int]]] = {}
    needed = {}
    for start, spent, prefix in starts:
        r = kernel_reach(costs.table, ctx, start, limit - spent)
        for h, c in r.cost.items():
            path = prefix + r.path_to(h)
            if (h != start or prefix) and (ctx.end_ok is None or ctx.end_ok[h]):
                if h not in best or spent + c < best[h][0]:
                    best[h] = (spent + c, path)
            left = limit - spent - c
            for t in g.hm.neighbours(h):
                terrain = g.hm.terrain[t]
                if terrain in costs.unknown and t not in r.cost and left > 0 and not (ctx.blocked and ctx.blocked[t]):
                    needed[terrain] = costs.unknown[terrain]
    if needed:
        raise NeedsData(list(needed.values()))
    return [service_pb2.ReachableLocation(location=g.label(h), cost=c / SCALE, path=[g.label(x) for x in p])
            for h, (c, p) in sorted(best.items(), key=lambda kv: (kv[1][0], g.label(kv[0])))]
