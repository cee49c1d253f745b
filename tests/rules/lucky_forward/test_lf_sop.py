"""Sequence of play (3.3-3.5): the GT program, every action refused outside its
phase with its case, rest GTs, ENA periods, the GT update. SYNTHETIC units."""

from __future__ import annotations

import pytest

from adjudicator.rules.lucky_forward import sop
from tests.rules.lucky_forward.helpers import (
    Scen,
    act,
    answer,
    cases,
    codes,
    d10,
    edit,
    end,
    jump,
    lfa,
    model,
    move,
    new,
    synthetic_tables,
    verdict,
)
from umpire.v1 import lucky_forward_pb2 as lf


def _scen() -> Scen:
    s = Scen()
    s.unit("a1", "allied", "1505", rgt="r1")
    s.unit("x1", "axis", "1605", rgt="g1")
    return s


def _walk(st, limit: int = 80):  # type: ignore[no-untyped-def]
    """End every segment in turn; yields (phase, segment, acting side)."""
    for _ in range(limit):
        if st.HasField("pending"):
            st = act(st, answer(st, st.pending.options[-1].id)).state
            continue
        yield st.phase, st.segment, st.active_side, st
        if st.segment == "rest-designation":
            st = act(st, lfa("axis", designate_rest=lf.LfDesignateRest(group="all", time="PM"))).state
        st = act(st, end(st.active_side), d10(*([5] * 12))).state


def test_3_3_1_the_am_gt_opens_with_the_joint_phases_and_later_gts_do_not() -> None:
    m = model(new(_scen()))
    am = [s.phase for s in sop.program(m)]
    assert am[:4] == ["air-allocation", "weather", "weather", "command"] and "logistics" in am
    m.lf.time = "PM"
    pm = [s.phase for s in sop.program(m)]
    assert pm[:3] == ["weather", "weather", "fuel-value"] and "command" not in pm and "logistics" not in pm
    m.lf.time = "night"
    assert [s.phase for s in sop.program(m)][-2:] == ["ena-call", "update"]


def test_3_3_2_a_gt_runs_the_allied_player_turn_then_the_axis_one_in_order() -> None:
    seen = []
    for phase, seg, side, _ in _walk(new(_scen())):
        seen.append((phase, seg, side))
        if len(seen) > 2 and seen[-1][0] == "mode-determination" and side == "allied" and len(seen) > 5:
            break
    allied = [x for x in seen if x[2] == "allied"][:3]
    assert allied[0][:2] == ("mode-determination", "") and allied[1][:2] == ("movement", "cr-designation")
    order = [(p, g) for p, g, _ in seen]
    assert order.index(("combat", "ground-assault")) < order.index(("combat", "ground-assault"), order.index(
        ("combat", "ground-assault")) + 1) if order.count(("combat", "ground-assault")) > 1 else True
    fs = [(p, g, s) for p, g, s in seen if g.startswith("fs-")]
    # 11.1.0: the inactive player's defensive support, then the active player's offensive support
    assert fs[0] == ("combat", "fs-defensive", "axis") and fs[1] == ("combat", "fs-offensive", "allied")


WRONG = [
    ("set_mode", lf.LfSetMode(unit_ids=["a1"], mode=lf.LF_MODE_PREPARED_ASSAULT), "5.0"),
    ("set_stance", lf.LfSetStance(unit_ids=["a1"], out_of_battery=True), "5.6.0"),
    ("set_reserve", lf.LfSetReserve(unit_ids=["a1"], on=True), "5.8.0"),
    ("designate_assault", lf.LfDesignateAssault(unit_ids=["a1"]), "10.2.0"),
    ("remove_designation", lf.LfRemoveDesignation(hex="1505", then="stay"), "12.2.0"),
    ("fire_support", lf.LfFireSupport(spotter="a1", target="1605"), "11.1.0"),
    ("ground_assault", lf.LfGroundAssaultAction(hex="1605", attackers=["a1"], lead_pr="a1"), "13.2.0"),
    ("enter_exploit", lf.LfEnterExploit(unit_ids=["a1"]), "5.4.3"),
    ("designate_rest", lf.LfDesignateRest(group="all", time="AM"), "3.5.2"),
]


@pytest.mark.parametrize(("kind", "msg", "case"), WRONG, ids=[w[0] for w in WRONG])
def test_3_3_0_every_action_is_refused_outside_its_phase_with_its_case(kind: str, msg: object, case: str) -> None:
    st = jump(new(_scen()), "allied", "movement", "movement")
    if kind == "designate_rest":
        st = jump(st, "allied", "mode-determination")
    v = verdict(st, lfa("axis" if kind == "designate_rest" else "allied", **{kind: msg}))
    assert codes(v) == ["WRONG_PHASE"] and cases(v) == [case]


def test_3_3_2c_a_move_outside_a_movement_or_exploit_phase_is_refused() -> None:
    st = jump(new(_scen()), "allied", "combat", "ga-nothing" if False else "ta-designation")
    v = verdict(st, move("allied", ["a1"], ["1405"]))
    assert codes(v) == ["WRONG_PHASE"] and cases(v) == ["3.3.2c"]


def test_3_3_0_only_the_side_acting_in_the_segment_acts() -> None:
    st = jump(new(_scen()), "allied", "combat", "fs-defensive")
    assert st.active_side == "axis"  # 11.1.0: the inactive player's defensive support
    v = verdict(st, end("allied"))
    assert codes(v) == ["NOT_YOUR_SEGMENT"]


def test_3_5_0_the_axis_designates_its_rest_gt_before_the_segment_ends() -> None:
    st = new(_scen())
    assert codes(verdict(st, end("axis"))) == ["REST_NOT_DESIGNATED"]
    st = act(st, lfa("axis", designate_rest=lf.LfDesignateRest(group="all", time="night"))).state
    assert verdict(st, end("axis")).legal


def test_3_5_3_no_pa_mode_in_the_rest_gt() -> None:
    s = _scen()
    s.unit("a2", "allied", "1504", rgt="r1")
    st = jump(new(s), "allied", "mode-determination", time="night")  # 3.5.1: the Allies rest every night
    v = verdict(st, lfa("allied", set_mode=lf.LfSetMode(unit_ids=["a1"], mode=lf.LF_MODE_PREPARED_ASSAULT)))
    assert "3.5.3" in cases(v)
    day = jump(new(s), "allied", "mode-determination", time="AM")
    assert verdict(day, lfa("allied", set_mode=lf.LfSetMode(unit_ids=["a1"],
                                                            mode=lf.LF_MODE_PREPARED_ASSAULT))).legal


def test_3_5_3_no_move_from_next_to_the_enemy_to_next_to_the_enemy_in_the_rest_gt() -> None:
    tables = __import__("tests.rules.lucky_forward.helpers", fromlist=["x"]).synthetic_tables()
    st = jump(new(_scen(), tables=tables), "allied", "movement", "movement", time="night")
    # 1505 and 1504 are both next to the Axis unit in 1605 (odd printed columns lower).
    v = verdict(st, move("allied", ["a1"], ["1504"]))
    assert "3.5.3" in cases(v)
    day = jump(new(_scen(), tables=tables), "allied", "movement", "movement", time="AM")
    assert "3.5.3" not in cases(verdict(day, move("allied", ["a1"], ["1504"])))


def test_3_5_2_the_axis_rest_designation_is_secret_from_the_allies() -> None:
    from adjudicator.core.disclosure import record_for
    from adjudicator.rules.lucky_forward.ruleset import RULESET
    from umpire.v1 import state_pb2

    st0 = new(_scen())
    ap = act(st0, lfa("axis", designate_rest=lf.LfDesignateRest(group="all", time="PM")))
    allied = RULESET.view(ap.state, "allied")
    assert not allied.private_data
    assert all(e.visible_to == ["axis"] for e in ap.events)
    rec = state_pb2.GameRecord(initial=st0, final=ap.state)
    rec.actions.add(version=1, action=ap.action, events=ap.events)
    seen = record_for(rec, "allied")
    assert seen.actions[0].action.lucky_forward.designate_rest.time == "" and not seen.actions[0].events


def test_3_3_4_the_game_ends_after_the_last_gds_night_gt() -> None:
    s = _scen()
    s.sc.lucky_forward.last_game_day = 1
    st = jump(new(s), "axis", "combat", "ground-assault", time="night")
    st = act(st, end("axis"), d10(*([5] * 10))).state
    assert st.finished and "3.3.4" == st.result.citation.rule_case


def test_3_3_4_after_the_night_gt_the_next_gd_begins_with_its_am_gt() -> None:
    st = jump(new(_scen()), "axis", "combat", "ground-assault", time="night")
    st = act(st, end("axis"), d10(*([5] * 10))).state
    assert (st.lucky_forward.game_day, st.lucky_forward.time) == (2, "AM")
    assert (st.phase, st.segment, st.active_side) == ("command", "rest-designation", "axis")


def _night_end(s: Scen, calls: tuple[str, str], rolls: list[int]):  # type: ignore[no-untyped-def]
    s.sc.lucky_forward.ena_from_game_day = 1
    st = jump(new(s, tables=synthetic_tables()), "axis", "combat", "ground-assault", time="night")
    st = act(st, end("axis"), d10(*([5] * 10))).state
    assert st.pending.kind == "ENA_CALL" and st.pending.side == "allied"
    assert st.pending.context["private"] == "true"  # 3.4.1: each side decides without knowing the other's
    st = act(st, answer(st, calls[0])).state
    assert st.pending.kind == "ENA_CALL" and st.pending.side == "axis"
    return act(st, answer(st, calls[1]), d10(*rolls)).state


def test_3_4_1_one_side_calling_an_ena_is_its_first_player() -> None:
    st = _night_end(_scen(), ("pass", "call"), [7, 3])
    e = st.lucky_forward.ena
    assert e.active and e.first == "axis"
    assert (e.activations["allied"], e.activations["axis"]) == (7, 3)  # 3.4.2: the rolls are the allowances
    assert (st.phase, st.segment, st.active_side) == ("movement", "cr-designation", "axis")


def test_3_4_1_both_calling_the_higher_roll_picks_and_the_axis_wins_ties() -> None:
    st = _night_end(_scen(), ("call", "call"), [4, 4])
    assert st.pending.kind == "ENA_FIRST" and st.pending.side == "axis"
    st = act(st, answer(st, "allied")).state
    assert st.lucky_forward.ena.first == "allied" and st.active_side == "allied"


def test_3_4_0_no_ena_before_the_scenario_allows_it() -> None:
    s = _scen()
    s.sc.lucky_forward.ena_from_game_day = 83  # LF 3.4.0
    st = jump(new(s), "axis", "combat", "ground-assault", time="night")
    st = act(st, end("axis"), d10(*([5] * 10))).state
    assert not st.HasField("pending") and st.lucky_forward.time == "AM"


def test_3_4_3_no_voluntary_mode_change_and_no_strat_movement_in_an_ena() -> None:
    st = _night_end(_scen(), ("call", "pass"), [6, 2])
    m = edit(st)
    assert m.lf.ena.active
    st2 = jump(st, "ena-1", "movement", "movement")
    v = verdict(st2, move("allied", ["a1"], ["1405"]))
    assert "3.4.2" in cases(v)  # not activated


def test_tc23_3_4_2a_ena_activation_by_a_formation_leader() -> None:
    """3.4.2a example: ENA DR 8; the leader (activation 7) rolls 6: his whole
    division activates, and 4 activations are left (half of 8)."""
    s = _scen()
    s.unit("ldr", "allied", "1008", types=["leader"], leader_activation=7, leader_hq="a-div", attack=None,
           defense=None, reduced=None, steps=1)
    st = _night_end(s, ("call", "pass"), [8, 3])
    st = jump(st, "ena-1", "movement", "movement")
    ap = act(st, lfa("allied", activate=lf.LfActivate(leader="ldr")), d10(6))
    e = ap.state.lucky_forward.ena
    assert e.activations["allied"] == 4
    assert model(ap.state).units["a1"].st.ena_active


def test_tc24_3_4_6_ena_fatigue_is_placed_in_the_mutual_fatigue_phase() -> None:
    """3.4.6 example, played: in the Axis ENA player turn a German unit moves
    and makes a TA GA (two fatigue hits), a German Art unit fires (one); the
    US unit defends at full strength (one). The hits are placed in the ENA
    Mutual Fatigue Phase (3.4.5c), not before."""
    s = Scen()
    s.unit("a1", "allied", "1505", rgt="r1")
    s.unit("x1", "axis", "1705", rgt="g1")
    s.unit("xart", "axis", "1807", types=["artillery"], attack=None, defense=1, reduced=None, steps=1, barrage=8,
           range=6, gun="105mm")
    st = _night_end(s, ("pass", "call"), [7, 3])
    assert st.lucky_forward.ena.first == "axis"
    st = jump(st, "ena-1", "movement", "movement")
    st = act(st, lfa("axis", activate=lf.LfActivate(unit_ids=["x1", "xart"])), d10(1, 1)).state
    st = act(st, move("axis", ["x1"], ["1605"])).state
    st = _to(st, "ta-designation")
    st = act(st, lfa("axis", designate_assault=lf.LfDesignateAssault(unit_ids=["x1"]))).state
    st = _to(st, "fs-offensive")
    st = act(st, lfa("axis", fire_support=lf.LfFireSupport(spotter="x1", target="1505",
                                                             fire=[lf.LfFire(unit_id="xart", points=8)])),
             d10(0, 0)).state  # 0 + 8 - 1 (night) = 7: no effect; AD roll 0
    st = _to(st, "ground-assault")
    st = act(st, lfa("axis", ground_assault=lf.LfGroundAssaultAction(hex="1505", attackers=["x1"], lead_pr="x1"))).state
    st = act(st, answer(st, "lead:a1"), d10(5, 5, 5, 5)).state  # the defender at full strength
    m = model(st)
    assert [m.units[u].st.fatigue for u in ("x1", "xart", "a1")] == [0, 0, 0]  # owed, not yet placed
    assert [m.units[u].st.ena_fatigue_due for u in ("x1", "xart", "a1")] == [2, 1, 1]
    for _ in range(60):
        if st.lucky_forward.time != "night":
            break
        st = act(st, answer(st, st.pending.options[0].id)).state if st.HasField("pending") else \
            act(st, end(st.active_side), d10(*([5] * 12))).state
    m = model(st)
    assert st.lucky_forward.time == "AM"
    assert [m.units[u].st.fatigue for u in ("x1", "xart", "a1")] == [2, 1, 1]


def _to(st, segment: str):  # type: ignore[no-untyped-def]
    """End segments until `segment` of the current player turn."""
    for _ in range(20):
        if st.segment == segment and not st.HasField("pending"):
            return st
        st = act(st, answer(st, st.pending.options[0].id)).state if st.HasField("pending") else \
            act(st, end(st.active_side), d10(*([5] * 12))).state
    raise AssertionError(f"never reached {segment}")
