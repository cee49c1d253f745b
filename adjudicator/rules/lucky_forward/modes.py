"""Modes (5.0-5.8): who may enter which mode, when, and what leaving one does.

Voluntary changes happen in the friendly Mode Determination Phase (5.0),
except MR -> Exploit at the start of a friendly Exploit Phase (5.4.3) and the
attacker status changes of 12.0. Art stance (5.6.0) changes in the same phase;
CR markers (5.8.0, not a mode) in the CR Designation Segment.
"""

from __future__ import annotations

from adjudicator.core.dice import DiceSource
from adjudicator.core.verdicts import VerdictBuilder
from adjudicator.rules.lucky_forward import rest, sop, stacking, terrain
from adjudicator.rules.lucky_forward.cite import GOSS
from adjudicator.rules.lucky_forward.model import (
    BN,
    EXPLOIT,
    GENERAL,
    MECH,
    MODE_NAMES,
    MR,
    OUT,
    PA,
    STRAT,
    TAC,
    Model,
    U,
)
from umpire.v1 import action_pb2

MR_BONUS_GTS = 6  # 5.4.4: the bonus period lasts six full GTs
MR_MIN_GTS = 9  # 5.4.4: nine consecutive GTs in MR
MR_COOLDOWN_GTS = 21  # 5.4.0: not within seven GDs of a previous bonus period


def in_bonus(m: Model, u: U) -> bool:
    return bool(u.st.mr_bonus_until) and m.lf.gt < u.st.mr_bonus_until


def _formation_units(m: Model, u: U, *, mech_only: bool = False) -> list[U]:
    return [x for x in m.side_units(u.side) if x.hq == u.hq and not x.is_hq and not x.is_leader
            and (not mech_only or x.mech)]


def _whole(m: Model, units: list[U], *, mech_only: bool, art_may_stay: bool = False) -> str | None:
    """5.3.0 / 5.4.0: modes are entered by whole formations or Rgts: every
    (Mech) unit of the Rgt, or of the formation; divisional assets may join a
    Rgt of their formation (5.3.0 b)."""
    named = {u.id for u in units}
    for u in units:
        if u.has("recon") and mech_only:
            continue  # 5.3.1: a Mech Recon unit may enter Exploit alone
        pool = _formation_units(m, u, mech_only=mech_only)
        if art_may_stay:
            pool = [x for x in pool if not x.is_art]
        rgt = [x for x in pool if x.regiment and x.regiment == u.regiment]
        if u.regiment and all(x.id in named for x in rgt):
            continue
        if not u.regiment and any(x.regiment and all(y.id in named for y in pool if y.regiment == x.regiment)
                                  for x in units if x.hq == u.hq):
            continue  # a divisional asset entering with a Rgt of its formation
        if all(x.id in named for x in pool):
            continue
        missing = [x.id for x in (rgt if u.regiment else pool) if x.id not in named]
        return f"{u.id} enters only with its whole {'Rgt' if u.regiment else 'formation'} (missing {', '.join(missing)})"
    return None


def refusal(m: Model, u: U, mode: int, named: list[U]) -> tuple[str, str] | None:
    """Why `u` may not enter `mode` now, with the case; None when it may."""
    st = u.st
    resting = rest.is_rest(m, u) and not in_bonus(m, u)
    if mode == st.mode:
        return f"already in {MODE_NAMES[mode]} mode", "5.0"
    if u.is_art and u.in_battery and mode != TAC:
        return "IB Art is always in Tac mode: set it OoB first", "5.6.0"
    if st.mode == MR and mode == EXPLOIT:
        return "an MR formation enters Exploit at the start of a friendly Exploit Phase (enter_exploit)", "5.4.3"
    if mode == PA:
        if resting:
            return "no unit enters PA mode in its rest GT", "3.5.3"
        if u.is_hq or u.is_leader:
            return "HQs do not enter PA mode", "5.2.1"
        if u.is_art:
            return "Art units do not enter PA mode", "5.2.1"
        if stacking.overstacked(m, u.hex, u.side):
            return "overstacked units do not enter PA mode", "5.2.1"
        if st.supply == OUT:
            return "OoS units do not enter PA mode", "5.2.1"
        if st.fatigue >= 2:
            return "fatigue-2 units do not enter PA mode", "5.2.1"
        if st.out_of_command:
            return "OoC units do not enter PA mode", "5.2.1"
        if st.motorized:
            return "transported units do not enter PA mode", "5.2.1"
        if not _pa_can_close(m, u):
            return "it could not PA-move to a hex adjacent to an enemy unit", "5.2.1"
        fuel = _pa_fuel(m, u, named)
        if fuel is not None:
            return fuel, "5.2.2"
    elif mode == EXPLOIT:
        if resting:
            return "no unit enters Exploit mode in its rest GT", "3.5.3"
        if st.fatigue:
            return "fatigued units do not enter Exploit mode", "5.3.0"
        if m.enemy_adjacent(u.side)[u.hex]:
            return "units adjacent to an enemy unit do not enter Exploit mode", "5.3.0"
        if st.supply != GENERAL or st.out_of_command:
            return "Exploit needs GenS and command", "5.3.0"
        if m.fuel_state(u) == "no":
            return "units in no fuel do not enter Exploit mode", "5.3.0"
        if u.movement_class != MECH:
            return "Exploit mode is for Mech units (or Leg units transported by TP)", "5.3.0"
    elif mode == MR:
        if st.supply != GENERAL or st.out_of_command:
            return "MR needs GenS and command", "5.4.0"
        if m.fuel_state(u) != "normal":
            return "MR needs a normal fuel state", "5.4.0"
        hq_hex = m.hq_unit_hex(u.hq)
        if hq_hex < 0 or m.hm.distance(hq_hex, u.hex) > 6:
            return "MR units must be within six hexes of their formation HQ", "5.4.0"
        if any(m.hm.distance(u.hex, x.hex) < 4 for x in m.units.values() if x.on_map and x.side != u.side):
            return "MR units must be at least four hexes from every enemy unit", "5.4.0"
        if st.mr_bonus_until and m.lf.gt < st.mr_bonus_until + MR_COOLDOWN_GTS:
            return "the formation was in an MR bonus period within the last seven GDs", "5.4.0"
    elif mode == STRAT:
        if u.movement_class != MECH:
            return "Strat mode is for Mech units (or Leg units transported by TP)", "5.5.1"
        if st.supply != GENERAL:
            return "Strat needs GenS (not OhS or OoS)", "5.5.1"
        if st.out_of_command:
            return "OoC units do not enter Strat mode", "5.5.1"
        if st.fatigue:
            return "fatigued units do not enter Strat mode", "5.5.1"
        if m.fuel_state(u) == "no":
            return "units in no fuel do not enter Strat mode", "5.5.1"
        if u.is_art and u.in_battery:
            return "Art must be OoB to enter Strat", "5.5.1"
        if stacking.overstacked(m, u.hex, u.side):
            return "overstacked units do not enter Strat mode", "6.7.0"
        road_ok = any(m.hm.roads[u.hex * 6 + d] for d in range(6)) or (
            m.lf.weather.ground in ("", "dry") and "clear" in terrain.features(m, u.hex))
        if not road_ok:
            return "it is not eligible for Mech road movement (no road, nor a clear hex in dry weather)", "5.5.1"
        others = stacking.mech_count(m, u.hex, u.side, moving=[x.id for x in named if x.hex == u.hex])
        if others > 1:
            return "a unit entering Strat may be stacked with at most one other Mech unit", "5.5.1"
    return None


def _pa_can_close(m: Model, u: U) -> bool:
    """5.2.1 g: it could PA-move (1 hex Leg, 2 Mech; 5.2.3) to a hex adjacent to an enemy unit."""
    from adjudicator.rules.lucky_forward import movement

    adj = m.enemy_adjacent(u.side)
    if adj[u.hex]:
        return True
    return any(adj[h] for h in movement.pa_reach(m, u))


def _pa_fuel(m: Model, u: U, named: list[U]) -> str | None:
    """5.2.2: Mech units of a low/no-fuel formation enter PA only if its fuel
    value (option 1) is at least 6, or (option 2) for at most fuel-value units."""
    if u.movement_class != MECH or m.fuel_state(u) == "normal":
        return None
    hs = m.hq_status.get(u.hq)
    if hs is None or not hs.HasField("fuel_value"):
        return "its formation's fuel value is not known"
    if hs.fuel_option == 1:
        return None if hs.fuel_value >= 6 else "its formation's fuel value is below six (option 1)"
    n = sum(1 for x in m.side_units(u.side) if x.hq == u.hq and x.mech and x.st.mode == PA) + sum(
        1 for x in named if x.hq == u.hq and x.mech)
    return None if n <= hs.fuel_value else f"at most {hs.fuel_value} of its formation's Mech units may enter PA"


def validate_set_mode(m: Model, action: action_pb2.Action, b: VerdictBuilder) -> None:
    if not sop.guard(m, "lucky_forward.set_mode", action, b):
        return
    r = action.lucky_forward.set_mode
    units = _own(m, list(r.unit_ids), action.side, b, "5.0")
    if not units:
        return
    if m.ena:
        b.violation("ENA_MODE", "units may not voluntarily change mode in an ENA period", GOSS.cite("3.4.3"))
        return
    for u in units:
        why = refusal(m, u, r.mode, units)
        if why is not None:
            b.violation("MODE_REFUSED", f"{u.d.name or u.id} cannot enter {MODE_NAMES[r.mode]}: {why[0]}",
                        GOSS.cite(why[1]), u.id)
    if b.ok and r.mode in (EXPLOIT, MR):
        why2 = _whole(m, units, mech_only=r.mode == EXPLOIT, art_may_stay=r.mode == MR)
        if why2 is not None:
            b.violation("WHOLE_FORMATION", why2, GOSS.cite("5.3.0" if r.mode == EXPLOIT else "5.4.0"))


def _own(m: Model, ids: list[str], side: str, b: VerdictBuilder, case: str) -> list[U]:
    if not ids:
        b.violation("NO_UNITS", "name the units", GOSS.cite(case))
        return []
    out = []
    for uid in ids:
        u = m.units.get(uid)
        if u is None or not u.on_map or u.side != side:
            b.violation("NOT_YOURS", f"{uid} is not a unit of yours on the map", GOSS.cite(case), uid)
        else:
            out.append(u)
    return out if b.ok else []


def apply_set_mode(m: Model, action: action_pb2.Action, dice: DiceSource) -> None:
    r = action.lucky_forward.set_mode
    units = [m.units[i] for i in r.unit_ids]
    for u in units:
        old = u.st.mode
        if old == MR:
            _release(m, u)
        u.st.mode = r.mode
        if r.mode == MR:
            u.st.mr_gts = 0
        if r.mode in (PA, EXPLOIT):
            rest.reveal(m, u, f"{u.d.name or u.id} enters {MODE_NAMES[r.mode]} mode at night")
    m.emit("MODE_CHANGED", f"{', '.join(u.d.name or u.id for u in units)} -> {MODE_NAMES[r.mode]}",
           ["5.0"], units=[u.id for u in units])


def _release(m: Model, u: U) -> None:
    """5.4.4: released after nine consecutive GTs in MR (one more GD with an
    extra Rgt attached: stage 4), the formation gets a six-GT bonus period."""
    bonus = u.st.mr_gts >= MR_MIN_GTS
    if bonus:
        u.st.mr_bonus_until = m.lf.gt + MR_BONUS_GTS
        u.st.mr_released_gt = m.lf.gt
        m.emit("MR_BONUS", f"{u.d.name or u.id} leaves MR after {u.st.mr_gts} GTs: MR bonus period until GT "
               f"{u.st.mr_bonus_until}", ["5.4.4"], units=[u.id])
    u.st.mr_fuel_until = m.lf.game_day + (1 if bonus else 0)  # 5.4.1
    u.st.mr_gts = 0


def check_mr(m: Model) -> None:
    """5.4.2: a formation with an MR unit adjacent to an enemy unit leaves MR
    at once (Tac mode, no bonus)."""
    for u in list(m.units.values()):
        if u.on_map and u.st.mode == MR and m.enemy_adjacent(u.side)[u.hex]:
            drop_mr(m, u, "adjacent to an enemy unit")


def drop_mr(m: Model, u: U, why: str) -> None:
    group = [x for x in m.side_units(u.side) if x.hq == u.hq and x.st.mode == MR]
    for x in group:
        x.st.mode = TAC
        x.st.mr_gts = 0
        x.st.mr_fuel_until = m.lf.game_day  # 5.4.1: normal fuel for the GD of release only
    m.emit("MR_LOST", f"the formation of {u.d.name or u.id} leaves MR ({why}): Tac mode, no MR bonus", ["5.4.2"],
           units=[x.id for x in group])


def validate_set_stance(m: Model, action: action_pb2.Action, b: VerdictBuilder) -> None:
    if not sop.guard(m, "lucky_forward.set_stance", action, b):
        return
    r = action.lucky_forward.set_stance
    for u in _own(m, list(r.unit_ids), action.side, b, "5.6.0"):
        if not u.is_art:
            b.violation("NOT_ART", f"{u.d.name or u.id} is not an Art unit", GOSS.cite("5.6.0"), u.id)
        elif u.st.out_of_battery == r.out_of_battery:
            b.violation("SAME_STANCE", f"{u.d.name or u.id} is already {'OoB' if r.out_of_battery else 'IB'}",
                        GOSS.cite("5.6.0"), u.id)
        elif not r.out_of_battery and u.st.mode != TAC:
            b.violation("IB_TAC", "IB Art is always in Tac mode (5.6.0): change its mode to Tac first",
                        GOSS.cite("5.6.0"), u.id)


def apply_set_stance(m: Model, action: action_pb2.Action, dice: DiceSource) -> None:
    r = action.lucky_forward.set_stance
    for uid in r.unit_ids:
        m.units[uid].st.out_of_battery = r.out_of_battery
    m.emit("STANCE_CHANGED", f"{', '.join(r.unit_ids)} now {'out of battery' if r.out_of_battery else 'in battery'}",
           ["5.6.0"], units=list(r.unit_ids))


def reserve_refusal(m: Model, u: U) -> tuple[str, str] | None:
    st = u.st
    if not u.c.personnel:
        return "CR units are personnel units", "5.8.0 a"
    if st.mode != TAC:
        return "CR units are in Tac mode", "5.8.0 b"
    if m.enemy_adjacent(u.side)[u.hex]:
        return "not adjacent to an enemy unit", "5.8.0 c"
    if u.size != BN or u.steps_left < 2:
        return "a Bn. with at least two steps", "5.8.0 d"
    if u.c.rear_echelon:
        return "not an RE unit", "5.8.0"
    if st.supply == OUT or st.out_of_command or st.fatigue:
        return "not OoS, OoC or fatigued", "5.8.0"
    return None


def validate_set_reserve(m: Model, action: action_pb2.Action, b: VerdictBuilder) -> None:
    if not sop.guard(m, "lucky_forward.set_reserve", action, b):
        return
    r = action.lucky_forward.set_reserve
    for u in _own(m, list(r.unit_ids), action.side, b, "5.8.0"):
        if not r.on:
            if not u.st.combat_reserve:
                b.violation("NOT_CR", f"{u.d.name or u.id} has no CR marker", GOSS.cite("5.8.0"), u.id)
            continue
        if u.st.combat_reserve:
            b.violation("ALREADY_CR", f"{u.d.name or u.id} already has a CR marker", GOSS.cite("5.8.0"), u.id)
            continue
        why = reserve_refusal(m, u)
        if why is not None:
            b.violation("CR_REFUSED", f"{u.d.name or u.id} may not be CR: {why[0]}", GOSS.cite(why[1]), u.id)


def apply_set_reserve(m: Model, action: action_pb2.Action, dice: DiceSource) -> None:
    r = action.lucky_forward.set_reserve
    for uid in r.unit_ids:
        m.units[uid].st.combat_reserve = r.on
    m.emit("CR_MARKED" if r.on else "CR_REMOVED", f"CR markers {'placed on' if r.on else 'removed from'} "
           f"{', '.join(r.unit_ids)}", ["5.8.0"], units=list(r.unit_ids))


def validate_enter_exploit(m: Model, action: action_pb2.Action, b: VerdictBuilder) -> None:
    if not sop.guard(m, "lucky_forward.enter_exploit", action, b):
        return
    if f"exploit-moved:{action.side}:{m.lf.step}" in m.lf.marks:
        b.violation("NOT_AT_START", "MR units enter Exploit at the beginning of the Exploit Phase, before any "
                    "Exploit movement", GOSS.cite("5.4.3"))
        return
    units = _own(m, list(action.lucky_forward.enter_exploit.unit_ids), action.side, b, "5.4.3")
    for u in units:
        if u.st.mode != MR:
            b.violation("NOT_MR", f"{u.d.name or u.id} is not in MR mode", GOSS.cite("5.4.3"), u.id)
        elif u.movement_class != MECH:
            b.violation("NOT_MECH", f"{u.d.name or u.id}: only Mech formations and Recon units enter Exploit",
                        GOSS.cite("5.4.3"), u.id)
    if b.ok and units:
        why = _whole(m, units, mech_only=True)
        if why is not None:
            b.violation("WHOLE_FORMATION", why, GOSS.cite("5.4.3"))


def apply_enter_exploit(m: Model, action: action_pb2.Action, dice: DiceSource) -> None:
    from adjudicator.rules.lucky_forward import mr_bonus

    units = [m.units[i] for i in action.lucky_forward.enter_exploit.unit_ids]
    for u in units:
        u.st.mode = EXPLOIT
        # 5.4.3: a formation short of nine GTs loses them; one that has them
        # gets its bonus period (the 7.6.1b example rolls for it at once)
        _release(m, u)
    m.emit("MODE_CHANGED", f"{', '.join(u.d.name or u.id for u in units)} leave MR and enter Exploit", ["5.4.3"],
           units=[u.id for u in units])
    mr_bonus.roll(m, dice, action.side, {u.id for u in units})
