"""GA step 8 (13.10-13.12): the attacker's result, then the defender's; then
the advance. For each side: the mandatory PRC (13.10.1), the ET-3 and
Recon/CDO reductions (13.10.2), mandatory hits as step losses in the priority
order with Max step loss, the excess becoming discretionary (13.10.3), then the
owner's hold / limited retreat / full retreat for the discretionary hits
(13.10.4) with the retreats of 13.11, and finally the advance (13.12)."""

from __future__ import annotations

from adjudicator.core import decisions as dec
from adjudicator.core.dice import DiceSource
from adjudicator.rules.lucky_forward import fatigue, ga_drm, losses, modes, prc, retreats, stacking, steps, terrain
from adjudicator.rules.lucky_forward.cite import GOSS
from adjudicator.rules.lucky_forward.ga_results import units
from adjudicator.rules.lucky_forward.model import MECH, ON_HAND, OUT, PA, STRAT, TAC, Model, U
from umpire.v1 import lucky_forward_pb2 as lf_pb2

GA_REDUCE, GA_OPTION, GA_RETREAT, GA_MIX, GA_ADVANCE = "GA_REDUCE", "GA_OPTION", "GA_RETREAT", "GA_MIX", "GA_ADVANCE"


def _is_attacker(m: Model, s: lf_pb2.LfGaSide) -> bool:
    return s.side == m.lf.ga.attacker.side


def _side(m: Model) -> lf_pb2.LfGaSide:
    ga = m.lf.ga
    return ga.attacker if ga.stage == "attacker-results" else ga.defender


def start_side(m: Model, s: lf_pb2.LfGaSide) -> None:
    s.stage = "prc"
    for u in units(m, list(s.units)):
        u.st.losses_this_combat = 0


def run(m: Model, dice: DiceSource) -> None:
    while m.lf.HasField("ga") and m.lf.ga.stage and not m.state.HasField("pending"):
        ga = m.lf.ga
        if ga.stage in ("attacker-results", "defender-results"):
            s = _side(m)
            if s.stage == "done":
                if ga.stage == "attacker-results":
                    ga.stage = "defender-results"
                    start_side(m, ga.defender)
                else:
                    ga.stage = "advance"
                continue
            _step(m, s, dice)
        elif ga.stage == "advance":
            _ask_advance(m)
        elif ga.stage == "finish":
            finish(m, dice)
        else:
            raise AssertionError(f"unknown GA stage {ga.stage}")


def _participants(m: Model, s: lf_pb2.LfGaSide) -> list[U]:
    """CR units are unaffected by the results (13.8.2); retreated defenders
    in the hex suffer them too (13.5.5)."""
    out = units(m, list(s.units))
    if not _is_attacker(m, s):
        h = m.hex_id(m.lf.ga.hex)
        out += [u for u in m.stack(h) if u.side == s.side and u.id not in s.units and not u.is_leader]
    return out


def _step(m: Model, s: lf_pb2.LfGaSide, dice: DiceSource) -> None:
    st = s.stage
    if st == "prc":
        _prc(m, s, dice)
    elif st == "reduce":
        _reduce(m, s)
    elif st == "mandatory":
        _mandatory(m, s)
    elif st == "option":
        _option(m, s)
    elif st in ("hold-prc", "limited-prc"):
        _hold_prc(m, s, dice)
    elif st == "mix":
        _ask_mix(m, s)
    elif st in ("mix-losses", "short-losses", "rest-losses"):
        _losses(m, s)
    elif st == "short-fatigue":
        _short_fatigue(m, s)
    elif st in ("retreat", "limited-retreat"):
        _ask_retreat(m, s)
    else:
        raise AssertionError(f"unknown GA side stage {st}")


def _prc(m: Model, s: lf_pb2.LfGaSide, dice: DiceSource) -> None:
    """13.10.1: a '*' result: a PRC with the lead PR unit (+1 PR defending in
    an ET/Fort/Ft Area, max 8; a leader -1 DR); failing adds a discretionary hit."""
    from adjudicator.rules.lucky_forward.results_text import parse_ga

    if parse_ga(s.result).prc:
        lead = m.units[s.lead_pr]
        attacker = _is_attacker(m, s)
        h = m.hex_id(m.lf.ga.hex)
        bonus = 1 if not attacker and ga_drm.in_dw(m, h) else 0
        ok, text = prc.check(m, dice, lead, "offensive" if attacker else "defensive", 0,
                             f"GA on {m.lf.ga.hex}: {s.side} mandatory PRC", case="13.10.1", pr_bonus=bonus,
                             pr_cap=8 if bonus else 9)
        if not ok:
            s.discretionary += 1
        m.emit("GA_PRC", f"{s.side} mandatory PRC ({lead.d.name or lead.id}): {text}"
               + ("" if ok else ": one more discretionary hit"), ["13.10.1"])
    s.stage = "reduce"


def reduce_options(m: Model, s: lf_pb2.LfGaSide) -> list[tuple[str, str]]:
    out = []
    parts = _participants(m, s)
    h = m.hex_id(m.lf.ga.hex)
    if s.mandatory and not _is_attacker(m, s) and "ET-3" in terrain.works(m, h):
        out.append(("et3", "remove the ET-3 to cancel one mandatory hit (13.10.2)"))
    if s.mandatory and parts and all(u.has("recon") or u.has("commando") for u in parts):
        if all(retreats.ga_paths(m, [u for u in parts if u.hex == x], 1) for x in {u.hex for u in parts}):
            out.append(("convert", "convert one mandatory hit to a discretionary hit (all Recon/CDO, 13.10.2)"))
    return out


def _reduce(m: Model, s: lf_pb2.LfGaSide) -> None:
    opts = reduce_options(m, s)
    if not opts:
        s.stage = "mandatory"
        return
    m.state.pending.CopyFrom(dec.decision(
        m.next_decision_id(), s.side, GA_REDUCE, f"{s.result} on your units: reduce or convert a mandatory hit?",
        GOSS.cite("13.10.2"), [dec.option(k, v) for k, v in opts], min_choices=0, max_choices=0))


def answer_reduce(m: Model, choices: list[str], dice: DiceSource) -> None:
    s = _side(m)
    h = m.hex_id(m.lf.ga.hex)
    if "et3" in choices:
        for w in list(m.lf.works):
            if m.hm.find(w.hex) == h and w.kind == "ET-3":
                m.lf.works.remove(w)
        m.works.get(h, []).clear()
        s.mandatory -= 1
        s.et3_removed = True
        m.emit("ET3_REMOVED", f"the ET-3 in {m.lf.ga.hex} is removed: one mandatory hit cancelled", ["13.10.2"])
    if "convert" in choices and s.mandatory:
        s.mandatory -= 1
        s.discretionary += 1
        m.emit("HIT_CONVERTED", "one mandatory hit becomes discretionary (Recon/CDO)", ["13.10.2"])
    s.stage = "mandatory"
    run(m, dice)


def _rules(m: Model, s: lf_pb2.LfGaSide, max_sl: bool, *, priority: bool = False) -> steps.LossRules:
    parts = _participants(m, s)
    groups: dict[str, str] = {}
    for x in {u.hex for u in parts}:
        here = [u for u in m.stack(x) if u.side == s.side]
        groups.update(stacking.groups(m, here, terrain.stacking_constricted(m, x)))
    prio = []
    if priority:
        prio = [s.lead_pr] + ([s.lead_armor] if s.lead_armor else []) + list(s.shift_engineers)
    return steps.LossRules(units=parts, max_step_loss=max_sl, groups=groups, priority=prio, hq_art_together=True,
                           z_fulfil=all(u.is_z for u in parts), prior={u.id: u.st.losses_this_combat for u in parts})


def _mandatory(m: Model, s: lf_pb2.LfGaSide) -> None:
    """13.10.3."""
    if s.mandatory <= 0:
        s.stage = "option"
        return
    r = _rules(m, s, not s.ignore_max_step_loss, priority=True)
    cap = steps.capacity(r, s.mandatory)
    if cap < s.mandatory:
        m.emit("HITS_CONVERTED", f"{s.mandatory - cap} mandatory hit(s) beyond Max step loss become discretionary",
               ["13.10.3"])
        s.discretionary += s.mandatory - cap
        s.mandatory = cap
    got = losses.allocate(m, s.side, cap, r, f"GA on {m.lf.ga.hex}: mandatory hits", "13.10.3",
                          {"purpose": "ga:mandatory"})
    if got is not None:
        after_mandatory(m, s, got)


def after_mandatory(m: Model, s: lf_pb2.LfGaSide, taken: int) -> None:
    """4.1.3 d: each step loss taken also eliminates one participating Z-step
    (it satisfies nothing)."""
    zs = sorted((u for u in _participants(m, s) if u.is_z and u.us.steps_lost == 0), key=lambda x: x.id)
    for u in zs[:taken]:
        m.eliminate(u, "a Z-step lost with a mandatory step loss", ["4.1.3", "13.10.3"])
    s.mandatory = 0
    s.stage = "option"


def max_retreat(m: Model, s: lf_pb2.LfGaSide, stack: list[U]) -> int:
    """13.11.1: defender Leg 2 / Mech 4, attacker Leg 1 / Mech 2; Mech units of a
    no-fuel HQ 2; LF deep mud 1 (LF 19.4.3b)."""
    attacker = _is_attacker(m, s)
    leg = any(u.movement_class != MECH for u in stack)
    n = (1 if leg else 2) if attacker else (2 if leg else 4)
    if not leg and any(m.fuel_state(u) == "no" for u in stack):
        n = min(n, 2)
    if m.lf.weather.ground == "deep-mud":
        n = 1
    return n


def _stacks(m: Model, s: lf_pb2.LfGaSide) -> dict[int, list[U]]:
    out: dict[int, list[U]] = {}
    for u in _participants(m, s):
        out.setdefault(u.hex, []).append(u)
    return out


def _option(m: Model, s: lf_pb2.LfGaSide) -> None:
    ga = m.lf.ga
    if not _is_attacker(m, s) and ga.attacker.retreated:
        s.discretionary = max(0, s.discretionary - ga.attacker.retreated)  # 13.10.4
    if s.discretionary <= 0 or not _participants(m, s):
        s.discretionary = 0
        s.stage = "done"
        _post_side(m, s)
        return
    opts = [dec.option("hold", "hold the position (13.10.4a)"), dec.option("full", "full retreat (13.10.4c)")]
    if all(retreats.ga_paths(m, st, 1) or (_is_attacker(m, s) and m.works.get(h)) for h, st in _stacks(m, s).items()):
        opts.insert(1, dec.option("limited", "limited retreat (13.10.4b)"))
    m.state.pending.CopyFrom(dec.decision(
        m.next_decision_id(), s.side, GA_OPTION, f"{s.discretionary} discretionary hit(s): hold, limited or full "
        "retreat?", GOSS.cite("13.10.4"), opts))


def answer_option(m: Model, choice: str, dice: DiceSource) -> None:
    s = _side(m)
    s.option = choice
    s.stage = "retreat" if choice == "full" else f"{choice}-prc"
    run(m, dice)


def _hold_prc(m: Model, s: lf_pb2.LfGaSide, dice: DiceSource) -> None:
    """13.10.4a: the lowest PR among the participants (free Co.s stacked with
    Bn.s ignored); units in an ET-2, ET-3, Fort or Ft Area pass (not after
    removing the ET-3)."""
    parts = _participants(m, s)
    attacker = _is_attacker(m, s)
    which = "offensive" if attacker else "defensive"
    h = parts[0].hex
    kinds = set(terrain.works(m, h))
    if not attacker and not s.et3_removed and (kinds & {"ET-2", "ET-3", "fort"} or terrain.ft_area(m, h)):
        ok, text = True, "passes automatically (ET-2/ET-3/Fort/Ft Area)"
    else:
        free = set()
        for x in {u.hex for u in parts}:
            here = [u for u in m.stack(x) if u.side == s.side]
            free |= set(stacking.special_stacks(m, here, terrain.stacking_constricted(m, x)))
        pool = [u for u in parts if u.id not in free] or parts
        low = min(pool, key=lambda x: (prc.rating(m, x, which), x.id))
        ok, text = prc.check(m, dice, low, which, 0, f"GA on {m.lf.ga.hex}: {s.side} {s.option} PRC", case="13.10.4a")
    s.prc_passed = ok
    m.emit("GA_PRC", f"{s.side} {s.option}: {text}", ["13.10.4a"])
    if ok:
        s.stage = "mix" if s.option == "hold" else "limited-retreat"
    else:
        s.stage = "retreat"


def _ask_mix(m: Model, s: lf_pb2.LfGaSide) -> None:
    """13.10.4a pass / 13.10.4b pass: any mix of step losses and (at most two)
    fatigue hits, Max step loss off."""
    if s.discretionary <= 0 or not _participants(m, s):
        s.discretionary = 0
        s.stage = "done"
        _post_side(m, s)
        return
    top = min(2 - s.fatigue_hits, s.discretionary)
    m.state.pending.CopyFrom(dec.decision(
        m.next_decision_id(), s.side, GA_MIX, f"{s.discretionary} discretionary hit(s): how many as fatigue hits on "
        "every participating unit (the rest as step losses, Max step loss off)?", GOSS.cite("13.10.4a"),
        [dec.option(str(k), f"{k} fatigue hit(s)") for k in range(top + 1)]))


def answer_mix(m: Model, k: int, dice: DiceSource) -> None:
    s = _side(m)
    _fatigue_all(m, s, k)
    s.discretionary -= k
    s.stage = "mix-losses"
    run(m, dice)


def _fatigue_all(m: Model, s: lf_pb2.LfGaSide, k: int, only: list[U] | None = None) -> None:
    for _ in range(k):
        for u in only if only is not None else _participants(m, s):
            fatigue.hit(m, u, "a discretionary hit taken as fatigue", ("13.10.4",))
    s.fatigue_hits += k


def _losses(m: Model, s: lf_pb2.LfGaSide) -> None:
    stage = s.stage
    if s.discretionary <= 0 or not _participants(m, s):
        _next_after_losses(m, s, stage)
        return
    max_sl = stage == "short-losses"
    r = _rules(m, s, max_sl)
    want = s.discretionary
    got = losses.allocate(m, s.side, want, r, f"GA on {m.lf.ga.hex}: discretionary hits", "13.10.4",
                          {"purpose": f"ga:{stage}"})
    if got is not None:
        after_losses(m, s, stage, got)


def after_losses(m: Model, s: lf_pb2.LfGaSide, stage: str, taken: int) -> None:
    s.discretionary -= taken
    if stage in ("mix-losses", "rest-losses") and s.discretionary > 0 and taken > 0 and _participants(m, s):
        return  # equal spreading placed what it could this round; go on
    if stage in ("mix-losses", "rest-losses") and (s.discretionary <= 0 or not _participants(m, s)):
        _z_all(m, s)
    _next_after_losses(m, s, stage)


def _next_after_losses(m: Model, s: lf_pb2.LfGaSide, stage: str) -> None:
    if stage == "short-losses":
        s.stage = "short-fatigue"
    else:
        s.discretionary = 0
        s.stage = "done"
        _post_side(m, s)


def _short_fatigue(m: Model, s: lf_pb2.LfGaSide) -> None:
    """13.10.4a 2 / 13.10.4c 2: up to two fatigue hits on every unit, then (a)
    the rest as step losses without Max step loss, or (c, retreated but short)
    ignored."""
    k = min(2 - s.fatigue_hits, s.discretionary)
    _fatigue_all(m, s, k)
    s.discretionary -= k
    if s.discretionary > 0 and not (s.option == "full" and s.retreated > 0):
        s.stage = "rest-losses"
    else:
        s.discretionary = 0
        s.stage = "done"
        _post_side(m, s)


def _z_all(m: Model, s: lf_pb2.LfGaSide) -> None:
    """4.1.3 e: with no Co. or Bn. left of a side in a hex, its participating
    Z-steps are eliminated (13.10.4: when discretionary hits remain)."""
    for x, st in _stacks(m, s).items():
        if st and all(u.is_z for u in st) and s.discretionary > 0:
            for u in st:
                m.eliminate(u, "no Co. or Bn. left with it", ["4.1.3"])


def _ask_retreat(m: Model, s: lf_pb2.LfGaSide) -> None:
    """13.11: each stack retreats one hex per discretionary hit, up to its
    maximum (a limited retreat: at least one, the owner's choice up to that)."""
    done = set(s.retreat_done)
    for h, stack in sorted(_stacks(m, s).items()):
        if any(u.id in done for u in stack):
            continue
        for u in [u for u in stack if retreats.art_cannot_retreat(u)]:
            n = u.steps_left
            m.eliminate(u, "Art that cannot retreat", ["13.11.4"])
            s.discretionary = max(0, s.discretionary - n)
        stack = [u for u in stack if steps.alive(u)]
        if not stack:
            continue
        top = min(s.discretionary, max_retreat(m, s, stack))
        opts = []
        lengths = range(1, top + 1) if s.stage == "limited-retreat" else [top]
        for n in lengths:
            for p in retreats.ga_paths(m, stack, n):
                if len(p) == n or s.stage != "limited-retreat":
                    opts.append(dec.option(">".join(m.label(x) for x in p), f"retreat {len(p)} hex(es)",
                                           path=[m.label(x) for x in p]))
        if _is_attacker(m, s) and m.works.get(h) and (s.discretionary == 1 or s.stage == "limited-retreat"):
            opts.append(dec.option("withdraw", "withdraw into the DW in the hex (counts one hex)"))
        opts = list({o.id: o for o in opts}.values())
        if not opts:
            retreated(m, s, h, "")
            continue
        if len(opts) == 1:
            retreated(m, s, h, opts[0].id)
            continue
        m.state.pending.CopyFrom(dec.decision(
            m.next_decision_id(), s.side, GA_RETREAT, f"retreat the stack in {m.label(h)}", GOSS.cite("13.11.0"),
            opts, context={"hex": m.label(h)}))
        return
    _after_retreats(m, s)


def retreated(m: Model, s: lf_pb2.LfGaSide, h: int, choice: str) -> None:
    stack = [u for u in _participants(m, s) if u.hex == h]
    s.retreat_done.extend(u.id for u in stack)
    if choice == "withdraw":
        s.retreat_paths.append(f"{m.label(h)}|1")
        m.emit("WITHDRAW", f"the units in {m.label(h)} withdraw into the DW", ["13.10.4a"])
        return
    if not choice:
        s.retreat_paths.append(f"{m.label(h)}|0")
        m.emit("NO_RETREAT", f"the units in {m.label(h)} cannot retreat", ["13.11.0"])
        return
    path = [m.hex_id(x) for x in choice.split(">")]
    for t in path:
        if retreats.adjacent_loss_due(m, stack, t):
            r = steps.LossRules(units=stack, max_step_loss=False, z_fulfil=all(u.is_z for u in stack))
            pick = steps.outcomes(r, 1)
            if pick:
                losses.apply_losses(m, r, pick[0], "retreat into a non-MCT hex next to the enemy", "13.11.3")
                stack = [u for u in stack if steps.alive(u)]
    for u in stack:
        m.place(u, path[-1])
        u.st.retreated_alone = not [x for x in m.stack(path[-1]) if x.side == u.side and x not in stack]
        u.st.retreated = u.st.ga_retreated = True
        if u.is_art and u.in_battery and len(path) > 1 and not u.c.self_propelled:
            u.st.out_of_battery = True  # 13.11.4: more than one hex: OoB
    s.retreat_paths.append(f"{m.label(h)}>{choice}|{len(path)}")
    m.emit("RETREAT", f"{', '.join(u.d.name or u.id for u in stack)} retreat {m.label(h)} -> {choice}", ["13.11.0"],
           units=[u.id for u in stack], frm=m.label(h), to=m.label(path[-1]))


def answer_retreat(m: Model, choice: str, dice: DiceSource) -> None:
    s = _side(m)
    h = m.hex_id(m.state.pending.context["hex"])
    m.state.ClearField("pending")
    retreated(m, s, h, choice)
    _ask_retreat(m, s)
    run(m, dice)


def _after_retreats(m: Model, s: lf_pb2.LfGaSide) -> None:
    hexes = [int(p.rsplit("|", 1)[1]) if "|" in p else 0 for p in s.retreat_paths]
    n = max(hexes, default=0)
    short = min(hexes, default=0)
    s.retreated = n
    s.discretionary = max(0, s.discretionary - short)
    if s.stage == "limited-retreat":
        s.stage = "mix"
        return
    s.stage = "short-losses" if s.discretionary > 0 else "done"
    if s.stage == "done":
        _post_side(m, s)


def _post_side(m: Model, s: lf_pb2.LfGaSide) -> None:
    """After a side's result: Strat units with any hit leave Strat (5.5.2c);
    OhS units that fought at full CS are OoS (13.5.3)."""
    from adjudicator.rules.lucky_forward.results_text import parse_ga

    r = parse_ga(s.result)
    for u in _participants(m, s):
        if u.st.mode == STRAT and (r.mandatory or r.discretionary):
            u.st.mode = TAC
            m.emit("MODE_CHANGED", f"{u.d.name or u.id} leaves Strat after the GA", ["5.5.2"], units=[u.id])
        if u.id in s.ohs_full and u.st.supply == ON_HAND:
            u.st.supply = OUT
            m.emit("OOS", f"{u.d.name or u.id} used its OhS at full CS: now OoS", ["13.5.3"], units=[u.id])


def _ask_advance(m: Model) -> None:
    from adjudicator.rules.lucky_forward import ga_advance

    opts = ga_advance.options(m)
    if not opts:
        m.lf.ga.stage = "finish"
        return
    m.state.pending.CopyFrom(dec.decision(
        m.next_decision_id(), m.lf.ga.attacker.side, GA_ADVANCE,
        f"{m.lf.ga.hex} is empty: advance attack-designated participants? (one path per unit, or none)",
        GOSS.cite("13.12.0"), [dec.option(k, v, units=[k.split("@")[0]]) for k, v in opts],
        min_choices=0, max_choices=0))


def finish(m: Model, dice: DiceSource) -> None:
    """13.12.1: attack designations of the participants go; CR markers of
    defenders (5.8.0 d) and of committed CR units (13.8.2) go; leader
    casualties (23.3.0)."""
    from adjudicator.rules.lucky_forward.designations import remove_designation

    ga = m.lf.ga
    for u in units(m, list(ga.attacker.units)):
        if u.attack_designated:
            remove_designation(m, u, "it conducted a GA", "13.12.1")
        if u.st.mode == PA:
            u.st.mode = TAC
    below = ga.attacker.ignore_max_step_loss
    for u in units(m, list(ga.defender.units)):
        u.st.defended = True
        u.st.defended_below_table = below
        if u.st.combat_reserve:
            u.st.combat_reserve = False
            m.emit("CR_REMOVED", f"{u.d.name or u.id} defended a GA: CR marker removed", ["5.8.0"], units=[u.id])
    for s in (ga.attacker, ga.defender):
        for uid in s.reserves:
            u = m.units[uid]
            u.st.combat_reserve = False
        if s.leader:
            m.units[s.leader].st.leader_bonus_used = True
    _leader_casualties(m, dice)
    m.lf.ClearField("ga")
    modes.check_mr(m)


def _leader_casualties(m: Model, dice: DiceSource) -> None:
    ga = m.lf.ga
    for s in (ga.attacker, ga.defender):
        for u in [x for x in m.units.values() if x.is_leader and x.on_map and x.side == s.side]:
            if any(m.units[i].hex == u.hex and m.units[i].st.losses_this_combat for i in s.units if i in m.units):
                roll = (dice.roll(10, f"leader casualty {u.id} tens") % 10) * 10 + dice.roll(
                    10, f"leader casualty {u.id} ones") % 10
                if roll <= 5:
                    m.eliminate(u, f"leader casualty roll {roll:02d}", ["23.3.0"])
                else:
                    m.emit("LEADER_SAFE", f"{u.d.name or u.id}: casualty roll {roll:02d}", ["23.3.0"], units=[u.id])
