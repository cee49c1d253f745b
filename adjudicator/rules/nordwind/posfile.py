"""Nordwind 1945's part of the position file (docs/position.md, core/posfile.py).

Why here: the phase names, the weather words (8) and the loss count (10.3)
are this ruleset's; the generic file knows none of them. A position starts at
the beginning of a phase (2.1), so the combat in progress and the phase's
bookkeeping are cleared.
"""

from __future__ import annotations

from collections.abc import Mapping

from adjudicator.core.posfile import PhaseSpec, PositionHooks
from umpire.v1 import state_pb2

WEATHER = ("fair", "cloudy", "overcast")  # 8
MARKERS = frozenset({"isolated", "unsupplied", "moved", "stopped", "attacked", "arriving", "returning"})


def phases(state: state_pb2.GameState) -> Mapping[str, PhaseSpec]:
    """2.1 sequence of play; phases A and F happen inside the action ending a phase."""
    return {
        "setup-german": PhaseSpec(side="german"),
        "setup-allied": PhaseSpec(side="allied"),
        "german-movement": PhaseSpec(side="german"),
        "german-combat": PhaseSpec(side="german"),
        "allied-movement": PhaseSpec(side="allied"),
        "allied-combat": PhaseSpec(side="allied"),
    }


def set_weather(state: state_pb2.GameState, weather: str) -> None:
    state.nordwind.weather = weather  # 8


def set_losses(state: state_pb2.GameState, losses: dict[str, int]) -> None:
    for side, n in losses.items():
        state.nordwind.steps_lost[side] = n  # 10.3: strength steps destroyed, by side


def finish(state: state_pb2.GameState) -> None:
    nw = state.nordwind
    nw.ClearField("combat")
    del nw.attacked_hexes[:]


HOOKS = PositionHooks(phases=phases, weather=WEATHER, set_weather=set_weather, set_losses=set_losses,
                      markers=MARKERS, finish=finish)
