"""GA step 5 (13.7): the column shifts of both sides, netted and clamped to
the defender's terrain line (13.7.1, 13.7.2). Each claim names its case."""

from __future__ import annotations

from dataclasses import dataclass

from adjudicator.rules.lucky_forward import modes, stacking, terrain
from adjudicator.rules.lucky_forward.cite import AXIS
from adjudicator.rules.lucky_forward.model import EXPLOIT, PA, STRAT, Model, U

DW_SHIFTS = {"IP": 1, "ET-2": 2, "ET-3": 3}  # 17.3.3: the number on the marker


@dataclass
class Claim:
    side: str  # "attacker" or "defender"
    columns: int
    reason: str
    case: str


def lull_surprise(m: Model, lull_gt: int) -> bool:
    """A9: the surprise shift in the first AM GT from the GT the lull ended
    (13.7.3g, default 'first-am'), or in the first two GTs from it (24.4.0c,
    'two-gts')."""
    gt = m.lf.gt
    if m.opts.lull_surprise == "two-gts":
        return lull_gt <= gt <= lull_gt + 1
    first = m.sc.first_time or "AM"
    start = ("AM", "PM", "night").index(first)

    def time_of(g: int) -> str:
        return ("AM", "PM", "night")[(start + g - 1) % 3]

    first_am = next(g for g in range(lull_gt, lull_gt + 3) if time_of(g) == "AM")
    return gt == first_am


def west_wall(gd: int) -> int:
    """LF 17.5.0: 1 left shift GD 1-7, 2 GD 8-15, 3 from GD 16."""
    return 1 if gd <= 7 else 2 if gd <= 15 else 3


def dw_shifts(m: Model, h: int, defenders: list[U]) -> tuple[int, str, str]:
    """13.7.4f / 17.4.1: the defender's DW shifts (not for units in Exploit,
    Strat or attack designated)."""
    if not defenders or any(u.st.mode in (EXPLOIT, STRAT) or u.attack_designated for u in defenders):
        return 0, "", ""
    best = (0, "", "")
    for w in m.works.get(h, ()):
        if w.side and w.side != defenders[0].side:
            continue
        n = DW_SHIFTS.get(w.kind)
        if w.kind == "fort" and w.HasField("value"):
            n = w.value
        if n is not None and n > best[0]:
            best = (n, w.kind, "17.3.3" if w.kind in DW_SHIFTS else "13.7.4f")
    if terrain.ft_area(m, h) and defenders[0].side == AXIS:
        n = west_wall(m.lf.game_day)
        if n > best[0]:
            best = (n, "West Wall Ft Area", "LF 17.5.0")
    return best


def _one_hq(units: list[U]) -> bool:
    return len({u.hq for u in units}) <= 1


def _leader_negates(m: Model, units: list[U]) -> bool:
    """23.2.1d: an active formation leader stacked with participating units,
    one of them subordinate to him, negates the multi-formation penalty."""
    for u in units:
        for x in m.stack(u.hex):
            if x.is_leader and x.st.leader_active and x.side == u.side and any(y.hq == x.c.leader_hq for y in units):
                return True
    return False


def engineers(m: Model, attackers: list[U], lead_pr: str) -> list[str]:
    """13.7.4b-c: per attacking stack an Eng unit (not fatigued, not OoS) with a
    non-Eng unit gives one Eng shift; a lead CDO counts as an Eng on its own.
    Returns one Eng unit id per shift (13.10.3 3: those take losses)."""
    out: list[str] = []
    by_hex: dict[int, list[U]] = {}
    for u in attackers:
        by_hex.setdefault(u.hex, []).append(u)
    for h, us in sorted(by_hex.items()):
        eng = [u for u in us if (u.has("engineer") or u.has("eng-afv")) and not u.st.fatigue and u.st.supply != 2]
        others = [u for u in us if u not in eng]
        if eng and others:
            out.append(sorted(eng, key=lambda x: x.id)[0].id)
    lead = m.units.get(lead_pr)
    if lead is not None and lead.has("commando"):
        out.append(lead.id)
    return out


def claims(m: Model, h: int, attackers: list[U], defenders: list[U], *, lead_pr: str, att_leader: str,
           def_leader: str) -> list[Claim]:
    """Every shift of 13.7.3 and 13.7.4 that applies."""
    out: list[Claim] = []
    A, D = "attacker", "defender"

    def add(side: str, n: int, reason: str, case: str) -> None:
        if n:
            out.append(Claim(side, n, reason, case))

    # 13.7.3 attacker shifts
    if attackers and all(u.st.mode == PA for u in attackers):
        add(A, 1, "attackers in PA mode", "13.7.3 a")
    if attackers and all(modes.in_bonus(m, u) for u in attackers):
        add(A, 1, "all attacking units in an MR bonus period", "5.4.4b")
    add(A, min(2, max((u.st.artillery_shifts for u in defenders), default=0)), "AS markers on the defending stack",
        "13.7.3 c")
    if any(u.st.combat_reserve for u in defenders):
        add(A, 1, "a defending unit is in CR", "13.7.3 d")
    if stacking.overstacked(m, h, defenders[0].side):
        add(A, 1, "the defending hex is overstacked", "6.7.0")
    if any(m.unsupported(u) or m.adv(u.hq) == 0 for u in defenders if not u.is_leader):
        add(A, 1, "a defending unit's HQ has ADV 0 (unsupported)", "15.4.3")
    lull = m.sc.lull_ended_gt.get(attackers[0].side, 0) if attackers else 0
    if lull and lull_surprise(m, lull):
        add(A, 1, "the first GT(s) after the attacker ended a lull", "13.7.3 g" if m.opts.lull_surprise == "first-am"
            else "24.4.0")
    if any(u.st.extended_supply for u in defenders):
        add(A, 2 if m.opts.extended_shift == "twice" else 1, "a defending unit on an extended GenS path",
            "13.7.3 h")
    if any(u.st.mode == STRAT for u in defenders):
        add(A, 2, "a defending unit in Strat mode", "5.5.6")
    if any(u.st.mode == EXPLOIT for u in defenders):
        add(A, 1, "a defending unit in Exploit mode", "5.3.5c")
    if att_leader:
        add(A, 1, f"attacker's leader {att_leader}", "23.2.1b")
    if m.opts.green == "on" and any(u.c.training in ("raw", "green") for u in defenders):
        add(A, 1, "a raw or green defending unit", "4.5.0")
    dw, dw_kind, dw_case = dw_shifts(m, h, defenders)
    eng = engineers(m, attackers, lead_pr)
    negate = min(len(eng), dw)
    add(A, negate, f"Eng stacks against the {dw_kind}", "13.7.4b")
    pop = terrain.population(m, h)
    if pop in ("town", "city"):
        extra = len(eng) - negate if negate == dw else 0
        if any(u.has("engineer") or u.has("eng-afv") for u in defenders):
            if extra:
                out.append(Claim(A, 0, f"Eng shifts against the {pop} negated by a defending Eng unit", "13.7.4b"))
        else:
            add(A, min(extra, 3 if pop == "town" else 4), f"Eng stacks against a {pop}", "13.7.4b")
    if not _one_hq(defenders) and not _leader_negates(m, defenders):
        add(A, 1, "defending units not all subordinate to one HQ", "9.9.0")
    # 13.7.4 defender shifts
    if terrain.vp(m, h):
        add(D, 1, "the defender occupies a VP/HVP", "13.7.4 a")
    add(D, min(2, sum(max((u.st.artillery_shifts for u in attackers if u.hex == x), default=0)
                      for x in {u.hex for u in attackers})), "AS markers on the attacking stacks", "13.7.4 b")
    if any(u.st.extended_supply for u in attackers):
        add(D, 1, "an attacking unit on an extended GenS path", "13.7.4 c")
    if any(stacking.overstacked(m, x, attackers[0].side) for x in {u.hex for u in attackers}):
        add(D, 1, "an attacking stack is overstacked", "6.7.0")
    if m.night:
        add(D, 1, "a night GT or ENA period", "13.7.4 e")
    add(D, dw, f"the defender's {dw_kind}", dw_case)
    if def_leader:
        add(D, 1, f"defender's leader {def_leader}", "23.2.1b")
    if not _one_hq(attackers) and not _leader_negates(m, attackers):
        add(D, 1, "attacking units not all subordinate to one HQ", "9.9.0")
    if m.opts.green == "on":
        if any(u.c.training == "raw" for u in attackers):
            add(D, 2, "a raw attacking unit", "4.5.0")
        elif any(u.c.training == "green" for u in attackers):
            add(D, 1, "a green attacking unit", "4.5.0")
    for sh in supporting_hexes(m, h, attackers, defenders):
        add(D, sh[1], f"supporting hex {m.label(sh[0])}", "13.7.4a")
    if defenders and all(modes.in_bonus(m, u) for u in defenders):
        add(D, 1, "all defending units in an MR bonus period", "5.4.4b")
    if any(u.st.mode == EXPLOIT for u in attackers):
        add(D, 1, "attacking units in Exploit mode", "13.7.4 n")
    if (m.lf.weather.ground == "deep-mud") and not all(terrain.population(m, u.hex) in ("town", "city")
                                                        for u in attackers):
        add(D, 1, "deep mud (not every attacker in a town or city)", "LF 19.4.3b")
    return out


def supporting_hexes(m: Model, h: int, attackers: list[U], defenders: list[U]) -> list[tuple[int, int]]:
    """13.7.4a: friendly hexes next to attacking units give the defender a
    shift each (+1 on a VP, -1 per AS marker): they hold a non-Z step of
    non-HQ units (Art alone only if SPA or IB towed), have not defended a GA
    this Combat Phase (unless below the table), have not supported another GA
    this segment, and are next to attackers not in MCT, or next to the
    defending hex and to attackers in MCT. Strat units give none (5.5.6 d)."""
    side = defenders[0].side
    att_hexes = {u.hex for u in attackers}
    used = set(m.lf.supporting_used)
    out = []
    cands = {n for a in att_hexes for n in m.hm.neighbours(a)} - {h}
    for s in sorted(cands):
        units = [u for u in m.stack(s) if u.side == side and not u.is_hq and not u.is_leader
                 and u.st.mode != STRAT and not u.is_z]
        if not units:
            continue
        if all(u.is_art for u in units) and not any(u.c.self_propelled or u.in_battery for u in units):
            continue
        if any(u.st.defended and not u.st.defended_below_table for u in m.stack(s) if u.side == side):
            continue
        if m.label(s) in used:
            continue
        ok = False
        for a in att_hexes:
            if s not in m.hm.neighbours(a):
                continue
            if not terrain.mct(m, a) or h in m.hm.neighbours(s):
                ok = True
        if not ok:
            continue
        n = 1 + (1 if terrain.vp(m, s) else 0) - max((u.st.artillery_shifts for u in m.stack(s) if u.side == side),
                                                     default=0)
        if n > 0:
            out.append((s, n))
    return out


def net(claims_: list[Claim]) -> int:
    return sum(c.columns if c.side == "attacker" else -c.columns for c in claims_)


