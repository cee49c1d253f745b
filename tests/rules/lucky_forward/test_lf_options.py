"""Every Appendix A inconsistency stage 1 touches is a named option with a
default; each test shows the default and the alternative (the digest's
number in the name: a1 = Appendix A 1). A1 (game length), A6, A7, A11, A13
and A25 are tested beside their rules (test_lf_state_model, test_lf_allowance,
test_lf_fs, test_lf_fatigue, test_lf_modes)."""

from __future__ import annotations

import pytest

from adjudicator.core.errors import MalformedInput
from adjudicator.rules.lucky_forward import ga_drm, ga_shifts, ga_value, terrain
from adjudicator.rules.lucky_forward.fs_drm import combinations
from adjudicator.rules.lucky_forward.model import Model
from adjudicator.rules.lucky_forward.results_text import FsResult, parse_fs
from tests.rules.lucky_forward.helpers import Scen, act, edit, end, hex_map, jump, model, move, new, synthetic_tables


def test_a2_bridges_where_a_road_crosses_a_stream_or_only_where_marked() -> None:
    s = Scen(hex_map(roads=[("1505", "1605", "secondary")], sides=[("1505", "1605", ["stream"])]))
    m = model(new(s))
    a, b = m.hex_id("1505"), m.hex_id("1605")
    assert terrain.bridged(m, a, b)  # 7.10.2 (default road-crossing)
    marked = model(new(s, options={"lf.a2-bridges": "marked"}))
    assert not terrain.bridged(marked, a, b)  # 26.0: only marked bridges


def test_a4_ohs_in_exploit_oos_on_any_mp_or_after_three() -> None:
    s = Scen()
    s.unit("m", "allied", "1405", cls="mech", ma=12, status={"mode": "exploit", "supply": 1})
    for opt, oos in (("any-mp", True), ("over-three", False)):
        st = jump(new(s, tables=synthetic_tables(), options={"lf.a4-ohs-exploit": opt}), "allied", "active-exploit")
        st = act(st, move("allied", ["m"], ["1505", "1605"])).state  # 2 MP (SYNTHETIC clear 1)
        assert (model(st).units["m"].st.supply == 2) is oos, opt


def test_a5_oos_units_armour_zero_or_unchanged() -> None:
    s = Scen()
    s.unit("t", "axis", "1605", types=["afv"], cls="mech", armor="pure", personnel=False, armor_defense=4,
           status={"supply": 2}, **{"anti_tank": 3})
    for opt, value in (("zero", 0), ("unchanged", 3)):
        m = model(new(s, options={"lf.a5-oos-armor": opt}))
        assert ga_drm.factor(m, m.units["t"], False, False, True).value == value, opt


def _claims(m: Model, atts: list[str], dfn: list[str]) -> list[ga_shifts.Claim]:
    return ga_shifts.claims(m, m.hex_id("1605"), [m.units[u] for u in atts], [m.units[u] for u in dfn],
                            lead_pr=atts[0], att_leader="", def_leader="")


def test_a8_an_extended_gens_defender_gives_one_shift_not_two() -> None:
    s = Scen()
    s.unit("a", "allied", "1505", status={"mode": "pa"})
    s.unit("x", "axis", "1605", status={"extended_supply": True})
    for opt, n in (("once", 1), ("twice", 2)):
        m = model(new(s, options={"lf.a8-extended-shift": opt}))
        assert sum(c.columns for c in _claims(m, ["a"], ["x"]) if "extended" in c.reason) == n, opt


def test_a9_lull_surprise_in_the_first_am_gt_or_the_first_two_gts() -> None:
    s = Scen()
    s.unit("a", "allied", "1505", status={"mode": "pa"})
    s.unit("x", "axis", "1605")
    s.sc.lucky_forward.lull_ended_gt["allied"] = 2  # a lull ended in GT 2 (GD 1 PM)
    for opt, shifted in (("first-am", [False, False, True, False]), ("two-gts", [True, True, False, False])):
        m = edit(new(s, options={"lf.a9-lull-surprise": opt}))
        got = []
        for gt in (2, 3, 4, 5):
            m.lf.gt = gt
            got.append(any("lull" in c.reason for c in _claims(m, ["a"], ["x"])))
        assert got == shifted, opt


def test_a10_rib_minimum_threshold_floor_or_none() -> None:
    """A Rgt with one eligible unit: threshold (default) 0 RIB, floor 2, none 1."""
    s = Scen()
    s.unit("a", "allied", "1505", rgt="71", status={"mode": "pa"})
    s.unit("x", "axis", "1605")
    for opt, n in (("threshold", 0), ("floor", 2), ("none", 1)):
        m = model(new(s, options={"lf.a10-rib-minimum": opt}))
        b, _ = ga_drm.rib(m, m.hex_id("1605"), [m.units["a"]], [m.units["x"]])
        assert b.attacker == n, opt


def test_rib_last_step_a_unit_at_its_last_step_gives_no_rib_by_default() -> None:
    s = Scen()
    s.unit("a", "allied", "1505", rgt="71", steps=3, status={"mode": "pa"})
    m = edit(new(s))
    m.units["a"].us.steps_lost = 2
    assert not ga_drm.rib_eligible(m, m.units["a"])
    m2 = edit(new(s, options={"lf.rib-last-step": "counted"}))
    m2.units["a"].us.steps_lost = 2
    assert ga_drm.rib_eligible(m2, m2.units["a"])


def test_a12_as_markers_come_off_in_the_as_removal_segment_under_either_reading() -> None:
    s = Scen()
    s.unit("x", "axis", "1605", status={"artillery_shifts": 2})
    for opt in ("ga-segment", "combat-phase"):
        st = jump(new(s, options={"lf.a12-as-removal": opt}), "allied", "combat", "ground-assault")
        st = act(st, end("allied")).state
        assert model(st).units["x"].st.artillery_shifts == 0, opt


def test_a14_a_lone_zero_defence_z_step_is_attacked_on_the_rightmost_column() -> None:
    """4.1.3 e's 'right most column on the CRT' is the GAT's rightmost column;
    both readings agree (a zero defence has no finite ratio): no option."""
    s = Scen()
    m = model(new(s, tables=synthetic_tables()))
    o = ga_value.odds(m, 1, 5, 0, lone_zero_z=True)
    assert o.column == ga_value.letters(m)[-1] == "N"


def test_a15_as1_is_an_as_hit_and_one_numerical_hit_or_an_as_hit_only() -> None:
    assert parse_fs("AS1") == FsResult(1, 1)
    assert parse_fs("AS1", "as-only") == FsResult(1, 0)
    assert parse_fs("2") == FsResult(0, 2) and parse_fs("-") == FsResult(0, 0)


def test_a24_stp_is_a_strongpoint_or_ignored() -> None:
    s = Scen(hex_map(terrain={"1605": "woods"}))
    s.unit("x", "axis", "1605")
    s.work("1605", "StP", value=3)
    m = model(new(s, tables=synthetic_tables()))
    keys = [c.key for c in combinations(m, m.hex_id("1605"), [m.units["x"]])]
    assert keys == ["B:StP"]  # 11.5.2: no terrain DRM in a StP; its DW DRM
    m2 = model(new(s, tables=synthetic_tables(), options={"lf.a24-stp": "ignore"}))
    assert [c.key for c in combinations(m2, m2.hex_id("1605"), [m2.units["x"]])] == ["A:woods"]


def test_a26_a_scenario_gat_keeps_the_columns_a_to_n_unless_the_option_frees_it() -> None:
    s = Scen()
    s.sc.definition.tables.add(id="lucky-forward/gat-columns", columns=["X", "Y"], rows=["1", "2", "3", "4"])
    with pytest.raises(MalformedInput):
        new(s)
    s.sc.options.add(name="lf.a26-gat-columns", value="scenario")
    st = new(s)
    cols = next(x for x in st.scenario.definition.tables if x.id == "lucky-forward/gat-columns").columns
    assert list(cols) == ["X", "Y"]


def test_a26_the_option_given_at_game_creation_frees_the_scenario_gat_too() -> None:
    """A26 is a creation option like every other: `umpire new … --option
    lf.a26-gat-columns=scenario` must free the scenario's GAT columns exactly as
    the scenario's own option does (it was read from the scenario only)."""
    s = Scen()
    s.sc.definition.tables.add(id="lucky-forward/gat-columns", columns=["X", "Y"], rows=["1", "2", "3", "4"])
    with pytest.raises(MalformedInput):
        new(s, options={"lf.a26-gat-columns": "a-n"})
    st = new(s, options={"lf.a26-gat-columns": "scenario"})
    cols = next(x for x in st.scenario.definition.tables if x.id == "lucky-forward/gat-columns").columns
    assert list(cols) == ["X", "Y"]
    assert {o.name: o.value for o in st.options}["lf.a26-gat-columns"] == "scenario"
