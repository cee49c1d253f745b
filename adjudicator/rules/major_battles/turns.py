"""Turn flow: a turn starts with a movement card, goes through moves and
battles, and ends (EndPhase) with the end-of-turn steps, each of which may
stop for a decision:

1. `defection`  Sicily: Italian defections for towns the Allies still hold
2. `reserves`   reserves.py
3. `overstack`  more than 10 units in a town: the owner removes the excess
4. `victory`    the campaign's objectives

Then the other player's turn starts (MB "The Movement Deck" ¶1)."""

from __future__ import annotations

from adjudicator.core.dice import DiceSource
from adjudicator.core.verdicts import VerdictBuilder
from adjudicator.rules.major_battles import citations as C
from adjudicator.rules.major_battles import timing
from adjudicator.rules.major_battles import deck, reserves
from adjudicator.rules.major_battles.campaigns import campaign_of
from adjudicator.rules.major_battles.campaigns.sicily import defection_candidates, defection_number
from adjudicator.rules.major_battles.casualties import removal
from adjudicator.rules.major_battles.decisions import DEFECTION, OVERSTACK, ask, check_choices, option
from adjudicator.rules.major_battles.model import (
    ARMOR, INFANTRY, LANDED, RETREATED_IN, ROAD_MARK, WITHDRAWN, Defection, Game,
)
from adjudicator.rules.major_battles.movement import STACK_LIMIT
from umpire.v1 import action_pb2

END_STEPS = ("defection", "reserves", "overstack", "victory")


def start_turn(g: Game, side: str, dice: DiceSource) -> None:
    g.active = side
    g.phase = "turn"
    g.mb.mp_allowance = g.mb.mp_spent = 0
    g.mb.road_use = {}
    g.mb.area_use = {}
    g.mb.battles_started = False
    top = deck.top_card(g, side)
    if top is not None and top.id == deck.GAME_ENDS:
        g.emit("GAME_ENDS_CARD", f"{side} turns the Game Ends card", campaign_of(g.campaign).duration_citation, side=side)
        campaign_of(g.campaign).game_ends(g)
        return
    if side == g.blue:
        g.turn += 1
    g.mb.turns_started[side] = g.mb.turns_started.get(side, 0) + 1
    g.mb.turns_started = dict(sorted(g.mb.turns_started.items()))
    g.emit("TURN_STARTED", f"turn {g.turn}: {side} to play", C.DECK, side=side)
    if g.mb.deck_mode == "dealt":
        deck.turn_card(g, side, None)
    else:
        g.segment = "card"


def validate_end_turn(g: Game, side: str, b: VerdictBuilder) -> None:
    if not timing.in_turn(g, side, "end the turn", b):
        return
    if g.segment == "card":
        b.violation("TURN_CARD_FIRST", "turn your movement card first", C.DECK)
        return
    waiting = sorted({a.target for a in g.mb.approaches})
    if waiting:
        b.violation("BATTLES_PENDING", "units stand outside " + ", ".join(g.board.name(t) for t in waiting)
                    + ": fight those battles (Attack) before ending the turn", C.BATTLE_STOP)


def apply_end_turn(g: Game, dice: DiceSource) -> None:
    g.segment = "end"
    g.mb.end_step = END_STEPS[0]
    g.emit("TURN_ENDING", f"{g.active} completes turn {g.turn}", C.POSITIONING)
    continue_end(g, dice)


def continue_end(g: Game, dice: DiceSource) -> None:
    while g.mb.end_step and not g.finished and g.pending is None:
        name = g.mb.end_step.split(":", 1)[0]
        if not STEPS[name](g, dice):
            return
        i = END_STEPS.index(name)
        g.mb.end_step = END_STEPS[i + 1] if i + 1 < len(END_STEPS) else ""
    if g.finished or g.pending is not None or g.mb.end_step:
        return
    for u in g.units.values():
        if u.markers:
            u.markers = [m for m in u.markers if m not in (LANDED, RETREATED_IN) and not m.startswith(ROAD_MARK)]
    start_turn(g, g.other(g.active), dice)


# -- 1. Italian defection (Sicily, Italian Defection ¶1-¶2)
def defection_plan(g: Game) -> tuple[str, int, list[str], list[str], int]:
    """(town, number, forced removals, candidates to choose from, how many to choose)."""
    town = g.mb.defection_pending[0]
    number = defection_number(g, town)
    cands = defection_candidates(g)
    inf = [i for i in cands if g.units[i].kind == INFANTRY]
    arm = [i for i in cands if g.units[i].kind == ARMOR]
    r = removal(number, len(inf), len(arm))
    armor = r.armor
    if g.opts.defection_odd == "round-down":
        armor = min(len(arm), (number - r.infantry) // 2)
    forced: list[str] = []
    pick: list[str] = []
    k = 0
    for group, count in ((inf, r.infantry), (arm, armor)):
        if count == len(group):
            forced += group
        elif count:
            pick, k = group, count
    return town, number, forced, pick, k


def _defection(g: Game, dice: DiceSource) -> bool:
    if g.active != g.red or not campaign_of(g.campaign).defections_due(g):
        return True
    while g.mb.defection_pending:
        town = g.mb.defection_pending[0]
        if g.occupant(town) != g.blue:
            g.emit("DEFECTION_AVOIDED", f"the Axis ousted the Allies from {g.board.name(town)}: no defection",
                   C.SICILY_DEFECTION)
            g.mb.defection_pending.pop(0)
            continue
        _town, number, forced, pick, k = defection_plan(g)
        if k and len({g.units[i].loc for i in pick}) > 1:
            kind = g.units[pick[0]].kind
            ask(g, g.red, DEFECTION, f"Italian defection at {g.board.name(town)} ({number}): choose {k} {kind} "
                "unit(s) to remove (not from Messina)", C.SICILY_DEFECTION,
                [option(i, f"{i} in {g.board.name(g.units[i].loc)}", units=[i]) for i in pick], k, k)
            return False
        _remove_defectors(g, forced + (pick[len(pick) - k:] if k else []))
    return True


def _remove_defectors(g: Game, ids: list[str]) -> None:
    town = g.mb.defection_pending.pop(0)
    number = defection_number(g, town)
    g.eliminate(ids, status=WITHDRAWN)
    g.mb.defection_chart.append(Defection(town, number, list(ids), g.turn))
    g.emit("ITALIAN_DEFECTION", f"Italian defection at {g.board.name(town)} ({number}): the Axis removes "
           f"{len(ids)} unit(s): {', '.join(ids) or 'none left'}", C.SICILY_DEFECTION, C.SICILY_DEFECTION_ONCE,
           units=ids, to=town, side=g.red)


# -- 3. overstacking (MB "Positioning of Units" ¶1)
def overstacked(g: Game) -> list[tuple[str, str]]:
    sides = [g.active] if g.opts.overstack_sides == "active-side" else [g.active, g.other(g.active)]
    out = []
    for side in sides:
        for town in g.occupied_towns(side):
            if len(g.town_units(town)) > STACK_LIMIT:
                out.append((side, town))
    return out


def _overstack(g: Game, dice: DiceSource) -> bool:
    while True:
        over = overstacked(g)
        if not over:
            return True
        side, town = over[0]
        units = g.town_units(town)
        excess = len(units) - STACK_LIMIT
        if len({u.kind for u in units}) > 1:
            ask(g, side, OVERSTACK, f"{g.board.name(town)} holds {len(units)} units: choose {excess} to remove from "
                "the game", C.POSITIONING, [option(u.id, f"{u.id} ({u.kind})", units=[u.id]) for u in units],
                excess, excess, context={"town": town})
            return False
        _remove_overstack(g, side, town, [u.id for u in units[-excess:]])


def _remove_overstack(g: Game, side: str, town: str, ids: list[str]) -> None:
    g.eliminate(ids)
    g.emit("OVERSTACK_REMOVED", f"{side} removes {len(ids)} unit(s) from {g.board.name(town)} (more than 10 at the "
           "end of the turn): out of the game", C.POSITIONING, units=ids, frm=town, side=side)


# -- 4. victory
def _victory(g: Game, dice: DiceSource) -> bool:
    campaign_of(g.campaign).end_of_turn(g, g.active)
    if not g.finished:
        campaign_of(g.campaign).after_action(g)
    return True


STEPS = {"defection": _defection, "reserves": reserves.step, "overstack": _overstack, "victory": _victory}


# -- decisions of the end-of-turn steps
def validate_answer(g: Game, answer: action_pb2.AnswerDecision, b: VerdictBuilder) -> None:
    assert g.pending is not None
    check_choices(g.pending, answer, b)


def apply_answer(g: Game, answer: action_pb2.AnswerDecision, dice: DiceSource) -> None:
    assert g.pending is not None
    d = g.pending
    g.pending = None
    if d.kind == DEFECTION:
        _t, _n, forced, _pick, _k = defection_plan(g)
        _remove_defectors(g, forced + list(answer.choices))
    else:
        _remove_overstack(g, d.side, d.context["town"], list(answer.choices))
