"""Retreats after a battle (MB "Retreating" ¶3-¶7) and the optional
advanced retreat rule (MB "Optional Retreating Rule for Advanced Players").

Attacker: each stack goes back along its road to the town it came from.
Defender: up to 5 units over roads completely clear of enemy units, to
adjacent towns not occupied by the enemy, split as he likes; the rest
surrender. Units that retreat into a town still under attack join it but
neither throw dice nor cover casualties there."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from adjudicator.core.verdicts import VerdictBuilder
from adjudicator.rules.major_battles import citations as C
from adjudicator.rules.major_battles.board import Road
from adjudicator.rules.major_battles.campaigns import campaign_of
from adjudicator.rules.major_battles.decisions import DEFENDER_RETREAT, ask, option
from adjudicator.rules.major_battles.model import OFF_MAP, RETREATED_IN, Approach, Battle, Game
from umpire.v1 import action_pb2

MAX_RETREAT = 5  # MB "Retreating" ¶4: "up to a maximum of 5"
SURRENDER = "surrender"


@dataclass(frozen=True)
class Way:
    road: Road
    town: str
    advanced: bool


def retreat_ways(g: Game, town: str, side: str, forced: bool = True) -> list[Way]:
    """Destinations for `side`'s units retreating from `town`: one per adjacent
    town (the cheapest usable road). A road with an enemy stack on it is never
    usable (¶4, and Advanced ¶2: no fighting past enemy units on a road); a
    town the enemy occupies blocks its road (¶6) unless the advanced rule is
    on and the retreat is forced, which makes it a destination to fight for
    (Advanced ¶1: "A defending player who is forced to retreat may ...")."""
    enemy = g.other(side)
    blocked = {a.road for a in g.mb.approaches if a.road and a.unit_ids and g.units[a.unit_ids[0]].side == enemy}
    camp = campaign_of(g.campaign)
    out: list[Way] = []
    seen: set[str] = set()
    for road, other in g.board.adj[town]:
        if other in seen or road.id in blocked:
            continue
        if g.occupant(other) == enemy:
            if g.opts.advanced_retreat != "on" or not forced:
                continue
            if camp.battle_problem(g, [], other) is not None:
                continue
            out.append(Way(road, other, True))
        else:
            out.append(Way(road, other, False))
        seen.add(other)
    return out


def start_defender_retreat(g: Game, b: Battle, units: list[str], voluntary: bool = False) -> None:
    b.retreating_units = list(units)
    b.voluntary_retreat = voluntary
    b.stage = "defender-retreat"


def defender_retreat_stage(g: Game, b: Battle) -> None:
    units = b.retreating_units
    ways = retreat_ways(g, b.target, b.defender, not b.voluntary_retreat)
    clear = [w for w in ways if not w.advanced]
    where = g.board.name(b.target)
    if not units:
        attacker_enters(g, b)
        _finish(g)
        return
    if not ways:
        # MB "Retreating" ¶6: all roads blocked: every unit surrenders.
        g.eliminate(units)
        g.emit("SURRENDER", f"every road from {where} is blocked: {len(units)} unit(s) of {b.defender} surrender",
               C.RETREAT_SURRENDER, units=units, frm=b.target, side=b.defender)
        attacker_enters(g, b)
        _finish(g)
        return
    if len(clear) == 1 and len(ways) == 1 and len(units) <= MAX_RETREAT:
        _move(g, b, {clear[0].town: list(units)}, ways)
        attacker_enters(g, b)
        _finish(g)
        return
    must = min(MAX_RETREAT, len(units))
    opts = [
        option(w.town, (f"advanced retreat toward {g.board.name(w.town)} (enemy-occupied: battle, the enemy adds 2 dice)"
                        if w.advanced else f"retreat to {g.board.name(w.town)}") + f" by road {w.road.id}",
               C.ADVANCED if w.advanced else C.RETREAT_DEFENDER, path=[w.town])
        for w in ways
    ]
    if not clear:
        opts.append(option(SURRENDER, "surrender every unit", C.RETREAT_SURRENDER))
    ask(g, b.defender, DEFENDER_RETREAT,
        f"retreat from {where}: assign {must} of your {len(units)} unit(s) to destinations"
        + (" (the rest surrender)" if len(units) > MAX_RETREAT else ""),
        C.RETREAT_DEFENDER, opts, 0, 1, wants_assignments=True,
        context={"town": b.target, "units": str(len(units)), "must_move": str(must), "max_units": str(MAX_RETREAT)})


def validate_retreat(g: Game, answer: action_pb2.AnswerDecision, v: VerdictBuilder) -> None:
    assert g.pending is not None and g.mb.battle is not None
    d = g.pending
    b = g.mb.battle
    ways = {w.town: w for w in retreat_ways(g, b.target, b.defender, not b.voluntary_retreat)}
    units = set(b.retreating_units)
    must = min(MAX_RETREAT, len(units))
    if list(answer.choices) == [SURRENDER]:
        if any(not w.advanced for w in ways.values()):
            v.violation("MUST_RETREAT", "a road is clear: the defender retreats (up to 5 units) rather than surrender",
                        C.RETREAT_DEFENDER)
        if answer.assignments:
            v.violation("SURRENDER_WITH_ASSIGNMENTS", "surrender takes no assignments", C.RETREAT_SURRENDER)
        return
    if answer.choices:
        v.violation("UNKNOWN_OPTION", "choose nothing (and assign units), or choose 'surrender' alone", d.citation)
    seen: set[str] = set()
    for i, a in enumerate(answer.assignments):
        if a.unit_id not in units:
            v.violation("NOT_RETREATING", f"unit {a.unit_id!r} is not among the retreating units", C.RETREAT_DEFENDER,
                        subject=f"assignments[{i}]")
        if a.unit_id in seen:
            v.violation("REPEATED_UNIT", f"unit {a.unit_id} is assigned twice", C.RETREAT_DEFENDER, subject=f"assignments[{i}]")
        seen.add(a.unit_id)
        dest = a.destination or (a.path[-1] if a.path else "")
        if dest not in ways:
            v.violation("RETREAT_ROAD_BLOCKED", f"{dest!r} is not reachable by a road clear of enemy units from "
                        f"{g.board.name(b.target)} (options: {', '.join(ways) or 'none'})",
                        C.RETREAT_SURRENDER if not ways else C.RETREAT_DEFENDER, subject=f"assignments[{i}]")
    if len(seen) != must:
        v.violation("RETREAT_COUNT", f"assign exactly {must} unit(s): up to 5 retreat, the rest surrender "
                    f"({len(seen)} assigned)", C.RETREAT_DEFENDER)


def apply_retreat(g: Game, answer: action_pb2.AnswerDecision) -> None:
    assert g.mb.battle is not None
    b = g.mb.battle
    g.pending = None
    ways = retreat_ways(g, b.target, b.defender, not b.voluntary_retreat)
    plan: dict[str, list[str]] = {}
    for a in answer.assignments:
        plan.setdefault(a.destination or a.path[-1], []).append(a.unit_id)
    _move(g, b, plan, ways)
    attacker_enters(g, b)
    _finish(g)


def _move(g: Game, b: Battle, plan: dict[str, list[str]], ways: Sequence[Way]) -> None:
    by_town = {w.town: w for w in ways}
    moved: set[str] = set()
    for town in sorted(plan):
        ids = plan[town]
        w = by_town[town]
        moved.update(ids)
        if w.advanced:
            # Advanced ¶1: the units stop outside the enemy town on that road and fight for it.
            g.mb.approaches.append(Approach(town, w.road.id, b.target, list(ids), retreating=True))
            if town not in g.mb.battle_queue:
                g.mb.battle_queue.append(town)
            g.touch()
            g.emit("ADVANCED_RETREAT", f"{b.defender} retreats {len(ids)} unit(s) from {g.board.name(b.target)} toward "
                   f"enemy-occupied {g.board.name(town)} and must fight for it", C.ADVANCED,
                   units=ids, frm=b.target, to=town, side=b.defender)
            continue
        under_attack = any(a.target == town and not a.retreating for a in g.mb.approaches)
        g.place(ids, town)
        cites = [C.RETREAT_DEFENDER]
        if under_attack:
            # ¶5: they join, but neither add dice nor cover casualties in that battle.
            for uid in ids:
                if RETREATED_IN not in g.units[uid].markers:
                    g.units[uid].markers.append(RETREATED_IN)
            cites.append(C.RETREAT_UNDER_ATTACK)
        g.emit("DEFENDER_RETREATS", f"{b.defender} retreats {len(ids)} unit(s) from {g.board.name(b.target)} to "
               f"{g.board.name(town)}" + (" (still under attack: they do not fight there)" if under_attack else ""),
               *cites, units=ids, frm=b.target, to=town, side=b.defender)
    left = [u for u in b.retreating_units if u not in moved and g.units[u].on_map]
    if left:
        g.eliminate(left)
        g.emit("SURRENDER", f"{len(left)} unit(s) of {b.defender} cannot retreat (at most 5 may) and surrender",
               C.RETREAT_EXAMPLE, units=left, frm=b.target, side=b.defender)


def attacker_enters(g: Game, b: Battle) -> None:
    """The winner's stacks move into the town (MB "Retreating" ¶2 and ¶7)."""
    ids = [uid for a in g.approaches_at(b.target) for uid in a.unit_ids]
    left = [u.id for u in g.town_units(b.target) if u.side == b.defender]
    if left:
        # Units that retreated in earlier and were not part of this battle.
        # option mb.retreated-in-left=surrender (with must-retreat they have retreated already)
        g.eliminate(left)
        g.emit("SURRENDER", f"{len(left)} unit(s) of {b.defender} left in {g.board.name(b.target)} surrender",
               C.RETREAT_UNDER_ATTACK, units=left, frm=b.target, side=b.defender)
    if not ids:
        return
    g.place(ids, b.target)
    g.emit("ATTACKER_ENTERS", f"{b.attacker} moves {len(ids)} unit(s) into {g.board.name(b.target)}",
           C.RETREAT_EXAMPLE, units=ids, to=b.target, side=b.attacker)


def attacker_retreats(g: Game, b: Battle, voluntary: bool) -> None:
    """MB "Retreating" ¶3: each stack back along its road to the adjacent town."""
    for a in list(g.approaches_at(b.target)):
        ids = list(a.unit_ids)
        if a.retreating:
            g.eliminate(ids)
            g.emit("TRAPPED", f"{len(ids)} retreating unit(s) of {b.attacker} have no place to retreat and are eliminated",
                   C.ADVANCED, units=ids, to=b.target, side=b.attacker)
        elif a.area:
            if voluntary and g.opts.landing_tie_retreat == "back-to-sea":
                for uid in ids:
                    u = g.units[uid]
                    u.status, u.loc = OFF_MAP, ""
                g._drop_from_approaches(ids)
                g.touch()
                g.emit("LANDING_WITHDRAWN", f"{len(ids)} landing unit(s) go back to sea (option mb.landing-tie-retreat)",
                       C.SICILY_LANDING_BATTLE, units=ids, side=b.attacker)
            else:
                g.eliminate(ids)
                g.emit("LANDING_FAILED", f"{len(ids)} unit(s) attempting to land at {g.board.name(b.target)} are eliminated",
                       C.SICILY_LANDING_BATTLE, units=ids, to=b.target, side=b.attacker)
        elif g.occupant(a.frm) == b.defender:
            assert g.opts.attacker_retreat_blocked == "surrender"
            g.eliminate(ids)
            g.emit("SURRENDER", f"{len(ids)} unit(s) of {b.attacker} cannot go back to {g.board.name(a.frm)} (now held "
                   "by the enemy) and surrender (option mb.attacker-retreat-blocked)", C.RETREAT_ATTACKER,
                   units=ids, to=a.frm, side=b.attacker)
        else:
            g.place(ids, a.frm)
            g.emit("ATTACKER_RETREATS", f"{b.attacker} stack of {len(ids)} goes back to {g.board.name(a.frm)}",
                   C.RETREAT_ATTACKER, units=ids, frm=b.target, to=a.frm, side=b.attacker)


def _finish(g: Game) -> None:
    from adjudicator.rules.major_battles.battle import finish

    finish(g)
