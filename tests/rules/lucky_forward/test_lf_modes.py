"""Modes (5.0-5.8): who may enter which mode, the whole-formation rule, MR and
its bonus period (TC-25), Art stance, CR markers. SYNTHETIC units."""

from __future__ import annotations

from adjudicator.rules.lucky_forward import modes
from tests.rules.lucky_forward.helpers import (
    Scen,
    act,
    cases,
    codes,
    edit,
    jump,
    lfa,
    model,
    move,
    new,
    synthetic_tables,
    verdict,
)
from umpire.v1 import action_pb2, lucky_forward_pb2 as lf, state_pb2

PA, EXPLOIT, MR, STRAT, TAC = (lf.LF_MODE_PREPARED_ASSAULT, lf.LF_MODE_EXPLOIT, lf.LF_MODE_MANEUVER_RESERVE,
                               lf.LF_MODE_STRATEGIC, lf.LF_MODE_TACTICAL)


def set_mode(units: list[str], mode: int, side: str = "allied") -> action_pb2.Action:
    return lfa(side, set_mode=lf.LfSetMode(unit_ids=units, mode=mode))  # type: ignore[arg-type]


def _md(s: Scen, **kw: object) -> state_pb2.GameState:
    return jump(new(s, tables=synthetic_tables()), "allied", "mode-determination", **kw)  # type: ignore[arg-type]


def test_5_0_modes_change_only_in_the_mode_determination_phase() -> None:
    s = Scen()
    s.unit("u", "allied", "1505")
    s.unit("x", "axis", "1605")
    st = jump(new(s), "allied", "movement", "movement")
    v = verdict(st, set_mode(["u"], PA))
    assert "WRONG_PHASE" in codes(v) and "5.0" in cases(v)


def test_5_2_1_who_may_not_enter_pa() -> None:
    s = Scen()
    s.unit("oos", "allied", "1505", status={"supply": 2})
    s.unit("tired", "allied", "1504", status={"fatigue": 2})
    s.unit("art", "allied", "1506", types=["artillery"], barrage=4, range=5, steps=1, status={"out_of_battery": True})
    s.unit("far", "allied", "1105")  # no enemy within a PA move
    s.unit("x", "axis", "1605")
    st = _md(s)
    for u in ("oos", "tired", "art", "far"):
        v = verdict(st, set_mode([u], PA))
        assert "MODE_REFUSED" in codes(v) and "5.2.1" in cases(v), u
    s2 = Scen()
    s2.unit("ok", "allied", "1405")  # a 1-hex PA move reaches 1505, next to the enemy
    s2.unit("x", "axis", "1605")
    assert verdict(_md(s2), set_mode(["ok"], PA)).legal


def test_5_2_2_a_low_fuel_formation_enters_pa_with_a_fuel_value_of_six() -> None:
    s = Scen()
    s.unit("m", "allied", "1505", cls="mech")
    s.unit("x", "axis", "1605")
    s.sc.lucky_forward.hq_status.add(unit_id="a-div", fuel="low", fuel_value=5, fuel_option=1)
    v = verdict(_md(s), set_mode(["m"], PA))
    assert "MODE_REFUSED" in codes(v) and "5.2.2" in cases(v)


def test_5_3_0_exploit_whole_formation_not_fatigued_not_adjacent() -> None:
    s = Scen()
    s.unit("m1", "allied", "1305", cls="mech", rgt="cca")
    s.unit("m2", "allied", "1304", cls="mech", rgt="cca")
    s.unit("leg", "allied", "1303")
    st = _md(s)
    v = verdict(st, set_mode(["m1"], EXPLOIT))
    assert "WHOLE_FORMATION" in codes(v)
    assert verdict(st, set_mode(["m1", "m2"], EXPLOIT)).legal
    assert "5.3.0" in cases(verdict(st, set_mode(["leg"], EXPLOIT)))
    s2 = Scen()
    s2.unit("m1", "allied", "1505", cls="mech", status={"fatigue": 1})
    s2.unit("x", "axis", "1605")
    v = verdict(_md(s2), set_mode(["m1"], EXPLOIT))
    assert "MODE_REFUSED" in codes(v)


def test_5_4_0_mr_four_hexes_from_the_enemy_six_from_the_hq_art_may_stay() -> None:
    s = Scen()
    s.unit("i1", "allied", "1008")
    s.unit("i2", "allied", "1007")
    s.unit("art", "allied", "1009", types=["artillery"], barrage=4, range=5, steps=1)
    s.unit("x", "axis", "2105")
    st = _md(s)
    assert verdict(st, set_mode(["i1", "i2"], MR)).legal  # the Art of the formation may stay in Tac
    assert "WHOLE_FORMATION" in codes(verdict(st, set_mode(["i1"], MR)))
    s2 = Scen()
    s2.unit("i1", "allied", "1505")
    s2.unit("x", "axis", "1805")
    assert "5.4.0" in cases(verdict(_md(s2), set_mode(["i1"], MR)))  # 3 hexes from an enemy unit


def test_5_4_2_an_mr_unit_next_to_an_enemy_drops_its_formation_to_tac() -> None:
    s = Scen()
    s.unit("i1", "allied", "1505", status={"mode": "mr", "mr_gts": 12})
    s.unit("i2", "allied", "1104", status={"mode": "mr", "mr_gts": 12})
    s.unit("x", "axis", "1705")
    st = jump(new(s, tables=synthetic_tables()), "axis", "movement", "movement")
    st = act(st, move("axis", ["x"], ["1605"])).state
    m = model(st)
    assert m.units["i1"].st.mode == TAC and m.units["i2"].st.mode == TAC
    assert not m.units["i1"].st.mr_bonus_until  # no bonus (5.4.2)


def test_tc25_5_4_1_mr_release_fuel_timing() -> None:
    """5.4.1 example: MR from AM GD 4; released AM GD 7 (9 GTs: a bonus) ->
    normal fuel through GD 8, fuel points needed from GD 9's Logistics Phase;
    released PM GD 6 (8 GTs: no bonus) -> needed from AM GD 7."""
    for day, time, gts, last in ((7, "AM", 9, 8), (6, "PM", 8, 6)):
        s = Scen()
        s.unit("m1", "allied", "1008", cls="mech", status={"mode": "mr", "mr_gts": gts})
        s.sc.lucky_forward.hq_status.add(unit_id="a-div", fuel="low", fuel_value=6, fuel_option=1)
        st = _md(s, day=day, time=time)
        assert model(st).fuel_state(model(st).units["m1"]) == "normal"  # in MR (5.4.1)
        st = act(st, set_mode(["m1"], TAC)).state
        m = edit(st)
        u = m.units["m1"]
        assert u.st.mr_fuel_until == last and bool(u.st.mr_bonus_until) == (gts >= 9)
        m.lf.game_day = last
        assert m.fuel_state(u) == "normal"
        m.lf.game_day = last + 1
        assert m.fuel_state(u) == "low"


def test_5_4_4_the_bonus_period_lasts_six_gts_and_blocks_mr_for_seven_gds() -> None:
    s = Scen()
    s.unit("m1", "allied", "1008", cls="mech", status={"mode": "mr", "mr_gts": 9})
    st = act(_md(s), set_mode(["m1"], TAC)).state
    m = edit(st)
    u = m.units["m1"]
    assert modes.in_bonus(m, u) and u.st.mr_bonus_until == m.lf.gt + 6
    assert modes.refusal(m, u, MR, [u]) == ("the formation was in an MR bonus period within the last seven GDs",
                                             "5.4.0")


def test_5_4_3_mr_to_exploit_at_the_start_of_an_exploit_phase_with_its_bonus_roll() -> None:
    """5.4.3 / 7.6.1b: an MR formation with nine GTs enters Exploit at the start
    of its Exploit Phase and rolls on the MR MA Bonus Table (the 7.6.1b
    example's '6 ... +3' is the table's one known row: lf.a25-mr-example)."""
    s = Scen()
    s.unit("m1", "allied", "1008", cls="mech", ma=12, status={"mode": "mr", "mr_gts": 9})
    st = jump(new(s), "allied", "active-exploit")
    ap = act(st, lfa("allied", enter_exploit=lf.LfEnterExploit(unit_ids=["m1"])), [5])  # 5 + 1 (first GT) = 6
    u = model(ap.state).units["m1"]
    assert u.st.mode == EXPLOIT and u.st.mr_bonus_mp == 3
    assert any(e.kind == "MR_BONUS_ROLL" for e in ap.events)


def test_a25_the_mr_data_point_is_row_6_row_7_or_none() -> None:
    s = Scen()
    s.unit("m1", "allied", "1008", cls="mech")
    for opt, rows in (("row-6", {"6"}), ("row-7", {"7"}), ("ignore", set())):
        st = new(s, options={"lf.a25-mr-example": opt})
        t = next(t for t in st.scenario.definition.tables if t.id == "lucky-forward/mr-bonus")
        assert {c.row for c in t.cells} == rows, opt
        assert all("7.6.1b" in c.source for c in t.cells)


def test_5_5_1_strat_needs_a_road_or_clear_dry_hex_and_mech_class() -> None:
    s = Scen()
    s.unit("leg", "allied", "1008")
    s.unit("m", "allied", "1007", cls="mech", status={"fatigue": 1})
    st = _md(s)
    assert "5.5.1" in cases(verdict(st, set_mode(["leg"], STRAT)))
    assert "5.5.1" in cases(verdict(st, set_mode(["m"], STRAT)))


def test_5_6_0_ib_art_is_in_tac_and_changes_stance_in_mode_determination() -> None:
    s = Scen()
    s.unit("art", "allied", "1008", types=["artillery"], barrage=4, range=5, steps=1)
    st = _md(s)
    v = verdict(st, set_mode(["art"], STRAT))
    assert "5.6.0" in cases(v)
    ap = act(st, lfa("allied", set_stance=lf.LfSetStance(unit_ids=["art"], out_of_battery=True)))
    assert model(ap.state).units["art"].st.out_of_battery


def test_5_8_0_cr_markers_bn_with_two_steps_tac_not_adjacent() -> None:
    s = Scen()
    s.unit("ok", "allied", "1305")
    s.unit("co", "allied", "1304", size="co", steps=2)
    s.unit("adj", "allied", "1505")
    s.unit("x", "axis", "1605")
    st = jump(new(s), "allied", "movement", "cr-designation")
    res = lambda u: lfa("allied", set_reserve=lf.LfSetReserve(unit_ids=[u], on=True))  # noqa: E731
    assert verdict(st, res("ok")).legal
    assert "5.8.0 d" in cases(verdict(st, res("co")))
    assert "5.8.0 c" in cases(verdict(st, res("adj")))
