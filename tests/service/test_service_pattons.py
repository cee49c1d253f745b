"""Patton's 3rd Army through the real server: random legal playouts of both
scenarios (25.1 and 25.2) with the SYNTHETIC tables, played to the end by two
clients that each act only on what they receive (their view, their legal
actions), never holding the other side's hidden chits outside a combat's
reveal; mid-game WatchGame from version 0 and ExportGame carry no enemy chit;
the final record (seed revealed at game over) replays bit for bit."""

from __future__ import annotations

import random

import grpc
import pytest

from adjudicator.core import dice as dice_mod
from adjudicator.core import engine
from tests.rules.pattons.helpers import synthetic_tables
from tests.service.conftest import ServerThread, auth
from umpire.v1 import action_pb2, service_pb2, state_pb2


class Client:
    def __init__(self, server: ServerThread, game: str, side: str, token: str) -> None:
        self.stub, self.game, self.side, self.token = server.stub, game, side, token

    def state(self) -> state_pb2.GameState:
        return self.stub.GetState(service_pb2.GetStateRequest(game_id=self.game), metadata=auth(self.token)).state

    def legal(self) -> list[service_pb2.LegalAction]:
        q = service_pb2.QueryRequest(game_id=self.game, legal_actions=service_pb2.LegalActionsQuestion())
        return list(self.stub.Query(q, metadata=auth(self.token)).legal_actions)

    def submit(self, action: action_pb2.Action, version: int) -> service_pb2.SubmitActionResponse:
        return self.stub.SubmitAction(service_pb2.SubmitActionRequest(game_id=self.game, action=action,
                                                                      expected_version=version),
                                      metadata=auth(self.token))

    def events(self) -> list[state_pb2.Event]:
        call = self.stub.WatchGame(service_pb2.WatchGameRequest(game_id=self.game, from_version=0),
                                   metadata=auth(self.token), timeout=30)
        out = []
        version = self.state().version
        for item in call:
            out.append(item.event)
            if item.event.version >= version:
                break
        call.cancel()
        return out

    def export(self) -> state_pb2.GameRecord:
        return self.stub.ExportGame(service_pb2.ExportGameRequest(game_id=self.game), metadata=auth(self.token)).record


def enemy_chits_ok(view: state_pb2.GameState, side: str) -> None:
    """The side holds no enemy chit but those of a combat showing its chits, and no pool contents."""
    owners = {u.id: u.side for u in view.scenario.definition.units}
    c = view.pattons.combat
    shown = set(c.attackers) | set(c.defenders) if view.pattons.HasField("combat") and c.stage == "revealed" else set()
    for h in view.pattons.held:
        assert owners[h.unit_id] == side or h.unit_id in shown, f"{side} sees {h.unit_id}'s chit"
    assert all(not p.chits for p in view.pattons.pools)
    assert all(r.value == 0 for r in view.dice_log if r.purpose.startswith("chit draw"))


@pytest.mark.parametrize("scenario_id", ["pattons-3rd-army/metz", "pattons-3rd-army/metz-extended"])
def test_two_clients_play_a_random_legal_game_to_the_end_and_it_replays_bit_for_bit(
        server: ServerThread, scenario_id: str) -> None:
    created = server.stub.CreateGame(service_pb2.CreateGameRequest(ruleset="pattons-3rd-army",
                                                                   scenario_id=scenario_id,
                                                                   tables=synthetic_tables()))
    tokens = {t.side: t.token for t in created.tokens}
    clients = {s: Client(server, created.game_id, s, t) for s, t in tokens.items()}
    rng = random.Random(scenario_id)
    version = 0
    checked_mid = False
    for step in range(4000):
        views = {s: c.state() for s, c in clients.items()}
        for s, v in views.items():
            assert v.viewer == s and v.version == version
            if not v.finished:  # once over, everything is open
                enemy_chits_ok(v, s)
        st = views["us"]
        if st.finished:
            break
        side = st.pending.side if st.HasField("pending") else st.active_side
        me = clients[side]
        options = [la for la in me.legal() if la.example.WhichOneof("kind")]
        assert options, f"no legal action for {side} in {st.phase}"
        assert not clients["german" if side == "us" else "us"].legal()  # the other side waits
        ends = [la for la in options if la.kind == "end_phase"]
        la = ends[0] if ends and rng.random() < 0.35 else rng.choice(options)
        version = me.submit(la.example, version).version
        if not checked_mid and st.turn >= 3 and st.pattons.held and not st.HasField("pending"):
            checked_mid = True
            for s, c in clients.items():  # mid-game replays and exports to each side: no enemy chit
                evs = c.events()
                assert [e.version for e in evs] == sorted(e.version for e in evs)
                assert not [e for e in evs if e.kind in ("CHIT_SHOWN", "COMBAT_ODDS")] or (
                    c.state().pattons.combat.stage == "revealed")
                rec = c.export()
                enemy_chits_ok(rec.final, s)
                enemy_chits_ok(rec.initial, s)
                assert not [e for a in rec.actions for e in a.events if e.kind == "CHIT_DRAWN"
                            and s not in e.visible_to]
    final = clients["us"].state()
    assert {h.unit_id for h in final.pattons.held} == {h.unit_id for h in clients["german"].state().pattons.held}
    assert final.finished and final.phase == "over" and final.result.reason
    assert final.turn == (24 if scenario_id.endswith("extended") else 12)
    assert checked_mid
    record = clients["german"].export()
    assert record.final.seed and not record.final.viewer  # game over: the full record with the seed
    replayed = engine.replay(record)
    replayed.seed = record.final.seed
    assert replayed.SerializeToString(deterministic=True) == record.final.SerializeToString(deterministic=True)
    seed = bytes.fromhex(record.final.seed)
    assert dice_mod.verify_rolls(seed, created.game_id, list(record.final.dice_log)) == []


def test_an_illegal_attack_is_refused_with_its_rule_and_the_state_is_unchanged(server: ServerThread) -> None:
    created = server.stub.CreateGame(service_pb2.CreateGameRequest(ruleset="pattons-3rd-army",
                                                                   scenario_id="pattons-3rd-army/metz",
                                                                   tables=synthetic_tables()))
    tok = {t.side: t.token for t in created.tokens}
    bad = action_pb2.Action(attack=action_pb2.Attack(target="1123", attackers=["137/35/12"]))
    with pytest.raises(grpc.RpcError) as e:
        server.stub.SubmitAction(service_pb2.SubmitActionRequest(game_id=created.game_id, action=bad,
                                                                 expected_version=0), metadata=auth(tok["us"]))
    assert e.value.code() == grpc.StatusCode.FAILED_PRECONDITION
    assert "P3A" in e.value.details()


def test_reach_answers_strategic_movement_over_the_service_and_every_path_validates(server: ServerThread) -> None:
    created = server.stub.CreateGame(service_pb2.CreateGameRequest(ruleset="pattons-3rd-army",
                                                                   scenario_id="pattons-3rd-army/metz",
                                                                   tables=synthetic_tables()))
    us = Client(server, created.game_id, "us", {t.side: t.token for t in created.tokens}["us"])
    support = next(la for la in us.legal() if la.kind == "answer")  # 18.0.B, then the US Movement Phase
    us.submit(support.example, us.state().version)
    assert us.state().phase == "us-movement"

    def reach(uid: str, mode: str) -> service_pb2.QueryResponse:
        q = service_pb2.QueryRequest(game_id=us.game, reach=service_pb2.ReachQuestion(unit_id=uid, mode=mode))
        return us.stub.Query(q, metadata=auth(us.token))

    mine = sorted(u.unit_id for u in us.state().units if u.side == "us" and u.status == state_pb2.UnitState.ON_MAP)
    answers = {u: (reach(u, "tactical").reachable, reach(u, "strategic").reachable) for u in mine}
    uid, (tactical, strategic) = next((u, a) for u, a in answers.items() if a[1])
    assert {r.location for r in strategic} != {r.location for r in tactical}
    for r in strategic:
        a = action_pb2.Action(move=action_pb2.MoveUnits(unit_ids=[uid], path=list(r.path), mode="strategic"))
        v = us.stub.ValidateAction(service_pb2.ValidateActionRequest(game_id=us.game, action=a),
                                   metadata=auth(us.token)).verdict
        assert v.legal and v.mp_total == r.cost, (r.location, list(v.violations))
    with pytest.raises(grpc.RpcError) as e:
        reach(uid, "rail")
    assert e.value.code() == grpc.StatusCode.INVALID_ARGUMENT and "'strategic'" in e.value.details()
