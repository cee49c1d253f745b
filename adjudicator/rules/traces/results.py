"""Resolving a declared attack (10.1-10.5): the defensive air commitment
(A-44), the CRT die, step losses allocated by their owners, the defender's
retreat, the attacker's advance, the attacker-casualty roll and the intensity
risk roll, each a pending decision when the owner has a choice.

Order (10.3): "The owning player allocates step losses before retreating any
remaining units"; the attacker-casualty roll comes "after eventually
advancing" and hits advancing units first; the intensity roll comes "after
the results of the combat have been applied" (10.2.3).
"""

from __future__ import annotations

from collections import Counter

from adjudicator.core import decisions as dec
from adjudicator.core.dice import DiceSource
from adjudicator.core.errors import MalformedInput
from adjudicator.core.retreat import OFF_MAP
from adjudicator.core.verdicts import VerdictBuilder
from adjudicator.rules.traces import combat as cb
from adjudicator.rules.traces import relocation
from adjudicator.core.combat import odds
from adjudicator.rules.traces.cite import TV
from adjudicator.rules.traces.data import CRT, TEC
from adjudicator.rules.traces.losses import fits, take_steps
from adjudicator.rules.traces.model import DRIVEN_OUT, ELIMINATED, Game
from adjudicator.rules.traces.retreats import advance_options, retreat_options
from adjudicator.rules.traces.supply import ezoc
from umpire.v1 import action_pb2, common_pb2, state_pb2, traces_pb2

AIR, DEF_LOSSES, ATT_LOSSES, RETREAT, ADVANCE, CASUALTY, INTENSITY = (
    "DEFENSIVE_AIR", "DEFENDER_LOSSES", "ATTACKER_LOSSES", "RETREAT", "ADVANCE", "ATTACKER_CASUALTY", "INTENSITY_LOSS")
KINDS = (AIR, DEF_LOSSES, ATT_LOSSES, RETREAT, ADVANCE, CASUALTY, INTENSITY)


def apply_attack(g: Game, action: action_pb2.Action, dice: DiceSource) -> None:
    a = cb.assess(g, action.attack, action.side, list(action.supplied_cells))
    act = g.tv.activation
    act.acted = True
    act.attacked.append(g.label(a.target))
    act.fought.extend(a.attackers)
    c = g.tv.combat
    g.tv.ClearField("combat")
    c = g.tv.combat
    c.target = g.label(a.target)
    c.attackers.extend(a.attackers)
    c.defenders.extend(a.defenders)
    c.attacker_player = action.side
    c.defender_player = g.defs[a.defenders[0]].side
    c.intensity = a.intensity
    c.air_attack = a.air_attack
    if a.air_attack:
        g.tv.air_available -= 1
    _record(g, a)
    g.emit("ATTACK", f"{', '.join(g.name(u) for u in a.attackers)} attack {c.target}: {a.attack} to {a.defense}, "
           f"{c.base_column} -> {c.column}" + (f" (shifts {a.net:+d})" if a.net else ""),
           [TV.cite("10.1")], units=list(a.attackers) + list(a.defenders), to_location=c.target)
    if g.belligerent(a.defenders[0]) == "allied" and g.tv.air_available > 0 and not a.automatic:
        c.stage = "air"
        g.ask(dec.decision("", c.defender_player, AIR,
                           f"{c.target} is attacked at {c.column}: commit an air unit to its defence (1 column left)?",
                           TV.cite("7.1"), [dec.option("air", "commit one air unit"), dec.option("none", "no air")]))
        return
    _roll(g, dice, list(action.supplied_cells))
    run(g, dice)


def _record(g: Game, a: cb.Assessment) -> None:
    c = g.tv.combat
    c.attack = a.attack
    c.defense = a.defense
    c.base_column = "10+" if a.automatic else a.base.label
    c.column = a.column
    c.net_shift = a.net
    c.automatic = a.automatic
    c.air_defense = a.air_defense


def _final_index(g: Game, c: traces_pb2.TracesCombat) -> int:
    """The final column from the recorded strengths and net shift (combat.py's
    arithmetic, without looking anything up again); < 0 = below 1:2."""
    cols = list(g.table(CRT).columns)
    idx = odds(c.attack, c.defense, cols).index
    if g.opts.ten_plus == "before":
        idx = min(idx, len(cols) - 1)
    return min(idx + c.net_shift, len(cols) - 1)


def _roll(g: Game, dice: DiceSource, supplied: list[common_pb2.SuppliedCell]) -> None:
    c = g.tv.combat
    die = dice.roll(6, f"combat at {c.target}: CRT")
    value, r = cb.crt_result(g, c.column, die, supplied, c.target)
    c.die = die
    c.result = value
    c.defender_losses = r.defender_losses
    c.attacker_losses = r.attacker_losses
    c.retreat = r.retreat
    c.casualty_roll = r.casualty
    c.stage = "defender-losses"
    g.emit("COMBAT_RESULT", f"combat at {c.target}: die {die} on {c.column} -> {value}", [TV.cite("10.3")],
           to_location=c.target)


def run(g: Game, dice: DiceSource) -> None:
    """Go on with the combat until a choice is needed or it is over."""
    c = g.tv.combat
    while g.tv.HasField("combat") and not g.state.HasField("pending"):
        st = c.stage
        if st == "defender-losses":
            _losses(g, list(c.defenders), c.defender_losses, DEF_LOSSES, c.defender_player, "attacker-losses")
        elif st == "attacker-losses":
            _losses(g, list(c.attackers), c.attacker_losses, ATT_LOSSES, c.attacker_player, "retreat")
        elif st == "retreat":
            _retreat(g)
        elif st == "advance":
            _advance(g)
        elif st == "casualty":
            _casualty(g, dice)
        elif st == "intensity":
            _intensity(g, dice)
        else:
            _done(g)


# -- losses ---------------------------------------------------------------------

def _alive(g: Game, ids: list[str]) -> list[str]:
    return [u for u in ids if g.on_map(u)]


def _losses(g: Game, ids: list[str], n: int, kind: str, player: str, nxt: str) -> None:
    c = g.tv.combat
    units = _alive(g, ids)
    total = sum(g.steps_left(u) for u in units)
    n = min(n, total)  # losses beyond the steps present are ignored
    if n == 0:
        c.stage = nxt
        return
    if n == total or len(units) == 1:
        _take(g, {u: g.steps_left(u) if n == total else n for u in units}, kind)
        c.stage = nxt
        return
    whose = "defending" if kind == DEF_LOSSES else "attacking"
    g.ask(dec.decision("", player, kind, f"allocate {n} step loss(es) among your {whose} units at {c.target}",
                       TV.cite("10.3"), [dec.option(u, f"{g.name(u)} ({g.steps_left(u)} step(s))", units=[u])
                                         for u in units],
                       min_choices=n, max_choices=n, allow_repeats=True, context={"losses": str(n)}))


def _take(g: Game, plan: dict[str, int], kind: str) -> None:
    c = g.tv.combat
    for uid, k in plan.items():
        took = take_steps(g, uid, k, f"combat at {c.target}", TV.cite("10.3"))
        if kind == DEF_LOSSES and took:
            c.defender_lost = True


def _validate_losses(g: Game, answer: action_pb2.AnswerDecision, b: VerdictBuilder) -> None:
    for uid, k in Counter(answer.choices).items():
        if uid in g.defs and k > g.steps_left(uid):
            b.violation("TOO_MANY_STEPS", f"{g.name(uid)} has {g.steps_left(uid)} step(s), not {k}", TV.cite("10.3"), uid)


# -- retreat --------------------------------------------------------------------

def exempt(g: Game, uid: str) -> bool:
    """10.4, 12.4 (A-9b): German units in Metz fortifications and City hexes."""
    if g.belligerent(uid) != "german":
        return False
    h = g.hex_of(uid)
    if g.board.fort[h]:
        return True
    if g.opts.r_exemption == "metz-only":
        return bool(g.board.metz[h])
    return g.board.is_city(h)


def _retreat_need(g: Game, uid: str) -> tuple[int, bool]:
    """(hexes `uid` must retreat, whether it may stay instead): 10.4, 12.4, A-9b, A-56."""
    n = g.tv.combat.retreat
    if n and exempt(g, uid):
        n -= 1
        if n == 0:
            if g.opts.r_exempt != "owner-may-retreat":
                return 0, False
            return 1, True
    return n, False


def _retreat(g: Game) -> None:
    """Units retreat one by one (a stack may split, 10.4); each unit's best
    paths depend on where the ones before it went. A unit with one path and no
    choice to stay goes at once; from the first unit with a choice, the owner
    gives every remaining unit its path (pending decision)."""
    c = g.tv.combat
    if c.retreat == 0:
        c.stage = "advance"
        return
    if not c.retreating:
        c.retreating.extend(u for u in _alive(g, list(c.defenders)) if _retreat_need(g, u)[0] > 0)
    while c.retreating:
        uid = c.retreating[0]
        n, may_stay = _retreat_need(g, uid)
        opts = [o.hexes for o in retreat_options(g, uid, n)]
        if not opts and not may_stay:
            where = g.us[uid].location
            g.emit("RETREAT_BLOCKED", f"{g.name(uid)} in {where} cannot retreat {n} hex(es)", [TV.cite("10.4")],
                   units=[uid], from_location=where)
            _eliminate(g, uid, "no retreat possible")
            c.retreating.pop(0)
            continue
        if len(opts) == 1 and not may_stay:
            _do_retreat(g, uid, opts[0])
            c.retreating.pop(0)
            continue
        break
    if not c.retreating:
        c.stage = "advance"
        return
    remaining = list(c.retreating)
    options = []
    for uid in remaining:
        n, may_stay = _retreat_need(g, uid)
        if may_stay:
            options.append(dec.option(f"{uid}:stay", f"{g.name(uid)} stays (not required to retreat on R)", units=[uid],
                                      citation=TV.cite("10.4")))
        for p in (o.hexes for o in retreat_options(g, uid, n)):
            labels = _labels(g, p)
            options.append(dec.option(f"{uid}:{','.join(labels)}", f"{g.name(uid)}: {' -> '.join(labels)}",
                                      units=[uid], path=labels))
    g.ask(dec.decision("", c.defender_player, RETREAT,
                       f"retreat your units from {c.target} ({'R' * c.retreat}): give each unit its path, in the "
                       "order they retreat (an empty path to stay where allowed); the options shown are each unit's "
                       "paths if it went first", TV.cite("10.4"), options, min_choices=0, max_choices=0,
                       wants_assignments=True, assign_units=remaining))


def _labels(g: Game, hexes: tuple[int, ...]) -> list[str]:
    return ["off-map" if h == OFF_MAP else g.label(h) for h in hexes]


def _eliminate(g: Game, uid: str, why: str) -> None:
    take_steps(g, uid, g.steps_left(uid), why, TV.cite("10.4"))


def _do_retreat(g: Game, uid: str, hexes: tuple[int, ...]) -> None:
    c = g.tv.combat
    start = g.us[uid].location
    zoc = ezoc(g, g.belligerent(uid))
    entered = 0
    moved: list[str] = []
    for h in hexes:
        if h == OFF_MAP:
            g.emit("RETREAT", f"{g.name(uid)} retreats off the map from {g.us[uid].location}", [TV.cite("10.4")],
                   units=[uid], from_location=start)
            _eliminate(g, uid, "retreated off the map")
            return
        if zoc[h]:
            entered += 1
        g.place(uid, h, why="retreats into it")
        moved.append(g.label(h))
    g.invalidate()
    act = g.tv.activation
    if uid not in act.retreated:
        act.retreated.append(uid)
    c.retreats.add(unit_id=uid, path=moved)
    if g.has_tag(uid, "metz-garrison") and g.board.metz[g.hm.hex_id(start)] and not g.board.metz[hexes[-1]]:
        g.add_marker(uid, DRIVEN_OUT)  # 12.7: driven from Metz, the restriction no longer applies
    g.emit("RETREAT", f"{g.name(uid)} retreats {start} -> {' -> '.join(moved)}", [TV.cite("10.4")], units=[uid],
           from_location=start, to_location=moved[-1] if moved else start)
    if entered:
        steps = 1 if g.opts.retreat_ezoc_loss == "once" else entered
        take_steps(g, uid, steps, f"retreated into {entered} enemy ZOC hex(es)", TV.cite("10.4"))


def _validate_retreat(g: Game, answer: action_pb2.AnswerDecision, b: VerdictBuilder) -> None:
    sim = Game.copy_of(g.state)
    waiting = set(sim.tv.combat.retreating)
    for a in answer.assignments:
        if a.unit_id not in waiting:
            continue
        n, may_stay = _retreat_need(sim, a.unit_id)
        opts = {tuple(_labels(sim, p)): p for p in (o.hexes for o in retreat_options(sim, a.unit_id, n))}
        if not a.path:
            if not may_stay and opts:
                b.violation("MUST_RETREAT", f"{g.name(a.unit_id)} must retreat {n} hex(es)", TV.cite("10.4"), a.unit_id)
            if not opts and not may_stay:
                sim.remove(a.unit_id)  # no path left: it is eliminated
            continue
        chosen = tuple(a.path)
        if chosen not in opts:
            allowed = "; ".join(" -> ".join(p) for p in opts) or "none (eliminated)"
            b.violation("BAD_RETREAT", f"{g.name(a.unit_id)} may retreat only by {allowed} (closer to supply, room to "
                        "stack at the end, fewest enemy-ZOC hexes, rivers only as the first hex)", TV.cite("10.4"),
                        a.unit_id)
            return
        _move_only(sim, a.unit_id, opts[chosen])


def _move_only(g: Game, uid: str, hexes: tuple[int, ...]) -> None:
    for h in hexes:
        if h == OFF_MAP:
            g.remove(uid, ELIMINATED)
            return
        g.place(uid, h)
    g.invalidate()


def _apply_retreat(g: Game, answer: action_pb2.AnswerDecision) -> None:
    c = g.tv.combat
    for a in answer.assignments:
        if not a.path:
            if _retreat_need(g, a.unit_id)[1]:
                g.emit("RETREAT", f"{g.name(a.unit_id)} stays in {g.us[a.unit_id].location} (not required to "
                       "retreat)", [TV.cite("10.4")], units=[a.unit_id])
            else:
                g.emit("RETREAT_BLOCKED", f"{g.name(a.unit_id)} in {g.us[a.unit_id].location} has no retreat left",
                       [TV.cite("10.4")], units=[a.unit_id])
                _eliminate(g, a.unit_id, "no retreat possible")
            continue
        hexes = tuple(OFF_MAP if x == "off-map" else g.hm.hex_id(x) for x in a.path)
        _do_retreat(g, a.unit_id, hexes)
    del c.retreating[:]
    c.stage = "advance"


# -- advance --------------------------------------------------------------------

def _difficult(g: Game, target: int, supplied: list[common_pb2.SuppliedCell]) -> bool:
    terrain = g.hm.terrain[target]
    cell = g.table(TEC).lookup(terrain, "difficult", supplied, reason=f"advance into {terrain} {g.label(target)}")
    return cell.value.strip().lower() in ("yes", "y", "true")


def advance_candidates(g: Game, supplied: list[common_pb2.SuppliedCell] | None = None) -> dict[str, list[tuple[int, ...]]]:
    from adjudicator.rules.traces.moves import garrison_bound, restricted

    c = g.tv.combat
    target = g.hm.hex_id(c.target)
    bel = g.belligerent(c.attackers[0])
    if g.enemy_at(target, bel) or any(u for u in g.units_at(target)):
        return {}
    out: dict[str, list[tuple[int, ...]]] = {}
    for uid in _alive(g, list(c.attackers)):
        if g.is_hq(uid) or restricted(g, uid) or (garrison_bound(g, uid) and not g.board.metz[target]):
            continue
        mech = g.is_mech(uid)
        opts = advance_options(g, uid, target, mech, _difficult(g, target, list(supplied or [])) if mech else False)
        if garrison_bound(g, uid):
            opts = [p for p in opts if all(g.board.metz[h] for h in p)]
        if opts:
            out[uid] = opts
    hqs = [u for u in _alive(g, [x for h in {g.hex_of(a) for a in out} for x in g.units_at(h)]) if g.is_hq(u)]
    for hq in hqs:  # 10.5: "HQs may advance with any combat units they are stacked with"
        out[hq] = sorted({p for a, ps in out.items() if not g.is_hq(a) and g.hex_of(a) == g.hex_of(hq) for p in ps})
    return out


def _advance(g: Game) -> None:
    c = g.tv.combat
    cands = advance_candidates(g)
    if not cands:
        c.stage = "casualty"
        return
    options = [dec.option(f"{u}:{','.join(_labels(g, p))}", f"{g.name(u)}: {' -> '.join(_labels(g, p))}",
                          units=[u], path=_labels(g, p)) for u, ps in cands.items() for p in ps]
    g.ask(dec.decision("", c.attacker_player, ADVANCE,
                       f"{c.target} is empty: advance with any of the attacking units (assignments unit -> path; none "
                       "to stay)", TV.cite("10.5"), options, min_choices=0, max_choices=0, wants_assignments=True))


def _validate_advance(g: Game, answer: action_pb2.AnswerDecision, b: VerdictBuilder) -> None:
    cands = advance_candidates(g)
    ends: dict[int, list[str]] = {}
    for a in answer.assignments:
        if a.unit_id not in cands:
            b.violation("CANNOT_ADVANCE", f"{g.name(a.unit_id) if a.unit_id in g.defs else a.unit_id} may not advance "
                        "(only attacking units, not restricted, not out of Difficult terrain when mechanized)",
                        TV.cite("10.5"), a.unit_id)
            continue
        if not a.path:
            continue
        try:
            p = tuple(g.hm.hex_id(x) for x in a.path)
        except MalformedInput:
            b.violation("BAD_ADVANCE", f"{list(a.path)} is not a path of hexes", TV.cite("10.5"), a.unit_id)
            continue
        if p not in cands[a.unit_id]:
            allowed = "; ".join(" -> ".join(_labels(g, q)) for q in cands[a.unit_id])
            b.violation("BAD_ADVANCE", f"{g.name(a.unit_id)} may advance only by {allowed}", TV.cite("10.5"), a.unit_id)
            continue
        ends.setdefault(p[-1], []).append(a.unit_id)
    paths = {a.unit_id: tuple(a.path) for a in answer.assignments if a.unit_id in cands and a.path}
    for uid, path in paths.items():
        if not g.is_hq(uid):
            continue
        mates = [u for u, p in paths.items() if u != uid and p == path and not g.is_hq(u)
                 and g.hex_of(u) == g.hex_of(uid)]
        if not mates:  # 10.5: "HQs may advance with any combat units they are stacked with"
            b.violation("HQ_ALONE", f"{g.name(uid)} may advance only along with a combat unit it is stacked with",
                        TV.cite("10.5"), uid)
    for h, ids in ends.items():
        if not fits(g, h, ids, ids):
            b.violation("OVERSTACKED", f"advancing {', '.join(g.name(u) for u in ids)} into {g.label(h)} would exceed "
                        "the stacking limit in the last hex (2 combat units + 1 HQ)", TV.cite("10.5"), g.label(h))


def _apply_advance(g: Game, answer: action_pb2.AnswerDecision) -> None:
    c = g.tv.combat
    for a in answer.assignments:
        if not a.path:
            continue
        start = g.us[a.unit_id].location
        for x in a.path:
            g.place(a.unit_id, g.hm.hex_id(x), why="advances into it")
        g.invalidate()
        c.advances.add(unit_id=a.unit_id, path=list(a.path))
        g.emit("ADVANCE", f"{g.name(a.unit_id)} advances {start} -> {' -> '.join(a.path)}", [TV.cite("10.5")],
               units=[a.unit_id], from_location=start, to_location=a.path[-1])
    c.stage = "casualty"


# -- attacker casualty and intensity ---------------------------------------------------

def _one_loss(g: Game, candidates: list[str], kind: str, why: str, cite: common_pb2.Citation, nxt: str) -> None:
    c = g.tv.combat
    if len(candidates) == 1:
        take_steps(g, candidates[0], 1, why, cite)
        c.stage = nxt
        return
    if not candidates:
        c.stage = nxt
        return
    g.ask(dec.decision("", c.attacker_player, kind, f"{why}: choose the unit that loses a step", cite,
                       [dec.option(u, g.name(u), units=[u]) for u in candidates]))


def _casualty(g: Game, dice: DiceSource) -> None:
    c = g.tv.combat
    if not c.casualty_roll:
        c.stage = "intensity"
        return
    die = dice.roll(6, f"combat at {c.target}: attacker casualty")
    g.emit("CASUALTY_ROLL", f"attacker casualty roll: {die}" + (" -> one attacking unit loses a step" if die == 6
                                                               else " -> no loss"), [TV.cite("10.3")])
    if die != 6:
        c.stage = "intensity"
        return
    advanced = _alive(g, [r.unit_id for r in c.advances])
    _one_loss(g, advanced or _alive(g, list(c.attackers)), CASUALTY, "attacker casualty (10.3)", TV.cite("10.3"),
              "intensity")


def _intensity(g: Game, dice: DiceSource) -> None:
    c = g.tv.combat
    if not c.intensity or (g.opts.intensity_roll == "if-defender-lost" and not c.defender_lost):
        c.stage = "done"
        return
    die = dice.roll(6, f"combat at {c.target}: intensity {c.intensity}R risk")
    worst = 2 * c.intensity  # 1R: 1-2, 2R: 1-4
    lost = die <= worst
    g.emit("INTENSITY_ROLL", f"intensity {c.intensity}R risk roll: {die}" + (" -> one attacking combat unit loses a step"
           if lost else " -> no loss"), [TV.cite("10.2.3")])
    if not lost:
        c.stage = "done"
        return
    alive = _alive(g, list(c.attackers))
    combat_units = [u for u in alive if not g.is_hq(u)] or alive
    _one_loss(g, combat_units, INTENSITY, f"intensity {c.intensity}R loss", TV.cite("10.2.3"), "done")


def _done(g: Game) -> None:
    c = g.tv.combat
    g.emit("COMBAT_OVER", f"combat at {c.target} resolved", [TV.cite("10.1")], to_location=c.target)
    g.tv.ClearField("combat")
    if relocation.next_decision(g):
        g.tv.resume = "combat"


# -- answers --------------------------------------------------------------------

def validate_answer(g: Game, answer: action_pb2.AnswerDecision, b: VerdictBuilder) -> None:
    d = g.state.pending
    dec.check_answer(d, answer, b)
    if not b.ok:
        return
    if d.kind in (DEF_LOSSES, ATT_LOSSES):
        _validate_losses(g, answer, b)
    elif d.kind == RETREAT:
        _validate_retreat(g, answer, b)
    elif d.kind == ADVANCE:
        _validate_advance(g, answer, b)


def apply_answer(g: Game, answer: action_pb2.AnswerDecision, dice: DiceSource,
                 supplied: list[common_pb2.SuppliedCell]) -> None:
    d = state_pb2.Decision()
    d.CopyFrom(g.state.pending)
    g.clear_pending()
    c = g.tv.combat
    if d.kind == AIR:
        if answer.choices[0] == "air":
            g.tv.air_available -= 1
            c.air_defense = True
            c.net_shift -= 1
            final = _final_index(g, c)
            if final < 0:  # 10.2.2: below 1:2 after the shifts "the attack is not possible"
                g.emit("ATTACK_CALLED_OFF", f"with the air unit on defence the attack on {c.target} falls below "
                       "1:2: it is not made", [TV.cite("7.1"), TV.cite("10.2.2")], to_location=c.target)
                c.stage = "done"
                run(g, dice)
                return
            c.column = g.table(CRT).columns[final]
            g.emit("DEFENSIVE_AIR", f"an Allied air unit supports the defence of {c.target}: 1 column left, "
                   f"{c.column}", [TV.cite("7.1")])
        _roll(g, dice, supplied)
    elif d.kind in (DEF_LOSSES, ATT_LOSSES):
        _take(g, dict(Counter(answer.choices)), d.kind)
        c.stage = "attacker-losses" if d.kind == DEF_LOSSES else "retreat"
    elif d.kind == RETREAT:
        _apply_retreat(g, answer)
    elif d.kind == ADVANCE:
        _apply_advance(g, answer)
    elif d.kind == CASUALTY:
        take_steps(g, answer.choices[0], 1, "attacker casualty", TV.cite("10.3"))
        c.stage = "intensity"
    elif d.kind == INTENSITY:
        take_steps(g, answer.choices[0], 1, f"intensity {c.intensity}R loss", TV.cite("10.2.3"))
        c.stage = "done"
    run(g, dice)
