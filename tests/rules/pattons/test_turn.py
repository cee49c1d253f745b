"""The sequence of play (4.2) and what happens in it: the US Support Point
allocation (18.0), weather (20.1), Air Points (22.1), heavy bombers (22.2, the
table of 22.2.2 as printed), the 15th PzGr roll (23.0), and the end of the game."""

from __future__ import annotations

import pytest

from adjudicator.core import dice as dice_mod
from adjudicator.core import engine
from adjudicator.core.errors import NeedsData
from adjudicator.core.tables import find_table
from adjudicator.rules.pattons import phases
from adjudicator.rules.pattons.model import Game
from tests.rules.pattons.helpers import (
    RS, answer, apply, at, codes, end, model, move, scenario, synthetic_tables, unit,
)
from umpire.v1 import action_pb2, common_pb2, tables_pb2


def test_22_2_2_the_heavy_bomber_table_is_the_texts() -> None:
    st = at({"1010M": "0917"})
    t = find_table(st.scenario.definition.tables, "pattons-3rd-army/heavy-bombers")
    cells = {(c.row, c.column): c.value for c in t.table.cells}
    assert list(t.rows) == ["Clear", "Lt Overcast"]
    assert list(t.columns) == ["Success (die roll)", "No Effect (die roll)"]
    assert cells == {("Clear", "Success (die roll)"): "1-2", ("Clear", "No Effect (die roll)"): "3-6",
                     ("Lt Overcast", "Success (die roll)"): "1-3", ("Lt Overcast", "No Effect (die roll)"): "4-6"}


def test_24_2_the_imaginary_chit_table_is_the_texts() -> None:
    st = at({"1010M": "0917"})
    t = find_table(st.scenario.definition.tables, "pattons-3rd-army/imaginary-chit")
    rows = {r: [t.cell(r, c).value for c in t.columns] for r in t.rows}  # type: ignore[union-attr]
    assert rows == {"1": ["6", "4", "2", "3", "2", "0"], "2": ["9", "6", "4", "4", "3", "2"],
                    "3": ["12", "8", "7", "6", "4", "3"]}


def test_18_0_b_the_us_allocates_its_support_points_among_its_corps_at_the_start() -> None:
    st, _ = engine.new_game(RS, RS.load_scenario("pattons-3rd-army/metz"), game_id="t", options={},
                            tables=synthetic_tables(), dice=dice_mod.ScriptedDice([]))
    assert st.phase == "setup" and st.pending.kind == "ALLOCATE_SUPPORT" and len(st.pending.options) == 76
    after = apply(st, answer(st, "12:50")).state
    assert dict(after.pattons.support) == {"12": 50, "20": 25} and after.phase in ("us-movement", "us-bombers")
    bid, _ = engine.new_game(RS, RS.load_scenario("pattons-3rd-army/metz"), game_id="t",
                             options={"p3.support-points": "60"}, tables=synthetic_tables(),
                             dice=dice_mod.ScriptedDice([]))
    assert len(bid.pending.options) == 61  # 25.C: the winning bid


def test_4_2_the_turn_runs_us_movement_combat_then_german_movement_combat_then_the_indication_stage() -> None:
    st = at({"134/35/12": "0403", "126/48/13": "2520"}, phase="us-movement", turn=3)
    seen = []
    for _ in range(4):
        seen.append(st.phase)
        st = apply(st, end(st.active_side), dice=[4]).state
    assert seen == ["us-movement", "us-combat", "german-movement", "german-combat"]
    assert st.turn == 4 and st.phase in ("us-movement", "us-bombers")


def test_20_1_4_weather_roll_modifiers_and_an_unknown_weather_cell_is_asked_for() -> None:
    g = Game(at({"134/35/12": "0403"}, turn=4, weather="clear"))
    phases.weather_roll(g, dice_mod.ScriptedDice([1]), [])
    assert "die 1 -1 = 0" in g.events[-1].text and g.ext.previous_weather == "clear"
    shipped = at({"134/35/12": "0403"}, turn=4, weather="light-overcast", tables=tables_pb2.TableSet())
    with pytest.raises(NeedsData) as e:
        phases.weather_roll(Game(shipped), dice_mod.ScriptedDice([5]), [])
    assert (e.value.cells[0].table_id, e.value.cells[0].row, e.value.cells[0].column) == (
        "pattons-3rd-army/weather", "5", "weather")
    supplied = [common_pb2.SuppliedCell(table_id="pattons-3rd-army/weather", column="weather", row="5",
                                        value="clear")]
    g2 = Game(shipped)
    phases.weather_roll(g2, dice_mod.ScriptedDice([5]), supplied)
    assert g2.ext.weather == "clear"


def test_22_1_air_points_by_turn_for_each_side_on_clear_turns() -> None:
    g = model(at({"134/35/12": "0403"}, weather="clear"))
    table = {}
    for t in (2, 7, 8, 9, 10, 13, 14, 24):
        g.state.turn = t
        table[t] = (phases.air_budget(g, "us"), phases.air_budget(g, "german"))
    assert table == {2: (8, 0), 7: (8, 0), 8: (6, 0), 9: (6, 0), 10: (6, 1), 13: (6, 1), 14: (6, 2), 24: (6, 2)}


def _bomber_turn(weather: str = "clear", turn: int = 4):  # type: ignore[no-untyped-def]
    st = at({"1010M": "0917", "1215M": "0918", "M2": "0817", "126/48/13": "2014", "134/35/12": "0403"},
            phase="german-combat", turn=turn - 1)
    st.pattons.weather = weather
    return st


def test_22_2_heavy_bombers_come_before_the_us_movement_on_clear_or_light_overcast_turns_before_8() -> None:
    st = _bomber_turn()
    after = apply(st, end("german"), dice=[1]).state  # weather die 1 after a clear turn: row 0 = clear
    assert after.phase == "us-bombers" and after.pattons.weather == "clear"
    heavy = apply(_bomber_turn("light-overcast"), end("german"), dice=[6]).state  # 6 = heavy overcast
    assert heavy.phase == "us-movement"
    late = apply(_bomber_turn(turn=8), end("german"), dice=[1]).state
    assert late.phase == "us-movement"  # 22.2.1.A: before Turn 8 only


def test_22_2_targets_are_german_stacks_in_metz_or_entrenchments_not_improved_positions() -> None:
    st = apply(_bomber_turn(), end("german"), dice=[1]).state
    a = action_pb2.Action(side="us")
    a.pattons.heavy_bombers.hexes.extend(["0917", "2014"])
    v = engine.validate(st, a)
    assert codes(v) == ["BOMBER_TARGET"] and v.violations[0].subject == "2014"
    a.pattons.heavy_bombers.hexes[1] = "0917"
    assert codes(engine.validate(st, a)) == ["BOMBER_TARGETS"]  # not the same stack twice
    a.pattons.heavy_bombers.hexes[1] = "0817"
    assert engine.validate(st, a).legal


def test_22_2_3_a_hit_lets_germany_eliminate_a_unit_or_reduce_a_regiment_to_cadre_once_per_game() -> None:
    st = apply(_bomber_turn(), end("german"), dice=[1]).state
    a = action_pb2.Action(side="us")
    a.pattons.heavy_bombers.hexes.extend(["0917", "0817"])
    hit = apply(st, a, dice=[2, 3]).state  # clear: 1-2 succeeds, 3 has no effect
    d = hit.pending
    assert d.kind == "BOMBER_EFFECT" and d.side == "german"
    assert sorted(o.id for o in d.options) == ["cadre:1010M", "eliminate:1010M"]
    done = apply(hit, answer(hit, "cadre:1010M")).state
    assert "cadre" in unit(done, "1010M").markers and done.pattons.bombers_used
    nxt = at({"1010M": "0917", "134/35/12": "0403"}, phase="german-combat", turn=4)
    nxt.pattons.bombers_used = True
    nxt.pattons.weather = "clear"
    assert apply(nxt, end("german"), dice=[1]).state.phase == "us-movement"  # 22.2.1.D


def test_22_2_2_light_overcast_succeeds_on_1_to_3() -> None:
    st = apply(_bomber_turn("light-overcast"), end("german"), dice=[3]).state  # 3 = light overcast (SYNTHETIC)
    assert st.pattons.weather == "light-overcast" and st.phase == "us-bombers"
    a = action_pb2.Action(side="us")
    a.pattons.heavy_bombers.hexes.extend(["0917"])
    v = engine.validate(st, a)
    assert v.legal and any(n.citation.rule_case == "22.2.1.B" for n in v.notes)  # the second is forfeited
    assert apply(st, a, dice=[3]).state.pending.kind == "BOMBER_EFFECT"


def test_23_0_from_turn_8_germany_rolls_for_the_15th_pzgr_until_a_1() -> None:
    st = at({"134/35/12": "0403", "126/48/13": "2520"}, phase="us-combat", turn=7)
    assert not [e for e in apply(st, end("us")).events if e.kind == "VARIABLE_REINFORCEMENTS"]
    st = at({"134/35/12": "0403", "126/48/13": "2520"}, phase="us-combat", turn=8)
    miss = apply(st, end("us"), dice=[2])
    assert miss.state.pattons.variable_turn == 0 and "does not arrive" in miss.events[-2].text
    hit = apply(st, end("us"), dice=[1]).state
    assert hit.pattons.variable_turn == 8
    v = engine.validate(hit, move("german", ["104/15"], ["3218"]))
    assert v.legal, v.violations  # Entry Hex A
    later = at({"134/35/12": "0403", "126/48/13": "2520"}, phase="us-combat", turn=9)
    later.pattons.variable_turn = 8
    assert not [e for e in apply(later, end("us")).events if e.kind == "VARIABLE_REINFORCEMENTS"]


def test_25_the_game_ends_after_the_last_turn_with_a_result() -> None:
    st = at({"134/35/12": "0403", "1010M": "0917"}, phase="german-combat", turn=12)
    over = apply(st, end("german")).state
    assert over.finished and over.phase == "over" and over.result.level and over.result.citation.rule_case
    assert RS.legal_actions(over, "us") == []
    ext = at({"134/35/12": "0403", "1010M": "0917"}, phase="german-combat", turn=12, extended=True)
    assert not apply(ext, end("german"), dice=[3]).state.finished
    assert scenario(extended=True).last_turn == 24
