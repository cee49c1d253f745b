"""The one cache policy of `Position` (core/position.py), on Nordwind boards:
a position compiles its board once and shares it; a new state is a new
position with a fresh board; the position `apply` hands back is warm (its
board derived from the old one) and so are its side views; values supplied
with one question never reach the shared board.

States here are SYNTHETIC: random units with known values on the illustrative map.
"""

from __future__ import annotations

import random
import threading

import pytest

from adjudicator.core import engine
from adjudicator.core.errors import NeedsData
from adjudicator.core.position import Position
from adjudicator.core.ruleset import get_ruleset
from adjudicator.core.unknowns import Branch
from adjudicator.rules.nordwind.board import Board
from tests.rules.nordwind.examples import U, attack, move, new_state, play
from umpire.v1 import action_pb2, common_pb2, state_pb2

RS = get_ruleset("nordwind-1945")


def _random_cast(seed: int) -> list[U]:
    """SYNTHETIC: 10 units a side, Germans in rows 01-06, Allies in rows 09-15,
    strengths 1-4 (so some lone units project no ZoC), foot and mechanized."""
    rng = random.Random(seed)
    out, used = [], set()
    for i in range(20):
        side = "german" if i % 2 == 0 else "allied"
        while True:
            col, row = rng.randint(1, 25), (rng.randint(1, 6) if side == "german" else rng.randint(9, 15))
            if (col, row) not in used:
                used.add((col, row))
                break
        out.append(U(f"{side[0]}{i}", side, f"{col:02d}{row:02d}", type=rng.choice(["infantry", "armored"]),
                     strength=rng.randint(1, 4), quality="C"))
    return out


def _same_board(a: Board, b: Board) -> None:
    assert {h: sorted(v) for h, v in a.at.items() if v} == {h: sorted(v) for h, v in b.at.items() if v}
    assert a.hex_of == b.hex_of
    for side in ("german", "allied"):
        assert a.occupied(side) == b.occupied(side)
        assert a.zoc(Branch({}), side) == b.zoc(Branch({}), side)
        assert a.mech_hexes(Branch({}), side) == b.mech_hexes(Branch({}), side)


def _answers(subject: Position | state_pb2.GameState, units: list[str]) -> list[list[tuple[str, float, tuple[str, ...]]]]:
    return [[(r.location, r.cost, tuple(r.path)) for r in RS.reach(subject, u)] for u in units]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_position_apply_hands_back_is_warm_and_answers_as_a_fresh_one(seed: int) -> None:
    rng = random.Random(seed)
    pos = Position(new_state(_random_cast(seed), phase="german-movement"), RS)
    moves_made = 0
    for _ in range(3):  # German moves, then the Allied moves (ending the phases in between)
        side = pos.state.active_side
        for _ in range(6):
            units = sorted(u.unit_id for u in pos.state.units if u.side == side and "stopped" not in u.markers)
            uid = rng.choice(units)
            reach = RS.reach(pos, uid)
            if not reach:
                continue
            dest = rng.choice(reach)
            applied = play(pos, move(side, [uid], list(dest.path)))
            assert applied.position is not None
            pos = applied.position
            moves_made += 1
            assert pos.primed, "apply did not hand over the new state's board"
            _same_board(pos.model(), Board(pos.state))
            sample = rng.sample(sorted(u.unit_id for u in pos.state.units), 4)
            assert _answers(pos, sample) == _answers(pos.state, sample)  # warm == fresh (a bare state)
            for viewer in ("german", "allied"):
                view = pos.for_side(viewer)
                assert view.primed, f"{viewer}'s position was not primed from the full one"
                _same_board(view.model(), Board(view.state))
        for _ in range(2):
            if pos.state.HasField("pending"):
                return
            pos = play(pos, action_pb2.Action(side=pos.state.active_side, end_phase=action_pb2.EndPhase()),
                       [3]).position  # weather
            assert pos is not None and not pos.primed  # ending a phase changes more than unit positions
    assert moves_made >= 6


def test_a_position_compiles_once_and_a_new_state_is_a_new_board() -> None:
    st = new_state(_random_cast(4), phase="german-movement")
    pos = Position(st, RS)
    a = pos.model()
    assert pos.model() is a and a.frozen
    copy = state_pb2.GameState()
    copy.CopyFrom(st)
    assert Position(copy, RS).model() is not a  # an equal state is another position
    assert Position.of(st, RS).model() is not a  # a bare state gets a throw-away position, never the shared board
    after = play(pos, move("german", ["g0"], [RS.reach(pos, "g0")[0].location])).position
    assert after is not None and after.model() is not a  # the next state has its own board


def test_a_shared_board_never_changes_a_stack_move_uses_a_private_copy() -> None:
    cast = [U("A", "allied", "1409"), U("B", "allied", "1409"), U("G", "german", "0203", strength=2)]
    pos = Position(new_state(cast, phase="allied-movement"), RS)
    shared = pos.model()
    with pytest.raises(RuntimeError):
        shared.move_unit("A", shared.hex("1410"))
    before = dict(shared.hex_of)
    assert engine.validate(pos, move("allied", ["A", "B"], ["1410", "1411"])).legal
    assert shared.hex_of == before and sorted(shared.stack(shared.hex("1409"))) == ["A", "B"]


def test_values_supplied_with_a_question_never_reach_the_shared_board() -> None:
    """4.1: whether the lone 45DI-2 (strength unknown) has a ZoC decides 1407 -> 1408.
    The value given with one question judges that question only (apply remembers
    it, on the next state); the position's board still needs it."""
    cast = [U("506/6.SS", "german", "1507"), U("45DI-2", "allied", "1307")]  # strength unknown
    pos = Position(new_state(cast, phase="german-movement"), RS)
    shared = pos.model()
    mv = move("german", ["506/6.SS"], ["1407", "1408"])
    with_cell = action_pb2.Action()
    with_cell.CopyFrom(mv)
    with_cell.supplied_cells.append(common_pb2.SuppliedCell(table_id="nordwind-1945/counters", row="45DI-2",
                                                            column="strength", value="1"))
    assert engine.validate(pos, with_cell).legal  # strength 1 alone: no ZoC beyond its hex
    assert pos.model() is shared
    with pytest.raises(NeedsData):
        engine.validate(pos, mv)
    after = play(pos, with_cell).position
    assert after is not None and after.primed  # built on the new state, which remembers the value
    counters = [t for t in after.state.scenario.definition.tables if t.id == "nordwind-1945/counters"][0]
    assert [(c.row, c.column, c.value) for c in counters.cells] == [("45DI-2", "strength", "1")]
    assert after.model().hex_of == Board(after.state).hex_of
    with pytest.raises(NeedsData):  # the old position is untouched
        engine.validate(pos, mv)


def test_4_1_unknown_strength_still_needs_data_when_the_zoc_is_cached() -> None:
    """A cached ZoC field must tell every later question which unknown facts it
    read: the lone unit's strength decides whether 1407 -> 1408 is legal (4.1)."""
    cast = [U("506/6.SS", "german", "1507"), U("45DI-2", "allied", "1307")]  # strength unknown
    pos = Position(new_state(cast, phase="german-movement"), RS)
    for _ in range(3):
        with pytest.raises(NeedsData) as e:
            engine.validate(pos, move("german", ["506/6.SS"], ["1407", "1408"]))
        assert [(c.row, c.column) for c in e.value.cells] == [("45DI-2", "strength")]


def test_threads_share_one_board_and_agree() -> None:
    st = new_state(_random_cast(6), phase="allied-movement")
    units = sorted(u.unit_id for u in st.units)
    expected = _answers(st, units)
    pos = Position(st, RS)
    results: list[object] = []
    errors: list[BaseException] = []

    def worker() -> None:
        try:
            results.append(_answers(pos, units))
        except BaseException as exc:  # noqa: BLE001 (reported below)
            errors.append(exc)

    threads = [threading.Thread(target=worker) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors and results == [expected] * 4


def test_a_shared_board_does_not_grow_with_the_questions_asked() -> None:
    """The service keeps the positions of hot games: asking about every unit and
    every target must not add per-question entries (memory bounded per board)."""
    cols = range(2, 22, 2)  # SYNTHETIC front: a German above each Allied unit (0205/0206, 0405/0406, ...)
    cast = [U(f"g{c}", "german", f"{c:02d}05", strength=3, quality="C") for c in cols]
    cast += [U(f"a{c}", "allied", f"{c:02d}06", strength=2, quality="D") for c in cols]
    pos = Position(new_state(cast, phase="german-combat"), RS)
    board = pos.model()
    for u in sorted(x.unit_id for x in pos.state.units):
        RS.reach(pos, u)
    size = board.memo.size()
    for c in cols:
        v = engine.validate(pos, attack("german", f"{c:02d}06", [f"g{c}"]))
        assert v.legal and v.combat.base_column == "1/1"  # judged in full (odds, modifiers)
    for u in sorted(x.unit_id for x in pos.state.units):
        RS.reach(pos, u)
    assert board.memo.size() <= size + 4  # at most the masks a combat reads once (occupied, ZoC per side)


def test_a_bare_state_edited_in_place_is_judged_afresh() -> None:
    """VASSAL check-log mirrors what a log shows outside the rules (an elimination,
    a step loss) by editing a state: a bare state gets a throw-away position on
    every question, so an edit is always seen (a wrapped state is never edited:
    its position would keep the old board)."""
    cast = [U("A", "allied", "1409"), U("B", "allied", "1509"),
            U("G", "german", "1307", strength=3)]  # its ZoC covers 1407: entering it ends a move (4.2)
    st = play(new_state(cast, phase="allied-movement"), move("allied", ["B"], ["1510"])).state
    blocked = engine.validate(st, move("allied", ["A"], ["1408", "1407", "1406"]))
    assert [v.code for v in blocked.violations] == ["MUST_STOP_IN_ZOC"]
    g = next(u for u in st.units if u.unit_id == "G")
    g.status = state_pb2.UnitState.ELIMINATED  # an observed elimination, mirrored in place
    assert engine.validate(st, move("allied", ["A"], ["1408", "1407", "1406"])).legal
