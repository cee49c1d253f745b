"""Applying a combat result (9.8, 9.9): mandatory step losses, the owner's split
of the flexible number between steps and hexes, retreats through the kernel's
paths, the step owed for each enemy-controlled hex entered, and (advance.py)
the victor's advance. Every owner's choice is a typed pending decision:

* CHOOSE_LOSSES: one unit per step (repeats allowed), in the order the rules
  impose: participants first, then the rest of their hexes (9.8.6), an
  attacker's participating tanks before anything else (9.8.7, AMBIG-33);
* RESULT_ALLOCATION: "s<k>r<r>" = k more steps and r hexes (9.8.5 example);
* RETREAT: one of the paths offered (9.9.1.D priorities; in a breakthrough the
  attacker picks the defender's path, 9.9.7.B-1).

The defender's part is applied first, then the attacker's (AMBIG-34).
A choice with only one legal answer is applied without asking.
"""

from __future__ import annotations

from adjudicator.core.decisions import check_answer, option
from adjudicator.core.dice import DiceSource
from adjudicator.core.retreat import OFF_MAP
from adjudicator.core.verdicts import VerdictBuilder
from adjudicator.core.zoc import surrounded
from adjudicator.rules.pattons import advance, chits, losses, retreats
from adjudicator.rules.pattons.cite import P3, other
from adjudicator.rules.pattons.model import Game
from adjudicator.rules.pattons.strength import Result, parse_result
from umpire.v1 import action_pb2, state_pb2

LETTER = {"defender": "D", "attacker": "A"}


def _side(g: Game, part: str) -> str:
    cb = g.ext.combat
    return cb.attacker_side if part == "attacker" else other(cb.attacker_side)


def participants(g: Game, part: str) -> list[str]:
    cb = g.ext.combat
    units = cb.attackers if part == "attacker" else cb.defenders
    return [u for u in units if u in g.hex_of]


def _result(g: Game) -> Result:
    return parse_result(g.ext.combat.result, g.ext.combat.bold)


def start(g: Game, res: Result, dice: DiceSource) -> None:
    cb = g.ext.combat
    order = ["defender", "attacker"] if g.opts.result_order == "defender-first" else ["attacker", "defender"]
    cb.part = order[0]
    cb.step = "adverse"
    run(g, dice)


def run(g: Game, dice: DiceSource) -> None:
    """Carry the result on until an owner has to choose, or the combat is over."""
    cb = g.ext.combat
    while not g.state.HasField("pending"):
        if cb.stage == "advance":
            if advance.next_advance(g):
                return
            finish(g)
            return
        res = _result(g)
        letter = LETTER[cb.part]
        side = _side(g, cb.part)
        if cb.step == "adverse":
            _adverse(g, res)
            cb.step = "mandatory"
            cb.losses = res.mandatory[letter]
        elif cb.step == "mandatory":
            cb.step = "allocate"
            cb.flexible = res.flexible[letter]
            if cb.losses:
                ask_losses(g, side, participants(g, cb.part), cb.losses, "9.8.6", dice, mandatory=True)
        elif cb.step == "allocate":
            if not cb.flexible or not participants(g, cb.part):
                cb.step = "done"
            else:
                _allocate(g, res, dice)
        elif cb.step == "steps":
            cb.step = "retreat"
            units = participants(g, cb.part)
            del cb.to_retreat[:]
            cb.to_retreat.extend(sorted({g.label(g.hex_of[u]) for u in units}) if cb.retreat else [])
            if cb.losses:
                ask_losses(g, side, units, cb.losses, "9.8.5.F", dice, mandatory=False)
        elif cb.step == "retreat":
            if not cb.to_retreat:
                cb.step = "done"
            else:
                _retreat_next(g, res, dice)
        elif cb.step == "retreat-losses":
            cb.step = "retreat"
            owing = [u for u in cb.owing if u in g.hex_of]
            n = cb.losses
            del cb.owing[:]
            if n and owing:
                ask_losses(g, side, owing, n, "9.9.2", dice, mandatory=False, any_unit=True)
        elif cb.step == "done":
            _part_done(g)


def _adverse(g: Game, res: Result) -> None:
    """9.9.3 (AMBIG-18): units that retreated into an attacked hex die on an adverse result."""
    cb = g.ext.combat
    if cb.part != "defender":
        return
    hit = res.flexible["D"] + res.mandatory["D"] > 0
    if g.opts.adverse == "losses":
        hit = res.mandatory["D"] > 0
    if not hit:
        return
    targets = {g.hex(t) for t in cb.targets}
    for u in sorted(cb.bystanders):
        if u in g.hex_of and g.hex_of[u] in targets and g.has(u, "retreated-in"):
            losses.eliminate(g, u, "it had retreated into the hex, which suffered an adverse result", ["9.9.3"])


def _tiers(g: Game, side: str, units: list[str], mandatory: bool, any_unit: bool) -> list[list[str]]:
    cb = g.ext.combat
    units = sorted(u for u in units if u in g.hex_of)
    if any_unit:
        return [units]
    tiers: list[list[str]] = []
    attacker = side == cb.attacker_side
    if attacker and (mandatory or g.opts.tanks_first == "all"):
        tanks = [u for u in units if g.c(u).tank]
        if tanks:
            tiers.append(tanks)
    tiers.append([u for u in units if not any(u in t for t in tiers)])
    if mandatory:  # 9.8.6.B: then units of the same hexes that did not take part
        hexes = {g.hex_of[u] for u in units}
        rest = sorted(u for h in hexes for u in g.stack(h, side) if u not in units)
        if rest:
            tiers.append(rest)
    return [t for t in tiers if t]


def ask_losses(g: Game, side: str, units: list[str], n: int, case: str, dice: DiceSource, *,
               mandatory: bool, any_unit: bool = False) -> None:
    tiers = _tiers(g, side, units, mandatory, any_unit)
    for t in tiers:  # AMBIG-29: a unit without a chit that may have to lose steps draws one now
        for u in t:
            c = g.c(u)
            if c.uses_chit and not g.cadre(u) and not g.tried(u) and g.opts.untried_loss == "draw":
                chits.draw(g, u, dice)
    avail = {u: _left(g, u) for t in tiers for u in t}
    total = sum(avail.values())
    take = min(n, total)
    forced = _forced(tiers, avail, take)
    if forced is not None:
        apply_losses(g, forced, dice, case)
        return
    opts = [option(u, f"{u} ({avail[u]} step{'s' if avail[u] > 1 else ''} left)", units=[u]) for t in tiers for u in t]
    g.ask(side, "CHOOSE_LOSSES", f"{side}: choose {take} step loss(es)", case, opts, min_choices=take,
          max_choices=take, allow_repeats=True, context={"tiers": "|".join(",".join(t) for t in tiers),
                                                         "case": case})


def _left(g: Game, u: str) -> int:
    left = losses.steps_left(g, u)
    return left if left is not None else (1 if g.opts.untried_loss == "cadre" else 2)


def _forced(tiers: list[list[str]], avail: dict[str, int], take: int) -> list[str] | None:
    """The one allocation when there is no choice (everything, or one unit)."""
    if take == sum(avail.values()):
        return [u for t in tiers for u in t for _ in range(avail[u])]
    left = take
    out: list[str] = []
    for t in tiers:
        room = sum(avail[u] for u in t)
        if left >= room:
            out += [u for u in t for _ in range(avail[u])]
            left -= room
            continue
        if len(t) == 1:
            return out + [t[0]] * left
        return None
    return out


def validate_losses(g: Game, action: action_pb2.Action, b: VerdictBuilder) -> None:
    d = g.state.pending
    check_answer(d, action.answer, b)
    if not b.ok:
        return
    tiers = [t.split(",") for t in d.context.get("tiers", "").split("|") if t]
    err = allocation_error(g, tiers, list(action.answer.choices))
    if err:
        b.violation("LOSS_ORDER", err, P3.cite(d.context.get("case", "9.8.6")))


def allocation_error(g: Game, tiers: list[list[str]], choices: list[str]) -> str:
    count: dict[str, int] = {}
    for u in choices:
        count[u] = count.get(u, 0) + 1
    for u, k in count.items():
        if k > _left(g, u):
            return f"{u} has only {_left(g, u)} step(s) to lose"
    for i, t in enumerate(tiers):
        full = all(count.get(u, 0) >= _left(g, u) for u in t)
        later = [u for t2 in tiers[i + 1:] for u in t2 if count.get(u, 0)]
        if later and not full:
            why = "participating tanks first (9.8.7)" if i == 0 and len(tiers) > 1 and all(
                g.c(u).tank for u in t) else "participating units first (9.8.6)"
            return f"{later[0]} may lose a step only when {', '.join(t)} have none left: {why}"
    return ""


def apply_losses(g: Game, choices: list[str], dice: DiceSource, case: str) -> None:
    for u in choices:
        if u in g.hex_of:
            losses.lose_step(g, u, dice, "combat result", [case])


def apply_losses_answer(g: Game, action: action_pb2.Action, dice: DiceSource) -> None:
    case = g.state.pending.context.get("case", "9.8.6")
    g.state.ClearField("pending")
    apply_losses(g, list(action.answer.choices), dice, case)
    run(g, dice)


# -- allocation (9.8.5.B)
def _breakthrough_bound(g: Game) -> bool:
    """9.9.7.B-3: a breakthrough's defender must retreat unless completely surrounded by EZOCs."""
    cb = g.ext.combat
    if not cb.bold or cb.part != "defender":
        return False
    att = cb.attacker_side
    zoc, occ = g.zoc(att), g.occupied(att)
    cover = bytes(1 if zoc[h] or occ[h] else 0 for h in range(g.hm.n))
    hexes = {g.hex_of[u] for u in participants(g, "defender")}
    return not all(surrounded(g.hm, h, cover) for h in hexes)


def allocations(g: Game) -> list[tuple[int, int]]:
    cb = g.ext.combat
    n = cb.flexible
    units = participants(g, cb.part)
    avail = sum(_left(g, u) for u in units)
    side = _side(g, cb.part)
    hexes = sorted({g.hex_of[u] for u in units})

    def can_retreat(r: int) -> bool:
        return all(retreats.paths(g, h, r, side, g.stack(h, side), cb.bold) for h in hexes)

    out = []
    bound = _breakthrough_bound(g)
    for k in range(n + 1):
        r = n - k
        if k and bound:
            continue
        if k > avail:
            continue
        if r and not can_retreat(r) and g.opts.no_retreat == "steps":
            continue
        out.append((k, r))
    if not out:
        out = [(n, 0)]  # AMBIG-17: hexes that cannot be retreated become steps (elimination when they run out)
    return out


def _allocate(g: Game, res: Result, dice: DiceSource) -> None:
    cb = g.ext.combat
    opts = allocations(g)
    if len(opts) == 1:
        _set_allocation(g, *opts[0])
        return
    side = _side(g, cb.part)
    g.ask(side, "RESULT_ALLOCATION", f"{side}: {cb.flexible} to take as steps and/or hexes of retreat", "9.8.5.B",
          [option(f"s{k}r{r}", f"lose {k} step(s), retreat {r} hex(es)") for k, r in opts])


def _set_allocation(g: Game, k: int, r: int) -> None:
    cb = g.ext.combat
    cb.losses, cb.retreat, cb.flexible = k, r, r
    cb.step = "steps"


def validate_allocation(g: Game, action: action_pb2.Action, b: VerdictBuilder) -> None:
    check_answer(g.state.pending, action.answer, b)


def apply_allocation(g: Game, action: action_pb2.Action, dice: DiceSource) -> None:
    g.state.ClearField("pending")
    choice = action.answer.choices[0]
    k, r = choice[1:].split("r")
    _set_allocation(g, int(k), int(r))
    g.event("RESULT_ALLOCATED", f"{_side(g, g.ext.combat.part)} takes {k} step(s) and retreats {r} hex(es)",
            ["9.8.5.B"])
    run(g, dice)


# -- retreats (9.9)
def _retreat_next(g: Game, res: Result, dice: DiceSource) -> None:
    cb = g.ext.combat
    label = cb.to_retreat[0]
    h = g.hex(label)
    side = _side(g, cb.part)
    units = g.stack(h, side)
    if not units:
        del cb.to_retreat[0]
        return
    found = retreats.paths(g, h, cb.retreat, side, units, cb.bold and cb.part == "defender")
    if not found:
        del cb.to_retreat[0]
        if g.opts.no_retreat == "eliminate":
            for u in units:
                losses.eliminate(g, u, f"it cannot retreat {cb.retreat} hex(es)", ["9.9"])
            return
        cb.owing.extend(units)
        cb.losses = cb.retreat
        cb.step = "retreat-losses"
        g.event("NO_RETREAT", f"{', '.join(units)} cannot retreat from {label}: the hexes become step losses",
                ["9.9"], units)
        return
    chooser = cb.attacker_side if cb.bold and cb.part == "defender" else side
    if len(found) == 1:
        do_retreat(g, h, found[0].hexes, dice)
        return
    opts = [option(f"p{i}", " ".join(g.label(x) if x >= 0 else "off-map" for x in p.hexes) +
                   (f" ({p.ezoc} enemy-controlled)" if p.ezoc else ""),
                   units=units, path=[g.label(x) if x >= 0 else "off-map" for x in p.hexes])
            for i, p in enumerate(found)]
    g.ask(chooser, "RETREAT", f"{chooser}: the retreat of {', '.join(units)} from {label}",
          "9.9.7.B" if chooser != side else "9.9.1.D", opts, context={"from": label})


def validate_retreat(g: Game, action: action_pb2.Action, b: VerdictBuilder) -> None:
    check_answer(g.state.pending, action.answer, b)


def apply_retreat(g: Game, action: action_pb2.Action, dice: DiceSource) -> None:
    d = g.state.pending
    chosen = next(o for o in d.options if o.id == action.answer.choices[0])
    g.state.ClearField("pending")
    h = g.hex(d.context["from"])
    do_retreat(g, h, tuple(OFF_MAP if x == "off-map" else g.hex(x) for x in chosen.path), dice)
    run(g, dice)


def do_retreat(g: Game, h: int, path: tuple[int, ...], dice: DiceSource) -> None:
    cb = g.ext.combat
    side = _side(g, cb.part)
    units = g.stack(h, side)
    del cb.to_retreat[0]
    cb.flexible = 0  # the obligation is carried out (9.9.4.C counts only what an elimination left)
    route = cb.routes.add(unit_ids=units, start=g.label(h), path=[g.label(x) if x >= 0 else "off-map" for x in path])
    del route
    enemy_zoc = g.zoc(other(side))
    ezoc = sum(1 for x in path if x >= 0 and enemy_zoc[x])
    on = [x for x in path if x >= 0]
    if path and path[-1] == OFF_MAP:
        for u in units:
            losses.eliminate(g, u, "retreated off the map", ["9.9.6.B"])
        return
    end = on[-1]
    before = set(g.stack(end, side))
    for u in units:
        g.place(u, end)
        if cb.bold and cb.part == "defender":
            g.mark(u, "no-zoc")  # 9.9.7.B-2
        if g.c(u).metz and end not in g.metz_area():
            g.mark(u, "metz-free")  # 17.2.2
        if before:
            g.mark(u, "retreated-in")  # 9.9.3
    if g.opts.last_through == "any-entry":
        from adjudicator.rules.pattons.moves import record_passage

        for x in on:
            record_passage(g, x, side)
    g.event("RETREAT", f"{', '.join(units)} retreat {len(on)} hex(es) to {g.label(end)}"
            + (f", through {ezoc} enemy-controlled hex(es)" if ezoc else ""), ["9.9.1", "9.9.2"] if ezoc else ["9.9.1"],
            units, frm=g.label(h), to=g.label(end))
    if ezoc:
        cb.owing.extend(units)
        cb.losses = ezoc
        cb.step = "retreat-losses"


def _part_done(g: Game) -> None:
    cb = g.ext.combat
    res = _result(g)
    left = participants(g, cb.part)
    if cb.retreat or not left:
        cb.vacated.append(cb.part)
    if not left:
        cb.unfulfilled[cb.part] = cb.flexible if cb.flexible else 0
        routed = {u for r in cb.routes for u in r.unit_ids}
        gone = [u for u in (cb.attackers if cb.part == "attacker" else cb.defenders) if u not in routed]
        for loc in sorted({g.units[u].location for u in gone}):
            cb.routes.add(unit_ids=[u for u in gone if g.units[u].location == loc], start=loc)  # 9.9.4.C
    order = ["defender", "attacker"] if g.opts.result_order == "defender-first" else ["attacker", "defender"]
    if cb.part == order[0]:
        cb.part = order[1]
        cb.step = "adverse"
        cb.retreat = 0
        cb.losses = 0
        del res
        return
    cb.stage = "advance"
    advance.plan(g)


def finish(g: Game) -> None:
    g.ext.ClearField("combat")
    g.state.ClearField("pending")
    g.invalidate()


def example_losses(d: state_pb2.Decision, g: Game) -> list[str]:
    """A valid CHOOSE_LOSSES answer (for legal_actions)."""
    tiers = [t.split(",") for t in d.context.get("tiers", "").split("|") if t]
    out: list[str] = []
    need = d.min_choices
    for t in tiers:
        for u in t:
            while need and out.count(u) < _left(g, u):
                out.append(u)
                need -= 1
    return out
