"""Each named option (one per ambiguity of the digest's register that has an
alternative reading): its default and the alternative, where the other test
files do not already exercise it (they cover 10.D, AMBIG-2, 5, 11, 17, 21, 22,
23, 33, 40, 41, 43 and the support points of 25.C)."""

from __future__ import annotations

import pytest

from adjudicator.core import engine
from adjudicator.core.errors import MalformedInput
from adjudicator.rules.pattons import advance, combat, phases, retreats, strength, supply
from adjudicator.rules.pattons.moves import movement_allowance
from adjudicator.rules.pattons.options import PattonsOptions
from tests.rules.pattons.helpers import (
    RS, answer, apply, at, attack, codes, end, give_chit, model, move, new_game, roll_to_result, setup,
    synthetic_tables, uniform_crt, unit, with_cell,
)
from tests.rules.pattons.test_results import fight
from umpire.v1 import action_pb2

G1, G2, US1, US2 = "126/48/13", "127/48/13", "134/35/12", "137/35/12"


def test_every_option_has_a_default_a_case_and_refuses_a_value_it_does_not_know() -> None:
    opts = {o.name: o for o in RS.options()}
    assert len(opts) >= 40 and all(o.citation.rule_case and o.description for o in opts.values())
    with pytest.raises(MalformedInput, match="allowed"):
        new_game(options={"p3.amb16-retreat": "sideways"})
    with pytest.raises(MalformedInput, match="unknown option"):
        new_game(options={"p3.amb99": "x"})


def test_amb1_the_dice_reading_follows_the_crt_rows_or_is_forced() -> None:
    g = model(at({US1: "0403"}))
    t = strength.crt(g)
    assert strength.dice_model(g, t) == "sum" and len(strength.rows(g, t, "clear")) == 11
    st = at({US1: "0403"})
    st.options[[o.name for o in st.options].index("p3.amb1-combat-dice")].value = "d66"
    d66 = model(st)
    assert strength.roll_row(d66, t, "clear", 3, 4) == "clear 34" and strength.roll_row(g, t, "clear", 3, 4) == "clear 7"
    assert len(strength.rows(d66, t, "clear")) == 36


def test_amb3_out_of_supply_attackers_halved_per_unit_or_as_a_stack() -> None:
    for opt, expected in (("per-unit", 3 + 2), ("per-stack", 12 // 2)):
        st = at({US1: "0403", US2: "0405", G1: "0404"}, options={"p3.amb3-oos-attack": opt},
                markers={US1: ["oos"], US2: ["oos"]})
        give_chit(st, US1, "2-03")  # B 7
        give_chit(st, US2, "2-02")  # B 5
        g, s = setup(st, "us", ["0404"], [US1, US2], [G1])
        assert strength.final_totals(strength.terms(g, s, "")[0])[0] == expected, opt


def test_amb6_strategic_movers_may_attack_unless_forbidden() -> None:
    place = {US1: "0403", G1: "0404"}
    assert engine.validate(at(place, markers={US1: ["moved-strategic"]}), attack("us", "0404", [US1])).legal
    st = at(place, markers={US1: ["moved-strategic"]}, options={"p3.amb6-strategic-combat": "forbidden"})
    assert codes(engine.validate(st, attack("us", "0404", [US1]))) == ["STRATEGIC_MOVER"]


def test_amb7_a_non_mechanized_strategic_road_rate_is_the_tecs_or_the_tactical_1() -> None:
    ts = synthetic_tables()
    t = next(x for x in ts.tables if x.id == "pattons-3rd-army/terrain")
    kept = [c for c in t.cells if not (c.row == "road (strategic)" and c.column == "non-mechanized")]
    del t.cells[:]
    t.cells.extend(kept)
    st = at({US1: "0117"}, phase="us-movement", tables=ts)
    from adjudicator.core.errors import NeedsData

    with pytest.raises(NeedsData) as e:
        engine.validate(st, move("us", [US1], ["0217"], mode="strategic"))
    assert e.value.cells[0].row == "road (strategic)"
    st2 = at({US1: "0117"}, phase="us-movement", tables=ts, options={"p3.amb7-strategic-foot-road": "tactical"})
    assert engine.validate(st2, move("us", [US1], ["0217", "0317"], mode="strategic")).mp_total == 2


def test_amb8_moves_use_the_modified_ma_unless_printed() -> None:
    path = ["0401", "0501", "0601", "0701", "0702", "0703"]  # 7 MP for a tank (0501 is woods), west of the Moselle
    for opt, legal in (("modified", False), ("printed", True)):
        st = at({"CCB/4": "0402"}, phase="us-movement", markers={"CCB/4": ["oos"]}, options={"p3.amb8-ma": opt})
        assert movement_allowance(model(st), "CCB/4") == 6  # 11.3.3.C
        v = engine.validate(st, move("us", ["CCB/4"], path))
        assert v.legal == legal and (legal or codes(v) == ["OVER_ALLOWANCE"]), opt


def test_amb9_the_minimum_move_also_leaves_an_ezoc_unless_not_from_ezoc() -> None:
    ts = with_cell(synthetic_tables(), "pattons-3rd-army/terrain", "clear", "non-mechanized", "6")
    place = {US1: "0403", G1: "0404"}
    assert engine.validate(at(place, phase="us-movement", tables=ts), move("us", [US1], ["0402"])).legal
    st = at(place, phase="us-movement", tables=ts, options={"p3.amb9-minimum-move": "not-from-ezoc"})
    assert codes(engine.validate(st, move("us", [US1], ["0402"]))) == ["OVER_ALLOWANCE"]


def test_amb10_in_mud_roads_keep_their_rate_unless_mud_cost() -> None:
    st = at({"CCB/4": "0926"}, phase="us-movement", mud=True)
    assert engine.validate(st, move("us", ["CCB/4"], ["1026"])).path[0].cost == 1
    st = at({"CCB/4": "0926"}, phase="us-movement", mud=True, options={"p3.amb10-mud-roads": "mud-cost"})
    assert engine.validate(st, move("us", ["CCB/4"], ["1026"])).path[0].cost == 4


def test_amb13_adjacent_artillery_takes_the_hexs_regiment_slot_unless_extra() -> None:
    place = {US1: "0403", "177/12": "0403", G1: "0404"}
    assert codes(engine.validate(at(place), attack("us", "0404", [US1, "177/12"]))) == ["ONE_LARGE_PER_HEX"]
    assert engine.validate(at(place, options={"p3.amb13-adjacent-artillery": "extra"}),
                           attack("us", "0404", [US1, "177/12"])).legal


def test_amb14_the_obligation_to_attack_may_be_left_to_the_players() -> None:
    place = {US1: "0403", G1: "0404"}
    assert codes(engine.validate(at(place), end("us"))) == ["MANDATORY_ATTACK"]
    assert engine.validate(at(place, options={"p3.amb14-mandatory": "off"}), end("us")).legal


def test_amb15_any_unit_occupies_a_hilltop_or_only_participants() -> None:
    place = {US1: "0604", "177/12": "0804", G1: "0704"}
    v = engine.validate(at(place), attack("us", "0704", [US1]))
    assert [s.columns for s in v.combat.shifts if s.kind == "hilltop"] == [1]
    v = engine.validate(at(place, options={"p3.amb15-hilltop": "participants"}), attack("us", "0704", [US1]))
    assert not [s for s in v.combat.shifts if s.kind == "hilltop"]


def test_amb16_retreat_priorities_hex_by_hex_or_only_the_last_hex() -> None:
    from adjudicator.core.retreat import RetreatPath, best

    st = at({US1: "0403", "602/12": "1212"})  # a battalion exerts no ZOC: hexes next to it are free
    g = model(st)
    dist, zoc = g.distance_to("us"), g.zoc("us")

    def pick(d: int, z: int) -> int:
        return next(h for h in range(g.hm.n) if dist[h] == d and zoc[h] == z)

    first_in_ezoc = RetreatPath((pick(1, 1), pick(3, 0)), 1)  # ends farther
    first_free = RetreatPath((pick(1, 0), pick(2, 0)), 0)  # as far at first, and out of enemy control
    both = [first_in_ezoc, first_free]
    assert best(both, retreats.priorities(g, "german", 2)) == [first_free]  # 9.9.1.D hex by hex
    st.options[[o.name for o in st.options].index("p3.amb16-retreat")].value = "final-hex"
    assert best(both, retreats.priorities(model(st), "german", 2)) == [first_in_ezoc]

def test_amb18_an_adverse_result_is_any_d_number_or_only_losses() -> None:
    place = {US1: "0403", G1: "0404", G2: "0404"}
    chits_ = {US1: "2-01", G1: "1-01", G2: "1-04"}
    st = fight(place, "D1", [US1], "0404", chits=chits_, markers={G2: ["retreated-in", "tried"]})
    assert unit(st, G2).status == 2
    st = fight(place, "D1", [US1], "0404", chits=chits_, markers={G2: ["retreated-in", "tried"]},
               options={"p3.amb18-adverse": "losses"})
    assert unit(st, G2).status == 0


def test_amb19_after_an_elimination_the_advance_is_free_or_stays_on_the_path() -> None:
    for opt, free in (("free", True), ("path", False)):
        st = fight({US1: "0403", "1/82": "0404"}, "D3", [US1], "0404", chits={US1: "2-01"},
                   options={"p3.amb19-advance": opt})
        st = apply(st, answer(st, "s1r2")).state  # the battalion dies with two hexes of retreat owed
        assert st.pending.kind == "ADVANCE" and "up to 2 hex" in st.pending.prompt
        g = model(st)
        opts = advance.options_for(g, "attacker", US1)
        assert (len(opts) > 1) == free, opt
        assert all(p[0] == g.hex("0404") for p in opts)


def test_amb20_an_advance_may_overstack_until_the_next_movement_phase_unless_now() -> None:
    place = {US1: "0403", "737/12": "0403", G1: "0404", "177/12": "0505", "182/12": "0505", "193/20": "0505"}
    for opt, legal in (("later", True), ("now", False)):
        st = fight(place, "D2", [US1, "737/12"], "0404", chits={US1: "2-01", G1: "1-01"},
                   options={"p3.amb20-advance-stacking": opt})
        st = apply(st, answer(st, "s0r2")).state  # one best path: applied without asking
        assert st.pending.kind == "ADVANCE" and unit(st, G1).location != "0505"
        a = answer(st, "advance", assignments=[action_pb2.Assignment(unit_id="737/12", path=["0404", "0505"])])
        v = engine.validate(st, a)
        assert v.legal == legal and (legal or codes(v) == ["OVERSTACKED"]), opt


def test_amb24_recon_may_retreat_across_rivers_unless_all_mechanized() -> None:
    st = at({"11R/11": "0816", US1: "0916"}, phase="us-combat")
    g = model(st)
    across = {g.hex("0716"), g.hex("0717")}
    every = retreats.paths(g, g.hex("0816"), 1, "german", ["11R/11"], True)  # all legal paths
    assert {p.hexes[-1] for p in every} & across
    st.options[[o.name for o in st.options].index("p3.amb24-mech-subsets")].value = "all-mechanized"
    g2 = model(st)
    assert not {p.hexes[-1] for p in retreats.paths(g2, g2.hex("0816"), 1, "german", ["11R/11"], True)} & across
    tank = retreats.paths(g, g.hex("0816"), 1, "german", ["15/11"], True)
    assert not {p.hexes[-1] for p in tank} & across  # 9.9.6.A: tanks never, whatever the option


def test_amb25_only_the_attackers_corps_pays_unless_with_support() -> None:
    # 193/20 supports through the 20th Corps regiment sitting in the attacking stack (9.6.3).
    place = {US1: "0403", "10/5/20": "0403", G1: "0404", "193/20": "0603"}
    for opt, twenty in (("attackers", 35), ("with-support", 34)):
        st = at(place, tables=uniform_crt("-"), options={"p3.amb25-sp-participation": opt})
        st.pattons.air_points["german"] = 0
        give_chit(st, US1, "2-01")
        give_chit(st, G1, "1-01")
        after = roll_to_result(apply(st, attack("us", "0404", [US1], ["193/20"])).state).state
        assert (after.pattons.support["12"], after.pattons.support["20"]) == (39, twenty), opt


def test_amb26_zero_sp_penalties_at_once_or_from_the_next_supply_phase() -> None:
    place = {US1: "0403", G1: "0404", "177/12": "0603"}
    st = at(place)
    st.pattons.support["12"] = 0
    assert not engine.validate(st, attack("us", "0404", [US1], ["177/12"])).legal
    st = at(place, options={"p3.amb26-zero-sp": "all-next"})
    st.pattons.support["12"] = 0
    assert engine.validate(st, attack("us", "0404", [US1], ["177/12"])).legal  # no "zero-sp" marker yet
    unit(st, "177/12").markers.append("zero-sp")
    assert not engine.validate(st, attack("us", "0404", [US1], ["177/12"])).legal


def test_amb29_a_regiment_without_a_chit_losing_a_step_draws_one_or_goes_to_cadre() -> None:
    place = {US1: "0403", G1: "0404", G2: "0404"}
    # D(4): three steps from the participant 126, the fourth from 127 which sat out and has no chit.
    st = fight(place, "D(4)", [US1], "0404", chits={US1: "2-01", G1: "1-01"}, defend=G1, extra=[3])
    assert any(h.unit_id == G2 and h.chit == "1-04" for h in st.pattons.held)  # drawn then (C 3: 3 steps)
    assert unit(st, G2).steps_lost == 1 and "cadre" not in unit(st, G2).markers
    st = fight(place, "D(4)", [US1], "0404", chits={US1: "2-01", G1: "1-01"}, defend=G1,
               options={"p3.amb29-untried-loss": "cadre"})
    assert "cadre" in unit(st, G2).markers and not any(h.unit_id == G2 for h in st.pattons.held)


def test_amb30_divisional_integrity_with_surviving_regiments_or_all_original_ones() -> None:
    place = {G1: "0404", US1: "0403", US2: "0403"}
    st = at(place, markers={"320/35/12": []})
    next(u for u in st.units if u.unit_id == "320/35/12").status = 2
    v = engine.validate(st, attack("us", "0404", [US1]))
    assert [s.kind for s in v.combat.shifts if s.kind == "division-attack"] == ["division-attack"]
    st.options[[o.name for o in st.options].index("p3.amb30-di-members")].value = "original"
    v = engine.validate(st, attack("us", "0404", [US1]))
    assert not [s for s in v.combat.shifts if s.kind == "division-attack"]


def test_amb31_combined_arms_needs_both_in_the_attack_unless_stack() -> None:
    place = {"10/5/20": "0403", "737/12": "0403", G1: "0404"}
    v = engine.validate(at(place), attack("us", "0404", ["10/5/20"]))
    assert not [s for s in v.combat.shifts if s.kind == "combined-arms"]
    v = engine.validate(at(place, options={"p3.amb31-combined-arms": "stack"}), attack("us", "0404", ["10/5/20"]))
    assert [s.kind for s in v.combat.shifts if s.kind == "combined-arms"] == ["combined-arms"]


def test_amb34_the_defender_applies_its_part_first_unless_attacker_first() -> None:
    place = {US1: "0403", G1: "0404"}
    st = fight(place, "A1 D1", [US1], "0404", chits={US1: "2-01", G1: "1-01"})
    assert st.pending.side == "german"
    st = fight(place, "A1 D1", [US1], "0404", chits={US1: "2-01", G1: "1-01"},
               options={"p3.amb34-result-order": "attacker-first"})
    assert st.pending.side == "us"


def test_amb35_heavy_bombers_before_or_after_the_supply_determination() -> None:
    st = at({"1010M": "0917", US1: "0403"}, phase="german-combat", turn=3, weather="clear")
    before = apply(st, end("german"), dice=[1])
    assert before.state.phase == "us-bombers"
    assert [e.kind for e in before.events].count("SUPPLY_DETERMINED") == 0
    st = at({"1010M": "0917", US1: "0403"}, phase="german-combat", turn=3, weather="clear",
            options={"p3.amb35-bomber-timing": "after-supply"})
    after = apply(st, end("german"), dice=[1])
    assert after.state.phase == "us-bombers" and [e.kind for e in after.events].count("SUPPLY_DETERMINED") == 2


def test_amb36_bombers_may_reduce_brigades_too_unless_regiments() -> None:
    for opt, offered in (("regiments-brigades", True), ("regiments", False)):
        st = at({"1010M": "0917", "CCA/4": "0403"}, phase="us-bombers", turn=3, weather="clear",
                options={"p3.amb36-bomber-regiment": opt})
        st.scenario.definition.units[[u.id for u in st.scenario.definition.units].index("1010M")].size = "X"
        g = model(st)
        phases.ask_bomber_effect(g, ["0917"])
        ids = [o.id for o in g.state.pending.options]
        assert ("cadre:1010M" in ids) == offered and "eliminate:1010M" in ids, opt


def test_amb37_reinforcements_in_supply_on_entry_and_next_turn_or_the_two_after() -> None:
    st = at({US1: "1520"}, turn=6, markers={US1: ["arrived:4"]})
    assert not supply.automatic(model(st), US1, model(st).hex("1520"))
    st.options[[o.name for o in st.options].index("p3.amb37-reinforcement-supply")].value = "next-two"
    assert supply.automatic(model(st), US1, model(st).hex("1520"))


def test_amb38_a_blocked_entry_hex_displaces_to_any_hex_within_3_or_edge_hexes_only() -> None:
    from adjudicator.rules.pattons.moves import entry_choices

    st = at({G1: "0224"}, phase="us-movement", turn=3)
    st.scenario.pattons.arrivals.add(turn=3, unit_ids=["101/26/12"], entry_hex="0124")
    anywhere = {model(st).label(h) for h in entry_choices(model(st), "101/26/12")}
    st.options[[o.name for o in st.options].index("p3.amb38-displacement")].value = "edge"
    edge = {model(st).label(h) for h in entry_choices(model(st), "101/26/12")}
    assert edge < anywhere and all(x.startswith("01") for x in edge)


def test_amb39_queued_units_on_a_road_pay_the_road_rate_unless_terrain() -> None:
    ts = with_cell(synthetic_tables(), "pattons-3rd-army/terrain", "clear", "non-mechanized", "2")
    for opt, cost in (("road", 2), ("terrain", 4)):
        st = at({G1: "3220"}, phase="us-movement", turn=3, tables=ts, options={"p3.amb39-queue-road": opt})
        st.scenario.pattons.arrivals.add(turn=3, unit_ids=["101/26/12", "104/26/12"], entry_hex="0117")
        st.pattons.entered["0117"] = 1
        v = engine.validate(st, move("us", ["104/26/12"], ["0117"]))
        assert v.legal and v.path[0].cost == cost, opt


def test_amb44_any_entry_or_only_moves_and_advances_count_as_passing_through() -> None:
    # The German in 1426 can retreat only into Chateau-Salins (1527), which the US passed through before.
    place = {US1: "1425", G1: "1426", "317/80/12": "1326", "318/80/12": "1327", "319/80/12": "1526",
             "320/35/12": "1427"}
    for opt, last in (("any-entry", "german"), ("movement", "us")):
        st = at(place, tables=uniform_crt("D1"), options={"p3.amb44-last-through": opt})
        st.pattons.last_through["1527"] = "us"
        st.pattons.air_points["german"] = 0
        give_chit(st, US1, "2-01")
        give_chit(st, G1, "1-01")
        st = roll_to_result(apply(st, attack("us", "1426", [US1])).state).state
        st = apply(st, answer(st, "s0r1")).state
        assert unit(st, G1).location == "1527" and st.pattons.last_through["1527"] == last, opt


def test_amb46_air_points_are_a_game_turn_budget_unless_player_turn() -> None:
    st = at({US1: "0403", G1: "2520"}, phase="us-movement", turn=5, weather="clear")
    st.pattons.air_points["us"] = 3
    after = apply(st, end("us")).state
    assert after.pattons.air_points["us"] == 3
    st = at({US1: "0403", G1: "2520"}, phase="us-movement", turn=5, weather="clear",
            options={"p3.amb46-ap-pool": "player-turn"})
    st.pattons.air_points["us"] = 3
    assert apply(st, end("us")).state.pattons.air_points["us"] == 8
    assert combat.air_points(model(after), "us") == 3


def test_amb1_a_crt_that_does_not_fit_the_dice_reading_or_the_maps_terrains_is_refused_at_creation() -> None:
    with pytest.raises(MalformedInput, match="no row 'clear 13'.*p3.amb1-combat-dice") as e:
        new_game(options={"p3.amb1-combat-dice": "d66"})
    assert "\n" not in str(e.value)
    ts = synthetic_tables()
    crt = next(t for t in ts.tables if t.id == "pattons-3rd-army/crt")
    kept = [r for r in crt.rows if not r.startswith("hilltop")]
    del crt.rows[:]
    crt.rows.extend(kept)
    kept_cells = [c for c in crt.cells if not c.row.startswith("hilltop")]
    del crt.cells[:]
    crt.cells.extend(kept_cells)
    with pytest.raises(MalformedInput, match="no row 'hilltop 2'"):
        new_game(tables=ts)
