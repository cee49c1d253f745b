"""Movement (7.0) without terrain data beyond the SYNTHETIC test map: TC-30,
TC-27b's minimum movement, the adjacency costs of 7.8.0 (GOSS has no ZOC,
26.0), the halts of 7.7, 7.9.0, PA and Strat movement, the movement order of
7.5.2, eligibility. Terrain costs the text does not give are SYNTHETIC
(helpers.synthetic_tables) unless a test uses the text's own cells."""

from __future__ import annotations

from adjudicator.rules.lucky_forward import movement_reach
from tests.rules.lucky_forward.helpers import (
    Scen,
    act,
    cases,
    codes,
    d10,
    edit,
    hex_map,
    jump,
    model,
    move,
    new,
    synthetic_tables,
    verdict,
)
from umpire.v1 import state_pb2


def _moving(s: Scen, *, tables: bool = True, time: str | None = None, phase: str = "movement",
            segment: str = "movement", ground: str | None = None) -> state_pb2.GameState:
    st = new(s, tables=synthetic_tables() if tables else None)
    if ground:
        m = edit(st)
        m.lf.weather.ground = ground
        st = m.state
    return jump(st, "allied", phase, segment, time=time)


def test_tc30_7_5_2_leg_road_then_stream_and_forest_is_5_mp() -> None:
    """7.5.2 example: a Leg Inf Bn. enters 1707 and 1807 along a primary road
    (1 MP each), crosses a stream (+1) into forest 1906 (2): 5 MP (the text's
    own TEC cells: no SYNTHETIC value)."""
    gm = hex_map(terrain={"1906": "forest"}, roads=[("1706", "1707", "primary"), ("1707", "1807", "primary")],
                 sides=[("1807", "1906", ["stream"])])
    s = Scen(gm)
    s.unit("bn", "allied", "1706", ma=6)
    v = verdict(_moving(s, tables=False), move("allied", ["bn"], ["1707", "1807", "1906"]))
    assert v.legal and v.mp_total == 5
    assert [p.cost for p in v.path] == [1, 1, 3]


def test_tc30_7_5_2_leg_units_move_through_hexes_holding_strat_units() -> None:
    s = Scen(hex_map(roads=[("1505", "1605", "primary"), ("1605", "1705", "primary")]))
    s.unit("leg", "allied", "1505")
    s.unit("st", "allied", "1605", cls="mech", status={"mode": "strat"})
    assert verdict(_moving(s), move("allied", ["leg"], ["1605", "1705"])).legal


def test_tc27b_7_3_0_minimum_movement_one_forest_hex_whatever_its_cost() -> None:
    """A Mech unit with 3 MP (fuel 6 in mud) may enter a forest hex (4 MP)
    as its whole move, and no further."""
    s = Scen(hex_map(terrain={"1605": "forest", "1606": "forest"}))
    s.unit("m", "allied", "1505", cls="mech", ma=3)
    st = _moving(s)
    v = verdict(st, move("allied", ["m"], ["1605"]))
    assert v.legal and any("7.3.0" == n.citation.rule_case for n in v.notes)
    assert "OVER_ALLOWANCE" in codes(verdict(st, move("allied", ["m"], ["1605", "1606"])))


def test_7_8_0_entering_a_hex_next_to_an_enemy_costs_1_leg_2_mech() -> None:
    s = Scen()
    s.unit("leg", "allied", "1305")
    s.unit("mech", "allied", "1304", cls="mech", ma=12)
    s.unit("x", "axis", "1605")
    st = _moving(s)
    leg = verdict(st, move("allied", ["leg"], ["1405", "1505"]))
    mech = verdict(st, move("allied", ["mech"], ["1404", "1504"]))
    assert [p.cost for p in leg.path] == [1, 2]  # SYNTHETIC clear 1 + adjacency 1
    assert [p.cost for p in mech.path] == [1, 3]  # SYNTHETIC clear 1 + adjacency 2
    assert "7.8.0" in {n.citation.rule_case for p in mech.path for n in p.notes}


def test_7_8_0_exceptions_mct_in_exploit_and_a_commando_into_mct() -> None:
    s = Scen(hex_map(terrain={"1505": "woods"}))
    s.unit("cdo", "allied", "1405", types=["commando"])
    s.unit("x", "axis", "1605")
    v = verdict(_moving(s), move("allied", ["cdo"], ["1505"]))
    assert v.path[0].cost == 2  # SYNTHETIC woods 2, no adjacency MP (7.8.0 c)
    s2 = Scen(hex_map(terrain={"1505": "woods"}))
    s2.unit("ex", "allied", "1405", cls="mech", ma=12, status={"mode": "exploit"})
    s2.unit("x", "axis", "1605")
    st = _moving(s2, phase="active-exploit", segment="")
    v = verdict(st, move("allied", ["ex"], ["1505"]))
    assert v.legal and "7.8.0 a" in {n.citation.rule_case for n in v.path[0].notes}


def test_26_0_there_is_no_zoc_a_unit_moves_on_past_the_enemy() -> None:
    s = Scen()
    s.unit("leg", "allied", "1405", ma=8)
    s.unit("x", "axis", "1605")
    v = verdict(_moving(s), move("allied", ["leg"], ["1505", "1506", "1507"]))
    assert v.legal  # next to the enemy at 1505 and 1506, on to 1507: only MP


def test_7_7_3_a_unit_halts_next_to_enemy_units_in_an_et() -> None:
    s = Scen()
    s.unit("leg", "allied", "1405", ma=8)
    s.unit("x", "axis", "1605")
    s.work("1605", "ET-2")
    st = _moving(s)
    assert "HALTED" in codes(verdict(st, move("allied", ["leg"], ["1505", "1506"])))
    v = verdict(st, move("allied", ["leg"], ["1505"]))
    assert v.legal and "7.7.3" in {n.citation.rule_case for n in v.notes}


def test_7_7_2_next_to_a_heavy_at_unit_halts() -> None:
    s = Scen()
    s.unit("leg", "allied", "1405", ma=8)
    s.unit("pak", "axis", "1605", size="co", steps=1, types=["anti-tank"], red_hexagon=True)
    assert "HALTED" in codes(verdict(_moving(s), move("allied", ["leg"], ["1505", "1506"])))


def test_7_7_1_next_to_two_enemy_steps_within_range_of_red_hexagon_art_halts() -> None:
    s = Scen()
    s.unit("leg", "allied", "1405", ma=8)
    s.unit("x", "axis", "1605")
    s.unit("art", "axis", "1805", types=["artillery"], red_hexagon=True, barrage=6, range=4, steps=1)
    st = _moving(s)
    assert "HALTED" in codes(verdict(st, move("allied", ["leg"], ["1505", "1506"])))
    s2 = Scen()
    s2.unit("leg", "allied", "1405", ma=8)
    s2.unit("x", "axis", "1605")
    s2.unit("art", "axis", "2105", types=["artillery"], red_hexagon=True, barrage=6, range=2, steps=1)
    assert verdict(_moving(s2), move("allied", ["leg"], ["1505", "1506"])).legal  # out of range


def test_7_13_2_an_enemy_delay_marker_halts_the_move() -> None:
    s = Scen()
    s.unit("leg", "allied", "1405", ma=8)
    s.sc.lucky_forward.delays.add(id="d1", hex="1505", side="axis")
    assert "HALTED" in codes(verdict(_moving(s), move("allied", ["leg"], ["1505", "1605"])))


def test_7_9_0_not_from_one_hex_next_to_an_enemy_et3_to_another() -> None:
    s = Scen()
    s.unit("leg", "allied", "1504", ma=8)
    s.unit("x", "axis", "1605")
    s.work("1605", "ET-3")
    v = verdict(_moving(s), move("allied", ["leg"], ["1505"]))
    assert "STRONGPOINT" in codes(v) and "7.9.0" in cases(v)


def test_7_6_1f_night_costs_one_more_mp_a_hex_off_roads() -> None:
    s = Scen(hex_map(roads=[("1405", "1505", "primary")]))
    s.unit("leg", "allied", "1405", ma=8)
    st = _moving(s, time="night")
    assert verdict(st, move("allied", ["leg"], ["1505"])).path[0].cost == 1  # along a road: no night MP
    assert verdict(st, move("allied", ["leg"], ["1406"])).path[0].cost == 2  # SYNTHETIC clear 1 + night 1


def test_7_5_2_non_road_movement_then_no_more_mech_road_movement() -> None:
    s = Scen(hex_map(roads=[("1305", "1405", "primary")]))
    s.unit("leg", "allied", "1505")
    s.unit("m", "allied", "1305", cls="mech", ma=12)
    st = _moving(s)
    st = act(st, move("allied", ["leg"], ["1506"])).state
    v = verdict(st, move("allied", ["m"], ["1405"], "road"))
    assert "MOVEMENT_ORDER" in codes(v) and "7.5.2" in cases(v)


def test_5_2_3_pa_movement_counts_hexes_and_halts_next_to_the_enemy() -> None:
    s = Scen()
    s.unit("leg", "allied", "1305", status={"mode": "pa"})
    s.unit("mech", "allied", "1303", cls="mech", ma=12, status={"mode": "pa"})
    s.unit("x", "axis", "1605")
    st = _moving(s)
    assert "PA_HEXES" in codes(verdict(st, move("allied", ["leg"], ["1405", "1406"])))
    assert verdict(st, move("allied", ["mech"], ["1403", "1404"])).legal  # Mech: 2 hexes by day
    night = _moving(s, time="night")
    assert "PA_HEXES" in codes(verdict(night, move("allied", ["mech"], ["1403", "1404"])))
    s2 = Scen()
    s2.unit("mech", "allied", "1404", cls="mech", ma=12, status={"mode": "pa"})
    s2.unit("x", "axis", "1605")
    assert "HALTED" in codes(verdict(_moving(s2), move("allied", ["mech"], ["1504", "1505"])))


def test_5_5_4_strat_units_never_move_next_to_the_enemy() -> None:
    s = Scen(hex_map(roads=[("1305", "1405", "primary"), ("1405", "1505", "primary")]))
    s.unit("s", "allied", "1305", cls="mech", ma=12, status={"mode": "strat"})
    s.unit("x", "axis", "1605")
    v = verdict(_moving(s), move("allied", ["s"], ["1405", "1505"], "road"))
    assert "STRAT_ADJACENT" in codes(v)


def test_7_7_5_an_oos_unit_does_not_move_next_to_the_enemy() -> None:
    s = Scen()
    s.unit("o", "allied", "1405", status={"supply": 2})
    s.unit("x", "axis", "1605")
    assert "OOS_ADJACENT" in codes(verdict(_moving(s), move("allied", ["o"], ["1505"])))


def test_7_5_1_cr_mr_and_exploit_units_do_not_move_in_the_movement_segment() -> None:
    s = Scen()
    s.unit("cr", "allied", "1405", status={"combat_reserve": True})
    s.unit("mr", "allied", "1404", status={"mode": "mr"})
    s.unit("ex", "allied", "1406", cls="mech", status={"mode": "exploit"})
    st = _moving(s)
    for u, case in (("cr", "7.5.1 a"), ("mr", "7.5.1 c"), ("ex", "7.5.1 b")):
        v = verdict(st, move("allied", [u], ["1505"]))
        assert "MAY_NOT_MOVE" in codes(v) and case in cases(v), u


def test_5_6_1_ib_towed_art_moves_one_hex() -> None:
    s = Scen()
    s.unit("art", "allied", "1405", types=["artillery"], gun="105mm", barrage=4, range=6, steps=1)
    st = _moving(s)
    assert verdict(st, move("allied", ["art"], ["1505"])).legal
    v = verdict(st, move("allied", ["art"], ["1505", "1605"]))
    assert "IB_ART" in codes(v) and "5.6.1" in cases(v)


def test_4_6_6_a_commando_rolls_to_ignore_a_halt() -> None:
    s = Scen()
    s.unit("cdo", "allied", "1405", types=["commando"], ma=8)
    s.unit("x", "axis", "1605")
    s.work("1605", "ET-2")
    st = _moving(s)
    mv = move("allied", ["cdo"], ["1505", "1506"])
    assert verdict(st, mv).legal
    on = model(act(st, mv, d10(4)).state)
    assert on.units["cdo"].hex == on.hex_id("1506")  # 0-4 ignores the halt
    stop = model(act(st, mv, d10(5)).state)
    assert stop.units["cdo"].hex == stop.hex_id("1505")


def test_7_10_0_mech_road_movement_needs_a_road_or_a_clear_dry_hex() -> None:
    s = Scen(hex_map(terrain={"1505": "woods"}))
    s.unit("m", "allied", "1405", cls="mech", ma=12)
    st = _moving(s)
    assert "OFF_ROAD" in codes(verdict(st, move("allied", ["m"], ["1505"], "road")))
    assert verdict(st, move("allied", ["m"], ["1406"], "road")).path[0].cost == 1.5  # clear, dry
    mud = _moving(s, ground="mud")
    assert "NOT_ON_ROAD" in codes(verdict(mud, move("allied", ["m"], ["1406"], "road")))  # not dry


def test_reachable_lists_hexes_with_their_cost() -> None:
    s = Scen()
    s.unit("leg", "allied", "1405", ma=2)
    st = _moving(s)
    locs, _ = movement_reach.reachable(model(st), "leg")
    got = {x.location: x.cost for x in locs}
    assert got["1505"] == 1 and got["1605"] == 2 and "1705" not in got  # SYNTHETIC clear 1
