"""MB "Special Rules for Breakout at Normandy": Starting Forces ¶1-¶2,
Reserves ¶1-¶2, Objective ¶1 (Duration of Game is in test_mb_deck.py)."""

from __future__ import annotations

from collections import Counter

from umpire.v1 import state_pb2
from tests.rules.major_battles.helpers import (
    ON_MAP, OFF_MAP, act, answer, at, card, codes, end, fixed, labels, new, place, play_turn, scenario, settle,
    unit, verdict,
)

US = "us"
DE = "german"


def test_normandy_starting_forces_and_reserves_from_the_text() -> None:
    sc = scenario("normandy")
    c = Counter((u.side, u.type, u.props.get("reserve") == "true") for u in sc.definition.units)
    assert c == {(US, "armor", False): 12, (US, "infantry", False): 12, (US, "infantry", True): 3,
                 (DE, "armor", False): 4, (DE, "infantry", False): 9, (DE, "armor", True): 10}
    assert "ILLUSTRATIVE" in sc.definition.map.source


def _us_units(kind: str) -> list[str]:
    return [f"us-{kind}-{i:02d}" for i in range(1, 13)]


def _place_us(st: state_pb2.GameState) -> state_pb2.GameState:
    units = _us_units("arm") + _us_units("inf")
    for town, chunk in (("lessay", units[:10]), ("periers", units[10:20]), ("st-lo", units[20:])):
        st = act(st, place(US, chunk, town)).state
    return st


def test_normandy_us_starts_behind_the_front_line() -> None:
    st = new("normandy")
    assert st.phase == "setup" and st.active_side == US
    v = verdict(st, place(US, ["us-arm-01"], "avranches"))
    assert codes(v) == ["SETUP_AREA"] and labels(v) == ['MB "Special Rules for Breakout at Normandy" Starting Forces ¶1']
    assert verdict(st, place(US, ["us-arm-01"], "st-lo")).legal
    v = verdict(st, place(US, _us_units("arm")[:11], "lessay"))
    assert codes(v) == ["STACK_LIMIT"] and labels(v) == ['MB "Positioning of Units" ¶1']
    assert codes(verdict(st, place(DE, ["de-arm-01"], "le-mans"))) == ["NOT_YOUR_SETUP"]
    assert codes(verdict(st, place(US, ["us-inf-r01"], "lessay"))) == ["RESERVE_UNIT"]
    assert codes(verdict(st, end(US))) == ["UNITS_NOT_PLACED"]


def test_normandy_german_places_after_american_with_le_mans_garrison() -> None:
    st = _place_us(new("normandy"))
    st = act(st, end(US)).state
    assert st.active_side == DE
    v = verdict(st, place(DE, ["de-inf-01"], "lessay"))
    assert codes(v) == ["ENEMY_TOWN"]
    v = verdict(st, place(DE, ["de-inf-01"], "st-lo"))
    assert codes(v) in (["ENEMY_TOWN"], ["SETUP_AREA"])
    st = act(st, place(DE, ["de-arm-04"] + [f"de-inf-0{i}" for i in range(2, 10)], "mayenne")).state
    st = act(st, place(DE, ["de-arm-01", "de-arm-02"], "le-mans")).state
    st = act(st, place(DE, ["de-inf-01"], "le-mans")).state
    assert codes(verdict(st, end(DE))) == ["UNITS_NOT_PLACED", "SETUP_INCOMPLETE"]
    st = act(st, place(DE, ["de-arm-03"], "mayenne")).state
    v = verdict(st, end(DE))
    assert codes(v) == ["SETUP_INCOMPLETE"] and "Le Mans needs 3 Armored and 1 Infantry" in v.violations[0].message
    st = act(st, place(DE, ["de-arm-03"], "le-mans")).state  # placed again, elsewhere
    # mb.normandy-le-mans=at-least: more units may join Le Mans
    assert verdict(st, place(DE, ["de-inf-02"], "le-mans")).legal
    applied = act(st, end(DE))
    assert applied.state.phase == "turn" and applied.state.active_side == US and applied.state.turn == 1


def test_normandy_le_mans_exactly_option() -> None:
    st = _place_us(new("normandy", options={"mb.normandy-le-mans": "exactly"}))
    st = act(st, end(US)).state
    st = act(st, place(DE, ["de-arm-01", "de-arm-02", "de-arm-03", "de-inf-01"], "le-mans")).state
    assert codes(verdict(st, place(DE, ["de-inf-02"], "le-mans"))) == ["SETUP_AREA"]


RED5 = {"us-arm-01": "st-sever", "us-arm-02": "sourdeval", "us-arm-03": "domfront", "us-arm-04": "mayenne",
        "us-arm-05": "rennes", "de-arm-01": "le-mans"}


def test_normandy_objective_five_red_towns_at_end_of_german_turn() -> None:
    st = new(fixed("normandy", RED5))
    st = act(st, card(US, 3)).state
    st = act(st, end(US)).state
    assert st.pending.kind == "RESERVE_THROW"
    st = act(st, answer(st, ["wait"])).state
    assert not st.finished  # the check is at the end of a German turn only
    st = play_turn(st, 4)
    assert st.finished and st.result.winner == US
    assert st.result.citation.label == 'MB "Special Rules for Breakout at Normandy" Objective ¶1'


def test_normandy_objective_four_red_towns_are_not_enough() -> None:
    four = {k: v for k, v in RED5.items() if k != "us-arm-05"}
    st = play_turn(play_turn(new(fixed("normandy", four)), 3), 4)
    assert not st.finished and st.turn == 2


def test_normandy_us_reserves_may_wait_then_enter_on_a_double() -> None:
    st = new(fixed("normandy", {"us-arm-01": "lessay", "us-arm-02": "periers", "de-arm-01": "le-mans"}))
    st = act(act(st, card(US, 3)).state, end(US)).state
    d = st.pending
    assert d.kind == "RESERVE_THROW" and d.citation.label == 'MB "Special Rules for Breakout at Normandy" Reserves ¶1'
    applied = act(st, answer(st, ["wait"]), rolls=[])
    assert applied.rolls == [] and all(unit(applied.state, f"us-inf-r0{i}").status == OFF_MAP for i in (1, 2, 3))
    st = play_turn(applied.state, 4)
    st = act(act(st, card(US, 3)).state, end(US)).state
    st = act(st, answer(st, ["throw"]), rolls=[1, 2, 3]).state  # no double
    assert all(unit(st, f"us-inf-r0{i}").status == OFF_MAP for i in (1, 2, 3))
    st = play_turn(st, 4)
    st = act(act(st, card(US, 3)).state, end(US)).state
    st = act(st, answer(st, ["throw"]), rolls=[5, 2, 5]).state  # a double, regardless of the 3rd die
    assert st.pending.kind == "RESERVE_TOWN" and sorted(o.id for o in st.pending.options) == ["lessay", "periers"]
    st = act(st, answer(st, ["periers"])).state
    assert at(st, "periers") == ["us-arm-02", "us-inf-r01", "us-inf-r02", "us-inf-r03"]  # all 3 together
    st = play_turn(st, 4)
    st = act(act(st, card(US, 3)).state, end(US)).state
    assert not st.HasField("pending") or st.pending.kind != "RESERVE_THROW"  # no more throws


def test_normandy_german_reserves_two_armor_for_five_turns_in_star_towns() -> None:
    st = new(fixed("normandy", {"us-arm-01": "vire", "de-arm-01": "le-mans"}))
    entered = []
    for turn in range(1, 8):
        st = act(act(st, card(US, 1)).state, end(US)).state
        st = settle(st)  # American reserve question
        st = act(act(st, card(DE, 1)).state, end(DE)).state
        if turn <= 5:
            d = st.pending
            assert d.kind == "RESERVE_TOWN"
            assert sorted(o.id for o in d.options) == ["argentan", "caumont", "conde", "flers"]  # not Vire (American)
            st = act(st, answer(st, ["conde"])).state
        else:
            assert not st.HasField("pending")
        entered.append(sum(1 for u in st.units if u.unit_id.startswith("de-arm-r") and u.status == ON_MAP))
    assert entered == [2, 4, 6, 8, 10, 10, 10]


def test_normandy_german_reserves_blocked_forfeit_or_carry_over() -> None:
    stars = {f"us-arm-0{i}": t for i, t in enumerate(["caumont", "vire", "conde", "flers", "argentan"], 1)}
    for option, expect in (("forfeit", 0), ("carry-over", 2)):
        st = new(fixed("normandy", {**stars, "de-arm-01": "le-mans"}),
                 options={"mb.normandy-blocked-reserves": option})
        st = play_turn(st, 1)
        st = play_turn(st, 1)  # German turn 1: every (*) town American: nothing enters
        assert not any(u.unit_id.startswith("de-arm-r") and u.status == ON_MAP for u in st.units)
        # the Americans leave Caumont
        st = act(st, card(US, 3)).state
        from tests.rules.major_battles.helpers import move

        st = act(st, move(US, ["us-arm-01"], "st-lo")).state
        st = settle(act(st, end(US)).state)
        for _ in range(4):
            st = play_turn(st, 1)
            st = play_turn(st, 1)
        st = play_turn(st, 1)  # German turn 6
        on = sum(1 for u in st.units if u.unit_id.startswith("de-arm-r") and u.status == ON_MAP)
        assert on == 8 + expect, option  # turns 2-5 enter 8; carry-over makes up turn 1 in turn 6
