"""Attack designations and the rest GT designation.

* 3.5.2: the Axis designates its rest GT in the Rest GT Designation Segment.
* 5.1.2, 10.2.0: TA markers in the TA Designation Segment (Tac or Exploit
  units, 5.3.5c; not transported units, 7.12.5; not fatigue 2, 14.2.2; not CR
  units, 5.8.0; unsupported units pay AmP, 15.4.3d), then delay markers stacked
  with designated units are checked (7.13.2).
* 12.0: the Attacker Status Adjustment Segment: the mandatory removals of
  12.1.0 in order, then voluntary removals (12.2.0).
"""

from __future__ import annotations

from collections.abc import Iterable

from adjudicator.core import decisions as dec
from adjudicator.core.dice import DiceSource
from adjudicator.core.verdicts import VerdictBuilder
from adjudicator.rules.lucky_forward import prc, rest, sop, terrain
from adjudicator.rules.lucky_forward.cite import AXIS, GOSS
from adjudicator.rules.lucky_forward.model import EXPLOIT, PA, TAC, Model, U
from adjudicator.rules.lucky_forward.sop import Step
from umpire.v1 import action_pb2

TA_KEEP = "TA_KEEP"
ADV_LIMIT = "ADV_LIMIT"


# -- 3.5.2 the Axis rest GT
def validate_rest(m: Model, action: action_pb2.Action, b: VerdictBuilder) -> None:
    if not sop.guard(m, "lucky_forward.designate_rest", action, b):
        return
    r = action.lucky_forward.designate_rest
    groups = rest.groups(m)
    group = r.group or "all"
    if group not in groups:
        b.violation("UNKNOWN_GROUP", f"{group!r} is not a designation group (option lf.rest-granularity="
                    f"{m.opts.rest_granularity}: {', '.join(groups)})", GOSS.cite("3.5.2"))
    if r.time not in sop.TIMES:
        b.violation("BAD_TIME", "the rest GT is AM, PM or night", GOSS.cite("3.5.2"))


def apply_rest(m: Model, action: action_pb2.Action, dice: DiceSource) -> None:
    r = action.lucky_forward.designate_rest
    group = r.group or "all"
    p = next((p for p in m.state.private_data if p.side == AXIS), None)
    if p is None:
        p = m.state.private_data.add(side=AXIS)
    p.values[f"rest:{group}"] = f"{r.time}@{m.lf.game_day}"
    m.emit("REST_DESIGNATED", f"rest GT of {group} for GD {m.lf.game_day}: {r.time}", ["3.5.2"], visible_to=[AXIS])


def rest_done(m: Model, action: action_pb2.Action, b: VerdictBuilder) -> None:
    missing = [g for g in rest.groups(m) if rest.designation(m, g) is None]
    if missing:
        b.violation("REST_NOT_DESIGNATED", f"designate the rest GT of {', '.join(missing)} first (3.5.0: one rest "
                    "GT each GD)", GOSS.cite("3.5.0"))


# -- 5.1.2 / 10.2.0 TA designation
def validate_assault(m: Model, action: action_pb2.Action, b: VerdictBuilder) -> None:
    if not sop.guard(m, "lucky_forward.designate_assault", action, b):
        return
    ids = list(action.lucky_forward.designate_assault.unit_ids)
    if not ids:
        b.violation("NO_UNITS", "name the units to mark TA", GOSS.cite("10.2.0"))
    for uid in ids:
        u = m.units.get(uid)
        if u is None or not u.on_map or u.side != action.side:
            b.violation("NOT_YOURS", f"{uid} is not a unit of yours on the map", GOSS.cite("10.2.0"), uid)
            continue
        why = ta_refusal(m, u)
        if why is not None:
            b.violation("CANNOT_DESIGNATE", f"{u.d.name or uid}: {why[0]}", GOSS.cite(why[1]), uid)
    cost = _amp_cost(m, [m.units[i] for i in ids if i in m.units])
    for army, n in cost.items():
        have = m.hq_status[army].amp if army in m.hq_status else 0
        if n > have:
            b.violation("NO_AMP", f"unsupported units need {n} AmP to be designated; {army} has {have}",
                        GOSS.cite("15.4.3"))


def ta_refusal(m: Model, u: U) -> tuple[str, str] | None:
    st = u.st
    if st.tactical_assault:
        return "already marked TA", "5.1.2"
    if st.mode not in (TAC, EXPLOIT):
        return "only Tac (and Exploit, 5.3.5c) units are marked TA", "5.1.2"
    if st.motorized:
        return "transported units cannot be attack designated", "7.12.5"
    if st.fatigue >= 2:
        return "fatigue-2 units cannot be attack designated", "14.2.2"
    if st.combat_reserve:
        return "a CR unit cannot be marked TA", "5.8.0"
    if u.is_hq or u.is_leader:
        return "HQs and leaders are not attack designated", "10.2.0"
    if u.is_art and u.c.HasField("range") and u.c.range > 0:
        return "ranged Art never makes an offensive GA", "4.4.0"
    return None


def _amp_cost(m: Model, units: Iterable[U]) -> dict[str, int]:
    """15.4.3d: each AmP lets one stack of unsupported units be designated PA or
    two be designated TA: half an AmP per TA hex, rounded up per army."""
    hexes: dict[str, set[int]] = {}
    for u in units:
        if m.unsupported(u):
            hexes.setdefault(m.army_of(u.hq), set()).add(u.hex)
    return {a: (len(h) + 1) // 2 for a, h in hexes.items() if a}


def apply_assault(m: Model, action: action_pb2.Action, dice: DiceSource) -> None:
    units = [m.units[i] for i in action.lucky_forward.designate_assault.unit_ids]
    for army, n in _amp_cost(m, units).items():
        m.hq_status[army].amp -= n
        m.emit("AMP_SPENT", f"{army} spends {n} AmP to designate unsupported units", ["15.4.3"])
    for u in units:
        u.st.tactical_assault = True
    m.emit("TA_DESIGNATED", f"TA: {', '.join(u.d.name or u.id for u in units)}", ["5.1.2", "10.2.0"],
           units=[u.id for u in units])


def remove_designation(m: Model, u: U, why: str, case: str) -> None:
    """A unit loses its attack designation (PA units revert to Tac, 5.2.5)."""
    st = u.st
    if st.tactical_assault:
        st.tactical_assault = False
        st.ta_removed = True
    if st.mode == PA:
        st.mode = TAC
    m.emit("DESIGNATION_REMOVED", f"{u.d.name or u.id} loses its attack designation ({why})", [case], units=[u.id])


def delay_checks(m: Model, dice: DiceSource, step: Step) -> None:
    """7.13.2: after TA markers are placed, each delay marker stacked with
    designated units of the phasing side is checked with an offensive PRC of
    the lowest PR unit there plus the marker's DRM: pass removes the marker,
    fail removes every attack designation in the hex."""
    side = m.lf.phasing
    for mk in list(m.lf.delays):
        if mk.side == side:
            continue
        h = m.hex_id(mk.hex, "delay marker")
        designated = [u for u in m.stack(h) if u.side == side and u.attack_designated]
        if not designated:
            continue
        low = min(designated, key=lambda x: (prc.rating(m, x, "offensive"), x.id))
        ok, text = prc.check(m, dice, low, "offensive", m.delay_drm(mk), f"delay marker {mk.id}", case="7.13.2")
        if ok:
            m.lf.delays.remove(mk)
            m.emit("DELAY_REMOVED", f"delay marker at {mk.hex} removed: {text}", ["7.13.2"], to=mk.hex)
        else:
            for u in designated:
                remove_designation(m, u, f"delay marker at {mk.hex}: {text}", "7.13.2")


# -- 12.0 attacker status adjustment
def stacks(m: Model, side: str) -> dict[int, list[U]]:
    out: dict[int, list[U]] = {}
    for u in m.side_units(side):
        if u.attack_designated:
            out.setdefault(u.hex, []).append(u)
    return out


def _enemy_hexes(m: Model, side: str, h: int) -> list[int]:
    return [t for t in m.hm.neighbours(h) if any(x.side != side for x in m.stack(t))]


def mandatory(m: Model, dice: DiceSource, step: Step) -> None:
    """12.1.0 in order: 1) designations of units not adjacent to an enemy go;
    2a) TA stacks next to an enemy hex a PA stack is also next to lose TA;
    2b) of several TA stacks next to one enemy hex all but one (owner's choice)
    lose TA; 3) designations beyond the ADV GA limits go (16.3.3)."""
    side = m.lf.phasing
    adj = m.enemy_adjacent(side)
    for u in list(m.side_units(side)):
        if u.attack_designated and not adj[u.hex]:
            remove_designation(m, u, "not adjacent to an enemy unit", "12.1.0")
            u.st.designation_removed = True
    st = stacks(m, side)
    ta = {h for h, us in st.items() if any(u.st.tactical_assault for u in us)}
    pa = {h for h, us in st.items() if any(u.st.mode == PA for u in us)}
    for h in sorted(ta):
        for e in _enemy_hexes(m, side, h):
            if any(e in _enemy_hexes(m, side, p) for p in pa):
                for u in st[h]:
                    if u.st.tactical_assault:
                        remove_designation(m, u, "PA stacks are adjacent to the same enemy hex", "12.1.0")
                break
    ask_ta_keep(m)
    if not m.state.HasField("pending"):
        ask_adv_limit(m)


def ask_ta_keep(m: Model) -> None:
    side = m.lf.phasing
    st = stacks(m, side)
    ta = sorted(h for h, us in st.items() if any(u.st.tactical_assault for u in us))
    seen: set[int] = set()
    for h in ta:
        for e in _enemy_hexes(m, side, h):
            if e in seen:
                continue
            seen.add(e)
            rivals = [t for t in ta if e in _enemy_hexes(m, side, t)]
            if len(rivals) > 1:
                m.state.pending.CopyFrom(dec.decision(
                    m.next_decision_id(), side, TA_KEEP,
                    f"{len(rivals)} TA stacks are adjacent to {m.label(e)}: which one keeps its TA marker?",
                    GOSS.cite("12.1.0"), [dec.option(m.label(t), f"the TA stack in {m.label(t)}") for t in rivals],
                    context={"hex": m.label(e)}))
                return


def answer_ta_keep(m: Model, choice: str, dice: DiceSource) -> None:
    side = m.lf.phasing
    e = m.hex_id(m.state.pending.context["hex"])
    keep = m.hex_id(choice)
    m.state.ClearField("pending")
    for t, us in stacks(m, side).items():
        if t != keep and e in _enemy_hexes(m, side, t):
            for u in us:
                if u.st.tactical_assault:
                    remove_designation(m, u, f"another TA stack keeps its marker against {m.label(e)}", "12.1.0")
    ask_ta_keep(m)
    if not m.state.HasField("pending"):
        ask_adv_limit(m)


def ga_needed(m: Model, side: str) -> dict[str, int]:
    """Per formation: the GAs its designated stacks need, in TA units (a PA GA
    counts 2, 16.3.3); PA stacks that can attack one hex together count once."""
    st = stacks(m, side)
    per: dict[str, list[int]] = {}
    for h, us in st.items():
        per.setdefault(us[0].hq, []).append(h)
    out = {}
    for hq, hexes in per.items():
        ta = [h for h in hexes if any(u.st.tactical_assault for u in st[h])]
        pa = [h for h in hexes if h not in ta]
        covered: set[int] = set()
        n_pa = 0
        while len(covered) < len(pa):  # greedy cover of PA stacks by defending hexes
            best = max({e for p in pa if p not in covered for e in _enemy_hexes(m, side, p)},
                       key=lambda e: sum(1 for p in pa if p not in covered and e in _enemy_hexes(m, side, p)),
                       default=None)
            if best is None:
                break
            covered.update(p for p in pa if e_adj(m, side, p, best))
            n_pa += 1
        out[hq] = 2 * n_pa + len(ta)
    return out


def e_adj(m: Model, side: str, h: int, e: int) -> bool:
    return e in _enemy_hexes(m, side, h)


def _limit(m: Model, hq: str) -> int:
    st = m.hq_status.get(hq)
    bought = st.ga_bought if st is not None else 0
    return 2 * m.adv(hq) + bought


def ask_adv_limit(m: Model) -> None:
    """12.1.0 3 / 16.3.3: a supported formation may make one PA GA or two TA
    GAs per point of corps ADV; the owner removes designations or spends AmP."""
    side = m.lf.phasing
    for hq, need in sorted(ga_needed(m, side).items()):
        if any(m.unsupported(u) for u in m.side_units(side) if u.hq == hq):
            continue  # 15.4.3d: unsupported units paid AmP when designated
        if need <= _limit(m, hq):
            continue
        army = m.army_of(hq)
        amp = m.hq_status[army].amp if army in m.hq_status else 0
        opts = [dec.option(f"drop:{m.label(h)}", f"remove the designations in {m.label(h)}")
                for h, us in sorted(stacks(m, side).items()) if us[0].hq == hq]
        if amp > 0:
            opts.insert(0, dec.option("amp", f"spend 1 AmP ({army} has {amp}) for one more PA or two TA GAs"))
        m.state.pending.CopyFrom(dec.decision(
            m.next_decision_id(), side, ADV_LIMIT,
            f"{hq}'s designated stacks need {need} TA-GA units; its corps ADV allows {_limit(m, hq)} (16.3.3)",
            GOSS.cite("16.3.3"), opts, context={"hq": hq}))
        return


def answer_adv_limit(m: Model, choice: str, dice: DiceSource) -> None:
    hq = m.state.pending.context["hq"]
    m.state.ClearField("pending")
    if choice == "amp":
        army = m.army_of(hq)
        m.hq_status[army].amp -= 1
        m.hq_status[hq].ga_bought += 2
        m.emit("AMP_SPENT", f"{army} spends 1 AmP: {hq} may make one more PA or two more TA GAs", ["16.3.3"])
    else:
        h = m.hex_id(choice.split(":", 1)[1])
        for u in stacks(m, m.lf.phasing).get(h, []):
            remove_designation(m, u, "beyond the ADV GA limit", "12.1.0")
    ask_adv_limit(m)


def validate_remove(m: Model, action: action_pb2.Action, b: VerdictBuilder) -> None:
    if not sop.guard(m, "lucky_forward.remove_designation", action, b):
        return
    r = action.lucky_forward.remove_designation
    h = m.hex_id(r.hex, "remove_designation.hex")
    units = [u for u in m.stack(h) if u.side == action.side and u.attack_designated]
    if not units:
        b.violation("NOT_DESIGNATED", f"no designated unit of yours in {r.hex}", GOSS.cite("12.2.0"))
        return
    if r.then not in ("stay", "retreat", "withdraw"):
        b.violation("BAD_CHOICE", "after removal the units stay, retreat one hex or withdraw into a DW", GOSS.cite("12.2.0"))
    if r.then == "withdraw" and not m.works.get(h):
        b.violation("NO_DW", f"there is no DW in {r.hex} to withdraw into", GOSS.cite("12.2.0"))
    if r.then == "retreat":
        from adjudicator.rules.lucky_forward import retreats

        t = m.hm.find(r.retreat_to)
        if t is None or t not in m.hm.neighbours(h):
            b.violation("BAD_RETREAT", f"{r.retreat_to!r} is not adjacent to {r.hex}", GOSS.cite("12.2.0"))
        elif not retreats.can_enter(m, units, h, t):
            b.violation("BAD_RETREAT", f"the units may not retreat into {r.retreat_to}", GOSS.cite("11.6.3"))
    if not terrain.mct(m, h):
        b.note("not in MCT: a PRC with the lowest attack PR decides (pass: removed; fail: they must attack)",
               GOSS.cite("12.2.0"))


def apply_remove(m: Model, action: action_pb2.Action, dice: DiceSource) -> None:
    r = action.lucky_forward.remove_designation
    h = m.hex_id(r.hex)
    units = [u for u in m.stack(h) if u.side == action.side and u.attack_designated]
    if not terrain.mct(m, h):
        low = min(units, key=lambda x: (prc.rating(m, x, "offensive"), x.id))
        ok, text = prc.check(m, dice, low, "offensive", 0, f"voluntary designation removal in {r.hex}", case="12.2.0")
        if not ok:
            m.emit("DESIGNATION_KEPT", f"{r.hex}: {text}: the units keep their designation and must attack",
                   ["12.2.0"], units=[u.id for u in units])
            return
    for u in units:
        remove_designation(m, u, "removed voluntarily", "12.2.0")
    if r.then == "retreat":
        t = m.hex_id(r.retreat_to)
        for u in units:
            m.place(u, t)
        m.emit("RETREAT", f"the units retreat from {r.hex} to {r.retreat_to}", ["12.2.0"],
               units=[u.id for u in units], frm=r.hex, to=r.retreat_to)


def register() -> None:
    sop.DONE[("command", "rest-designation")] = rest_done
    sop.EXIT[("combat", "ta-designation")] = delay_checks
    sop.ENTER[("combat", "attacker-status")] = mandatory
