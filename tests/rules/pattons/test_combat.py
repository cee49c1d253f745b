"""Combat (9.0-9.7, 7.2, 11.3.3, 11.4.2, 12.2, 13.2, 18.1, 18.3, 19.B, 20.2.2.D):
who attacks whom, strengths with their modifiers, the column shifts and their
caps, clamping before shifting, artillery support and Air Points, and the
Support Points an attack costs. ILLUSTRATIVE map and counters, SYNTHETIC CRT
(columns 1:3 .. 6:1)."""

from __future__ import annotations

from adjudicator.core import engine
from adjudicator.rules.pattons import strength
from tests.rules.pattons.helpers import (
    answer, apply, at, attack, codes, end, give_chit, model, roll_to_result, set_features, setup, uniform_crt, unit,
)
from umpire.v1 import action_pb2

G1, G2 = "126/48/13", "127/48/13"


def kinds(v: action_pb2.Verdict, *, counted: bool = True) -> list[str]:
    return sorted(s.kind for s in v.combat.shifts if not (counted and s.cancelled))


def test_9_1_1_every_adjacent_enemy_must_be_attacked_before_the_phase_ends() -> None:
    st = at({"134/35/12": "0403", G1: "0404"})
    v = engine.validate(st, end("us"))
    assert codes(v) == ["MANDATORY_ATTACK"] and v.violations[0].subject == "0404"
    assert v.violations[0].citation.rule_case == "9.1.1"


def test_9_1_1_the_obligation_is_met_once_the_hex_was_attacked() -> None:
    st = at({"134/35/12": "0403", G1: "0404"}, tables=uniform_crt("-"))
    st.pattons.air_points["german"] = 0
    shown = apply(st, attack("us", "0404", ["134/35/12"]), dice=[2, 2]).state  # both untried: two draws
    done = roll_to_result(shown).state
    assert not done.HasField("pending") and engine.validate(done, end("us")).legal
    assert "0404" in done.pattons.attacked_hexes and "attacked" in unit(done, "134/35/12").markers


def test_9_1_3_germans_in_entrenchments_and_units_in_towns_need_not_attack() -> None:
    st = at({G1: "0816", "10/5/20": "0716"}, phase="german-combat")
    assert engine.validate(st, end("german")).legal  # 12.2.3
    town = at({G1: "0917", "10/5/20": "0816"}, phase="german-combat")  # Metz is a town hex here
    assert engine.validate(town, end("german")).legal
    us_town = at({"10/5/20": "0714", G1: "0814"}, phase="us-combat")
    assert model(us_town).hm.terrain[model(us_town).hex("0714")] == "town"
    assert engine.validate(us_town, end("us")).legal  # AMBIG-11 default: towns exempt both sides
    german_only = at({"10/5/20": "0714", G1: "0814"}, phase="us-combat",
                     options={"p3.amb11-town-exemption": "german-only"})
    assert codes(engine.validate(german_only, end("us"))) == ["MANDATORY_ATTACK"]
    # 9.1.3.B: the enemy next to them must still attack them.
    st = at({G1: "0816", "10/5/20": "0716"})
    assert codes(engine.validate(st, end("us"))) == ["MANDATORY_ATTACK"]


def test_9_1_4_a_unit_attacks_once_and_a_hex_is_attacked_once_per_combat_phase() -> None:
    st = at({"134/35/12": "0403", "137/35/12": "0405", G1: "0404"}, tables=uniform_crt("-"))
    st.pattons.air_points["german"] = 0
    done = roll_to_result(apply(st, attack("us", "0404", ["134/35/12"]), dice=[2, 2]).state).state
    assert codes(engine.validate(done, attack("us", "0404", ["137/35/12"]))) == ["HEX_ALREADY_ATTACKED"]
    # 137 beside 0402 keeps it coverable while 134 attacks 0404 (AMBIG-14, test_obligation.py).
    st2 = at({"134/35/12": "0403", "137/35/12": "0401", G1: "0404", G2: "0402"}, tables=uniform_crt("-"))
    st2.pattons.air_points["german"] = 0
    done2 = roll_to_result(apply(st2, attack("us", "0404", ["134/35/12"]), dice=[2, 2]).state).state
    assert codes(engine.validate(done2, attack("us", "0402", ["134/35/12"]))) == ["ALREADY_ATTACKED"]


def test_9_2_5_a_multi_hex_attack_needs_every_attacker_adjacent_to_every_defender() -> None:
    st = at({"134/35/12": "0403", "137/35/12": "0505", G1: "0404", G2: "0402"})
    a = action_pb2.Action(side="us")
    a.pattons.attack.targets.extend(["0404", "0402"])
    a.pattons.attack.attackers.extend(["134/35/12"])
    assert engine.validate(st, a).legal  # 0403 touches both
    a.pattons.attack.attackers.append("137/35/12")
    assert codes(engine.validate(st, a)) == ["NOT_ADJACENT"]


def test_7_2_1_one_regiment_per_hex_attacks_and_battalions_always_take_part_in_defence() -> None:
    st = at({"134/35/12": "0403", "137/35/12": "0403", G1: "0404", "1/82": "0404"})
    assert codes(engine.validate(st, attack("us", "0404", ["134/35/12", "137/35/12"]))) == ["ONE_LARGE_PER_HEX"]
    v = engine.validate(st, attack("us", "0404", ["134/35/12"]))
    assert sorted(v.combat.defenders) == ["1/82", G1]


def test_7_2_2_a_the_defender_chooses_its_regiment_and_the_other_sits_out_sharing_the_result() -> None:
    st = at({"134/35/12": "0403", G1: "0404", G2: "0404"}, tables=uniform_crt("D(1)"))
    st.pattons.air_points["german"] = 0
    declared = apply(st, attack("us", "0404", ["134/35/12"])).state
    d = declared.pending
    assert d.kind == "DEFEND" and sorted(o.id for o in d.options) == [f"defend:{G1}", f"defend:{G2}"]
    assert not declared.pattons.held or {h.unit_id for h in declared.pattons.held} == set()  # 9.6.4.D: no chit yet
    assert codes(engine.validate(declared, answer(declared, f"defend:{G1}", f"defend:{G2}"))) == ["ONE_DEFENDER"]
    shown = apply(declared, answer(declared, f"defend:{G2}"), dice=[3, 5]).state  # 134 draws, then 127
    assert list(shown.pattons.combat.defenders) == [G2] and list(shown.pattons.combat.bystanders) == [G1]
    assert G1 not in {h.unit_id for h in shown.pattons.held}  # 8.3.6: no chit for a unit that does not fight
    assert "sitout" in unit(shown, G1).markers


def test_9_3_2_a_defender_attacked_entirely_across_rivers_is_doubled() -> None:
    st = at({"10/5/20": "0716", "2/5/20": "0815", G1: "0816"})
    give_chit(st, G1, "1-01")  # C 3
    g, s = setup(st, "us", ["0816"], ["10/5/20"], [G1])
    add = strength.terms(g, s, "")[0][2]
    assert add == 9  # entrenchment x2 and entirely across the river: x3 (9.3.2, 12.2.1.A)
    g, s = setup(st, "us", ["0816"], ["10/5/20", "2/5/20"], [G1])
    assert strength.terms(g, s, "")[0][2] == 6  # 0815 attacks overland: entrenchment x2 only


def test_9_3_2_allied_units_in_entrenchments_get_only_the_river_doubling() -> None:
    st = at({"10/5/20": "0816", "860/347/82": "0716", "861/347/82": "0815"}, phase="german-combat")
    give_chit(st, "10/5/20", "2-01")  # B 6
    g, s = setup(st, "german", ["0816"], ["860/347/82"], ["10/5/20"])
    assert strength.terms(g, s, "")[0][2] == 12
    g, s = setup(st, "german", ["0816"], ["861/347/82"], ["10/5/20"])
    assert strength.terms(g, s, "")[0][2] == 6
    tri = at({"10/5/20": "0816", "860/347/82": "0716"}, phase="german-combat",
             options={"p3.amb5-allied-entrenchment": "triple"})
    give_chit(tri, "10/5/20", "2-01")
    g, s = setup(tri, "german", ["0816"], ["860/347/82"], ["10/5/20"])
    assert strength.terms(g, s, "")[0][2] == 18


def test_19_b_an_improved_position_adds_2_to_the_stack_after_the_river_doubling() -> None:
    st = at({"10/5/20": "0716", "2/5/20": "0815", G1: "0816", "1/82": "0816"})
    set_features(st, "0816", "improved-position")
    give_chit(st, G1, "1-01")
    g, s = setup(st, "us", ["0816"], ["10/5/20"], [G1, "1/82"])
    assert strength.terms(g, s, "")[0][2] == (3 + 1) * 2 + 2
    g, s = setup(st, "us", ["0816"], ["10/5/20", "2/5/20"], [G1, "1/82"])
    assert strength.terms(g, s, "")[0][2] == 3 + 1 + 2


def test_11_3_3_and_11_4_2_supply_halves_attackers_and_isolated_defenders_unit_by_unit_min_1() -> None:
    st = at({"134/35/12": "0403", "737/12": "0403", "59/19/82": "0404", "73/19/82": "0405", "1/82": "0404"},
            markers={"134/35/12": ["oos"], "737/12": ["isolated"], "59/19/82": ["isolated"], "1/82": ["isolated"],
                     "73/19/82": ["oos"]})
    give_chit(st, "134/35/12", "2-03")  # B 7
    give_chit(st, "59/19/82", "2-02")  # B 5
    give_chit(st, "73/19/82", "2-06")  # B 6
    g, s = setup(st, "us", ["0404", "0405"], ["134/35/12", "737/12"], ["59/19/82", "1/82", "73/19/82"])
    a, oos, d = strength.terms(g, s, "")[0]
    assert a == 3 + 1  # OOS attacker 7 // 2; isolated attacker: 1 (11.4.2.A)
    assert d == 2 + 1 + 6  # isolated 5 // 2, isolated 1 -> 1 (not 0), OOS defender in full (11.3.3.B)


def test_9_3_3_hilltop_bonuses_for_either_side_the_defender_wins_a_tie_and_never_for_the_hilltop_attacked() -> None:
    st = at({"134/35/12": "0604", "137/35/12": "0804", G1: "0704"})
    g = model(st)
    assert g.hm.terrain[g.hex("0804")] == "hilltop"
    v = engine.validate(st, attack("us", "0704", ["134/35/12"]))
    assert [s.columns for s in v.combat.shifts if s.kind == "hilltop"] == [1]
    st2 = at({"134/35/12": "0604", G2: "0804", G1: "0704"})
    v2 = engine.validate(st2, attack("us", "0704", ["134/35/12"]))
    assert [s.columns for s in v2.combat.shifts if s.kind == "hilltop"] == [-1]
    st3 = at({"134/35/12": "0604", "137/35/12": "0804", G1: "0704", G2: "0803"})
    g3 = model(st3)
    assert g3.hm.terrain[g3.hex("0803")] == "hilltop" and g3.hm.distance(g3.hex("0803"), g3.hex("0704")) == 1
    v3 = engine.validate(st3, attack("us", "0704", ["134/35/12"]))
    hill = [(s.columns, s.cancelled) for s in v3.combat.shifts if s.kind == "hilltop"]
    assert (-1, False) in hill and (1, True) in hill and len(hill) == 2  # 9.3.5.C
    st4 = at({"134/35/12": "0904", G1: "0804"})  # the attacked hilltop gives no bonus to itself
    assert not [s for s in engine.validate(st4, attack("us", "0804", ["134/35/12"])).combat.shifts
                if s.kind == "hilltop"]


def test_9_4_2_defender_divisional_integrity_and_its_cap_of_one() -> None:
    # 128 in 0504 is next to 134 too: judged hex by hex (AMBIG-14 'coverable'), 134 may attack 0404 alone.
    st = at({"134/35/12": "0403", G1: "0404", G2: "0405", "128/48/13": "0504"},
            options={"p3.amb14-mandatory": "coverable"})
    v = engine.validate(st, attack("us", "0404", ["134/35/12"]))
    assert [s.columns for s in v.combat.shifts if s.kind == "division-defense" and not s.cancelled] == [-1]


def test_9_4_4_a_at_most_two_attack_bonuses_for_divisional_integrity() -> None:
    st = at({G1: "0404", "134/35/12": "0403", "137/35/12": "0403", "320/35/12": "0403",
             "317/80/12": "0405", "318/80/12": "0405", "319/80/12": "0405",
             "101/26/12": "0304", "104/26/12": "0304", "328/26/12": "0304"})
    v = engine.validate(st, attack("us", "0404", ["134/35/12", "317/80/12", "101/26/12"]))
    claims = [s for s in v.combat.shifts if s.kind == "division-attack"]
    assert len(claims) == 3
    net, _ = strength.net(model(st), strength.Setup("us", [model(st).hex("0404")],
                                                      ["134/35/12", "317/80/12", "101/26/12"], [G1]))
    assert net == 2  # 9.4.4.A (no other shift here)


def test_9_5_combined_arms_negated_by_a_combined_arms_defence_parentheses_and_entrenchments() -> None:
    base = {"10/5/20": "0403", "737/12": "0403"}
    for defenders, why in (({G1: "0404", "1039/82": "0404"}, "9.5.4.A"), ({"110/11": "0404"}, "9.5.4.B")):
        v = engine.validate(at({**base, **defenders}), attack("us", "0404", ["10/5/20", "737/12"]))
        ca = [s for s in v.combat.shifts if s.kind == "combined-arms"]
        assert ca and all(s.cancelled for s in ca) and ca[0].citation.rule_case == why
    v = engine.validate(at({"10/5/20": "0815", "737/12": "0815", G1: "0816"}),
                        attack("us", "0816", ["10/5/20", "737/12"]))
    ca = [s for s in v.combat.shifts if s.kind == "combined-arms"]
    assert ca and ca[0].cancelled and ca[0].citation.rule_case == "12.2.2"


def test_9_5_2_a_parenthesized_unit_earns_combined_arms_alone_but_not_its_cadre() -> None:
    v = engine.validate(at({"CCA/4": "0403", G1: "0404"}), attack("us", "0404", ["CCA/4"]))
    assert [s.citation.rule_case for s in v.combat.shifts if s.kind == "combined-arms"] == ["9.5.2"]
    cadre = at({"CCA/4": "0403", G1: "0404"}, markers={"CCA/4": ["cadre", "tried"]})
    assert not [s for s in engine.validate(cadre, attack("us", "0404", ["CCA/4"])).combat.shifts
                if s.kind == "combined-arms"]


def test_9_5_5_across_rivers_at_most_one_combined_arms_bonus() -> None:
    st = at({"10/5/20": "0717", "737/12": "0717", "CCA/4": "0718", G1: "0817"})
    set_features(st, "0817")  # no entrenchment: combined arms is not cancelled there
    g, s = setup(st, "us", ["0817"], ["10/5/20", "737/12", "CCA/4"], [G1])
    assert all(strength.across_river(g, s, h) for h in s.targets)
    net, shifts = strength.net(g, s)
    assert len([x for x in shifts if x.kind == "combined-arms"]) == 2 and net == 1


def test_9_7_a_off_table_ratios_use_the_end_column_and_shift_from_there() -> None:
    g = model(at({"10/5/20": "0403"}))
    t = strength.crt(g)
    assert strength.odds_column(g, t, 20, 1, -1) == ("6:1", "5:1")  # 20:1 is the 6:1 column, then one left
    assert strength.odds_column(g, t, 1, 9, 1) == ("1:3", "1:2")  # 1:9 is the 1:3 column, then one right
    assert strength.odds_column(g, t, 13, 5, 0) == ("2:1", "2:1")  # 2.6 rounds down for the defender (9.0.E)
    assert strength.odds_column(g, t, 2, 5, 0) == ("1:3", "1:3")  # AMBIG-2 default
    lit = model(at({"10/5/20": "0403"}, options={"p3.amb2-low-odds": "literal"}))
    assert strength.odds_column(lit, t, 2, 5, 0) == ("1:2", "1:2")


def test_20_2_2_d_mud_shifts_every_combat_one_column_left() -> None:
    v = engine.validate(at({"134/35/12": "0403", G1: "0404"}, mud=True), attack("us", "0404", ["134/35/12"]))
    mud = [s for s in v.combat.shifts if s.kind == "mud"]
    assert [s.columns for s in mud] == [-1] and mud[0].citation.rule_case == "20.2.2.D"


def test_9_6_artillery_support_eligibility_corps_link_caps_and_one_use_per_phase() -> None:
    place = {"134/35/12": "0403", G1: "0404", "177/12": "0603", "182/12": "0402", "696/12": "0205",
             "193/20": "0502"}
    st = at(place)
    g = model(st)
    assert g.hm.distance(g.hex("0603"), g.hex("0404")) <= 3
    v = engine.validate(st, attack("us", "0404", ["134/35/12"], ["177/12"]))
    assert v.legal and [s.kind for s in v.combat.shifts] == ["artillery-attack"]
    assert codes(engine.validate(st, attack("us", "0404", ["134/35/12"], ["193/20"]))) == ["NO_SUPPORT"]  # 9.6.3
    assert codes(engine.validate(st, attack("us", "0404", ["134/35/12"], ["177/12", "182/12", "696/12"]))) == \
        ["TOO_MANY_SUPPORTS"]
    adjacent = at(place, markers={"182/12": ["art-adjacent"]})
    assert "9.6.1" in engine.validate(adjacent, attack("us", "0404", ["134/35/12"], ["182/12"])).violations[0].message
    used = at(place, markers={"177/12": ["support-used"]})
    assert codes(engine.validate(used, attack("us", "0404", ["134/35/12"], ["177/12"]))) == ["NO_SUPPORT"]


def test_18_4_1_b_no_20th_corps_artillery_support_on_turn_1() -> None:
    place = {"10/5/20": "0403", G1: "0404", "193/20": "0603"}
    assert engine.validate(at(place, turn=2), attack("us", "0404", ["10/5/20"], ["193/20"])).legal
    v = engine.validate(at(place, turn=1), attack("us", "0404", ["10/5/20"], ["193/20"]))
    assert "18.4.1.B" in v.violations[0].message


def test_13_2_one_air_point_per_side_per_combat_the_defender_announcing_after_the_attacker() -> None:
    st = at({"134/35/12": "0403", G1: "0404"}, tables=uniform_crt("-"))
    v = engine.validate(st, attack("us", "0404", ["134/35/12"], ["air"]))
    assert [s.kind for s in v.combat.shifts] == ["air"]
    assert codes(engine.validate(st, attack("us", "0404", ["134/35/12"], ["air", "air"]))) == ["ONE_AIR_POINT"]
    declared = apply(st, attack("us", "0404", ["134/35/12"], ["air"])).state
    assert declared.pattons.air_points["us"] == 1 and declared.pending.kind == "DEFEND"
    assert [o.id for o in declared.pending.options] == ["air"]
    shown = apply(declared, answer(declared, "air"), dice=[1, 1]).state
    assert shown.pattons.air_points["german"] == 0 and shown.pattons.combat.defender_air
    none = at({"134/35/12": "0403", G1: "0404"})
    none.pattons.air_points["us"] = 0
    assert codes(engine.validate(none, attack("us", "0404", ["134/35/12"], ["air"]))) == ["NO_AIR_POINT"]


def test_18_1_a_us_attack_costs_each_participating_corps_one_sp_a_breakthrough_nothing() -> None:
    st = at({"134/35/12": "0403", "10/5/20": "0405", G1: "0404"}, tables=uniform_crt("-"))
    st.pattons.air_points["german"] = 0
    after = roll_to_result(apply(st, attack("us", "0404", ["134/35/12", "10/5/20"]), dice=[1, 1, 2]).state).state
    assert (after.pattons.support["12"], after.pattons.support["20"]) == (39, 34)
    bold = at({"134/35/12": "0403", "10/5/20": "0405", G1: "0404"}, tables=uniform_crt("-", bold=True))
    bold.pattons.air_points["german"] = 0
    after = roll_to_result(apply(bold, attack("us", "0404", ["134/35/12", "10/5/20"]), dice=[1, 1, 2]).state).state
    assert (after.pattons.support["12"], after.pattons.support["20"]) == (40, 35)


def test_18_3_1_at_zero_sp_no_artillery_support_and_no_divisional_integrity() -> None:
    st = at({G1: "0404", "134/35/12": "0403", "137/35/12": "0403", "320/35/12": "0405", "177/12": "0603"})
    st.pattons.support["12"] = 0
    assert "18.3.1.B" in engine.validate(st, attack("us", "0404", ["134/35/12"], ["177/12"])).violations[0].message
    v = engine.validate(st, attack("us", "0404", ["134/35/12"]))
    di = [s for s in v.combat.shifts if s.kind == "division"]
    assert di and di[0].cancelled and di[0].citation.rule_case == "18.3.1.C"
