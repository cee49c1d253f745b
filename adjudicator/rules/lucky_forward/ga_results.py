"""A GA after its declaration: the defender's and the attacker's choices
(pending decisions), steps 4-7 (GAV, odds, shifts, DRMs, both sides' 2d10 on
the missing GAT), then step 8 in ga_apply.py."""

from __future__ import annotations

from dataclasses import dataclass, field

from adjudicator.core import decisions as dec
from adjudicator.core.dice import DiceSource
from adjudicator.rules.lucky_forward import ga_drm, ga_shifts, ga_value, rest, terrain
from adjudicator.rules.lucky_forward.cite import ALLIED, GOSS
from adjudicator.rules.lucky_forward.model import ON_HAND, Model, U
from adjudicator.rules.lucky_forward.results_text import parse_ga

GA_LINE, GA_DEFENDER, GA_ATTACKER = "GA_LINE", "GA_DEFENDER", "GA_ATTACKER"


def units(m: Model, ids: list[str]) -> list[U]:
    return [m.units[i] for i in ids if i in m.units and m.units[i].us.status == 0]


def begin(m: Model, dice: DiceSource) -> None:
    ga = m.lf.ga
    h = m.hex_id(ga.hex)
    lines = terrain.lines(m, h)
    ga.stage = "line"
    if len(lines) > 1:
        m.state.pending.CopyFrom(dec.decision(
            m.next_decision_id(), ga.defender.side, GA_LINE, f"GA on {ga.hex}: choose the terrain line",
            GOSS.cite("13.3.2"), [dec.option(str(k), f"line {k} ({', '.join(v)})") for k, v in sorted(lines.items())]))
        return
    set_line(m, next(iter(lines)), dice)


def set_line(m: Model, line: int, dice: DiceSource) -> None:
    ga = m.lf.ga
    ga.line = line
    h = m.hex_id(ga.hex)
    ga.defender.terrain = ",".join(terrain.lines(m, h)[line])
    if line == 1 and ga.attacker.standoff:
        m.emit("STANDOFF_VOID", "no standoff against a defender on terrain line 1", ["13.5.2"])
        del ga.attacker.standoff[:]
    ga.stage = "defender"
    ask_defender(m)


def may_half(m: Model, side: str) -> bool:
    """13.5.4: in an ENA period or a rest GT. Offered whenever the defender
    might be resting: the Axis designation is secret (3.5.2), so the offer
    itself reveals nothing; an answer picking it is checked against it."""
    if m.ena:
        return True
    if side == ALLIED:
        return m.lf.time == "night"
    return True


def defender_options(m: Model) -> list[tuple[str, str]]:
    ga = m.lf.ga
    h = m.hex_id(ga.hex)
    defs = units(m, list(ga.defender.units))
    atts = units(m, list(ga.attacker.units))
    out: list[tuple[str, str]] = []
    for u in defs:
        out.append((f"lead:{u.id}", f"lead PR unit {u.d.name or u.id}"))
    for u in defs:
        if u.c.HasField("armor") or u.c.HasField("anti_tank") or u.has("armored-infantry"):
            out.append((f"armor:{u.id}", f"lead Arm/AT unit {u.d.name or u.id}"))
            if ga.line != 1 and u.c.HasField("armor"):
                out.append((f"standoff:{u.id}", f"{u.d.name or u.id} stands off"))
    for u in defs:
        if u.st.supply == ON_HAND:
            out.append((f"ohs:{u.id}", f"{u.d.name or u.id} uses its full CS (then OoS)"))
    if may_half(m, ga.defender.side):
        out.append(("half", "defend at half strength (ENA period / rest GT: no fatigue)"))
    for ldr in leaders(m, defs):
        out.append((f"leader:{ldr.id}", f"{ldr.d.name or ldr.id}'s formation shift"))
    for uid in ga_drm.reserves(m, [], defs, [u.id for u in m.side_units(ga.defender.side)]):
        out.append((f"cr:{uid}", f"commit CR unit {uid}"))
    if _armor_possible(m, atts, defs):
        for t in terrain.terrains(m, h):
            out.append((f"terrain:{t}", f"armour terrain: {t}"))
        if any(u.pure_afv and "clear" in terrain.terrains(m, u.hex) and not terrain.mct(m, u.hex) for u in atts):
            out.append(("terrain:attacker-clear", "armour terrain: the clear hex of an attacking AFV (13.8.4c)"))
    return out


def _armor_possible(m: Model, atts: list[U], defs: list[U]) -> bool:
    def has(u: U) -> bool:
        return u.c.HasField("armor") or u.c.HasField("anti_tank") or u.has("armored-infantry")

    return any(has(u) for u in atts) or any(has(u) for u in defs)


def leaders(m: Model, units_: list[U]) -> list[U]:
    """23.2.1b: an active formation leader in or next to a hex with one of his
    subordinate participating units, once per player turn; not offensively in
    his rest GT."""
    out = []
    for ldr in m.units.values():
        if not (ldr.on_map and ldr.is_leader and ldr.st.leader_active) or ldr.st.leader_bonus_used:
            continue
        if any(u.side == ldr.side and u.hq == ldr.c.leader_hq and m.hm.distance(u.hex, ldr.hex) <= 1 for u in units_):
            out.append(ldr)
    return out


def ask_defender(m: Model) -> None:
    ga = m.lf.ga
    opts = defender_options(m)
    m.state.pending.CopyFrom(dec.decision(
        m.next_decision_id(), ga.defender.side, GA_DEFENDER,
        f"GA on {ga.hex} (terrain line {ga.line}): your lead PR unit and the defender's declarations "
        "(lead:, armor:, standoff:, ohs:, half, leader:, cr:, terrain:)", GOSS.cite("13.5.0"),
        [dec.option(k, v) for k, v in opts], min_choices=1, max_choices=0, context={"private": "true"}))


def check_defender(m: Model, choices: list[str]) -> list[tuple[str, str]]:
    """Why the defender's declarations break the rules (message, case)."""
    ga = m.lf.ga
    defs = units(m, list(ga.defender.units))
    out = []
    lead = [c[5:] for c in choices if c.startswith("lead:")]
    stand = [c[9:] for c in choices if c.startswith("standoff:")]
    if len(lead) != 1:
        out.append(("choose exactly one lead PR unit (lead:<unit>)", "13.8.1"))
    else:
        u = m.units[lead[0]]
        why = _lead_problem(m, u, defs, stand)
        if why:
            out.append((f"{u.id}: {why}", "13.8.1"))
    if len([c for c in choices if c.startswith("armor:")]) > 1:
        out.append(("at most one lead Arm/AT unit", "13.8.4a"))
    if any(c.startswith("armor:") and c[6:] in stand for c in choices):
        out.append(("a unit in standoff gives no Arm/AT bonus", "13.5.2"))
    if stand and set(stand) >= {u.id for u in defs}:
        out.append(("at least one defender must not stand off", "13.5.2"))
    if len([c for c in choices if c.startswith("leader:")]) > 1:
        out.append(("one leader bonus per GA", "23.2.1b"))
    if len([c for c in choices if c.startswith("cr:")]) > 3:
        out.append(("at most three CR units per side", "13.8.2"))
    terr = [c for c in choices if c.startswith("terrain:")]
    offered = [k for k, _ in defender_options(m) if k.startswith("terrain:")]
    if len(terr) > 1 or (len(offered) > 1 and not terr):
        out.append(("choose the terrain for the armour modifier (terrain:<feature>)", "13.8.4a"))
    if "half" in choices:
        side = ga.defender.side
        if not m.ena:
            resting = [rest.is_rest(m, u) for u in defs]
            if any(r is None for r in resting):
                out.append(("whether it is your rest GT is not known to this state", "3.5.2"))
            elif not all(resting):
                out.append(("half strength by choice only in an ENA period or the defender's rest GT", "13.5.4"))
        _ = side
    return out


def _lead_problem(m: Model, u: U, defs: list[U], stand: list[str]) -> str | None:
    from adjudicator.rules.lucky_forward.ga_declare import lead_problem

    return lead_problem(m, u, defs, False, stand)


def set_defender(m: Model, choices: list[str], dice: DiceSource) -> None:
    ga = m.lf.ga
    d = ga.defender
    for c in choices:
        k, _, v = c.partition(":")
        if k == "lead":
            d.lead_pr = v
        elif k == "armor":
            d.lead_armor = v
        elif k == "standoff":
            d.standoff.append(v)
        elif k == "ohs":
            d.ohs_full.append(v)
        elif k == "half":
            d.half_strength = True
        elif k == "leader":
            d.leader = v
        elif k == "cr":
            d.reserves.append(v)
        elif k == "terrain":
            d.armor_terrain = v
    if not d.armor_terrain:
        only = [k for k, _ in defender_options(m) if k.startswith("terrain:")]
        if len(only) == 1:
            d.armor_terrain = only[0][8:]  # 1.2.0: the one feature there is
    defs = units(m, list(d.units))
    if not d.half_strength:
        for u in defs:
            if rest.is_rest(m, u) and not rest.exempt(m, u):
                u.st.rest_fatigue_due += 1  # 3.5.4 c: defended at more than half CS in its rest GT
            if m.ena:
                u.st.ena_fatigue_due += 1  # 3.4.6 c
    for uid in d.reserves:
        u = m.units[uid]
        if rest.is_rest(m, u) and not rest.exempt(m, u):
            u.st.rest_fatigue_due += 1  # 3.5.4 e
    ga.stage = "attacker"
    atts = units(m, list(ga.attacker.units))
    lds = leaders(m, atts)
    crs = ga_drm.reserves(m, [], atts, [u.id for u in m.side_units(ga.attacker.side)])
    if not lds and not crs:
        resolve(m, dice)
        return
    opts = [dec.option(f"leader:{x.id}", f"{x.d.name or x.id}'s formation shift") for x in lds]
    opts += [dec.option(f"cr:{x}", f"commit CR unit {x}") for x in crs]
    m.state.pending.CopyFrom(dec.decision(
        m.next_decision_id(), ga.attacker.side, GA_ATTACKER,
        f"GA on {ga.hex}: the defender has declared; your leader bonus and CR units (none: answer with no choice)",
        GOSS.cite("13.8.2"), opts, min_choices=0, max_choices=0))


def set_attacker(m: Model, choices: list[str], dice: DiceSource) -> None:
    a = m.lf.ga.attacker
    for c in choices:
        k, _, v = c.partition(":")
        if k == "leader":
            a.leader = v
        elif k == "cr":
            a.reserves.append(v)
    for uid in a.reserves:
        u = m.units[uid]
        if rest.is_rest(m, u) and not rest.exempt(m, u):
            u.st.rest_fatigue_due += 1  # 3.5.4 e
    resolve(m, dice)


@dataclass
class Assessment:
    att: list[ga_value.Strength] = field(default_factory=list)
    dfn: list[ga_value.Strength] = field(default_factory=list)
    att_gav: int = 0
    def_gav: int = 0
    odds: ga_value.Odds | None = None
    claims: list[ga_shifts.Claim] = field(default_factory=list)
    final: int = 0
    bonuses: list[ga_drm.Bonus] = field(default_factory=list)
    drm: int = 0
    rib_units: list[str] = field(default_factory=list)
    engineers: list[str] = field(default_factory=list)


def assess(m: Model) -> Assessment:
    ga = m.lf.ga
    h = m.hex_id(ga.hex)
    atts = units(m, list(ga.attacker.units))
    defs = units(m, list(ga.defender.units))
    out = Assessment()
    f2 = m.opts.fatigue2_attacker
    both_pure = all(u.pure_afv for u in atts) and all(u.pure_afv for u in defs)
    for x in {u.hex for u in atts}:
        here = [u for u in atts if u.hex == x]
        ca = ga_value.combined_arms(m, here)
        for u in here:
            no_ca = u.pure_afv and u.id not in ca and ga_value.needs_combined_arms(m, h) and not both_pure
            out.att.append(ga_value.attack_strength(m, u, h, u.id in ga.attacker.standoff, f2, no_ca))
    ca = ga_value.combined_arms(m, defs)
    for u in defs:
        no_ca = u.pure_afv and u.id not in ca and ga_value.needs_combined_arms(m, h) and not both_pure
        out.dfn.append(ga_value.defense_strength(m, u, defs, standoff=u.id in ga.defender.standoff,
                                                 half=ga.defender.half_strength, ohs_full=u.id in ga.defender.ohs_full,
                                                 no_ca=no_ca))
    out.att_gav, out.def_gav = ga_value.gav(out.att), ga_value.gav(out.dfn)
    lone_z = len(defs) == 1 and defs[0].is_z and out.def_gav == 0
    out.odds = ga_value.odds(m, ga.line, out.att_gav, out.def_gav, lone_zero_z=lone_z)
    out.claims = ga_shifts.claims(m, h, atts, defs, lead_pr=ga.attacker.lead_pr, att_leader=ga.attacker.leader,
                                  def_leader=ga.defender.leader)
    out.engineers = ga_shifts.engineers(m, atts, ga.attacker.lead_pr)[:sum(
        c.columns for c in out.claims if c.case == "13.7.4b")]
    out.final, _ = ga_value.shifted(m, ga.line, out.odds.index, ga_shifts.net(out.claims))
    lead_a, lead_d = m.units[ga.attacker.lead_pr], m.units[ga.defender.lead_pr]
    out.bonuses.append(ga_drm.proficiency(m, h, atts, defs, lead_a, lead_d))
    ra, rd = len(ga.attacker.reserves), len(ga.defender.reserves)
    x = min(ra, rd)
    out.bonuses.append(ga_drm.Bonus("CR", ra - x, rd - x, 5, f"CR {ra} vs {rd}", "13.8.2"))
    rib, out.rib_units = ga_drm.rib(m, h, atts, defs)
    out.bonuses.append(rib)
    out.bonuses.append(_armor(m, h, atts, defs))
    _, out.drm = ga_drm.total(out.bonuses)
    return out


def _armor(m: Model, h: int, atts: list[U], defs: list[U]) -> ga_drm.Bonus:
    ga = m.lf.ga
    none = ga_drm.ArmorFactor(None, "", 0)
    la = m.units.get(ga.attacker.lead_armor)
    ld = m.units.get(ga.defender.lead_armor)
    ca_a = set().union(*[ga_value.combined_arms(m, [u for u in atts if u.hex == x]) for x in {u.hex for u in atts}])
    ca_d = ga_value.combined_arms(m, defs)
    need = ga_value.needs_combined_arms(m, h)
    fa = ga_drm.factor(m, la, True, la.id in ga.attacker.standoff, la.id in ca_a or not need) if la else none
    fd = ga_drm.factor(m, ld, False, ld.id in ga.defender.standoff, ld.id in ca_d or not need) if ld else none
    choice = ga.defender.armor_terrain.removeprefix("terrain:") or "clear"
    if choice == "attacker-clear":
        choice = "clear"
    return ga_drm.armor(m, h, fa, fd, choice)


def resolve(m: Model, dice: DiceSource) -> None:
    """Steps 4-7, then step 8 (ga_apply.run)."""
    from adjudicator.rules.lucky_forward import ga_apply

    ga = m.lf.ga
    a = assess(m)
    assert a.odds is not None
    letters = ga_value.letters(m)
    ga.initial_column = a.odds.column
    ga.final_column = letters[a.final]
    ga.drm = a.drm
    ga.attacker.gav, ga.defender.gav = a.att_gav, a.def_gav
    ga.attacker.ignore_max_step_loss = a.odds.below_table
    del ga.shifts[:]
    ga.shifts.extend(f"{'+' if c.side == 'attacker' else '-'}{c.columns} {c.reason} ({c.case})" for c in a.claims)
    ga.attacker.shift_engineers.extend(a.engineers)
    rolls = {}
    for side, table in ((ga.attacker, "lucky-forward/gat-defender-results"),
                        (ga.defender, "lucky-forward/gat-attacker-results")):
        tens = dice.roll(10, f"GA on {ga.hex}: {side.side} 2d10 tens") % 10
        ones = dice.roll(10, f"GA on {ga.hex}: {side.side} 2d10 ones") % 10
        dr = 10 * tens + ones
        side.roll = dr
        side.modified = dr + a.drm
        cell = m.table(table).lookup(str(max(-60, min(159, side.modified))), ga.final_column,
                                     reason=f"GA on {ga.hex}: {side.side}'s DR {dr}{a.drm:+d}")
        rolls[side.side] = cell.value
    ga.defender.result = parse_ga(rolls[ga.attacker.side]).text()
    ga.attacker.result = parse_ga(rolls[ga.defender.side]).text()
    for s in (ga.attacker, ga.defender):
        r = parse_ga(s.result)
        s.mandatory, s.discretionary = r.mandatory, r.discretionary
    for uid in a.rib_units:
        m.units[uid].st.gave_rib = True
    m.emit("GA_RESOLVED", _summary(m, a), sorted({"13.6.0", "13.7.0", "13.8.0", "13.9.0"} |
                                                 {c.case.split()[0] for c in a.claims}),
           units=list(ga.attacker.units) + list(ga.defender.units), to=ga.hex)
    ga.stage = "attacker-results"
    ga_apply.start_side(m, ga.attacker)
    ga_apply.run(m, dice)


def _summary(m: Model, a: Assessment) -> str:
    ga = m.lf.ga
    assert a.odds is not None
    sh = "; ".join(f"{'R' if c.side == 'attacker' else 'L'}{c.columns} {c.reason}" for c in a.claims if c.columns)
    bon = "; ".join(f"{b.text} ({b.drm:+d})" for b in a.bonuses if b.drm or b.section == "proficiency")
    return (f"GA on {ga.hex}: GAV {a.att_gav} vs {a.def_gav} = {float(a.odds.ratio):.2f}:1 -> line {ga.line} column "
            f"{ga.initial_column}" + (" (below the table)" if a.odds.below_table else "")
            + f"; shifts [{sh or 'none'}] -> {ga.final_column}; DRM {ga.drm:+d} [{bon}]; attacker {ga.attacker.roll}"
            f"{ga.drm:+d}={ga.attacker.modified}: defender {ga.defender.result}; defender {ga.defender.roll}"
            f"{ga.drm:+d}={ga.defender.modified}: attacker {ga.attacker.result}")
