"""What a campaign adds to the general rules: its forces, deal, setup areas,
reserves, duration and victory. Campaign code reads every special town from
the board's tags and props (docs/boards.md), never from town ids, so the same
code runs on the illustrative boards and on a user's copy of the real one.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from adjudicator.core.errors import MalformedInput
from adjudicator.rules.major_battles import citations as C
from adjudicator.rules.major_battles.board import Board
from adjudicator.rules.major_battles.model import ARMOR, INFANTRY, OFF_MAP, ON_MAP, Game, Unit
from umpire.v1 import common_pb2, definition_pb2


@dataclass(frozen=True)
class Force:
    """`count` units of `kind` for the blue or red role; reserves start off the map."""

    role: str  # "blue" | "red"
    kind: str
    count: int
    reserve: bool = False


@dataclass(frozen=True)
class Entry:
    kind: str
    count: int


@dataclass
class ReserveSpec:
    """How one side's reserves come in at the end of a turn."""

    citation: common_pb2.Citation
    # Thrown for with 3 dice; `outcome` maps the faces to what enters (None: nothing).
    outcome: Callable[[list[int]], Entry | None] | None = None
    # Enters without dice (Normandy German reserves).
    fixed: Entry | None = None
    # The player may decline to throw this turn (Normandy American reserves).
    may_wait: bool = False
    # Towns the units may enter now.
    towns: Callable[[Game], list[str]] = field(default=lambda g: [])
    # Tokens are created on entry (Sicily's unlimited Axis reserves).
    create: bool = False
    # Called after a successful entry / when the entry was impossible.
    on_entry: Callable[[Game], None] | None = None
    on_blocked: Callable[[Game], None] | None = None


def double_in(faces: list[int]) -> int:
    """The face thrown at least twice (0 if none): "2 dice the same number,
    regardless of the 3rd die"."""
    for f in sorted(set(faces)):
        if faces.count(f) >= 2:
            return f
    return 0


class Campaign:
    name = ""
    title = "General rules"
    blue_name = "American (or Allied)"
    red_name = "German (or Axis)"
    blue_id = "us"
    red_id = "german"
    setup_roles: tuple[str, ...] = ("blue", "red")
    blue_cards = 12
    red_cards = 11
    game_ends_card = True
    duration_citation = C.NORMANDY_DURATION

    # -- data
    def forces(self) -> list[Force]:
        return []

    def check_board(self, board: Board) -> None:
        """Raise MalformedInput when the board lacks what this campaign reads."""

    def victory_conditions(self, blue: str, red: str) -> list[definition_pb2.VictoryCondition]:
        return []

    # -- setup
    def setup_sides(self, g: Game) -> list[str]:
        return [g.blue if r == "blue" else g.red for r in self.setup_roles]

    def setup_town_problem(self, g: Game, side: str, units: list[Unit], town: str) -> tuple[str, str, common_pb2.Citation] | None:
        """(code, message, citation) when `units` may not be placed in `town`."""
        return None

    def setup_problems(self, g: Game, side: str) -> list[tuple[str, str, common_pb2.Citation]]:
        """What still keeps `side` from completing its setup."""
        return []

    def setup_suggestions(self, g: Game, side: str) -> list[tuple[list[str], str]]:
        """Placements that are legal now and lead toward a complete setup."""
        return generic_suggestions(g, side, allowed=lambda t: True)

    def on_game_start(self, g: Game) -> None:
        """Called once the setup is complete, before the first card."""

    # -- play
    def after_action(self, g: Game) -> None:
        """Called after every applied action (Bulge relief, "as soon as")."""

    def battle_problem(self, g: Game, moving: list[Unit], target: str) -> tuple[str, str, common_pb2.Citation] | None:
        """Why `moving` may not fight for `target` (Bulge trapped units)."""
        return None

    def reserve_spec(self, g: Game, side: str) -> ReserveSpec | None:
        return None

    def end_of_turn(self, g: Game, side: str) -> None:
        """Victory and objective bookkeeping when `side` completed its turn."""

    def defections_due(self, g: Game) -> bool:
        return False

    def game_ends(self, g: Game) -> None:
        """The Game Ends card was turned (or the pack ran out)."""
        g.end_game("", "the Game Ends card was turned: no objective applies under the general rules", self.duration_citation, level="draw")


def starting_units(g: Game, side: str) -> list[Unit]:
    return [u for u in g.units.values() if u.side == side and not u.reserve]


def count_kinds(units: list[Unit]) -> tuple[int, int]:
    a = sum(1 for u in units if u.kind == ARMOR)
    return a, len(units) - a


def room(g: Game, town: str) -> int:
    return 10 - len(g.town_units(town))


def generic_suggestions(
    g: Game, side: str, allowed: Callable[[str], bool], limit: int = 8
) -> list[tuple[list[str], str]]:
    """Place the next unplaced unit of each kind into the first allowed towns with room."""
    unplaced = [u for u in starting_units(g, side) if u.status == OFF_MAP]
    out: list[tuple[list[str], str]] = []
    firsts = []
    for kind in (ARMOR, INFANTRY):
        us = [u for u in unplaced if u.kind == kind]
        if us:
            firsts.append(us[0].id)
    if not firsts:
        return out
    for town in g.board.towns:
        if len(out) >= limit:
            break
        if g.occupant(town) not in ("", side) or room(g, town) < 1 or not allowed(town):
            continue
        for uid in firsts:
            out.append(([uid], town))
    return out


def require_tag(board: Board, tag: str, count: int, what: str) -> tuple[str, ...]:
    towns = board.tagged(tag)
    if len(towns) != count:
        raise MalformedInput(
            f"the board has {len(towns)} town(s) tagged {tag!r}; the campaign needs {count} ({what})",
            f"map {board.id}",
        )
    return towns


def unplaced_problem(g: Game, side: str, citation: common_pb2.Citation) -> list[tuple[str, str, common_pb2.Citation]]:
    left = [u.id for u in starting_units(g, side) if u.status != ON_MAP]
    if left:
        return [("UNITS_NOT_PLACED", f"{len(left)} starting unit(s) not placed yet: {', '.join(left[:6])}"
                 + (" ..." if len(left) > 6 else ""), citation)]
    return []
