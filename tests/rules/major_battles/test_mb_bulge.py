"""MB "Special Rules for The Bulge": Starting Forces ¶1-¶2, Reserves ¶1-¶2,
Objective ¶1-¶3."""

from __future__ import annotations

from collections import Counter

from umpire.v1 import state_pb2
from tests.rules.major_battles.helpers import (
    ELIMINATED, ON_MAP, act, answer, at, attack, card, codes, end, fixed, kinds, labels, move, new, place,
    play_turn, scenario, unit, verdict,
)

US = "us"
DE = "german"
RING = ["marvie", "noville", "sibret", "assenois", "champs"]  # the five towns adjacent to Bastogne
GARRISON = ["us-arm-01"] + [f"us-inf-0{i}" for i in range(1, 9)]
SIEGE = {**{u: "bastogne" for u in GARRISON}, **{f"de-inf-0{i}": t for i, t in enumerate(RING, 1)}}


def test_bulge_starting_forces_and_reserves_from_the_text() -> None:
    sc = scenario("bulge")
    c = Counter((u.side, u.type, u.props.get("reserve") == "true") for u in sc.definition.units)
    assert c == {(US, "armor", False): 10, (US, "infantry", False): 26, (US, "infantry", True): 10,
                 (DE, "armor", False): 5, (DE, "infantry", False): 24, (DE, "armor", True): 5}


def test_bulge_setup_bastogne_garrison_and_star_towns() -> None:
    st = new("bulge")
    v = verdict(st, place(US, ["us-arm-01", "us-arm-02"], "bastogne"))
    assert codes(v) == ["SETUP_AREA"] and labels(v) == ['MB "Special Rules for The Bulge" Starting Forces ¶1']
    assert codes(verdict(st, place(US, ["us-arm-02"], "vaux-les-rosieres"))) == ["SETUP_AREA"]
    st = act(st, place(US, GARRISON, "bastogne")).state
    rest = [f"us-arm-{i:02d}" for i in range(2, 11)] + [f"us-inf-{i:02d}" for i in range(9, 27)]
    stars = ["neufchateau", "leglise", "habay", "arlon", "attert", "mersch", "luxembourg"]
    for k, town in enumerate(stars):
        chunk = rest[k * 4:(k + 1) * 4] if k < 6 else rest[24:]
        st = act(st, place(US, chunk, town)).state
    st = act(st, end(US)).state
    assert st.active_side == DE
    v = verdict(st, place(DE, ["de-inf-01"], "arlon"))
    assert codes(v) == ["ENEMY_TOWN"]
    assert codes(verdict(st, place(DE, ["de-inf-01"], "chaumont"))) == []
    for i, town in enumerate(RING[:4], 1):
        st = act(st, place(DE, [f"de-inf-{i:02d}"], town)).state
    others = [f"de-inf-{i:02d}" for i in range(5, 25)] + [f"de-arm-0{i}" for i in range(1, 6)]
    st = act(st, place(DE, others[:10], "wiltz")).state
    st = act(st, place(DE, others[10:20], "longuilly")).state
    st = act(st, place(DE, others[20:], "harlange")).state
    v = verdict(st, end(DE))
    assert codes(v) == ["SETUP_INCOMPLETE"] and "champs" in v.violations[0].message.lower()
    st = act(st, place(DE, ["de-arm-05"], "champs")).state
    st = act(st, end(DE)).state
    assert st.phase == "turn"
    assert all("trapped" in unit(st, u).markers for u in GARRISON)


def test_bulge_trapped_units_cannot_attack() -> None:
    st = act(new(fixed("bulge", SIEGE)), card(US, 5)).state
    v = verdict(st, move(US, ["us-inf-01"], "noville"))
    assert codes(v) == ["TRAPPED_NO_BATTLE"] and labels(v) == ['MB "Special Rules for The Bulge" Objective ¶1']


def test_bulge_trapped_town_cannot_be_attacked_by_default() -> None:
    st = play_turn(new(fixed("bulge", SIEGE)), 1)
    st = act(st, card(DE, 5)).state
    assert codes(verdict(st, move(DE, ["de-inf-02"], "bastogne"))) == ["TRAPPED_NO_BATTLE"]
    st = play_turn(new(fixed("bulge", SIEGE), options={"mb.bulge-trapped": "attack-only"}), 1)
    st = act(st, card(DE, 5)).state
    assert verdict(st, move(DE, ["de-inf-02"], "bastogne")).legal


def test_bulge_no_relief_while_every_path_meets_a_german() -> None:
    st = play_turn(new(fixed("bulge", SIEGE)), 1)
    st = act(st, card(DE, 5)).state
    # the German leaves Sibret for Vaux-les-Rosieres, Sibret's only other neighbour: still blocked
    applied = act(st, move(DE, ["de-inf-03"], "vaux-les-rosieres"))
    assert "BASTOGNE_RELIEVED" not in kinds(applied) and not applied.state.major_battles.bastogne_relieved


def test_bulge_relief_event_and_trapped_units_freed() -> None:
    st = play_turn(new(fixed("bulge", SIEGE)), 1)
    st = act(st, card(DE, 9)).state  # SYNTHETIC card value
    applied = act(st, move(DE, ["de-inf-03"], "vaux-les-rosieres", "champs"))  # Sibret and Vaux are left free
    assert [e.citations[0].label for e in applied.events if e.kind == "BASTOGNE_RELIEVED"] == [
        'MB "Special Rules for The Bulge" Objective ¶1']
    st = applied.state
    assert st.major_battles.bastogne_relieved and all("trapped" not in unit(st, u).markers for u in GARRISON)
    st = act(st, move(DE, ["de-inf-05"], "vaux-les-rosieres")).state  # blocked again: still relieved
    st = play_turn(st)
    assert st.major_battles.bastogne_relieved
    st = act(st, card(US, 3)).state
    garrison = [u for u in GARRISON if unit(st, u).status == ON_MAP]
    v = verdict(st, move(US, garrison[:1], "sibret", "vaux-les-rosieres"))  # toward the German in Vaux
    assert v.legal and [n.citation.label for n in v.notes] == ['MB "Battles" ¶1']  # relieved units may fight


WILTZ = {**SIEGE, "us-inf-09": "kautenbach", "de-arm-01": "esch-sur-sure"}


def _occupy_wiltz(options: dict[str, str] | None = None) -> state_pb2.GameState:
    st = act(new(fixed("bulge", WILTZ), options=options), card(US, 1)).state
    st = act(st, move(US, ["us-inf-09"], "wiltz")).state
    return act(st, end(US), rolls=[1, 2, 3]).state  # American reserve dice: no double


def test_bulge_wiltz_held_through_the_following_german_turn() -> None:
    st = _occupy_wiltz()
    assert st.major_battles.wiltz_occupied and not st.major_battles.wiltz_held
    st = act(st, card(DE, 1)).state
    applied = act(st, end(DE), rolls=[1, 2, 3])
    assert "WILTZ_HELD" in kinds(applied) and applied.state.major_battles.wiltz_held
    assert not applied.state.finished  # Bastogne is not relieved yet


def test_bulge_wiltz_ousted_in_the_following_turn_is_not_achieved() -> None:
    st = _occupy_wiltz()
    st = act(st, card(DE, 2)).state
    st = act(st, move(DE, ["de-arm-01"], "wiltz")).state
    st = act(st, attack(DE, "wiltz"), rolls=[6]).state  # the single infantry throws no die: destroyed
    assert unit(st, "us-inf-09").status == ELIMINATED and at(st, "wiltz") == ["de-arm-01"]
    applied = act(st, end(DE), rolls=[1, 2, 3])
    assert "WILTZ_LOST" in kinds(applied) and not applied.state.major_battles.wiltz_held


def test_bulge_both_objectives_win() -> None:
    st = _occupy_wiltz()
    st = act(st, card(DE, 6)).state
    st = act(st, move(DE, ["de-inf-03"], "vaux-les-rosieres", "champs")).state  # relieves Bastogne
    applied = act(st, end(DE), rolls=[1, 2, 3])
    st = applied.state
    assert st.finished and st.result.winner == US
    assert st.result.citation.label == 'MB "Special Rules for The Bulge" Objective ¶3'


def test_bulge_american_reserves_two_infantry_on_a_double() -> None:
    st = act(new(fixed("bulge", {**SIEGE, "us-arm-02": "arlon"})), card(US, 1)).state
    st = act(st, end(US), rolls=[4, 1, 4]).state
    d = st.pending
    assert d.kind == "RESERVE_TOWN" and sorted(o.id for o in d.options) == ["arlon", "bastogne"]
    st = act(st, answer(st, ["arlon"])).state
    assert at(st, "arlon") == ["us-arm-02", "us-inf-r01", "us-inf-r02"]


def test_bulge_german_reserves_enter_longuilly_unless_american() -> None:
    st = act(new(fixed("bulge", SIEGE)), card(US, 1)).state
    st = act(st, end(US), rolls=[1, 2, 3]).state
    st = act(st, card(DE, 1)).state
    st = act(st, end(DE), rolls=[6, 6, 1]).state
    assert at(st, "longuilly") == ["de-arm-r01"]
    st = act(new(fixed("bulge", {**SIEGE, "us-arm-02": "longuilly"})), card(US, 1)).state
    st = act(st, end(US), rolls=[1, 2, 3]).state
    st = act(st, card(DE, 1)).state
    applied = act(st, end(DE), rolls=[])  # nothing could enter: no dice thrown
    assert "RESERVES_BLOCKED" in kinds(applied) and unit(applied.state, "de-arm-r01").status != ON_MAP


def test_bulge_reserves_joining_bastogne_are_trapped_too() -> None:
    st = act(new(fixed("bulge", SIEGE)), card(US, 1)).state
    st = act(st, end(US), rolls=[2, 2, 1]).state  # only Bastogne is American: the 2 enter there
    assert all("trapped" in unit(st, u).markers for u in ("us-inf-r01", "us-inf-r02"))
