"""Random legal playouts of the shipped scenarios with a SYNTHETIC table file
(so play goes on past the cells the text lacks), through several turns:

* every action `legal_actions` offers validates, and `validate` mutates nothing;
* at rest (no decision pending) no hex holds both sides or more than two combat
  units and one HQ (5.0);
* each player's view hides the other side's chits in the cup and their draw die;
* the Allied VP total equals the sum of the VP events;
* replaying the record with its dice reproduces the final state bit for bit.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator.core import dice as dice_mod
from adjudicator.core import engine
from adjudicator.core.errors import NeedsData
from adjudicator.rules.traces.chits import roll_owner
from adjudicator.rules.traces.model import Game
from tests.rules.traces.helpers import RS, synthetic_tables
from umpire.v1 import action_pb2, state_pb2

MAX_STEPS = 400
VARIANTS: list[dict[str, str]] = [
    {},
    {"tov.a12-stream-halving": "on", "tov.a13-ten-plus": "after", "tov.a19-retreat-ezoc-loss": "once"},
    {"tov.15.1-players": "3", "tov.a18-retreat-supply": "nearer-source", "tov.a43-control": "end"},
    {"tov.15.1-players": "4", "tov.a40-selection": "open", "tov.a4-hq-out-of-supply": "relocate"},
    {"tov.a56-r-exempt": "stays", "tov.a9b-r-exemption": "metz-only", "tov.a39-activation": "corps",
     "tov.15.2-alternate-victory": "on", "tov.a30-sudden-death": "end-only"},
]
WEIGHT = {"attack": 8, "move": 3, "place": 4, "traces": 2}


def acting(state: state_pb2.GameState) -> list[str]:
    if state.HasField("pending"):
        return [state.pending.side]
    if state.active_side:
        return [state.active_side]
    return [p.side for p in state.traces.players if p.lead and p.belligerent not in state.traces.selected]


def check_invariants(state: state_pb2.GameState) -> None:
    g = Game(state)
    if not state.HasField("pending"):
        for h, ids in g.at.items():
            assert len({g.belligerent(u) for u in ids}) == 1, f"both sides in {g.label(h)}"
            kinds = Counter("hq" if g.is_hq(u) else "combat" for u in ids)
            assert kinds["combat"] <= 2 and kinds["hq"] <= 1, f"{g.label(h)} overstacked: {ids}"
    hidden = not any(o.name == "tov.a40-selection" and o.value == "open" for o in state.options)
    for p in state.traces.players if hidden else ():
        v = RS.view(state, p.side)
        for c in v.traces.cup:
            if c.owner and c.owner != p.belligerent:
                assert not c.name
        for r in v.dice_log:
            if roll_owner(r.purpose) not in (None, p.belligerent) and not state.finished:
                assert r.value == 0


def play(scenario: str, seed: int, options: dict[str, str]) -> tuple[state_pb2.GameRecord, list[state_pb2.Event]]:
    seed_bytes = seed.to_bytes(32, "big")
    game_id = f"tov-{seed}"
    initial, events = engine.new_game(RS, RS.load_scenario(scenario), game_id=game_id, options=options,
                                      tables=synthetic_tables(chits=2, specials="reserve,shaef,reinforcement,ob-west",
                                                              weather="clear", air=2, crt="1R"),
                                      dice=dice_mod.HmacDice(seed_bytes, game_id, 0, 0))
    record = state_pb2.GameRecord(game_id=game_id, initial=initial)
    rng = random.Random(seed)
    state = initial
    all_events = list(events)
    for _ in range(MAX_STEPS):
        if state.finished:
            break
        sides = acting(state)
        if not sides:
            break
        side = rng.choice(sides)
        options_ = [la.example for la in RS.legal_actions(state, side) if la.example.WhichOneof("kind")]
        if not options_:
            break
        weights = [WEIGHT.get(o.WhichOneof("kind") or "", 1) for o in options_]
        action = action_pb2.Action()
        action.CopyFrom(rng.choices(options_, weights)[0])
        action.side = side
        before = state.SerializeToString(deterministic=True)
        verdict = engine.validate(state, action)
        assert state.SerializeToString(deterministic=True) == before
        assert verdict.legal, (action, verdict.violations)
        try:
            applied = engine.apply_action(state, action,
                                          lambda s, v: dice_mod.HmacDice(seed_bytes, game_id, s, v))
        except NeedsData:
            break
        record.actions.add(version=applied.state.version, action=action, dice=applied.rolls, events=applied.events)
        all_events.extend(applied.events)
        state = applied.state
        check_invariants(state)
    record.final.CopyFrom(state)
    return record, all_events


@pytest.mark.parametrize("scenario", ["traces-of-victory/combined-assault", "traces-of-victory/pattons-assault",
                                      "traces-of-victory/patchs-advance"])
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**64), pre=st.sampled_from(["ask", "none"]),
       variant=st.sampled_from(VARIANTS))
def test_random_playouts_keep_the_invariants_and_replay(scenario: str, seed: int, pre: str,
                                                        variant: dict[str, str]) -> None:
    record, events = play(scenario, seed, {"tov.a2-pre-turn-hq": pre, **variant})
    replayed = engine.replay(record)
    assert replayed.SerializeToString(deterministic=True) == record.final.SerializeToString(deterministic=True)
    vp = sum(int(e.text.split()[2]) for e in events if e.kind == "VP")
    assert record.final.traces.allied_vp == vp
