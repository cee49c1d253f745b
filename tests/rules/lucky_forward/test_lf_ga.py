"""Ground assaults (13.0): the worked examples TC-01, TC-10 ... TC-20 of the
digest, case by case. Unit values are the examples' own where they give them,
SYNTHETIC otherwise (said so); GAT cells are the text's data points or, where a
test needs a result the text does not give, a SYNTHETIC cell named as such."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from adjudicator.rules.lucky_forward import ga_drm, ga_shifts, ga_value
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
from umpire.v1 import lucky_forward_pb2 as lf, state_pb2

ROWS = [str(v) for v in range(-60, 160)]


def results(col: str, value: str) -> dict[tuple[str, str], str]:
    """A SYNTHETIC GAT column giving `value` on every DR."""
    return {(r, col): value for r in ROWS}


def ga(state: state_pb2.GameState, hex_: str, attackers: list[str], lead: str, armor: str = "",
       standoff: tuple[str, ...] = ()) -> Any:
    return lfa("allied", ground_assault=lf.LfGroundAssaultAction(hex=hex_, attackers=attackers, lead_pr=lead,
                                                                lead_armor=armor, standoff=list(standoff)))


def test_tc01_1_5_0_gav_rounds_the_total_not_each_unit() -> None:
    """1.5.0 example: two Inf Bn.s (defense 5) and an Eng Co. (defense 3), all
    OoS: 2.5 + 2.5 + 1.5 = 6.5 -> GAV 7."""
    s = Scen()
    for uid in ("b1", "b2"):
        s.unit(uid, "axis", "1605", defense=5, status={"supply": lf.LF_SUPPLY_OUT})
    s.unit("e", "axis", "1605", size="co", steps=1, types=["engineer"], defense=3, status={"supply": lf.LF_SUPPLY_OUT})
    m = model(new(s))
    defs = [m.units[u] for u in ("b1", "b2", "e")]
    strengths = [ga_value.defense_strength(m, u, defs, standoff=False, half=False, ohs_full=False, no_ca=False)
                 for u in defs]
    assert [x.value for x in strengths] == [2.5, 2.5, 1.5]
    assert ga_value.gav(strengths) == 7


def test_tc10_13_6_2_odds_round_down_to_a_column() -> None:
    """13.6.2 examples: 24:6 = 4:1; 36:8 = 4.5:1 -> the 4:1 column (SYNTHETIC
    GAT column labels with a 4:1 and a 5:1 column)."""
    m = model(new(Scen(), tables=synthetic_tables()))
    o = ga_value.odds(m, 2, 24, 6)
    assert (o.ratio, ga_value.column_label(m, 2, o.column)) == (Fraction(4), "4:1")
    o = ga_value.odds(m, 2, 36, 8)
    assert (o.ratio, ga_value.column_label(m, 2, o.column)) == (Fraction(9, 2), "4:1")


def test_13_6_2_the_odds_ask_only_for_the_labels_around_the_ratio() -> None:
    import pytest

    from adjudicator.core.errors import NeedsData

    m = model(new(Scen()))  # the shipped GAT: only line 3's G (2:1) and H (3:1) are known
    assert ga_value.odds(m, 3, 17, 7).column == "G"
    with pytest.raises(NeedsData) as e:
        ga_value.odds(m, 3, 35, 10)  # 3.5: is column I at or below 3.5?
    c = e.value.cells[0]
    assert (c.table_id, c.row, c.column) == ("lucky-forward/gat-columns", "3", "I")


def _tc20(rolls: list[int]) -> state_pb2.GameState:
    """Examples of Play 13.9.1: a German Inf Bn. (CS 7, defensive PR 7) in a
    town with an ET-2 and an AS marker; two PA stacks of the 71st Rgt: two Inf
    Bn.s CS 6 (PR 6), an Eng Bn. CS 3 after one step loss (PR 5), an Inf Bn.
    CS 2 after two. Reduced sides and the Eng Bn.'s type are SYNTHETIC where the
    example only gives the strengths."""
    s = Scen(hex_map(features={"1605": ["town"]}))
    s.unit("x1", "axis", "1605", defense=7, dpr=7, rgt="225", status={"artillery_shifts": 1})
    s.work("1605", "ET-2")
    s.unit("a1", "allied", "1505", attack=6, opr=6, rgt="71", status={"mode": "pa"})
    s.unit("eng", "allied", "1505", types=["engineer"], attack=4, reduced=(3, 3), opr=5, rgt="71",
           status={"mode": "pa"})
    s.unit("a2", "allied", "1504", attack=6, opr=6, rgt="71", status={"mode": "pa"})
    s.unit("a3", "allied", "1504", attack=6, reduced=(4, 4), opr=6, rgt="71", status={"mode": "pa"})
    m = edit(new(s))
    m.units["eng"].us.steps_lost = 1
    m.units["a3"].us.steps_lost = 2
    st = jump(m.state, "allied", "combat", "ground-assault")
    st = act(st, ga(st, "1605", ["a1", "eng", "a2", "a3"], "a1")).state
    assert st.pending.kind == "GA_LINE"
    st = act(st, answer(st, "3")).state  # the town: terrain line 3
    assert st.pending.kind == "GA_DEFENDER"
    return act(st, answer(st, "lead:x1"), d10(*rolls)).state


def test_tc20_13_9_1_complete_ga_up_to_the_gat_rows() -> None:
    st = _tc20([6, 7, 7, 7, 3, 2])  # attacker 67, defender 77; then the two mandatory PRCs
    g = st.lucky_forward.ga
    assert (g.attacker.gav, g.defender.gav) == (17, 7)  # 6 + 6 + 3 + 2
    assert (g.initial_column, g.final_column) == ("G", "H")  # 2.4:1 -> 2:1 (G) on line 3; net 1R -> H
    shifts = sorted(g.shifts)
    assert any("-2" in x and "ET-2" in x for x in shifts) and any("PA mode" in x for x in shifts)
    assert any("AS markers on the defending stack" in x for x in shifts) and any("Eng stacks" in x for x in shifts)
    assert g.drm == 0  # proficiency -10 (PR 8 vs 6), RIB +10 (2 vs 0)
    assert (g.attacker.roll, g.defender.roll) == (67, 77)
    assert g.defender.result == "*1" and g.attacker.result == "*"  # rows 55:74 and 61:80 of column H


def test_tc20_the_defenders_hold_decision_follows_its_prc() -> None:
    st = _tc20([6, 7, 7, 7, 3, 2])
    # attacker's '*': PRC 3 < 6 passed; defender's '*1': PRC 2 < 8 passed, one discretionary hit left
    assert st.pending.kind == "GA_OPTION" and st.pending.side == "axis"


def test_13_4_1_a_multi_hex_ga_needs_every_attacker_in_pa_mode() -> None:
    s = Scen()
    s.unit("x1", "axis", "1605")
    s.unit("a1", "allied", "1505", status={"tactical_assault": True})
    s.unit("a2", "allied", "1504", status={"mode": "pa"})
    st = jump(new(s), "allied", "combat", "ground-assault")
    assert "MULTI_HEX" in codes(verdict(st, ga(st, "1605", ["a1", "a2"], "a1")))


def test_13_3_1_a_hex_is_attacked_once_per_ga_segment() -> None:
    s = Scen()
    s.unit("x1", "axis", "1605")
    s.unit("a1", "allied", "1505", status={"mode": "pa"})
    s.unit("a2", "allied", "1504", status={"mode": "pa"})
    m = edit(jump(new(s), "allied", "combat", "ground-assault"))
    m.lf.attacked_hexes.append("1605")
    assert "ATTACKED" in codes(verdict(m.state, ga(m.state, "1605", ["a2"], "a2")))


def test_13_4_2_ranged_art_never_attacks() -> None:
    s = Scen()
    s.unit("x1", "axis", "1605")
    s.unit("art", "allied", "1505", types=["artillery"], steps=1, barrage=4, range=5, status={"tactical_assault": True})
    st = jump(new(s), "allied", "combat", "ground-assault")
    assert "13.4.2 b" in [v.citation.rule_case for v in verdict(st, ga(st, "1605", ["art"], "art")).violations]


def test_tc11a_13_7_4b_each_eng_stack_negates_one_dw_shift() -> None:
    """2 Inf Bn.s, an Eng Co. and an Eng Bn. (two stacks, each Eng with an Inf
    Bn.) against an ET-2: the two Eng shifts negate the two DW shifts."""
    s = Scen()
    s.unit("x1", "axis", "1605")
    s.work("1605", "ET-2")
    s.unit("i1", "allied", "1505", status={"mode": "pa"})
    s.unit("e1", "allied", "1505", size="co", steps=1, types=["engineer"], status={"mode": "pa"})
    s.unit("i2", "allied", "1504", status={"mode": "pa"})
    s.unit("e2", "allied", "1504", types=["engineer"], status={"mode": "pa"})
    m = model(new(s))
    atts = [m.units[u] for u in ("i1", "e1", "i2", "e2")]
    cl = ga_shifts.claims(m, m.hex_id("1605"), atts, [m.units["x1"]], lead_pr="i1", att_leader="", def_leader="")
    dw = sum(c.columns for c in cl if c.side == "defender" and "ET-2" in c.reason)
    eng = sum(c.columns for c in cl if c.side == "attacker" and "Eng" in c.reason)
    assert (dw, eng) == (2, 2)


def test_tc11b_13_7_4b_a_defending_eng_unit_negates_the_city_shifts() -> None:
    s = Scen(hex_map(features={"1605": ["city"]}))
    s.unit("x1", "axis", "1605")
    s.unit("xe", "axis", "1605", size="co", steps=1, types=["engineer"])
    for i, h in ((1, "1505"), (2, "1504")):
        s.unit(f"i{i}", "allied", h, status={"mode": "pa"})
        s.unit(f"e{i}", "allied", h, size="co", steps=1, types=["engineer"], status={"mode": "pa"})
    m = model(new(s))
    atts = [m.units[u] for u in ("i1", "e1", "i2", "e2")]
    cl = ga_shifts.claims(m, m.hex_id("1605"), atts, [m.units["x1"], m.units["xe"]], lead_pr="i1", att_leader="",
                          def_leader="")
    assert sum(c.columns for c in cl if c.side == "attacker" and "Eng" in c.reason) == 0
    assert any("negated by a defending Eng" in c.reason for c in cl)


def test_tc11c_13_7_4c_a_lead_cdo_counts_as_an_eng_unit_on_its_own() -> None:
    s = Scen()
    s.unit("x1", "axis", "1605")
    s.work("1605", "ET-2")
    s.unit("cdo", "allied", "1505", types=["commando"], status={"mode": "pa"})
    s.unit("e1", "allied", "1505", size="co", steps=1, types=["engineer"], status={"mode": "pa"})
    m = model(new(s))
    cl = ga_shifts.claims(m, m.hex_id("1605"), [m.units["cdo"], m.units["e1"]], [m.units["x1"]], lead_pr="cdo",
                          att_leader="", def_leader="")
    assert sum(c.columns for c in cl if "Eng" in c.reason and c.side == "attacker") == 2
    assert ga_shifts.net([c for c in cl if "ET-2" in c.reason or "Eng" in c.reason]) == 0


def _hits_setup(defender_result: str, *, et3: bool = False, units: int = 1, co: bool = False) -> state_pb2.GameState:
    """A SYNTHETIC GA whose defender suffers `defender_result` on every DR."""
    s = Scen(hex_map(terrain={"1605": "woods"}))
    for i in range(units):
        s.unit(f"x{i + 1}", "axis", "1605", defense=4, dpr=6, rgt="g")
    if co:
        s.unit("xc", "axis", "1605", size="co", steps=1, defense=2, dpr=6, rgt="g")
    if et3:
        s.work("1605", "ET-3")
    s.unit("a1", "allied", "1505", attack=30, status={"mode": "pa"})
    every: dict[tuple[str, str], str] = {}
    for col in "ABCDEFGHIJKLMN":
        every |= results(col, defender_result)
    tabs = synthetic_tables(lucky_forward_gat_defender_results=every)
    st = jump(new(s, tables=tabs), "allied", "combat", "ground-assault")
    st = act(st, ga(st, "1605", ["a1"], "a1")).state
    return act(st, answer(st, "lead:x1"), d10(5, 5, 5, 5)).state


def test_tc13_13_10_2_an_et3_may_be_removed_to_cancel_a_mandatory_hit() -> None:
    st = _hits_setup("3(3)", et3=True)
    assert st.pending.kind == "GA_REDUCE" and st.pending.side == "axis"
    st = act(st, answer(st, "et3")).state
    g = st.lucky_forward.ga
    assert not [w for w in st.lucky_forward.works if w.kind == "ET-3"]  # not replaced by an ET-2 or IP
    # 3(3) -> 3(2): the lone Bn. takes one loss (Max step loss, 13.10.3), the
    # second mandatory hit becomes discretionary: 3 + 1 (without the ET-3: 5)
    assert g.defender.et3_removed and model(st).units["x1"].us.steps_lost == 1
    assert (g.defender.mandatory, g.defender.discretionary) == (0, 4)


def test_tc14_13_10_4a_hold_in_an_et3_passes_and_the_hits_mix_as_the_owner_likes() -> None:
    st = _hits_setup("2(2)", et3=True, units=2)
    st = act(st, answer(st)).state  # keep the ET-3 (no reduction)
    m = model(st)
    assert (m.units["x1"].us.steps_lost, m.units["x2"].us.steps_lost) == (1, 1)  # one mandatory loss each
    assert st.pending.kind == "GA_OPTION"
    st = act(st, answer(st, "hold")).state  # the PRC passes automatically in an ET-3
    assert st.pending.kind == "GA_MIX" and [o.id for o in st.pending.options] == ["0", "1", "2"]
    two_fatigue = act(st, answer(st, "2")).state
    m = model(two_fatigue)
    assert (m.units["x1"].st.fatigue, m.units["x2"].st.fatigue) == (2, 2)
    one_each = act(st, answer(st, "0")).state
    m = model(one_each)
    assert (m.units["x1"].us.steps_lost, m.units["x2"].us.steps_lost) == (2, 2)  # one more step loss on each
    mixed = act(st, answer(st, "1")).state
    assert mixed.pending.kind == "STEP_LOSSES"  # which Bn. takes the one step loss is the owner's choice


def test_tc15_13_10_4a_hold_failed_retreat_two_then_the_co_loses_its_step() -> None:
    """Two Inf Bn.s and a one-step Co. receive 3(2): a step from each Bn.; the
    hold PRC fails; a 2-hex retreat leaves one hit: the Co. (eliminated)."""
    st = _hits_setup("3(2)", units=2, co=True)
    if st.pending.kind == "STEP_LOSSES":
        st = act(st, answer(st, "x1+x2")).state
    st = act(st, answer(st, "hold"), d10(9)).state  # 9 >= 6: the hold PRC fails
    assert st.pending.kind == "GA_RETREAT" or not st.HasField("pending")
    if st.pending.kind == "GA_RETREAT":
        st = act(st, answer(st, st.pending.options[0].id)).state
    m = model(st)
    assert m.units["xc"].us.status == state_pb2.UnitState.ELIMINATED
    assert (m.units["x1"].us.steps_lost, m.units["x2"].us.steps_lost) == (1, 1)


def test_tc16_13_10_4c_full_retreat_two_hexes_then_two_fatigue() -> None:
    """A lone Leg Inf Bn. receives 3(2): one mandatory loss (Max step loss), the
    second becomes discretionary: 4; full retreat 2 hexes; 2 left: fatigue 2."""
    st = _hits_setup("3(2)")
    assert st.lucky_forward.ga.defender.discretionary == 4
    st = act(st, answer(st, "full")).state
    if st.pending.kind == "GA_RETREAT":
        st = act(st, answer(st, st.pending.options[0].id)).state
    m = model(st)
    x = m.units["x1"]
    assert (x.us.steps_lost, x.st.fatigue) == (1, 2)
    assert m.hm.distance(x.hex, m.hex_id("1605")) == 2


def test_tc17_13_8_4f_armor_caps_at_night_and_in_forest() -> None:
    s = Scen(hex_map(terrain={"1605": "forest"}))
    s.unit("x1", "axis", "1605", anti_tank=1)
    s.unit("x2", "axis", "1606", anti_tank=1)
    s.unit("tk", "allied", "1505", types=["afv"], cls="mech", armor="pure", personnel=False)
    m = model(new(s, tables=synthetic_tables()))
    m.lf.time = "night"
    tk = m.units["tk"]
    att = ga_drm.ArmorFactor(tk, "Arm", 4)
    dfn = ga_drm.ArmorFactor(m.units["x2"], "AT", 1)
    clear = ga_drm.armor(m, m.hex_id("1606"), att, dfn, "clear")  # 3 bonuses, clear, night: 2 (13.8.4f)
    forest = ga_drm.armor(m, m.hex_id("1605"), att, dfn, "forest")  # forest allows 1 (13.8.4f example)
    assert (clear.attacker, forest.attacker) == (2, 1)


def test_tc18_13_8_4g_a_bonus_is_worth_15_with_a_factor_of_5_in_clear() -> None:
    """Examples of Play 13.8.4g: Arm 6 vs Arm 4, the defender chooses the
    village (-1): one bonus, worth +15 (the attacking Arm in a clear hex)."""
    s = Scen(hex_map(features={"1605": ["village"]}))
    s.unit("us", "axis", "1605", types=["hybrid"], cls="mech", armor="mixed", armor_defense=4)
    s.unit("pz", "allied", "1505", types=["afv"], cls="mech", armor="pure", personnel=False)
    m = model(new(s, tables=synthetic_tables()))  # 'max bonuses' in a village: SYNTHETIC (3)
    b = ga_drm.armor(m, m.hex_id("1605"), ga_drm.ArmorFactor(m.units["pz"], "Arm", 6),
                     ga_drm.ArmorFactor(m.units["us"], "Arm", 4), "village")
    assert (b.attacker, b.value, b.drm) == (1, 15, 15)


def test_tc19a_13_8_3_rib_from_three_bn_and_two_adjacent_defenders() -> None:
    """Examples of Play 13.8.3b (1): three Bn.s of the 71st Rgt -> 3 RIB; I/225
    with II/225 adjacent -> 2 (the adjacent Pioneer Co. is not a Bn.): net 1 = +5."""
    s = Scen()
    for i, h in ((1, "1505"), (2, "1504"), (3, "1504")):
        s.unit(f"a{i}", "allied", h, rgt="71", status={"mode": "pa"})
    s.unit("i225", "axis", "1605", rgt="225")
    s.unit("ii225", "axis", "1606", rgt="225")
    s.unit("pio", "axis", "1704", size="co", steps=1, types=["engineer"])
    m = model(new(s))
    b, _ = ga_drm.rib(m, m.hex_id("1605"), [m.units[f"a{i}"] for i in (1, 2, 3)], [m.units["i225"]])
    assert (b.attacker, b.defender, b.drm) == (1, 0, 5)


def test_tc19b_13_8_3_german_formation_units_give_rib_together() -> None:
    """Examples of Play 13.8.3b (2): Recon Co., PzG Bn. and a Pz Co. (with a
    Mech Inf Bn.) of one SS Pz Div: 3 RIB; the US 2/71 with 1/71 adjacent: 2."""
    s = Scen()
    s.hq("x-pz", "axis", "2107", 3, parent="x-corps", mech=True)
    s.unit("rcn", "axis", "1605", size="co", steps=2, types=["recon"], cls="mech", hq="x-pz")  # not at its last step
    s.unit("pzg", "axis", "1605", types=["infantry", "armored-infantry"], cls="mech", hq="x-pz", rgt="pzg")
    s.unit("pz", "axis", "1606", size="co", steps=2, types=["afv"], cls="mech", armor="pure", hq="x-pz")
    s.unit("a2", "allied", "1505", rgt="71")
    s.unit("a1", "allied", "1405", rgt="71")
    m = model(new(s))
    b, _ = ga_drm.rib(m, m.hex_id("1505"), [m.units[u] for u in ("rcn", "pzg", "pz")], [m.units["a2"]])
    assert (b.attacker, b.defender, b.drm) == (1, 0, 5)


def test_tc12_13_10_3_mandatory_hits_with_special_stacks() -> None:
    """13.10.3 example: stack A = Inf Bn. (PR 7, lead) + an attached Eng Co.
    (gave a shift against an IP), stack B = Inf Bn. (PR 6) + TD Co. (lead
    armour); result *2(3); the PRC with 7 rolls 7: fails -> 3(3); losses: the
    lead Bn., the TD Co.; the third would be the Eng Co. but its special stack
    has reached Max step loss, as has stack B: 4 discretionary hits."""
    s = Scen(hex_map(terrain={"1605": "forest"}))
    s.unit("x1", "axis", "1605", defense=3)
    s.work("1605", "IP")
    s.unit("bnA", "allied", "1505", opr=7, status={"mode": "pa"})
    s.unit("eng", "allied", "1505", size="co", steps=1, types=["engineer"], hq="a-corps",
           status={"mode": "pa", "attached_to": "a-div"})
    s.unit("bnB", "allied", "1504", opr=6, status={"mode": "pa"})
    s.unit("td", "allied", "1504", size="co", steps=1, types=["tank-destroyer", "anti-tank"], cls="mech",
           personnel=False, anti_tank=3, status={"mode": "pa"})
    tabs = synthetic_tables(**{"lucky_forward_gat_attacker_results": {
        (r, c): "*2(3)" for r in ROWS for c in "ABCDEFGHIJKLMN"}})
    st = jump(new(s, tables=tabs), "allied", "combat", "ground-assault")
    st = act(st, ga(st, "1605", ["bnA", "eng", "bnB", "td"], "bnA", armor="td")).state
    assert st.pending.kind == "GA_DEFENDER"
    st = act(st, answer(st, "lead:x1"), d10(5, 5, 5, 5, 7)).state  # the attacker's PRC: 7
    m = model(st)
    g = st.lucky_forward.ga
    assert g.attacker.result == "*2(3)"
    assert [m.units[u].us.steps_lost for u in ("bnA", "td", "eng", "bnB")] == [1, 1, 0, 0]
    assert g.attacker.discretionary == 4 and st.pending.kind == "GA_OPTION" and st.pending.side == "allied"
