"""Patton's 3rd Army's part of the position file (docs/position.md,
core/posfile.py): its phase names (4.0), weather (20.1) and the bookkeeping a
phase starts without (the combat in progress, 4.0)."""

from __future__ import annotations

from collections.abc import Mapping

from adjudicator.core.posfile import PhaseSpec, PositionHooks
from adjudicator.rules.pattons.phases import PER_PHASE, WEATHERS
from umpire.v1 import state_pb2

MARKERS = frozenset({"moved", "moved-strategic", "moved-tactical", "isolated", "oos", "cadre", "zero-sp",
                     "cadre-original", "fought", "tried", "strategic", "metz-free", *PER_PHASE})


def phases(state: state_pb2.GameState) -> Mapping[str, PhaseSpec]:
    """4.0: each player's Movement then Combat Phase (US first)."""
    return {
        "us-movement": PhaseSpec(side="us"),
        "us-combat": PhaseSpec(side="us"),
        "german-movement": PhaseSpec(side="german"),
        "german-combat": PhaseSpec(side="german"),
    }


def set_weather(state: state_pb2.GameState, weather: str) -> None:
    state.pattons.weather = weather  # 20.1


def set_rain(state: state_pb2.GameState, value: object, key: str) -> None:
    from adjudicator.core.errors import MalformedInput

    if not isinstance(value, bool):
        raise MalformedInput(f"{key} must be true or false")
    state.pattons.rain = value  # 20.1.3


def finish(state: state_pb2.GameState) -> None:
    p = state.pattons
    p.ClearField("combat")
    del p.attacked_hexes[:]
    del p.attack_slots[:]


HOOKS = PositionHooks(phases=phases, weather=WEATHERS, set_weather=set_weather, extra={"rain": set_rain},
                      markers=MARKERS, marker_prefixes=("arrived:",), finish=finish)
