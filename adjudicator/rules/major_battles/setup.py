"""The setup phase: each player in turn places his starting units (the
campaign's "Starting Forces" paragraphs), then ends his setup; at most 10
units of one side per town (MB "Positioning of Units" ¶1). A unit already
placed may be placed again elsewhere until the player ends his setup."""

from __future__ import annotations

from adjudicator.core.dice import DiceSource
from adjudicator.core.errors import MalformedInput
from adjudicator.core.verdicts import VerdictBuilder
from adjudicator.rules.major_battles import citations as C
from adjudicator.rules.major_battles import turns
from adjudicator.rules.major_battles.campaigns import campaign_of
from adjudicator.rules.major_battles.model import OFF_MAP, Game
from adjudicator.rules.major_battles.movement import STACK_LIMIT
from umpire.v1 import action_pb2


def validate_place(g: Game, place: action_pb2.PlaceUnits, side: str, b: VerdictBuilder) -> None:
    if g.phase != "setup":
        b.violation("NOT_SETUP", "units are placed only during the setup (reserves enter by their own rules)",
                    C.POSITIONING)
        return
    if g.active != side:
        b.violation("NOT_YOUR_SETUP", f"{g.active} places units now; {side} places after", C.POSITIONING)
        return
    if not place.unit_ids:
        raise MalformedInput("name the units to place", "action.place.unit_ids")
    if len(set(place.unit_ids)) != len(place.unit_ids):
        raise MalformedInput("a unit is listed twice", "action.place.unit_ids")
    if place.location not in g.board.towns:
        raise MalformedInput(f"unknown town {place.location!r}", "action.place.location")
    units = []
    for uid in place.unit_ids:
        u = g.units.get(uid)
        if u is None:
            raise MalformedInput(f"unknown unit {uid!r}", "action.place.unit_ids")
        if u.side != side:
            b.violation("NOT_YOUR_UNIT", f"{uid} belongs to {u.side}", C.POSITIONING, subject=uid)
        elif u.reserve:
            b.violation("RESERVE_UNIT", f"{uid} is a reserve unit: it enters by the reserve rules", C.POSITIONING, subject=uid)
        elif not u.on_map and u.status != OFF_MAP:
            b.violation("NOT_AVAILABLE", f"{uid} is out of the game", C.POSITIONING, subject=uid)
        units.append(u)
    if not b.ok:
        return
    town = place.location
    if g.occupant(town) not in ("", side):
        b.violation("ENEMY_TOWN", f"{g.board.name(town)} holds enemy units: a town's units all belong to one side",
                    C.POSITIONING, subject=town)
        return
    after = len([u for u in g.town_units(town) if u not in units]) + len(units)
    if after > STACK_LIMIT:
        b.violation("STACK_LIMIT", f"{g.board.name(town)} would hold {after} units; at most 10 in one town",
                    C.POSITIONING, subject=town)
        return
    problem = campaign_of(g.campaign).setup_town_problem(g, side, units, town)
    if problem:
        b.violation(problem[0], problem[1], problem[2], subject=town)


def apply_place(g: Game, action: action_pb2.Action) -> None:
    ids = list(action.place.unit_ids)
    g.place(ids, action.place.location)
    g.emit("UNITS_PLACED", f"{action.side} places {len(ids)} unit(s) in {g.board.name(action.place.location)}",
           C.POSITIONING, units=ids, to=action.place.location)


def validate_end_setup(g: Game, side: str, b: VerdictBuilder) -> None:
    if g.active != side:
        b.violation("NOT_YOUR_SETUP", f"{g.active} is placing units now", C.POSITIONING)
        return
    for code, message, citation in campaign_of(g.campaign).setup_problems(g, side):
        b.violation(code, message, citation)


def apply_end_setup(g: Game, dice: DiceSource) -> None:
    g.mb.setup_done.append(g.active)
    g.emit("SETUP_DONE", f"{g.active} completes the setup", C.POSITIONING)
    for side in campaign_of(g.campaign).setup_sides(g):
        if side not in g.mb.setup_done:
            g.active = side
            return
    start_game(g, dice)


def start_game(g: Game, dice: DiceSource) -> None:
    g.phase = "turn"
    campaign_of(g.campaign).on_game_start(g)
    turns.start_turn(g, g.blue, dice)
