"""Breakout at Normandy (MB "Special Rules for Breakout at Normandy").

Board tags read: `front-rear` (the three towns behind the Front Line),
`german-reserve` (the five towns marked (*)), `red` (the nine red towns),
`le-mans` (Le Mans)."""

from __future__ import annotations

from adjudicator.rules.major_battles import citations as C
from adjudicator.rules.major_battles.board import Board
from adjudicator.rules.major_battles.campaigns.base import (
    Campaign, Entry, Force, ReserveSpec, count_kinds, double_in, generic_suggestions, require_tag,
    room, starting_units, unplaced_problem,
)
from adjudicator.rules.major_battles.model import ARMOR, INFANTRY, OFF_MAP, ON_MAP, Game, Unit
from umpire.v1 import common_pb2, definition_pb2

FRONT_REAR = "front-rear"
GERMAN_RESERVE = "german-reserve"
RED_TOWN = "red"
LE_MANS = "le-mans"
LE_MANS_ARMOR, LE_MANS_INFANTRY = 3, 1  # Starting Forces ¶2
OBJECTIVE_TOWNS = 5  # Objective ¶1
RED_ENTRY_TURNS = 5  # Reserves ¶2


class Normandy(Campaign):
    name = "normandy"
    title = "Breakout at Normandy"
    duration_citation = C.NORMANDY_DURATION

    def forces(self) -> list[Force]:
        return [
            Force("blue", ARMOR, 12), Force("blue", INFANTRY, 12),  # Starting Forces ¶1
            Force("blue", INFANTRY, 3, reserve=True),  # Reserves ¶1
            Force("red", ARMOR, 4), Force("red", INFANTRY, 9),  # Starting Forces ¶2
            Force("red", ARMOR, 10, reserve=True),  # Reserves ¶2
        ]

    def check_board(self, board: Board) -> None:
        require_tag(board, FRONT_REAR, 3, "the three towns behind the Front Line")
        require_tag(board, GERMAN_RESERVE, 5, "the five towns marked (*)")
        require_tag(board, RED_TOWN, 9, "the nine red towns")
        require_tag(board, LE_MANS, 1, "Le Mans")

    def victory_conditions(self, blue: str, red: str) -> list[definition_pb2.VictoryCondition]:
        return [
            definition_pb2.VictoryCondition(
                id="normandy-red-towns", side=blue, citation=C.NORMANDY_OBJECTIVE,
                description="American units in five or more of the nine red towns at the end of a German turn",
            ),
            definition_pb2.VictoryCondition(
                id="normandy-hold", side=red, citation=C.NORMANDY_OBJECTIVE,
                description="Stop the American for 12 turns (until the Game Ends card is turned)",
            ),
        ]

    # -- setup
    def _le_mans(self, g: Game) -> str:
        return g.board.tagged(LE_MANS)[0]

    def setup_town_problem(self, g: Game, side: str, units: list[Unit], town: str) -> tuple[str, str, common_pb2.Citation] | None:
        rear = FRONT_REAR in g.board.towns[town].tags
        if side == g.blue and not rear:
            return ("SETUP_AREA", f"American units start in the three towns behind the Front Line, not {g.board.name(town)}",
                    C.NORMANDY_US_FORCES)
        if side == g.red and rear:
            return ("SETUP_AREA", f"German units may not start behind the Front Line ({g.board.name(town)})",
                    C.NORMANDY_DE_FORCES)
        if side == g.red and town == self._le_mans(g) and g.opts.normandy_le_mans == "exactly":
            here = [u for u in g.town_units(town) if u not in units]
            a, i = count_kinds(here + units)
            if a > LE_MANS_ARMOR or i > LE_MANS_INFANTRY:
                return ("SETUP_AREA", "Le Mans takes exactly 3 Armored and 1 Infantry Units (option mb.normandy-le-mans=exactly)",
                        C.NORMANDY_DE_FORCES)
        return None

    def setup_problems(self, g: Game, side: str) -> list[tuple[str, str, common_pb2.Citation]]:
        if side == g.blue:
            return unplaced_problem(g, side, C.NORMANDY_US_FORCES)
        out = unplaced_problem(g, side, C.NORMANDY_DE_FORCES)
        a, i = count_kinds(g.town_units(self._le_mans(g)))
        if a < LE_MANS_ARMOR or i < LE_MANS_INFANTRY:
            out.append(("SETUP_INCOMPLETE", f"Le Mans needs 3 Armored and 1 Infantry Units (has {a} and {i})",
                        C.NORMANDY_DE_FORCES))
        return out

    def setup_suggestions(self, g: Game, side: str) -> list[tuple[list[str], str]]:
        if side == g.blue:
            return generic_suggestions(g, side, allowed=lambda t: FRONT_REAR in g.board.towns[t].tags)
        lm = self._le_mans(g)
        a, i = count_kinds(g.town_units(lm))
        for kind, have, need in ((ARMOR, a, LE_MANS_ARMOR), (INFANTRY, i, LE_MANS_INFANTRY)):
            if have < need and room(g, lm) > 0:
                mine = [u for u in starting_units(g, side) if u.kind == kind]
                spare = [u for u in mine if u.status == OFF_MAP] or [u for u in mine if u.status == ON_MAP and u.loc != lm]
                if spare:
                    return [([spare[0].id], lm)]
        exact = g.opts.normandy_le_mans == "exactly"
        return generic_suggestions(
            g, side, allowed=lambda t: FRONT_REAR not in g.board.towns[t].tags and not (exact and t == lm)
        )

    # -- reserves
    def reserve_spec(self, g: Game, side: str) -> ReserveSpec | None:
        left = [u for u in g.units.values() if u.side == side and u.reserve and u.status == OFF_MAP]
        if not left:
            return None
        if side == g.blue:
            # Reserves ¶1: 3 dice, a double enters all 3 Infantry Units in one occupied town; may wait.
            return ReserveSpec(
                citation=C.NORMANDY_US_RESERVES,
                outcome=lambda faces: Entry(INFANTRY, len(left)) if double_in(faces) else None,
                may_wait=True,
                towns=lambda gg: gg.occupied_towns(gg.blue),
            )
        if g.active != side:
            return None  # Reserves ¶2: "for the player's first five turns" -- his own turns
        turns = g.mb.turns_started.get(side, 0)
        if g.opts.normandy_blocked_reserves == "carry-over":
            due = g.mb.red_reserve_entries < min(turns, RED_ENTRY_TURNS)
        else:
            due = turns <= RED_ENTRY_TURNS
        if not due:
            return None

        def entered(gg: Game) -> None:
            gg.mb.red_reserve_entries += 1

        return ReserveSpec(
            citation=C.NORMANDY_DE_RESERVES,
            fixed=Entry(ARMOR, min(2, len(left))),
            towns=lambda gg: [t for t in gg.board.tagged(GERMAN_RESERVE) if gg.occupant(t) != gg.blue],
            on_entry=entered,
        )

    # -- victory
    def end_of_turn(self, g: Game, side: str) -> None:
        if side != g.red:
            return
        held = [t for t in g.board.tagged(RED_TOWN) if g.occupant(t) == g.blue]
        if len(held) >= OBJECTIVE_TOWNS:
            names = ", ".join(g.board.name(t) for t in held)
            g.end_game(g.blue, f"at the end of a German turn the Americans hold {len(held)} red towns ({names})",
                       C.NORMANDY_OBJECTIVE)

    def game_ends(self, g: Game) -> None:
        g.end_game(g.red, "the Game Ends card was turned: the Germans stopped the Americans for 12 turns",
                   C.NORMANDY_OBJECTIVE)
