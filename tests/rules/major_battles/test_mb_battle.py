"""MB "Battles" ¶1-¶3, "Casualties" ¶1-¶2, "Retreating" ¶1-¶3 (ties and the
elimination exception with the text's 2-2 vs 6 example)."""

from __future__ import annotations

from adjudicator.rules.major_battles.casualties import casualties_inflicted, dice_for, removal, totals_odds
from umpire.v1 import state_pb2
from tests.rules.major_battles.helpers import (
    ELIMINATED, act, answer, at, attack, card, codes, eliminated, fixed, kinds, move, new, outside, unit, verdict,
)


def ready(placements: dict[str, str], mp: int = 30, **kw: object) -> state_pb2.GameState:
    st = new(fixed("illustration-2", placements, **kw))  # type: ignore[arg-type]
    return act(st, card("us", mp)).state  # SYNTHETIC card value


def test_battles_dice_one_per_armor_one_per_two_infantry_max_5() -> None:
    assert dice_for(1, 0) == 1 and dice_for(0, 2) == 1 and dice_for(0, 3) == 1 and dice_for(2, 5) == 4
    assert dice_for(0, 1) == 0  # a single Infantry Unit does not add to the dice total
    assert dice_for(4, 4) == 5 and dice_for(16, 40) == 5  # the maximum is 5
    assert dice_for(0, 1, bonus=2) == 2 and dice_for(4, 0, bonus=2) == 5  # advanced retreat: +2, still at most 5


def test_casualties_single_die_inflicts_one_on_a_six() -> None:
    assert casualties_inflicted([6]) == 1
    assert all(casualties_inflicted([f]) == 0 for f in range(1, 6))


def test_casualties_double_inflicts_one() -> None:
    assert casualties_inflicted([2, 2]) == 1 and casualties_inflicted([6, 5]) == 0


def test_casualties_triple_inflicts_two() -> None:
    assert casualties_inflicted([3, 3, 3]) == 2 and casualties_inflicted([3, 3, 3, 1, 5]) == 2


def test_casualties_four_and_five_of_a_kind_inflict_three_and_four() -> None:
    assert casualties_inflicted([4, 4, 4, 4]) == 3 and casualties_inflicted([5, 5, 5, 5, 5]) == 4


def test_casualties_each_double_counts() -> None:
    assert casualties_inflicted([1, 1, 2, 2, 3]) == 2 and casualties_inflicted([6, 6, 6, 2, 2]) == 3
    assert casualties_inflicted([1, 2, 3, 4, 5]) == 0 and casualties_inflicted([]) == 0


def test_casualties_infantry_first_then_one_armor_per_two() -> None:
    assert removal(2, 3, 2) == removal(2, 3, 0) and removal(2, 3, 2).infantry == 2
    r = removal(4, 2, 3)
    assert (r.infantry, r.armor) == (2, 1)
    r = removal(5, 1, 3)
    assert (r.infantry, r.armor) == (1, 2)


def test_casualties_single_casualty_costs_an_armor_without_change() -> None:
    assert (removal(1, 0, 2).infantry, removal(1, 0, 2).armor) == (0, 1)
    assert removal(3, 2, 2).armor == 1  # 2 infantry + the 1 casualty left costs a whole armor
    assert removal(9, 1, 2).armor == 2  # never more than there are


def test_totals_odds_sum_to_one() -> None:
    hi, tie, lo = totals_odds(5, 3)
    assert abs(hi + tie + lo - 1) < 1e-9 and hi > lo
    hi, tie, lo = totals_odds(1, 0)
    assert abs(hi - 1) < 1e-9 and tie == 0
    assert abs(sum(totals_odds(2, 2)[::2]) + totals_odds(2, 2)[1] - 1) < 1e-9 and abs(totals_odds(2, 2)[0] - totals_odds(2, 2)[2]) < 1e-9


def test_battles_single_infantry_defender_throws_no_dice() -> None:
    st = ready({"us-arm-01": "B", "de-inf-01": "A"})
    st = act(st, move("us", ["us-arm-01"], "A")).state
    v = verdict(st, attack("us", "A"))
    assert v.combat.attacker_dice == 1 and v.combat.defender_dice == 0
    assert 'MB "Battles" ¶3' in [n.citation.label for n in v.combat.notes]
    applied = act(st, attack("us", "A"), rolls=[6])  # only the attacker's die is thrown: a 6 destroys it
    assert unit(applied.state, "de-inf-01").status == ELIMINATED
    assert at(applied.state, "A") == ["us-arm-01"]
    assert len(applied.rolls) == 1 and applied.rolls[0].purpose == "battle at A round 1: attacker die 1/1"


def test_battles_units_on_two_roads_are_a_single_attack_force() -> None:
    # Illustration 2: stacks X and Y together throw 5 dice; the defender 3.
    st = ready({u: t for u, t in [("us-arm-01", "B"), ("us-arm-02", "B"), ("us-arm-03", "B"),
                                  ("us-arm-04", "C"), ("us-arm-05", "C"), ("us-inf-01", "C"), ("us-inf-02", "C"),
                                  ("de-arm-01", "A"), ("de-arm-02", "A"), ("de-inf-01", "A"), ("de-inf-02", "A")]})
    st = act(st, move("us", ["us-arm-01", "us-arm-02", "us-arm-03"], "A")).state
    st = act(st, move("us", ["us-arm-04", "us-arm-05", "us-inf-01", "us-inf-02"], "A")).state
    v = verdict(st, attack("us", "A"))
    assert (v.combat.attacker_dice, v.combat.defender_dice) == (5, 3)
    assert codes(verdict(st, attack("us", "B"))) == ["NO_BATTLE_THERE"]


def test_retreating_example_2_2_against_6_attacker_enters() -> None:
    # MB "Retreating" ¶2: 2 Armored attack 1 Armored; 2-2 (total 4) against 6. Each side suffers
    # 1 casualty and gives up an Armored Unit; the defender has none left, so the attacker enters
    # although his total was lower.
    st = ready({"us-arm-01": "B", "us-arm-02": "B", "de-arm-01": "A"})
    st = act(st, move("us", ["us-arm-01", "us-arm-02"], "A")).state
    applied = act(st, attack("us", "A"), rolls=[2, 2, 6])
    st = applied.state
    assert eliminated(st) == ["de-arm-01", "us-arm-02"]
    assert at(st, "A") == ["us-arm-01"] and outside(st, "A") == []
    assert "ATTACKER_ENTERS" in kinds(applied)
    result = [e for e in applied.events if e.kind == "BATTLE_RESULT"][0]
    assert result.citations[0].label == 'MB "Retreating" ¶2'


def test_retreating_example_2_3_against_6_attacker_retreats() -> None:
    # ... "If, instead, the attacker had thrown 2-3, he would have been forced to retreat."
    st = ready({"us-arm-01": "B", "us-arm-02": "B", "de-arm-01": "A"})
    st = act(st, move("us", ["us-arm-01", "us-arm-02"], "A")).state
    applied = act(st, attack("us", "A"), rolls=[2, 3, 6])
    st = applied.state
    assert eliminated(st) == ["us-arm-02"]  # the defender's 6 is 1 casualty; 2-3 is none
    assert at(st, "A") == ["de-arm-01"] and at(st, "B") == ["us-arm-01"]
    assert "ATTACKER_RETREATS" in kinds(applied)


def test_casualties_removed_from_infantry_first_in_battle() -> None:
    st = ready({"us-arm-01": "B", "us-inf-01": "B", "us-inf-02": "B", "de-arm-01": "A", "de-arm-02": "A"})
    st = act(st, move("us", ["us-arm-01", "us-inf-01", "us-inf-02"], "A")).state
    # attacker 2 dice: 1-5 (no casualty), defender 2 dice: 4-4 (1 casualty): an infantry goes
    st = act(st, attack("us", "A"), rolls=[1, 5, 4, 4]).state
    assert eliminated(st) == ["us-inf-02"]


def test_casualties_attacker_chooses_between_stacks() -> None:
    # Infantry on two roads: which stack loses it matters, so the attacker chooses.
    st = ready({"us-inf-01": "C", "us-inf-02": "C", "us-inf-03": "E", "us-inf-04": "E", "de-arm-01": "A"})
    st = act(st, move("us", ["us-inf-01", "us-inf-02"], "A")).state
    st = act(st, move("us", ["us-inf-03", "us-inf-04"], "A")).state
    # attacker 2 dice 1-2, defender 1 die 6: one casualty for the attacker
    st = act(st, attack("us", "A"), rolls=[1, 2, 6]).state
    d = st.pending
    assert d.kind == "CHOOSE_CASUALTIES" and d.side == "us" and d.min_choices == d.max_choices == 1
    assert sorted(o.id for o in d.options) == ["us-inf-01", "us-inf-02", "us-inf-03", "us-inf-04"]
    assert codes(verdict(st, answer(st, ["us-inf-01", "us-inf-03"]))) == ["WRONG_NUMBER_OF_CHOICES"]
    st = act(st, answer(st, ["us-inf-03"])).state
    assert eliminated(st) == ["us-inf-03"]
    # 3 < 6: each stack back along its own road
    assert at(st, "C") == ["us-inf-01", "us-inf-02"] and at(st, "E") == ["us-inf-04"]


def _tie_state() -> state_pb2.GameState:
    st = ready({"us-arm-01": "B", "us-arm-02": "B", "de-arm-01": "A", "de-arm-02": "A"})
    st = act(st, move("us", ["us-arm-01", "us-arm-02"], "A")).state
    # attacker 3-3 = 6 (a double: 1 casualty to the defender), defender 2-4 = 6: a tie
    st = act(st, attack("us", "A"), rolls=[3, 3, 2, 4]).state
    assert eliminated(st) == ["de-arm-02"]
    return st


def test_retreating_tie_asks_attacker_first() -> None:
    st = _tie_state()
    assert st.pending.kind == "TIE_RETREAT_OR_REFIGHT" and st.pending.side == "us"
    assert st.pending.citation.label == 'MB "Retreating" ¶1'
    applied = act(st, answer(st, ["retreat"]))
    assert at(applied.state, "B") == ["us-arm-01", "us-arm-02"] and "ATTACKER_RETREATS" in kinds(applied)


def test_retreating_tie_defender_may_retreat() -> None:
    st = act(_tie_state(), answer(_tie_state(), ["refight"])).state
    assert st.pending.side == "german"
    st = act(st, answer(st, ["retreat"])).state  # to D, E or F: three clear roads -> a decision
    assert st.pending.kind == "DEFENDER_RETREAT"
    st = act(st, answer(st, [], {"de-arm-01": "D"})).state
    assert at(st, "D") == ["de-arm-01"] and at(st, "A") == ["us-arm-01", "us-arm-02"]


def test_retreating_tie_refight_with_dice_adjusted_for_casualties() -> None:
    st = _tie_state()
    st = act(st, answer(st, ["refight"])).state
    applied = act(st, answer(st, ["refight"]), rolls=[1, 2, 5])  # 2 attacker dice, 1 defender die now
    assert [r.purpose for r in applied.rolls] == [
        "battle at A round 2: attacker die 1/2", "battle at A round 2: attacker die 2/2",
        "battle at A round 2: defender die 1/1"]
    assert at(applied.state, "B") == ["us-arm-01", "us-arm-02"]  # 3 < 5


def test_retreating_zero_dice_tie_attacker_goes_back() -> None:
    st = ready({"us-inf-01": "B", "de-inf-01": "A"})
    st = act(st, move("us", ["us-inf-01"], "A")).state
    applied = act(st, attack("us", "A"), rolls=[])
    assert at(applied.state, "B") == ["us-inf-01"] and not applied.state.HasField("pending")


def test_retreating_zero_dice_tie_ask_option() -> None:
    st = new(fixed("illustration-2", {"us-inf-01": "B", "de-inf-01": "A"}), options={"mb.zero-dice-tie": "ask"})
    st = act(act(st, card("us", 5)).state, move("us", ["us-inf-01"], "A")).state
    st = act(st, attack("us", "A"), rolls=[]).state
    assert st.pending.kind == "TIE_RETREAT_OR_REFIGHT"
