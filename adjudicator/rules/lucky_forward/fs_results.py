"""An FS mission's steps 6-9 (11.1.0): DRMs, the volleys' rolls on the FS
Mission Resolution Table (MISSING: unknown cells are asked for), and the
defender's application of the result (11.6.1 AS hits, 11.6.2 numerical hits
taken first as a step loss or as a retreat), ammunition depletion (11.8.0)
and the attacker's advance (11.7.0). Every owner's choice is a pending
decision; `run` goes on until one is needed or the mission is over.
"""

from __future__ import annotations

import math

from adjudicator.core import decisions as dec
from adjudicator.core.dice import DiceSource
from adjudicator.rules.lucky_forward import fatigue, fs_drm, losses, modes, prc, retreats, stacking, steps
from adjudicator.rules.lucky_forward import terrain
from adjudicator.rules.lucky_forward.cite import GOSS
from adjudicator.rules.lucky_forward.fs_declare import is_flak88
from adjudicator.rules.lucky_forward.model import EXPLOIT, MR, ON_HAND, PA, TAC, Model, U
from adjudicator.rules.lucky_forward.results_text import parse_fs

FS_DRMS, FS_FIRST_HIT, FS_RETREAT, FS_FATIGUE, FS_AD, FS_ADVANCE = (
    "FS_DRMS", "FS_FIRST_HIT", "FS_RETREAT", "FS_FATIGUE", "FS_AD", "FS_ADVANCE")


def _targets(m: Model) -> list[U]:
    return [m.units[i] for i in m.lf.fs.targets if i in m.units and steps.alive(m.units[i])]


def _defender(m: Model) -> str:
    return next((m.units[i].side for i in m.lf.fs.targets if i in m.units), "")


def start(m: Model, dice: DiceSource, *, observed: bool) -> None:
    fs = m.lf.fs
    for u in _targets(m):
        u.st.losses_this_combat = 0
    h = m.hex_id(fs.target)
    units = _targets(m)
    combos = fs_drm.combinations(m, h, units)
    fs.stage = "drms"
    m.lf.marks.append(f"fs-observed:{int(observed)}")
    if len(combos) > 1:
        m.state.pending.CopyFrom(dec.decision(
            m.next_decision_id(), _defender(m), FS_DRMS,
            f"FS mission on {fs.target}: choose the DRMs of groups A-C (11.5.1-11.5.3)", GOSS.cite("11.5.3"),
            [dec.option(c.key, ", ".join(f"{w} {v if v is not None else 'unknown'}" for w, v, _ in c.parts)
                        + (f" = {c.total}" if c.known else "")) for c in combos]))
        return
    set_drm(m, combos[0].key, dice)


def set_drm(m: Model, key: str, dice: DiceSource) -> None:
    fs = m.lf.fs
    h = m.hex_id(fs.target)
    units = _targets(m)
    combo = next(c for c in fs_drm.combinations(m, h, units) if c.key == key)
    parts: list[tuple[str, int, str]] = []
    for what, v, case in combo.parts:
        if v is None:
            name = what.split(" (")[0]
            cell = m.table("lucky-forward/fs-terrain").lookup(name, "DRM", reason=f"the defender chose {name}")
            v = int(cell.value)
        parts.append((what, v, case))
    steps_n, dens = fs_drm.density(m, h)
    parts.append((f"density ({steps_n} steps)", dens, "11.5.4"))
    fire = [m.units[f.unit_id] for f in fs.fire]
    observed = f"fs-observed:1" in m.lf.marks
    nw = [u.c.nebelwerfer for u in fire]
    e = fs_drm.group_e(m, m.units.get(fs.spotter), h, units, observed, all(nw), any(nw), not combo.parts)
    first_only = sum(v for _, v, _, first in e if first)
    parts.extend((w, v, c) for w, v, c, first in e if not first)
    total = sum(v for _, v, _ in parts)
    fs.drm = fs_drm.clamp(total)
    m.emit("FS_DRM", f"DRM {'; '.join(f'{w} {v:+d}' for w, v, _ in parts)} = {total:+d}"
           + (f", clamped to {fs.drm:+d}" if fs.drm != total else "")
           + (f" (first volley {first_only:+d} more)" if first_only else ""), sorted({c for _, _, c in parts}))
    fs.stage = "roll"
    m.lf.marks.append(f"fs-first-extra:{first_only}")
    run(m, dice)


def _roll(m: Model, dice: DiceSource) -> None:
    fs = m.lf.fs
    extra = next((int(x.split(":")[1]) for x in m.lf.marks if x.startswith("fs-first-extra:")), 0)
    t = m.table("lucky-forward/fs-resolution")
    as_hits = hits = 0
    lines = []
    for i, pts in enumerate(fs.volleys):
        roll = dice.roll(10, f"FS mission on {fs.target}: volley {i + 1} ({pts} points)") % 10
        drm = fs_drm.clamp(fs.drm + (extra if i == 0 else 0))
        fsv = roll + pts + drm
        row = "7 or less" if fsv <= 7 else "23 or more" if fsv >= 23 else str(fsv)
        cell = t.lookup(row, "result", reason=f"volley {i + 1} on {fs.target}: FSV {fsv}")
        r = parse_fs(cell.value, m.opts.as1)
        fs.results.append(cell.value)
        as_hits += r.as_hits
        hits += r.hits
        lines.append(f"{roll}+{pts}{drm:+d} = {fsv}: {cell.value}")
    h = m.hex_id(fs.target)
    heavy = any(m.units[f.unit_id].c.heavy_artillery for f in fs.fire)
    if (terrain.ft_area(m, h) or "fort" in terrain.works(m, h)) and not heavy and hits:
        m.emit("FS_CONVERTED", f"{hits} numerical hits on a Fort/Ft Area become AS hits (no heavy Art)",
               ["11.4.1f", "11.6.2"])
        as_hits += hits
        hits = 0
    fs.as_hits, fs.hits = as_hits, hits
    m.emit("FS_RESULT", f"FS mission on {fs.target}: {'; '.join(lines)} -> {as_hits} AS hit(s), {hits} numerical "
           "hit(s)", ["11.6.0"], to=fs.target)
    for u in _targets(m):
        if u.side == m.lf.phasing:
            u.st.fought = True  # 14.3.0 2
        add_as(m, u, as_hits, "11.6.1")
        if hits and u.st.mode == MR:
            modes.drop_mr(m, u, "a numerical hit from an FS mission")
    fs.stage = "first-hit" if hits else "ad"


def add_as(m: Model, u: U, n: int, case: str) -> None:
    """11.6.1: one AS marker per AS hit, at most two per unit; an AS marker
    ends a CR marker (5.8.0 c)."""
    if n <= 0:
        return
    before = u.st.artillery_shifts
    u.st.artillery_shifts = min(2, before + n)
    if u.st.combat_reserve:
        u.st.combat_reserve = False
        m.emit("CR_REMOVED", f"{u.d.name or u.id} takes an AS hit: CR marker removed", ["5.8.0"], units=[u.id])
    if u.st.artillery_shifts != before:
        m.emit("AS_HIT", f"{u.d.name or u.id} now has {u.st.artillery_shifts} AS marker(s)", [case], units=[u.id])


def _rules(m: Model, max_step_loss: bool) -> steps.LossRules:
    units = _targets(m)
    h = m.hex_id(m.lf.fs.target) if not m.lf.fs.retreated_to else m.hex_id(m.lf.fs.retreated_to)
    groups = stacking.groups(m, units, terrain.stacking_constricted(m, h))
    return steps.LossRules(units=units, max_step_loss=max_step_loss, groups=groups,
                           prior={u.id: u.st.losses_this_combat for u in units})


def _can_retreat(m: Model) -> bool:
    units = _targets(m)
    if not units:
        return False
    h = units[0].hex
    return bool(retreats.one_hex(m, units)) or (m.lf.fs.designated and bool(m.works.get(h)))


def run(m: Model, dice: DiceSource) -> None:
    while m.lf.HasField("fs") and m.lf.fs.stage and not m.state.HasField("pending"):
        fs = m.lf.fs
        st = fs.stage
        if st == "roll":
            _roll(m, dice)
        elif st == "first-hit":
            if not _targets(m):
                fs.stage = "ad"
            elif _can_retreat(m):
                m.state.pending.CopyFrom(dec.decision(
                    m.next_decision_id(), _defender(m), FS_FIRST_HIT,
                    f"{fs.hits} numerical hit(s) on {fs.target}: take the first as a step loss or as a retreat?",
                    GOSS.cite("11.6.2"), [dec.option("step", "a step loss (11.6.2a)"),
                                          dec.option("retreat", "a retreat (11.6.2b)")]))
            else:
                fs.first_hit = "step"
                fs.stage = "step1"
        elif st == "step1":
            _step_one(m)
        elif st == "prc":
            _prc(m, dice)
        elif st in ("pass-loss", "fail-losses", "ret-losses", "pass-rest", "fail-rest"):
            _losses(m, st)
        elif st in ("pass-fatigue", "fail-fatigue"):
            _ask_fatigue(m)
        elif st == "ret-fatigue":
            n = min(2, fs.hits)
            for _ in range(n):
                for u in _targets(m):
                    fatigue.hit(m, u, "FS hits beyond Max step loss", ("11.6.2b",))
            fs.hits = 0
            fs.stage = "z"
        elif st in ("fail-retreat", "retreat"):
            _retreat(m)
        elif st == "z":
            _z_steps(m)
            fs.stage = "ad"
        elif st == "ad":
            _ad(m, dice)
        elif st == "advance":
            _ask_advance(m)
        elif st == "done":
            _finish(m)
        else:
            raise AssertionError(f"unknown FS stage {st}")


def _step_one(m: Model) -> None:
    """11.6.2a step 1: one step loss from one unit of the owner's choice, or
    the ET-3 of non-designated targets removed."""
    fs = m.lf.fs
    h = m.hex_id(fs.target)
    et3 = "ET-3" in terrain.works(m, h) and not fs.designated
    rules = _rules(m, True)
    outs = steps.outcomes(rules, 1)
    opts = [dec.option(o[0], f"a step loss on {o[0]}", units=[o[0]]) for o in outs]
    if et3:
        opts.append(dec.option("et3", "remove the ET-3 instead (not replaced by an ET-2)"))
    if not opts:
        fs.hits -= 1
        fs.stage = "prc" if fs.hits else "z"
        return
    if len(opts) == 1:
        choose_step_one(m, opts[0].id)
        return
    m.state.pending.CopyFrom(dec.decision(
        m.next_decision_id(), _defender(m), losses.STEP_LOSSES, f"FS on {fs.target}: the first numerical hit",
        GOSS.cite("11.6.2a"), opts, context={"purpose": "fs-step1", "count": "1"}))


def choose_step_one(m: Model, choice: str) -> None:
    fs = m.lf.fs
    h = m.hex_id(fs.target)
    if choice == "et3":
        for w in list(m.lf.works):
            if m.hm.find(w.hex) == h and w.kind == "ET-3":
                m.lf.works.remove(w)
        m.works.get(h, []).clear()
        fs.et3_removed = True
        m.emit("ET3_REMOVED", f"the ET-3 in {fs.target} is removed to absorb the first numerical hit", ["11.6.2a"])
    else:
        losses.apply_losses(m, _rules(m, True), [choice], "first numerical hit", "11.6.2a")
    fs.hits -= 1
    fs.step_one_done = True
    fs.stage = "prc" if fs.hits else "z"


def _prc(m: Model, dice: DiceSource) -> None:
    """11.6.2a step 2: a PRC with the lowest defensive PR in the hex; non-
    designated units in an ET, Fort or Ft Area pass automatically (not an ET-3
    just removed)."""
    fs = m.lf.fs
    units = _targets(m)
    h = m.hex_id(fs.target)
    kinds = set(terrain.works(m, h))
    if not units:
        fs.stage = "z"
        return
    if not fs.designated and (kinds & {"ET-2", "ET-3", "fort"} or terrain.ft_area(m, h)):
        ok, text = True, "passes automatically (in an ET / Fort / Ft Area)"
    else:
        low = min(units, key=lambda x: (prc.rating(m, x, "defensive"), x.id))
        ok, text = prc.check(m, dice, low, "defensive", 0, f"FS step 2 PRC on {fs.target}", case="11.6.2a")
    fs.prc_passed = ok
    m.emit("FS_PRC", f"{fs.target}: {text}", ["11.6.2a"])
    if ok:
        fs.stage = "pass-loss"
    else:
        for u in units:
            _drop_designation(m, u, "failed its FS PRC")
            add_as(m, u, 1, "11.6.2a")
        fs.stage = "fail-retreat"


def _drop_designation(m: Model, u: U, why: str) -> None:
    from adjudicator.rules.lucky_forward.designations import remove_designation

    if u.attack_designated:
        remove_designation(m, u, why, "11.6.2")


def _losses(m: Model, stage: str) -> None:
    fs = m.lf.fs
    if fs.hits <= 0 or not _targets(m):
        fs.stage = _after_losses(stage)
        return
    want = 1 if stage == "pass-loss" else fs.hits
    max_sl = stage in ("fail-losses", "ret-losses")
    got = losses.allocate(m, _defender(m), want, _rules(m, max_sl), f"FS on {fs.target}", "11.6.2",
                          {"purpose": f"fs:{stage}"})
    if got is None:
        return
    after_losses(m, stage, got)


def after_losses(m: Model, stage: str, taken: int) -> None:
    fs = m.lf.fs
    fs.hits -= taken
    if stage in ("pass-rest", "fail-rest"):
        if fs.hits > 0 and _targets(m) and taken > 0:
            return  # more losses to place (equal spreading caps each round)
        fs.hits = 0
    fs.stage = _after_losses(stage)


def _after_losses(stage: str) -> str:
    return {"pass-loss": "pass-fatigue", "fail-losses": "fail-fatigue", "ret-losses": "ret-fatigue",
            "pass-rest": "z", "fail-rest": "z"}[stage]


def _ask_fatigue(m: Model) -> None:
    """11.6.2a: after passing, one or two hits may become fatigue hits (each on
    every target unit); after failing, at most two once Max step loss is met."""
    fs = m.lf.fs
    if fs.hits <= 0 or not _targets(m):
        fs.hits = 0
        fs.stage = "z"
        return
    top = min(2, fs.hits)
    m.state.pending.CopyFrom(dec.decision(
        m.next_decision_id(), _defender(m), FS_FATIGUE,
        f"{fs.hits} numerical hit(s) left on {fs.target}: how many become fatigue hits on every target unit? "
        "(the rest are step losses without Max step loss)", GOSS.cite("11.6.2a"),
        [dec.option(str(k), f"{k} fatigue hit(s)") for k in range(top + 1)]))


def answer_fatigue(m: Model, k: int, dice: DiceSource) -> None:
    fs = m.lf.fs
    for _ in range(k):
        for u in _targets(m):
            fatigue.hit(m, u, "FS numerical hit taken as fatigue", ("11.6.2",))
    fs.hits -= k
    fs.stage = "pass-rest" if fs.stage == "pass-fatigue" else "fail-rest"
    run(m, dice)


def _retreat(m: Model) -> None:
    """11.6.2a fail / 11.6.2b: the stack retreats one hex (11.6.3), or attack
    designated units withdraw into a DW in their hex."""
    fs = m.lf.fs
    units = _targets(m)
    if not units:
        fs.stage = "z"
        return
    h = units[0].hex
    for u in [u for u in units if retreats.art_cannot_retreat(u)]:
        n = u.steps_left
        m.eliminate(u, "Art that cannot retreat", ["11.6.3e"])
        fs.hits = max(0, fs.hits - n)  # 11.6.3e: each Art step eliminated cancels a numerical hit
    units = _targets(m)
    opts = [dec.option(m.label(t), f"retreat to {m.label(t)}", path=[m.label(t)]) for t in retreats.one_hex(m, units)]
    if fs.designated and m.works.get(h):
        opts.append(dec.option("withdraw", "withdraw into the DW in the hex"))
    if not opts:
        m.emit("NO_RETREAT", f"the units in {m.label(h)} cannot retreat: they stay", ["11.6.3"])
        retreated(m, "")
        return
    if len(opts) == 1:
        retreated(m, opts[0].id)
        return
    m.state.pending.CopyFrom(dec.decision(
        m.next_decision_id(), _defender(m), FS_RETREAT, f"retreat the stack in {m.label(h)} one hex",
        GOSS.cite("11.6.3a"), opts))


def retreated(m: Model, choice: str) -> None:
    fs = m.lf.fs
    units = _targets(m)
    first = fs.stage == "retreat"
    if choice and choice != "withdraw":
        t = m.hex_id(choice)
        frm = m.label(units[0].hex)
        alone = not [x for x in m.stack(t) if x.side == units[0].side]
        due = retreats.adjacent_loss_due(m, units, t)
        for u in units:
            m.place(u, t)
            u.st.retreated_alone = alone
            u.st.retreated = True
            _drop_designation(m, u, "retreated after an FS mission")
            if u.st.mode == EXPLOIT:
                u.st.mode = TAC
                m.emit("MODE_CHANGED", f"{u.d.name or u.id} retreats and leaves Exploit", ["5.3.2"], units=[u.id])
        fs.retreated_to = m.label(t)
        m.emit("RETREAT", f"{', '.join(u.d.name or u.id for u in units)} retreat {frm} -> {choice}", ["11.6.3"],
               units=[u.id for u in units], frm=frm, to=choice)
        if due:
            r = steps.LossRules(units=units, max_step_loss=False, z_fulfil=all(u.is_z for u in units))
            got = losses.allocate(m, units[0].side, 1, r, "retreat into a non-MCT hex next to the enemy", "11.6.3d",
                                  {"purpose": "fs:adjacent-loss"})
            if got is None:
                m.lf.marks.append("fs-after-retreat:" + ("ret" if first else "fail"))
                return
    elif choice == "withdraw":
        for u in units:
            _drop_designation(m, u, "withdrew into a DW")
        m.emit("WITHDRAW", f"the units in {fs.target} withdraw into the DW", ["11.6.2"])
    continue_after_retreat(m, first)


def continue_after_retreat(m: Model, first: bool) -> None:
    fs = m.lf.fs
    if first:
        for u in _targets(m):
            add_as(m, u, 1, "11.6.2b")
        fs.hits = math.ceil(max(0, fs.hits - 1) / 2)  # 11.6.2b steps 4-5
        fs.stage = "ret-losses"
    else:
        fs.stage = "fail-losses"


def _z_steps(m: Model) -> None:
    """4.1.3 d (FS): Z-step units not stacked with a Co. or larger are
    eliminated when the hex suffers a result that needs a step loss."""
    units = [u for u in _targets(m)]
    big = [u for u in units if not u.is_z]
    if big or not m.lf.fs.results:
        return
    took = any(x.st.losses_this_combat for x in m.units.values() if x.id in m.lf.fs.targets)
    if took:
        for u in units:
            m.eliminate(u, "a Z-step not stacked with a Co. or larger", ["4.1.3"])


def _ad(m: Model, dice: DiceSource) -> None:
    """11.8.0: after an Art mission, 1d10 + (volleys - 1) + 1 per volley if all
    firers are Nebelwerfers + 2 on an extended GenS path, minus the corps ADV,
    Art units are depleted; plus one per intensive volley, every OhS Art
    (11.8.1) and every unsupported Art (15.4.3). The owner picks which."""
    fs = m.lf.fs
    art = [m.units[f.unit_id] for f in fs.fire if m.units[f.unit_id].is_art and not is_flak88(m.units[f.unit_id])]
    art = [u for u in art if steps.alive(u)]
    if not art:
        fs.stage = "advance"
        return
    nw = all(u.c.nebelwerfer for u in art)
    roll = dice.roll(10, f"ammunition depletion check, mission on {fs.target}") % 10
    mod = roll + (len(fs.volleys) - 1) + (len(fs.volleys) if nw else 0) + (2 if any(u.st.extended_supply for u in art)
                                                                           else 0)
    adv = min(m.adv(u.hq) for u in art)
    n = max(0, mod - adv)
    auto = [u for u in art if u.st.supply == ON_HAND or m.unsupported(u)]
    for u in auto:
        _deplete(m, u, "OhS or unsupported Art fires", "11.8.1" if u.st.supply == ON_HAND else "15.4.3")
    want = n + fs.intensive
    m.emit("AD_CHECK", f"AD check: {roll} + {mod - roll} = {mod} vs ADV {adv}: {n} Art unit(s) AD"
           + (f", +{fs.intensive} for intensive fire" if fs.intensive else ""), ["11.8.0"])
    pool = [u for u in art if not u.st.ammo_depleted]
    if want >= len(pool):
        for u in pool:
            _deplete(m, u, "ammunition depletion", "11.8.0")
        fs.stage = "advance"
        return
    if want == 0:
        fs.stage = "advance"
        return
    from itertools import combinations

    opts = [dec.option("+".join(c), ", ".join(c), units=list(c)) for c in combinations(sorted(u.id for u in pool), want)]
    m.state.pending.CopyFrom(dec.decision(
        m.next_decision_id(), fs.side, FS_AD, f"choose the {want} Art unit(s) that are ammunition depleted",
        GOSS.cite("11.8.0"), opts[:200]))


def _deplete(m: Model, u: U, why: str, case: str) -> None:
    if not u.st.ammo_depleted:
        u.st.ammo_depleted = True
        m.emit("AMMO_DEPLETED", f"{u.d.name or u.id} is ammunition depleted ({why})", [case], units=[u.id])


def answer_ad(m: Model, choice: str, dice: DiceSource) -> None:
    for uid in choice.split("+"):
        _deplete(m, m.units[uid], "ammunition depletion", "11.8.0")
    m.lf.fs.stage = "advance"
    run(m, dice)


def advancers(m: Model) -> list[U]:
    fs = m.lf.fs
    h = m.hex_id(fs.target)
    if any(x.side != fs.side for x in m.stack(h)):
        return []
    return [u for n in m.hm.neighbours(h) for u in m.stack(n)
            if u.side == fs.side and u.attack_designated and not u.st.advanced_after_fs]


def _ask_advance(m: Model) -> None:
    fs = m.lf.fs
    cands = advancers(m)
    if not cands:
        fs.stage = "done"
        return
    h = m.hex_id(fs.target)
    opts = [dec.option(u.id, f"advance {u.d.name or u.id} into {fs.target}", units=[u.id]) for u in cands]
    if terrain.mct(m, h):
        opts += [dec.option(f"tac:{u.id}", f"{u.d.name or u.id} reverts to Tac (no GA this segment)", units=[u.id])
                 for u in cands if u.st.mode == PA]
    m.state.pending.CopyFrom(dec.decision(
        m.next_decision_id(), fs.side, FS_ADVANCE, f"{fs.target} is empty: advance adjacent attack-designated units?",
        GOSS.cite("11.7.0"), opts, min_choices=0, max_choices=0))


def answer_advance(m: Model, choices: list[str], dice: DiceSource) -> None:
    fs = m.lf.fs
    h = m.hex_id(fs.target)
    moving = [m.units[c] for c in choices if not c.startswith("tac:")]
    for u in moving:
        frm = m.label(u.hex)
        m.place(u, h)
        u.st.advanced_after_fs = True
        if u.st.tactical_assault:
            u.st.tactical_assault = False
            u.st.ta_removed = True  # 11.7.0: TA units lose TA and do not attack this GA Segment
        if f"tac:{u.id}" in choices:
            u.st.mode = TAC
        m.emit("ADVANCE", f"{u.d.name or u.id} advances {frm} -> {fs.target}", ["11.7.0"], units=[u.id], frm=frm,
               to=fs.target)
    fs.stage = "done"
    run(m, dice)


def _finish(m: Model) -> None:
    for k in [x for x in m.lf.marks if x.startswith(("fs-observed:", "fs-first-extra:", "fs-after-retreat:"))]:
        m.lf.marks.remove(k)
    m.lf.ClearField("fs")
    modes.check_mr(m)
