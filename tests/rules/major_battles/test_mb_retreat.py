"""MB "Retreating" ¶3-¶7 (Illustration 2) and the "Optional Retreating Rule
for Advanced Players" ¶1-¶3."""

from __future__ import annotations

from collections.abc import Mapping

from tests.rules.major_battles.helpers import (
    ELIMINATED, R, act, answer, at, attack, card, codes, eliminated, fixed, kinds, move, new, outside, unit,
    verdict,
)
from umpire.v1 import definition_pb2, state_pb2

X = ["us-arm-01", "us-arm-02", "us-arm-03"]  # stack X, from B
Y = ["us-arm-04", "us-arm-05", "us-inf-01", "us-inf-02"]  # stack Y, from C
DEF = ["de-arm-01", "de-arm-02", "de-inf-01", "de-inf-02"]  # in A: 3 dice
BASE = {**{u: "B" for u in X}, **{u: "C" for u in Y}, "us-inf-03": "E", "us-inf-04": "E", "us-inf-05": "F",
        **{u: "A" for u in DEF}}


def ill2(extra: Mapping[str, str] | None = None, extra_units: tuple[tuple[str, str, str], ...] = (),
         drop: tuple[str, ...] = (), options: Mapping[str, str] | None = None) -> state_pb2.GameState:
    placements = {k: v for k, v in {**BASE, **(extra or {})}.items() if k not in drop}
    st = new(fixed("illustration-2", placements, extra_units), options=options)
    st = act(st, card("us", 30)).state  # SYNTHETIC card value
    st = act(st, move("us", X, "A")).state
    st = act(st, move("us", Y, "A")).state
    v = verdict(st, attack("us", "A"))
    assert v.combat.attacker_dice == 5  # "The attacking player throws 5 dice"
    return st


# attacker 5 dice, no double; defender 3 dice, no double
ATTACKER_WINS = [2, 3, 4, 5, 6, 1, 2, 3]


def test_retreat_illustration2_defender_higher_x_to_b_y_to_c() -> None:
    st = ill2()
    assert verdict(st, attack("us", "A")).combat.defender_dice == 3
    # attacker 1-1-2-3-4 = 11 (a double: 1 casualty, an infantry), defender 6-5-4 = 15
    applied = act(st, attack("us", "A"), rolls=[1, 1, 2, 3, 4, 6, 5, 4])
    st = applied.state
    assert eliminated(st) == ["de-inf-02"]
    assert at(st, "A") == ["de-arm-01", "de-arm-02", "de-inf-01"]
    assert at(st, "B") == sorted(X) and at(st, "C") == sorted(Y)
    assert [e.citations[0].label for e in applied.events if e.kind == "ATTACKER_RETREATS"] == [
        'MB "Retreating" ¶3', 'MB "Retreating" ¶3']


def test_retreat_illustration2_attacker_higher_defender_to_d_stacks_enter_a() -> None:
    applied = act(ill2(), attack("us", "A"), rolls=ATTACKER_WINS)
    st = applied.state
    # the only road completely clear of enemy units is the one to D (X and Y block B and C,
    # attacker units in E and F block theirs); 4 units, one way: no question asked
    assert at(st, "D") == sorted(DEF)
    assert at(st, "A") == sorted(X + Y) and outside(st, "A") == []
    k = kinds(applied)
    assert k.index("DEFENDER_RETREATS") < k.index("ATTACKER_ENTERS")


def test_retreat_illustration2_more_than_5_units_retreat_5_rest_surrender() -> None:
    extra = {"de-inf-03": "A", "de-inf-04": "A"}
    st = ill2(extra, extra_units=(("de-inf-03", "german", "infantry"), ("de-inf-04", "german", "infantry")))
    # 6 units: 2 armor + 4 infantry = 4 dice now
    st = act(st, attack("us", "A"), rolls=[2, 3, 4, 5, 6] + [1, 2, 3, 4]).state
    d = st.pending
    assert d.kind == "DEFENDER_RETREAT" and d.side == "german" and d.context["must_move"] == "5"
    assert [o.id for o in d.options] == ["D"]
    six = {u: "D" for u in DEF + ["de-inf-03", "de-inf-04"]}
    assert codes(verdict(st, answer(st, [], six))) == ["RETREAT_COUNT"]
    assert codes(verdict(st, answer(st, [], {"de-arm-01": "E"}))) == ["RETREAT_ROAD_BLOCKED", "RETREAT_COUNT"]
    five = {u: "D" for u in DEF + ["de-inf-03"]}
    applied = act(st, answer(st, [], five))
    assert at(applied.state, "D") == sorted(five)
    assert unit(applied.state, "de-inf-04").status == ELIMINATED
    assert [e.citations[0].label for e in applied.events if e.kind == "SURRENDER"] == ['MB "Retreating" ¶7']


def test_retreat_illustration2_attacker_in_d_all_surrender() -> None:
    st = ill2({"us-inf-06": "D"}, extra_units=(("us-inf-06", "us", "infantry"),))
    applied = act(st, attack("us", "A"), rolls=ATTACKER_WINS)
    st = applied.state
    assert all(unit(st, u).status == ELIMINATED for u in DEF)
    assert [e.citations[0].label for e in applied.events if e.kind == "SURRENDER"] == ['MB "Retreating" ¶6']
    assert at(st, "A") == sorted(X + Y)


def test_retreat_defender_may_split_over_clear_roads() -> None:
    st = ill2(drop=("us-inf-03", "us-inf-04"))  # E is now empty: roads to D and E are clear
    st = act(st, attack("us", "A"), rolls=ATTACKER_WINS).state
    assert sorted(o.id for o in st.pending.options) == ["D", "E"]
    st = act(st, answer(st, [], {"de-arm-01": "D", "de-inf-01": "D", "de-arm-02": "E", "de-inf-02": "E"})).state
    assert at(st, "D") == ["de-arm-01", "de-inf-01"] and at(st, "E") == ["de-arm-02", "de-inf-02"]


def test_advanced_retreat_illustration2_options_d_e_f_not_x_or_y() -> None:
    st = ill2({"us-inf-06": "D"}, extra_units=(("us-inf-06", "us", "infantry"),), options={"advanced-retreat": "on"})
    st = act(st, attack("us", "A"), rolls=ATTACKER_WINS).state
    d = st.pending
    assert sorted(o.id for o in d.options) == ["D", "E", "F", "surrender"]
    assert all(o.citation.label.startswith('MB "Optional Retreating Rule') for o in d.options if o.id != "surrender")


def test_advanced_retreat_toward_f_enemy_throws_2_dice_lower_total_eliminated() -> None:
    st = ill2({"us-inf-06": "D"}, extra_units=(("us-inf-06", "us", "infantry"),), options={"advanced-retreat": "on"})
    st = act(st, attack("us", "A"), rolls=ATTACKER_WINS).state
    # the retreating units (3 dice) fight for F; its single infantry gives no die, +2 = 2 dice
    applied = act(st, answer(st, [], {u: "F" for u in DEF}), rolls=[1, 2, 3, 5, 6])
    purposes = [r.purpose for r in applied.rolls]
    assert purposes[-2:] == ["battle at F round 1: defender die 1/2", "battle at F round 1: defender die 2/2"]
    st = applied.state
    assert all(unit(st, u).status == ELIMINATED for u in DEF)  # 6 < 11: trapped and eliminated
    assert at(st, "F") == ["us-inf-05"] and at(st, "A") == sorted(X + Y)
    assert [e.citations[0].label for e in applied.events if e.kind == "TRAPPED"] == [
        'MB "Optional Retreating Rule for Advanced Players" ¶1']


def test_advanced_retreat_enemy_lower_total_leaves_the_town() -> None:
    st = ill2({"us-inf-06": "D"}, extra_units=(("us-inf-06", "us", "infantry"),), options={"advanced-retreat": "on"})
    st = act(st, attack("us", "A"), rolls=ATTACKER_WINS).state
    st = act(st, answer(st, [], {u: "F" for u in DEF}), rolls=[4, 5, 6, 1, 2]).state
    # F's defender lost; its only road (to A) carries the retreating stack: it surrenders
    assert unit(st, "us-inf-05").status == ELIMINATED
    assert at(st, "F") == sorted(DEF)


def test_advanced_retreat_cannot_fight_past_a_stack_on_the_road() -> None:
    from adjudicator.rules.major_battles.retreat import retreat_ways

    st = ill2({"us-inf-06": "D"}, extra_units=(("us-inf-06", "us", "infantry"),), options={"advanced-retreat": "on"})
    ways = {w.town for w in retreat_ways(R.compile(st), "A", "german")}
    assert ways == {"D", "E", "F"}  # never B or C: stacks X and Y stand on those roads


def test_advanced_retreat_off_by_default() -> None:
    st = ill2({"us-inf-06": "D"}, extra_units=(("us-inf-06", "us", "infantry"),))
    st = act(st, attack("us", "A"), rolls=ATTACKER_WINS).state
    assert not st.HasField("pending") and all(unit(st, u).status == ELIMINATED for u in DEF)


# A small board for two battles in one turn (not from the text; a user-style scenario).
def two_battles(red_in_d: int) -> definition_pb2.Scenario:
    sc = definition_pb2.Scenario(ruleset="major-battles")
    sc.major_battles.fixed_setup = True
    g = sc.definition.map
    g.id, g.source = "test-board", "SYNTHETIC test board"
    for t in "ABCDE":
        g.graph.towns.add(id=t, name=t)
    for a, b, kind in (("A", "B", "solid"), ("A", "C", "solid"), ("A", "D", "solid"), ("C", "D", "solid"),
                       ("A", "E", "dashed")):
        g.graph.roads.add(id=f"{a}{b}", a=a, b=b, kind=kind)
    units = [("us-arm-01", "us", "armor", "B"), ("us-arm-02", "us", "armor", "B"), ("us-arm-03", "us", "armor", "C"),
             ("de-arm-01", "german", "armor", "A"), ("de-arm-02", "german", "armor", "A"),
             ("de-inf-01", "german", "infantry", "A"), ("de-inf-02", "german", "infantry", "A")]
    units += [(f"de-inf-1{i}", "german", "infantry", "D") for i in range(red_in_d)]
    for uid, side, kind, town in units:
        sc.definition.units.add(id=uid, side=side, type=kind)
        sc.setup.add(unit_id=uid, location=town)
    return sc


def _two_battles_after_a(red_in_d: int, dest: str) -> state_pb2.GameState:
    st = act(new(two_battles(red_in_d)), card("us", 10)).state  # SYNTHETIC card value
    st = act(st, move("us", ["us-arm-01", "us-arm-02"], "A")).state
    st = act(st, move("us", ["us-arm-03"], "D")).state
    st = act(st, attack("us", "A"), rolls=[5, 6, 1, 2, 3]).state  # 11 against 6
    assert sorted(o.id for o in st.pending.options) == ["C", "D", "E"]
    return act(st, answer(st, [], {u: dest for u in ["de-arm-01", "de-arm-02", "de-inf-01", "de-inf-02"]})).state


def test_retreat_into_town_still_under_attack_joins_without_dice() -> None:
    st = _two_battles_after_a(1, "D")
    assert all("retreated-in" in unit(st, u).markers for u in ["de-arm-01", "de-inf-01"])
    v = verdict(st, attack("us", "D"))
    assert v.combat.defender_dice == 0 and list(v.combat.defenders) == ["de-inf-10"]


def test_retreat_into_town_under_attack_cannot_cover_casualties() -> None:
    st = _two_battles_after_a(1, "D")
    applied = act(st, attack("us", "D"), rolls=[6])  # 1 casualty: the single participating infantry
    st = applied.state
    assert unit(st, "de-inf-10").status == ELIMINATED
    # the units that retreated in must leave the town the attacker enters (mb.retreated-in-left);
    # C-D carries the attacker's stack and A is his now: they surrender
    assert all(unit(st, u).status == ELIMINATED for u in ["de-arm-01", "de-arm-02", "de-inf-01", "de-inf-02"])
    assert at(st, "D") == ["us-arm-03"]


def test_retreat_attacker_stack_whose_town_was_taken_surrenders() -> None:
    st = _two_battles_after_a(2, "C")  # the defender of A retreats into the empty C
    applied = act(st, attack("us", "D"), rolls=[1, 5])  # 1 against 5: the stack from C must go back
    assert unit(applied.state, "us-arm-03").status == ELIMINATED
    assert [e.citations[0].label for e in applied.events if e.kind == "SURRENDER"] == ['MB "Retreating" ¶3']


def test_advanced_retreat_only_when_forced_not_after_a_tie() -> None:
    # Advanced ¶1: "A defending player who is forced to retreat may ...": after a tie the defender's
    # retreat is his choice, so only clear roads count -- with D occupied there are none.
    st = ill2({"us-inf-06": "D"}, extra_units=(("us-inf-06", "us", "infantry"),), options={"advanced-retreat": "on"})
    st = act(st, attack("us", "A"), rolls=[1, 2, 3, 4, 5, 4, 5, 6]).state  # 15 against 15
    st = act(st, answer(st, ["refight"])).state
    applied = act(st, answer(st, ["retreat"]))
    assert all(unit(applied.state, u).status == ELIMINATED for u in DEF)
    assert "ADVANCED_RETREAT" not in kinds(applied)
