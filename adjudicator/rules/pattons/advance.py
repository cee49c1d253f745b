"""Advance after combat (9.9.4-9.9.5, 9.9.7.B-4): the victor of a combat whose
enemy vacated its hexes may move units along the path of retreat. The ADVANCE
decision is answered "stay", or "advance" with one assignment per advancing
unit (the path, first hex the vacated hex).
"""

from __future__ import annotations

from adjudicator.core.decisions import check_answer, option
from adjudicator.core.dice import DiceSource
from adjudicator.core.verdicts import VerdictBuilder
from adjudicator.rules.pattons import retreats
from adjudicator.rules.pattons.cite import P3, other
from adjudicator.rules.pattons.model import Game
from umpire.v1 import action_pb2

STACKING = 3


def _opponent(part: str) -> str:
    return "attacker" if part == "defender" else "defender"


def plan(g: Game) -> None:
    """Which sides may advance: a side that did not itself retreat, whose enemy vacated hexes."""
    cb = g.ext.combat
    del cb.advancing[:]
    for part in ("attacker", "defender"):
        if _opponent(part) in cb.vacated and part not in cb.vacated and _length(g, part) > 0 and _eligible(g, part):
            cb.advancing.append(part)


def _side(g: Game, part: str) -> str:
    cb = g.ext.combat
    return cb.attacker_side if part == "attacker" else other(cb.attacker_side)


def _routes(g: Game, part: str) -> list[tuple[int, list[int]]]:
    """(vacated hex, hexes entered) of the enemy's retreats; the eliminated stacks' hexes with no path."""
    cb = g.ext.combat
    enemy_side = _side(g, _opponent(part))
    enemy_units = set(cb.attackers if _opponent(part) == "attacker" else cb.defenders)
    out = []
    for r in cb.routes:
        if set(r.unit_ids) & enemy_units or (r.unit_ids and g.side_of(r.unit_ids[0]) == enemy_side):
            out.append((g.hex(r.start), [g.hex(x) for x in r.path if x != "off-map"]))
    return out


def _length(g: Game, part: str) -> int:
    """9.9.4.B-C, 9.9.7.B-4: the hexes retreated, plus the obligation left by elimination, plus one on a breakthrough."""
    cb = g.ext.combat
    longest = max((len(p) for _, p in _routes(g, part)), default=0)
    extra = cb.unfulfilled.get(_opponent(part), 0)
    bonus = 1 if cb.bold and part == "attacker" and longest + extra > 0 else 0
    return longest + extra + bonus


def eligible_units(g: Game, part: str) -> list[str]:
    """9.9.4.A: participants, and units stacked with them, still in their hexes."""
    cb = g.ext.combat
    side = _side(g, part)
    mine = [u for u in (cb.attackers if part == "attacker" else cb.defenders) if u in g.hex_of]
    hexes = {g.hex_of[u] for u in mine}
    return sorted(u for h in hexes for u in g.stack(h, side))


def _eligible(g: Game, part: str) -> bool:
    return bool(eligible_units(g, part))


def options_for(g: Game, part: str, uid: str) -> set[tuple[int, ...]]:
    cb = g.ext.combat
    free = bool(cb.unfulfilled.get(_opponent(part), 0)) and g.opts.advance_free == "free"
    out: set[tuple[int, ...]] = set()
    routes = _routes(g, part)
    length = _length(g, part)
    for vac, path in routes:
        if g.hm.distance(g.hex_of[uid], vac) != 1:
            continue
        out |= retreats.advance_options(g, uid, vac, [path], length, bold=cb.bold and part == "attacker", free=free)
    return out


def next_advance(g: Game) -> bool:
    """Ask the next side that may advance; False when none is left."""
    cb = g.ext.combat
    while cb.advancing:
        part = cb.advancing[0]
        units = [u for u in eligible_units(g, part) if options_for(g, part, u)]
        if not units:
            del cb.advancing[0]
            continue
        side = _side(g, part)
        g.ask(side, "ADVANCE", f"{side}: advance after combat (up to {_length(g, part)} hex(es)) or stay", "9.9.5",
              [option("stay", "do not advance"), option("advance", "advance the units assigned",
                                                         units=units)],
              wants_assignments=True, context={"part": part, "units": ",".join(units)})
        return True
    return False


def validate_advance(g: Game, action: action_pb2.Action, b: VerdictBuilder) -> None:
    d = g.state.pending
    ans = action.answer
    if list(ans.choices) == ["stay"]:
        if ans.assignments:
            b.violation("STAY_ALONE", "'stay' takes no assignments", P3.cite("9.9.5"))
        return
    if list(ans.choices) != ["advance"] or not ans.assignments:
        b.violation("ADVANCE_ANSWER", "answer 'stay', or 'advance' with an assignment (unit, path) per advancing unit",
                    P3.cite("9.9.5"))
        return
    check_answer(d, action_pb2.AnswerDecision(decision_id=d.id, choices=["advance"]), b)
    part = d.context.get("part", "attacker")
    allowed = set(d.context.get("units", "").split(","))
    seen: set[str] = set()
    ends: dict[int, int] = {}
    for i, a in enumerate(ans.assignments):
        if a.unit_id not in allowed or a.unit_id in seen:
            b.violation("NOT_ADVANCING", f"{a.unit_id!r} may not advance here (or is named twice)", P3.cite("9.9.4.A"),
                        f"assignments[{i}]")
            continue
        seen.add(a.unit_id)
        path = tuple(g.hex(x, f"assignments[{i}].path") for x in a.path)
        if path not in options_for(g, part, a.unit_id):
            b.violation("ADVANCE_PATH", f"{a.unit_id}: {' '.join(a.path) or '(empty)'} is not an advance it may make "
                        "(first the vacated hex, then the path of retreat; tanks and mechanized infantry may leave "
                        "it; halt on entering an EZOC)", P3.cite("9.9.5"), f"assignments[{i}]")
            continue
        ends[path[-1]] = ends.get(path[-1], 0) + 1
    if g.opts.advance_stacking == "now":
        side = g.side_of(next(iter(allowed)))
        for h, n in ends.items():
            if len(g.stack(h, side)) + n > STACKING:
                b.violation("OVERSTACKED", f"the advance would put more than three units in {g.label(h)} "
                            "(AMBIG-20 option 'now')", P3.cite("7.0"))


def apply_advance(g: Game, action: action_pb2.Action, dice: DiceSource) -> None:
    from adjudicator.rules.pattons import results
    from adjudicator.rules.pattons.moves import record_passage

    g.state.ClearField("pending")
    cb = g.ext.combat
    del cb.advancing[0]
    if list(action.answer.choices) == ["advance"]:
        moved = []
        for a in action.answer.assignments:
            path = [g.hex(x) for x in a.path]
            g.place(a.unit_id, path[-1])
            if g.c(a.unit_id).metz and path[-1] not in g.metz_area():
                g.mark(a.unit_id, "metz-free")
            for h in path:
                record_passage(g, h, g.side_of(a.unit_id))
            moved.append(f"{a.unit_id} to {a.path[-1]}")
        g.event("ADVANCE", "advance after combat: " + ", ".join(moved), ["9.9.5"],
                [a.unit_id for a in action.answer.assignments])
    results.run(g, dice)


def example(g: Game) -> action_pb2.AnswerDecision:
    return action_pb2.AnswerDecision(decision_id=g.state.pending.id, choices=["stay"])
