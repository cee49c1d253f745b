"""Sequence of play (2.1): supply (7), weather and air (8, 9.2), stacking (5),
scenarios (10.1, 10.2) and victory (10.3)."""

from __future__ import annotations

import pytest

from adjudicator.core import dice as dice_mod
from adjudicator.core import engine
from adjudicator.core.errors import NeedsData
from adjudicator.core.ruleset import get_ruleset
from adjudicator.rules.nordwind import phases
from tests.rules.nordwind.examples import U, act, answer, move, new_state, play, unit_state
from umpire.v1 import action_pb2, tables_pb2

END = action_pb2.EndPhase()


def end(st, side: str, rolls=()):  # type: ignore[no-untyped-def]
    return play(st, act(side, end_phase=END), rolls)


def test_2_1_phase_order_and_turn_end() -> None:
    st = new_state([U("A", "allied", "0808", strength=2), U("G", "german", "0303", strength=2)])
    assert (st.phase, st.turn, st.nordwind.weather) == ("german-movement", 1, "overcast")  # 8: turn 1
    seen = []
    for side in ("german", "german", "allied", "allied"):
        st = end(st, side, [3] if side == "allied" and st.phase == "allied-combat" else []).state
        seen.append(st.phase)
    assert seen == ["german-combat", "allied-movement", "allied-combat", "german-movement"]
    assert st.turn == 2 and st.nordwind.weather == "cloudy"  # die 3
    assert dict(st.nordwind.air_missions) == {"allied": 1, "german": 1}  # 9.2 cloudy
    assert st.dice_log[-1].purpose == "weather, turn 2"


@pytest.mark.parametrize(
    "previous,die,option,expected",
    [
        ("cloudy", 1, "modified", "fair"),
        ("cloudy", 6, "modified", "cloudy"),  # 6: same as the previous turn
        ("fair", 6, "modified", "overcast"),  # AMB-31: 6 - 1 = 5
        ("fair", 1, "modified", "fair"),  # a modified 0 is fair
        ("fair", 2, "modified", "fair"),
        ("fair", 6, "natural", "fair"),  # the alternative reading: a natural 6 repeats
        ("overcast", 4, "modified", "overcast"),
    ],
)
def test_8_weather_table_with_the_fair_modifier(previous: str, die: int, option: str, expected: str) -> None:
    st = new_state([U("A", "allied", "0808", strength=2)], options={"nw.amb31-weather-six": option})
    st.nordwind.weather = previous
    st.phase, st.active_side = "allied-combat", "allied"
    after = end(st, "allied", [die]).state
    assert after.nordwind.weather == expected and after.nordwind.previous_weather == previous
    missions = {"fair": {"allied": 3, "german": 1}, "cloudy": {"allied": 1, "german": 1},
                "overcast": {"allied": 0, "german": 0}}[expected]
    assert dict(after.nordwind.air_missions) == missions


def _pocket() -> list[U]:
    # A German unit boxed in by an Allied wall: no line to the north or east edge.
    wall = ["0504", "0604", "0704", "0505", "0705", "0506", "0606", "0706"]
    return [U("G", "german", "0605", strength=2)] + [U(f"W{i}", "allied", h, strength=2) for i, h in enumerate(wall)]


def test_7_3_isolated_at_phase_a_then_unsupplied_a_turn_later() -> None:
    st = new_state(_pocket())
    assert list(unit_state(st, "G").markers) == ["isolated"]  # turn 1, phase A
    st.phase, st.active_side = "allied-combat", "allied"
    st = end(st, "allied", [3]).state
    assert list(unit_state(st, "G").markers) == ["unsupplied"]  # still cut off at phase A of turn 2


def test_7_3_supply_markers_progress_and_clear() -> None:
    ns = new_state(_pocket())
    g = unit_state(ns, "G")
    del g.markers[:]
    events: list = []
    phases.supply_phase(ns, events)
    assert list(unit_state(ns, "G").markers) == ["isolated"]
    phases.supply_phase(ns, events)
    assert list(unit_state(ns, "G").markers) == ["unsupplied"]
    assert all(e.citations[0].rule_case == "7.3" for e in events)
    for u in ns.units:  # the wall leaves
        if u.unit_id.startswith("W"):
            u.location = "2215"
    phases.supply_phase(ns, events)
    assert list(unit_state(ns, "G").markers) == []


def test_7_1_a_friendly_unit_negates_the_zoc_for_the_line_of_supply() -> None:
    ns = new_state([U("G", "german", "0603", strength=2), U("A1", "allied", "0505", strength=2),
                    U("A2", "allied", "0705", strength=2)])
    assert "G" in phases.supplied_units(ns, "german")


def test_7_3_unsupplied_units_move_at_half() -> None:
    st = new_state([U("G", "german", "0808", strength=2)], phase="german-movement")
    unit_state(st, "G").markers.append("unsupplied")
    v = engine.validate(st, move("german", ["G"], ["0809", "0810", "0811", "0812", "0813"]))
    assert not v.legal and v.violations[0].code == "NOT_ENOUGH_MP"  # 4 MP, not 8


def test_5_stacking_checked_at_the_end_of_movement() -> None:
    cast = [U(f"R{i}", "german", "0808", size="III", strength=2) for i in range(3)]
    cast += [U(f"B{i}", "german", "0808", size="II", strength=1) for i in range(2)]
    st = new_state(cast, phase="german-movement")
    st = end(st, "german").state
    assert (st.pending.kind, st.pending.side, st.pending.citation.rule_case) == ("ELIMINATE_OVERSTACKED", "german", "5")
    assert not engine.validate(st, answer(st, ["R0", "B0"])).legal  # only the excess
    st = play(st, answer(st, ["B1"])).state
    assert unit_state(st, "B1").status == unit_state(st, "B1").ELIMINATED and st.phase == "german-combat"
    assert st.nordwind.steps_lost["german"] == 2


def test_5_unknown_sizes_need_data_only_when_they_matter() -> None:
    """5: "Stacking limits apply at the end of each movement phase". Ending the
    phase checks them, and so does judging the end of the phase: validate names
    the cells apply will need (it used to call the end legal with nothing needed,
    then apply failed for want of the unit sizes)."""
    cast = [U(f"X{i}", "german", "0808", size="", strength=2) for i in range(4)]
    st = new_state(cast, phase="german-movement")
    v = engine.validate(st, act("german", end_phase=END))
    with pytest.raises(NeedsData) as e:
        end(st, "german")
    assert {c.column for c in e.value.cells} == {"size"}
    assert v.legal and {(c.row, c.column) for c in v.needs} == {(c.row, c.column) for c in e.value.cells}
    fits = [U(f"X{i}", "german", "0808", size="", strength=2) for i in range(2)]
    fine = new_state(fits, phase="german-movement")
    assert not engine.validate(fine, act("german", end_phase=END)).needs
    assert end(fine, "german").state.phase == "german-combat"


def test_8_validate_names_the_weather_cells_a_die_may_need() -> None:
    """8: the turn's weather is thrown when the Allied combat phase ends. Where
    the game's Weather Table lacks a row, judging the end of the phase names it
    (a die may land on it), as the CRT's unknown cells are named for an attack."""
    st = new_state([U("G", "german", "0808", strength=2), U("A", "allied", "0101", strength=2)])
    st.phase, st.active_side = "allied-combat", "allied"
    weather = next(t for t in st.scenario.definition.tables if t.id == "nordwind-1945/weather")
    keep = [c for c in weather.cells if c.row != "2"]
    del weather.cells[:]
    weather.cells.extend(keep)  # SYNTHETIC: row 2 (cloudy) unknown
    v = engine.validate(st, act("allied", end_phase=END))
    assert v.legal and [(c.table_id, c.row) for c in v.needs] == [("nordwind-1945/weather", "2")]
    with pytest.raises(NeedsData) as e:
        end(st, "allied", [2])
    assert [(c.row, c.column) for c in e.value.cells] == [(c.row, c.column) for c in v.needs]
    assert end(st, "allied", [4]).state.nordwind.weather == "overcast"


def test_10_historical_scenario_loads_with_its_setup_and_arrivals() -> None:
    r = get_ruleset("nordwind-1945")
    s = r.load_scenario("nordwind-1945/historical")
    assert s.last_turn == 12 and s.nordwind.start_date == "1945-01-01"
    st, _ = engine.new_game(r, s, game_id="t", options={}, tables=None, dice=dice_mod.ScriptedDice([]))
    assert st.phase == "setup-german"
    placed = {u.unit_id: u.location for u in st.units if u.status == u.ON_MAP}
    assert placed["VolksW"] == "0701" and placed["157/103"] == "0101" and placed["CCR/14"] == "0511"
    bad = engine.validate(st, act("german", place=action_pb2.PlaceUnits(unit_ids=["59/19"], location="0501")))
    assert not bad.legal and bad.violations[0].citation.rule_case == "10.1.2"
    ok = engine.validate(st, act("german", place=action_pb2.PlaceUnits(unit_ids=["59/19"], location="0301")))
    assert ok.legal
    assert not engine.validate(st, act("german", end_phase=END)).legal  # units still to place


def _set_up(st):  # type: ignore[no-untyped-def]
    """Place every choice placement on its first allowed hex (test helper)."""
    from adjudicator.rules.nordwind.board import Board
    from adjudicator.rules.nordwind.placement import allowed_hexes

    for side in ("german", "allied"):
        for p in st.scenario.nordwind.setup:
            if p.side != side:
                continue
            board = Board(st)
            hexes, _ = allowed_hexes(board, p)
            targets = [board.label(h) for h in hexes]
            for i, uid in enumerate(p.unit_ids):
                loc = targets[0] if p.mode == "one_of" else targets[i % len(targets)]
                st = play(st, act(side, place=action_pb2.PlaceUnits(unit_ids=[uid], location=loc))).state
        st = end(st, side).state
    return st


def test_10_1_3_reinforcements_arrive_and_withdrawals_happen() -> None:
    r = get_ruleset("nordwind-1945")
    s = r.load_scenario("nordwind-1945/historical")
    cells = tables_pb2.TableSet()  # SYNTHETIC counter values so the supply phases can decide ZoCs
    t = cells.tables.add(id="nordwind-1945/counters")
    for u in s.definition.units:
        t.cells.add(row=u.id, column="strength", value="2", source="SYNTHETIC")
        t.cells.add(row=u.id, column="size", value="III", source="SYNTHETIC")
    st, _ = engine.new_game(r, s, game_id="t", options={}, tables=cells, dice=dice_mod.ScriptedDice([]))
    st = _set_up(st)
    assert st.phase == "german-movement" and st.turn == 1
    assert unit_state(st, "11/6.SS").location == "1001"  # 10.1.3 turn 1
    st = end(st, "german").state
    st = end(st, "german").state
    assert unit_state(st, "CCA/12").location == "0106"  # Allied turn 1
    st.turn = 8
    st.phase, st.active_side = "allied-combat", "allied"
    st = end(st, "allied", [3]).state
    assert st.turn == 9
    st.turn, st.phase, st.active_side = 7, "allied-combat", "allied"
    st = end(st, "allied", [3]).state  # turn 8: 21.Pz and 25.PzG leave
    assert unit_state(st, "21Pz-1").status == unit_state(st, "21Pz-1").WITHDRAWN
    assert "10SS-1" in [u.unit_id for u in st.units if "arriving" in u.markers]
    assert not engine.validate(st, act("german", end_phase=END)).legal  # 10.SS must be placed first
    ok = engine.validate(st, act("german", place=action_pb2.PlaceUnits(unit_ids=["10SS-1"], location="2312")))
    assert ok.legal


def test_10_2_3_the_secret_option_is_hidden_from_the_allies() -> None:
    r = get_ruleset("nordwind-1945")
    s = r.load_scenario("nordwind-1945/hypothetical")
    st, _ = engine.new_game(r, s, game_id="t", options={}, tables=None, dice=dice_mod.ScriptedDice([]))
    assert (st.pending.kind, st.pending.side) == ("CHOOSE_SECRET_OPTION", "german")
    allied_view = r.view(st, "allied")
    assert not allied_view.pending.options
    assert st.pending.context["private"] == "true"  # its answer must not reach the Allied view
    applied = play(st, answer(st, ["2"]))
    assert applied.state.phase == "setup-german"
    assert r.view(applied.state, "allied").private_data == []
    assert r.view(applied.state, "german").private_data[0].values["secret_option"] == "2"
    secret = [e for e in applied.events if "option 2" in e.text]
    assert secret and all(list(e.visible_to) == ["german"] for e in secret)
    assert phases.secret_option(applied.state) == 2


def test_10_3_loss_ratio_victory_points() -> None:
    st = new_state([U("A", "allied", "0808", strength=2)])
    for g, a, row, vp in [(0, 0, "1/1", 0), (1, 4, "1/4", 4), (2, 5, "1/2", 2), (5, 6, "1/1", 0),
                          (7, 5, "3/2", -1), (9, 2, "4/1", -4), (3, 0, "4/1", -4), (1, 10, "1/4", 4)]:
        st.nordwind.steps_lost["german"], st.nordwind.steps_lost["allied"] = g, a
        assert phases.loss_ratio_vp(st) == (row, vp), (g, a)


def test_10_3_automatic_victory_needs_saverne_held_at_two_turn_ends() -> None:
    st = new_state([U("G", "german", "1510", strength=2), U("A", "allied", "0101", strength=2)])
    st.phase, st.active_side = "allied-combat", "allied"
    after = end(st, "allied", [3])
    assert any(e.kind == "VICTORY_NOT_CHECKED" for e in after.events)  # Saverne's hex is unknown
    supplied = action_pb2.Action(side="allied", end_phase=END)
    st2 = new_state([U("G", "german", "1510", strength=2), U("A", "allied", "0101", strength=2)],
                    tables=_saverne("1510"))
    st2.phase, st2.active_side = "allied-combat", "allied"
    st2 = play(st2, supplied, [3]).state
    assert not st2.finished and st2.nordwind.saverne_turns == [1]
    st2.phase, st2.active_side = "allied-combat", "allied"
    st2 = play(st2, supplied, [3]).state
    assert st2.finished and st2.result.winner == "german" and st2.result.level == "automatic"


def _saverne(hex_label: str) -> tables_pb2.TableSet:
    ts = tables_pb2.TableSet()  # SYNTHETIC: the town's hex is not in the text
    ts.tables.add(id="nordwind-1945/objectives").cells.add(row="Saverne", column="hex", value=hex_label)
    return ts


def test_10_3_the_last_turn_needs_the_objectives_then_gives_the_band() -> None:
    st = new_state([U("G", "german", "1510", strength=2), U("A", "allied", "0101", strength=2)], last_turn=1)
    st.phase, st.active_side = "allied-combat", "allied"
    v = engine.validate(st, act("allied", end_phase=END))  # validate runs the last turn's check too
    with pytest.raises(NeedsData) as e:
        end(st, "allied")
    assert {c.row for c in e.value.cells} >= {"Haguenau", "Saverne"}
    assert v.legal and {(c.row, c.column) for c in v.needs} == {(c.row, c.column) for c in e.value.cells}
    ts = tables_pb2.TableSet()  # SYNTHETIC town hexes
    t = ts.tables.add(id="nordwind-1945/objectives")
    for i, town in enumerate(["Haguenau", "Mundolsheim", "Phalsbourg", "Saverne", "Gambsheim", "Wingen", "Rahling",
                              "Ingwiller", "Hochfelden"]):
        t.cells.add(row=town, column="hex", value="1510" if town in ("Saverne", "Haguenau") else f"{10 + i}15")
    st = new_state([U("G", "german", "1510", strength=2), U("A", "allied", "0101", strength=2)], last_turn=1,
                   tables=ts)
    st.phase, st.active_side = "allied-combat", "allied"
    st = end(st, "allied").state
    assert st.finished and st.result.winner == "german" and st.result.level == "tactical"  # 2 + 2 + 0 = 4 VP
    assert "Saverne +2" in st.result.reason and st.result.citation.rule_case == "10.3"


def test_10_1_the_historical_game_starts_without_counter_data_and_asks_only_what_matters() -> None:
    r = get_ruleset("nordwind-1945")
    st, _ = engine.new_game(r, r.load_scenario("nordwind-1945/historical"), game_id="t", options={}, tables=None,
                            dice=dice_mod.ScriptedDice([]))
    st = _set_up(st)  # the turn-1 supply phase runs: no unknown strength changes any line of supply
    assert (st.phase, st.turn, st.nordwind.weather) == ("german-movement", 1, "overcast")
    with pytest.raises(NeedsData) as e:
        r.reach(st, "59/19")
    needed = {(c.row, c.column) for c in e.value.cells}
    assert needed and all(col == "strength" for _, col in needed)  # only lone Allied units near 59/19
    board_units = {u.unit_id for u in st.units if u.side == "allied"}
    assert {row for row, _ in needed} < board_units


def test_10_1_3_an_x_or_y_group_enters_in_one_hex_even_after_part_of_it_moved_on() -> None:
    """10.1.3 "10.SS (4): 2312 or 2314": the whole group arrives in one of the two
    hexes. The units placed first may move on at once; the rest still enter
    where the group entered (it used to compare with where the first units had
    moved to, so no hex was left for the rest and the phase could never end)."""
    from adjudicator.rules.nordwind.cite import NW
    from umpire.v1 import nordwind_pb2

    st = new_state([U("A", "german", ""), U("B", "german", ""), U("Z", "allied", "0101", strength=2)],
                   phase="german-movement")
    st.scenario.nordwind.arrivals.add(turn=1, placement=nordwind_pb2.NordwindPlacement(
        unit_ids=["A", "B"], mode="one_of", side="german", hexes=["2312", "2314"], formation="SYNTHETIC group",
        printed="2312 or 2314", citation=NW.cite("10.1.3")))
    st.nordwind.arrivals_done.append(0)
    for uid in ("A", "B"):
        unit_state(st, uid).markers.append("arriving")
    st = play(st, act("german", place=action_pb2.PlaceUnits(unit_ids=["A"], location="2312"))).state
    st = play(st, move("german", ["A"], ["2412"])).state
    assert not engine.validate(st, act("german", place=action_pb2.PlaceUnits(unit_ids=["B"], location="2314"))).legal
    assert engine.validate(st, act("german", place=action_pb2.PlaceUnits(unit_ids=["B"], location="2312"))).legal
    st = play(st, act("german", place=action_pb2.PlaceUnits(unit_ids=["B"], location="2312"))).state
    assert unit_state(st, "B").location == "2312" and engine.validate(st, act("german", end_phase=END)).legal
