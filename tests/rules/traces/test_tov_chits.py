"""Command chit selection (4.2) and the random draw from the one cup (4.3),
with what each side may see of it (A-40)."""

from __future__ import annotations

import pytest

from adjudicator.core.errors import NeedsData
from adjudicator.rules.traces.chits import roll_owner
from tests.rules.traces.helpers import (
    RS, act, codes, new_game, select, synthetic_tables, verdict, with_cells,
)
from umpire.v1 import state_pb2


def selection(**kw: object) -> state_pb2.GameState:
    return new_game(options={"tov.a2-pre-turn-hq": "none", **kw.pop("options", {})},  # type: ignore[dict-item]
                    **kw)  # type: ignore[arg-type]


def test_4_2_chits_per_turn_come_from_the_turn_track_which_the_text_lacks() -> None:
    s = selection()
    with pytest.raises(NeedsData) as e:
        verdict(s, select("allied", "XX", "XX", "VI"))
    assert [(c.table_id, c.column, c.row) for c in e.value.cells] == [
        ("traces-of-victory/turn-track", "allied-chits", "1")]
    v = verdict(s, with_cells(select("allied", "XX", "XX", "VI"), {("turn-track", "allied-chits", "1"): "3"}))
    assert v.legal
    v = verdict(s, with_cells(select("allied", "XX", "VI"), {("turn-track", "allied-chits", "1"): "3"}))
    assert codes(v) == ["CHIT_COUNT"]


def test_4_2_pools_counts_and_special_chits() -> None:
    s = selection(tables=synthetic_tables(chits=3, specials="shaef"))
    assert codes(verdict(s, select("allied", "XII", "XII", "XX"))) == ["TOO_MANY"]  # one XII chit (4.2.2)
    assert codes(verdict(s, select("allied", "LXIV", "XX", "XX"))) == ["UNKNOWN_CHIT"]
    assert codes(verdict(s, select("allied", "reserve", "XX", "XX"))) == ["SPECIAL_NOT_ALLOWED"]
    assert verdict(s, select("allied", "shaef", "XX", "XX")).legal
    assert set(codes(verdict(s, select("german", "XX", "XX", "VI")))) == {"UNKNOWN_CHIT"}


def test_14_1_removed_chits_are_not_in_the_pool() -> None:
    s = new_game("traces-of-victory/pattons-assault", options={"tov.a2-pre-turn-hq": "none"},
                 tables=synthetic_tables(chits=2))
    assert codes(verdict(s, select("allied", "VI", "XX"))) == ["UNKNOWN_CHIT"]
    assert codes(verdict(s, select("german", "LXIV", "LXXXII"))) == ["UNKNOWN_CHIT"]
    assert verdict(s, select("german", "XIII SS", "LXXXII")).legal


def test_4_3_the_cup_and_the_two_dice_of_a_draw() -> None:
    s = selection(tables=synthetic_tables(chits=2))
    s = act(s, select("allied", "XX", "VI")).state
    assert s.phase == "selection" and s.traces.selected == ["allied"]
    assert codes(verdict(s, select("allied", "XX", "VI"))) == ["ALREADY_SELECTED"]
    # Cup: Supply, then allied:VI#1, allied:XX#1, then german:LXIV#1, german:XIII SS#1.
    # First die (1-5) = 4 falls in the German range (4-5); second die (1-2) = 2: XIII SS.
    ap = act(s, select("german", "XIII SS", "LXIV"), rolls=[4, 2])
    s = ap.state
    assert [(r.sides, r.purpose) for r in ap.rolls] == [(5, "chit draw: cup of 5"), (2, "chit draw: german chit 1-2")]
    assert [c.name for c in s.traces.drawn] == ["XIII SS"]
    assert s.traces.activation.chit == "XIII SS" and s.active_side == "german"
    assert len(s.traces.cup) == 4
    # A first die of 1 is the Supply chit (no second die); the cup is checked for both sides.
    s2 = act(selection(tables=synthetic_tables(chits=2)), select("allied", "XX", "VI")).state
    ap = act(s2, select("german", "XIII SS", "LXIV"), rolls=[1, 2, 1])
    assert [c.name for c in ap.state.traces.drawn] == ["supply", "VI"]
    assert any(e.kind == "SUPPLY_CHECK" for e in ap.events)


def test_a40_each_side_sees_its_own_chits_and_only_counts_of_the_others() -> None:
    s = selection(tables=synthetic_tables(chits=2))
    s = act(s, select("allied", "XX", "VI")).state
    s = act(s, select("german", "XIII SS", "LXIV"), rolls=[2, 1]).state  # an Allied chit: VI
    allied, german = RS.view(s, "allied"), RS.view(s, "german")
    assert sorted((c.owner, c.name) for c in allied.traces.cup) == [
        ("", "supply"), ("allied", "XX"), ("german", ""), ("german", "")]
    assert sorted((c.owner, c.name) for c in german.traces.cup) == [
        ("", "supply"), ("allied", ""), ("german", "LXIV"), ("german", "XIII SS")]
    second = [r for r in german.dice_log if roll_owner(r.purpose) == "allied"]
    assert second and all(r.value == 0 for r in second)  # the die that picked the Allied chit
    assert [r.value for r in allied.dice_log if roll_owner(r.purpose) == "allied"] == [1]
    assert [c.name for c in german.traces.drawn] == ["VI"]  # the drawn chit is public
    open_ = selection(tables=synthetic_tables(chits=2), options={"tov.a40-selection": "open"})
    open_ = act(open_, select("allied", "XX", "VI")).state
    assert sorted(c.name for c in RS.view(open_, "german").traces.cup) == ["VI", "XX"]


def test_4_2_a_drawn_chit_says_nothing_about_the_copies_left_in_the_cup() -> None:
    """4.2 / A-40 'hidden': the German put both LXIV chits in the cup. Whether the
    die picks copy 1 or copy 2, the Allied player sees the same thing: "a LXIV
    chit was drawn". (The drawn chit used to keep its copy number, so drawing
    `german:LXIV#2` told the Allies that `#1` was still in the cup.)"""
    s = selection(tables=synthetic_tables(chits=2))
    s = act(s, select("allied", "XX", "VI")).state
    # Cup: Supply, allied:VI#1, allied:XX#1, german:LXIV#1, german:LXIV#2; first die 4: a German chit.
    first = act(s, select("german", "LXIV", "LXIV"), rolls=[4, 1])
    second = act(s, select("german", "LXIV", "LXIV"), rolls=[4, 2])
    assert [c.name for c in first.state.traces.drawn] == [c.name for c in second.state.traces.drawn] == ["LXIV"]
    one, two = RS.view(first.state, "allied"), RS.view(second.state, "allied")
    assert (one.traces.drawn[0].id, one.traces.activation.chit_id) == (two.traces.drawn[0].id,
                                                                       two.traces.activation.chit_id)
    assert one.SerializeToString(deterministic=True) == two.SerializeToString(deterministic=True)
    assert [e.SerializeToString() for e in first.events if not e.visible_to or "allied" in e.visible_to] == [
        e.SerializeToString() for e in second.events if not e.visible_to or "allied" in e.visible_to]
    # The German still knows which copy is left (his own chits in the cup keep their ids).
    assert [c.id for c in RS.view(first.state, "german").traces.cup if c.owner == "german"] == ["german:LXIV#2"]
