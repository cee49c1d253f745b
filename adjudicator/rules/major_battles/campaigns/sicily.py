"""The Sicily Campaign (MB "Special Rules for The Sicily Campaign").

Board data read: the landing areas (`areas` of kind `landing`, each with its
`town` and printed `capacity`), the yellow-circle towns (town prop
`defection` = the number in the circle) and `messina` (tag)."""

from __future__ import annotations

from adjudicator.core.errors import MalformedInput
from adjudicator.rules.major_battles import citations as C
from adjudicator.rules.major_battles.board import LANDING, Board
from adjudicator.rules.major_battles.campaigns.base import (
    Campaign, Entry, Force, ReserveSpec, double_in, generic_suggestions, require_tag, unplaced_problem,
)
from adjudicator.rules.major_battles.model import ARMOR, INFANTRY, OFF_MAP, ON_MAP, Game
from umpire.v1 import common_pb2, definition_pb2

MESSINA = "messina"
DEFECTION = "defection"
LANDING_AREAS = 11  # Allied Landings ¶1
DEFECTION_TOWNS = 11  # Italian Defection ¶1


def defection_number(g: Game, town: str) -> int:
    return int(g.board.towns[town].props.get(DEFECTION, "0") or "0")


class Sicily(Campaign):
    name = "sicily"
    title = "The Sicily Campaign"
    blue_name = "Allied"
    red_name = "Axis"
    blue_id = "allied"
    red_id = "axis"
    setup_roles = ("red",)  # Starting Forces ¶1: no Allied unit is on the island at the start
    game_ends_card = False  # Duration of Game ¶1
    duration_citation = C.SICILY_DURATION

    def forces(self) -> list[Force]:
        return [
            Force("blue", ARMOR, 13), Force("blue", INFANTRY, 20),  # Starting Forces ¶1 (all off the island)
            Force("red", ARMOR, 9), Force("red", INFANTRY, 24),  # Starting Forces ¶2
        ]

    def check_board(self, board: Board) -> None:
        require_tag(board, MESSINA, 1, "Messina")
        landing = [a for a in board.areas.values() if a.kind == LANDING]
        if len(landing) != LANDING_AREAS:
            raise MalformedInput(f"the board has {len(landing)} landing area(s); the campaign needs {LANDING_AREAS}",
                                 f"map {board.id}")
        yellow = [t for t in board.towns.values() if DEFECTION in t.props]
        for t in yellow:
            v = t.props[DEFECTION]
            if not v.isdigit() or int(v) < 1:
                raise MalformedInput(f"town {t.id} has defection {v!r}; give the number in its yellow circle", f"map {board.id}")
        if len(yellow) != DEFECTION_TOWNS:
            raise MalformedInput(f"the board has {len(yellow)} yellow-circle town(s) (prop 'defection'); "
                                 f"the campaign needs {DEFECTION_TOWNS}", f"map {board.id}")

    def victory_conditions(self, blue: str, red: str) -> list[definition_pb2.VictoryCondition]:
        return [
            definition_pb2.VictoryCondition(
                id="sicily-messina", side=blue, citation=C.SICILY_MESSINA,
                description="Occupy Messina and hold it during the immediately following Axis turn",
            ),
            definition_pb2.VictoryCondition(
                id="sicily-attrition", side=red, citation=C.SICILY_AXIS_WIN,
                description="Reduce the Allied forces until taking Messina is impossible (declared by the engine when "
                            "no Allied unit is left; otherwise by the Allied player's concession)",
            ),
        ]

    def _messina(self, g: Game) -> str:
        return g.board.tagged(MESSINA)[0]

    def setup_problems(self, g: Game, side: str) -> list[tuple[str, str, common_pb2.Citation]]:
        return unplaced_problem(g, side, C.SICILY_AXIS_FORCES)

    def setup_suggestions(self, g: Game, side: str) -> list[tuple[list[str], str]]:
        return generic_suggestions(g, side, allowed=lambda t: True, limit=12)

    def reserve_spec(self, g: Game, side: str) -> ReserveSpec | None:
        if side != g.red:
            return None  # Reserves ¶1: the Allied player has no reserves

        def outcome(faces: list[int]) -> Entry | None:
            # Reserves ¶2: a pair of 1s-4s enters 2 Infantry Units, a pair of 5s or 6s 1 Armored Unit.
            pair = double_in(faces)
            if not pair:
                return None
            return Entry(INFANTRY, 2) if pair <= 4 else Entry(ARMOR, 1)

        return ReserveSpec(
            citation=C.SICILY_AXIS_RESERVES,
            outcome=outcome,
            towns=lambda gg: [t for t in gg.board.tagged(MESSINA) if gg.occupant(t) != gg.blue],
            create=True,
        )

    def allied_left(self, g: Game) -> int:
        return sum(1 for u in g.units.values() if u.side == g.blue and u.status in (ON_MAP, OFF_MAP))

    def after_action(self, g: Game) -> None:
        if g.finished or g.phase != "turn":
            return
        if self.allied_left(g) == 0:
            g.end_game(g.red, "no Allied unit is left: taking Messina has become impossible", C.SICILY_AXIS_WIN)

    def end_of_turn(self, g: Game, side: str) -> None:
        messina = self._messina(g)
        if side == g.blue:
            g.mb.messina_occupied = g.occupant(messina) == g.blue
            used = {d.town for d in g.mb.defection_chart}
            g.mb.defection_pending = sorted(
                t for t, town in g.board.towns.items()
                if DEFECTION in town.props and t not in used and g.occupant(t) == g.blue
            )
            return
        if g.mb.messina_occupied and g.occupant(messina) == g.blue:
            g.end_game(g.blue, "the Allies occupied Messina and held it during the following Axis turn", C.SICILY_MESSINA)
            return
        g.mb.messina_occupied = False
        limit = g.opts.sicily_turn_limit
        if limit and g.turn >= limit:
            g.end_game(g.red, f"house rule mb.sicily-turn-limit={limit}: the Allies did not take Messina in {limit} turns",
                       C.UMPIRE)

    def defections_due(self, g: Game) -> bool:
        return bool(g.mb.defection_pending)

    def game_ends(self, g: Game) -> None:  # no Game Ends card in Sicily; kept for completeness
        g.end_game(g.red, "the Allies did not take Messina", C.SICILY_DURATION)


def defection_candidates(g: Game) -> list[str]:
    """Axis units that may be removed for a defection: in any town but Messina."""
    messina = g.board.tagged(MESSINA)[0]
    return [u.id for u in g.units.values() if u.side == g.red and u.status == ON_MAP
            and u.id not in g.outside and u.loc != messina and u.loc in g.board.towns]


