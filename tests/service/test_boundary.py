"""Bad input over gRPC (SYNTHETIC toy ruleset): undecodable bytes, numbers and
text past their limits, probing game ids, flooding CreateGame. Every answer is a
proper status code with one plain line naming what is wrong and where."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import grpc
import pytest
from google.rpc import error_details_pb2
from grpc_status import rpc_status

from adjudicator.core.errors import MalformedInput
from adjudicator.service.limits import check_request
from adjudicator.service.ratelimit import CreationPolicy
from adjudicator.store.store import GameStore
from tests.reliability.fuzz import ld_field, varint
from tests.service.conftest import ServerThread, auth
from tests.service.test_service_generic import create, move
from umpire.v1 import service_pb2, state_pb2

PLAIN = re.compile(r"<class|Traceback|Error'|Exception")


def raw_call(server: ServerThread, method: str, body: bytes, token: str = "") -> grpc.RpcError | None:
    fn = server.channel.unary_unary(f"/umpire.v1.Adjudicator/{method}", request_serializer=None,
                                    response_deserializer=None)
    try:
        fn(body, metadata=auth(token) if token else None, timeout=10)
    except grpc.RpcError as e:
        return e
    return None


UNDECODABLE = {
    "random bytes": bytes(range(256)) * 3,
    "truncated": service_pb2.SubmitActionRequest(game_id="0123456789abcdef", action=move("r1", "T1"),
                                                 expected_version=0).SerializeToString()[:-3],
    "invalid UTF-8": ld_field(1, b"\xff\xfe\xfd"),
    "nested unknown groups": varint((99 << 3) | 3) * 5000 + varint((99 << 3) | 4) * 5000,
}


@pytest.mark.parametrize("what", sorted(UNDECODABLE))
@pytest.mark.parametrize("method", ["GetState", "SubmitAction", "CreateGame", "WatchGame"])
def test_undecodable_requests_are_invalid_argument_in_plain_words(server: ServerThread, method: str,
                                                                    what: str) -> None:
    if method == "WatchGame":
        call = server.channel.unary_stream("/umpire.v1.Adjudicator/WatchGame", request_serializer=None,
                                           response_deserializer=None)(UNDECODABLE[what], timeout=10)
        with pytest.raises(grpc.RpcError) as info:
            list(call)
        err: grpc.RpcError | None = info.value
    else:
        err = raw_call(server, method, UNDECODABLE[what])
    assert err is not None and err.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert "are not a valid umpire.v1." in (err.details() or "")
    assert not PLAIN.search(err.details() or "")


def test_a_version_past_2_63_is_refused_before_it_reaches_the_database(server: ServerThread) -> None:
    gid, tok = create(server)
    call = server.stub.WatchGame(service_pb2.WatchGameRequest(game_id=gid, from_version=2**63),
                                 metadata=auth(tok["red"]), timeout=10)
    with pytest.raises(grpc.RpcError) as e:
        list(call)
    assert e.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert (e.value.details() or "").startswith("from_version: at most 2^53 - 1")
    with pytest.raises(grpc.RpcError) as e:
        server.stub.SubmitAction(service_pb2.SubmitActionRequest(game_id=gid, action=move("r1", "T1"),
                                                                 expected_version=2**64 - 1), metadata=auth(tok["red"]))
    assert e.value.code() == grpc.StatusCode.INVALID_ARGUMENT and "expected_version" in (e.value.details() or "")


@pytest.mark.parametrize("game_id", ["g" * 65, "g" * 10_000, "g" * 10_000_000, "no spaces", "a'b", "ü"])
def test_game_ids_are_bounded_and_never_echoed_at_length(server: ServerThread, game_id: str) -> None:
    err = raw_call(server, "GetState", ld_field(1, game_id.encode()), token="whatever")
    assert err is not None and err.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert len(err.details() or "") < 120


def test_an_unknown_game_and_a_wrong_token_get_the_same_answer(server: ServerThread) -> None:
    gid, tok = create(server)
    answers = []
    for game_id, token in ((gid, "garbage"), ("ffffffffffffffff", "garbage"), ("ffffffffffffffff", tok["red"])):
        with pytest.raises(grpc.RpcError) as e:
            server.stub.GetState(service_pb2.GetStateRequest(game_id=game_id), metadata=auth(token))
        answers.append((e.value.code(), (e.value.details() or "").replace(game_id, "<id>")))
    assert answers[0] == answers[1] == answers[2]
    assert answers[0][0] == grpc.StatusCode.UNAUTHENTICATED


def test_comments_and_free_text_are_bounded(server: ServerThread) -> None:
    gid, tok = create(server)
    long = move("r1", "T1")
    long.comment = "c" * 1001
    with pytest.raises(grpc.RpcError) as e:
        server.stub.SubmitAction(service_pb2.SubmitActionRequest(game_id=gid, action=long, expected_version=0),
                                 metadata=auth(tok["red"]))
    assert e.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    st = rpc_status.from_call(e.value)
    assert st is not None
    bad = error_details_pb2.BadRequest()
    assert st.details[0].Unpack(bad) and bad.field_violations[0].field == "action.comment"
    ok = move("r1", "T1")
    ok.comment = "é" * 1000
    assert server.stub.SubmitAction(service_pb2.SubmitActionRequest(game_id=gid, action=ok, expected_version=0),
                                    metadata=auth(tok["red"])).version == 1
    with pytest.raises(grpc.RpcError) as e:
        server.stub.CreateGame(service_pb2.CreateGameRequest(
            ruleset="toy-line", scenario_id="toy-line/basic", parameters={f"p{i}": "x" for i in range(33)}))
    assert e.value.code() == grpc.StatusCode.INVALID_ARGUMENT and "parameters" in (e.value.details() or "")
    with pytest.raises(grpc.RpcError) as e:
        server.stub.CreateGame(service_pb2.CreateGameRequest(
            ruleset="toy-line", scenario_id="toy-line/basic", parameters={"player": "x" * 1001}))
    assert e.value.code() == grpc.StatusCode.INVALID_ARGUMENT


def test_unknown_fields_are_not_stored(server: ServerThread, db_url: str) -> None:
    gid, tok = create(server)
    action = move("r1", "T1").SerializeToString() + ld_field(777, b"x" * 5000)
    body = ld_field(1, gid.encode()) + ld_field(2, action) + varint(3 << 3) + varint(0)
    assert raw_call(server, "SubmitAction", body, tok["red"]) is None
    store = GameStore(db_url)
    try:
        stored = store.actions(gid)[0].action
    finally:
        store.close()
    clean = move("r1", "T1")
    clean.side = "red"
    assert stored.SerializeToString(deterministic=True) == clean.SerializeToString(deterministic=True)


@pytest.fixture
def limited(tmp_path: Path) -> Iterator[ServerThread]:
    s = ServerThread(f"sqlite:///{tmp_path / 'limited.sqlite'}", creation=CreationPolicy(rate=0.5, burst=2))
    try:
        yield s
    finally:
        s.stop()


def test_create_game_is_rate_limited_per_client(limited: ServerThread) -> None:
    req = service_pb2.CreateGameRequest(ruleset="toy-line", scenario_id="toy-line/basic")
    limited.stub.CreateGame(req)
    limited.stub.CreateGame(req)
    with pytest.raises(grpc.RpcError) as e:
        limited.stub.CreateGame(req)
    assert e.value.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
    st = rpc_status.from_call(e.value)
    assert st is not None
    retry = error_details_pb2.RetryInfo()
    assert any(d.Unpack(retry) for d in st.details if d.Is(retry.DESCRIPTOR))
    assert 0 < retry.retry_delay.ToNanoseconds() <= 2_000_000_000


def test_a_creation_token_is_required_when_the_server_has_one(tmp_path: Path) -> None:
    s = ServerThread(f"sqlite:///{tmp_path / 'tok.sqlite'}", creation=CreationPolicy(token="let-me-in"))
    try:
        req = service_pb2.CreateGameRequest(ruleset="toy-line", scenario_id="toy-line/basic")
        for md in (None, auth("wrong")):
            with pytest.raises(grpc.RpcError) as e:
                s.stub.CreateGame(req, metadata=md)
            assert e.value.code() == grpc.StatusCode.UNAUTHENTICATED
        assert s.stub.CreateGame(req, metadata=auth("let-me-in")).game_id
    finally:
        s.stop()


def test_query_answers_say_their_version(server: ServerThread) -> None:
    gid, tok = create(server)
    server.stub.SubmitAction(service_pb2.SubmitActionRequest(game_id=gid, action=move("r1", "T1"),
                                                             expected_version=0), metadata=auth(tok["red"]))
    q = server.stub.Query(service_pb2.QueryRequest(game_id=gid, legal_actions=service_pb2.LegalActionsQuestion()),
                          metadata=auth(tok["red"]))
    assert q.version == 1


def test_an_inline_scenario_with_a_nan_is_refused(server: ServerThread) -> None:
    req = service_pb2.CreateGameRequest(ruleset="toy-line")
    town = req.scenario.definition.map.graph.towns.add(id="T0", x=float("nan"))
    assert town.id == "T0"
    with pytest.raises(grpc.RpcError) as e:
        server.stub.CreateGame(req)
    assert e.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert (e.value.details() or "").startswith("scenario.definition.map.graph.towns[0].x: a finite number")


def test_undefined_enum_values_and_huge_integers_are_named_by_path() -> None:
    with pytest.raises(MalformedInput) as e:
        check_request(service_pb2.GetStateResponse(state=state_pb2.GameState(units=[state_pb2.UnitState(unit_id="u", status=99)])))  # type: ignore[arg-type]
    assert e.value.where == "state.units[0].status"
    with pytest.raises(MalformedInput) as e:
        check_request(service_pb2.StaleVersionDetail(current_version=2**53))
    assert e.value.where == "current_version"
    check_request(service_pb2.StaleVersionDetail(current_version=2**53 - 1))


def test_behind_a_balancer_the_client_is_the_address_it_appended() -> None:
    from adjudicator.service.ratelimit import CreationGate

    gate = CreationGate(CreationPolicy(client_header="x-forwarded-for"))
    assert gate.client_of("ipv4:10.0.0.5:4242", {"x-forwarded-for": "1.2.3.4, 203.0.113.7"}) == "203.0.113.7"
    assert gate.client_of("ipv4:10.0.0.5:4242", {}) == "ipv4:10.0.0.5"
    assert CreationGate(CreationPolicy()).client_of("ipv6:[::1]:50051", {"x-forwarded-for": "1.2.3.4"}) == "ipv6:[::1]"


def test_the_bucket_refills_at_the_rate() -> None:
    from adjudicator.core.errors import RateLimited
    from adjudicator.service.ratelimit import CreationGate

    now = [0.0]
    gate = CreationGate(CreationPolicy(rate=2.0, burst=3), clock=lambda: now[0])
    for _ in range(3):
        gate.admit("c", None)
    with pytest.raises(RateLimited) as e:
        gate.admit("c", None)
    assert e.value.retry_after == pytest.approx(0.5)
    gate.admit("other", None)  # per client
    now[0] = 0.5
    gate.admit("c", None)
    with pytest.raises(RateLimited):
        gate.admit("c", None)
