"""Traces of Victory's part of the position file (docs/position.md,
core/posfile.py). A position starts a turn's Command Chit Selection (4.2):
the cup, the drawn and selected chits and any activation are cleared, and no
single side acts (both select). Weather words are 4.1's."""

from __future__ import annotations

from collections.abc import Mapping

from adjudicator.core.posfile import PhaseSpec, PositionHooks
from adjudicator.rules.traces.model import DRIVEN_OUT, OOS, RELOCATING
from umpire.v1 import state_pb2

WEATHER = ("clear", "light-overcast", "rain", "heavy-overcast")  # 4.1
MARKERS = frozenset({OOS, DRIVEN_OUT, RELOCATING})  # model.py: the unit markers the rules read


def phases(state: state_pb2.GameState) -> Mapping[str, PhaseSpec]:
    return {"selection": PhaseSpec(segments=("select",), side=None)}  # 4.2


def set_weather(state: state_pb2.GameState, weather: str) -> None:
    state.traces.weather = weather  # 4.1
    state.traces.weather_log[state.turn] = weather


def finish(state: state_pb2.GameState) -> None:
    if state.phase != "selection":
        return  # the position kept the scenario's phase (only units, weather...)
    tv = state.traces
    tv.ClearField("activation")
    del tv.cup[:]
    del tv.drawn[:]
    del tv.selected[:]


HOOKS = PositionHooks(phases=phases, weather=WEATHER, set_weather=set_weather, markers=MARKERS, finish=finish)
