"""Declaring a GA (13.3-13.5): the defending hex, the attacking units and the
attacker's own declarations; then the defender's and the attacker's choices as
pending decisions in the text's order (13.3.2 the terrain line, 13.5 standoff
and OhS, attacker first; 13.7.3k leaders, defender first; 13.8.2 CR, defender
first; 13.8.4a lead Arm/AT, attacker first)."""

from __future__ import annotations

from adjudicator.core.dice import DiceSource
from adjudicator.core.verdicts import VerdictBuilder
from adjudicator.rules.lucky_forward import sop, stacking, terrain
from adjudicator.rules.lucky_forward.cite import AXIS, GOSS
from adjudicator.rules.lucky_forward.costs import entry_allowed
from adjudicator.rules.lucky_forward.model import BN, CO, MECH, PA, STRAT, Model, U
from umpire.v1 import action_pb2, lucky_forward_pb2 as lf_pb2


def defenders_of(m: Model, h: int, side: str) -> list[U]:
    """13.3.1, 13.5.5: all units of the hex defend; units that retreated there
    after an earlier GA take part in the results only."""
    return [u for u in m.stack(h) if u.side != side and not u.is_leader]


def lead_problem(m: Model, u: U, units: list[U], attacking: bool, standoff: list[str]) -> str | None:
    if u.id in standoff:
        return "a unit in standoff is not the lead PR unit (13.5.2)"
    if u.is_z and any(not x.is_z for x in units) and not any(t in u.c.types for t in ("pz-v", "pz-vi")):
        return "a Z-step is not the lead PR unit with Co.s or Bn.s taking part (4.1.3)"
    if attacking and not u.c.HasField("offensive_pr"):
        return "a unit without an offensive PR is not the lead PR unit (4.4.0)"
    if u.has("commando") and not all(x.has("commando") for x in units):
        h = u.hex
        if not attacking or not ("fort" in terrain.works(m, h) or terrain.ft_area(m, h)):
            return "a CDO leads only when attacking a Fort/Ft Area or when only CDOs take part (4.6.6)"
    if u.has("cw-recon") and len(units) > 1:
        return "a CW Recon Bn. stacked with others is not the lead PR unit (4.6.8)"
    if u.st.mode == STRAT and any(x.st.mode != STRAT for x in units):
        return "a Strat unit is not the lead PR unit with non-Strat units (5.5.6)"
    return None


def validate_ground_assault(m: Model, action: action_pb2.Action, b: VerdictBuilder) -> None:
    if not sop.guard(m, "lucky_forward.ground_assault", action, b):
        return
    r = action.lucky_forward.ground_assault
    side = action.side
    h = m.hex_id(r.hex, "ground_assault.hex")
    defs = defenders_of(m, h, side)
    if not defs:
        b.violation("NO_DEFENDER", f"{r.hex} holds no enemy unit", GOSS.cite("13.3.0"))
        return
    if m.label(h) in m.lf.attacked_hexes:
        b.violation("ATTACKED", f"{r.hex} has been attacked this GA Segment", GOSS.cite("13.3.1"))
    if all(u.st.ga_retreated for u in defs):
        b.violation("RETREATED", "units that retreated into an empty hex after a GA are not attacked again",
                    GOSS.cite("13.5.5"))
    ids = list(r.attackers)
    if not ids or len(set(ids)) != len(ids):
        b.violation("ATTACKERS", "name each attacking unit once", GOSS.cite("13.4.0"))
        return
    atts: list[U] = []
    for uid in ids:
        u = m.units.get(uid)
        if u is None or u.side != side or not u.on_map:
            b.violation("NOT_YOURS", f"{uid} is not a unit of yours on the map", GOSS.cite("13.4.0"), uid)
            continue
        atts.append(u)
    if not b.ok:
        return
    for u in atts:
        why = attacker_problem(m, u, h, list(r.standoff))
        if why is not None:
            b.violation("CANNOT_ATTACK", f"{u.d.name or u.id}: {why[0]}", GOSS.cite(why[1]), u.id)
    hexes = {u.hex for u in atts}
    if len(hexes) > 1 and not all(u.st.mode == PA for u in atts):
        b.violation("MULTI_HEX", "a multi-hex GA needs every attacker in PA mode; TA units never combine",
                    GOSS.cite("13.4.1"))
    for x in hexes:
        here = [u for u in atts if u.hex == x]
        _hex_rules(m, here, h, b)
    _lead(m, r, atts, b)
    for uid in r.standoff:
        u = m.units.get(uid)
        if u is None or u not in atts or not (u.c.HasField("armor") or u.c.HasField("anti_tank")):
            b.violation("STANDOFF", f"{uid}: only participating units with an Arm factor stand off",
                        GOSS.cite("13.5.2"))
    if r.standoff and set(r.standoff) >= set(ids):
        b.violation("STANDOFF", "at least one attacker must not stand off", GOSS.cite("13.5.2"))
    for uid in r.ohs_full:
        u = m.units.get(uid)
        if u is None or u not in atts or u.st.supply != 1:
            b.violation("OHS", f"{uid} is not a participating OhS unit", GOSS.cite("13.5.3"))
    if b.ok:
        _order_check(m, side, h, atts, b)


def attacker_problem(m: Model, u: U, h: int, standoff: list[str]) -> tuple[str, str] | None:
    if not u.attack_designated:
        return "not attack designated", "13.4.2 a"
    if u.st.attacked:
        return "it has attacked this GA Segment", "13.4.0"
    if h not in m.hm.neighbours(u.hex):
        return f"not adjacent to {m.label(h)}", "13.4.0"
    if u.is_art and u.c.HasField("range") and u.c.range > 0:
        return "ranged Art never attacks", "13.4.2 b"
    road = bool(terrain.road(m, u.hex, h))
    if not road and not entry_allowed(m, u, h):
        return "it may not enter the defending hex (only along a road)", "13.4.2 c"
    if u.c.rear_echelon and u.side == AXIS and all(x.c.rear_echelon for x in m.stack(u.hex) if x.side == u.side):
        return "a German RE unit attacks only stacked with a non-RE unit or a leader", "13.4.2 d"
    river = terrain.river(m, u.hex, h)
    if river and u.movement_class == MECH:
        crossing = terrain.bridged(m, u.hex, h) or terrain.ford(m, u.hex, h)
        if river in ("major river", "great river") and crossing:
            return "Mech units never attack across a major/great river bridge or ford (CdM: stage 3)", "13.4.2 e"
        if not crossing and not (u.pure_afv and u.id in standoff):
            return "a Mech unit attacks across a river only at a ford or bridge, or in standoff (pure AFV)", "13.4.2 e"
    if river in ("major river", "great river") and u.movement_class != MECH and not terrain.bridged(m, u.hex, h):
        return "Leg units do not cross a major river unferried (17.2: stage 4)", "13.4.2 c"
    if u.pure_afv and (terrain.marsh(m, u.hex) or terrain.marsh(m, h)) and not road and u.id not in standoff:
        return "a pure AFV attacks into or out of marsh only along a road, or in standoff", "13.4.2"
    return None


def _hex_rules(m: Model, here: list[U], h: int, b: VerdictBuilder) -> None:
    x = here[0].hex
    con = terrain.stacking_constricted(m, h)
    groups = stacking.groups(m, here, con)
    if con:
        heads = {groups.get(u.id, u.id) for u in here}
        bns = sum(1 for u in here if u.size == BN and groups.get(u.id, u.id) == u.id)
        if len(heads) > 2 or bns > 1:
            b.violation("CONSTRICTED", f"at most two units, one a Bn., attack into constricted {m.label(h)} from "
                        f"{m.label(x)}", GOSS.cite("13.4.3"))
    for u in here:
        if u.is_z and not any(y.size in (BN, CO) and not y.is_z for y in here):
            b.violation("Z_ALONE", f"{u.d.name or u.id}: a Z-step attacks only with a Co. or larger of its hex",
                        GOSS.cite("4.1.3"), u.id)
        if not u.c.HasField("offensive_pr") and not any(
                y is not u and not y.is_z and y.c.HasField("offensive_pr") for y in here):
            b.violation("NO_OFFENSIVE_PR", f"{u.d.name or u.id} has no offensive PR: it attacks only with a non-Z "
                        "unit that has one", GOSS.cite("4.4.0"), u.id)
        if u.has("cw-recon") and len(here) == 1 and not all(d.is_z for d in m.stack(h) if d.side != u.side):
            b.violation("CW_RECON", "a lone CW Recon Bn. attacks only a lone Z-step", GOSS.cite("4.6.8"), u.id)
    if not stacking.fits(m, here, terrain.stacking_constricted(m, x)):
        b.violation("OVERSTACKED", f"only units within the stacking limit of {m.label(x)} take part",
                    GOSS.cite("6.7.0"))


def _lead(m: Model, r: lf_pb2.LfGroundAssaultAction, atts: list[U], b: VerdictBuilder) -> None:
    lead = m.units.get(r.lead_pr)
    if lead is None or lead not in atts:
        b.violation("LEAD_PR", "name the lead PR unit among the attackers", GOSS.cite("13.8.1"))
        return
    why = lead_problem(m, lead, atts, True, list(r.standoff))
    if why:
        b.violation("LEAD_PR", f"{lead.d.name or lead.id}: {why}", GOSS.cite("13.8.1"))
    if r.lead_armor:
        la = m.units.get(r.lead_armor)
        if la is None or la not in atts or not (la.c.HasField("armor") or la.c.HasField("anti_tank")):
            b.violation("LEAD_ARMOR", f"{r.lead_armor}: the lead Arm/AT unit is an attacker with an Arm/AT factor",
                        GOSS.cite("13.8.4a"))
        elif la.id in r.standoff:
            b.violation("LEAD_ARMOR", "a unit in standoff gives no Arm/AT bonus", GOSS.cite("13.5.2"))
        elif la.is_z and any(not x.is_z for x in atts):
            b.violation("LEAD_ARMOR", "a Z-step is not the lead armour unit with Co.s or Bn.s taking part",
                        GOSS.cite("4.1.3"))


def _designated(m: Model, side: str) -> tuple[dict[int, list[U]], dict[int, list[int]]]:
    """The side's attack-designated stacks that have not attacked, and the
    hexes each could attack (enemy-held neighbours not attacked yet),
    memoized for the state."""
    key = ("ga-designated", side)
    got = m.memo.get(key)
    if got is None:
        used = set(m.lf.attacked_hexes)
        stacks: dict[int, list[U]] = {}
        for u in m.side_units(side):
            if u.attack_designated and not u.st.attacked:
                stacks.setdefault(u.hex, []).append(u)
        targets = {x: [t for t in m.hm.neighbours(x) if m.label(t) not in used and defenders_of(m, t, side)]
                   for x in stacks}
        got = (stacks, targets)
        m.memo[key] = got
    return got  # type: ignore[return-value]


def _order_check(m: Model, side: str, h: int, atts: list[U], b: VerdictBuilder) -> None:
    """13.2.0: after this GA every other designated unit must still have a hex
    it can attack (TA stacks one each, PA stacks together, each defending hex
    attacked once, 13.3.1)."""
    done = {u.id for u in atts}
    all_stacks, all_targets = _designated(m, side)
    stacks = {x: [u for u in us if u.id not in done] for x, us in all_stacks.items()}
    stacks = {x: us for x, us in stacks.items() if us}
    targets = {x: [t for t in all_targets[x] if t != h] for x in stacks}
    ta = [x for x, us in stacks.items() if any(u.st.tactical_assault for u in us)]
    pa = [x for x in stacks if x not in ta]
    for x in pa:
        if not targets[x]:
            b.violation("ORDER", f"the designated units in {m.label(x)} would have no hex left to attack",
                        GOSS.cite("13.2.0"))
            return

    def feasible(i: int, taken: set[int]) -> bool:
        if i == len(ta):
            return all(any(t not in taken for t in targets[x]) for x in pa)
        return any(feasible(i + 1, taken | {t}) for t in targets[ta[i]] if t not in taken)

    if len(ta) <= 8 and not feasible(0, set()):
        b.violation("ORDER", "after this GA the remaining attack-designated stacks could not each attack a hex "
                    "(TA stacks one hex each, every hex once)", GOSS.cite("13.2.0"))


def apply_ground_assault(m: Model, action: action_pb2.Action, dice: DiceSource) -> None:
    from adjudicator.rules.lucky_forward import ga_results

    r = action.lucky_forward.ground_assault
    h = m.hex_id(r.hex)
    atts = [m.units[i] for i in r.attackers]
    defs = defenders_of(m, h, action.side)
    ga = m.lf.ga
    ga.Clear()
    ga.hex = m.label(h)
    a = ga.attacker
    a.side = action.side
    a.units.extend(r.attackers)
    a.standoff.extend(r.standoff)
    a.ohs_full.extend(r.ohs_full)
    a.lead_pr = r.lead_pr
    a.lead_armor = r.lead_armor
    d = ga.defender
    d.side = defs[0].side
    # 13.5.5 a: units that retreated there after a GA do not contribute (they suffer the results: ga_apply)
    d.units.extend(u.id for u in defs if not (u.st.ga_retreated and any(not x.st.ga_retreated for x in defs)))
    m.lf.attacked_hexes.append(ga.hex)
    for u in atts:
        u.st.attacked = True
        u.st.fought = True
        if m.ena:
            u.st.ena_fatigue_due += 1  # 3.4.6 b
    m.emit("GROUND_ASSAULT", f"{', '.join(u.d.name or u.id for u in atts)} assault {ga.hex}", ["13.2.0"],
           units=list(r.attackers) + list(d.units), to=ga.hex)
    ga_results.begin(m, dice)
