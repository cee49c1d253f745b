"""The MA pipeline (7.6.1), in the text's order, with every step cited.

1. Base MA: printed, or a substitute (dismounted 6, 7.12.1a; transported 12,
   7.12.3a/b; Leg AT moving as Mech 9, 7.12.4a; an activated leader 12,
   23.1.0; a heavy bridge unit 9, 17.3.1c).
2. Fuel (7.6.1a, 16.4.5b): a Mech unit under a low/no-fuel HQ gets the fuel
   value (option 1) or full MA / nothing (option 2).
3. Increases (7.6.1b), rounded up: Strat +50% (5.5.3b, of the fuel-modified
   MA and, by option lf.a7-strat-ground, after the ground condition), the MR
   bonus (5.4.4a), the Leg road bonus +2 (7.6.2), the formation leader's +1
   (23.2.1a). Option lf.a7-bonus-order puts the MR and leader bonuses before
   the fuel step instead (5.4.4a, 23.2.1a "prior to any other modifications").
4. Halved (7.6.1c) for any one of OoS, OoC, fatigue 1, Exploit moving in an AM
   or PM Exploit Phase; 5. quartered (7.6.1d) for two or more, or fatigue 2,
   never below a quarter of the base MA.
6. Ground condition (7.6.1e, 19.4, LF 19.4.3b).
Every division rounds up (7.6.1). Night is an MP cost, not an MA change (7.6.1f).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from adjudicator.rules.lucky_forward.model import EXPLOIT, MECH, OUT, STRAT, Model, U


@dataclass
class Allowance:
    """The MA a unit may spend this phase, and how it came about."""

    ma: int
    base: int
    steps: list[tuple[str, str]] = field(default_factory=list)  # (what happened, case)
    # A Mech unit under fuel option 2 that was not given full MA: it cannot move (16.4.5b 2).
    grounded: bool = False

    def note(self, text: str, case: str) -> None:
        self.steps.append((text, case))


def _up(x: float) -> int:
    return math.ceil(x - 1e-9)


def base_ma(m: Model, u: U, a: Allowance | None = None) -> int:
    st = u.st
    sub: tuple[int, str, str] | None = None
    if u.is_leader and st.leader_active:
        sub = (12, "an activated leader", "23.1.0")
    elif st.dismounted:
        sub = (6, "dismounted", "7.12.1a")
    elif st.motorized:
        sub = (12, "transported by TP / inherent transport", "7.12.3a")
    elif st.leg_at_as_mech:
        sub = (9, "a Leg AT unit moving as Mech", "7.12.4a")
    elif u.has("heavy-bridge"):
        sub = (9, "a heavy bridge unit", "17.3.1c")
    if sub is not None:
        if a is not None:
            a.note(f"base MA {sub[0]} ({sub[1]})", sub[2])
        return sub[0]
    printed = int(m.value(u, "movement", f"the printed MA of {u.id} (7.1.0)"))
    if a is not None:
        a.note(f"printed MA {printed}", "7.1.0")
    return printed


def fuel_applies(m: Model, u: U) -> bool:
    """16.4.3a: fuel states bind Mech class units, not Leg units, horse-drawn
    Art (5.6.2) or dismounted units; leaders move regardless (23.1.0)."""
    return u.movement_class == MECH and not u.c.horse_drawn and not (u.is_leader and u.st.leader_active)


def leader_bonus(m: Model, u: U) -> U | None:
    """23.2.1a: an active formation leader stacked with the formation HQ gives
    +1 MP to all its units; otherwise to units stacked with or adjacent to him."""
    for ldr in m.leaders:
        if not (ldr.on_map and ldr.st.leader_active and ldr.side == u.side):
            continue
        hq = ldr.c.leader_hq
        if not hq or ldr is u:
            continue
        if u.hq != hq:
            continue
        hq_hex = m.hq_unit_hex(hq)
        if hq_hex >= 0 and hq_hex == ldr.hex:
            return ldr
        if u.on_map and m.hm.distance(u.hex, ldr.hex) <= 1:
            return ldr
    return None


def allowance(m: Model, u: U, *, exploit: bool = False, road_only_ps: bool = False, mech_road: bool = False,
              leg_road_bonus: bool = False) -> Allowance:
    """The unit's MA for a move: `exploit` in an Exploit Phase; `road_only_ps`
    when the whole move is along primary/secondary roads; `mech_road` for Mech
    road movement; `leg_road_bonus` when 7.6.2's conditions hold."""
    a = Allowance(0, 0)
    base = base_ma(m, u, a)
    a.base = base
    ma = base
    st = u.st
    opts = m.opts
    bonus_first = opts.bonus_order == "first"

    def bonuses(ma: int) -> int:
        if st.mr_bonus_mp and (u.mech or u.has("recon")):
            ma += st.mr_bonus_mp
            a.note(f"+{st.mr_bonus_mp} MR bonus", "5.4.4a")
        ldr = leader_bonus(m, u)
        if ldr is not None:
            ma += 1
            a.note(f"+1 formation leader ({ldr.d.name or ldr.id})", "23.2.1a")
        return ma

    if bonus_first:
        ma = bonuses(ma)
    # 2. fuel
    if fuel_applies(m, u):
        hs = m.hq_status.get(u.hq)
        state = m.fuel_state(u)
        if state != "normal" and hs is not None and hs.HasField("fuel_value"):
            if hs.fuel_option == 2:
                if u.id in hs.full_ma_units:
                    a.note(f"fuel option 2: full MA ({state} fuel)", "16.4.5b")
                else:
                    a.grounded = True
                    a.note("fuel option 2: not among the units given full MA: cannot move", "16.4.5b")
                    a.ma = 0
                    return a
            else:
                if hs.fuel_value < ma:
                    ma = hs.fuel_value
                a.note(f"fuel value {hs.fuel_value} ({state} fuel, option 1): MA {ma}", "16.4.5b")
        elif state == "no" and not (hs is not None and hs.HasField("fuel_value")):
            a.note("no fuel and no fuel value rolled: MA 0", "16.4.5")
            a.ma = 0
            return a
    # 3. increases
    strat = st.mode == STRAT
    strat_ground_first = strat and opts.strat_ground == "before-strat"
    if not bonus_first:
        ma = bonuses(ma)
    if leg_road_bonus:
        ma += 2
        a.note("+2 Leg road bonus", "7.6.2")
    if strat and not strat_ground_first:
        ma = _up(ma * 1.5)
        a.note(f"Strat +50%: {ma}", "7.6.1b")
    # 4.-5. halving and quartering
    halvings = []
    if st.supply == OUT:
        halvings.append(("OoS", "7.6.1c"))
    if st.out_of_command:
        halvings.append(("OoC", "7.6.1c"))
    if st.fatigue == 1:
        halvings.append(("fatigue 1", "14.2.1"))
    if exploit and st.mode == EXPLOIT and m.lf.time in ("AM", "PM") and not m.ena:
        halvings.append(("Exploit mode in an AM/PM Exploit Phase", "5.3.4"))
    if st.fatigue >= 2 or len(halvings) >= 2:
        why = ", ".join(w for w, _ in halvings) + ("" if st.fatigue < 2 else ("; " if halvings else "") + "fatigue 2")
        ma = max(_up(ma / 4), _up(base / 4))
        a.note(f"quartered ({why}): {ma}", "7.6.1d")
    elif halvings:
        ma = _up(ma / 2)
        a.note(f"halved ({halvings[0][0]}): {ma}", "7.6.1c")
    # 6. ground condition (and, by option lf.a7-strat-ground, Strat's +50% after it)
    ma = ground(m, u, ma, a, road_only_ps=road_only_ps, mech_road=mech_road)
    if strat and strat_ground_first:
        ma = _up(ma * 1.5)
        a.note(f"Strat +50% (after the ground condition, 5.5.3b): {ma}", "5.5.3b")
    a.ma = max(0, ma)
    return a


def ground(m: Model, u: U, ma: int, a: Allowance, *, road_only_ps: bool, mech_road: bool) -> int:
    g = m.lf.weather.ground or "dry"
    mech = u.mech
    on_ps = road_only_ps and (mech_road or not mech)
    if g == "wet":
        if mech and not (mech_road and road_only_ps):
            ma -= 2
            a.note(f"wet ground: Mech -2: {ma}", "7.6.1e")
    elif g == "mud":
        if not on_ps:
            ma = _up(ma / 2)
            a.note(f"mud: halved: {ma}", "7.6.1e")
    elif g == "snow":
        if m.opts.snow == "divide-by-three":
            if not on_ps:
                ma = _up(ma / 3)
                a.note(f"snow: divided by three: {ma}", "7.6.1e")
            elif mech:
                ma -= 1
                a.note(f"snow: Mech road movement -1: {ma}", "7.6.1e")
        else:
            if mech and mech_road:
                ma -= 1
                a.note(f"snow: Mech road movement -1: {ma}", "19.4.5")
            elif not (not mech and road_only_ps):
                ma = _up(ma * 2 / 3)
                a.note(f"snow: reduced by one third: {ma}", "19.4.5")
    elif g == "freeze":
        if mech and mech_road:
            ma -= 1
            a.note(f"freeze: Mech road movement -1: {ma}", "19.4.4")
    elif g == "deep-mud":
        if road_only_ps:
            ma = _up(ma / 2)
            a.note(f"deep mud, solely on primary/secondary roads: halved: {ma}", "LF 19.4.3b")
        else:
            ma = _up(ma / 3)
            a.note(f"deep mud: one third: {ma}", "LF 19.4.3b")
    return ma
