"""Non-interference for Patton's 3rd Army, following the SideFilter.perturb
contract (core/secrecy.py): changing only what a side may not know (the other
side's hidden chits, the pools' contents, the chit-draw dice) changes nothing
that side receives: its view, its legal actions, the verdicts on them (odds
previews included), reach, the events and dice it is sent.

(The platform-wide test, tests/properties/test_noninterference.py, is not on
main yet; this one runs the same contract for this ruleset on states of a
random playout, with the reveal moments named in test_secrecy.py.)

Not compared: the outcome of applying an action that draws a chit, whose
result is random and unknown to both sides until drawn.
"""

from __future__ import annotations

import random

import pytest

from adjudicator.core import dice as dice_mod
from adjudicator.core import disclosure, engine
from adjudicator.core.position import Position
from tests.rules.pattons.helpers import RS, synthetic_tables
from umpire.v1 import action_pb2, state_pb2


def _blob(m: object) -> bytes:
    return m.SerializeToString(deterministic=True)  # type: ignore[attr-defined, no-any-return]


def playout(seed: int, steps: int) -> tuple[list[state_pb2.GameState], list[state_pb2.Event]]:
    seed_bytes = seed.to_bytes(32, "big")
    st, _ = engine.new_game(RS, RS.load_scenario("pattons-3rd-army/metz"), game_id="ni", options={},
                            tables=synthetic_tables(), dice=dice_mod.HmacDice(seed_bytes, "ni", 0, 0))
    rng = random.Random(seed)
    states, events = [st], []
    for _ in range(steps):
        if st.finished:
            break
        side = st.pending.side if st.HasField("pending") else st.active_side
        options = RS.legal_actions(st, side)
        ends = [la for la in options if la.kind == "end_phase"]
        la = ends[0] if ends and rng.random() < 0.25 else rng.choice(options)
        a = action_pb2.Action()
        a.CopyFrom(la.example)
        a.side = side
        applied = engine.apply_action(st, a, lambda s, v: dice_mod.HmacDice(seed_bytes, "ni", s, v))
        st = applied.state
        events.extend(applied.events)
        states.append(st)
    return states, events


def received(state: state_pb2.GameState, side: str, events: list[state_pb2.Event]) -> list[bytes]:
    pos = Position(state, RS)
    out = [_blob(disclosure.state_for(pos, side))]
    legal = disclosure.legal_actions_for(pos, side)
    out += [_blob(la) for la in legal]
    for la in legal:
        out.append(_blob(disclosure.validate_for(pos, side, la.example)))
    units = sorted(u.unit_id for u in state.units if u.side == side and u.status == 0)[:3]
    if state.phase == f"{side}-movement" and not state.HasField("pending"):
        for u in units:
            locs, notes = disclosure.reach_for(pos, side, u)
            out += [_blob(x) for x in locs] + [_blob(n) for n in notes]
    out += [_blob(e) for e in disclosure.events_for(pos, events, side)]
    out += [_blob(r) for r in disclosure.rolls_for(pos, state.dice_log, side)]
    return out


@pytest.mark.parametrize("seed", [11, 29])
def test_changing_the_other_sides_secrets_changes_nothing_a_side_receives(seed: int) -> None:
    states, events = playout(seed, 260)
    rng = random.Random(seed)
    checked = 0
    windows = 0
    for i, st in enumerate(states):
        if i % 6:
            continue
        windows += st.pattons.HasField("combat") and st.pattons.combat.stage == "revealed"
        so_far = [e for e in events if e.version <= st.version]
        for side in ("us", "german"):
            other = RS.side_filter.perturb(st, side, rng)
            if other is None:
                continue
            assert _blob(other) != _blob(st)
            assert received(st, side, so_far) == received(other, side, so_far), (i, side)
            checked += 1
    assert checked >= 20


def test_perturb_changes_only_hidden_chits_and_keeps_every_public_count() -> None:
    states, _ = playout(5, 200)
    st = next(s for s in reversed(states) if len(s.pattons.held) >= 4)
    rng = random.Random(1)
    for side in ("us", "german"):
        p = RS.side_filter.perturb(st, side, rng)
        assert p is not None
        owners = {u.id: u.side for u in st.scenario.definition.units}
        mine = {h.unit_id: h.chit for h in st.pattons.held if owners[h.unit_id] == side}
        assert {h.unit_id: h.chit for h in p.pattons.held if owners[h.unit_id] == side} == mine
        assert [x.count for x in p.pattons.pools] == [x.count for x in st.pattons.pools]
        assert sorted(h.unit_id for h in p.pattons.held) == sorted(h.unit_id for h in st.pattons.held)
        all_before = sorted([h.chit for h in st.pattons.held] + [c for x in st.pattons.pools for c in x.chits])
        all_after = sorted([h.chit for h in p.pattons.held] + [c for x in p.pattons.pools for c in x.chits])
        assert all_before == all_after
