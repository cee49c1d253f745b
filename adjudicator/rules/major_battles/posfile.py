"""Major Battles' part of the position file (docs/position.md,
core/posfile.py): units stand at towns of the point-to-point board; a
position starts a free setup or a player's turn ("The Movement Deck" ¶1: the
turn begins by turning the card; in the "move" segment the card is turned and
`[ruleset] mp_allowance` gives the turn's movement points)."""

from __future__ import annotations

from collections.abc import Mapping

from adjudicator.core.errors import MalformedInput
from adjudicator.core.posfile import PhaseSpec, PositionHooks
from adjudicator.rules.major_battles.model import LANDED, OUTSIDE_MARK, RETREATED_IN, ROAD_MARK, TRAPPED
from umpire.v1 import state_pb2

MARKERS = frozenset({LANDED, RETREATED_IN, TRAPPED})


def phases(state: state_pb2.GameState) -> Mapping[str, PhaseSpec]:
    return {"setup": PhaseSpec(segments=("place",)), "turn": PhaseSpec(segments=("card", "move"))}


def _count(value: object, key: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 1000:
        raise MalformedInput(f"{key} must be a whole number from 0 to 1000")
    return value


def set_allowance(state: state_pb2.GameState, value: object, key: str) -> None:
    state.major_battles.mp_allowance = _count(value, key)  # "The Movement Deck" ¶1


def set_spent(state: state_pb2.GameState, value: object, key: str) -> None:
    state.major_battles.mp_spent = _count(value, key)  # "Using Movement Points"


def finish(state: state_pb2.GameState) -> None:
    mb = state.major_battles
    mb.ClearField("battle")
    del mb.approaches[:]
    del mb.battle_queue[:]
    mb.end_step = ""
    if state.phase != "turn":
        return
    sides = [s.id for s in state.scenario.definition.sides]
    del mb.setup_done[:]
    mb.setup_done.extend(sides)  # the setup is over once a turn is played
    mb.road_use.clear()
    mb.area_use.clear()
    mb.battles_started = False
    if state.segment == "card":
        if mb.deck_mode == "dealt":
            raise MalformedInput("with a dealt deck the engine turns the cards: start in segment 'move' with "
                                 "[ruleset] mp_allowance = the turn's movement points")
        mb.mp_allowance = mb.mp_spent = 0
    elif mb.mp_allowance <= 0:
        raise MalformedInput("segment 'move' needs [ruleset] mp_allowance (the card turned plus the opponent's "
                             "face-up card)")
    elif mb.mp_spent > mb.mp_allowance:
        raise MalformedInput(f"mp_spent {mb.mp_spent} is more than mp_allowance {mb.mp_allowance}")


HOOKS = PositionHooks(phases=phases, extra={"mp_allowance": set_allowance, "mp_spent": set_spent},
                      markers=MARKERS, marker_prefixes=(ROAD_MARK, OUTSIDE_MARK), finish=finish)
