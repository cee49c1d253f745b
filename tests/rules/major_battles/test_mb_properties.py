"""Properties of the Major Battles ruleset over random legal playouts of
every shipped scenario: every offered example is legal; validate never
mutates; units are conserved or their loss is logged; a side's view holds
nothing hidden from it; playouts end; a replay reproduces the game."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hs

from adjudicator.core import dice as D
from adjudicator.core import engine
from adjudicator.core.errors import MalformedInput
from adjudicator.rules.major_battles import model
from adjudicator.rules.major_battles.deck import GAME_ENDS
from tests.rules.major_battles.helpers import R, ELIMINATED, WITHDRAWN, deck_table, scenario
from umpire.v1 import action_pb2, state_pb2

MAX_ACTIONS = 3000
SIDES = {"normandy": ("us", "german"), "bulge": ("us", "german"), "sicily": ("allied", "axis"),
         "illustration-1": ("us", "german"), "illustration-2": ("us", "german")}
# SYNTHETIC movement deck values (for the dealt-deck playouts).
SYNTH = [1, 2, 3, 4, 5, 6, 7, 8, 9, 2, 3, 4, 5, 6, 7, 8, 9, 3, 4, 5, 6, 7, 8]


def _bytes(st: state_pb2.GameState) -> bytes:
    return st.SerializeToString(deterministic=True)


def _garbled(rng: random.Random, a: action_pb2.Action, sides: tuple[str, str]) -> action_pb2.Action:
    """An action close to a legal one but likely illegal or malformed."""
    b = action_pb2.Action()
    b.CopyFrom(a)
    k = rng.randrange(4)
    if k == 0:
        b.side = sides[1] if a.side == sides[0] else sides[0]
    elif k == 1 and b.HasField("move"):
        b.move.path.append(b.move.path[-1])
    elif k == 2 and b.HasField("move"):
        b.move.unit_ids.append("no-such-unit")
    elif b.HasField("answer"):
        b.answer.choices.append("no-such-option")
    return b


def _check_view(st: state_pb2.GameState, side: str) -> None:
    v = R.view(st, side)
    for pack in v.major_battles.packs:
        for c in pack.face_down:
            assert c.id in ("", GAME_ENDS) and not c.HasField("value"), "face-down card leaked"
    if v.HasField("pending") and v.pending.side != side:
        assert not v.pending.options, "the other side's decision options leaked"
    assert all(p.side == side for p in v.private_data)
    if not st.finished and not st.seed:
        assert all(r.value == 0 for r in v.dice_log if r.purpose.startswith("movement deck:"))
    # nothing else differs from the full state
    full = state_pb2.GameState()
    full.CopyFrom(st)
    full.viewer = side
    for pack, vp in zip(full.major_battles.packs, v.major_battles.packs):
        del pack.face_down[:]
        pack.face_down.extend(vp.face_down)
    del full.dice_log[:]
    full.dice_log.extend(v.dice_log)
    if full.HasField("pending") and full.pending.side != side:
        full.pending.CopyFrom(v.pending)
    assert _bytes(full) == _bytes(v)


def _check_units(before: state_pb2.GameState, applied: engine.Applied) -> None:
    old = {u.unit_id: u.status for u in before.units}
    new = {u.unit_id: u.status for u in applied.state.units}
    assert set(old) <= set(new), "a unit vanished from the state"
    logged = {uid for e in applied.events for uid in e.units}
    for uid, status in new.items():
        if uid not in old:
            assert uid in logged, f"unit {uid} appeared without an event"
            assert any(d.id == uid for d in applied.state.scenario.definition.units)
        elif old[uid] in (ELIMINATED, WITHDRAWN):
            assert status == old[uid], f"unit {uid} came back"
        elif status in (ELIMINATED, WITHDRAWN):
            assert uid in logged, f"unit {uid} was lost without an event naming it"


def _same_model(primed: model.Game, fresh: model.Game) -> None:
    for attr in ("units", "mb", "turn", "phase", "segment", "active", "finished", "campaign", "sides"):
        assert getattr(primed, attr) == getattr(fresh, attr), attr
    assert (primed.pending is None) == (fresh.pending is None) and primed.pending == fresh.pending
    assert primed.result == fresh.result and primed.opts == fresh.opts


def _check_primed_model(applied: engine.Applied, sides: tuple[str, ...]) -> None:
    """The model apply handed over for its result (RulesetBase.carry), and the
    side models derived from it (Ruleset.narrow), equal fresh reads."""
    pos = applied.position
    assert pos is not None and pos.primed, "apply did not hand over the new state's model"
    _same_model(pos.model(), R.compile(applied.state))
    for s in sides:
        view = pos.for_side(s)
        assert view.primed, f"{s}'s position was not primed from the full one"
        _same_model(view.model(), R.compile(view.state))


def playout(sid: str, seed: int, options: dict[str, str] | None = None, dealt: bool = False,
            checks: bool = True, concede: bool = False) -> tuple[state_pb2.GameState, state_pb2.GameRecord]:
    rng = random.Random(seed)
    key = seed.to_bytes(8, "big") * 4
    tables = deck_table(SYNTH) if dealt else None
    st, _ = engine.new_game(R, scenario(sid), game_id=f"p{seed}", options=options or {}, tables=tables,
                            dice=D.HmacDice(key, f"p{seed}", 0, 0))
    record = state_pb2.GameRecord(game_id=f"p{seed}", initial=st)
    sides = SIDES[sid]
    for n in range(MAX_ACTIONS):
        if st.finished:
            break
        offers = [(s, la) for s in sides for la in R.legal_actions(st, s)]
        assert offers, f"no legal action in phase {st.phase}/{st.segment}, active {st.active_side}"
        if checks:
            for _s, offer in offers:
                if offer.kind == "concede":
                    assert engine.validate(st, offer.example).legal
        playable = [o for o in offers if concede or o[1].kind != "concede"]
        _side, la = rng.choice(playable)
        if checks:
            before = _bytes(st)
            verdict = engine.validate(st, la.example)
            assert verdict.legal, f"offered example is illegal: {la.example} -> {verdict.violations}"
            try:
                engine.validate(st, _garbled(rng, la.example, sides))
            except MalformedInput:
                pass
            assert _bytes(st) == before, "validate mutated the state"
            if n % 7 == 0:
                for s in sides:
                    _check_view(st, s)
        applied = engine.apply_action(st, la.example, lambda i, v: D.HmacDice(key, f"p{seed}", i, v))
        if checks:
            assert _bytes(st) == before, "apply mutated its argument"
            _check_units(st, applied)
        if checks and n % 5 == 0:
            _check_primed_model(applied, sides)
        record.actions.add(version=applied.state.version, action=la.example, dice=applied.rolls)
        st = applied.state
    assert st.finished, f"{sid} did not end within {MAX_ACTIONS} actions"
    record.final.CopyFrom(st)
    return st, record


SETTINGS = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(hs.integers(0, 2**32 - 1))
def test_property_normandy_playout(seed: int) -> None:
    playout("normandy", seed, {"advanced-retreat": "on"} if seed % 2 else {})


@SETTINGS
@given(hs.integers(0, 2**32 - 1))
def test_property_bulge_playout(seed: int) -> None:
    playout("bulge", seed, {"mb.bulge-trapped": "attack-only"} if seed % 2 else {}, dealt=seed % 3 == 0)


@SETTINGS
@given(hs.integers(0, 2**32 - 1))
def test_property_sicily_playout(seed: int) -> None:
    # The text sets no limit for Sicily; a random player never concedes, so the house-rule
    # limit (option mb.sicily-turn-limit) bounds the playout.
    playout("sicily", seed, {"mb.sicily-turn-limit": "12", "advanced-retreat": "on" if seed % 2 else "off"},
            dealt=seed % 3 == 1)


@settings(max_examples=5, deadline=None)
@given(hs.integers(0, 2**32 - 1))
def test_property_sicily_playout_ends_without_a_turn_limit(seed: int) -> None:
    # Without the house rule the game ends by victory or by the Allied concession legal_actions offers.
    final, _ = playout("sicily", seed, concede=True)
    assert final.result.winner in ("allied", "axis")


@SETTINGS
@given(hs.integers(0, 2**32 - 1), hs.sampled_from(["illustration-1", "illustration-2"]))
def test_property_illustration_playout(seed: int, sid: str) -> None:
    playout(sid, seed, {"advanced-retreat": "on", "mb.road-limit-count": "distinct-units",
                        "mb.overstack-sides": "both-sides", "mb.reserve-timing": "every-turn"})


def test_property_replay_reproduces_the_game() -> None:
    final, record = playout("normandy", 7, checks=False)
    assert _bytes(engine.replay(record)) == _bytes(final)


def test_property_checks_are_not_vacuous() -> None:
    """The unit-conservation check fails on a loss no event names."""
    import pytest

    st, _ = engine.new_game(R, scenario("illustration-2"), game_id="x", options={}, tables=None,
                            dice=D.ScriptedDice([]))
    after = state_pb2.GameState()
    after.CopyFrom(st)
    after.units[0].status = ELIMINATED
    with pytest.raises(AssertionError, match="lost without an event"):
        _check_units(st, engine.Applied(after, [], [], action_pb2.Verdict(legal=True)))
    leaky = R.view(st, "us")
    leaky.major_battles.packs[0].face_down[0].value = 4
    with pytest.raises(AssertionError):
        for pack in leaky.major_battles.packs:
            for c in pack.face_down:
                assert not c.HasField("value")


def test_views_with_hidden_unit_attributes_are_compiled_afresh() -> None:
    """A unit that hides attributes from the enemy makes each side's view model
    a fresh read of the view (model.view_model): the full model knows the hidden
    type. The check is a flag the model carries from position to position
    (Game.hides), so it is tested along a chain of applied positions."""
    from adjudicator.core.position import Position

    sc = scenario("normandy")
    german = next(u for u in sc.definition.units if u.side == "german")
    german.hidden_from_enemy.append("type")
    key = b"\x07" * 32
    st, _ = engine.new_game(R, sc, game_id="h1", options={}, tables=None, dice=D.HmacDice(key, "h1", 0, 0))
    pos = Position(st, R)
    rng = random.Random(7)
    for _ in range(12):
        offers = [la.example for s in SIDES["normandy"] for la in R.legal_actions(pos, s) if la.kind != "concede"]
        applied = engine.apply_action(pos, rng.choice(offers), lambda i, v: D.HmacDice(key, "h1", i, v))
        assert applied.position is not None
        for s in SIDES["normandy"]:
            view = applied.position.for_side(s)
            assert not view.primed, f"{s}'s view model was derived from the full one"
            _same_model(view.model(), R.compile(view.state))
        assert applied.position.for_side("us").model().units[german.id].kind == ""
        assert applied.position.model().units[german.id].kind != ""
        pos = applied.position
