"""The Bulge (MB "Special Rules for The Bulge").

Board tags read: `bastogne`, `star` (the seven towns marked (*)),
`longuilly`, `wiltz`. "The five towns adjacent to Bastogne" are the towns a
road joins to Bastogne."""

from __future__ import annotations

from adjudicator.core.errors import MalformedInput
from adjudicator.rules.major_battles import citations as C
from adjudicator.rules.major_battles.board import Board
from adjudicator.rules.major_battles.campaigns.base import (
    Campaign, Entry, Force, ReserveSpec, count_kinds, double_in, generic_suggestions, require_tag,
    room, starting_units, unplaced_problem,
)
from adjudicator.rules.major_battles.model import ARMOR, INFANTRY, OFF_MAP, ON_MAP, TRAPPED, Game, Unit
from umpire.v1 import common_pb2, definition_pb2

BASTOGNE = "bastogne"
STAR = "star"
LONGUILLY = "longuilly"
WILTZ = "wiltz"
BASTOGNE_ARMOR, BASTOGNE_INFANTRY = 1, 8  # Starting Forces ¶1


class Bulge(Campaign):
    name = "bulge"
    title = "The Bulge"
    duration_citation = C.BULGE_DURATION

    def forces(self) -> list[Force]:
        return [
            Force("blue", ARMOR, 10), Force("blue", INFANTRY, 26),  # Starting Forces ¶1
            Force("blue", INFANTRY, 10, reserve=True),  # Reserves ¶1
            Force("red", ARMOR, 5), Force("red", INFANTRY, 24),  # Starting Forces ¶2
            Force("red", ARMOR, 5, reserve=True),  # Reserves ¶2
        ]

    def check_board(self, board: Board) -> None:
        (b,) = require_tag(board, BASTOGNE, 1, "Bastogne")
        require_tag(board, STAR, 7, "the seven towns marked (*)")
        require_tag(board, LONGUILLY, 1, "Longuilly")
        require_tag(board, WILTZ, 1, "Wiltz")
        n = len(board.neighbours(b))
        if n != 5:
            raise MalformedInput(f"Bastogne is joined by roads to {n} towns; the campaign speaks of the five towns adjacent to it",
                                 f"map {board.id}")

    def victory_conditions(self, blue: str, red: str) -> list[definition_pb2.VictoryCondition]:
        return [
            definition_pb2.VictoryCondition(
                id="bulge-relief-and-wiltz", side=blue, citation=C.BULGE_VICTORY,
                description="Relieve Bastogne (a path free of German units to a (*) town) and occupy Wiltz "
                            "through the following German turn",
            ),
            definition_pb2.VictoryCondition(
                id="bulge-hold", side=red, citation=C.BULGE_VICTORY,
                description="Stop the American from achieving either objective for 12 turns",
            ),
        ]

    def _bastogne(self, g: Game) -> str:
        return g.board.tagged(BASTOGNE)[0]

    # -- setup
    def setup_town_problem(self, g: Game, side: str, units: list[Unit], town: str) -> tuple[str, str, common_pb2.Citation] | None:
        bast = self._bastogne(g)
        star = STAR in g.board.towns[town].tags
        if side == g.blue:
            if town == bast:
                here = [u for u in g.town_units(town) if u not in units]
                a, i = count_kinds(here + units)
                if a > BASTOGNE_ARMOR or i > BASTOGNE_INFANTRY:
                    return ("SETUP_AREA", "Bastogne takes exactly 1 Armored and 8 Infantry Units", C.BULGE_US_FORCES)
                return None
            if not star:
                return ("SETUP_AREA", f"American units start in Bastogne or the seven (*) towns, not {g.board.name(town)}",
                        C.BULGE_US_FORCES)
            return None
        if star or town == bast:
            return ("SETUP_AREA", f"German units may not start in Bastogne or a (*) town ({g.board.name(town)})",
                    C.BULGE_DE_FORCES)
        return None

    def setup_problems(self, g: Game, side: str) -> list[tuple[str, str, common_pb2.Citation]]:
        if side == g.blue:
            out = unplaced_problem(g, side, C.BULGE_US_FORCES)
            a, i = count_kinds(g.town_units(self._bastogne(g)))
            if (a, i) != (BASTOGNE_ARMOR, BASTOGNE_INFANTRY):
                out.append(("SETUP_INCOMPLETE", f"Bastogne needs 1 Armored and 8 Infantry Units (has {a} and {i})",
                            C.BULGE_US_FORCES))
            return out
        out = unplaced_problem(g, side, C.BULGE_DE_FORCES)
        empty = [t for t in g.board.neighbours(self._bastogne(g)) if g.occupant(t) != g.red]
        if empty:
            out.append(("SETUP_INCOMPLETE", "at least 1 German unit goes in each town adjacent to Bastogne; missing: "
                        + ", ".join(g.board.name(t) for t in empty), C.BULGE_DE_FORCES))
        return out

    def setup_suggestions(self, g: Game, side: str) -> list[tuple[list[str], str]]:
        bast = self._bastogne(g)
        mine = starting_units(g, side)
        if side == g.blue:
            a, i = count_kinds(g.town_units(bast))
            for kind, have, need in ((ARMOR, a, BASTOGNE_ARMOR), (INFANTRY, i, BASTOGNE_INFANTRY)):
                if have < need:
                    spare = [u for u in mine if u.kind == kind and (u.status == OFF_MAP or u.loc != bast)]
                    if spare:
                        return [([spare[0].id], bast)]
            return generic_suggestions(g, side, allowed=lambda t: STAR in g.board.towns[t].tags)
        ring = g.board.neighbours(bast)
        for t in ring:
            if g.occupant(t) != g.red and room(g, t) > 0:
                # an unplaced unit; else one from outside the ring; else one from a ring town holding two
                spare = ([u for u in mine if u.status == OFF_MAP]
                         or [u for u in mine if u.status == ON_MAP and u.loc not in ring]
                         or [u for u in mine if u.status == ON_MAP and len(g.town_units(u.loc)) > 1])
                if spare:
                    return [([spare[0].id], t)]
        return generic_suggestions(g, side, allowed=lambda t: t != bast and STAR not in g.board.towns[t].tags)

    def on_game_start(self, g: Game) -> None:
        self.after_action(g)

    def _mark_trapped(self, g: Game) -> None:
        """Every American unit in Bastogne before the relief is trapped, reserves
        that join it included (Objective ¶1)."""
        for u in g.town_units(self._bastogne(g)):
            if u.side == g.blue and TRAPPED not in u.markers:
                u.markers.append(TRAPPED)

    # -- relief of Bastogne (Objective ¶1)
    def relief_path(self, g: Game) -> list[str]:
        """A path from Bastogne to a (*) town with no German unit in a town or on
        a road on it ("no matter how indirect"); [] when there is none."""
        start = self._bastogne(g)
        if g.occupant(start) == g.red:
            return []
        blocked_roads = {a.road for a in g.mb.approaches if a.road and g.units[a.unit_ids[0]].side == g.red}
        stars = set(g.board.tagged(STAR))
        prev: dict[str, str] = {start: ""}
        frontier = [start]
        while frontier:
            nxt: list[str] = []
            for town in frontier:
                if town in stars:
                    path = [town]
                    while prev[path[-1]]:
                        path.append(prev[path[-1]])
                    return list(reversed(path))
                for road, other in g.board.adj[town]:
                    if other in prev or road.id in blocked_roads or g.occupant(other) == g.red:
                        continue
                    prev[other] = town
                    nxt.append(other)
            frontier = nxt
        return []

    def after_action(self, g: Game) -> None:
        if g.finished or g.phase != "turn" or g.mb.bastogne_relieved:
            return
        self._mark_trapped(g)
        path = self.relief_path(g)
        if path:
            g.mb.bastogne_relieved = True
            freed = []
            for u in g.units.values():
                if TRAPPED in u.markers:
                    u.markers.remove(TRAPPED)
                    freed.append(u.id)
            g.emit("BASTOGNE_RELIEVED", "the siege of Bastogne is broken: a path free of German units runs "
                   + " - ".join(g.board.name(t) for t in path), C.BULGE_RELIEF, units=freed)
            self._check_win(g)

    def battle_problem(self, g: Game, moving: list[Unit], target: str) -> tuple[str, str, common_pb2.Citation] | None:
        if g.mb.bastogne_relieved:
            return None
        if any(TRAPPED in u.markers for u in moving):
            return ("TRAPPED_NO_BATTLE", "the trapped units of Bastogne cannot take part in any battles until relieved",
                    C.BULGE_RELIEF)
        if g.opts.bulge_trapped == "no-battles" and any(TRAPPED in u.markers for u in g.town_units(target)):
            return ("TRAPPED_NO_BATTLE", "the trapped units in Bastogne cannot take part in any battles until relieved, "
                    "so no battle can be fought for their town (option mb.bulge-trapped=no-battles)", C.BULGE_RELIEF)
        return None

    # -- reserves
    def reserve_spec(self, g: Game, side: str) -> ReserveSpec | None:
        left = [u for u in g.units.values() if u.side == side and u.reserve and u.status == OFF_MAP]
        if not left:
            return None
        if side == g.blue:
            # Reserves ¶1: on a double, 2 Infantry Units join the units of one occupied town.
            return ReserveSpec(
                citation=C.BULGE_US_RESERVES,
                outcome=lambda faces: Entry(INFANTRY, min(2, len(left))) if double_in(faces) else None,
                towns=lambda gg: gg.occupied_towns(gg.blue),
            )
        # Reserves ¶2: on a double, 1 Armored Unit in Longuilly unless the Americans occupy it.
        return ReserveSpec(
            citation=C.BULGE_DE_RESERVES,
            outcome=lambda faces: Entry(ARMOR, 1) if double_in(faces) else None,
            towns=lambda gg: [t for t in gg.board.tagged(LONGUILLY) if gg.occupant(t) != gg.blue],
        )

    # -- Wiltz (Objective ¶2) and victory (¶3)
    def end_of_turn(self, g: Game, side: str) -> None:
        wiltz = g.board.tagged(WILTZ)[0]
        if side == g.blue:
            if not g.mb.wiltz_held:
                g.mb.wiltz_occupied = g.occupant(wiltz) == g.blue
        elif g.mb.wiltz_occupied:
            g.mb.wiltz_occupied = False
            if g.occupant(wiltz) == g.blue:
                g.mb.wiltz_held = True
                g.emit("WILTZ_HELD", "the Germans did not oust the Americans from Wiltz in the following turn: "
                       "objective achieved", C.BULGE_WILTZ)
            else:
                g.emit("WILTZ_LOST", "the Germans ousted the Americans from Wiltz in the following turn: "
                       "objective not achieved", C.BULGE_WILTZ)
        self._check_win(g)

    def _check_win(self, g: Game) -> None:
        if not g.finished and g.mb.bastogne_relieved and g.mb.wiltz_held:
            g.end_game(g.blue, "the Americans relieved Bastogne and hold Wiltz: both objectives achieved", C.BULGE_VICTORY)

    def game_ends(self, g: Game) -> None:
        missing = [n for n, ok in (("relieve Bastogne", g.mb.bastogne_relieved), ("hold Wiltz", g.mb.wiltz_held)) if not ok]
        g.end_game(g.red, "the Game Ends card was turned: the Americans did not " + " and ".join(missing),
                   C.BULGE_VICTORY)
