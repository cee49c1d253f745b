"""Victory (13.0, 13.1, 15.2), the scenarios (14.1-14.3) as data and as
played, the data pack, named options and the multi-player rule (15.1)."""

from __future__ import annotations

import pytest

from adjudicator.core.errors import MalformedInput, NotFound
from adjudicator.rules.traces import data, options, scenarios
from adjudicator.rules.traces.model import Game
from tests.rules.traces.helpers import (
    RS, act, codes, end, in_activation, move, new_game, put, select, synthetic_tables, unit, verdict,
)
from umpire.v1 import definition_pb2, map_pb2, state_pb2

OBJECTIVES = ("2704", "2901", "3420", "2217")


def turn_end(turn: int, held: tuple[str, ...] = (), scenario: str = "traces-of-victory/combined-assault",
             opts: dict[str, str] | None = None, vp: int = 0) -> state_pb2.GameState:
    s = in_activation(new_game(scenario, options=opts, tables=synthetic_tables(weather="rain")), "allied", [],
                      segment="combat", turn=turn)
    for uid in ("de-metz-1010", "de-462-1215", "de-462-1217"):
        put(s, uid, "")
    for hx in held:
        s.traces.control[hx] = "allied"
    s.traces.allied_vp = vp
    return s


def test_13_0_sudden_death_when_every_objective_is_held_and_supplied() -> None:
    s = act(turn_end(5, OBJECTIVES), end("allied")).state
    assert s.finished and s.result.winner == "allied" and s.result.level == "major"
    assert s.result.citation.rule_case == "14.3"
    s = act(turn_end(5, OBJECTIVES[:3]), end("allied"), rolls=[3]).state
    assert not s.finished and s.turn == 6
    # Held but cut off: 2217 surrounded by German ZOC does not count (13.0 "able to trace").
    cut = turn_end(5, OBJECTIVES)
    for uid, hx in {"de-716-726": "2216", "de-16-221": "2218", "de-198-305": "2117", "de-198-308": "2317",
                    "de-11pz-110": "2118", "de-48-126": "2318"}.items():
        put(cut, uid, hx)
    s = act(cut, end("allied"), rolls=[3]).state
    assert not s.finished and "2217" not in s.traces.objectives_held


def test_a30_end_only_waits_for_the_last_turn() -> None:
    s = act(turn_end(5, OBJECTIVES, opts={"tov.a30-sudden-death": "end-only"}), end("allied"), rolls=[3]).state
    assert not s.finished


def test_13_1_at_the_end_3_vp_per_objective_then_draw_above_12_else_german_major() -> None:
    s = act(turn_end(12, OBJECTIVES[:2], vp=7), end("allied")).state
    assert s.finished and s.traces.allied_vp == 13 and s.result.level == "draw" and s.result.winner == ""
    s = act(turn_end(12, OBJECTIVES[:2], vp=6), end("allied")).state
    assert s.finished and s.traces.allied_vp == 12 and s.result.winner == "german" and s.result.level == "major"


def test_15_2_alternate_allied_victory_option() -> None:
    s = turn_end(5, opts={"tov.15.2-alternate-victory": "on"})
    g = Game(s)
    for uid in g.defs:
        if g.belligerent(uid) == "german" and g.corps(uid) in ("XIII SS", "LXXXII") and not g.is_hq(uid):
            unit(s, uid).status = state_pb2.UnitState.ELIMINATED
    regiments = [u for u in g.defs if g.belligerent(u) == "allied" and g.defs[u].size == "III" and not g.is_hq(u)]
    for uid, hx in zip(regiments[:6], ["3502", "3502", "3503", "3503", "3504", "3504"]):
        put(s, uid, hx)
    done = act(s, end("allied")).state
    assert done.finished and done.result.level == "alternate" and done.result.citation.rule_case == "15.2"
    off = turn_end(5)
    for u in s.units:
        unit(off, u.unit_id).CopyFrom(u)
    assert not act(off, end("allied"), rolls=[3]).state.finished


def test_14_scenarios_as_data() -> None:
    patton = scenarios.complete(RS.load_scenario("traces-of-victory/pattons-assault"))
    t = patton.traces
    assert t.rules_case == "14.1" and t.air_divisor == 2
    assert [r.code for r in t.reinforcements] == ["25PG", "36VG", "347", "PLehr"]  # less the 21st Panzer
    assert [o.name for o in t.objectives] == ["Metz", "Saarbrücken"]
    pools = {p.belligerent: {c.name: c.count for c in p.chits} for p in t.pools}
    assert "VI" not in pools["allied"] and "XV" not in pools["allied"] and pools["allied"]["XX"] == 2
    assert set(pools["german"]) == {"XIII SS", "LXXXII", "reinforcement", "ob-west"}
    units = {u.id: u for u in patton.definition.units}
    reinforcing = {x for r in t.reinforcements for x in r.unit_ids}
    assert all(u.props["army"] in ("third", "1st") for u in units.values() if u.id not in reinforcing)
    assert "us-45-157" not in units and "de-hq-lxiv" not in units and "de-347-860" in units
    assert units["de-361-951"].props["corps"] == "LXXXII"  # "361st Volksgrenadier Division (under LXXXII Corps)"
    patch = scenarios.complete(RS.load_scenario("traces-of-victory/patchs-advance"))
    assert [r.code for r in patch.traces.reinforcements] == ["21P"]
    assert [o.name for o in patch.traces.objectives] == ["Strasbourg", "Saverne Pass"]
    assert list(patch.traces.objectives[1].hexes) == ["2217"]
    combined = scenarios.complete(RS.load_scenario("traces-of-victory/combined-assault"))
    assert len(combined.traces.reinforcements) == 5 and combined.traces.air_divisor == 1
    assert combined.last_turn == 12


def test_14_map_limits_keep_forces_on_the_scenarios_map() -> None:
    s = in_activation(new_game("traces-of-victory/pattons-assault", tables=synthetic_tables()), "allied",
                      ["us-hq-xii"], turn=5)
    v = verdict(s, move("allied", "us-hq-xii", "3009"))  # "north of hex row 3000"
    assert codes(v) == ["OFF_SCENARIO_MAP"] and v.violations[0].citation.rule_case == "14.1"
    inside = in_activation(new_game("traces-of-victory/pattons-assault", tables=synthetic_tables(),
                                    options={"tov.a35-limit-line": "inside"}), "allied", ["us-hq-xii"], turn=5)
    assert verdict(inside, move("allied", "us-hq-xii", "3009")).legal
    s = in_activation(new_game("traces-of-victory/patchs-advance", tables=synthetic_tables()), "allied",
                      ["us-45-180"], turn=5)
    assert codes(verdict(s, move("allied", "us-45-180", "2710", "2709", "2708"))) == ["OFF_SCENARIO_MAP"]


def test_templates_hold_only_the_text_and_must_be_completed() -> None:
    tpl = RS.load_scenario("traces-of-victory/rules/pattons-assault")
    assert not tpl.traces.playable and not tpl.definition.units and not tpl.definition.map.ByteSize()
    with pytest.raises(MalformedInput, match="rules-only template"):
        new_game("traces-of-victory/rules/pattons-assault")
    with pytest.raises(NotFound):
        RS.load_scenario("traces-of-victory/bulge")
    # Completing a template: a (tiny, SYNTHETIC) map and counters of one's own.
    tpl.traces.playable = True
    gm = tpl.definition.map
    gm.id = "synthetic"
    gm.hex.grid.columns, gm.hex.grid.rows = 6, 6
    gm.hex.grid.numbering.column_leading = gm.hex.grid.numbering.row_leading = 1
    gm.hex.grid.numbering.column_offset = gm.hex.grid.numbering.row_offset = 1
    gm.hex.default_terrain = "clear"
    gm.hex.hexes.add(id="0203", terrain="city", name="Metz", tags=["control:german"])
    gm.hex.hexes.add(id="0505", terrain="major-city", name="Saarbrücken", tags=["control:german"])
    gm.hex.hexes.add(id="0101", tags=["supply:allied"])
    gm.hex.hexes.add(id="0606", tags=["supply:german"])
    roster = data.illustrative_roster()
    tpl.definition.unit_types.extend(roster.definition.unit_types)
    for uid, hx in (("us-hq-xx", "0102"), ("us-90-357", "0202"), ("de-hq-xiiiss", "0605")):
        u = next(x for x in roster.definition.units if x.id == uid)
        tpl.definition.units.append(u)
        tpl.setup.add(unit_id=uid, location=hx)
    s = new_game_from(tpl)
    assert s.phase == "pre-turn" and {u.unit_id for u in s.units} == {"us-hq-xx", "us-90-357", "de-hq-xiiiss"}
    assert [list(o.hexes) for o in s.scenario.traces.objectives] == [["0203"], ["0505"]]
    bad = definition_pb2.Scenario()
    bad.CopyFrom(tpl)
    bad.definition.map.hex.hexes.add(id="0404", terrain="town")
    with pytest.raises(MalformedInput, match="0404 .town. has no initial control"):
        new_game_from(bad)


def new_game_from(sc: definition_pb2.Scenario) -> state_pb2.GameState:
    from adjudicator.core import dice as dice_mod
    from adjudicator.core import engine

    state, _ = engine.new_game(RS, sc, game_id="t", options={}, tables=None, dice=dice_mod.ScriptedDice([]))
    return state


def test_data_pack_tables_hold_only_what_the_text_gives() -> None:
    by_id = {t.id: t for t in data.tables()}
    known = {(t.id, c.row, c.column): c for t in by_id.values() for c in t.cells if not c.unknown}
    crt = {k: v for k, v in known.items() if k[0] == data.CRT}
    assert list(crt) == [(data.CRT, "6", "6:1")] and crt[(data.CRT, "6", "6:1")].value == "2RR"
    assert "10.5" in crt[(data.CRT, "6", "6:1")].source
    assert known[(data.TEC, "clear", "mp")].value == "1" and known[(data.TEC, "rough", "shift")].value == "-1"
    assert known[(data.WEATHER, "3", "weather")].value == "light-overcast"
    assert not [k for k in known if k[0] == data.TURN_TRACK]
    reinf = {(c.row, c.column): c.value for c in by_id[data.REINFORCEMENTS].cells}
    assert [(r, reinf[(r, "turn")]) for r in ("25PG", "36VG", "347", "PLehr", "21P")] == [
        ("25PG", "2"), ("36VG", "3"), ("347", "5"), ("PLehr", "7"), ("21P", "9")]
    assert list(by_id[data.CRT].columns)[0] == "1:2" and list(by_id[data.CRT].columns)[-1] == "10+"
    m = data.illustrative_map()
    assert m.source.startswith("ILLUSTRATIVE") and isinstance(m, map_pb2.GameMap)


def test_named_options_are_checked() -> None:
    listed = {o.name: o for o in RS.options()}
    assert all(o.citation.rule_case and o.description for o in listed.values())
    for case in ("a2", "a3", "a4", "a5", "a12", "a13", "a18", "a19", "a26", "a29", "a30", "a35", "a40", "a43"):
        assert any(n.startswith(f"tov.{case}-") for n in listed), case
    with pytest.raises(MalformedInput, match="unknown option"):
        new_game(options={"tov.no-such": "on"})
    with pytest.raises(MalformedInput, match="cannot be 'sideways'"):
        new_game(options={"tov.a12-stream-halving": "sideways"})
    assert options.TracesOptions().stream_halving == "off"


def test_15_1_three_players_split_the_allied_armies() -> None:
    s = new_game(options={"tov.15.1-players": "3", "tov.a2-pre-turn-hq": "none"}, tables=synthetic_tables(chits=2))
    assert sorted(x.id for x in s.scenario.definition.sides) == ["german", "seventh-army", "third-army"]
    owner = {u.id: u.side for u in s.scenario.definition.units}
    assert owner["us-90-357"] == "third-army" and owner["us-45-157"] == "seventh-army"
    assert codes(verdict(s, select("seventh-army", "XX", "VI"))) == ["NOT_LEAD"]
    s = act(s, select("third-army", "XX", "VI")).state
    # The Seventh Army player sees the Allied chits (his side's), not the German ones.
    v = RS.view(s, "seventh-army")
    assert sorted(c.name for c in v.traces.cup) == ["VI", "XX"]
    s = act(s, select("german", "LXIV", "XIII SS"), rolls=[2, 1]).state  # Allied group, first: VI
    assert s.traces.activation.chit == "VI" and s.active_side == "seventh-army"
    four = new_game(options={"tov.15.1-players": "4"})
    assert sorted(x.id for x in four.scenario.definition.sides) == [
        "german-19th", "german-1st", "seventh-army", "third-army"]


def test_2_2_a_counter_without_movement_or_strength_is_refused_not_read_as_zero() -> None:
    sc = RS.load_scenario("traces-of-victory/combined-assault")
    face = sc.definition.units[0].faces[0]
    face.ClearField("movement")
    with pytest.raises(MalformedInput, match="no movement allowance"):
        new_game_from(sc)
    sc = RS.load_scenario("traces-of-victory/combined-assault")
    face = sc.definition.units[0].faces[0]
    face.ClearField("attack")
    face.ClearField("defense")
    with pytest.raises(MalformedInput, match="no combat strength"):
        new_game_from(sc)
