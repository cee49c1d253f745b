"""Limited intelligence held by the server (8.4.2, 24.2): what each side's view,
events, dice and exports carry of the strength chits, before, during and after
the moment a combat shows them, and the odds preview computed from what the
attacker may know."""

from __future__ import annotations

from adjudicator.core import disclosure, engine
from adjudicator.core.position import Position
from tests.rules.pattons.helpers import (
    RS, apply, at, attack, give_chit, held, model, roll_to_result, uniform_crt,
)
from umpire.v1 import state_pb2


def _combat() -> tuple[state_pb2.GameState, engine.Applied, engine.Applied]:
    """US 137 (tried, chit 2-01) attacks the untried 127/48/13; then the roll."""
    st = at({"137/35/12": "1124", "127/48/13": "1123"}, tables=uniform_crt("A1 D1"))
    st.pattons.air_points["german"] = 0
    give_chit(st, "137/35/12", "2-01")
    shown = apply(st, attack("us", "1123", ["137/35/12"]), dice=[4])  # 127 draws 1-04
    rolled = roll_to_result(shown.state, (2, 3))
    return st, shown, rolled


def test_8_4_2_a_the_owner_always_sees_his_chits_the_opponent_never_outside_combat() -> None:
    st, _, _ = _combat()
    us = RS.view(st, "us")
    german = RS.view(st, "german")
    assert [h.unit_id for h in us.pattons.held] == ["137/35/12"]
    assert not german.pattons.held
    assert all(not p.chits for p in us.pattons.pools) and all(not p.chits for p in german.pattons.pools)
    assert [p.count for p in german.pattons.pools] == [p.count for p in st.pattons.pools]


def test_8_4_2_b_committed_chits_are_shown_to_the_opponent_from_the_reveal_to_the_roll() -> None:
    _, shown, rolled = _combat()
    s = shown.state
    assert s.pattons.combat.stage == "revealed"
    assert {h.unit_id: h.chit for h in RS.view(s, "us").pattons.held} == {"137/35/12": "2-01", "127/48/13": "1-04"}
    assert {h.unit_id: h.chit for h in RS.view(s, "german").pattons.held} == {"137/35/12": "2-01",
                                                                             "127/48/13": "1-04"}
    seen = disclosure.events_for(Position(s, RS), shown.events, "us")
    assert "CHIT_SHOWN" in [e.kind for e in seen] and "COMBAT_ODDS" in [e.kind for e in seen]


def test_8_4_2_c_after_the_roll_the_chits_are_hidden_again_in_views_events_and_exports() -> None:
    _, shown, rolled = _combat()
    r = rolled.state
    assert r.pattons.combat.attack == 0 and not r.pattons.combat.column  # the odds left the state
    assert [h.unit_id for h in RS.view(r, "us").pattons.held] == ["137/35/12"]
    assert [h.unit_id for h in RS.view(r, "german").pattons.held] == ["127/48/13"]
    pos = Position(r, RS)
    for side in ("us", "german"):
        later = disclosure.events_for(pos, shown.events + rolled.events, side)
        assert not [e for e in later if e.kind in ("CHIT_SHOWN", "COMBAT_ODDS")], side
        assert "2-01" not in str(later) or side == "us"
        assert "1-04" not in str(later) or side == "german"


def test_8_4_2_d_an_export_to_the_opponent_keeps_no_record_of_a_tried_units_chit() -> None:
    st, shown, rolled = _combat()
    record = state_pb2.GameRecord(game_id="test", initial=st)
    for a in (shown, rolled):
        record.actions.add(version=a.state.version, action=a.action, dice=a.rolls, events=a.events)
    record.final.CopyFrom(rolled.state)
    def blob(side: str) -> bytes:
        r = disclosure.record_for(record, side)
        for s in (r.initial, r.final):
            del s.scenario.pattons.chits[:]  # the printed chit mix is public; what matters is who holds what
        return r.SerializeToString()

    assert b"1-04" not in blob("us")  # the German chit: in no state, event or roll of the US export
    us = disclosure.record_for(record, "us")
    assert all(r.value == 0 for a in us.actions for r in a.dice if r.purpose.startswith("chit draw"))
    assert b"2-01" not in blob("german")
    assert b"1-04" in blob("german")  # its own


def test_the_chit_draw_die_is_blanked_for_both_sides_until_the_game_is_open() -> None:
    _, shown, _ = _combat()
    draws = [r for r in shown.state.dice_log if r.purpose.startswith("chit draw")]
    assert draws and draws[0].value == 4
    for side in ("us", "german"):
        v = RS.view(shown.state, side)
        assert [r.value for r in v.dice_log if r.purpose.startswith("chit draw")] == [0]
        assert [r.value for r in RS.view_rolls(shown.state, shown.rolls, side)] == [0]
    over = state_pb2.GameState()
    over.CopyFrom(shown.state)
    over.finished = True
    assert {h.unit_id for h in RS.view(over, "us").pattons.held} == {"137/35/12", "127/48/13"}
    assert RS.view(over, "us").pattons.pools[0].chits


def test_the_odds_preview_never_reads_the_true_chit_of_a_hidden_defender() -> None:
    st = at({"137/35/12": "1124", "127/48/13": "1123"})
    give_chit(st, "137/35/12", "2-01")
    give_chit(st, "127/48/13", "1-01")  # a tried German unit, hidden from the US again
    other = state_pb2.GameState()
    other.CopyFrom(st)
    give_chit(other, "127/48/13", "1-08")  # another chit: the US preview must not change
    a = attack("us", "1123", ["137/35/12"])
    v1, v2 = engine.validate(st, a), engine.validate(other, a)
    assert v1.combat == v2.combat and len(v1.combat.outcomes) >= 1
    on_view = disclosure.validate_for(Position(st, RS), "us", a)
    assert on_view.combat == v1.combat  # the same on the US view, where the chit is absent


def test_the_preview_is_a_distribution_over_the_pool_minus_the_chits_the_attacker_holds() -> None:
    st = at({"137/35/12": "1124", "126/48/13": "1123"}, tables=uniform_crt("D1"))
    give_chit(st, "137/35/12", "2-01")
    g = model(st)
    from adjudicator.rules.pattons import knowledge, strength

    s = strength.Setup("us", [g.hex("1123")], ["137/35/12"], ["126/48/13"])
    known, slots = strength.terms(g, s, "us")
    dist = knowledge.totals_distribution(g, "us", known, slots)
    # 126 is class C: pool 1's eight chits give C = 3, 2, 2, 3, 2, 2, 3, 1 (the illustrative mix)
    assert {k[2]: float(p) for k, p in dist.items()} == {3: 3 / 8, 2: 4 / 8, 1: 1 / 8}
    # Chits the US itself holds are not candidates: give 1-01 (C 3) to a US morale-1 unit (the 83rd).
    st2 = at({"137/35/12": "1124", "126/48/13": "1123", "329/83/20": "0604"})
    give_chit(st2, "137/35/12", "2-01")
    give_chit(st2, "329/83/20", "1-01")
    g2 = model(st2)
    known2, slots2 = strength.terms(g2, s, "us")
    dist2 = knowledge.totals_distribution(g2, "us", known2, slots2)
    assert {k[2]: float(p) for k, p in dist2.items()} == {3: 2 / 7, 2: 4 / 7, 1: 1 / 7}


def test_24_2_an_empty_pool_gives_the_imaginary_chit_and_the_preview_knows_it() -> None:
    st = at({"137/35/12": "1124", "126/48/13": "1123"})
    st.pattons.air_points["german"] = 0
    give_chit(st, "137/35/12", "2-01")
    pool = next(p for p in st.pattons.pools if p.morale == 1)
    del pool.chits[:]  # every morale-1 chit elsewhere (the count is public)
    pool.count = 0
    v = engine.validate(st, attack("us", "1123", ["137/35/12"]))
    assert v.combat.defense_strength == 2  # 24.2: morale 1, class C front = 2
    assert any(n.citation.rule_case == "24.2" for n in v.combat.notes)
    after = apply(st, attack("us", "1123", ["137/35/12"])).state  # no draw die: nothing to draw
    assert held(after, "126/48/13") == "imaginary" and after.pattons.combat.defense == 2


def test_8_5_2_a_chit_returns_to_its_pool_on_reduction_to_cadre() -> None:
    st = at({"137/35/12": "1124", "126/48/13": "1123"}, tables=uniform_crt("D(2)"))
    st.pattons.air_points["german"] = 0
    give_chit(st, "137/35/12", "2-01")
    give_chit(st, "126/48/13", "1-02")  # C 2: two steps, the second is the cadre
    shown = apply(st, attack("us", "1123", ["137/35/12"])).state
    after = roll_to_result(shown).state
    assert "1-02" in next(p for p in after.pattons.pools if p.morale == 1).chits
    assert held(after, "126/48/13") == "" and not [u for u in after.units if u.unit_id == "126/48/13" and u.status == 0]


def test_a_units_chit_is_drawn_once_per_game_even_after_its_cadre_is_attacked() -> None:
    st = at({"137/35/12": "1124", "126/48/13": "1123"}, markers={"126/48/13": ["tried", "cadre"]})
    st.pattons.air_points["german"] = 0
    give_chit(st, "137/35/12", "2-01")
    shown = apply(st, attack("us", "1123", ["137/35/12"])).state
    assert held(shown, "126/48/13") == "" and shown.pattons.combat.defense == 1  # the printed cadre CS (10.A)


def test_the_number_of_splits_open_to_the_owner_does_not_tell_the_opponent_its_steps() -> None:
    us_views, german_counts = [], []
    for chit in ("1-01", "1-02"):  # C 3 (three steps) or C 2 (two)
        st = at({"137/35/12": "1124", "126/48/13": "1123"}, tables=uniform_crt("D3"))
        st.pattons.air_points["german"] = 0
        give_chit(st, "137/35/12", "2-01")
        give_chit(st, "126/48/13", chit)
        st = roll_to_result(apply(st, attack("us", "1123", ["137/35/12"])).state).state
        assert st.pending.kind == "RESULT_ALLOCATION"
        us_views.append(RS.view(st, "us").pending)
        german_counts.append(len(RS.view(st, "german").pending.options))
    assert german_counts == [4, 3]  # s0r3 .. s3r0, or no s3r0 for a two-step unit
    assert us_views[0] == us_views[1] and us_views[0].context["options_hidden"] == "4"
