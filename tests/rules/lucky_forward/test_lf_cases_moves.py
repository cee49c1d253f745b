"""Further cases of the sequence of play, movement, modes and stacking, one
test each (the topical files hold the worked examples). SYNTHETIC units;
terrain costs the text lacks are SYNTHETIC (helpers.synthetic_tables)."""

from __future__ import annotations

from adjudicator.core import dice as dice_mod
from adjudicator.rules.lucky_forward import ena, fuel, ga_shifts, sop, sop_auto, stacking
from adjudicator.rules.lucky_forward.allowance import allowance
from tests.rules.lucky_forward.helpers import (
    Scen,
    act,
    cases,
    codes,
    edit,
    end,
    hex_map,
    jump,
    lfa,
    model,
    move,
    new,
    synthetic_tables,
    verdict,
)
from umpire.v1 import lucky_forward_pb2 as lf

EXPLOIT, TAC = lf.LF_MODE_EXPLOIT, lf.LF_MODE_TACTICAL


def _at(s: Scen, owner: str, phase: str, segment: str = "", **kw: object):  # type: ignore[no-untyped-def]
    return jump(new(s, tables=synthetic_tables()), owner, phase, segment, **kw)  # type: ignore[arg-type]


def test_3_3_5_at_night_a_side_exploits_in_one_of_its_two_exploit_phases() -> None:
    s = Scen()
    s.unit("ex", "allied", "1305", cls="mech", ma=12, status={"mode": "exploit"})
    st = _at(s, "allied", "active-exploit", time="night")
    st = act(st, move("allied", ["ex"], ["1405"])).state
    m = model(st)
    assert m.lf.night_exploit.used["allied"] == "active"
    later = next(x for x in sop.program(m) if x.turn == "axis" and x.phase == "inactive-exploit")
    m2 = edit(jump(st, "axis", "inactive-exploit", time="night", hook=False))
    m2.lf.night_exploit.used["allied"] = "active"
    assert ena.skip_when_unused(m2, later)  # the Allies' other Exploit Phase passes


def test_3_5_4_moving_more_than_half_its_ma_in_the_rest_gt_is_a_fatigue_hit_3_5_4a_mr_bonus_exempt() -> None:
    s = Scen()
    s.unit("x1", "axis", "2105", ma=6)
    s.unit("x2", "axis", "2104", ma=6, status={"mr_bonus_until": 5})
    st = new(s, tables=synthetic_tables())  # the AM Rest GT Designation Segment
    st = act(st, lfa("axis", designate_rest=lf.LfDesignateRest(group="all", time="AM"))).state
    st = jump(st, "axis", "movement", "movement")
    st = act(st, move("axis", ["x1"], ["2005", "1905", "1805", "1705"])).state  # 4 MP of 6
    st = act(st, move("axis", ["x2"], ["2004", "1904", "1804", "1704"])).state
    m = model(st)
    assert (m.units["x1"].st.fatigue, m.units["x2"].st.fatigue) == (1, 0)


def test_16_4_5a_the_fuel_value_is_rolled_for_low_and_no_fuel_hqs() -> None:
    s = Scen()
    s.sc.lucky_forward.hq_status.add(unit_id="a-div", fuel="low")
    m = edit(new(s, tables=synthetic_tables()))
    step = next(x for x in sop.program(m) if x.phase == "fuel-value")
    fuel.fuel_value(m, dice_mod.ScriptedDice([4]), step)
    assert m.hq_status["a-div"].fuel_value == 6  # SYNTHETIC Fuel Level Table cell
    assert m.state.pending.kind == "FUEL_OPTION" and m.state.pending.side == "allied"


def test_7_11_3_constricted_terrain_costs() -> None:
    """+1 MP to enter and to leave for Leg units off roads; a Mech unit spends
    its whole MA; Mech road movement avoids the penalty (7.11.2)."""
    s = Scen(hex_map(features={"1505": ["constricted"]}, roads=[("1504", "1505", "primary")]))
    s.unit("leg", "allied", "1405", ma=6)
    s.unit("mech", "allied", "1406", cls="mech", ma=12)
    s.unit("road", "allied", "1504", cls="mech", ma=12)
    st = _at(s, "allied", "movement", "movement")
    assert verdict(st, move("allied", ["leg"], ["1505"])).path[0].cost == 2  # SYNTHETIC clear 1 + 1
    assert "CONSTRICTED" in codes(verdict(st, move("allied", ["mech"], ["1505", "1605"])))
    v = verdict(st, move("allied", ["mech"], ["1505"]))
    assert v.legal and v.mp_total == 12
    assert verdict(st, move("allied", ["road"], ["1505"], "road")).mp_total == 0.5


def test_7_9_1a_a_mech_unit_pays_two_more_to_enter_its_own_ft_area() -> None:
    s = Scen(hex_map(features={"1905": ["west-wall"]}))
    s.unit("pz", "axis", "2005", cls="mech", ma=12)
    st = _at(s, "axis", "movement", "movement")
    v = verdict(st, move("axis", ["pz"], ["1905"]))
    assert v.path[0].cost == 3 and "7.9.1a" in {n.citation.rule_case for n in v.path[0].notes}


def test_7_11_0_mech_units_cross_rivers_only_at_fords_or_bridges() -> None:
    s = Scen(hex_map(sides=[("1405", "1505", ["river"]), ("1406", "1506", ["river", "ford"])]))
    s.unit("m", "allied", "1405", cls="mech", ma=12)
    s.unit("f", "allied", "1406", cls="mech", ma=12)
    st = _at(s, "allied", "movement", "movement")
    assert "HEXSIDE" in codes(verdict(st, move("allied", ["m"], ["1505"])))
    assert verdict(st, move("allied", ["f"], ["1506"])).legal  # SYNTHETIC ford cost


def test_4_3_3_a_static_unit_moves_only_transported() -> None:
    s = Scen()
    s.unit("st", "allied", "1405", cls="static")
    v = verdict(_at(s, "allied", "movement", "movement"), move("allied", ["st"], ["1505"]))
    assert "MAY_NOT_MOVE" in codes(v) and "4.3.3" in cases(v)


def test_19_4_4_freeze_and_lf_19_4_3b_deep_mud() -> None:
    s = Scen()
    s.unit("m", "allied", "1505", cls="mech", ma=12)
    s.unit("leg", "allied", "1504", ma=6)
    m = edit(new(s))
    m.lf.weather.ground = "freeze"
    assert allowance(m, m.units["m"], mech_road=True, road_only_ps=True).ma == 11  # Mech road movement -1
    m.lf.weather.ground = "deep-mud"
    assert allowance(m, m.units["leg"]).ma == 2  # one third off roads
    assert allowance(m, m.units["leg"], road_only_ps=True).ma == 3  # half on primary/secondary roads


def test_6_2_3_a_us_m5_co_stacks_free_with_an_arm_cav_bn() -> None:
    s = Scen()
    s.unit("cav", "allied", "1505", types=["cavalry", "recon"], cls="mech")
    s.unit("m5", "allied", "1505", size="co", steps=1, types=["m5", "afv"], cls="mech", armor="pure")
    m = model(new(s))
    assert stacking.special_stacks(m, [m.units["cav"], m.units["m5"]], False) == {"m5": "cav"}


def test_6_5_0_hqs_and_ib_art_do_not_count_for_mech_road_stacking_5_7_0() -> None:
    s = Scen()
    s.hq("hq2", "allied", "1505", lf.LF_HQ_DIVISION, parent="a-corps")
    s.unit("spa", "allied", "1505", types=["artillery"], cls="mech", self_propelled=True, barrage=4, range=6,
           steps=1)
    s.unit("m", "allied", "1505", cls="mech")
    m = model(new(s))
    assert stacking.mech_count(m, m.hex_id("1505"), "allied") == 1


def test_5_3_1_a_recon_unit_in_exploit_stacked_with_others_leaves_exploit_6_6_0() -> None:
    s = Scen()
    s.unit("rcn", "allied", "1405", types=["recon"], cls="mech", ma=12, status={"mode": "exploit"})
    s.unit("inf", "allied", "1505")
    st = _at(s, "allied", "active-exploit")
    st = act(st, move("allied", ["rcn"], ["1505"])).state
    st = act(st, end("allied")).state
    assert model(st).units["rcn"].st.mode == TAC


def test_5_3_2_an_oos_unit_leaves_exploit_in_the_administrative_phase() -> None:
    s = Scen()
    s.unit("ex", "allied", "1405", cls="mech", status={"mode": "exploit", "supply": 2})
    m = edit(new(s))
    m.lf.phasing = "allied"
    sop_auto.administrative(m, dice_mod.ScriptedDice([]), sop.current(m))
    assert m.units["ex"].st.mode == TAC


def test_5_4_4b_all_attackers_in_an_mr_bonus_period_get_a_shift() -> None:
    s = Scen()
    s.unit("a", "allied", "1505", status={"mode": "pa", "mr_bonus_until": 6})
    s.unit("x", "axis", "1605")
    m = model(new(s))
    cl = ga_shifts.claims(m, m.hex_id("1605"), [m.units["a"]], [m.units["x"]], lead_pr="a", att_leader="",
                          def_leader="")
    assert any(c.case == "5.4.4b" and c.columns == 1 for c in cl)


def test_5_4_4d_bonus_units_take_no_ena_fatigue_5_4_4c_nor_the_gens_movement_limit() -> None:
    s = Scen()
    s.unit("b", "allied", "1405", status={"mr_bonus_until": 6, "ena_fatigue_due": 2, "supply": 2})
    s.unit("x", "axis", "1605")
    m = edit(new(s, tables=synthetic_tables()))
    ena.mutual_fatigue(m, dice_mod.ScriptedDice([]), sop.current(m))
    assert m.units["b"].st.fatigue == 0
    st = _at(s, "allied", "movement", "movement")
    assert verdict(st, move("allied", ["b"], ["1505"])).legal  # OoS, but in an MR bonus period


def test_16_4_5b_option_2_the_owner_chooses_up_to_half_the_fuel_value_with_ten_or_fewer_units() -> None:
    """16.4.5b 2 a: with ten or fewer Mech units the HQ gives full MA to half its
    fuel value (rounded up): fuel 6 -> 3 units; a Co. counts half (c-d)."""
    s = Scen()
    for i in range(4):
        s.unit(f"m{i}", "allied", "1405", cls="mech")
    s.unit("co", "allied", "1404", size="co", steps=2, cls="mech")
    s.sc.lucky_forward.hq_status.add(unit_id="a-div", fuel="low")
    m = edit(new(s, tables=synthetic_tables()))
    step = next(x for x in sop.program(m) if x.phase == "fuel-value")
    fuel.fuel_value(m, dice_mod.ScriptedDice([4]), step)  # SYNTHETIC fuel value 6
    assert fuel.mech_count(m, "a-div") == 4 and fuel.full_ma_limit(m, "a-div") == 3
    from tests.rules.lucky_forward.helpers import answer

    st = act(m.state, answer(m.state, "2")).state
    assert st.pending.kind == "FUEL_UNITS" and st.pending.max_choices == 3
    assert not verdict(st, answer(st, "m0", "m1", "m2", "m3")).legal
    st = act(st, answer(st, "m0", "m1")).state
    assert list(model(st).hq_status["a-div"].full_ma_units) == ["m0", "m1"]
