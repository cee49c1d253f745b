"""Movement (5.0-5.7), zones of control in movement (6.1-6.3), Turn 1 and Metz
restrictions (17), US bridges (21), reinforcements (14), mud (20.2.2), supply
effects on the MA (11.3.3, 11.4.2) and stacking at the end of the Movement
Phase (7.1). ILLUSTRATIVE map; SYNTHETIC TEC (clear 1, woods 2, hilltop 3/2,
river +2 for non-mechanized units)."""

from __future__ import annotations

import pytest

from adjudicator.core import engine
from adjudicator.core.errors import NeedsData
from adjudicator.rules.pattons.moves import movement_allowance
from tests.rules.pattons.helpers import (
    RS, answer, apply, at, codes, end, model, move, new_game, synthetic_tables, terrain, unit, with_cell,
)
from umpire.v1 import tables_pb2

US_INF, GER_INF = "134/35/12", "126/48/13"


def mv(st, uid, path, mode=""):  # type: ignore[no-untyped-def]
    return engine.validate(st, move(st.active_side, [uid], path, mode))


def test_terrain_of_the_area_used() -> None:
    st = new_game()
    assert [terrain(st, x) for x in ("0401", "0402", "0403", "0502", "0503", "0304")] == ["clear"] * 6


def test_5_2_1_a_unit_never_enters_an_enemy_occupied_hex() -> None:
    st = at({US_INF: "0402", GER_INF: "0403"}, phase="us-movement")
    v = mv(st, US_INF, ["0403"])
    assert codes(v) == ["ENEMY_OCCUPIED"] and v.violations[0].citation.rule_case == "5.2.1"


def test_6_3_1_a_unit_stops_on_entering_an_ezoc() -> None:
    st = at({US_INF: "0402", GER_INF: "0404"}, phase="us-movement")
    assert mv(st, US_INF, ["0403"]).legal
    v = mv(st, US_INF, ["0403", "0503"])
    assert codes(v) == ["STOPPED"] and v.violations[0].citation.rule_case == "5.2.2.A"


def test_6_3_2_c_leaving_an_ezoc_costs_half_the_ma_plus_the_hex_entered() -> None:
    st = at({US_INF: "0403", GER_INF: "0404"}, phase="us-movement")
    v = mv(st, US_INF, ["0402", "0401"])
    assert v.legal, v.violations
    assert [s.cost for s in v.path] == [4, 1] and v.mp_total == 5  # 6 // 2 + clear 1, then clear 1
    isolated = at({US_INF: "0403", GER_INF: "0404"}, phase="us-movement", markers={US_INF: ["isolated"]})
    assert mv(isolated, US_INF, ["0402"]).path[0].cost == 2  # 11.4.2.D: MA 3, exit 3 // 2 = 1 (+1)


def test_5_2_2_c_after_leaving_an_ezoc_no_other_ezoc_may_be_entered_that_phase() -> None:
    st = at({US_INF: "0403", GER_INF: "0404", "127/48/13": "0601"}, phase="us-movement")
    v = mv(st, US_INF, ["0402", "0502"])  # 0502 is next to 0601
    assert codes(v) == ["EZOC_AFTER_EXIT"] and v.violations[0].citation.rule_case == "5.2.2.C"


def test_6_3_2_b_no_move_directly_from_one_ezoc_hex_to_another() -> None:
    st = at({US_INF: "0403", GER_INF: "0404"}, phase="us-movement")
    v = mv(st, US_INF, ["0304"])
    assert codes(v) == ["ZOC_TO_ZOC"] and v.violations[0].citation.rule_case == "6.3.2.B"


def test_6_1_battalions_artillery_and_cadres_exert_no_zoc() -> None:
    for uid, markers in (("1/82", []), ("405/13", []), (GER_INF, ["cadre", "tried"])):
        st = at({US_INF: "0402", uid: "0404"}, phase="us-movement", markers={uid: markers})
        assert mv(st, US_INF, ["0403", "0503"]).legal, uid  # 6.3.3: moves freely next to them


def test_6_3_4_friendly_units_do_not_negate_ezoc_for_movement() -> None:
    st = at({US_INF: "0402", "137/35/12": "0403", GER_INF: "0404"}, phase="us-movement")
    assert codes(mv(st, US_INF, ["0403", "0503"])) == ["STOPPED"]


def test_5_2_5_a_non_mechanized_unit_may_always_move_one_hex_a_mechanized_one_may_not() -> None:
    ts = with_cell(synthetic_tables(), "pattons-3rd-army/terrain", "clear", "non-mechanized", "9")
    ts = with_cell(ts, "pattons-3rd-army/terrain", "clear", "mechanized", "20")
    st = at({US_INF: "0402", "CCA/4": "0502"}, phase="us-movement", tables=ts)
    v = mv(st, US_INF, ["0403"])
    assert v.legal and any(n.citation.rule_case == "5.2.5" for n in v.notes)
    assert codes(mv(st, US_INF, ["0403", "0404"])) == ["OVER_ALLOWANCE"]  # one hex only
    assert codes(mv(st, "CCA/4", ["0503"])) == ["OVER_ALLOWANCE"]


def test_5_6_mechanized_units_cross_river_hexsides_only_by_road() -> None:
    st = at({"110/11": "0816", "111/11": "0817"}, phase="german-movement", turn=6)
    g = model(st)
    assert "river" in g.hm.side_of(g.hex("0816"), g.hex("0716"))
    e = g.hex("0817") * 6 + (g.hm.direction(g.hex("0817"), g.hex("0717")) or 0)
    assert "river" in g.hm.side_features[e] and g.hm.roads[e]  # a road crosses here: a bridge
    v = mv(st, "110/11", ["0716"])
    assert codes(v) == ["RIVER_MECHANIZED"] and v.violations[0].citation.rule_case == "5.6"
    over = mv(st, "111/11", ["0717"])
    assert over.legal and over.path[0].cost == 1


def test_21_0_a_us_mechanized_unit_beside_a_river_may_spend_its_whole_ma_to_cross() -> None:
    st = at({"CCB/4": "0716"}, phase="us-movement", turn=6)
    v = mv(st, "CCB/4", ["0816"])
    assert v.legal, v.violations
    assert v.mp_total == 12 and any(n.citation.rule_case == "21.0" for s in v.path for n in s.notes)
    assert codes(mv(st, "CCB/4", ["0816", "0916"])) == ["OVER_ALLOWANCE"]
    # Not in an EZOC at the start, and not into one (21.0.A-B); German mechanized units have no bridges.
    into = at({"CCB/4": "0716", GER_INF: "0916"}, phase="us-movement", turn=6)  # 0816 is in its ZOC
    assert codes(mv(into, "CCB/4", ["0816"])) == ["RIVER_MECHANIZED"]
    out_of = at({"CCB/4": "0716", GER_INF: "0616"}, phase="us-movement", turn=6)  # 0716 is in its ZOC
    assert codes(mv(out_of, "CCB/4", ["0816"])) == ["RIVER_MECHANIZED"]
    st3 = at({"110/11": "0816"}, phase="german-movement", turn=6)
    assert codes(mv(st3, "110/11", ["0716"])) == ["RIVER_MECHANIZED"]


def test_5_6_a_non_mechanized_unit_pays_the_river_hexside() -> None:
    st = at({US_INF: "0716"}, phase="us-movement", turn=6)
    v = mv(st, US_INF, ["0816"])
    assert v.legal and v.path[0].cost == 3  # clear 1 + river 2 (SYNTHETIC)


def test_unknown_tec_costs_are_asked_for_never_guessed() -> None:
    shipped = tables_pb2.TableSet()
    st = at({US_INF: "0402"}, phase="us-movement", turn=6, tables=shipped)
    with pytest.raises(NeedsData) as e:
        mv(st, US_INF, ["0403"])
    c = e.value.cells[0]
    assert (c.table_id, c.column, c.row) == ("pattons-3rd-army/terrain", "non-mechanized", "clear")
    road = at({US_INF: "0117"}, phase="us-movement", turn=6, tables=shipped)
    v = mv(road, US_INF, ["0217", "0317"])  # 5.4.3 is in the text: roads need no TEC cell
    assert v.legal and v.mp_total == 2


def test_a_unit_moves_once_per_movement_phase() -> None:
    st = at({US_INF: "0402"}, phase="us-movement")
    st = apply(st, move("us", [US_INF], ["0401"])).state
    assert codes(mv(st, US_INF, ["0402"])) == ["ALREADY_MOVED"]
    assert "moved-tactical" in unit(st, US_INF).markers


def test_17_1_and_17_2_1_the_armored_divisions_and_11th_panzer_do_not_move_on_turn_1() -> None:
    st = at({"CCA/4": "0402"}, phase="us-movement", turn=1)
    assert codes(mv(st, "CCA/4", ["0401"])) == ["NO_MOVE_TURN_1"]
    st = at({"110/11": "0402"}, phase="german-movement", turn=1)
    assert mv(st, "110/11", ["0401"]).violations[0].citation.rule_case == "17.2.1"
    assert mv(at({"CCA/4": "0402"}, phase="us-movement", turn=2), "CCA/4", ["0401"]).legal


def test_17_2_3_82nd_corps_moves_on_turn_1_only_if_attacked_in_the_us_combat_phase() -> None:
    st = at({"59/19/82": "0402"}, phase="german-movement", turn=1)
    assert mv(st, "59/19/82", ["0401"]).violations[0].citation.rule_case == "17.2.3"
    st = at({"59/19/82": "0402"}, phase="german-movement", turn=1, markers={"59/19/82": ["defended"]})
    assert mv(st, "59/19/82", ["0401"]).legal


def test_17_2_2_the_metz_garrison_never_leaves_metz_and_its_entrenchments_except_by_combat() -> None:
    st = at({"1010M": "0917"}, phase="german-movement")
    assert mv(st, "1010M", ["0816"]).legal  # a ring entrenchment
    v = mv(st, "1010M", ["0816", "0716"])
    assert codes(v) == ["METZ_GARRISON"] and v.violations[0].citation.rule_case == "17.2.2"
    free = at({"1010M": "0816"}, phase="german-movement", markers={"1010M": ["metz-free"]})
    assert mv(free, "1010M", ["0716"]).legal


def test_11_3_3_and_11_4_2_supply_reduces_the_ma_of_tanks_mech_infantry_and_recon_only() -> None:
    cases = {("CCB/4", "oos"): 6, ("CCB/4", "isolated"): 3, (US_INF, "oos"): 6, (US_INF, "isolated"): 3,
             ("696/12", "oos"): 12, ("696/12", "isolated"): 6}  # SP artillery: the text's list omits it
    for (uid, m), ma in cases.items():
        g = model(at({uid: "0402"}, phase="us-movement", markers={uid: [m]}))
        assert movement_allowance(g, uid) == ma, (uid, m)
    g = model(at({"696/12": "0402"}, phase="us-movement", markers={"696/12": ["oos"]},
                 options={"p3.amb23-sp-artillery": "mechanized"}))
    assert movement_allowance(g, "696/12") == 6


def test_20_2_2_mud_costs_mechanized_4_in_clear_and_foot_2_in_woods_and_streams_become_rivers() -> None:
    st = at({"CCB/4": "0402", US_INF: "0205"}, phase="us-movement", mud=True)
    assert terrain(st, "0206") == "woods"
    assert mv(st, "CCB/4", ["0403"]).path[0].cost == 4
    assert mv(st, US_INF, ["0206"]).path[0].cost == 2
    g = model(st)
    assert "stream" in g.hm.side_of(g.hex("0921"), g.hex("0922"))
    st2 = at({"110/11": "0921"}, phase="german-movement", mud=True)
    assert codes(mv(st2, "110/11", ["0922"])) == ["RIVER_MECHANIZED"]
    st3 = at({"110/11": "0921"}, phase="german-movement")
    assert mv(st3, "110/11", ["0922"]).path[0].cost == 2  # clear 1 + stream 1 (SYNTHETIC)


def test_7_1_1_c_the_owner_eliminates_the_excess_at_the_end_of_the_movement_phase() -> None:
    st = at({"134/35/12": "0402", "137/35/12": "0402", "320/35/12": "0402", "602/12": "0402"},
            phase="us-movement")
    after = apply(st, end("us")).state
    assert after.pending.kind == "ELIMINATE_OVERSTACKED" and after.pending.min_choices == 1
    assert not engine.validate(after, answer(after, "134/35/12", "137/35/12")).legal
    done = apply(after, answer(after, "602/12")).state
    assert unit(done, "602/12").status == 2 and done.phase == "us-combat"


def test_14_reinforcements_enter_at_their_hex_and_queued_units_pay_the_hypothetical_hexes() -> None:
    sc_state = new_game()
    st = at({US_INF: "1020"}, phase="us-movement", turn=3)
    del st.scenario.pattons.arrivals[:]
    st.scenario.pattons.arrivals.add(turn=3, unit_ids=["101/26/12", "104/26/12"], entry_hex="0124")
    assert terrain(st, "0124") == "clear" and sc_state.turn == 1
    v1 = mv(st, "101/26/12", ["0124", "0224"])
    assert v1.legal and [s.cost for s in v1.path] == [1, 1]
    st = apply(st, move("us", ["101/26/12"], ["0124"])).state
    assert st.pattons.entered["0124"] == 1 and "arrived:3" in unit(st, "101/26/12").markers
    v2 = mv(st, "104/26/12", ["0124", "0224"])
    assert v2.legal and v2.path[0].cost == 2  # 14.1.1.B: one hypothetical hex behind the first
    early = at({US_INF: "1020"}, phase="us-movement", turn=2)
    early.scenario.pattons.arrivals.add(turn=3, unit_ids=["328/26/12"], entry_hex="0124")
    assert codes(mv(early, "328/26/12", ["0124"])) == ["NOT_AVAILABLE"]


def test_14_2_1_a_blocked_entry_hex_lets_reinforcements_enter_within_three_hexes() -> None:
    st = at({GER_INF: "0224"}, phase="us-movement", turn=3)
    st.scenario.pattons.arrivals.add(turn=3, unit_ids=["101/26/12"], entry_hex="0124")
    assert codes(mv(st, "101/26/12", ["0124"])) == ["ENTRY_HEX"]  # in the German ZOC
    assert mv(st, "101/26/12", ["0127"]).legal  # three hexes away, not enemy-controlled
    assert RS.reach(st, "101/26/12")


def test_reach_of_a_reinforcement_starts_with_its_entry_hex_and_its_queue_cost() -> None:
    st = at({US_INF: "1020"}, phase="us-movement", turn=3)
    st.scenario.pattons.arrivals.add(turn=3, unit_ids=["101/26/12", "104/26/12"], entry_hex="0124")
    st.pattons.entered["0124"] = 1
    locs = RS.reach(st, "104/26/12")
    assert (locs[0].location, locs[0].cost, list(locs[0].path)) == ("0124", 2, ["0124"])
    assert all(x.path[0] == "0124" and x.cost >= 2 for x in locs)
    step = next(x for x in locs if x.location == "0224")
    assert step.cost == 3 and engine.validate(st, move("us", ["104/26/12"], list(step.path))).mp_total == 3
