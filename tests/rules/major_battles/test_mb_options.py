"""The named options' alternative readings, and bad input."""

from __future__ import annotations

import pytest

from adjudicator.core.errors import MalformedInput
from tests.rules.major_battles.helpers import (
    ELIMINATED, OFF_MAP, R, act, answer, at, attack, card, codes, end, fixed, kinds, land, move, new, unit,
    verdict,
)
from umpire.v1 import action_pb2, definition_pb2, major_battles_pb2 as mbp, nordwind_pb2, state_pb2


def board(towns: str, roads: list[tuple[str, str, str]], units: list[tuple[str, str, str, str]],
          options: dict[str, str] | None = None) -> definition_pb2.Scenario:
    """A SYNTHETIC small board with a fixed setup (user-scenario style)."""
    sc = definition_pb2.Scenario(ruleset="major-battles")
    sc.major_battles.fixed_setup = True
    g = sc.definition.map
    g.id, g.source = "test-board", "SYNTHETIC test board"
    for t in towns:
        g.graph.towns.add(id=t, name=t)
    for a, b, kind in roads:
        g.graph.roads.add(id=f"{a}{b}", a=a, b=b, kind=kind)
    for uid, side, kind, town in units:
        sc.definition.units.add(id=uid, side=side, type=kind)
        sc.setup.add(unit_id=uid, location=town)
    for k, v in (options or {}).items():
        sc.options.add(name=k, value=v)
    return sc


def test_advanced_retreat_beaten_enemy_retreats_by_the_ordinary_rules() -> None:
    sc = board("ABEG", [("A", "B", "solid"), ("A", "E", "solid"), ("E", "G", "solid")],
               [("us-arm-01", "us", "armor", "B"), ("us-arm-02", "us", "armor", "B"), ("us-inf-01", "us", "infantry", "E"),
                ("de-arm-01", "german", "armor", "A"), ("de-arm-02", "german", "armor", "A")],
               {"advanced-retreat": "on"})
    st = act(act(new(sc), card("us", 5)).state, move("us", ["us-arm-01", "us-arm-02"], "A")).state
    st = act(st, attack("us", "A"), rolls=[5, 6, 1, 2]).state  # 11 against 3
    assert sorted(o.id for o in st.pending.options) == ["E", "surrender"]
    # toward E: 2 dice against the single infantry's 0 + 2
    applied = act(st, answer(st, [], {"de-arm-01": "E", "de-arm-02": "E"}), rolls=[5, 6, 1, 2])
    st = applied.state
    assert at(st, "G") == ["us-inf-01"] and at(st, "E") == ["de-arm-01", "de-arm-02"]
    assert at(st, "A") == ["us-arm-01", "us-arm-02"]


def test_overstack_both_sides_option() -> None:
    units = [("us-arm-01", "us", "armor", "B"), ("us-arm-02", "us", "armor", "B"),
             ("de-arm-01", "german", "armor", "A"), ("de-inf-01", "german", "infantry", "A")]
    units += [(f"de-inf-1{i}", "german", "infantry", "D") for i in range(9)]
    for option, removed_now in (("active-side", False), ("both-sides", True)):
        sc = board("ABD", [("A", "B", "solid"), ("A", "D", "solid")], units, {"mb.overstack-sides": option})
        st = act(act(new(sc), card("us", 5)).state, move("us", ["us-arm-01", "us-arm-02"], "A")).state
        st = act(st, attack("us", "A"), rolls=[5, 6, 1]).state  # the 2 defenders retreat into D: 11 there
        assert len(at(st, "D")) == 11
        st = act(st, end("us")).state
        if removed_now:
            assert st.pending.kind == "REMOVE_OVERSTACK" and st.pending.side == "german"
            st = act(st, answer(st, ["de-arm-01"])).state
            assert unit(st, "de-arm-01").status == ELIMINATED and len(at(st, "D")) == 10
        else:
            assert not st.HasField("pending") and len(at(st, "D")) == 11 and st.active_side == "german"


def test_reserves_every_turn_option() -> None:
    siege = {"us-arm-01": "bastogne", **{f"de-inf-0{i}": t for i, t in
                                           enumerate(["marvie", "noville", "sibret", "assenois", "champs"], 1)}}
    st = act(new(fixed("bulge", siege), options={"mb.reserve-timing": "every-turn"}), card("us", 1)).state
    applied = act(st, end("us"), rolls=[1, 2, 3, 1, 2, 3])
    assert [r.purpose for r in applied.rolls] == [f"reserves {s}: die {i}/3" for s in ("us", "german") for i in (1, 2, 3)]


def test_landing_tie_back_to_sea_option() -> None:
    for option, status in (("eliminated", ELIMINATED), ("back-to-sea", OFF_MAP)):
        st = new(fixed("sicily", {"ax-arm-01": "gela"}), options={"mb.landing-tie-retreat": option})
        st = act(act(st, card("allied", 3)).state, land("allied", "landing-gela", ["al-arm-01"])).state
        st = act(st, attack("allied", "gela"), rolls=[4, 4]).state  # 4 against 4
        st = act(st, answer(st, ["retreat"])).state
        assert unit(st, "al-arm-01").status == status, option


def test_bad_actions_are_refused_clearly() -> None:
    st = new("illustration-1")
    with pytest.raises(MalformedInput, match=r"no 'major_battles' action .*major_battles\.turn_card"):
        verdict(st, action_pb2.Action(side="us", major_battles=mbp.MajorBattlesAction()))
    with pytest.raises(MalformedInput, match="no 'nordwind' action"):
        verdict(st, action_pb2.Action(side="us", nordwind=nordwind_pb2.NordwindAction()))
    assert codes(verdict(st, card("german", 3))) == ["NOT_YOUR_TURN"]
    assert codes(verdict(st, card("us", -1))) == ["CARD_VALUE_IMPLAUSIBLE"]
    assert codes(verdict(st, action_pb2.Action(side="us", end_phase=action_pb2.EndPhase(phase="setup")))) == ["WRONG_PHASE"]
    st = act(st, card("us", 3)).state
    assert codes(verdict(st, card("us", 3))) == ["NO_CARD_TO_TURN"]
    assert codes(verdict(st, move("german", ["us-inf-02"], "C"))) == ["NOT_YOUR_TURN"]
    assert codes(verdict(st, attack("us", "C"))) == ["NO_BATTLE_THERE"]
    assert codes(verdict(st, land("us", "x", ["us-inf-02"]))) == ["NO_LANDINGS"]
    with pytest.raises(MalformedInput, match="unknown town"):
        verdict(st, attack("us", "Z"))
    assert R.reach(st, "us-inf-02") and R.reach(st, "us-inf-02")[0].cost == 1
    assert R.legal_actions(st, "german") == []


def test_any_side_may_concede() -> None:
    st = new("normandy")
    applied = act(st, action_pb2.Action(side="german", major_battles=mbp.MajorBattlesAction(concede=mbp.MbConcede())))
    assert applied.state.finished and applied.state.result.winner == "us"
    assert applied.state.result.citation.label == "Umpire procedure"
    assert isinstance(applied.state, state_pb2.GameState) and "GAME_OVER" in kinds(applied)


def test_move_mode_other_than_road_is_refused() -> None:
    st = act(new("illustration-1"), card("us", 3)).state
    a = move("us", ["us-inf-02"], "C")
    a.move.mode = "rail"
    with pytest.raises(MalformedInput, match="mode 'rail'"):
        verdict(st, a)


def test_validate_from_many_threads() -> None:
    # The gRPC server validates from a thread pool; the model caches must stay consistent.
    import threading

    base = act(new("illustration-1"), card("us", 3)).state
    states = []
    for _ in range(40):  # more state objects than the cache holds: evictions happen
        s = state_pb2.GameState()
        s.CopyFrom(base)
        states.append(s)
    errors: list[BaseException] = []

    def worker(k: int) -> None:
        try:
            for i in range(150):
                v = verdict(states[(i * 7 + k) % len(states)], move("us", ["us-inf-02"], "C"))
                assert v.legal
        except BaseException as e:  # noqa: BLE001 - collected for the assertion below
            errors.append(e)

    threads = [threading.Thread(target=worker, args=(k,)) for k in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors[:1]
