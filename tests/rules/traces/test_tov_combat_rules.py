"""Combat rules (10.0-10.3, 4.1.5, 7.1, 12.4-12.6) on the illustrative map.
CRT cells the text lacks are given with the action as SYNTHETIC values."""

from __future__ import annotations

import pytest

from adjudicator.core.errors import MalformedInput
from adjudicator.rules.traces.combat import parse_result
from tests.rules.traces.helpers import (
    act, answer, attack, codes, in_activation, new_game, put, unit, verdict, where, with_cells,
)
from umpire.v1 import state_pb2


def allied_attacks(units: dict[str, str], *, turn: int = 3, options: dict[str, str] | None = None,
                   air: int = 0, reduced: tuple[str, ...] = ()) -> state_pb2.GameState:
    s = in_activation(new_game(options=options), "allied", list(units), segment="combat", turn=turn, air=air)
    for uid, hx in units.items():
        put(s, uid, hx)
    for uid in reduced:
        unit(s, uid).steps_lost = 1
    return s


CLEAR = {("terrain", "shift", "clear"): "0"}  # SYNTHETIC: the text does not give Clear's shift


def test_10_2_river_halving_sums_a_hex_then_rounds_down_and_only_for_those_crossing() -> None:
    # The German in 2314 is attacked across the bridged river from 2414, across the unbridged one
    # from 2214 ("bridged or unbridged", 10.2) and over open ground from 2413.
    units = {"us-10ad-cca": "2414", "us-10ad-ccb": "2414", "us-4ad-cca": "2214", "us-80-318": "2413"}
    reduced = ("us-10ad-ccb", "us-4ad-cca")
    v = verdict(allied_attacks(units, reduced=reduced), with_cells(attack("allied", "2314", *units), CLEAR))
    assert v.legal, v.violations
    assert v.combat.attack_strength == (6 + 3) // 2 + 3 // 2 + 4  # 4 + 1 + 4, per hex
    assert sum("halved" in n.text for n in v.combat.notes) == 2
    total = verdict(allied_attacks(units, options={"tov.a60-halving": "total"}, reduced=reduced),
                    with_cells(attack("allied", "2314", *units), CLEAR))
    assert total.combat.attack_strength == (6 + 3 + 3) // 2 + 4  # 10 (A-60 'total')


def test_12_4_metz_fortification_x4_when_every_attacker_crosses_a_river_else_x3() -> None:
    units = {"us-10ad-cca": "2602", "us-4ad-cca": "2603"}
    v = verdict(allied_attacks(units), with_cells(attack("allied", "2703", *units), CLEAR))
    assert v.combat.defense_strength == 3 * 4
    assert any("x4" in n.text and n.citation.rule_case == "12.4" for n in v.combat.notes)
    mixed = dict(units, **{"us-6ad-cca": "2702"})
    v = verdict(allied_attacks(mixed), with_cells(attack("allied", "2703", *mixed), CLEAR))
    assert v.combat.defense_strength == 3 * 3
    # The Metz city hex is not a fortification (A-10 'no'), unless the option says so.
    cells = {("terrain", "shift", "city"): "-1"}
    v = verdict(allied_attacks({"us-6ad-cca": "2705"}), with_cells(attack("allied", "2704", "us-6ad-cca"), cells))
    assert v.combat.defense_strength == 3
    yes = allied_attacks({"us-6ad-cca": "2705"}, options={"tov.a10-metz-city-fort": "yes"})
    v = verdict(yes, with_cells(attack("allied", "2704", "us-6ad-cca"), cells))
    assert v.combat.defense_strength == 9


def test_12_6_siegfried_doubles_and_12_5_maginot_shifts_one_left() -> None:
    s = allied_attacks({"us-6ad-cca": "2913"})
    v = verdict(s, with_cells(attack("allied", "2914", "us-6ad-cca"), CLEAR))
    assert v.combat.defense_strength == 8 and any(n.citation.rule_case == "12.6" for n in v.combat.notes)
    s = allied_attacks({"us-10ad-cca": "1910", "us-10ad-ccb": "1910"})
    v = verdict(s, with_cells(attack("allied", "1810", "us-10ad-cca", "us-10ad-ccb"), CLEAR))
    assert v.combat.base_column == "3:1"  # 12 vs 4
    kinds = [(x.kind, x.columns) for x in v.combat.shifts]
    assert ("maginot", -1) in kinds and v.combat.final_column == "2:1"


def test_4_1_5_mud_shift_except_major_city_to_major_city() -> None:
    cells = {("terrain", "shift", "major-city"): "-1"}  # SYNTHETIC
    s = allied_attacks({"us-10ad-cca": "3520", "us-10ad-ccb": "3520"}, turn=1)
    put(s, "de-19-59", "3420")
    v = verdict(s, with_cells(attack("allied", "3420", "us-10ad-cca", "us-10ad-ccb"), cells))
    assert v.legal and ("mud", -1) not in [(x.kind, x.columns) for x in v.combat.shifts]
    put(s, "us-10ad-ccb", "3421")
    v = verdict(s, with_cells(attack("allied", "3420", "us-10ad-cca", "us-10ad-ccb"), cells))
    assert ("mud", -1) in [(x.kind, x.columns) for x in v.combat.shifts]  # A-52 'all'
    s.options.add(name="tov.a52-mud-major-city", value="any")
    v = verdict(s, with_cells(attack("allied", "3420", "us-10ad-cca", "us-10ad-ccb"), cells))
    assert ("mud", -1) not in [(x.kind, x.columns) for x in v.combat.shifts]


def test_10_2_minimum_1_to_2_before_and_after_shifts() -> None:
    s = allied_attacks({"us-80-318": "2413"}, reduced=("us-80-318",))
    put(s, "de-11pz-110", "2314")  # 2 attacking 4+5: 1:4.5 -> below 1:2
    v = verdict(s, with_cells(attack("allied", "2314", "us-80-318"), CLEAR))
    assert codes(v) == ["ODDS_TOO_LOW"] and v.violations[0].citation.rule_case == "10.2"
    s = allied_attacks({"us-80-318": "2413"}, turn=1)  # 4 vs 4 = 1:1, mud 1L -> 1:2 legal
    v = verdict(s, with_cells(attack("allied", "2314", "us-80-318"), {("terrain", "shift", "clear"): "-1"}))
    assert codes(v) == ["ODDS_TOO_LOW"] and v.violations[0].citation.rule_case == "10.2.2"  # 1:1 -1 -1
    v = verdict(s, with_cells(attack("allied", "2314", "us-80-318", supports=["intensity:1"]),
                              {("terrain", "shift", "clear"): "-1"}))
    assert v.legal and v.combat.final_column == "1:2"


@pytest.mark.parametrize(("rule", "column"), [("before", "9:1"), ("after", "10+")])
def test_a13_above_10_to_1(rule: str, column: str) -> None:
    units = {"us-10ad-cca": "2408", "us-10ad-ccb": "2408"}
    s = allied_attacks(units, options={"tov.a13-ten-plus": rule})
    put(s, "de-361-952", "")
    unit(s, "de-361-951").steps_lost = 1  # defence 1: 12:1
    v = verdict(s, attack("allied", "2407", *units))
    assert v.combat.final_column == column  # Rough 1L from 10+ (before) or from 12:1 (after)


def test_10_0_no_attack_across_the_rhine_and_only_adjacent_units() -> None:
    s = allied_attacks({"us-10ad-cca": "3620"})
    put(s, "de-19-59", "3520")
    assert "BLOCKED_HEXSIDE" in codes(verdict(s, attack("allied", "3520", "us-10ad-cca")))
    s = allied_attacks({"us-10ad-cca": "2409"})
    assert "NOT_ADJACENT" in codes(verdict(s, attack("allied", "2407", "us-10ad-cca")))


def test_a49_an_hq_alone_may_be_attacked_and_relocates_when_destroyed() -> None:
    s = allied_attacks({"us-10ad-cca": "2006", "us-10ad-ccb": "2006"})
    v = verdict(s, with_cells(attack("allied", "2005", "us-10ad-cca", "us-10ad-ccb"), CLEAR))
    assert v.legal and v.combat.defenders == ["de-hq-lxxxii"]
    vp = s.traces.allied_vp
    s = act(s, with_cells(attack("allied", "2005", "us-10ad-cca", "us-10ad-ccb"),
                          {("terrain", "shift", "clear"): "0", ("crt", "6:1", "1"): "2"}), rolls=[1]).state
    # The HQ lost both steps: it leaves the map to be relocated (2.3), the Germans' loss is +2 Allied VP.
    assert unit(s, "de-hq-lxxxii").status == state_pb2.UnitState.OFF_MAP
    assert s.traces.allied_vp == vp + 2
    assert s.pending.kind == "ADVANCE" or s.pending.kind == "HQ_RELOCATION"


def test_7_1_defensive_air_is_offered_to_the_allied_defender() -> None:
    s = in_activation(new_game(), "german", ["de-48-126"], segment="combat", air=1)
    a = with_cells(attack("german", "2413", "de-48-126"), {**CLEAR, ("crt", "1:2", "4"): "-"})
    v = verdict(s, a)
    assert v.combat.final_column == "1:1" and any(n.citation.rule_case == "7.1" for n in v.notes)
    s = act(s, a).state
    assert s.pending.kind == "DEFENSIVE_AIR" and s.pending.side == "allied"
    ap = act(s, with_cells(answer(s, "allied", ["air"]), {("crt", "1:2", "4"): "-"}), rolls=[4])
    s2 = ap.state
    assert s2.traces.air_available == 0
    assert any(e.kind == "DEFENSIVE_AIR" and "1:2" in e.text for e in ap.events)  # 1:1, 1 left
    assert not s2.HasField("pending") and where(s2, "us-80-318") == "2413"
    s3 = act(s, with_cells(answer(s, "allied", ["none"]), {("crt", "1:1", "4"): "-"}), rolls=[4])
    assert s3.state.traces.air_available == 1


def test_10_3_attacker_casualty_roll_after_the_advance_hits_advancing_units_first() -> None:
    units = {"us-10ad-cca": "2408", "us-10ad-ccb": "2408", "us-90-358": "2508"}
    s = allied_attacks(units)
    # 6 + 6 + 8 = 20 vs 5: 4:1, Rough 1L: 3:1. SYNTHETIC cell "R*": retreat 1, attacker-casualty symbol.
    s = act(s, with_cells(attack("allied", "2407", *units), {("crt", "3:1", "3"): "R*"}), rolls=[3]).state
    # R: the only retreat free of enemy ZOC is 2307, so it is made without asking.
    assert s.traces.combat.casualty_roll and s.pending.kind == "ADVANCE"
    assert where(s, "de-361-951") == where(s, "de-361-952") == "2307"
    ap = act(s, answer(s, "allied", assignments={"us-10ad-cca": ["2407"]}), rolls=[6])
    s = ap.state
    # A 6: the loss is taken first by the advancing unit, the only one: no choice.
    assert [r.purpose for r in ap.rolls] == ["combat at 2407: attacker casualty"]
    assert unit(s, "us-10ad-cca").steps_lost == 1 and unit(s, "us-10ad-ccb").steps_lost == 0
    assert not s.HasField("pending")


def test_10_2_3_intensity_2r_loses_a_step_on_1_to_4_and_a3_option() -> None:
    units = {"us-10ad-cca": "2408"}
    s = allied_attacks(units)
    a = with_cells(attack("allied", "2407", "us-10ad-cca", supports=["intensity:2"]), {("crt", "2:1", "2"): "-"})
    v = verdict(s, a)
    assert v.combat.final_column == "2:1"  # 6:5 = 1:1, Rough 1L, intensity 2R
    s4 = act(s, a, rolls=[2, 4]).state
    assert unit(s4, "us-10ad-cca").steps_lost == 1  # one attacker: no choice
    s5 = act(s, a, rolls=[2, 5]).state
    assert unit(s5, "us-10ad-cca").steps_lost == 0
    s_opt = allied_attacks(units, options={"tov.a3-intensity-roll": "if-defender-lost"})
    ap = act(s_opt, a, rolls=[2])  # "-": the defender lost nothing, so no risk roll
    assert [r.purpose for r in ap.rolls] == ["combat at 2407: CRT"]


def test_crt_results_are_parsed_and_bad_ones_named() -> None:
    r = parse_result("2RR", "x")
    assert (r.defender_losses, r.retreat, r.casualty, r.attacker_losses) == (2, 2, False, 0)
    r = parse_result("1R*/A1", "x")
    assert (r.defender_losses, r.retreat, r.casualty, r.attacker_losses) == (1, 1, True, 1)
    assert parse_result("-", "x").retreat == 0
    with pytest.raises(MalformedInput, match="crt column 3:1 row 2"):
        parse_result("DE", "crt column 3:1 row 2")
