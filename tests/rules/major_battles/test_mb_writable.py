"""`apply` works on a writable copy of the position's model (model.writable_copy)
instead of reading the state again. These playouts chain positions the way the
service does (each action applied to the position the last one produced, its
model carried over) and check, at every step, that:

- the writable copy equals a model read afresh from the same state;
- applying leaves the position's state and its model untouched (the copy
  shares nothing an action changes);
- the units written field by field into the copy of the old state are the
  list built afresh (model.write_units);
- the chained game ends in the same state, byte for byte, as the same actions
  applied to bare states (every model compiled afresh)."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from adjudicator.core import dice as D
from adjudicator.core import engine
from adjudicator.core.position import Position
from adjudicator.rules.major_battles import model
from tests.rules.major_battles.helpers import R, deck_table, scenario
from umpire.v1 import action_pb2, state_pb2

SIDES = {"normandy": ("us", "german"), "bulge": ("us", "german"), "sicily": ("allied", "axis")}
STEPS = 250
SYNTH = [1, 2, 3, 4, 5, 6, 7, 8, 9, 2, 3, 4, 5, 6, 7, 8, 9, 3, 4, 5, 6, 7, 8]


def _snapshot(g: model.Game) -> dict[str, Any]:
    """Everything an action could change in a model, deep-copied."""
    keys = ("units", "mb", "turn", "phase", "segment", "active", "finished", "events", "new_defs")
    out = {k: copy.deepcopy(getattr(g, k)) for k in keys}
    out["pending"] = None if g.pending is None else g.pending.SerializeToString(deterministic=True)
    out["result"] = None if g.result is None else g.result.SerializeToString(deterministic=True)
    return out


def _same(a: model.Game, b: model.Game) -> None:
    for attr in ("units", "mb", "turn", "phase", "segment", "active", "finished", "campaign", "sides",
                 "blue", "red", "fixed_setup", "events", "new_defs", "mutable"):
        assert getattr(a, attr) == getattr(b, attr), attr
    assert a.pending == b.pending and a.result == b.result and a.opts == b.opts
    assert a.board is b.board
    assert a.town_units("") == b.town_units("") and a.outside == b.outside


def _play(sid: str, seed: int, dealt: bool) -> None:
    rng = random.Random(seed)
    key = seed.to_bytes(8, "big") * 4
    st, _ = engine.new_game(R, scenario(sid), game_id=f"w{seed}", options={},
                            tables=deck_table(SYNTH) if dealt else None, dice=D.HmacDice(key, f"w{seed}", 0, 0))
    pos = Position(st, R)
    bare = st
    actions: list[action_pb2.Action] = []
    for _ in range(STEPS):
        if pos.state.finished:
            break
        offers = [la.example for s in SIDES[sid] for la in R.legal_actions(pos, s) if la.kind != "concede"]
        action = rng.choice(offers)
        before_model = pos.model()
        private = state_pb2.GameState()
        private.CopyFrom(pos.state)
        _same(model.writable_copy(before_model, private), model.Game(private, before_model.board, mutable=True))
        state_bytes = pos.state.SerializeToString(deterministic=True)
        snap = _snapshot(before_model)

        def dice(i: int, v: int) -> D.HmacDice:
            return D.HmacDice(key, f"w{seed}", i, v)

        applied = engine.apply_action(pos, action, dice)
        assert pos.state.SerializeToString(deterministic=True) == state_bytes, "apply edited the position's state"
        assert _snapshot(before_model) == snap, "apply changed the position's model"
        assert applied.position is not None
        # The units were written into a copy of the old state field by field
        # (model.write_units): the same as the list built afresh from the model.
        afresh = state_pb2.GameState()
        afresh.CopyFrom(applied.state)
        del afresh.units[:]
        model.write_units(afresh, applied.position.model())
        assert afresh.SerializeToString(deterministic=True) == applied.state.SerializeToString(deterministic=True)
        pos = applied.position
        bare = engine.apply_action(bare, action, dice).state  # a fresh position (and model) every time
        actions.append(action)
    assert len(actions) > 50
    assert pos.state.SerializeToString(deterministic=True) == bare.SerializeToString(deterministic=True)


@pytest.mark.parametrize("sid,seed,dealt", [("normandy", 1, False), ("bulge", 2, True), ("sicily", 3, False)])
def test_chained_positions_apply_like_fresh_ones(sid: str, seed: int, dealt: bool) -> None:
    _play(sid, seed, dealt)
