"""Further cases of fire support (11.0) and ground assaults (13.0), one test
each (the worked examples are in test_lf_fs.py and test_lf_ga.py). SYNTHETIC
units; table cells the text lacks are SYNTHETIC (helpers.synthetic_tables)."""

from __future__ import annotations

from adjudicator.core.verdicts import VerdictBuilder
from adjudicator.rules.lucky_forward import fs_declare, fs_drm, ga_drm, ga_shifts, ga_value, retreats
from tests.rules.lucky_forward.helpers import (
    Scen,
    act,
    answer,
    codes,
    d10,
    edit,
    hex_map,
    jump,
    lfa,
    model,
    new,
    synthetic_tables,
    verdict,
)
from tests.rules.lucky_forward.test_lf_ga import ROWS, ga
from umpire.v1 import lucky_forward_pb2 as lf

COLS = "ABCDEFGHIJKLMN"


def _art(s: Scen, uid: str, hex_: str, bf: int, side: str = "allied", **kw: object) -> None:
    s.unit(uid, side, hex_, types=["artillery"], attack=None, defense=1, reduced=None, steps=1, barrage=bf, range=6,
           **kw)


def _mission(st: object, spotter: str, target: str, fire: list[tuple[str, int]], side: str = "allied") -> VerdictBuilder:
    a = lfa(side, fire_support=lf.LfFireSupport(spotter=spotter, target=target,
                                                fire=[lf.LfFire(unit_id=u, points=p) for u, p in fire]))
    b = VerdictBuilder()
    fs_declare.mission(model(st), a, b)  # type: ignore[arg-type]
    return b


# -- fire support


def test_4_6_4_an_all_nebelwerfer_mission_gets_its_drm_and_a_harder_ad_check() -> None:
    s = Scen()
    s.unit("x", "axis", "1605")
    m = model(new(s))
    only = fs_drm.group_e(m, None, m.hex_id("1605"), [m.units["x"]], True, True, True, True)
    some = fs_drm.group_e(m, None, m.hex_id("1605"), [m.units["x"]], True, False, True, True)
    assert [(w, v, first) for w, v, _, first in only] == [("Nebelwerfer mass shock", 1, False)]
    assert [(w, v, first) for w, v, _, first in some] == [("Nebelwerfer bonus", 1, True)]


def test_11_4_1b_88mm_flak_and_11_4_1c_tds_fire_one_point_a_step() -> None:
    s = Scen()
    s.unit("sp", "axis", "1605", status={"mode": "pa"})
    s.unit("a1", "allied", "1505")
    s.unit("flak", "axis", "1806", size="co", steps=2, types=["flak"], gun="88mm", heavy_unit_bar=True)
    s.unit("td", "allied", "1405", size="co", steps=2, types=["tank-destroyer"], cls="mech")
    m = model(new(s))
    assert fs_declare.available_bf(m, m.units["flak"], False) == 2 and fs_declare.art_range(m, m.units["flak"]) == 4
    assert fs_declare.available_bf(m, m.units["td"], False) == 2 and fs_declare.art_range(m, m.units["td"]) == 2
    st = jump(new(s), "axis", "combat", "fs-offensive")
    assert "FLAK_ALONE" in codes(_mission(st, "sp", "1505", [("flak", 2)], side="axis").build())


def test_11_4_1f_heavy_artillery_fires_one_point_less_on_defensive_missions() -> None:
    s = Scen()
    _art(s, "h", "1405", 5, heavy_artillery=True)
    m = model(new(s))
    assert (fs_declare.available_bf(m, m.units["h"], False), fs_declare.available_bf(m, m.units["h"], True)) == (5, 4)


def test_11_5_5_group_e_night_and_a_target_in_strat() -> None:
    s = Scen()
    s.unit("x", "axis", "1605", cls="mech", status={"mode": "strat"})
    m = edit(new(s))
    m.lf.time = "night"
    got = {w: v for w, v, _, _ in fs_drm.group_e(m, None, m.hex_id("1605"), [m.units["x"]], True, False, False,
                                                 False)}
    assert got == {"night / ENA": -1, "target in Strat mode": 4}


def test_11_6_3c_units_that_retreated_alone_into_a_hex_are_not_targeted_again() -> None:
    s = Scen()
    s.unit("sp", "allied", "1505", status={"mode": "pa"})
    s.unit("x", "axis", "1605", status={"retreated_alone": True})
    _art(s, "a", "1405", 8)
    st = jump(new(s, tables=synthetic_tables()), "allied", "combat", "fs-offensive")
    assert "RETREATED" in codes(_mission(st, "sp", "1605", [("a", 8)]).build())


def test_11_6_3d_13_11_3_retreating_into_an_open_hex_next_to_the_enemy_costs_a_step() -> None:
    s = Scen(hex_map(terrain={"1606": "woods"}))
    s.unit("x", "axis", "1705")
    s.unit("a", "allied", "1505")
    s.unit("hq", "allied", "1507", types=["hq"], steps=1)
    m = model(new(s))
    x = [m.units["x"]]
    assert retreats.adjacent_loss_due(m, x, m.hex_id("1605"))  # open, next to a1
    assert not retreats.adjacent_loss_due(m, x, m.hex_id("1606"))  # woods: MCT
    assert not retreats.adjacent_loss_due(m, x, m.hex_id("1607"))  # next to an HQ only


def test_11_6_3e_13_11_4_in_battery_towed_art_that_cannot_retreat() -> None:
    s = Scen()
    _art(s, "h105", "1405", 4, gun="105mm")
    _art(s, "h170", "1406", 4, gun="170mm")
    _art(s, "sp", "1407", 4, gun="170mm", self_propelled=True)
    m = model(new(s))
    assert [retreats.art_cannot_retreat(m.units[u]) for u in ("h105", "h170", "sp")] == [False, True, False]


def test_11_8_1_ohs_art_is_depleted_after_firing() -> None:
    s = Scen()
    s.unit("sp", "allied", "1505", status={"mode": "pa"})
    s.unit("x", "axis", "1605")
    _art(s, "a", "1405", 8, status={"supply": 1})
    st = jump(new(s, tables=synthetic_tables()), "allied", "combat", "fs-offensive")
    a = lfa("allied", fire_support=lf.LfFireSupport(spotter="sp", target="1605", fire=[lf.LfFire(unit_id="a")]))
    st = act(st, a, d10(0, 0)).state  # FSV 8: SYNTHETIC '-'; AD roll 0
    assert model(st).units["a"].st.ammo_depleted


def test_15_7_0_an_isolated_unit_does_not_spot() -> None:
    s = Scen()
    s.unit("sp", "allied", "1505", status={"mode": "pa", "isolated": True})
    s.unit("x", "axis", "1605")
    _art(s, "a", "1405", 8)
    st = jump(new(s), "allied", "combat", "fs-offensive")
    assert "SPOTTER" in codes(_mission(st, "sp", "1605", [("a", 8)]).build())


# -- ground assaults


def test_13_4_3_two_units_one_a_bn_attack_into_constricted_terrain() -> None:
    s = Scen(hex_map(features={"1605": ["constricted"]}))
    s.unit("x", "axis", "1605")
    for u in ("b1", "b2"):
        s.unit(u, "allied", "1505", status={"mode": "pa"})
    st = jump(new(s, tables=synthetic_tables()), "allied", "combat", "ground-assault")
    assert "CONSTRICTED" in codes(verdict(st, ga(st, "1605", ["b1", "b2"], "b1")))


def test_13_5_2_standoff_needs_an_arm_factor_13_5_3_ohs_13_5_4_half_strength_only_at_night_or_rest() -> None:
    s = Scen()
    s.unit("x", "axis", "1605")
    s.unit("a", "allied", "1505", status={"mode": "pa"})
    s.unit("b", "allied", "1505", size="co", steps=2, types=["afv"], cls="mech", armor="pure", personnel=False,
           armor_defense=3, status={"mode": "pa"}, **{"anti_tank": 2})
    st = new(s, tables=synthetic_tables())
    st = act(st, lfa("axis", designate_rest=lf.LfDesignateRest(group="all", time="night"))).state
    st = jump(st, "allied", "combat", "ground-assault")
    assert "STANDOFF" in codes(verdict(st, ga(st, "1605", ["a", "b"], "a", standoff=("a",))))
    ohs = lfa("allied", ground_assault=lf.LfGroundAssaultAction(hex="1605", attackers=["a"], lead_pr="a",
                                                               ohs_full=["a"]))
    assert "OHS" in codes(verdict(st, ohs))  # 13.5.3: only an OhS unit declares its full CS
    st = act(st, ga(st, "1605", ["a", "b"], "a")).state
    if st.pending.kind == "GA_LINE":
        st = act(st, answer(st, st.pending.options[0].id)).state
    terrain = [o.id for o in st.pending.options if o.id.startswith("terrain:")][:1]
    v = verdict(st, answer(st, "lead:x", "half", *terrain))
    assert not v.legal and "13.5.4" in [x.citation.rule_case for x in v.violations]


def test_13_5_5_units_that_retreated_after_a_ga_are_not_attacked_again_unless_with_others() -> None:
    """13.5.5: units that retreated after a GA are not attacked again, unless
    with other units (then they suffer the results without contributing); units
    that retreated after an FS mission may be (13.5.5 Important)."""
    s = Scen()
    s.unit("x", "axis", "1605", status={"ga_retreated": True, "retreated": True})
    s.unit("y", "axis", "1607", status={"ga_retreated": True, "retreated": True})
    s.unit("z", "axis", "1607")
    s.unit("f", "axis", "1603", status={"retreated_alone": True, "retreated": True})
    for u, h in (("a", "1505"), ("b", "1506"), ("c", "1503")):
        s.unit(u, "allied", h, status={"mode": "pa"})
    st = jump(new(s, tables=synthetic_tables()), "allied", "combat", "ground-assault")
    assert "RETREATED" in codes(verdict(st, ga(st, "1605", ["a"], "a")))
    assert verdict(st, ga(st, "1603", ["c"], "c")).legal  # retreated after an FS mission
    st = act(st, ga(st, "1607", ["b"], "b")).state
    assert list(st.lucky_forward.ga.defender.units) == ["z"]  # y suffers the results only

def test_13_6_1c_ammunition_depleted_art_defends_at_one() -> None:
    s = Scen()
    _art(s, "art", "1605", 6, side="axis", status={"ammo_depleted": True})
    m = model(new(s))
    u = m.units["art"]
    assert ga_value.defense_strength(m, u, [u], standoff=False, half=False, ohs_full=False, no_ca=False).value == 1


def test_13_6_1d_pure_afvs_need_combined_arms() -> None:
    s = Scen()
    s.unit("t1", "allied", "1505", size="co", steps=2, types=["afv"], cls="mech", armor="pure", personnel=False)
    s.unit("t2", "allied", "1505", size="co", steps=2, types=["afv"], cls="mech", armor="pure", personnel=False)
    s.unit("co", "allied", "1505", size="co", steps=2)
    s.unit("bn", "allied", "1504")
    m = model(new(s))
    assert ga_value.combined_arms(m, [m.units["t1"], m.units["t2"]]) == set()
    assert len(ga_value.combined_arms(m, [m.units["t1"], m.units["t2"], m.units["co"]])) == 1  # a Co. covers one
    assert ga_value.combined_arms(m, [m.units["t1"], m.units["t2"], m.units["bn"]]) == {"t1", "t2"}


def test_13_8_2_cr_units_support_within_three_hexes_of_their_formation() -> None:
    s = Scen()
    s.unit("x", "axis", "1605")
    s.unit("cr", "axis", "1805", status={"combat_reserve": True})
    s.unit("far", "axis", "2105", status={"combat_reserve": True})
    s.unit("tired", "axis", "1705", status={"combat_reserve": True, "fatigue": 1})
    m = model(new(s))
    assert ga_drm.reserves(m, [], [m.units["x"]], ["cr", "far", "tired"]) == ["cr"]


def test_13_8_4b_at_vs_at_no_bonus_13_8_4e_at_vs_arm_to_the_defender() -> None:
    s = Scen()
    s.unit("at", "allied", "1505", size="co", steps=2, types=["anti-tank"], **{"anti_tank": 3})
    s.unit("xat", "axis", "1605", size="co", steps=2, types=["anti-tank"], **{"anti_tank": 2})
    s.unit("pz", "axis", "1605", size="co", steps=2, types=["afv"], cls="mech", armor="pure", personnel=False,
           armor_defense=4, arm=6)
    m = model(new(s, tables=synthetic_tables()))
    h = m.hex_id("1605")
    f = ga_drm.ArmorFactor
    at_at = ga_drm.armor(m, h, f(m.units["at"], "AT", 3), f(m.units["xat"], "AT", 2), "clear")
    at_arm = ga_drm.armor(m, h, f(m.units["at"], "AT", 3), f(m.units["pz"], "Arm", 4), "clear")
    assert (at_at.attacker, at_at.defender) == (0, 0)
    assert (at_arm.attacker, at_arm.defender) == (0, 3)  # its Arm factor 6 (13.8.4e) - 3; clear 0 (SYNTHETIC)


def _discretionary(result: str, status: dict[str, object] | None = None, cls: str = "leg") -> object:
    s = Scen()
    s.unit("x", "axis", "1605", dpr=6, cls=cls, status=status)
    s.unit("a", "allied", "1505", attack=30, status={"mode": "pa"})
    every = {(r, c): result for r in ROWS for c in COLS}
    st = jump(new(s, tables=synthetic_tables(lucky_forward_gat_defender_results=every)), "allied", "combat",
              "ground-assault")
    st = act(st, ga(st, "1605", ["a"], "a")).state
    return act(st, answer(st, "lead:x"), d10(5, 5, 5, 5)).state


def test_13_10_4b_a_limited_retreat_after_a_passed_prc_of_one_hex_or_more() -> None:
    st = _discretionary("3")
    assert st.pending.kind == "GA_OPTION" and "limited" in [o.id for o in st.pending.options]  # type: ignore[attr-defined]
    st = act(st, answer(st, "limited"), d10(1)).state  # type: ignore[arg-type]  # the PRC passes
    assert st.pending.kind == "GA_RETREAT"
    lengths = {len(o.path) for o in st.pending.options}
    assert lengths == {1, 2}  # any distance from one hex up to the Leg maximum


def test_13_12_advance_along_the_retreat_path() -> None:
    """13.12: the defender retreats two hexes (full retreat); the attacking PA
    Leg unit may advance up to two hexes (13.12.3) along the retreat path
    (13.12.4), into the vacated hex first."""
    st = _discretionary("2")
    st = act(st, answer(st, "full")).state  # type: ignore[arg-type]
    if st.pending.kind == "GA_RETREAT":
        st = act(st, answer(st, st.pending.options[0].id)).state
    assert st.pending.kind == "GA_ADVANCE"
    m = model(st)
    x = m.units["x"]
    paths = [o.id.split("@")[1].split(">") for o in st.pending.options]
    assert ["1605"] in paths and any(len(p) == 2 and p[0] == "1605" for p in paths)
    assert all(m.hm.distance(m.hex_id(p[-1]), x.hex) <= 2 for p in paths)
    longest = max((o.id for o in st.pending.options), key=len)
    st = act(st, answer(st, longest)).state
    assert model(st).units["a"].hex == m.hex_id(longest.split(">")[-1])


def test_5_5_6_a_strat_defender_gives_two_shifts_and_5_5_2_leaves_strat_when_hit() -> None:
    s = Scen()
    s.unit("x", "axis", "1605", cls="mech", status={"mode": "strat"})
    s.unit("a", "allied", "1505", status={"mode": "pa"})
    m = model(new(s))
    cl = ga_shifts.claims(m, m.hex_id("1605"), [m.units["a"]], [m.units["x"]], lead_pr="a", att_leader="",
                          def_leader="")
    assert any(c.case == "5.5.6" and c.columns == 2 for c in cl)
    st = _discretionary("(1)", {"mode": "strat"}, "mech")  # one mandatory hit on the Strat defender
    assert model(st).units["x"].st.mode == lf.LF_MODE_TACTICAL  # type: ignore[arg-type]


def test_23_2_1b_a_formation_leader_gives_a_column_shift() -> None:
    s = Scen()
    s.unit("x", "axis", "1605")
    s.unit("a", "allied", "1505", status={"mode": "pa"})
    m = model(new(s))
    cl = ga_shifts.claims(m, m.hex_id("1605"), [m.units["a"]], [m.units["x"]], lead_pr="a", att_leader="Ldr",
                          def_leader="")
    assert any(c.case == "23.2.1b" for c in cl)


def test_lf_4_5_0_green_divisions_option_gives_a_shift() -> None:
    s = Scen()
    s.unit("x", "axis", "1605", training="green")
    s.unit("a", "allied", "1505", status={"mode": "pa"})
    for opt, n in (("off", 0), ("on", 1)):
        m = model(new(s, options={"lf.green-divisions": opt}))
        cl = ga_shifts.claims(m, m.hex_id("1605"), [m.units["a"]], [m.units["x"]], lead_pr="a", att_leader="",
                              def_leader="")
        assert sum(c.columns for c in cl if c.case == "4.5.0") == n, opt


def test_13_12_3_advance_distance_13_12_5_its_limits() -> None:
    """13.12.3: Tac 1, PA Leg 2, PA Mech 4; mud (13.12.5b), night (13.12.5c),
    a low-fuel Mech unit (13.12.5d) 1; no fuel 0; 13.12.5a: an advance stops
    next to an enemy ET."""
    from adjudicator.rules.lucky_forward import ga_advance

    s = Scen()
    s.unit("tac", "allied", "1505")
    s.unit("leg", "allied", "1504", status={"mode": "pa"})
    s.unit("mech", "allied", "1506", cls="mech", status={"mode": "pa"})
    s.unit("x", "axis", "1807")
    s.work("1807", "ET-2")
    m = edit(new(s))
    d = [ga_advance.distance(m, m.units[u]) for u in ("tac", "leg", "mech")]
    assert d == [1, 2, 4]
    m.lf.weather.ground = "mud"
    assert ga_advance.distance(m, m.units["mech"]) == 1
    m.lf.weather.ground = "dry"
    m.lf.time = "night"
    assert ga_advance.distance(m, m.units["leg"]) == 1
    m.lf.time = "AM"
    m.hq_status["a-div"].fuel = "low"
    assert ga_advance.distance(m, m.units["mech"]) == 1
    m.hq_status["a-div"].fuel = "no"
    assert ga_advance.distance(m, m.units["mech"]) == 0
    assert ga_advance._stops(m, m.units["leg"], [m.hex_id("1605"), m.hex_id("1706")])  # next to the ET-2 at 1807
