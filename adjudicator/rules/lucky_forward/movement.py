"""Movement (7.0) as far as stage 1 goes: who may move when and in which
order (7.5.1, 7.5.2, 5.3.4), the MA pipeline (allowance.py), and every hex of
a path checked and costed with the text's own rules (costs.py): no ZOC, an
MP cost for moving next to the enemy (7.8.0), movement halts (7.7), the
ET-3/Fort/Ft Area rule (7.9.0), rest GTs (3.5.3), Strat (5.5.4) and PA
(5.2.3) movement, Mech road movement and its stacking (7.10), minimum
movement (7.3.0), IB Art one-hex movement (5.6.1). Terrain costs come from the
Movement TEC (MISSING: asked for, cell by cell). Road intersections (7.10.1:
the map format has road kinds, not road identities), mounting/dismounting
(7.12), GenS traces (7.7.5) and observation (5.5.4 d) are stage 2.

A move is one unit (or one special stack, 6.2.0, or two one-step Mech Co.s
that start together, 7.10.0) along a path of adjacent hexes, in one action.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from adjudicator.core.dice import DiceSource
from adjudicator.core.verdicts import VerdictBuilder
from adjudicator.rules.lucky_forward import modes, rest, sop, stacking, terrain
from adjudicator.rules.lucky_forward.allowance import Allowance, allowance
from adjudicator.rules.lucky_forward.cite import GOSS
from adjudicator.rules.lucky_forward.costs import (
    CLEAR_AS_ROAD,
    ROAD_CASE,
    ROAD_HALF_MP,
    Part,
    adjacency,
    entry_allowed,
    halts,
    hex_cost,
    hexside_cost,
    strongpoints,
)
from adjudicator.rules.lucky_forward.model import (
    CO,
    EXPLOIT,
    MECH,
    MR,
    ON_HAND,
    OUT,
    PA,
    STATIC,
    STRAT,
    TAC,
    Model,
    U,
)
from adjudicator.rules.lucky_forward.movement_pa import PS, check_pa, ib_one_hex, pa_limit, pa_reach, pairs
from umpire.v1 import action_pb2

__all__ = ["PS", "Plan", "apply_move", "check_path", "pa_limit", "pa_reach", "plan", "validate_move"]


@dataclass
class Plan:
    units: list[U]
    lead: U
    start: int
    path: list[int]
    road: bool  # Mech road movement (7.10)
    pa: bool
    exploit: bool
    allowance: Allowance | None = None
    budget: int = 0  # half MP (or hexes for PA)
    spent: int = 0
    steps: list[tuple[int, int, list[Part]]] = field(default_factory=list)
    stop_at: int = -1  # index of the step at which a halt stops the move
    commando_halts: list[int] = field(default_factory=list)
    minimum: bool = False


def phase_kind(m: Model) -> str:
    step = sop.current(m)
    return "exploit" if step.phase in ("inactive-exploit", "active-exploit") else "movement"


def _movers(m: Model, action: action_pb2.Action, b: VerdictBuilder) -> list[U]:
    ids = list(action.move.unit_ids)
    if not ids or len(set(ids)) != len(ids):
        b.violation("UNITS", "name each moving unit once", GOSS.cite("7.5.0"))
        return []
    units = []
    for uid in ids:
        u = m.units.get(uid)
        if u is None or not u.on_map or u.side != action.side:
            b.violation("NOT_YOURS", f"{uid} is not a unit of yours on the map", GOSS.cite("7.5.0"), uid)
        else:
            units.append(u)
    if not b.ok:
        return []
    if len({u.hex for u in units}) > 1:
        b.violation("NOT_TOGETHER", "units moving as one start in the same hex", GOSS.cite("6.2.0"))
        return []
    if len(units) > 1:
        con = terrain.stacking_constricted(m, units[0].hex)
        free = stacking.special_stacks(m, m.stack(units[0].hex), con)
        hosts = {free[u.id] for u in units if u.id in free}
        two_cos = len(units) == 2 and all(u.mech and u.size == CO and u.steps_left == 1 for u in units)
        if not ((len(hosts) == 1 and all(u.id in free or u.id in hosts for u in units)) or two_cos):
            b.violation("MOVE_INDIVIDUALLY", "units move individually, except a special stack (6.2.0) or two "
                        "one-step Mech Co.s using Mech road movement (7.10.0)", GOSS.cite("7.5.0"))
            return []
    return units


def eligibility(m: Model, u: U, kind: str) -> tuple[str, str] | None:
    st = u.st
    if kind == "movement":
        if st.combat_reserve:
            return "marked CR (remove the marker in the CR Designation Segment to move)", "7.5.1 a"
        if st.mode == EXPLOIT:
            return "Exploit units move only in Exploit Phases", "7.5.1 b"
        if st.mode == MR:
            return "MR units may not move", "7.5.1 c"
        if st.moved:
            return "it has moved this phase", "7.5.0"
    else:
        if st.mode != EXPLOIT:
            return "only Exploit units move in an Exploit Phase", "7.5.1"
        if any(k == f"exploit-unit:{u.id}:{m.lf.step}" for k in m.lf.marks):
            return "it has moved this Exploit Phase", "7.5.0"
    if m.ena and not st.ena_active:
        return "only units activated for the ENA period move", "3.4.2"
    if m.ena and st.mode == STRAT:
        return "Strat units do not move in an ENA period", "3.4.3 a"
    if u.c.movement_class == STATIC and not st.motorized:
        return "a static unit moves only transported by TP", "4.3.3"
    if u.is_hq and u.c.movement_class == 0:
        return None
    return None


def _mech_road_blocked(m: Model, u: U) -> str | None:
    """7.10.0: a Mech unit overstacked, or stacked with more than one other
    non-free Mech unit, may not use Mech road movement this phase."""
    if stacking.overstacked(m, u.hex, u.side):
        return "it is overstacked (6.7.0)"
    if stacking.mech_count(m, u.hex, u.side, moving=[u.id]) > 1:
        return "it is stacked with more than one other Mech unit"
    return None


def plan(m: Model, action: action_pb2.Action, b: VerdictBuilder) -> Plan | None:
    units = _movers(m, action, b)
    if not units:
        return None
    kind = phase_kind(m)
    for u in units:
        why = eligibility(m, u, kind)
        if why is not None:
            b.violation("MAY_NOT_MOVE", f"{u.d.name or u.id} may not move: {why[0]}", GOSS.cite(why[1]), u.id)
    if not b.ok:
        return None
    lead = min(units, key=lambda x: (x.c.movement if x.c.HasField("movement") else 99, x.id))  # 6.2.0 slowest MA
    path_labels = list(action.move.path)
    if path_labels and path_labels[0] == m.label(lead.hex):
        path_labels = path_labels[1:]
    if not path_labels:
        b.violation("NO_PATH", "give the hexes entered", GOSS.cite("7.5.0"))
        return None
    path = [m.hex_id(p, f"move.path[{i}]") for i, p in enumerate(path_labels)]
    mech = all(u.mech for u in units)
    road = action.move.mode == "road" or lead.st.mode == STRAT
    if action.move.mode not in ("", "road"):
        b.violation("MODE", f"unknown movement type {action.move.mode!r} ('' non-road, 'road' Mech road)",
                    GOSS.cite("7.4.0"))
        return None
    if road and not mech:
        b.violation("LEG_ROAD", "Leg units (and Leg + Mech special stacks) do not use Mech road movement",
                    GOSS.cite("7.4.0"))
        return None
    p = Plan(units, lead, lead.hex, path, road, lead.st.mode == PA, kind == "exploit")
    _order(m, p, b)
    return p


def _order(m: Model, p: Plan, b: VerdictBuilder) -> None:
    """7.5.2: Strat units, then Tac Mech road, then non-road, then PA units
    (5.3.4: Exploit units road first, then non-road)."""
    u = p.lead
    if p.exploit:
        rank = 4 if p.road else 5
    elif u.st.mode == STRAT:
        rank = 2
    elif p.pa:
        rank = 6
    else:
        rank = 4 if p.road else 5
    if rank < m.lf.movement_step:
        names = {2: "Strat units", 4: "Mech road movement", 5: "non-road movement", 6: "PA units"}
        b.violation("MOVEMENT_ORDER", f"{names[rank]} move before {names.get(m.lf.movement_step, 'later steps')}; "
                    "that step is over", GOSS.cite("5.3.4" if p.exploit else "7.5.2"))


def check_path(m: Model, p: Plan, b: VerdictBuilder) -> None:
    """Walk the path and cost every step (raises NeedsData for a TEC cell the
    path needs and the game lacks)."""
    u = p.lead
    side = u.side
    if p.pa:
        check_pa(m, p, b)
        return
    if p.road:
        why = _mech_road_blocked(m, u)
        if why:
            b.violation("NO_MECH_ROAD", f"{u.d.name or u.id} may not use Mech road movement: {why}", GOSS.cite("7.10.0"))
            return
        if not any(m.hm.roads[p.start * 6 + d] for d in range(6)) and not _clear_dry(m, p.start):
            b.violation("NOT_ON_ROAD", "Mech road movement begins in a road hex (or a clear hex in dry weather)",
                        GOSS.cite("7.10.0"))
            return
    ps_only = all(set(terrain.road(m, a, t)) & set(PS) for a, t in pairs(p))
    leg_bonus = _leg_road_bonus(m, p, ps_only)
    a = allowance(m, u, exploit=p.exploit, road_only_ps=ps_only, mech_road=p.road, leg_road_bonus=leg_bonus)
    if p.exploit and m.lf.time in ("AM", "PM") and not m.ena:
        pass  # 5.3.4: halving is in the pipeline (7.6.1c d)
    p.allowance = a
    if a.grounded or a.ma <= 0:
        b.violation("NO_MA", f"{u.d.name or u.id} has no MA this phase ({'; '.join(t for t, _ in a.steps)})",
                    GOSS.cite(a.steps[-1][1] if a.steps else "7.1.0"))
        return
    p.budget = 2 * a.ma
    night_free = ps_only if u.mech and p.road else all(terrain.road(m, x, y) for x, y in pairs(p))
    sp = set(strongpoints(m, side))
    resting = rest.is_rest(m, u)
    adj = m.enemy_adjacent(side)
    h = p.start
    spent = 0
    for i, t in enumerate(p.path):
        if t not in m.hm.neighbours(h):
            b.violation("NOT_ADJACENT", f"{m.label(t)} is not adjacent to {m.label(h)}", GOSS.cite("7.5.0"))
            return
        if any(x.side != side for x in m.stack(t)):
            b.violation("ENEMY_HEX", f"{m.label(t)} holds enemy units", GOSS.cite("7.5.0"))
            return
        if p.stop_at >= 0:
            b.violation("HALTED", f"the move halted in {m.label(h)}", GOSS.cite("7.7.0"))
            return
        parts, err = step_parts(m, p, h, t, night_free)
        if err is not None:
            b.violation(err[0], err[1], GOSS.cite(err[2]))
            return
        stop_why = _road_stacking(m, p, t, b)
        if not b.ok:
            return
        if stop_why:
            parts.append(Part(4, "entering a hex with a Mech unit by Mech road movement: +2 MP", "7.10.3"))
        cost = sum(x.half_mp for x in parts)
        if any(x.case == "7.11.3 Mech" for x in parts):
            if len(p.path) != 1:
                b.violation("CONSTRICTED", "a Mech unit spends its entire MA to enter or leave constricted terrain "
                            "off Mech road movement: that step is its whole move", GOSS.cite("7.11.3"))
                return
            cost = p.budget
        if spent + cost > p.budget:
            if i == 0 and len(p.path) == 1 and _minimum_ok(m, p, t):
                p.minimum = True
                cost = p.budget - spent
            else:
                b.violation("OVER_ALLOWANCE", f"entering {m.label(t)} costs {cost / 2:g} MP, only "
                            f"{(p.budget - spent) / 2:g} left (MA {a.ma})", GOSS.cite("7.2.0"))
                return
        # 7.9.0, 3.5.3, 5.5.4 c, 7.7.5: rules of moving next to the enemy
        if any(n in sp for n in m.hm.neighbours(h)) and any(n in sp and n in m.hm.neighbours(h)
                                                            for n in m.hm.neighbours(t)):
            b.violation("STRONGPOINT", f"{m.label(h)} to {m.label(t)}: both next to the same enemy ET-3 / Fort / Ft "
                        "Area", GOSS.cite("7.9.0"))
            return
        if adj[h] and adj[t]:
            if resting is True and not modes.in_bonus(m, u) and not (u.st.isolated or u.st.supply == OUT):
                b.violation("REST_GT", "in its rest GT a unit does not move from one hex next to an enemy unit to "
                            "another", GOSS.cite("3.5.3"))
                return
        if adj[t] and u.st.mode == STRAT:
            b.violation("STRAT_ADJACENT", "Strat units never move next to an enemy unit", GOSS.cite("5.5.4"))
            return
        if adj[t] and u.st.supply == OUT and not u.has("commando") and not modes.in_bonus(m, u):
            b.violation("OOS_ADJACENT", "an OoS unit does not move next to an enemy unit", GOSS.cite("7.7.5"))
            return
        spent += cost
        p.steps.append((t, spent, parts))
        hs = halts(m, u, t)
        if stop_why:
            hs.append(stop_why)
        if hs and p.stop_at < 0:
            if u.has("commando") and not u.st.motorized and all(c != "7.10.3" for _, c in hs):
                p.commando_halts.append(i)  # 4.6.6: a CDO rolls to ignore it
            else:
                p.stop_at = i
                for text, case in hs:
                    b.note(f"halts in {m.label(t)}: {text}", GOSS.cite(case))
        h = t
    p.spent = spent
    _end_notes(m, p, b, resting)


def _clear_dry(m: Model, h: int) -> bool:
    return (m.lf.weather.ground or "dry") == "dry" and terrain.terrains(m, h) == ["clear"]


def step_parts(m: Model, p: Plan, h: int, t: int, night_free: bool) -> tuple[list[Part], tuple[str, str, str] | None]:
    u = p.lead
    parts: list[Part] = []
    roads = terrain.road(m, h, t)
    if p.road:
        if roads:
            kind = min(roads, key=lambda k: ROAD_HALF_MP.get(k, 9))
            parts.append(Part(ROAD_HALF_MP.get(kind, 3), f"{kind} road", ROAD_CASE.get(kind, "7.10.0")))
        elif _clear_dry(m, t):
            parts.append(Part(CLEAR_AS_ROAD, "clear hex as a road (dry)", "7.10.0"))
        else:
            return parts, ("OFF_ROAD", f"{m.label(h)} to {m.label(t)}: Mech road movement follows roads (or clear "
                           "hexes in dry weather)", "7.10.0")
        c, side = hexside_cost(m, u, h, t, along_road=bool(roads))
        if c is None:
            return parts, ("HEXSIDE", side[0].text, side[0].case)
        parts.extend(side)
    else:
        if u.is_art and u.in_battery:
            err = ib_one_hex(m, p, h, t)
            if err is not None:
                return parts, err
        if not entry_allowed(m, u, t):
            return parts, ("PROHIBITED", f"{m.label(t)} is prohibited to {u.d.name or u.id}", "7.2.0")
        leg_road = u.movement_class != MECH and bool(roads)
        if leg_road:
            parts.append(Part(2, "along a road: 1 MP", "7.6.2"))
        else:
            c, part = hex_cost(m, u, t)
            if c is None:
                return parts, ("PROHIBITED", part.text, part.case)
            parts.append(part)
        c2, side = hexside_cost(m, u, h, t, along_road=leg_road)
        if c2 is None:
            return parts, ("HEXSIDE", side[0].text, side[0].case)
        parts.extend(side)
        for x, case in ((h, "exit"), (t, "enter")):
            if terrain.constricted(m, x) and not leg_road and "contour" not in terrain.side(m, h, t):
                if u.movement_class == MECH:
                    if u.is_art:
                        return parts, ("CONSTRICTED_ART", "towed and SP Art enter constricted terrain only by Mech "
                                       "road movement", "7.11.3")
                    parts.append(Part(0, f"constricted terrain ({case}): entire MA", "7.11.3 Mech"))
                else:
                    parts.append(Part(2, f"constricted terrain ({case}): +1 MP", "7.11.3"))
        if u.movement_class == MECH and terrain.ft_area(m, t) and _own_ft_area(m, u, t):
            parts.append(Part(4, "own intact Ft Area: +2 MP", "7.9.1a"))
    a = adjacency(m, u, t, p.exploit)
    if a is not None:
        parts.append(a)
    if m.night and not night_free:
        parts.append(Part(2, "night: +1 MP", "7.6.1f"))
    return parts, None


def _own_ft_area(m: Model, u: U, t: int) -> bool:
    return "ft-area:" + u.side in m.hm.tags[t] or (u.side == "axis" and "west-wall" in m.hm.features[t])


def _road_stacking(m: Model, p: Plan, t: int, b: VerdictBuilder) -> tuple[str, str] | None:
    """7.10.3 / 5.5.5: Mech road and Strat stacking on entering t."""
    u = p.lead
    moving = [x.id for x in p.units]
    if not u.mech:
        return None
    if stacking.strat_in(m, t, u.side, moving):
        b.violation("STRAT_HEX", f"Mech units do not enter {m.label(t)}: a Strat unit is there", GOSS.cite("5.5.5"))
        return None
    if not p.road or stacking.ignored_for_mech_stacking(m, u):
        return None
    i = p.path.index(t)
    prev = p.path[i - 1] if i else p.start
    clear_road = _clear_dry(m, t) and not terrain.road(m, prev, t)
    if clear_road and u.st.mode != STRAT:
        return None  # 7.10.0: using clear hexes as roads ignores Mech road stacking
    n = stacking.mech_count(m, t, u.side, moving)
    if u.st.mode == STRAT and n:
        b.violation("STRAT_STACKING", f"a Strat unit does not enter {m.label(t)}: it holds a Mech unit",
                    GOSS.cite("5.5.5"))
        return None
    if n == 0:
        return None
    if n >= 2:
        after = [x for x in m.stack(t) if x.side == u.side] + p.units
        fake = stacking.special_stacks(m, after, terrain.stacking_constricted(m, t))
        count = sum(1 for x in after if not stacking.ignored_for_mech_stacking(m, x) and x.id not in fake)
        if count > 2:
            b.violation("MECH_ROAD_STACKING", f"{m.label(t)} holds {n} Mech units: Mech road movement may not "
                        "enter it", GOSS.cite("7.10.3"))
            return None
    return (f"Mech road movement into {m.label(t)} with a Mech unit: it must stop", "7.10.3")


def _minimum_ok(m: Model, p: Plan, t: int) -> bool:
    """7.3.0: one hex whatever the cost for Leg units and Mech units in normal
    fuel (or low/no fuel granted full MA or the fuel value)."""
    u = p.lead
    if u.movement_class != MECH:
        return True
    return m.fuel_state(u) == "normal" or bool(p.allowance and not p.allowance.grounded)


def _leg_road_bonus(m: Model, p: Plan, ps_only: bool) -> bool:
    """7.6.2: +2 MA for a Leg unit in Tac mode, in GenS and command, starting on
    and moving entirely along primary/secondary roads, never next to the enemy,
    not observed by an enemy ground unit (decided here only when no enemy unit
    is within six hexes of its path, the longest LOS range: LF 8.1.2d)."""
    u = p.lead
    if u.movement_class == MECH or not ps_only or u.st.mode != TAC or u.st.supply != 0 or u.st.out_of_command:
        return False
    hexes = [p.start, *p.path]
    adj = m.enemy_adjacent(u.side)
    if any(adj[h] for h in hexes):
        return False
    enemy = [x.hex for x in m.units.values() if x.on_map and x.side != u.side]
    return all(m.hm.distance(e, h) > 6 for e in enemy for h in hexes)


def _end_notes(m: Model, p: Plan, b: VerdictBuilder, resting: bool | None) -> None:
    a = p.allowance
    if a is not None:
        b.verdict.mp_total = p.spent / 2
        b.verdict.mp_remaining = max(0, p.budget - p.spent) / 2
        for text, case in a.steps:
            b.note(f"MA: {text}", GOSS.cite(case))
    for t, total, parts in p.steps:
        step = b.verdict.path.add(location=m.label(t), cost=sum(x.half_mp for x in parts) / 2, total=total / 2)
        for x in parts:
            step.notes.add(text=x.text, citation=GOSS.cite(x.case.replace(" Mech", "")))
    if p.minimum:
        b.note("minimum movement: one hex whatever its cost (the unit spends its whole MA)", GOSS.cite("7.3.0"))
    if p.lead.st.mode == STRAT:
        b.note("not checked: a Strat unit may not enter a hex an enemy ground unit observes (needs LOS, stage 2)",
               GOSS.cite("5.5.4"))
    if p.road:
        b.note("not checked: switching roads only at drawn intersections (the map has no road identities, stage 2)",
               GOSS.cite("7.10.1"))
    if p.commando_halts:
        b.note("a CDO rolls 1d10 at each halt: 0-4 ignores it, otherwise it stops there", GOSS.cite("4.6.6"))


def validate_move(m: Model, action: action_pb2.Action, b: VerdictBuilder) -> None:
    if not sop.guard(m, "move", action, b):
        return
    p = plan(m, action, b)
    if p is None or not b.ok:
        return
    check_path(m, p, b)


def apply_move(m: Model, action: action_pb2.Action, dice: DiceSource) -> None:
    b = VerdictBuilder("move")
    p = plan(m, action, b)
    assert p is not None
    check_path(m, p, b)
    stop = p.stop_at
    hexes = [t for t, _, _ in p.steps]
    for i in p.commando_halts:
        roll = dice.roll(10, f"CDO {p.lead.id} ignores the halt in {m.label(hexes[i])}") % 10
        if roll > 4:
            stop = i if stop < 0 else min(stop, i)
            m.emit("HALT", f"{p.lead.d.name or p.lead.id} rolls {roll}: halts in {m.label(hexes[i])}", ["4.6.6"],
                   units=[p.lead.id])
            break
    end_i = len(hexes) - 1 if stop < 0 else stop
    end = hexes[end_i]
    spent = p.steps[end_i][1]
    frm = m.label(p.start)
    for u in p.units:
        m.place(u, end)
        u.st.moved = True
        u.st.half_mp_spent = p.budget if p.minimum else spent
        if p.exploit:
            m.lf.marks.append(f"exploit-unit:{u.id}:{m.lf.step}")
        if m.ena:
            u.st.ena_fatigue_due += 1  # 3.4.6 a
            mark = f"ena-moved:{action.side}:{m.lf.step}"
            if mark not in m.lf.marks:
                m.lf.marks.append(mark)
        if p.exploit and u.st.supply == ON_HAND:
            if m.opts.ohs_exploit == "any-mp" or spent > 6:
                u.st.supply = OUT
                m.emit("OOS", f"{u.d.name or u.id} spends OhS moving in Exploit: now OoS",
                       ["5.3.4" if m.opts.ohs_exploit == "any-mp" else "15.5.2"], units=[u.id])
        _rest_move_fatigue(m, u, p, spent)
    if p.exploit:
        mark = f"exploit-moved:{action.side}:{m.lf.step}"
        if mark not in m.lf.marks:
            m.lf.marks.append(mark)
        if m.night:
            m.lf.night_exploit.used[action.side] = "active" if sop.current(m).phase == "active-exploit" else "inactive"
    m.lf.movement_step = max(m.lf.movement_step, _rank(p))
    m.emit("UNITS_MOVED", f"{', '.join(u.d.name or u.id for u in p.units)} {frm} -> {m.label(end)} "
           f"({spent / 2:g} MP{' PA' if p.pa else ''})", ["7.5.0"], units=[u.id for u in p.units], frm=frm,
           to=m.label(end))
    modes.check_mr(m)


def _rank(p: Plan) -> int:
    if p.exploit:
        return 4 if p.road else 5
    if p.lead.st.mode == STRAT:
        return 2
    if p.pa:
        return 6
    return 4 if p.road else 5


def _rest_move_fatigue(m: Model, u: U, p: Plan, spent: int) -> None:
    """3.5.4 a: moving more than half its modified MA in its rest GT is a
    fatigue hit, except Mech road movement staying six hexes from the enemy,
    MR bonus units and IB one-hex Art moves (3.5.4a)."""
    if p.pa or p.allowance is None or not rest.is_rest(m, u) or rest.exempt(m, u):
        return
    if u.is_art and u.in_battery:
        return
    if p.road and all(m.hm.distance(h, x.hex) >= 6 for h in [p.start, *p.path]
                      for x in m.units.values() if x.on_map and x.side != u.side):
        return
    if spent > p.allowance.ma:  # more than half the MA, in half MP
        from adjudicator.rules.lucky_forward import fatigue

        fatigue.hit(m, u, "moved more than half its MA in its rest GT", ("3.5.4",))
