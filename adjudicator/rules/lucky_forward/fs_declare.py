"""Declaring an Art FS mission (11.1.0 steps 1-5): spotter, target, capacity,
formation requirement, range, mission points, volleys and intensive fire.

The mission then goes on in fs_results.py (steps 6-9): the defender's DRM
choice, the volleys' rolls on the FS Mission Resolution Table, the results,
ammunition depletion, the advance. GS and NGS missions are stage 4 (air
points, 20.0; Lucky Forward has no naval units, 11.9.0).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from adjudicator.core.dice import DiceSource
from adjudicator.core.verdicts import VerdictBuilder
from adjudicator.rules.lucky_forward import fs_drm, observation, rest, sop, terrain
from adjudicator.rules.lucky_forward.cite import ALLIED, GOSS
from adjudicator.rules.lucky_forward.model import BN, CO, GENERAL, OUT, PA, STRAT, Model, U
from umpire.v1 import action_pb2, lucky_forward_pb2 as lf_pb2

VOLLEY = 8  # 11.4.1a


@dataclass
class Mission:
    spotter: U
    target: int
    side: str
    capacity: str = "light"
    observed: bool = True
    fire: list[tuple[U, int]] = field(default_factory=list)
    volleys: list[int] = field(default_factory=list)
    intensive: int = 0
    defensive: bool = False


def is_flak88(u: U) -> bool:
    """11.4.1b: German non-Z 88mm Flak with a heavy bar or red hexagon."""
    return u.has("flak") and "88" in u.c.gun and not u.is_z and (u.c.heavy_unit_bar or u.c.red_hexagon)


def is_td(u: U) -> bool:
    """11.4.1c: CW/US TD units (M10/M18/M36)."""
    return u.has("tank-destroyer") and u.side == ALLIED


def fires_as_art(u: U) -> bool:
    return u.is_art or is_flak88(u) or is_td(u)


def us(u: U) -> bool:
    """11.2.4: Free French count as US."""
    return u.d.nationality.upper() in ("US", "FF", "FR", "USA")


def _in_dw(m: Model, u: U) -> bool:
    kinds = set(terrain.works(m, u.hex))
    return bool(kinds & {"ET-2", "ET-3", "fort"}) or terrain.ft_area(m, u.hex)


def capacity(m: Model, spotter: U, observed: bool) -> str:
    """11.2.4a-c."""
    if not observed:
        return "light"
    hq = m.hqs.get(spotter.hq)
    asset = hq is not None and hq.level in (lf_pb2.LF_HQ_ARMY, lf_pb2.LF_HQ_CORPS)
    if asset:
        return "light"  # 11.2.4a b: a corps/army asset not assigned to a Div/BG
    bn = spotter.size == BN or (spotter.has("hybrid") and spotter.steps == 2)
    if bn and (spotter.st.mode == PA or _in_dw(m, spotter)) and not spotter.st.tactical_assault:
        return "heavy"  # 11.2.4c; 5.1.2: a TA-marked unit cannot spot a heavy mission
    if bn or (spotter.size == CO and _in_dw(m, spotter)):
        return "medium"
    return "light"


def art_limit(m: Model, spotter: U, cap: str) -> int:
    allied = spotter.side == ALLIED
    n = {"light": 2 if allied else 1, "medium": 3 if allied else 2,
         "heavy": (16 if us(spotter) else 12) if allied else 8}[cap]
    if terrain.vp(m, spotter.hex):
        n += 1  # 11.2.4d
    return n


def exempt_from_capacity(m: Model, u: U, target: int) -> bool:
    """11.2.4d: Art adjacent to the target hex, heavy Flak and TDs."""
    return m.hm.distance(u.hex, target) == 1 or is_flak88(u) or is_td(u)


def art_range(m: Model, u: U) -> int:
    """11.3.1: the printed range; 1 when an adjacent enemy unit is attack
    designated or not in any CT; 88mm Flak 4 (11.4.1b), TDs 2 (11.4.1c)."""
    if is_flak88(u):
        rng = 4
    elif is_td(u):
        rng = 2
    else:
        rng = int(m.value(u, "range", f"the range of {u.id} (11.3.1)"))
    for e in m.adjacent_enemies(u.side, u.hex):
        if e.attack_designated or not terrain.covering(m, e.hex):
            return min(rng, 1)
    return rng


def available_bf(m: Model, u: U, defensive: bool) -> int:
    """11.4.1: BF points left this Combat Phase; fatigue 1 halves (14.2.1c),
    heavy Art -1 on defensive missions (11.4.1f); 88mm Flak and TDs 1 per step."""
    if is_flak88(u) or is_td(u):
        bf = u.steps_left
    else:
        bf = int(m.value(u, "barrage", f"the barrage factor of {u.id} (11.4.1)"))
    if u.st.fatigue == 1:
        bf = math.ceil(bf / 2)
    if defensive and u.c.heavy_artillery:
        bf -= 1
    return max(0, bf - u.st.barrage_used)


def spotter_problems(m: Model, s: U, target: int, side: str) -> list[tuple[str, str]]:
    out = []
    if s.is_z:
        out.append(("a Z-step unit never spots", "11.2.1a"))
    if s.st.advanced_after_fs:
        out.append(("it advanced after an FS mission this Combat Phase", "11.7.0"))
    if s.st.isolated:
        out.append(("an isolated unit does not spot", "15.7.0"))
    if s.st.mode == STRAT:
        out.append(("a Strat unit does not spot", "5.5.6"))
    uses = [x for x in m.lf.spotter_uses if x.startswith(f"{s.id}@")]
    bn = s.size == BN or (s.has("hybrid") and s.steps == 2)
    if f"{s.id}@{m.label(target)}" not in uses and len(uses) >= (2 if bn else 1):
        out.append((f"a {'Bn.' if bn else 'Co.'} spots into {'two target hexes' if bn else 'one target hex'} per "
                    "sub-segment", "11.2.1a"))
    from_hex = {x.split("|")[1] for x in m.lf.spotter_hexes if x.split("|")[0] == m.label(s.hex)}
    if s.id not in from_hex and len(from_hex) >= 2:
        out.append(("two spotters have already been designated from its hex this Combat Phase", "11.2.1a"))
    return out


def observed(m: Model, s: U, target: int) -> tuple[bool | None, str]:
    """11.2.1: the spotter observes an enemy unit, or a population feature, in
    the target hex; None = a LOS line decides (stage 2)."""
    enemies = [u for u in m.stack(target) if u.side != s.side and not u.is_leader]
    results = [observation.observes(m, s, u) for u in enemies]
    if any(r is True for r in results):
        return True, "an enemy unit in the target hex is observed"
    if terrain.population(m, target) and m.hm.distance(s.hex, target) <= observation.los_range(m, s.hex):
        if m.hm.distance(s.hex, target) == 1:
            return True, "a population feature in the target hex is observed (unobserved DRM applies, 11.2.1 b)"
    if any(r is None for r in results):
        return None, "whether the spotter sees the target needs a line of sight (8.1, stage 2)"
    return False, "the spotter observes no enemy unit or population feature in the target hex"


def mission(m: Model, action: action_pb2.Action, b: VerdictBuilder) -> Mission | None:
    r = action.lucky_forward.fire_support
    side = action.side
    s = m.units.get(r.spotter)
    if s is None or s.side != side or not s.on_map:
        b.violation("SPOTTER", f"{r.spotter!r} is not a unit of yours on the map", GOSS.cite("11.2.1"))
        return None
    t = m.hex_id(r.target, "fire_support.target")
    enemies = [u for u in m.stack(t) if u.side != side and not u.is_leader]
    if not enemies:
        b.violation("NO_TARGET", f"{r.target} holds no enemy unit", GOSS.cite("11.2.2"))
        return None
    if all(u.st.retreated_alone for u in enemies):
        b.violation("RETREATED", "units that retreated into an empty hex are not targeted again this phase",
                    GOSS.cite("11.6.3c"))
    if m.label(t) in m.lf.art_targets:
        b.violation("ONE_ART_MISSION", f"{r.target} has had its Art mission this Combat Phase", GOSS.cite("11.0"))
    for text, case in spotter_problems(m, s, t, side):
        b.violation("SPOTTER", f"{s.d.name or s.id}: {text}", GOSS.cite(case))
    obs, why = observed(m, s, t)
    if obs is None and m.opts.observation == "declared":
        obs = True
        b.note("observation declared by the spotting player (option lf.observation=declared)", GOSS.cite("8.0"))
    elif obs is None:
        b.violation("NEEDS_LOS", f"{why}; with option lf.observation=declared the players settle it",
                    GOSS.cite("8.1.0"))
        return None
    unobserved_pop = obs and "population feature" in why
    if not obs and not m.sc.unobserved_missions:
        b.violation("UNOBSERVED", f"{why}; unobserved missions only where scenario rules allow them",
                    GOSS.cite("11.2.1"))
        return None
    ms = Mission(s, t, side, observed=bool(obs) and not unobserved_pop)
    ms.capacity = capacity(m, s, bool(obs))
    ms.defensive = side != m.lf.phasing
    b.note(f"spotter {s.d.name or s.id}: {why}; {ms.capacity} capacity", GOSS.cite("11.2.4"))
    _fire(m, r, ms, b)
    return ms


def _fire(m: Model, r: lf_pb2.LfFireSupport, ms: Mission, b: VerdictBuilder) -> None:
    if not r.fire:
        b.violation("NO_FIRE", "name the firing Art units", GOSS.cite("11.2.3"))
        return
    counted = 0
    formations: set[str] = set()
    spotter_formation = ms.spotter.hq
    corps = m.corps_of(spotter_formation)
    army = m.army_of(spotter_formation)
    own_art = False
    non_flak = False
    seen: set[str] = set()
    for f in r.fire:
        u = m.units.get(f.unit_id)
        if u is None or u.side != ms.side or not u.on_map or f.unit_id in seen:
            b.violation("NOT_ART", f"{f.unit_id!r} is not one of your units on the map (once)", GOSS.cite("11.2.3"))
            continue
        seen.add(f.unit_id)
        name = u.d.name or u.id
        if not fires_as_art(u):
            b.violation("NOT_ART", f"{name} does not fire FS missions", GOSS.cite("11.4.1"))
            continue
        if u.st.ammo_depleted or (u.is_art and u.st.supply == OUT):
            b.violation("AD", f"{name} is ammunition depleted (BF 0)", GOSS.cite("11.4.1" if u.st.ammo_depleted
                                                                                  else "15.6.0"))
        if u.st.fatigue >= 2:
            b.violation("FATIGUE", f"{name} is fatigue 2 and cannot fire", GOSS.cite("14.2.2"))
        if u.st.motorized:
            b.violation("TRANSPORTED", f"{name} is transported and cannot fire", GOSS.cite("7.12.5"))
        if u.is_art and not u.c.self_propelled and not u.in_battery:
            b.violation("OOB", f"{name} is towed Art out of battery: it must be IB to fire", GOSS.cite("5.6.0"))
        if is_td(u) and m.enemy_adjacent(u.side)[u.hex]:
            b.violation("TD_ADJACENT", f"{name}: a TD next to an enemy unit does not fire FS", GOSS.cite("11.4.1c"))
        if m.ena and not u.st.ena_active:
            b.violation("NOT_ACTIVE", f"{name} is not activated for the ENA period", GOSS.cite("3.4.2"))
        rng = art_range(m, u)
        d = m.hm.distance(u.hex, ms.target)
        if d > rng:
            b.violation("RANGE", f"{name} is {d} hexes from {m.label(ms.target)}, range {rng}", GOSS.cite("11.3.0"))
        bf = available_bf(m, u, ms.defensive)
        pts = f.points or bf
        if pts > bf or pts <= 0:
            b.violation("BF", f"{name} has {bf} BF left this Combat Phase", GOSS.cite("11.4.1"))
        if ms.side != ALLIED and not is_flak88(u) and (pts < bf or u.st.fire_missions):
            hq = m.hqs.get(u.hq)
            if hq is not None and hq.level in (lf_pb2.LF_HQ_ARMY, lf_pb2.LF_HQ_CORPS):
                b.violation("NO_SPLIT", f"{name}: Axis corps/army Art does not split its fire", GOSS.cite("11.4.1d"))
            elif u.st.fire_missions >= 2 or (u.st.fire_missions == 1 and pts < bf):
                b.violation("NO_SPLIT", f"{name}: Axis formation Art splits into at most two missions",
                            GOSS.cite("11.4.1d"))
        ms.fire.append((u, pts))
        if not is_flak88(u):
            non_flak = True
        if not exempt_from_capacity(m, u, ms.target):
            counted += 1
        if is_flak88(u):
            continue
        # 11.2.5 formation requirement (medium and heavy missions)
        fm = u.hq
        if fm == spotter_formation:
            own_art = True
        elif ms.capacity != "light":
            hq = m.hqs.get(fm)
            level = hq.level if hq is not None else 0
            if (level == lf_pb2.LF_HQ_ARMY and fm == army) or (level == lf_pb2.LF_HQ_CORPS and fm == corps):
                pass  # an army/corps asset of the spotter's army/corps
            elif corps and m.corps_of(fm) == corps:
                formations.add(fm)  # one other formation of the same corps
            else:
                b.violation("FORMATION", f"{name} is neither of the spotter's formation, its corps or army assets, "
                            "nor of a formation of the same corps", GOSS.cite("11.2.5"))
        if fm != spotter_formation and (m.adv(fm) == 0 or m.unsupported(u)):
            b.violation("ADV_ZERO", f"{name}'s HQ has ADV 0: it fires only for its own formation's spotters",
                        GOSS.cite("11.2.5"))
        if u.st.out_of_command or ms.spotter.st.out_of_command:
            if fm != spotter_formation:
                b.violation("OOC", f"an OoC spotter or Art unit does not work with other formations ({name})",
                            GOSS.cite("9.8.0"))
    if any(is_flak88(u) for u, _ in ms.fire) and not non_flak:
        b.violation("FLAK_ALONE", "88mm Flak fires only with at least one non-Flak unit in the mission",
                    GOSS.cite("11.4.1b"))
    if len(formations) > 1:
        b.violation("FORMATION", "Art of only one other formation of the spotter's corps may join", GOSS.cite("11.2.5"))
    if ms.capacity in ("medium", "heavy") and not own_art and ms.observed:
        b.violation("FORMATION", "a medium or heavy mission needs an Art unit of the spotter's formation",
                    GOSS.cite("11.2.5"))
    limit = art_limit(m, ms.spotter, ms.capacity)
    if counted > limit:
        b.violation("CAPACITY", f"a {ms.capacity} mission takes {limit} Art units; {counted} counted",
                    GOSS.cite("11.2.4"))
    total = sum(p for _, p in ms.fire)
    full, rem = divmod(total, VOLLEY)
    ms.volleys = [VOLLEY] * full + ([rem] if rem and r.fire_remainder else [])
    if not ms.volleys:
        b.violation("NO_VOLLEY", f"{total} points make no volley unless the remainder is fired (fire_remainder)",
                    GOSS.cite("11.4.1a"))
    _intensive(m, r, ms, full, b)
    b.note(f"{total} mission points: volleys {', '.join(map(str, ms.volleys))}"
           + (f" ({ms.intensive} intensive)" if ms.intensive else ""), GOSS.cite("11.4.1a"))


def _intensive(m: Model, r: lf_pb2.LfFireSupport, ms: Mission, full: int, b: VerdictBuilder) -> None:
    """11.4.1g: one extra volley per original 8-point volley, 1 AmP each, an
    Art mission with corps ADV >= 1, supported, Art in GenS, not on an extended
    GenS path (extra trucks: stage 4)."""
    n = r.intensive
    if n <= 0:
        return
    cite = GOSS.cite("11.4.1g")
    if n > full:
        b.violation("INTENSIVE", f"{n} intensive volleys need {n} full 8-point volleys ({full})", cite)
    art = [u for u, _ in ms.fire if u.is_art]
    if any(m.adv(u.hq) < 1 for u in art):
        b.violation("INTENSIVE", "intensive fire needs a corps ADV of at least 1", cite)
    if any(m.unsupported(u) for u in art):
        b.violation("INTENSIVE", "unsupported Art does not fire intensively", GOSS.cite("15.4.3"))
    if any(u.st.supply != GENERAL for u in art):
        b.violation("INTENSIVE", "intensive fire needs every firing Art unit in GenS", cite)
    if any(u.st.extended_supply for u in art):
        b.violation("INTENSIVE", "Art on an extended GenS path does not fire intensively (extra trucks: stage 4)", cite)
    army = m.army_of(ms.spotter.hq)
    amp = m.hq_status[army].amp if army in m.hq_status else 0
    if n > amp:
        b.violation("INTENSIVE", f"{n} intensive volleys cost {n} AmP; {army or 'the army'} has {amp}", cite)
    ms.intensive = n
    ms.volleys = ms.volleys[:full] + [VOLLEY] * n + ms.volleys[full:]


def validate_fire_support(m: Model, action: action_pb2.Action, b: VerdictBuilder) -> None:
    if not sop.guard(m, "lucky_forward.fire_support", action, b):
        return
    mission(m, action, b)


def apply_fire_support(m: Model, action: action_pb2.Action, dice: DiceSource) -> None:
    from adjudicator.rules.lucky_forward import fs_results

    b = VerdictBuilder("fire_support")
    ms = mission(m, action, b)
    assert ms is not None
    lf = m.lf
    lf.art_targets.append(m.label(ms.target))
    key = f"{ms.spotter.id}@{m.label(ms.target)}"
    if key not in lf.spotter_uses:
        lf.spotter_uses.append(key)
    hk = f"{m.label(ms.spotter.hex)}|{ms.spotter.id}"
    if hk not in lf.spotter_hexes:
        lf.spotter_hexes.append(hk)
    army = m.army_of(ms.spotter.hq)
    if ms.intensive:
        m.hq_status[army].amp -= ms.intensive
    for u, pts in ms.fire:
        full = available_bf(m, u, ms.defensive) + u.st.barrage_used
        u.st.barrage_used += pts
        u.st.fire_missions += 1
        if m.ena:
            u.st.ena_fatigue_due += 1  # 3.4.6 d
        if rest.is_rest(m, u) and not rest.exempt(m, u) and pts * 2 > full:
            u.st.rest_fatigue_due += 1  # 3.5.4 d
    fs = lf.fs
    fs.Clear()
    fs.side = ms.side
    fs.spotter = ms.spotter.id
    fs.target = m.label(ms.target)
    fs.fire.extend(lf_pb2.LfFire(unit_id=u.id, points=p) for u, p in ms.fire)
    fs.volleys.extend(ms.volleys)
    fs.intensive = ms.intensive
    targets, _ = fs_drm.targets(m, ms.target, ms.side)
    fs.targets.extend(u.id for u in targets)
    fs.designated = any(u.attack_designated for u in targets)
    m.emit("FS_MISSION", f"{ms.capacity} FS mission on {fs.target} spotted by {ms.spotter.d.name or ms.spotter.id}: "
           f"{', '.join(f'{u.id} {p}' for u, p in ms.fire)} -> volleys {', '.join(map(str, ms.volleys))}"
           + (f", {ms.intensive} intensive ({ms.intensive} AmP)" if ms.intensive else ""), ["11.1.0", "11.4.1a"],
           units=[u.id for u, _ in ms.fire], to=fs.target)
    fs_results.start(m, dice, observed=ms.observed)
