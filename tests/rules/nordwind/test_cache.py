"""The per-state board cache (cache.py) answers exactly as fresh boards do.

States here are SYNTHETIC: random units with known values on the illustrative map.
"""

from __future__ import annotations

import random
import threading

import pytest

from adjudicator.core import engine
from adjudicator.core.errors import NeedsData
from adjudicator.core.ruleset import get_ruleset
from adjudicator.core.unknowns import Branch
from adjudicator.rules.nordwind import cache
from adjudicator.rules.nordwind.board import Board
from tests.rules.nordwind.examples import U, move, new_state, play
from umpire.v1 import action_pb2, state_pb2

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


def _answers(state: state_pb2.GameState, units: list[str]) -> list[list[tuple[str, float, tuple[str, ...]]]]:
    return [[(r.location, r.cost, tuple(r.path)) for r in RS.reach(state, u)] for u in units]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_primed_boards_and_answers_match_fresh_ones_through_play(seed: int) -> None:
    rng = random.Random(seed)
    st = new_state(_random_cast(seed), phase="german-movement")
    moves_made = 0
    for _ in range(3):  # German moves, then the Allied moves (ending the phases in between)
        side = st.active_side
        for _ in range(6):
            units = sorted(u.unit_id for u in st.units if u.side == side and "stopped" not in u.markers)
            uid = rng.choice(units)
            reach = RS.reach(st, uid)
            if not reach:
                continue
            dest = rng.choice(reach)
            st = play(st, move(side, [uid], list(dest.path))).state
            moves_made += 1
            primed = cache.peek(st)
            assert primed is not None, "apply did not prime the new state's board"
            _same_board(primed, Board(st))
            sample = rng.sample(sorted(u.unit_id for u in st.units), 4)
            warm = _answers(st, sample)
            cache.clear_cache()
            assert warm == _answers(st, sample)
        for _ in range(2):
            if st.HasField("pending"):
                return
            st = play(st, action_pb2.Action(side=st.active_side, end_phase=action_pb2.EndPhase()), [3]).state  # weather
    assert moves_made >= 6


def test_cache_hits_need_the_same_object_and_version() -> None:
    st = new_state(_random_cast(4), phase="german-movement")
    a = cache.board_of(st)
    assert cache.board_of(st) is a and a.frozen
    copy = state_pb2.GameState()
    copy.CopyFrom(st)
    assert cache.board_of(copy) is not a  # an equal state is another object
    st.version += 1
    assert cache.board_of(st) is not a  # a new version is a new state


def test_a_shared_board_never_changes_a_stack_move_uses_a_private_copy() -> None:
    cast = [U("A", "allied", "1409"), U("B", "allied", "1409"), U("G", "german", "0203", strength=2)]
    st = new_state(cast, phase="allied-movement")
    shared = cache.board_of(st)
    with pytest.raises(RuntimeError):
        shared.move_unit("A", shared.hex("1410"))
    before = dict(shared.hex_of)
    v = engine.validate(st, move("allied", ["A", "B"], ["1410", "1411"]))
    assert v.legal
    assert shared.hex_of == before and sorted(shared.stack(shared.hex("1409"))) == ["A", "B"]


def test_supplied_values_get_a_private_board() -> None:
    st = new_state(_random_cast(5), phase="german-movement")
    from umpire.v1 import common_pb2

    cell = common_pb2.SuppliedCell(table_id="nordwind-1945/counters", row="g0", column="strength", value="1")
    assert cache.board_of(st, [cell]) is not cache.board_of(st)


def test_4_1_unknown_strength_still_needs_data_when_the_zoc_is_cached() -> None:
    """A cached ZoC field must tell every later question which unknown facts it
    read: the lone unit's strength decides whether 1407 -> 1408 is legal (4.1)."""
    cast = [U("506/6.SS", "german", "1507"), U("45DI-2", "allied", "1307")]  # strength unknown
    st = new_state(cast, phase="german-movement")
    for _ in range(3):
        with pytest.raises(NeedsData) as e:
            engine.validate(st, move("german", ["506/6.SS"], ["1407", "1408"]))
        assert [(c.row, c.column) for c in e.value.cells] == [("45DI-2", "strength")]


def test_threads_share_one_board_and_agree() -> None:
    st = new_state(_random_cast(6), phase="allied-movement")
    units = sorted(u.unit_id for u in st.units)
    expected = _answers(st, units)
    cache.clear_cache()
    results: list[object] = []
    errors: list[BaseException] = []

    def worker() -> None:
        try:
            results.append(_answers(st, units))
        except BaseException as exc:  # noqa: BLE001 (reported below)
            errors.append(exc)

    threads = [threading.Thread(target=worker) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors and results == [expected] * 4


def test_a_shared_board_does_not_grow_with_the_questions_asked() -> None:
    """The service keeps boards of hot states: asking about every unit and every
    target must not add per-question entries (memory bounded per board)."""
    from tests.rules.nordwind.examples import attack

    cols = range(2, 22, 2)  # SYNTHETIC front: a German above each Allied unit (0205/0206, 0405/0406, ...)
    cast = [U(f"g{c}", "german", f"{c:02d}05", strength=3, quality="C") for c in cols]
    cast += [U(f"a{c}", "allied", f"{c:02d}06", strength=2, quality="D") for c in cols]
    st = new_state(cast, phase="german-combat")
    board = cache.board_of(st)
    for u in sorted(x.unit_id for x in st.units):
        RS.reach(st, u)
    size = board.memo.size()
    for c in cols:
        v = engine.validate(st, attack("german", f"{c:02d}06", [f"g{c}"]))
        assert v.legal and v.combat.base_column == "1/1"  # judged in full (odds, modifiers)
    for u in sorted(x.unit_id for x in st.units):
        RS.reach(st, u)
    assert board.memo.size() <= size + 4  # at most the masks a combat reads once (occupied, ZoC per side)


def test_a_state_edited_in_place_after_apply_is_judged_afresh() -> None:
    """VASSAL check-log mirrors what a log shows outside the rules (an elimination,
    a step loss) by editing the state `apply` returned, before asking about it:
    the board primed by `apply` must not be used then."""
    cast = [U("A", "allied", "1409"), U("B", "allied", "1509"),
            U("G", "german", "1307", strength=3)]  # its ZoC covers 1407: entering it ends a move (4.2)
    st = new_state(cast, phase="allied-movement")
    st = play(st, move("allied", ["B"], ["1510"])).state
    assert cache.peek(st) is not None  # primed
    blocked = engine.validate(st, move("allied", ["A"], ["1408", "1407", "1406"]))
    assert [v.code for v in blocked.violations] == ["MUST_STOP_IN_ZOC"]
    st = play(st, move("allied", ["B"], ["1509"])).state
    g = next(u for u in st.units if u.unit_id == "G")
    g.status = state_pb2.UnitState.ELIMINATED  # an observed elimination, mirrored in place
    assert engine.validate(st, move("allied", ["A"], ["1408", "1407", "1406"])).legal
