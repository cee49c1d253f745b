"""Lucky Forward's part of the position file (docs/position.md,
core/posfile.py). The sequence of play is a program of segments per GT
(sop.py, 3.3-3.5); a position names a phase and segment in which a player
acts and the side that acts, and starts at that segment of the program.
`turn` is the GT count (LuckyForwardState.gt); `[ruleset] game_day` and
`time` ("AM", "PM", "night", 3.0) say which GT it is. Weather is written
"ATMOSPHERE/GROUND", e.g. "overcast/mud" (19.4)."""

from __future__ import annotations

from collections.abc import Mapping

from adjudicator.core.errors import MalformedInput
from adjudicator.core.posfile import PhaseSpec, PositionHooks
from adjudicator.rules.lucky_forward import sop
from adjudicator.rules.lucky_forward.model import Model
from umpire.v1 import state_pb2

ATMOSPHERES = ("clear", "partial-overcast", "overcast", "storm")
GROUNDS = ("dry", "wet", "mud", "snow", "freeze", "deep-mud")  # 19.4.3b
WEATHER = tuple(f"{a}/{g}" for a in ATMOSPHERES for g in GROUNDS)


def _model(state: state_pb2.GameState) -> Model:
    work = state_pb2.GameState()
    work.CopyFrom(state)
    return Model(work)


def phases(state: state_pb2.GameState) -> Mapping[str, PhaseSpec]:
    out: dict[str, list[str]] = {}
    for step in sop.program(_model(state)):
        if step.actor != "auto":
            segs = out.setdefault(step.phase, [])
            if step.segment not in segs:
                segs.append(step.segment)
    return {p: PhaseSpec(segments=tuple(s)) for p, s in out.items()}


def set_weather(state: state_pb2.GameState, weather: str) -> None:
    atmosphere, _, ground = weather.partition("/")
    state.lucky_forward.weather.atmosphere = atmosphere
    state.lucky_forward.weather.ground = ground


def set_day(state: state_pb2.GameState, value: object, key: str) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 1000:
        raise MalformedInput(f"{key} must be a game day number (1 or more)")
    state.lucky_forward.game_day = value  # 3.1.1


def set_time(state: state_pb2.GameState, value: object, key: str) -> None:
    if value not in sop.TIMES:
        raise MalformedInput(f"{key} must be one of {', '.join(sop.TIMES)}, not {value!r}")
    assert isinstance(value, str)
    state.lucky_forward.time = value  # 3.0


def finish(state: state_pb2.GameState) -> None:
    m = _model(state)
    for i, step in enumerate(sop.program(m)):
        if step.actor == "auto" or (step.phase, step.segment) != (state.phase, state.segment):
            continue
        if sop.actor_of(m, step) == state.active_side:
            lf = state.lucky_forward
            lf.step = i
            lf.phasing = sop.phasing_of(m, step)
            if state.turn:
                lf.gt = state.turn
            lf.ClearField("fs")
            lf.ClearField("ga")
            return
    raise MalformedInput(f"{state.active_side} does not act in phase {state.phase!r} segment {state.segment!r} "
                         f"of a {state.lucky_forward.time} GT")


HOOKS = PositionHooks(phases=phases, weather=WEATHER, set_weather=set_weather,
                      extra={"game_day": set_day, "time": set_time}, finish=finish)
