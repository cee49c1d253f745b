"""The rulebook's worked examples, played on the illustrative map."""

from __future__ import annotations

from fractions import Fraction

import pytest

from adjudicator.core import dice as dice_mod
from adjudicator.core import engine
from adjudicator.core.errors import IllegalAction
from tests.rules.nordwind.examples import (
    U,
    answer,
    attack,
    combat_example_one,
    infiltration_example,
    movement_example,
    move,
    new_state,
    play,
    unit_state,
)
from umpire.v1 import action_pb2, nordwind_pb2

PATH_3_2 = ["1008", "1109", "1209", "1309", "1409", "1510"]


def test_3_2_movement_example_costs_4_5_mp() -> None:
    st = new_state(movement_example(), phase="allied-movement")
    v = engine.validate(st, move("allied", ["CCA/12"], PATH_3_2))
    assert v.legal
    assert v.mp_total == 4.5 and v.mp_remaining == 7.5
    assert [(p.location, p.cost) for p in v.path] == [
        ("1008", 1.5), ("1109", 0.5), ("1209", 1.0), ("1309", 0.5), ("1409", 0.5), ("1510", 0.5)]
    cases = {n.citation.rule_case for p in v.path for n in p.notes}
    assert {"4.2", "3.2"} <= cases
    assert any("road rate does not apply" in n.text for n in v.path[2].notes)  # the armored unit in 1209
    after = play(st, move("allied", ["CCA/12"], PATH_3_2)).state
    cca = unit_state(after, "CCA/12")
    assert cca.location == "1510" and cca.mp_spent == 4.5 and "moved" in cca.markers


def test_3_2_infantry_in_the_hex_does_not_cost_the_road_but_armor_does() -> None:
    cast = movement_example()
    cast[1].hex = "2201"  # the other armored unit elsewhere: 1209 is on the road again
    st = new_state(cast, phase="allied-movement")
    assert engine.validate(st, move("allied", ["CCA/12"], PATH_3_2)).mp_total == 4.0


def test_3_1_the_allowance_is_12_for_armor() -> None:
    st = new_state(movement_example(), phase="allied-movement")
    long = PATH_3_2 + ["1610", "1711", "1811", "1912", "2012", "2113", "2213", "2314", "2414"]
    v = engine.validate(st, move("allied", ["CCA/12"], long))
    assert not v.legal and v.violations[0].code == "NOT_ENOUGH_MP" and v.violations[0].citation.rule_case == "3.1"


def test_4_4_infiltration_costs_7_mp() -> None:
    st = new_state(infiltration_example(), phase="german-movement")
    v = engine.validate(st, move("german", ["12/6.SS"], ["1308", "1408"]))
    assert v.legal and v.mp_total == 7.0 and v.mp_remaining == 1.0
    assert [p.cost for p in v.path] == [2.0, 5.0]
    assert any(n.citation.rule_case == "4.4" for n in v.path[1].notes)


def test_4_4_other_units_cannot_go_from_zoc_to_zoc() -> None:
    st = new_state(infiltration_example("506/6.SS", ()), phase="german-movement")
    v = engine.validate(st, move("german", ["506/6.SS"], ["1308", "1408"]))
    assert not v.legal
    assert (v.violations[0].code, v.violations[0].citation.rule_case) == ("ZOC_TO_ZOC", "4.2")


def test_4_2_entering_an_enemy_zoc_stops_the_move() -> None:
    cast = [U("506/6.SS", "german", "1507"), U("45DI-2", "allied", "1307", strength=3)]
    st = new_state(cast, phase="german-movement")
    v = engine.validate(st, move("german", ["506/6.SS"], ["1407", "1408"]))  # 1407 is in the ZoC
    assert not v.legal and v.violations[0].code == "MUST_STOP_IN_ZOC"
    after = play(st, move("german", ["506/6.SS"], ["1407"])).state
    assert "stopped" in unit_state(after, "506/6.SS").markers
    v2 = engine.validate(after, move("german", ["506/6.SS"], ["1507"]))
    assert not v2.legal and v2.violations[0].code == "MUST_STOP_IN_ZOC"


def test_4_2_reach_and_validate_agree_after_a_unit_stopped_in_an_enemy_zoc() -> None:
    """4.2 "A unit which enters an enemy ZoC must stop its movement": once stopped
    it has nowhere left to go this phase, and `reach` says so (it used to list
    every hex its remaining MP could reach while validate refused them all).
    Both questions run on the kernel's one cost model (core/movement.py)."""
    from adjudicator.core.ruleset import get_ruleset

    rs = get_ruleset("nordwind-1945")
    cast = [U("506/6.SS", "german", "1507"), U("45DI-2", "allied", "1307", strength=3),
            U("12/6.SS", "german", "1510")]
    st = new_state(cast, phase="german-movement")
    before = rs.reach(st, "506/6.SS")
    assert "1407" in {r.location for r in before}
    after = play(st, move("german", ["506/6.SS"], ["1407"])).state  # 1 MP spent, 7 left, in 45DI-2's ZoC
    assert "stopped" in unit_state(after, "506/6.SS").markers
    assert rs.reach(after, "506/6.SS") == []
    for r in before:  # none of the hexes it could reach from 1507 is open from 1407 now
        assert not engine.validate(after, move("german", ["506/6.SS"], list(r.path))).legal
    for r in rs.reach(after, "12/6.SS"):  # another unit: everything reach offers, validate accepts
        assert engine.validate(after, move("german", ["12/6.SS"], list(r.path))).legal, r.location


def test_4_1_a_lone_strength_one_unit_has_no_zoc_outside_its_hex() -> None:
    cast = [U("506/6.SS", "german", "1507"), U("45DI-2", "allied", "1307", strength=1)]
    st = new_state(cast, phase="german-movement")
    assert engine.validate(st, move("german", ["506/6.SS"], ["1407", "1408"])).legal
    cast.append(U("45DI-3", "allied", "1307", strength=1))  # a stack of 2 exerts a ZoC
    st2 = new_state(cast, phase="german-movement")
    assert not engine.validate(st2, move("german", ["506/6.SS"], ["1407", "1408"])).legal


def test_3_2_bridge_cancels_the_river_cost_but_not_the_combat_penalty() -> None:
    cast = [U("79DI-1", "allied", "1912"), U("79DI-2", "allied", "1307")]
    st = new_state(cast, phase="allied-movement")
    over_bridge = engine.validate(st, move("allied", ["79DI-1"], ["2011"]))
    assert over_bridge.legal and over_bridge.mp_total == 1.0
    across_river = engine.validate(st, move("allied", ["79DI-2"], ["1308", "1408"]))
    assert across_river.legal and across_river.path[1].cost == 4.0  # clear 1 + river 3
    cast2 = [U("79DI-1", "allied", "1912", strength=4, quality="C"),
             U("257VG-1", "german", "2011", strength=4, quality="C")]
    st2 = new_state(cast2, phase="allied-combat")
    v = engine.validate(st2, attack("allied", "2011", ["79DI-1"]))
    terrain = [s for s in v.combat.shifts if s.kind == "terrain"]
    assert [s.columns for s in terrain] == [-1] and "bridge does not cancel" in terrain[0].reason


def _ferry_cast() -> list[U]:
    return [U("553VG-1", "german", "2114"), U("553VG-2", "german", "2114"),
            U("70DI-1", "allied", "1914", strength=2), U("70DI-2", "allied", "2112", strength=2)]


def _place_ferry(hex_label: str = "2114") -> action_pb2.Action:
    return action_pb2.Action(side="german", nordwind=nordwind_pb2.NordwindAction(
        place_ferry=nordwind_pb2.PlaceFerry(hex=hex_label)))


def test_3_3_no_crossing_of_the_rhine_without_the_ferry() -> None:
    st = new_state(_ferry_cast(), phase="german-movement")
    v = engine.validate(st, move("german", ["553VG-1"], ["2013"]))
    assert not v.legal and (v.violations[0].code, v.violations[0].citation.rule_case) == ("RHINE", "3.3")
    st.phase, st.active_side = "allied-movement", "allied"
    v = engine.validate(st, move("allied", ["70DI-1"], ["2013", "2114"]))
    assert not v.legal  # the Allies never cross the Rhine


def test_3_3_ferry_crossing_costs_3_mp_plus_the_terrain() -> None:
    st = new_state(_ferry_cast(), phase="german-movement")
    assert not engine.validate(st, _place_ferry("1008")).legal  # not on the Rhine
    st = play(st, _place_ferry()).state
    assert st.nordwind.ferry.hex == "2114"
    again = engine.validate(st, _place_ferry())
    assert not again.legal and again.violations[0].code == "ONE_FERRY"
    v = engine.validate(st, move("german", ["553VG-1"], ["2013"]))
    assert v.legal and v.mp_total == 4.0  # AMB-4: 3 MP for the ferry + 1 MP of clear terrain
    assert v.path[0].notes[0].citation.rule_case == "3.3"
    both = engine.validate(st, move("german", ["553VG-2"], ["2113"]))
    assert both.legal


def test_3_3_the_ferry_goes_on_the_german_bank_of_the_rhine() -> None:
    """3.3: the German player places the ferry "at the location he chooses for the
    crossing of his units"; the example puts it in 2114 and crosses into 2013 and
    2113. On the Allied bank (any hex touching the Rhine used to do) it could
    never be destroyed: the hexes "across from the ferry" would be the German's."""
    st = new_state(_ferry_cast(), phase="german-movement")
    allied_bank = engine.validate(st, _place_ferry("2113"))
    assert not allied_bank.legal
    assert (allied_bank.violations[0].code, allied_bank.violations[0].citation.rule_case) == ("NOT_GERMAN_BANK", "3.3")
    assert engine.validate(st, _place_ferry("2114")).legal
    # A map that does not say which bank a Rhine hex lies on: the ferry cannot be judged, and the verdict says how.
    unmarked = new_state(_ferry_cast(), phase="german-movement")
    for hx in unmarked.scenario.definition.map.hex.hexes:
        hx.banks.clear()
    v = engine.validate(unmarked, _place_ferry("2114"))
    assert not v.legal and v.violations[0].code == "RHINE_BANK_UNKNOWN" and "[banks.rhine]" in v.violations[0].message


def test_10_1_1_along_the_rhine_means_the_allied_bank() -> None:
    """10.1.1: "42 DI (3) (TF Linden): between 2211 and 1814 along the Rhine" —
    the Allies set up on their bank: 2013 and 2113, not 2114 across the river
    (it used to accept any hex touching the Rhine, German bank included)."""
    from adjudicator.core.ruleset import get_ruleset

    rs = get_ruleset("nordwind-1945")
    st, _ = engine.new_game(rs, rs.load_scenario("nordwind-1945/historical"), game_id="t", options={}, tables=None,
                            dice=dice_mod.ScriptedDice([]))
    st.phase, st.active_side = "setup-allied", "allied"  # the German set-up done (not needed here)
    place = lambda hx: action_pb2.Action(side="allied", place=action_pb2.PlaceUnits(  # noqa: E731
        unit_ids=["42DI-1"], location=hx))
    german_bank = engine.validate(st, place("2114"))
    assert not german_bank.legal and german_bank.violations[0].code == "PLACEMENT"
    assert "2114" not in german_bank.violations[0].message.split("allowed:")[1]
    assert engine.validate(st, place("2113")).legal and engine.validate(st, place("2013")).legal


def test_3_3_allied_units_in_every_hex_across_destroy_the_ferry() -> None:
    st = new_state(_ferry_cast(), phase="german-movement")
    st = play(st, _place_ferry()).state
    st.phase, st.active_side = "allied-movement", "allied"
    one = play(st, move("allied", ["70DI-1"], ["2013"]))
    assert not one.state.nordwind.ferry.destroyed  # 2113 is still free
    both = play(one.state, move("allied", ["70DI-2"], ["2113"]))
    assert both.state.nordwind.ferry.destroyed
    assert any(e.kind == "FERRY_DESTROYED" and e.citations[0].rule_case == "3.3" for e in both.events)
    both.state.phase, both.state.active_side = "german-movement", "german"
    v = engine.validate(both.state, move("german", ["553VG-1"], ["2013"]))
    assert not v.legal


def _example_one_attack() -> action_pb2.Action:
    return attack("german", "1006", ["21Pz-1", "21Pz-2", "21Pz-3", "653sPJ"], ["VolksW"])


def test_combat_example_1_end_to_end() -> None:
    st = new_state(combat_example_one(), phase="german-combat", weather="cloudy", air={"allied": 1, "german": 1})
    declared = play(st, _example_one_attack()).state
    assert declared.pending.kind == "DEFENDER_AIR" and declared.pending.side == "allied"
    resolved = play(declared, answer(declared, ["fly"]), [5, 3, 4])  # German quality 5, US quality 3, CRT 4
    c = resolved.state.nordwind.combat
    assert (c.base_column, c.net_shift, c.column, c.result) == ("2/1", 5, "7/1", "-/R2")
    assert (c.attacker_quality_shift, c.defender_quality_shift) == (1, -1)
    assert [r.value for r in resolved.rolls] == [5, 3, 4]
    st = resolved.state
    # The defender's choices: R then two requirements (losses first, then retreats); quality D keeps the R.
    assert (st.pending.kind, st.pending.side) == ("RESULT_ALLOCATION", "allied")
    assert [o.id for o in st.pending.options] == ["loss0-retreat3", "loss1-retreat2", "loss2-retreat1"]
    st = play(st, answer(st, ["loss1-retreat2"])).state
    assert st.pending.kind == "RETREAT"
    first = list(st.pending.options[0].path)
    assert all(o.citation.rule_case == "6.6.1" for o in st.pending.options)
    st = play(st, answer(st, [], [("CCB/12", first)])).state
    ccb = unit_state(st, "CCB/12")
    assert ccb.location == first[-1] and ccb.steps_lost == 1
    assert st.nordwind.steps_lost["allied"] == 1
    assert (st.pending.kind, st.pending.side, st.pending.context["max_hexes"]) == ("ADVANCE", "german", "2")
    adv = play(st, answer(st, ["advance"], [("21Pz-2", ["1006", first[0]])]))
    assert unit_state(adv.state, "21Pz-2").location == first[0]
    assert not adv.state.HasField("pending") and not adv.state.nordwind.HasField("combat")


def test_combat_example_1_shifts_and_probabilities_before_the_roll() -> None:
    st = new_state(combat_example_one(), phase="german-combat")  # overcast: no air missions
    v = engine.validate(st, _example_one_attack())
    assert v.legal
    c = v.combat
    assert (c.attack_strength, c.defense_strength, c.base_column) == (12, 6, "2/1")
    live = {(s.kind, s.columns) for s in c.shifts if not s.cancelled}
    assert live == {("division", 2), ("armored-bonus", 1), ("artillery", 1)}
    assert {(s.kind, s.columns) for s in c.shifts if s.cancelled} == {("infantry-armor", 1), ("infantry-armor", -1)}
    assert all(s.citation.rule_case == "6.2" for s in c.shifts)
    prob = {o.result: Fraction(o.probability).limit_denominator(1000) for o in c.outcomes}
    # 7/1 needs a quality net of +1 (8 of 36 pairs); die 4 there is -/R2 (Example 1).
    assert prob["-/R2"] == Fraction(8, 216)
    assert prob["unknown: Quality Table B row 6"] == Fraction(6, 36)
    assert prob["unknown: Quality Table D row 6"] == Fraction(5, 36)
    assert sum(o.probability for o in c.outcomes) == pytest.approx(1.0)
    needed = {(n.table_id, n.column, n.row) for n in v.needs}
    assert ("nordwind-1945/crt", "7/1", "3") in needed and ("nordwind-1945/quality", "B", "6") in needed


def test_unknown_strength_makes_the_odds_need_data_but_the_attack_stays_legal() -> None:
    cast = combat_example_one()
    cast[-1].strength = None
    st = new_state(cast, phase="german-combat")
    v = engine.validate(st, _example_one_attack())
    assert v.legal and not v.combat.base_column
    assert [(n.table_id, n.column, n.row) for n in v.needs] == [("nordwind-1945/counters", "strength", "CCB/12")]
    with pytest.raises(Exception) as e:
        play(st, _example_one_attack(), [1, 1, 1])
    assert "CCB/12" in str(e.value)


def test_a_retry_with_the_supplied_cell_gets_the_same_server_dice() -> None:
    """Server dice are HMAC(seed, game, index, purpose): an action refused for an
    unknown cell and retried with the cell supplied throws the very same dice."""
    from adjudicator.core import dice as dice_mod
    from adjudicator.core.errors import NeedsData

    st = new_state(combat_example_one(), phase="german-combat")
    action = _example_one_attack()
    for n in range(200):
        seed = bytes([n]) * 32

        def server(start: int, version: int, seed: bytes = seed) -> dice_mod.HmacDice:
            return dice_mod.HmacDice(seed, "test", start, version)

        try:
            engine.apply_action(st, action, server)
        except NeedsData as e:
            needed = e.cells[0]
            break
    else:
        pytest.fail("no seed led to an unknown cell")
    supplied = action_pb2.Action()
    supplied.CopyFrom(action)
    supplied.supplied_cells.add(table_id=needed.table_id, column=needed.column, row=needed.row,
                                value="-/1" if needed.table_id.endswith("crt") else "+1", note="SYNTHETIC value")
    try:
        done = engine.apply_action(st, supplied, server)
    except NeedsData as again:  # both quality dice landed on the unknown row: supply the other one too
        c = again.cells[0]
        supplied.supplied_cells.add(table_id=c.table_id, column=c.column, row=c.row,
                                    value="-/1" if c.table_id.endswith("crt") else "+1", note="SYNTHETIC value")
        done = engine.apply_action(st, supplied, server)
    expected = [dice_mod.roll_value(seed, "test", i, r.purpose, 6) for i, r in enumerate(done.rolls)]
    assert [r.value for r in done.rolls] == expected
    assert any(str(r.value) == needed.row for r in done.rolls)
    kept = {(c.row, c.column): c for t in done.state.scenario.definition.tables if t.id == needed.table_id
            for c in t.cells}
    assert kept[(needed.row, needed.column)].source.startswith("read off the printed chart")


def test_3_1_a_movement_mode_is_malformed_input() -> None:
    from adjudicator.core.errors import MalformedInput

    st = new_state(movement_example())
    first = movement_example()[0]
    a = move(first.side, [first.id], ["1109"])
    a.move.mode = "rail"
    with pytest.raises(MalformedInput, match="move.mode"):
        engine.validate(st, a)
