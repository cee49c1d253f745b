"""Movement (5.0-5.7, 6.3, 14.0, 17.0, 21.0) on the kernel's search and path
validation: tactical or strategic (never both), EZOC stop and exit at the
start only, the minimum move of non-mechanized units, river hexsides, US
bridging, the Metz garrison, Turn 1 restrictions and reinforcement entry.

A unit moves once per Movement Phase (5.0.F: it completes its move before
another moves); units named together move one after the other along the same
path. Several reasons forbid entering a hex (an enemy unit, within 2 hexes of
the enemy on a strategic move, a second EZOC after leaving one, outside Metz
for the garrison): the kernel gets them as one `blocked` mask and the verdict
names the rule that applies to the hex.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from adjudicator.core.errors import NeedsData
from adjudicator.core.movement import MoveContext, destinations, reach, validate_path
from adjudicator.core.reachable import reachable_locations
from adjudicator.core.verdicts import VerdictBuilder
from adjudicator.rules.pattons import terrain
from adjudicator.rules.pattons.cite import P3, other
from adjudicator.rules.pattons.counters import supply_ma_penalised
from adjudicator.rules.pattons.model import OFF_MAP, ON_MAP, Game
from umpire.v1 import action_pb2, common_pb2, service_pb2

MODES = ("", "tactical", "strategic")
CODE_CASE = {"ENEMY_OCCUPIED": "5.2.1", "ZOC_TO_ZOC": "6.3.2.B", "STOPPED": "5.2.2.A", "OVER_ALLOWANCE": "5.0.B",
             "NOT_ADJACENT": "5.0.F", "OFF_MAP": "5.0.F", "IMPASSABLE_HEXSIDE": "5.6", "IMPASSABLE_TERRAIN": "5.1.A",
             "CANNOT_END_HERE": "7.0"}
PART_CASE = {"road": "5.4.3", "zoc-exit": "6.3.2.C", "terrain": "5.4.2", "hexside": "5.0.G", "override": "21.0",
             "road-denied": "5.5.2.B"}
# A strategic move pays the TEC cost, or the road's (1/2 MP for mechanized units),
# under 5.5.2.A, not the tactical move's 5.4.2 / 5.4.3.
STRATEGIC_PART_CASE = {**PART_CASE, "road": "5.5.2.A", "terrain": "5.5.2.A"}


def movement_allowance(g: Game, uid: str, *, printed: bool = False) -> int:
    """The MA in MP, reduced by the supply state (11.3.3.C-D, 11.4.2.C-D)."""
    c = g.c(uid)
    ma = c.cadre_ma if g.cadre(uid) else c.ma
    if printed:
        return ma
    if g.has(uid, "isolated"):
        return 3 if supply_ma_penalised(c, g.opts) else ma // 2
    if g.has(uid, "oos") and supply_ma_penalised(c, g.opts):
        return ma // 2
    return ma


def available_reinforcement(g: Game, uid: str) -> str:
    """The entry hex of an off-map unit that may enter now (14.0, 23.0), or ""."""
    for a in g.sc.arrivals:
        if uid in a.unit_ids and a.turn <= g.turn:
            return a.entry_hex
    if g.c(uid).division and g.c(uid).division == g.sc.variable_division and 0 < g.ext.variable_turn <= g.turn:
        return g.sc.entry_hex_a
    return ""


@dataclass
class Plan:
    uid: str
    start: int  # -1 for a unit entering the map
    mode: str
    costs: terrain.MoveCosts
    ctx: MoveContext
    budget: int  # half MPs left after entering (for an entering unit)
    why: dict[int, tuple[str, str]] = field(default_factory=dict)  # blocked hex -> (code, case)
    entry: int = -1
    entry_cost: int = 0
    before: int = 0  # units of this move entering ahead of this one (14.1.1.B)
    notes: list[common_pb2.RuleNote] = field(default_factory=list)


def _strategic_banned(g: Game, side: str) -> list[int]:
    dist = g.distance_to(other(side))
    return [h for h in range(g.hm.n) if 0 <= dist[h] <= 2]


def plan(g: Game, uid: str, mode: str, b: VerdictBuilder, entering_before: int = 0) -> Plan | None:
    """The rules of `uid`'s move this phase, or None with violations in `b`."""
    side = g.side_of(uid)
    c = g.c(uid)
    us = g.units[uid]
    if g.has(uid, "moved"):
        b.violation("ALREADY_MOVED", f"{uid} has already moved this Movement Phase", P3.cite("5.0.F"), uid)
        return None
    if g.turn == 1 and c.division and c.division in g.sc.frozen_turn1:
        case = "17.1" if side == "us" else "17.2.1"
        b.violation("NO_MOVE_TURN_1", f"{uid} ({c.division}) may not move on Turn 1", P3.cite(case), uid)
        return None
    if (g.turn == 1 and side == "german" and g.sc.german_corps_turn1 and c.corps == g.sc.german_corps_turn1
            and not g.has(uid, "defended")):
        b.violation("NO_MOVE_TURN_1", f"{uid} ({c.corps} Corps) may not move on Turn 1: it was not attacked in "
                    "the US Combat Phase", P3.cite("17.2.3"), uid)
        return None
    strategic = mode == "strategic"
    mclass = terrain.MECH if c.mechanized else terrain.FOOT
    costs = terrain.costs(g, mclass, "strategic" if strategic else "tactical")
    ma = movement_allowance(g, uid, printed=g.opts.printed_ma == "printed")
    exit_ma = movement_allowance(g, uid)
    enemy = other(side)
    ezoc = g.enemy_zoc(side)
    occupied = g.occupied(enemy)
    why: dict[int, tuple[str, str]] = {h: ("ENEMY_OCCUPIED", "5.2.1") for h in range(g.hm.n) if occupied[h]}
    start = -1
    entry = -1
    if us.status == ON_MAP:
        start = g.hex_of[uid]
    elif us.status != OFF_MAP or not available_reinforcement(g, uid):
        b.violation("NOT_AVAILABLE", f"{uid} is not on the map and may not enter now", P3.cite("14.0"), uid)
        return None
    origin = start
    if strategic:
        banned = _strategic_banned(g, side)
        if start >= 0 and start in banned:
            b.violation("STRATEGIC_NEAR_ENEMY", f"{uid} begins within 2 hexes of an enemy unit: no strategic "
                        "movement", P3.cite("5.5.1.B"), uid)
            return None
        for h in banned:
            why.setdefault(h, ("STRATEGIC_NEAR_ENEMY", "5.5.1.B"))
    if start >= 0 and ezoc[start]:
        near = set(g.hm.neighbours(start))
        for h in range(g.hm.n):
            if ezoc[h]:
                why.setdefault(h, ("ZOC_TO_ZOC", "6.3.2.B") if h in near else ("EZOC_AFTER_EXIT", "5.2.2.C"))
    if c.metz and not g.has(uid, "metz-free"):
        area = g.metz_area()
        for h in range(g.hm.n):
            if h not in area:
                why.setdefault(h, ("METZ_GARRISON", "17.2.2"))
    blocked = bytearray(g.hm.n)
    for h in why:
        blocked[h] = 1
    ctx = MoveContext(blocked=bytes(blocked), zoc=ezoc, zoc_exit=(exit_ma // 2) * terrain.HALF,
                      zoc_to_zoc=False, zoc_stop=True)
    if not c.mechanized and not (g.opts.minimum_move == "not-from-ezoc" and start >= 0 and ezoc[start]):
        ctx.minimum_move = True  # 5.2.5
    p = Plan(uid, start, "strategic" if strategic else "tactical", costs, ctx, ma * terrain.HALF, why)
    if start >= 0 and side == "us" and c.mechanized and not ezoc[start]:
        _us_bridging(g, p)
    if origin < 0:
        entry = _entry_hex(g, uid, b)
        if entry < 0:
            return None
        p.entry = entry
        p.entry_cost = _entry_cost(g, p, entry, entering_before)
        p.before = entering_before
    return p


def _us_bridging(g: Game, p: Plan) -> None:
    """21.0: a US mechanized unit beginning beside a river hexside, not in an
    EZOC, may spend its whole MA to cross it, into a hex not enemy-controlled."""
    ezoc = g.enemy_zoc(g.side_of(p.uid))
    costs: dict[int, int] = {}
    labels: dict[int, str] = {}
    for d in range(6):
        e = p.start * 6 + d
        t = g.hm.nbr[e]
        if t < 0 or not terrain.river_side(g, e) or g.hm.roads[e] or ezoc[t] or t in p.why:
            continue
        costs[e] = p.budget
        labels[e] = "US bridging: the whole MA"
    p.ctx.edge_cost, p.ctx.edge_label = costs, labels


def _entry_hex(g: Game, uid: str, b: VerdictBuilder) -> int:
    choices = entry_choices(g, uid)
    if not choices:
        b.violation("NO_ENTRY_HEX", f"{uid} has no hex to enter by: its entry hex and every hex near it are "
                    "enemy-occupied or enemy-controlled", P3.cite("14.2.1"), uid)
        return -1
    return choices[0]


def entry_choices(g: Game, uid: str) -> list[int]:
    """14.2.1: the entry hex, or when it is enemy-occupied or in an EZOC the
    hexes within 3 (or more if necessary) that are neither (AMBIG-38)."""
    side = g.side_of(uid)
    h = g.hex(available_reinforcement(g, uid))
    ezoc, occ = g.enemy_zoc(side), g.occupied(other(side))
    if not ezoc[h] and not occ[h]:
        return [h]
    edge = set(g.hm.edge_hexes("west" if side == "us" else "east"))
    radius = 3
    while radius <= max(3, g.hm.n):
        out = [t for t in g.hm.within(h, radius) if not ezoc[t] and not occ[t]
               and (g.opts.displacement != "edge" or t in edge)]
        if out:
            return sorted(out)
        radius += 1
    return []


def _entry_cost(g: Game, p: Plan, entry: int, before: int) -> int:
    """14.1.1.B: the entry hex's cost, once more for every hypothetical hex of
    the queue behind the units already entered there this phase."""
    label = g.label(entry)
    queued = g.ext.entered.get(label, 0) + before
    t = terrain.tec(g)
    c = g.c(p.uid)
    mclass = terrain.MECH if c.mechanized else terrain.FOOT
    road_edge = any(g.hm.roads[entry * 6 + d] for d in range(6))
    if road_edge and g.opts.queue_road == "road":
        row = terrain.ROAD_STRATEGIC if p.mode == "strategic" else terrain.ROAD_TACTICAL
    else:
        row = g.hm.terrain[entry]
    cell = t.cell(row, mclass)
    if cell is None:
        raise NeedsData([t.needed(row, mclass, f"{p.uid} entering the map at {label}")])
    return terrain.mp_units(cell.value, row) * (queued + 1)


def _path_hexes(g: Game, uid: str, path: list[str], start: int) -> list[int]:
    hexes = [g.hex(x, f"action.move.path[{i}]") for i, x in enumerate(path)]
    if start >= 0 and hexes and hexes[0] == start:
        hexes = hexes[1:]
    return hexes


def check(g: Game, p: Plan, hexes: list[int], b: VerdictBuilder) -> bool:
    """Validate one unit's path (the kernel's checks, with this game's causes)."""
    uid = p.uid
    start, budget, path = p.start, p.budget, hexes
    if p.entry >= 0:
        if not hexes or hexes[0] not in entry_choices(g, uid):
            names = ", ".join(g.label(h) for h in entry_choices(g, uid)[:8])
            b.violation("ENTRY_HEX", f"{uid} enters at {names} (its entry hex or, when blocked, within 3 of it)",
                        P3.cite("14.2.1"), uid)
            return False
        entry = hexes[0]
        if entry in p.why:
            code, case = p.why[entry]
            b.violation(code, f"{uid} may not enter the map at {g.label(entry)}", P3.cite(case), uid)
            return False
        cost = p.entry_cost if entry == p.entry else _entry_cost(g, p, entry, p.before)
        if cost > budget and not p.ctx.minimum_move:
            b.violation("OVER_ALLOWANCE", f"entering at {g.label(entry)} costs {cost / 2:g} MP, the MA is "
                        f"{budget / 2:g}", P3.cite("14.1.1.B"), uid)
            return False
        b.verdict.path.add(location=g.label(entry), cost=cost / 2, total=min(cost, budget) / 2,
                           notes=[common_pb2.RuleNote(text="entry hex, with the queue's hypothetical hexes",
                                                      citation=P3.cite("14.1.1.B"))])
        budget = max(0, budget - cost)
        start, path = entry, hexes[1:]
        if p.ctx.zoc is not None and p.ctx.zoc[entry] and path:
            b.violation("STOPPED", f"{uid} stops on entering an EZOC at {g.label(entry)}", P3.cite("6.3.1"), uid)
            return False
    pc = validate_path(p.costs.table, _after_entry(p), start, path, budget)
    cases = STRATEGIC_PART_CASE if p.mode == "strategic" else PART_CASE
    needs = []
    h = start
    for s in pc.steps:
        d = g.hm.direction(h, s.hex)
        e = h * 6 + (d if d is not None else 0)
        if e in p.costs.unknown_edge and g.hm.roads[e] and not any(x.kind == "override" for x in s.parts):
            needs.append(p.costs.unknown_edge[e])
        notes = [common_pb2.RuleNote(text=f"{x.kind} {x.units / 2:g} MP" + (f" ({x.detail})" if x.detail else ""),
                                     citation=P3.cite(cases.get(x.kind, "5.0.G"))) for x in s.parts]
        b.verdict.path.add(location=g.label(s.hex), cost=s.cost / 2, total=(s.total + (p.budget - budget)) / 2,
                           notes=notes)
        h = s.hex
    if pc.error is not None:
        err = pc.error
        t = err.hex
        frm = start if err.index == 0 else pc.steps[err.index - 1].hex
        if err.code == "ENEMY_OCCUPIED" and t in p.why:
            code, case = p.why[t]
            b.violation(code, _why_text(code, g, t), P3.cite(case), uid)
        elif err.code in ("IMPASSABLE_HEXSIDE", "IMPASSABLE_TERRAIN") and t >= 0:
            d = g.hm.direction(frm, t)
            e = frm * 6 + (d if d is not None else 0)
            if e in p.costs.unknown_edge:
                raise NeedsData([p.costs.unknown_edge[e]])
            if t in p.costs.unknown_hex:
                raise NeedsData([p.costs.unknown_hex[t]])
            b.violation("RIVER_MECHANIZED" if err.code == "IMPASSABLE_HEXSIDE" else err.code,
                        f"{uid}: {err.message} (mechanized units cross river hexsides only along roads)"
                        if err.code == "IMPASSABLE_HEXSIDE" else f"{uid}: {err.message}",
                        P3.cite(CODE_CASE[err.code]), uid)
        else:
            b.violation(err.code, f"{uid}: {err.message}", P3.cite(CODE_CASE.get(err.code, "5.0")), uid)
        return False
    if needs:
        raise NeedsData(needs)
    if pc.minimum_move:
        b.note(f"{uid} moves one hex although it lacks the MPs: non-mechanized minimum move", P3.cite("5.2.5"))
    b.verdict.mp_total = (pc.total + (p.budget - budget)) / 2
    b.verdict.mp_remaining = max(0, budget - pc.total) / 2
    return True


def _why_text(code: str, g: Game, h: int) -> str:
    return {
        "ENEMY_OCCUPIED": f"{g.label(h)} is occupied by the enemy",
        "STRATEGIC_NEAR_ENEMY": f"{g.label(h)} is within 2 hexes of an enemy unit: strategic movement must stay "
                                "3 hexes away",
        "EZOC_AFTER_EXIT": f"{g.label(h)} is enemy-controlled: a unit that left an EZOC may enter no other this phase",
        "METZ_GARRISON": f"{g.label(h)} is outside Metz and its entrenchments: the garrison may not leave them",
        "ZOC_TO_ZOC": f"{g.label(h)} is enemy-controlled: a unit may not move directly from one EZOC to another",
    }.get(code, g.label(h))


def validate_move(g: Game, action: action_pb2.Action, b: VerdictBuilder) -> None:
    side = action.side
    mv = action.move
    if g.phase != f"{side}-movement":
        b.violation("NOT_MOVEMENT_PHASE", f"{side} moves in its own Movement Phase (now {g.phase})", P3.cite("4.2"))
        return
    if mv.mode not in MODES:
        b.violation("UNKNOWN_MODE", f"mode {mv.mode!r}: use 'tactical' (default) or 'strategic'", P3.cite("5.1.C"))
        return
    if not mv.unit_ids or len(set(mv.unit_ids)) != len(mv.unit_ids):
        b.violation("UNITS", "name the moving units, each once", P3.cite("5.0.F"))
        return
    entering = 0
    for uid in mv.unit_ids:
        if uid not in g.counters:
            b.violation("UNKNOWN_UNIT", f"no unit {uid!r}", P3.cite("2.2"), uid)
            return
        if g.side_of(uid) != side:
            b.violation("NOT_YOUR_UNIT", f"{uid} belongs to {g.side_of(uid)}", P3.cite("5.0.A"), uid)
            return
        first = len(b.verdict.path)
        p = plan(g, uid, mv.mode, b, entering)
        if p is None:
            return
        hexes = _path_hexes(g, uid, list(mv.path), p.start)
        if not hexes:
            b.violation("EMPTY_PATH", "give the hexes entered", P3.cite("5.0.F"), uid)
            return
        if not check(g, p, hexes, b):
            return
        if uid != mv.unit_ids[-1]:
            del b.verdict.path[first:]  # the verdict shows the last unit's path
        if p.entry >= 0:
            entering += 1
        if p.mode == "strategic":
            b.note(f"{uid} moves strategically: at least 3 hexes from every enemy unit throughout", P3.cite("5.5.1.B"))


def apply_move(g: Game, action: action_pb2.Action) -> None:
    mv = action.move
    end = -1
    for uid in mv.unit_ids:
        start = g.hex_of.get(uid, -1)
        hexes = _path_hexes(g, uid, list(mv.path), start)
        if start < 0:
            label = g.label(hexes[0])
            g.ext.entered[label] = g.ext.entered.get(label, 0) + 1
            g.mark(uid, f"arrived:{g.turn}")
        end = hexes[-1]
        g.place(uid, end)
        g.mark(uid, "moved")
        g.mark(uid, "moved-strategic" if mv.mode == "strategic" else "moved-tactical")
        for h in hexes:
            record_passage(g, h, g.side_of(uid))
    g.event("UNITS_MOVED", f"{', '.join(mv.unit_ids)} to {g.label(end)}" + (" (strategic)" if mv.mode == "strategic"
            else ""), ["5.5" if mv.mode == "strategic" else "5.4"], list(mv.unit_ids), to=g.label(end),
            frm=mv.path[0] if mv.path else "")


def record_passage(g: Game, h: int, side: str) -> None:
    """25.x: the last side to pass through a victory hex (kept for those hexes only)."""
    from adjudicator.rules.pattons.victory import TRACKED

    label = g.label(h)
    if label in TRACKED:
        g.ext.last_through[label] = side


def reachable(g: Game, uid: str, mode: str = "") -> tuple[list[service_pb2.ReachableLocation],
                                                           list[common_pb2.RuleNote]]:
    """Where `uid` may end a move in `mode` ("" or "tactical", or "strategic",
    5.1.C) now: the same plan (blocked hexes, costs, budget) validate_move checks
    a path against, searched instead of walked; a reinforcement from every hex
    it may enter by (14.2.1), cheapest first."""
    b = VerdictBuilder()
    notes: list[common_pb2.RuleNote] = []
    if g.phase != f"{g.side_of(uid)}-movement":
        return [], [common_pb2.RuleNote(text=f"{uid} moves only in its side's Movement Phase", citation=P3.cite("4.2"))]
    p = plan(g, uid, mode, b)
    if p is None:
        return [], [common_pb2.RuleNote(text=v.message, citation=v.citation) for v in b.verdict.violations]
    if p.costs.unknown_hex or p.costs.unknown_edge:
        notes.append(common_pb2.RuleNote(
            text="hexes or hexsides whose Terrain Effects Chart cost is unknown are left out (supply the "
                 f"{terrain.tec(g).id} cells to include them)", citation=P3.cite("5.1.A")))
    if p.mode == "strategic":
        notes.append(common_pb2.RuleNote(text=f"{uid} moving strategically: hexes within 2 hexes of an enemy "
                                         "unit are left out", citation=P3.cite("5.5.1.B")))
    if p.entry < 0:
        return _from(p, p.start, p.budget), notes
    # An entering unit: an entry hex first (14.1.1.B), then what it reaches from there.
    best: dict[str, service_pb2.ReachableLocation] = {}
    for entry in entry_choices(g, uid):
        label = g.label(entry)
        cost = _entry_cost(g, p, entry, 0)
        if entry in p.why:  # e.g. a strategic move entering within 2 hexes of the enemy (5.5.1.B)
            code, case = p.why[entry]
            notes.append(common_pb2.RuleNote(text=f"{uid} may not enter the map at {label}: "
                                             f"{_why_text(code, g, entry)}", citation=P3.cite(case)))
            continue
        if cost > p.budget and not p.ctx.minimum_move:
            notes.append(common_pb2.RuleNote(text=f"{uid} lacks the MPs to enter at {label}",
                                             citation=P3.cite("14.1.1.B")))
            continue
        spent = min(cost, p.budget) / terrain.HALF  # a minimum move (5.2.5) spends the whole MA
        found = [service_pb2.ReachableLocation(location=label, cost=spent, path=[label])]
        if not (p.ctx.zoc is not None and p.ctx.zoc[entry]):  # 6.3.1: entering an EZOC ends the move
            for x in _from(p, entry, max(0, p.budget - cost)):
                found.append(service_pb2.ReachableLocation(location=x.location, cost=x.cost + spent,
                                                           path=[label, *x.path]))
        for x in found:
            if x.location not in best or x.cost < best[x.location].cost:
                best[x.location] = x
    entries = ", ".join(g.label(e) for e in entry_choices(g, uid)[:8])
    notes.append(common_pb2.RuleNote(text=f"{uid} enters the map at {entries}", citation=P3.cite("14.1.1")))
    return sorted(best.values(), key=lambda x: (x.cost, x.location)), notes


def _from(p: Plan, start: int, budget: int) -> list[service_pb2.ReachableLocation]:
    ctx = _after_entry(p)
    r = reach(p.costs.table, ctx, start, budget)
    dest = destinations(p.costs.table, ctx, r)
    return reachable_locations(p.costs.table.hexmap, start, dest, r.parent, terrain.HALF)


def _after_entry(p: Plan) -> MoveContext:
    """The rules of the move's search or walk: a unit that entered the map has
    moved its one hex already, so no minimum move from the entry hex (5.2.5)."""
    return replace(p.ctx, minimum_move=False) if p.entry >= 0 else p.ctx
