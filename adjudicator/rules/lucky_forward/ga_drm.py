"""GA step 6 (13.8): the four DRM bonuses, each attacker minus defender, their
sum applied to both rolls and capped at +-60 (13.8.5).

* Proficiency (13.8.1): lead PR units; +1 in an ET/Fort/Ft Area (max 8), +1
  with a participating leader (max 9); 5 per point of difference.
* Combat reserve (13.8.2): committed CR units, at most 3 a side; 5 each.
* RIB (13.8.3): eligible units by Rgt, 5 each (options lf.a10-rib-minimum,
  lf.rib-last-step).
* Armor/AT (13.8.4): the four cases, terrain and DW modifiers (the missing
  armour terrain table), the caps (terrain, 5 by day / 2 at night), 10 per
  bonus or 15 (13.8.4g).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from adjudicator.rules.lucky_forward import prc, stacking, terrain
from adjudicator.rules.lucky_forward.cite import AXIS
from adjudicator.rules.lucky_forward.model import BN, OUT, PA, STRAT, TAC, Model, U

RIB_TYPES_GERMAN = ("engineer", "fusilier", "recon")


@dataclass
class Bonus:
    section: str
    attacker: int
    defender: int
    value: int  # DRM per bonus
    text: str
    case: str

    @property
    def drm(self) -> int:
        return (self.attacker - self.defender) * self.value


def group_pr(m: Model, u: U, which: str) -> int:
    """13.8.1 / 6.2.0: in a special stack the Bn. or hybrid's PR, or the lowest
    PR when all are Co.s."""
    units = [x for x in m.stack(u.hex) if x.side == u.side]
    groups = stacking.groups(m, units, terrain.stacking_constricted(m, u.hex))
    host = groups.get(u.id, u.id)
    members = [x for x in units if groups.get(x.id, x.id) == host]
    if len(members) <= 1:
        return prc.rating(m, u, which)
    big = [x for x in members if x.size == BN or x.has("hybrid")]
    if big:
        return prc.rating(m, big[0], which)
    return min(prc.rating(m, x, which) for x in members)


def leader_with(m: Model, units: list[U]) -> U | None:
    for u in units:
        for x in m.stack(u.hex):
            if x.is_leader and x.st.leader_active and x.side == u.side:
                return x
    return None


def in_dw(m: Model, h: int) -> bool:
    """17.4.1a: an ET, Fort or Ft Area (not an IP)."""
    return bool(set(terrain.works(m, h)) & {"ET-2", "ET-3", "fort"}) or terrain.ft_area(m, h)


def proficiency(m: Model, h: int, attackers: list[U], defenders: list[U], lead_a: U, lead_d: U) -> Bonus:
    pa = group_pr(m, lead_a, "offensive")
    pd = group_pr(m, lead_d, "defensive")
    notes = []
    if in_dw(m, h) and not lead_d.attack_designated and lead_d.st.mode not in (STRAT, 2):
        pd = min(8, pd + 1)
        notes.append("+1 in an ET/Fort/Ft Area")
    if leader_with(m, attackers) is not None:
        pa = min(9, pa + 1)
        notes.append("+1 attacker's leader")
    if leader_with(m, defenders) is not None:
        pd = min(9, pd + 1)
        notes.append("+1 defender's leader")
    a, d = (pa - pd, 0) if pa > pd else (0, pd - pa)
    return Bonus("proficiency", a, d, 5, f"lead PR {pa} vs {pd}" + (f" ({', '.join(notes)})" if notes else ""),
                 "13.8.1")


def reserves(m: Model, units: list[U], participants: list[U], candidate_ids: list[str]) -> list[str]:
    """13.8.2: CR units that may support: same formation as a participant,
    within three hexes of one by a path not through enemy units, not across a
    major/great river, not through hexes prohibited to both classes."""
    out = []
    side = participants[0].side
    for uid in candidate_ids:
        u = m.units.get(uid)
        if u is None or u.side != side or not u.st.combat_reserve or u.st.fatigue or u.st.supply == OUT:
            continue
        if not any(p.hq == u.hq for p in participants):
            continue
        if _cr_path(m, u, {p.hex for p in participants}):
            out.append(uid)
    return out


def _cr_path(m: Model, u: U, goals: set[int]) -> bool:
    seen = {u.hex}
    frontier = [u.hex]
    for _ in range(3):
        nxt = []
        for h in frontier:
            for t in m.hm.neighbours(h):
                if t in seen or terrain.river(m, h, t) in ("major river", "great river"):
                    continue
                if any(x.side != u.side for x in m.stack(t)):
                    continue
                if t in goals:
                    return True
                seen.add(t)
                nxt.append(t)
        frontier = nxt
    return False


def rib_eligible(m: Model, u: U) -> bool:
    """13.8.3b."""
    st = u.st
    if st.mode not in (PA, TAC) or st.attached_to or u.c.breakdown_unit or u.is_z:
        return False
    if st.supply == OUT or st.out_of_command or st.fatigue or st.motorized or st.gave_rib:
        return False
    if u.c.rear_echelon and u.side == AXIS:
        return False
    if m.opts.rib_last_step == "excluded" and u.steps_left <= 1:
        return False
    if u.has("infantry") and not u.has("engineer"):
        return bool(u.regiment)
    if u.has("hybrid") or (u.has("recon") and u.has("cavalry")):
        return bool(u.regiment)
    if u.side == AXIS and any(u.has(t) for t in RIB_TYPES_GERMAN):
        return True
    hq = m.hqs.get(u.hq)
    if u.side == AXIS and u.pure_afv and hq is not None and hq.mech_formation:
        return True
    return False


def _rib_key(u: U) -> str:
    """The 'Rgt' a unit's RIB counts for: its Rgt (CC, CvGp); German
    Eng/Fusilier/Recon/AFV units count with their formation (13.8.3b 5-8)."""
    if u.side == AXIS:
        return f"formation:{u.hq}"
    return f"rgt:{u.hq}:{u.regiment}"


def _rib_count(m: Model, units: list[U], rgts: int, cap: int) -> tuple[int, list[str]]:
    groups: dict[str, list[U]] = {}
    for u in units:
        groups.setdefault(_rib_key(u), []).append(u)
    counts = []
    for k, us in groups.items():
        n = len(us)
        if any(u.has("cavalry") for u in us):
            n = min(n, 2)  # 13.8.3b 10
        n = min(3, n)
        mode = m.opts.rib_minimum
        if mode == "threshold" and n < 2:
            n = 0
        elif mode == "floor" and n >= 1:
            n = max(2, n)
        counts.append((n, k, us))
    counts.sort(key=lambda x: (-x[0], x[1]))
    chosen = counts[:rgts]
    total = min(cap, sum(n for n, _, _ in chosen))
    ids = [u.id for n, _, us in chosen if n for u in us]
    return total, ids


def rib(m: Model, h: int, attackers: list[U], defenders: list[U]) -> tuple[Bonus, list[str]]:
    att = [u for u in attackers if rib_eligible(m, u)]
    a, a_ids = _rib_count(m, att, 2, 6)
    d_units = [u for u in defenders if rib_eligible(m, u)]
    rgts = {u.regiment for u in defenders if u.regiment}
    for n in m.hm.neighbours(h):
        if terrain.river(m, h, n) in ("major river", "great river"):
            continue
        for u in m.stack(n):
            if u.side == defenders[0].side and u.size == BN and u.steps_left >= 2 and u.regiment in rgts \
                    and rib_eligible(m, u):
                d_units.append(u)
    d, d_ids = _rib_count(m, d_units, 1, 3)
    x = min(a, d)
    return Bonus("RIB", a - x, d - x, 5, f"RIB {a} vs {d}", "13.8.3"), a_ids + d_ids


@dataclass
class ArmorFactor:
    unit: U | None
    kind: str  # "Arm", "AT" or ""
    value: int
    notes: list[str] = field(default_factory=list)


def factor(m: Model, u: U, attacking: bool, standoff: bool, has_ca: bool) -> ArmorFactor:
    """13.8.4: a unit's Arm or AT factor in this GA."""
    c = u.c
    if standoff:
        return ArmorFactor(u, "", 0, ["standoff"])
    kind, val = "", 0
    if c.HasField("armor") and c.HasField("armor_defense"):
        kind, val = "Arm", (c.armor if attacking else c.armor_defense)
    elif c.HasField("armor"):
        kind, val = "Arm", c.armor
    elif c.HasField("anti_tank"):
        kind, val = "AT", c.anti_tank
    if not attacking and u.has("armored-infantry") and kind in ("", "AT"):
        kind, val = "Arm", max(val, 1)  # 13.8.4: Arm Inf defending without armour
    notes = []
    if u.pure_afv and not has_ca:
        val = 0
        notes.append("no combined arms (13.6.1d)")
    if u.is_art and (u.st.ammo_depleted or not u.in_battery) and not u.c.self_propelled:
        val = 0
        notes.append("AD / OoB towed Art")
    if u.st.supply == OUT and m.opts.oos_armor == "zero":
        val = 0
        notes.append("OoS (13.8.4; option lf.a5-oos-armor)")
    if u.st.dismounted:
        val = max(0, val - 1)
    return ArmorFactor(u, kind, val, notes)


def terrain_row(m: Model, choice: str, h: int) -> tuple[int, int | None, str]:
    """(modifier, max bonuses or None = no cap of its own, row) of the armour
    terrain table for the defender's chosen feature (NeedsData if unknown)."""
    t = m.table("lucky-forward/armor-terrain")
    mod = int(t.lookup(choice, "modifier", reason=f"armour terrain modifier of {choice} at {m.label(h)}").value)
    mx = t.lookup(choice, "max bonuses", reason=f"most armour bonuses in {choice} at {m.label(h)}").value
    return mod, (None if mx.strip() == "-" else int(mx)), choice


def dw_row(m: Model, h: int, defenders: list[U]) -> tuple[int, str]:
    if any(u.attack_designated or u.st.mode in (STRAT, 2) for u in defenders):
        return 0, ""
    t = m.table("lucky-forward/armor-terrain")
    kinds = [k for k in terrain.works(m, h) if k in t._row_index]
    if terrain.ft_area(m, h):
        kinds.append("west-wall")
    best = (0, "")
    for k in kinds:
        v = int(t.lookup(k, "modifier", reason=f"armour DW modifier of {k} at {m.label(h)}").value)
        if v < best[0]:
            best = (v, k)
    return best


def armor(m: Model, h: int, att: ArmorFactor, dfn: ArmorFactor, terrain_choice: str) -> Bonus:
    """13.8.4a-g."""
    cap_gt = 2 if m.night else 5

    def capped(n: int, tmax: int | None) -> int:
        return max(0, min(n, cap_gt, tmax if tmax is not None else n))

    a = d = 0
    text = "no armour bonus"
    if att.kind == "" and dfn.kind == "":
        return Bonus("armor", 0, 0, 10, text, "13.8.4")
    if att.kind in ("AT", "") and dfn.kind in ("AT", ""):
        mounted = dfn.unit is not None and dfn.unit.has("armored-infantry") and not dfn.unit.st.dismounted
        d = 1 if (mounted and dfn.kind == "Arm") else 0
        text = "AT vs AT: none" + (" (a mounted Arm Inf defends: 1)" if d else "")
    elif att.kind == "Arm" and dfn.kind == "Arm":
        diff = att.value - dfn.value
        if diff:
            mod, tmax, row = terrain_row(m, terrain_choice, h)
            n = capped(abs(diff) + mod, tmax)
            a, d = (n, 0) if diff > 0 else (0, n)
            text = f"Arm {att.value} vs Arm {dfn.value}, {row} {mod:+d}: {n} bonus(es)"
        else:
            text = f"Arm {att.value} vs Arm {dfn.value}: equal"
    elif att.kind == "Arm":  # vs AT (or no Arm/AT factor)
        diff = att.value - dfn.value
        if diff < 0:
            d = capped(-diff, None)
            text = f"Arm {att.value} vs AT {dfn.value}: {d} to the defender (no terrain)"
        elif diff > 0:
            mod, tmax, row = terrain_row(m, terrain_choice, h)
            dwm, dwk = dw_row(m, h, [dfn.unit] if dfn.unit else [])
            a = capped(diff + mod + dwm, tmax)
            text = f"Arm {att.value} vs AT {dfn.value}, {row} {mod:+d}" + (f", {dwk} {dwm:+d}" if dwk else "") + \
                f": {a} bonus(es)"
    else:  # attacker AT, defender Arm (its offensive factor, 13.8.4e)
        off = dfn.unit.c.armor if dfn.unit is not None and dfn.unit.c.HasField("armor") else dfn.value
        diff = off - att.value
        if diff > 0:
            mod, tmax, row = terrain_row(m, terrain_choice, h)
            d = capped(diff + mod, tmax)
            text = f"AT {att.value} vs Arm {off}, {row} {mod:+d}: {d} to the defender"
    value = 10
    side_factor = att.value if a else dfn.value if d else 0
    arm_clear = any(f.kind == "Arm" and f.unit is not None and "clear" in terrain.terrains(m, f.unit.hex)
                    and not terrain.mct(m, f.unit.hex) for f in (att, dfn))
    if side_factor >= 5 and arm_clear:
        value = 15  # 13.8.4g
    return Bonus("armor", a, d, value, text, "13.8.4")


def total(bonuses: list[Bonus]) -> tuple[int, int]:
    """13.8.5: the sum, and the sum capped at +-60."""
    s = sum(b.drm for b in bonuses)
    return s, max(-60, min(60, s))
