"""The rulebook's own worked examples (digest §5.1, E1-E14), on the ILLUSTRATIVE
counters and map and the SYNTHETIC tables (synthetic_tables.textproto)."""

from __future__ import annotations

from adjudicator.core import dice as dice_mod
from adjudicator.core import engine
from adjudicator.rules.pattons import combat, phases, strength, victory
from adjudicator.rules.pattons.losses import steps_left
from adjudicator.rules.pattons.model import Game
from tests.rules.pattons.helpers import (
    answer, apply, at, attack, codes, end, give_chit, held, model, move, new_game, pool_chits, roll_to_result,
    uniform_crt, unit,
)


def _126_attacked() -> engine.Applied:
    st = at({"137/35/12": "1124", "126/48/13": "1123"})
    st.pattons.air_points["german"] = 0  # nothing for the defender to announce: the chits come at once
    give_chit(st, "137/35/12", "2-01")
    assert held(st, "126/48/13") == "" and "tried" not in unit(st, "126/48/13").markers
    # Pool 1 holds 1-01..1-08 in order; the draw die of 1 picks 1-01 (front A6 B4 C3).
    return apply(st, attack("us", "1123", ["137/35/12"]), dice=[1])


def test_8_3_5_example_126_48_13_draws_from_pool_1_front_up_and_gets_cs_3() -> None:
    applied = _126_attacked()
    st = applied.state
    assert held(st, "126/48/13") == "1-01" and "1-01" not in pool_chits(st, 1)
    assert unit(st, "126/48/13").steps_lost == 0  # front (stronger) side up, 8.3.5.B
    g = model(st)
    s = strength.Setup("us", [g.hex("1123")], ["137/35/12"], ["126/48/13"])
    assert strength.terms(g, s, "")[0] == (6, 0, 3)  # class C on chit 1-01: CS 3
    drawn = [e for e in applied.events if e.kind == "CHIT_DRAWN"]
    assert [e.units[0] for e in drawn] == ["126/48/13"] and list(drawn[0].visible_to) == ["german"]


def test_9_8_2_a_the_chits_cs_of_3_gives_126_48_13_three_steps() -> None:
    g = model(_126_attacked().state)
    assert steps_left(g, "126/48/13") == 3


def test_8_4_1_the_chit_is_drawn_after_the_declaration_just_before_the_ratio() -> None:
    applied = _126_attacked()
    kinds = [e.kind for e in applied.events]
    assert kinds.index("ATTACK_DECLARED") < kinds.index("CHIT_DRAWN") < kinds.index("COMBAT_ODDS")
    st = applied.state
    assert st.pattons.combat.stage == "revealed" and st.pending.kind == "ROLL"
    assert st.pattons.combat.attack == 6 and st.pattons.combat.defense == 3


def test_9_5_5_example_10_5_20_and_737_12_are_eligible_for_combined_arms() -> None:
    st = at({"10/5/20": "1324", "737/12": "1324", "128/48/13": "1323"})
    v = engine.validate(st, attack("us", "1323", ["10/5/20", "737/12"]))
    assert v.legal, v.violations
    ca = [s for s in v.combat.shifts if s.kind == "combined-arms"]
    assert len(ca) == 1 and not ca[0].cancelled and ca[0].columns == 1 and ca[0].citation.rule_case == "9.5.1"
    alone = engine.validate(st, attack("us", "1323", ["10/5/20"]))
    assert not [s for s in alone.combat.shifts if s.kind == "combined-arms"]


def _d2_2() -> engine.Applied:
    st = at({"137/35/12": "1124", "127/48/13": "1123", "1/82": "1123"}, tables=uniform_crt("D2(2)"))
    st.pattons.air_points["german"] = 0
    give_chit(st, "137/35/12", "2-01")
    give_chit(st, "127/48/13", "1-01")  # front C 3: three steps
    declared = apply(st, attack("us", "1123", ["137/35/12"])).state
    return roll_to_result(declared)


def test_9_8_5_example_d2_2_first_two_mandatory_steps_one_from_each_of_two_units_or_two_from_one() -> None:
    st = _d2_2().state
    assert st.pending.kind == "CHOOSE_LOSSES" and st.pending.side == "german"
    assert (st.pending.min_choices, st.pending.max_choices) == (2, 2)
    assert engine.validate(st, answer(st, "1/82", "127/48/13")).legal
    assert engine.validate(st, answer(st, "127/48/13", "127/48/13")).legal
    bad = engine.validate(st, answer(st, "1/82", "1/82"))
    assert codes(bad) == ["LOSS_ORDER"]  # a battalion has one step (9.8.1.C)


def test_9_8_5_example_d2_2_then_two_more_steps_or_retreat_two_or_one_of_each() -> None:
    st = _d2_2().state
    after = apply(st, answer(st, "127/48/13", "127/48/13")).state
    assert after.pending.kind == "RESULT_ALLOCATION"
    assert sorted(o.id for o in after.pending.options) == ["s0r2", "s1r1", "s2r0"]
    g = model(after)
    assert g.cadre("127/48/13") and steps_left(g, "127/48/13") == 1  # two steps lost: cadre (9.8.2.A)


def test_9_8_5_example_two_more_steps_only_if_the_stack_has_them() -> None:
    st = _d2_2().state
    after = apply(st, answer(st, "1/82", "127/48/13")).state
    ids = sorted(o.id for o in after.pending.options)
    assert ids == ["s0r2", "s1r1", "s2r0"]  # 127 has two steps left
    st2 = at({"137/35/12": "1124", "1/82": "1123"}, tables=uniform_crt("D1(1)"))
    st2.pattons.air_points["german"] = 0
    give_chit(st2, "137/35/12", "2-01")
    res = roll_to_result(apply(st2, attack("us", "1123", ["137/35/12"])).state).state
    assert "1/82" not in {u.unit_id for u in res.units if u.status == 0}  # the battalion's one step


def test_5_5_2_example_mechanized_unit_on_a_road_strategically_pays_half_an_mp_per_hex() -> None:
    st = at({"CCA/4": "0926"}, phase="us-movement", turn=6)
    path = ["1026", "1126", "1226"]  # along the road 0125-1527 of the illustrative map
    v = engine.validate(st, move("us", ["CCA/4"], path, mode="strategic"))
    assert v.legal, v.violations
    assert [s.cost for s in v.path] == [0.5, 0.5, 0.5] and v.mp_total == 1.5
    tactical = engine.validate(st, move("us", ["CCA/4"], path))
    assert [s.cost for s in tactical.path] == [1, 1, 1]  # 5.4.3


def test_5_5_1_b_strategic_movement_within_two_hexes_of_an_enemy_is_refused() -> None:
    st = at({"CCA/4": "0926", "1/82": "1228"}, phase="us-movement", turn=6)
    g = model(st)
    assert g.hm.distance(g.hex("1226"), g.hex("1228")) == 2
    v = engine.validate(st, move("us", ["CCA/4"], ["1026", "1126", "1226"], mode="strategic"))
    assert codes(v) == ["STRATEGIC_NEAR_ENEMY"] and v.violations[0].citation.rule_case == "5.5.1.B"
    assert engine.validate(st, move("us", ["CCA/4"], ["1026", "1126", "1226"])).legal


def test_20_2_1_example_rain_on_turn_2_mud_turns_2_to_5_and_rain_on_turn_3_adds_turn_6() -> None:
    g = Game(new_game())
    del g.ext.rain_turns[:]

    def mud_turns() -> list[int]:
        out = []
        for t in range(1, 10):
            g.state.turn = t
            if g.mud():
                out.append(t)
        return out

    phases.rain(g, 2)
    assert mud_turns() == [2, 3, 4, 5] and g.ext.mud_until == 5
    phases.rain(g, 3)
    assert mud_turns() == [2, 3, 4, 5, 6] and g.ext.mud_until == 6


def test_20_3_turn_1_is_heavy_overcast_with_rain_mud_on_turns_1_to_4_and_no_air_points() -> None:
    st = new_game()
    p = st.pattons
    assert (p.weather, p.rain, list(p.rain_turns), p.mud_until) == ("heavy-overcast", True, [1], 4)
    assert p.air_points["us"] == 0 and p.air_points["german"] == 0
    g = Game(st)
    assert phases.air_budget(g, "us") == 0  # 20.3.B even were the weather clear
    g.state.turn = 2  # 20.3 play note: +1 on the Turn 2 roll after the heavy overcast of Turn 1
    phases.weather_roll(g, dice_mod.ScriptedDice([3]), [])
    assert "die 3 +1 = 4" in g.events[-1].text and g.ext.weather == "light-overcast"  # synthetic row 4


def test_20_1_2_b_light_overcast_halves_each_sides_air_points_rounding_down() -> None:
    g = model(at({"10/5/20": "1324"}, turn=11, weather="light-overcast"))
    assert (phases.air_budget(g, "us"), phases.air_budget(g, "german")) == (3, 0)  # 6 // 2, 1 // 2
    g.state.turn = 5
    assert phases.air_budget(g, "us") == 4  # 8 // 2
    g.ext.weather = "clear"
    assert phases.air_budget(g, "us") == 8
    g.ext.weather = "heavy-overcast"
    assert phases.air_budget(g, "us") == 0


def test_25_1_8_a_example_german_marginal_becomes_a_draw() -> None:
    east = {"134/35/12": "2310", "137/35/12": "2410", "320/35/12": "2510"}  # east of the Saar, rows <= 15
    st = at({**east, "1010M": "1017", "126/48/13": "2022", "128/48/13": "2817"}, phase="german-combat", turn=12)
    for town in ("1209", "1527", "2125", "1819", "1707"):  # 5 of the 10 towns: German Marginal, not Substantive
        st.pattons.last_through[town] = "us"
    g = model(st)
    base = victory.base_level(g)
    assert victory.german_supply_1017(g) and base.level == -1  # 5 of 10: German Marginal only
    assert victory.modifier_a(g) and victory.level(g).level == 0  # Draw
    over = apply(st, end("german")).state
    assert over.finished and over.result.level == "draw" and over.result.winner == ""
    assert over.result.citation.rule_case == "25.1.8.A" and "east of the Saar" in over.result.reason


def test_25_2_a_example_us_decisive_becomes_us_marginal_in_the_extended_game() -> None:
    towns = ["2022", "1527", "1819", "2125", "1209", "1707", "2817", "2213"]  # 8 of 10
    placements = {"2/5/20": "0917", "10/5/20": "0918", "11/5/20": "1017"}
    st = at(placements, phase="german-combat", turn=24, extended=True)
    for t in towns:
        st.pattons.last_through[t] = "us"
    g = model(st)
    assert victory.base_level(g).level == 3  # US Decisive by 25.1
    assert victory.level(g).level == 1  # two levels toward Germany: US Marginal (no 25.2.1 towns)


def test_9_4_1_examples_divisional_integrity_composition() -> None:
    # An infantry division: all its regiments (35th: 134, 137, 320); a US armored division: its brigades
    # (CCA, CCB, CCR of the 4th); a panzer division: its regiments, the tank battalion not needed (9.4.4.C).
    g = model(at({"134/35/12": "1124", "137/35/12": "1024", "320/35/12": "1225"}))
    assert sorted(strength._members(g, "35")) == ["134/35/12", "137/35/12", "320/35/12"]
    assert sorted(strength._members(g, "4AD")) == ["CCA/4", "CCB/4", "CCR/4"]
    assert sorted(strength._members(g, "11Pz")) == ["110/11", "111/11"]  # 15/11 (tank bn) and 11R/11 are battalions


def _di(placements: dict[str, str], attackers: list[str], target: str) -> list[str]:
    st = at(placements)
    v = engine.validate(st, attack("us", target, attackers))
    assert v.legal, v.violations
    return [s.reason for s in v.combat.shifts if s.kind == "division-attack" and not s.cancelled]


def test_9_4_1_all_regiments_adjacent_one_attacking_earns_the_bonus_two_stacked_count() -> None:
    # 35th Division next to 1123: 137 in 1124 attacks, 134 (1024) and 320 stacked in 1124/1224.
    g = model(at({"126/48/13": "1123"}))
    adj = sorted(g.label(h) for h in g.hm.neighbours(g.hex("1123")))
    place = {"126/48/13": "1123", "137/35/12": adj[0], "134/35/12": adj[1], "320/35/12": adj[1]}
    assert _di(place, ["137/35/12"], "1123") == ["all regiments of 35 adjacent"]
    place["320/35/12"] = "1428"  # one regiment away: no bonus
    assert _di(place, ["137/35/12"], "1123") == []


def test_24_1_the_347th_vg_earns_the_attack_bonus_with_its_two_regiments() -> None:
    st = at({"860/347/82": "0815", "861/347/82": "0816", "10/5/20": "0716"}, phase="german-combat")
    g = model(st)
    assert g.hm.distance(g.hex("0815"), g.hex("0716")) == 1 and g.hm.distance(g.hex("0816"), g.hex("0716")) == 1
    v = engine.validate(st, attack("german", "0716", ["860/347/82"]))
    assert v.legal, v.violations
    di = [s for s in v.combat.shifts if s.kind == "division-attack" and not s.cancelled]
    assert len(di) == 1 and di[0].columns == 1


def test_18_2_1_play_note_a_division_that_stayed_put_and_was_not_attacked_rests() -> None:
    st = at({"134/35/12": "0125", "137/35/12": "0225", "320/35/12": "0325", "126/48/13": "2520"},
            phase="german-combat", turn=6)
    st.pattons.divisions_attacked.append("35")
    g = model(st)
    assert phases.rest_divisions(g) == ["35"]
    st.pattons.support["12"] = 10
    after = apply(st, end("german"), dice=[5, 4]).state
    assert after.pattons.support["12"] == 15  # all ten or more hexes from the Germans: the full roll (18.2.3.B)
    # Moved in the last US Movement Phase, fought this turn, out of supply, never attacked, lost a unit: no rest.
    for marker in ("moved", "fought", "oos"):
        st2 = at({"134/35/12": "0125", "137/35/12": "0225", "320/35/12": "0325"}, phase="german-combat",
                 markers={"137/35/12": [marker]})
        st2.pattons.divisions_attacked.append("35")
        assert phases.rest_divisions(model(st2)) == [], marker
    st3 = at({"134/35/12": "0125", "137/35/12": "0225", "320/35/12": "0325"}, phase="german-combat")
    assert phases.rest_divisions(model(st3)) == []  # 18.2.2.A: it never attacked
    st3.pattons.divisions_attacked.append("35")
    st3.pattons.divisions_lost.append("35")
    assert phases.rest_divisions(model(st3)) == []  # 18.2.2.B


def test_18_2_3_c_a_division_within_nine_hexes_gains_half_the_roll_at_least_one() -> None:
    st = at({"134/35/12": "1324", "137/35/12": "1424", "320/35/12": "1425", "126/48/13": "2024"},
            phase="german-combat", turn=6)
    st.pattons.divisions_attacked.append("35")
    st.pattons.support["12"] = 0
    after = apply(st, end("german"), dice=[1, 4]).state
    assert after.pattons.support["12"] == 1  # die 1: half is 0, at least 1


def test_10_d_play_note_a_regimental_cadre_stacked_with_a_regiment_only_one_may_attack() -> None:
    opts = {"p3.10d-cadre-size": "owner"}
    st = at({"134/35/12": "1124", "137/35/12": "1124", "126/48/13": "1123"}, options=opts,
            markers={"134/35/12": ["cadre", "tried", "cadre-original"]})
    v = engine.validate(st, attack("us", "1123", ["134/35/12", "137/35/12"]))
    assert codes(v) == ["ONE_LARGE_PER_HEX"]
    assert engine.validate(st, attack("us", "1123", ["137/35/12"])).legal
    # Without 10.D the cadre is battalion-sized (7.1.3, 10.C): it attacks beside the regiment.
    st2 = at({"134/35/12": "1124", "137/35/12": "1124", "126/48/13": "1123"},
             markers={"134/35/12": ["cadre", "tried"]})
    assert engine.validate(st2, attack("us", "1123", ["134/35/12", "137/35/12"])).legal
    # And the cadre taking the slot leaves the regiment unable to attack from that hex this phase.
    g = model(st)
    assert combat.counts_as_large(g, "134/35/12")
