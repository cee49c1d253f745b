"""Weather Determination (4.1): the 4.1.4 and 4.1.5 examples, Turn 1 and 2
(4.1.6), the modifiers (4.1.3), air by weather (4.1.2, 7.0) and per scenario
(14.1, 14.2). Weather cells the text lacks are given as SYNTHETIC values with
the action that reaches the roll."""

from __future__ import annotations

import pytest

from adjudicator.core.errors import NeedsData
from adjudicator.rules.traces import weather
from tests.rules.traces.helpers import act, end, in_activation, new_game, with_cells
from umpire.v1 import state_pb2


def end_of_turn(turn: int, last_weather: str, mud: list[int], scenario_options: dict[str, str] | None = None,
                scenario: str = "traces-of-victory/combined-assault") -> state_pb2.GameState:
    """The last activation of `turn` is in its combat segment and the cup is empty."""
    s = in_activation(new_game(scenario, options=scenario_options), "allied", [], segment="combat", turn=turn,
                      weather=last_weather)
    s.traces.weather_log[turn] = last_weather
    del s.traces.mud_turns[:]
    s.traces.mud_turns.extend(mud)
    return s


def test_4_1_4_example_rain_on_turn_8_and_a_5_on_turn_9_is_light_overcast() -> None:
    # "On Turn 8 the weather was rain. On Turn 9, subtract 1 ... and also subtract an additional 1.
    # Thus, a die roll of "5" would be adjusted down (-2), resulting in a "3" - light overcast."
    assert [m for m, _, _ in weather.modifiers(9, "rain", False)] == [-1, -1]
    s = end_of_turn(8, "rain", mud=[8, 9])
    # The weather of row 3 is known from this very example; the air units of row 3 are not.
    with pytest.raises(NeedsData) as e:
        act(s, end("allied"), rolls=[5])
    assert [(c.table_id, c.column, c.row) for c in e.value.cells] == [("traces-of-victory/weather", "air", "3")]
    ap = act(s, with_cells(end("allied"), {("weather", "air", "3"): "4"}), rolls=[5])
    s = ap.state
    assert s.turn == 9 and s.traces.weather == "light-overcast"
    text = next(e.text for e in ap.events if e.kind == "WEATHER")
    assert "die 5 -1 preceding turn rain, -1 worsening weather, Turns 9-12 = 3, row 3: light-overcast" in text
    assert s.traces.air_total == 2  # half of 4 on light overcast (4.1.2)
    assert 9 in s.traces.mud_turns  # rain on turn 8 makes turn 9 a mud turn (4.1.5)
    assert s.segment == "interdiction" and s.active_side == "allied"


def test_4_1_5_example_a_second_rain_leaps_over_to_the_next_turn() -> None:
    # "If Turn 4 is already mud and rain occurs during the Weather Determination Phase, place the
    # second mud marker on Turn 5."
    s = end_of_turn(3, "rain", mud=[3, 4])
    s = act(s, with_cells(end("allied"), {("weather", "weather", "1"): "rain"}), rolls=[2]).state
    assert s.turn == 4 and s.traces.weather == "rain"
    assert sorted(s.traces.mud_turns) == [3, 4, 5]
    assert s.traces.air_total == 0 and s.phase == "selection"  # no air in rain: no interdiction step
    assert weather.mud_after_rain([6, 7], 6) == [6, 7]  # rain on 6 alone: mud on 6 and 7
    assert weather.mud_after_rain([], 6) == [6, 7]


def test_4_1_6_turn_1_is_heavy_overcast_with_mud_and_no_air_and_turn_2_takes_minus_1() -> None:
    s = new_game()
    assert s.traces.weather == "heavy-overcast" and list(s.traces.mud_turns) == [1]
    assert s.traces.air_total == 0 and not s.dice_log  # no roll on Turn 1
    assert [m for m, _, _ in weather.modifiers(2, "heavy-overcast", False)] == [-1]  # the same -1
    assert [m for m, _, _ in weather.modifiers(2, "heavy-overcast", True)] == [-1, -1]  # A-8 'extra'
    s = end_of_turn(1, "heavy-overcast", mud=[1])
    s = act(s, with_cells(end("allied"), {("weather", "weather", "5"): "clear", ("weather", "air", "5"): "4"}),
            rolls=[6]).state
    assert s.turn == 2 and s.traces.weather == "clear" and s.traces.air_total == 4
    assert 2 not in s.traces.mud_turns  # Turn 1's heavy overcast does not make Turn 2 muddy


def test_4_1_3_plus_1_after_clear_and_a_9_modified_rolls_are_read_at_the_nearest_row() -> None:
    assert [m for m, _, _ in weather.modifiers(4, "clear", False)] == [1]
    assert weather.modifiers(4, "light-overcast", False) == []
    s = end_of_turn(3, "clear", mud=[])
    s = act(s, with_cells(end("allied"), {("weather", "weather", "6"): "clear", ("weather", "air", "6"): "3"}),
            rolls=[6]).state  # 6 + 1 = 7: read on row 6
    assert s.traces.weather == "clear"
    s = end_of_turn(9, "rain", mud=[9, 10])
    s = act(s, with_cells(end("allied"), {("weather", "weather", "1"): "heavy-overcast"}), rolls=[1]).state
    assert s.traces.weather == "heavy-overcast"  # 1 - 2 = -1: read on row 1


def test_14_1_scenario_air_is_half_the_table_rounded_up() -> None:
    s = end_of_turn(3, "light-overcast", mud=[], scenario="traces-of-victory/pattons-assault")
    s = act(s, with_cells(end("allied"), {("weather", "weather", "4"): "clear", ("weather", "air", "4"): "3"}),
            rolls=[4]).state
    assert s.traces.air_total == 2  # 3 / 2 rounded up
    s = end_of_turn(3, "light-overcast", mud=[], scenario="traces-of-victory/pattons-assault")
    s = act(s, with_cells(end("allied"), {("weather", "air", "3"): "3"}), rolls=[3]).state
    assert s.traces.weather == "light-overcast" and s.traces.air_total == 1  # 3 -> 2 (light overcast) -> 1


@pytest.mark.parametrize(("rule", "expected"), [("up", 2), ("down", 1), ("table", 3)])
def test_a7_light_overcast_rounding_options(rule: str, expected: int) -> None:
    s = end_of_turn(3, "light-overcast", mud=[], scenario_options={"tov.a7-light-overcast": rule})
    s = act(s, with_cells(end("allied"), {("weather", "air", "3"): "3"}), rolls=[3]).state
    assert s.traces.air_total == expected
