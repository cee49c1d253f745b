"""Service mechanics against a real in-process server (SYNTHETIC toy ruleset).

The rules here are a test-only toy; what is tested is the service: auth, views,
stale versions, illegal and malformed actions, streaming, dice audit and
durability across a restart with a file database.
"""

from __future__ import annotations

import threading

import grpc
import pytest
from google.rpc import error_details_pb2
from grpc_health.v1 import health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection_pb2, reflection_pb2_grpc
from grpc_status import rpc_status

from adjudicator.core import dice as dice_mod
from tests.service.conftest import ServerThread, auth
from umpire.v1 import action_pb2, service_pb2


def create(server: ServerThread) -> tuple[str, dict[str, str]]:
    resp = server.stub.CreateGame(service_pb2.CreateGameRequest(ruleset="toy-line", scenario_id="toy-line/basic"))
    return resp.game_id, {t.side: t.token for t in resp.tokens}


def move(unit: str, dest: str) -> action_pb2.Action:
    return action_pb2.Action(move=action_pb2.MoveUnits(unit_ids=[unit], path=[dest]))


def status_details(err: grpc.RpcError) -> list[object]:
    st = rpc_status.from_call(err)
    assert st is not None, "rich status details expected"
    out = []
    for d in st.details:
        for cls in (service_pb2.StaleVersionDetail, service_pb2.IllegalActionDetail, error_details_pb2.BadRequest,
                    error_details_pb2.ErrorInfo, error_details_pb2.PreconditionFailure):
            if d.Is(cls.DESCRIPTOR):
                m = cls()
                d.Unpack(m)
                out.append(m)
    return out


def test_list_rulesets_includes_registered(server: ServerThread) -> None:
    ids = [r.id for r in server.stub.ListRulesets(service_pb2.ListRulesetsRequest()).rulesets]
    assert "toy-line" in ids


def test_create_game_gives_one_token_per_side_and_a_commitment(server: ServerThread) -> None:
    resp = server.stub.CreateGame(service_pb2.CreateGameRequest(ruleset="toy-line", scenario_id="toy-line/basic"))
    assert sorted(t.side for t in resp.tokens) == ["blue", "red"]
    assert len({t.token for t in resp.tokens}) == 2
    assert len(resp.seed_commitment) == 64 and resp.version == 0


def test_unknown_ruleset_is_not_found(server: ServerThread) -> None:
    with pytest.raises(grpc.RpcError) as e:
        server.stub.CreateGame(service_pb2.CreateGameRequest(ruleset="chess", scenario_id="x"))
    assert e.value.code() == grpc.StatusCode.NOT_FOUND


def test_state_requires_a_valid_token(server: ServerThread) -> None:
    gid, _ = create(server)
    with pytest.raises(grpc.RpcError) as e:
        server.stub.GetState(service_pb2.GetStateRequest(game_id=gid))
    assert e.value.code() == grpc.StatusCode.UNAUTHENTICATED
    with pytest.raises(grpc.RpcError) as e:
        server.stub.GetState(service_pb2.GetStateRequest(game_id=gid), metadata=auth("not-a-token"))
    assert e.value.code() == grpc.StatusCode.UNAUTHENTICATED


def test_each_side_sees_only_its_own_view(server: ServerThread) -> None:
    gid, tok = create(server)
    red = server.stub.GetState(service_pb2.GetStateRequest(game_id=gid), metadata=auth(tok["red"])).state
    blue = server.stub.GetState(service_pb2.GetStateRequest(game_id=gid), metadata=auth(tok["blue"])).state
    assert [p.side for p in red.private_data] == ["red"]
    assert [p.side for p in blue.private_data] == ["blue"]
    names = {u.id: u.name for u in blue.scenario.definition.units}
    assert names["r1"] == ""  # hidden from the enemy
    assert {u.id: u.name for u in red.scenario.definition.units}["r1"] == "Red One"
    assert red.seed == "" and blue.seed == ""


def test_validate_is_a_dry_run(server: ServerThread) -> None:
    gid, tok = create(server)
    v = server.stub.ValidateAction(service_pb2.ValidateActionRequest(game_id=gid, action=move("r1", "T1")),
                                   metadata=auth(tok["red"]))
    assert v.verdict.legal and v.version == 0
    bad = server.stub.ValidateAction(service_pb2.ValidateActionRequest(game_id=gid, action=move("r1", "T3")),
                                     metadata=auth(tok["red"]))
    assert not bad.verdict.legal
    assert bad.verdict.violations[0].code == "NOT_ADJACENT"
    assert bad.verdict.violations[0].citation.label == "TOY 2"
    st = server.stub.GetState(service_pb2.GetStateRequest(game_id=gid), metadata=auth(tok["red"])).state
    assert st.version == 0 and {u.unit_id: u.location for u in st.units}["r1"] == "T0"


def test_submit_applies_and_bumps_version(server: ServerThread) -> None:
    gid, tok = create(server)
    r = server.stub.SubmitAction(service_pb2.SubmitActionRequest(game_id=gid, action=move("r1", "T1"),
                                                                 expected_version=0), metadata=auth(tok["red"]))
    assert r.version == 1 and r.events[0].kind == "UNITS_MOVED"
    st = server.stub.GetState(service_pb2.GetStateRequest(game_id=gid), metadata=auth(tok["blue"])).state
    assert st.version == 1 and {u.unit_id: u.location for u in st.units}["r1"] == "T1"


def test_stale_version_is_aborted_with_the_current_version(server: ServerThread) -> None:
    gid, tok = create(server)
    server.stub.SubmitAction(service_pb2.SubmitActionRequest(game_id=gid, action=move("r1", "T1"),
                                                             expected_version=0), metadata=auth(tok["red"]))
    with pytest.raises(grpc.RpcError) as e:
        server.stub.SubmitAction(service_pb2.SubmitActionRequest(game_id=gid, action=move("r1", "T2"),
                                                                 expected_version=0), metadata=auth(tok["red"]))
    assert e.value.code() == grpc.StatusCode.ABORTED
    stale = [d for d in status_details(e.value) if isinstance(d, service_pb2.StaleVersionDetail)]
    assert stale and stale[0].current_version == 1 and stale[0].expected_version == 0


def test_illegal_submit_is_failed_precondition_with_the_verdict(server: ServerThread) -> None:
    gid, tok = create(server)
    with pytest.raises(grpc.RpcError) as e:
        server.stub.SubmitAction(service_pb2.SubmitActionRequest(game_id=gid, action=move("r1", "T3"),
                                                                 expected_version=0), metadata=auth(tok["red"]))
    assert e.value.code() == grpc.StatusCode.FAILED_PRECONDITION
    details = status_details(e.value)
    verdicts = [d.verdict for d in details if isinstance(d, service_pb2.IllegalActionDetail)]
    assert verdicts and verdicts[0].violations[0].code == "NOT_ADJACENT"
    pre = [d for d in details if isinstance(d, error_details_pb2.PreconditionFailure)]
    assert pre and pre[0].violations[0].subject == "toy-line:2"


def test_malformed_action_is_invalid_argument(server: ServerThread) -> None:
    gid, tok = create(server)
    with pytest.raises(grpc.RpcError) as e:
        server.stub.SubmitAction(service_pb2.SubmitActionRequest(game_id=gid, action=action_pb2.Action(),
                                                                 expected_version=0), metadata=auth(tok["red"]))
    assert e.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    bad = [d for d in status_details(e.value) if isinstance(d, error_details_pb2.BadRequest)]
    assert bad and bad[0].field_violations[0].field == "action"


def test_a_side_acts_only_for_its_own_units(server: ServerThread) -> None:
    gid, tok = create(server)
    with pytest.raises(grpc.RpcError) as e:
        server.stub.SubmitAction(service_pb2.SubmitActionRequest(game_id=gid, action=move("b1", "T3"),
                                                                 expected_version=0), metadata=auth(tok["red"]))
    assert e.value.code() == grpc.StatusCode.PERMISSION_DENIED
    impostor = move("r1", "T1")
    impostor.side = "blue"
    with pytest.raises(grpc.RpcError) as e:
        server.stub.SubmitAction(service_pb2.SubmitActionRequest(game_id=gid, action=impostor, expected_version=0),
                                 metadata=auth(tok["red"]))
    assert e.value.code() == grpc.StatusCode.PERMISSION_DENIED


def test_watch_streams_events_live_and_from_a_version(server: ServerThread) -> None:
    gid, tok = create(server)
    got: list[service_pb2.WatchGameResponse] = []
    ready = threading.Event()

    def watch() -> None:
        call = server.stub.WatchGame(service_pb2.WatchGameRequest(game_id=gid, from_version=0),
                                     metadata=auth(tok["blue"]), timeout=20)
        ready.set()
        for item in call:
            got.append(item)
            if len(got) == 3:
                call.cancel()
                return

    t = threading.Thread(target=watch)
    t.start()
    ready.wait(5)
    server.stub.SubmitAction(service_pb2.SubmitActionRequest(game_id=gid, action=move("r1", "T1"),
                                                             expected_version=0), metadata=auth(tok["red"]))
    server.stub.SubmitAction(service_pb2.SubmitActionRequest(game_id=gid, action=move("r1", "T2"),
                                                             expected_version=1), metadata=auth(tok["red"]))
    t.join(20)
    # From version 0: the events of creation blue may see (not red's secret plan), then the actions.
    assert [(g.event.version, g.event.kind) for g in got] == [(0, "GAME_STARTED"), (1, "UNITS_MOVED"),
                                                              (2, "UNITS_MOVED")]
    # Replay from a version: only later events.
    call = server.stub.WatchGame(service_pb2.WatchGameRequest(game_id=gid, from_version=1),
                                 metadata=auth(tok["red"]), timeout=5)
    first = next(iter(call))
    call.cancel()
    assert first.event.version == 2 and first.event.to_location == "T2"


def test_private_answers_are_not_streamed_to_the_other_side(server: ServerThread) -> None:
    gid, tok = create(server)
    v = 0
    for a in (move("r1", "T1"), move("r1", "T2"), move("r1", "T3")):
        v = server.stub.SubmitAction(service_pb2.SubmitActionRequest(game_id=gid, action=a, expected_version=v),
                                     metadata=auth(tok["red"])).version
    attack = action_pb2.Action(attack=action_pb2.Attack(target="T4", attackers=["r1"]))
    v = server.stub.SubmitAction(service_pb2.SubmitActionRequest(game_id=gid, action=attack, expected_version=v),
                                 metadata=auth(tok["red"])).version
    st = server.stub.GetState(service_pb2.GetStateRequest(game_id=gid), metadata=auth(tok["red"])).state
    assert st.pending.side == "blue" and len(st.pending.options) == 0  # red sees that, not the options
    ans = action_pb2.Action(answer=action_pb2.AnswerDecision(decision_id=st.pending.id, choices=["stay"]))
    with pytest.raises(grpc.RpcError) as e:  # red may not answer blue's decision
        server.stub.SubmitAction(service_pb2.SubmitActionRequest(game_id=gid, action=ans, expected_version=v),
                                 metadata=auth(tok["red"]))
    assert e.value.code() == grpc.StatusCode.FAILED_PRECONDITION
    v = server.stub.SubmitAction(service_pb2.SubmitActionRequest(game_id=gid, action=ans, expected_version=v),
                                 metadata=auth(tok["blue"])).version
    red_export = server.stub.ExportGame(service_pb2.ExportGameRequest(game_id=gid), metadata=auth(tok["red"])).record
    blue_export = server.stub.ExportGame(service_pb2.ExportGameRequest(game_id=gid), metadata=auth(tok["blue"])).record
    assert "DECIDED" not in [e.kind for a in red_export.actions for e in a.events]
    assert "DECIDED" in [e.kind for a in blue_export.actions for e in a.events]
    # the answer to a private decision: its choices only in the answering side's record
    assert red_export.actions[-1].private_to == "blue"
    assert list(red_export.actions[-1].action.answer.choices) == []
    assert list(blue_export.actions[-1].action.answer.choices) == ["stay"]


def test_seed_revealed_when_both_sides_agree_and_rolls_verify(server: ServerThread) -> None:
    gid, tok = create(server)
    v = 0
    for a in (move("r1", "T1"), move("r1", "T2"), move("r1", "T3")):
        v = server.stub.SubmitAction(service_pb2.SubmitActionRequest(game_id=gid, action=a, expected_version=v),
                                     metadata=auth(tok["red"])).version
    attack = action_pb2.Action(attack=action_pb2.Attack(target="T4", attackers=["r1"]))
    r = server.stub.SubmitAction(service_pb2.SubmitActionRequest(game_id=gid, action=attack, expected_version=v),
                                 metadata=auth(tok["red"]))
    assert len(r.dice) == 1 and r.dice[0].purpose == "attack on T4"
    first = server.stub.RevealSeed(service_pb2.RevealSeedRequest(game_id=gid), metadata=auth(tok["red"]))
    assert first.seed == "" and list(first.agreed) == ["red"]
    second = server.stub.RevealSeed(service_pb2.RevealSeedRequest(game_id=gid), metadata=auth(tok["blue"]))
    seed = bytes.fromhex(second.seed)
    record = server.stub.ExportGame(service_pb2.ExportGameRequest(game_id=gid), metadata=auth(tok["red"])).record
    assert dice_mod.commitment(seed) == record.final.seed_commitment
    rolls = list(record.final.dice_log)
    assert len(rolls) == 2  # the creation roll and the attack
    assert dice_mod.verify_rolls(seed, gid, rolls) == []
    tampered = [type(x)() for x in rolls]
    for t, x in zip(tampered, rolls):
        t.CopyFrom(x)
    tampered[1].value = tampered[1].value % 6 + 1
    assert dice_mod.verify_rolls(seed, gid, tampered)


def test_game_survives_a_server_restart(db_url: str) -> None:
    first = ServerThread(db_url)
    try:
        gid, tok = create(first)
        first.stub.SubmitAction(service_pb2.SubmitActionRequest(game_id=gid, action=move("r1", "T1"),
                                                                expected_version=0), metadata=auth(tok["red"]))
        before = first.stub.GetState(service_pb2.GetStateRequest(game_id=gid), metadata=auth(tok["red"])).state
    finally:
        first.stop()
    second = ServerThread(db_url)
    try:
        after = second.stub.GetState(service_pb2.GetStateRequest(game_id=gid), metadata=auth(tok["red"])).state
        assert after.SerializeToString(deterministic=True) == before.SerializeToString(deterministic=True)
        r = second.stub.SubmitAction(service_pb2.SubmitActionRequest(game_id=gid, action=move("r1", "T2"),
                                                                     expected_version=1), metadata=auth(tok["red"]))
        assert r.version == 2
    finally:
        second.stop()


def test_health_and_reflection_are_on(server: ServerThread) -> None:
    health = health_pb2_grpc.HealthStub(server.channel)
    assert health.Check(health_pb2.HealthCheckRequest(service="umpire.v1.Adjudicator")).status == \
        health_pb2.HealthCheckResponse.SERVING
    refl = reflection_pb2_grpc.ServerReflectionStub(server.channel)
    responses = refl.ServerReflectionInfo(iter([reflection_pb2.ServerReflectionRequest(list_services="")]))
    names = {s.name for r in responses for s in r.list_services_response.service}
    assert {"umpire.v1.Adjudicator", "grpc.health.v1.Health"} <= names


def test_submit_without_expected_version_is_invalid_argument(server: ServerThread) -> None:
    gid, tok = create(server)
    with pytest.raises(grpc.RpcError) as e:
        server.stub.SubmitAction(service_pb2.SubmitActionRequest(game_id=gid, action=move("r1", "T1")),
                                 metadata=auth(tok["red"]))
    assert e.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert "expected_version" in (e.value.details() or "")
