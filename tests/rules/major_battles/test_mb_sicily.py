"""MB "Special Rules for The Sicily Campaign": Starting Forces, Reserves,
Duration of Game, Allied Landings ¶1-¶3, Italian Defection ¶1-¶2,
Objective ¶1-¶2. The landing capacities and defection numbers used here are
those of the ILLUSTRATIVE board (placeholders, not the printed values)."""

from __future__ import annotations

from collections import Counter

from tests.rules.major_battles.helpers import (
    R,
    ELIMINATED, OFF_MAP, ON_MAP, WITHDRAWN, act, answer, at, attack, card, codes, end, fixed, kinds, labels,
    land, move, new, outside, scenario, unit, verdict,
)
from umpire.v1 import action_pb2, major_battles_pb2 as mbp, state_pb2

AL = "allied"
AX = "axis"
NO_PAIR = [1, 2, 3]  # Axis reserve dice without a pair


def test_sicily_starting_forces_none_on_the_island() -> None:
    sc = scenario("sicily")
    c = Counter((u.side, u.type) for u in sc.definition.units)
    assert c == {(AL, "armor"): 13, (AL, "infantry"): 20, (AX, "armor"): 9, (AX, "infantry"): 24}
    st = new("sicily")
    assert st.phase == "setup" and st.active_side == AX  # only the Axis places units
    assert all(u.status == OFF_MAP for u in st.units if u.side == AL)
    assert "PLACEHOLDERS" in sc.definition.map.source


def ready(placements: dict[str, str], mp: int = 10, options: dict[str, str] | None = None) -> state_pb2.GameState:
    st = new(fixed("sicily", placements), options=options)
    return act(st, card(AL, mp)).state  # SYNTHETIC card value


def test_landing_costs_one_point_per_unit_up_to_the_area_number() -> None:
    st = ready({"ax-inf-01": "messina"})
    v = verdict(st, land(AL, "landing-gela", ["al-arm-01", "al-arm-02", "al-inf-01"]))
    assert v.legal and v.mp_total == 3
    st = act(st, land(AL, "landing-gela", ["al-arm-01", "al-arm-02", "al-inf-01"])).state
    assert at(st, "gela") == ["al-arm-01", "al-arm-02", "al-inf-01"]
    v = verdict(st, land(AL, "landing-gela", ["al-inf-02", "al-inf-03", "al-inf-04"]))  # 3 + 3 > 5
    assert codes(v) == ["LANDING_AREA_FULL"]
    assert labels(v) == ['MB "Special Rules for The Sicily Campaign" Allied Landings ¶1']
    assert verdict(st, land(AL, "landing-gela", ["al-inf-02", "al-inf-03"])).legal
    st2 = ready({"ax-inf-01": "messina"}, mp=2)
    assert codes(verdict(st2, land(AL, "landing-gela", ["al-arm-01", "al-arm-02", "al-inf-01"]))) == ["NOT_ENOUGH_MP"]


def test_landed_units_do_not_move_along_roads_that_turn() -> None:
    st = act(ready({"ax-inf-01": "messina"}), land(AL, "landing-gela", ["al-arm-01"])).state
    v = verdict(st, move(AL, ["al-arm-01"], "licata"))
    assert codes(v) == ["LANDED_THIS_TURN"]
    assert labels(v) == ['MB "Special Rules for The Sicily Campaign" Allied Landings ¶3']
    st = act(st, end(AL)).state
    st = act(act(st, card(AX, 1)).state, end(AX), rolls=NO_PAIR).state
    st = act(st, card(AL, 2)).state
    assert verdict(st, move(AL, ["al-arm-01"], "licata")).legal


def test_only_the_allied_player_lands_and_only_units_at_sea() -> None:
    st = ready({"ax-inf-01": "messina", "al-arm-01": "gela"})
    assert codes(verdict(st, land(AL, "landing-licata", ["al-arm-01"]))) == ["NOT_AT_SEA"]
    st = act(st, end(AL)).state
    st = act(st, card(AX, 3)).state
    assert codes(verdict(st, land(AX, "landing-licata", ["ax-inf-01"]))) == ["NO_LANDINGS"]


def test_landing_battle_lower_total_eliminates_all_landing_units() -> None:
    st = ready({"ax-inf-01": "licata", "ax-inf-02": "licata", "ax-inf-03": "messina"})
    applied = act(st, land(AL, "landing-licata", ["al-arm-01", "al-arm-02"]))
    assert "LANDING_OPPOSED" in kinds(applied)
    st = applied.state
    assert outside(st, "licata") == ["al-arm-01", "al-arm-02"]
    applied = act(st, attack(AL, "licata"), rolls=[1, 2, 5])  # 3 against 5
    assert all(unit(applied.state, u).status == ELIMINATED for u in ("al-arm-01", "al-arm-02"))
    assert [e.citations[0].label for e in applied.events if e.kind == "LANDING_FAILED"] == [
        'MB "Special Rules for The Sicily Campaign" Allied Landings ¶2']


def test_landing_battle_won_units_enter_the_town() -> None:
    st = ready({"ax-inf-01": "licata", "ax-inf-02": "licata", "ax-inf-03": "messina"})
    st = act(st, land(AL, "landing-licata", ["al-arm-01", "al-arm-02"])).state
    st = act(st, attack(AL, "licata"), rolls=[4, 5, 1]).state  # 9 against 1: the Axis retreats to Agrigento/Gela
    st = act(st, answer(st, [], {"ax-inf-01": "agrigento", "ax-inf-02": "agrigento"})).state if st.HasField("pending") else st
    assert at(st, "licata") == ["al-arm-01", "al-arm-02"]


def test_previously_landed_units_move_and_assist_a_landing_battle() -> None:
    st = ready({"ax-inf-01": "licata", "ax-inf-02": "licata", "ax-inf-03": "messina", "al-inf-01": "gela",
                "al-inf-02": "gela"})
    st = act(st, move(AL, ["al-inf-01", "al-inf-02"], "licata")).state  # landed earlier: may move
    st = act(st, land(AL, "landing-licata", ["al-arm-01"])).state
    v = verdict(st, attack(AL, "licata"))
    assert v.combat.attacker_dice == 2  # the road stack's 1 die + the landing armor's 1 die
    applied = act(st, attack(AL, "licata"), rolls=[1, 2, 5])  # 3 against 5
    st = applied.state
    assert unit(st, "al-arm-01").status == ELIMINATED  # the landing unit has nowhere to go
    assert at(st, "gela") == ["al-inf-01", "al-inf-02"]  # the road stack goes back


def _defection_game(axis: dict[str, str], allied_town: str = "agrigento") -> state_pb2.GameState:
    placements = {**axis, "al-arm-01": "licata"}
    st = ready(placements, mp=5)
    st = act(st, move(AL, ["al-arm-01"], allied_town)).state
    st = act(st, end(AL)).state
    assert st.major_battles.defection_pending == [allied_town]
    return act(st, card(AX, 1)).state


def test_italian_defection_removes_the_number_in_the_circle() -> None:
    st = _defection_game({"ax-inf-01": "palermo", "ax-inf-02": "palermo", "ax-inf-03": "palermo",
                          "ax-inf-04": "messina", "ax-inf-05": "messina"})
    applied = act(st, end(AX), rolls=NO_PAIR)
    st = applied.state
    removed = [e for e in applied.events if e.kind == "ITALIAN_DEFECTION"][0]
    assert len(removed.units) == 2 and all(unit(st, u).status == WITHDRAWN for u in removed.units)
    assert at(st, "messina") == ["ax-inf-04", "ax-inf-05"]  # never from Messina
    chart = st.major_battles.defection_chart
    assert [(d.town, d.number, len(d.unit_ids)) for d in chart] == [("agrigento", 2, 2)]
    # the town is used: holding it again causes no new defection
    st = act(act(st, card(AL, 1)).state, end(AL)).state
    assert list(st.major_battles.defection_pending) == []


def test_italian_defection_axis_chooses_the_towns() -> None:
    st = _defection_game({"ax-inf-01": "palermo", "ax-inf-02": "catania", "ax-inf-03": "enna",
                          "ax-inf-04": "messina"})
    st = act(st, end(AX)).state
    d = st.pending
    assert d.kind == "CHOOSE_DEFECTIONS" and d.side == AX and d.min_choices == 2
    assert sorted(o.id for o in d.options) == ["ax-inf-01", "ax-inf-02", "ax-inf-03"]
    st = act(st, answer(st, ["ax-inf-02", "ax-inf-03"]), rolls=NO_PAIR).state
    assert unit(st, "ax-inf-01").status == ON_MAP and unit(st, "ax-inf-02").status == WITHDRAWN


def test_italian_defection_armor_instead_of_two_infantry() -> None:
    # Palermo (3): 1 infantry + 1 armored for the 2 remaining
    st = ready({"ax-inf-01": "trapani", "ax-arm-01": "trapani", "ax-arm-02": "trapani", "ax-inf-02": "messina",
                "al-arm-01": "termini"}, mp=5)
    st = act(st, move(AL, ["al-arm-01"], "palermo")).state
    st = act(act(st, end(AL)).state, card(AX, 1)).state
    st = act(st, end(AX), rolls=NO_PAIR).state
    assert unit(st, "ax-inf-01").status == WITHDRAWN and unit(st, "ax-inf-02").status == ON_MAP
    assert sum(1 for u in ("ax-arm-01", "ax-arm-02") if unit(st, u).status == WITHDRAWN) == 1


def test_italian_defection_odd_remainder_options() -> None:
    # Agrigento (2) with 1 infantry and armor left outside Messina: 1 infantry, then 1 casualty-like remainder
    for option, armor_lost in (("round-up", 1), ("round-down", 0)):
        st = new(fixed("sicily", {"ax-inf-01": "palermo", "ax-arm-01": "palermo", "ax-arm-02": "palermo",
                                  "al-arm-01": "licata"}), options={"mb.defection-odd": option})
        st = act(act(st, card(AL, 5)).state, move(AL, ["al-arm-01"], "agrigento")).state
        st = act(act(st, end(AL)).state, card(AX, 1)).state
        st = act(st, end(AX), rolls=NO_PAIR).state
        lost = sum(1 for u in ("ax-arm-01", "ax-arm-02") if unit(st, u).status == WITHDRAWN)
        assert unit(st, "ax-inf-01").status == WITHDRAWN and lost == armor_lost, option


def test_italian_defection_avoided_by_ousting() -> None:
    st = _defection_game({"ax-arm-01": "caltanissetta", "ax-arm-02": "caltanissetta",
                          "ax-inf-01": "palermo", "ax-inf-02": "palermo"})
    st = act(st, move(AX, ["ax-arm-01", "ax-arm-02"], "agrigento")).state
    # 2 Axis dice 3-5 = 8 against the lone Allied armor's 2: it must retreat (to Licata)
    st = act(st, attack(AX, "agrigento"), rolls=[3, 5, 2]).state
    if st.HasField("pending"):
        st = act(st, answer(st, [], {"al-arm-01": "licata"})).state
    assert at(st, "agrigento") == ["ax-arm-01", "ax-arm-02"]
    applied = act(st, end(AX), rolls=NO_PAIR)
    assert "DEFECTION_AVOIDED" in kinds(applied) and "ITALIAN_DEFECTION" not in kinds(applied)
    assert list(applied.state.major_battles.defection_chart) == []


def test_messina_held_through_the_following_axis_turn_wins() -> None:
    st = ready({"al-arm-01": "milazzo", "ax-inf-01": "palermo"}, mp=3)
    st = act(st, move(AL, ["al-arm-01"], "messina")).state
    st = act(st, end(AL)).state
    assert st.major_battles.messina_occupied
    st = act(st, card(AX, 1)).state
    applied = act(st, end(AX), rolls=[])  # Messina is Allied: no Axis reserves can enter, none thrown
    assert applied.state.finished and applied.state.result.winner == AL
    assert applied.state.result.citation.label == 'MB "Special Rules for The Sicily Campaign" Objective ¶1'


def test_axis_reserves_enter_messina_and_are_created() -> None:
    st = act(ready({"ax-inf-01": "palermo"}), end(AL)).state
    st = act(act(st, card(AX, 1)).state, end(AX), rolls=[2, 5, 2]).state  # a pair of 2s: 2 infantry
    assert at(st, "messina") == ["axis-res-inf-001", "axis-res-inf-002"]
    defs = {u.id: u for u in st.scenario.definition.units}
    assert defs["axis-res-inf-001"].type == "infantry" and defs["axis-res-inf-001"].props["reserve"] == "true"
    st = act(act(st, card(AL, 1)).state, end(AL)).state
    applied = act(act(st, card(AX, 1)).state, end(AX), rolls=[6, 6, 6])  # a pair of 6s: 1 armored
    assert at(applied.state, "messina") == ["axis-res-arm-003", "axis-res-inf-001", "axis-res-inf-002"]
    assert [list(e.units) for e in applied.events if e.kind == "RESERVES_ENTERED"] == [["axis-res-arm-003"]]


def test_axis_wins_when_no_allied_unit_is_left() -> None:
    sc = scenario("sicily")
    keep = {"al-arm-01", "ax-inf-01", "ax-inf-02"}
    units = [u for u in sc.definition.units if u.id in keep]
    del sc.definition.units[:]
    sc.definition.units.extend(units)
    sc.major_battles.fixed_setup = True
    sc.setup.add(unit_id="ax-inf-01", location="licata")
    sc.setup.add(unit_id="ax-inf-02", location="licata")
    st = act(new(sc), card(AL, 3)).state
    st = act(st, land(AL, "landing-licata", ["al-arm-01"])).state
    st = act(st, attack(AL, "licata"), rolls=[2, 3]).state
    assert st.finished and st.result.winner == AX
    assert st.result.citation.label == 'MB "Special Rules for The Sicily Campaign" Objective ¶2'


def test_concession_ends_the_game() -> None:
    st = ready({"ax-inf-01": "palermo"})
    assert "concede" in [la.kind for la in R.legal_actions(st, AL)]
    concede = action_pb2.Action(side=AL, major_battles=mbp.MajorBattlesAction(concede=mbp.MbConcede(reason="no way through")))
    st = act(st, concede).state
    assert st.finished and st.result.winner == AX and "concedes" in st.result.reason


def test_sicily_turn_limit_house_rule() -> None:
    st = new(fixed("sicily", {"ax-inf-01": "palermo"}), options={"mb.sicily-turn-limit": "2"})
    for _ in range(2):
        st = act(act(st, card(AL, 1)).state, end(AL)).state
        st = act(act(st, card(AX, 1)).state, end(AX), rolls=NO_PAIR).state
    assert st.finished and st.result.winner == AX and "mb.sicily-turn-limit" in st.result.reason
