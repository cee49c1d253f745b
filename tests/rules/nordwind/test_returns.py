"""6.6.1 off-map retreats: "A unit which must retreat off the map returns the
following turn to the hex from which it exited or to an adjacent hex. If it
cannot, it returns the following turn to a hex located a distance of between 2
and 6 hex from the exited hex." When it cannot do even that, it is eliminated
(option nw.amb26-return-blocked; 'next-turn' tries again a turn later).

SYNTHETIC casts on the illustrative map; 0105 is on the west (Allied) edge.
"""

from __future__ import annotations

from adjudicator.core import engine
from adjudicator.core.hexmap import compile_map
from adjudicator.rules.nordwind import data
from tests.rules.nordwind.examples import U, answer, attack, edited, new_state, play, synthetic_crt, unit_state
from umpire.v1 import action_pb2, state_pb2

HM = compile_map(data.game_map())


def _end(st: state_pb2.GameState) -> state_pb2.GameState:
    return play(st, action_pb2.Action(side=st.active_side, end_phase=action_pb2.EndPhase()), [3]).state  # weather


def _place(st: state_pb2.GameState, uid: str, where: str) -> action_pb2.Action:
    return action_pb2.Action(side="allied", place=action_pb2.PlaceUnits(unit_ids=[uid], location=where))


def _within(center: str, lo: int, hi: int) -> list[str]:
    c = HM.hex_id(center)
    return sorted(HM.labels[h] for h in HM.within(c, hi) if HM.distance(h, c) >= lo)


def test_6_6_1_off_the_map_and_back_the_following_turn_next_to_the_exit_hex() -> None:
    cast = [U("D1", "allied", "0105", strength=4, reduced=2, quality="D"),
            U("A1", "german", "0305", strength=8, quality="C")]
    st = new_state(cast, phase="german-movement", tables=synthetic_crt("-/R"))
    # A1 moves next to D1, then attacks it.
    st = play(st, action_pb2.Action(side="german", move=action_pb2.MoveUnits(unit_ids=["A1"], path=["0205"]))).state
    st = _end(st)
    st = play(st, attack("german", "0105", ["A1"]), [4, 4, 1]).state
    d1 = unit_state(st, "D1")
    assert d1.status == state_pb2.UnitState.EXITED  # toward the friendly (west) edge: off the map
    assert [(r.unit_id, r.exit_hex, r.turn) for r in st.nordwind.returns] == [("D1", "0105", 2)]
    if st.pending.kind == "ADVANCE":
        st = play(st, answer(st, ["stay"])).state
    st = _end(st)  # -> Allied movement, turn 1: not yet
    assert st.phase == "allied-movement" and unit_state(st, "D1").status == state_pb2.UnitState.EXITED
    st = _end(_end(st))  # Allied combat, turn end -> turn 2, German movement
    st = _end(_end(st))  # -> Allied movement, turn 2: D1 returns
    assert (st.turn, st.phase) == (2, "allied-movement") and "returning" in unit_state(st, "D1").markers
    refused = engine.validate(st, action_pb2.Action(side="allied", end_phase=action_pb2.EndPhase()))
    assert [v.code for v in refused.violations] == ["UNITS_TO_PLACE"]
    far = engine.validate(st, _place(st, "D1", "0305"))  # 2 hexes away while the exit hex is free
    assert [(v.code, v.citation.rule_case) for v in far.violations] == [("RETURN_HEX", "6.6.1")]
    assert engine.validate(st, _place(st, "D1", "0104")).legal  # adjacent to the exit hex
    st = play(st, _place(st, "D1", "0105")).state
    assert unit_state(st, "D1").location == "0105" and unit_state(st, "D1").status == state_pb2.UnitState.ON_MAP


def _exited(blockers: list[str], options: dict[str, str] | None = None) -> state_pb2.GameState:
    """D1 left the map from 0105 and returns on turn 1; German units hold `blockers`."""
    cast = [U("D1", "allied", "", strength=4, reduced=2, quality="D")]
    cast += [U(f"G{i}", "german", hx, size="II", strength=2) for i, hx in enumerate(blockers)]
    st = edited(new_state(cast, phase="german-combat", options=options))
    d1 = unit_state(st, "D1")
    d1.status = state_pb2.UnitState.EXITED
    st.nordwind.returns.add(unit_id="D1", exit_hex="0105", turn=1)
    return st


def test_6_6_1_exit_hex_and_neighbours_held_returns_2_to_6_hexes_away() -> None:
    st = _end(_exited(_within("0105", 0, 1)))
    assert "returning" in unit_state(st, "D1").markers
    assert engine.validate(st, _place(st, "D1", "0305")).legal  # distance 2
    assert engine.validate(st, _place(st, "D1", "0705")).legal  # distance 6
    assert not engine.validate(st, _place(st, "D1", "0805")).legal  # distance 7


def test_6_6_1_no_free_hex_within_6_eliminates_the_returning_unit() -> None:
    st = _exited(_within("0105", 0, 6))
    done = play(st, action_pb2.Action(side="german", end_phase=action_pb2.EndPhase()))
    d1 = unit_state(done.state, "D1")
    assert d1.status == state_pb2.UnitState.ELIMINATED and done.state.nordwind.steps_lost["allied"] == 2
    gone = [e for e in done.events if e.kind == "UNIT_ELIMINATED"]
    assert gone and gone[0].citations[0].rule_case == "6.6.1"
    assert engine.validate(done.state, action_pb2.Action(side="allied", end_phase=action_pb2.EndPhase())).legal


def test_6_6_1_option_next_turn_keeps_the_blocked_unit_off_the_map() -> None:
    st = _exited(_within("0105", 0, 6), {"nw.amb26-return-blocked": "next-turn"})
    st = play(st, action_pb2.Action(side="german", end_phase=action_pb2.EndPhase())).state
    assert unit_state(st, "D1").status == state_pb2.UnitState.EXITED
    assert [r.turn for r in st.nordwind.returns] == [2]
    assert engine.validate(st, action_pb2.Action(side="allied", end_phase=action_pb2.EndPhase())).legal
