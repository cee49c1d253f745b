"""The position file (adjudicator/core/posfile.py, docs/position.md): a
hand-written mid-game position applied over a new game, each error one line
naming the file and line, nothing applied unless the whole file is valid."""

from __future__ import annotations

import pytest

from adjudicator.core import dice as dice_mod
from adjudicator.core import engine
from adjudicator.core.errors import MalformedInput
from adjudicator.core.posfile import parse_position, position_game
from adjudicator.core.ruleset import get_ruleset
from umpire.v1 import state_pb2

SEED = b"\x07" * 32


def new(scenario: str) -> state_pb2.GameState:
    rs = get_ruleset(scenario.split("/")[0])
    st, _ = engine.new_game(rs, rs.load_scenario(scenario), game_id="offline", options={}, tables=None,
                            dice=dice_mod.HmacDice(SEED, "offline", 0, 0))
    return st


def error_of(state: state_pb2.GameState, text: str) -> str:
    with pytest.raises(MalformedInput) as e:
        position_game(state, text, "pos.toml")
    return e.value.one_line()


@pytest.fixture(scope="module")
def nordwind() -> state_pb2.GameState:
    return new("nordwind-1945/historical")


def unit(s: state_pb2.GameState, uid: str) -> state_pb2.UnitState:
    return next(u for u in s.units if u.unit_id == uid)


def test_a_nordwind_position_sets_turn_phase_side_weather_losses_and_units(nordwind: state_pb2.GameState) -> None:
    before = nordwind.SerializeToString(deterministic=True)
    s = position_game(nordwind, '''
turn = 3
phase = "german-movement"
weather = "overcast"
[units]
"157/103" = "102"
"GTL/2" = { at = "0404", steps_lost = 1, markers = ["isolated"] }
"GTD/2" = { status = "eliminated" }
[losses]
allied = 2
''', "pos.toml")
    assert (s.turn, s.phase, s.active_side) == (3, "german-movement", "german")  # side from the phase (2.1)
    assert s.nordwind.weather == "overcast" and s.nordwind.steps_lost["allied"] == 2
    assert unit(s, "157/103").location == "0102"  # "102": the grid's zero-padded label
    gtl = unit(s, "GTL/2")
    assert (gtl.location, gtl.steps_lost, list(gtl.markers)) == ("0404", 1, ["isolated"])
    assert unit(s, "GTD/2").status == state_pb2.UnitState.ELIMINATED
    assert nordwind.SerializeToString(deterministic=True) == before  # applied on a copy


@pytest.mark.parametrize("text, line, words", [
    ('turn = 3\nphase = "german-movment"\n', 2, "phase 'german-movment' is not a phase nordwind-1945"),
    ('turn = 3\n\n[units]\n"157/10" = "0101"\n', 4, "unknown unit '157/10'"),
    ('[units]\n"157/103" = "9999"\n', 2, "unknown hex '9999'"),
    ('weather = "snow"\n', 1, "weather 'snow' is not one of fair, cloudy, overcast"),
    ('phase = "german-movement"\nactive_side = "allied"\n', 2, "the side to act is 'german'"),
    ('active_side = "russian"\n', 1, "unknown side 'russian'"),
    ('turn = "three"\n', 1, "turn must be an integer"),
    ('turns = 3\n', 1, "unknown key 'turns'"),
    ('[units]\n"GTL/2" = { at = "0404", steps_lost = 5 }\n', 2, "steps_lost is at most"),
    ('[units]\n"GTL/2" = { at = "0404", markers = ["sleepy"] }\n', 2, "marker 'sleepy' is not one nordwind-1945 reads"),
    ('[units]\n"GTL/2" = { status = "dead" }\n', 2, "status 'dead'"),
    ('[units]\n"GTL/2" = { where = "0404" }\n', 2, "unknown key 'where' for unit 'GTL/2'"),
    ('scenario = "nordwind-1945/hypothetical"\n', 1, "the position is for scenario"),
    ('[losses]\nallied = -1\n', 2, "0 or more"),
    ('[ruleset]\nmp_allowance = 3\n', 2, "unknown key 'mp_allowance' under [ruleset]"),
    ('turn = 3\nphase = [\n', 2, "not valid TOML"),
])
def test_every_error_is_one_line_at_its_line(nordwind: state_pb2.GameState, text: str, line: int, words: str) -> None:
    msg = error_of(nordwind, text)
    assert msg.startswith(f"pos.toml:{line}: "), msg
    assert words in msg and "\n" not in msg


def test_a_unit_line_is_found_below_its_section() -> None:
    spec = parse_position('turn = 1\n# a comment\n[units]\n"a" = "0101"\n\n"b" = { at = "0102" }\n', "p.toml")
    assert [(u.unit_id, u.line) for u in spec.units] == [("a", 4), ("b", 6)]


def test_major_battles_positions_stand_at_towns_and_start_a_turn() -> None:
    st = new("major-battles/normandy")
    s = position_game(st, '''
turn = 2
phase = "turn"
segment = "card"
active_side = "us"
unlisted = "off-map"
[units]
us-arm-01 = "coutances"
de-arm-01 = { at = "periers", markers = ["outside:st-lo"] }
''', "mb.toml")
    assert (s.turn, s.phase, s.segment, s.active_side) == (2, "turn", "card", "us")
    assert unit(s, "us-arm-01").location == "coutances"
    assert unit(s, "us-arm-02").status == state_pb2.UnitState.OFF_MAP  # unlisted = "off-map"
    assert sorted(s.major_battles.setup_done) == ["german", "us"]  # a turn is played: the setup is over
    assert "unknown town 'coutance'" in error_of(st, '[units]\nus-arm-01 = "coutance"\n')
    assert error_of(st, 'weather = "clear"\n') == "pos.toml:1: major-battles has no weather"
    assert "needs [ruleset] mp_allowance" in error_of(st, 'phase = "turn"\nsegment = "move"\nactive_side = "us"\n')
    assert "needs active_side" in error_of(st, 'phase = "turn"\n')


def test_pattons_traces_and_lucky_forward_take_their_own_phases_and_weather() -> None:
    p = position_game(new("pattons-3rd-army/metz"), 'turn = 2\nphase = "german-combat"\nweather = "clear"\n'
                      '[ruleset]\nrain = true\n', "p.toml")
    assert (p.phase, p.active_side, p.pattons.weather, p.pattons.rain) == ("german-combat", "german", "clear", True)
    t = position_game(new("traces-of-victory/combined-assault"), 'turn = 2\nphase = "selection"\nweather = "rain"\n',
                      "t.toml")
    assert (t.phase, t.segment, t.active_side, t.traces.weather, t.traces.weather_log[2]) == (
        "selection", "select", "", "rain", "rain")  # 4.2: both sides select, nobody in particular acts
    lf = position_game(new("lucky-forward/synthetic"), 'turn = 2\nphase = "movement"\nsegment = "movement"\n'
                       'active_side = "axis"\nweather = "overcast/mud"\n[ruleset]\ntime = "PM"\n', "lf.toml")
    assert (lf.phase, lf.segment, lf.active_side, lf.lucky_forward.phasing) == ("movement", "movement", "axis", "axis")
    assert (lf.lucky_forward.weather.atmosphere, lf.lucky_forward.weather.ground, lf.lucky_forward.time) == (
        "overcast", "mud", "PM")
    assert lf.lucky_forward.gt == 2
    assert "phase 'movment' is not a phase lucky-forward" in error_of(new("lucky-forward/synthetic"),
                                                                    'phase = "movment"\nactive_side = "axis"\n')


def test_a_position_naming_no_phase_keeps_the_scenarios_phase_and_its_bookkeeping() -> None:
    st = new("traces-of-victory/combined-assault")
    s = position_game(st, '[units]\nus-10ad-cca = "2409"\n', "t.toml")
    assert (s.phase, s.segment, s.active_side) == (st.phase, st.segment, st.active_side)
    assert s.traces.HasField("activation") and s.traces.activation == st.traces.activation  # 12.1 pre-turn kept
    assert unit(s, "us-10ad-cca").location == "2409"
