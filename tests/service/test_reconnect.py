"""A server on the real PostgreSQL after the database killed its connections
(`pg_terminate_backend`, as a restart or failover does): the next state read,
query and submit succeed; while the database stays down the answer is
UNAVAILABLE (a status clients retry), not UNKNOWN or INTERNAL; once it is back,
the server answers again. Only this test's own connections are terminated
(an application_name of their own)."""

from __future__ import annotations

import secrets
from collections.abc import Iterator

import grpc
import pytest

from tests.service.conftest import ServerThread, auth
from tests.service.test_service_generic import create, move
from tests.store.test_store_reconnect import terminate
from tests.support.databases import PG_URL, postgres_schema_url
from umpire.v1 import service_pb2


@pytest.fixture
def pg_server() -> Iterator[tuple[ServerThread, str]]:
    with postgres_schema_url() as url:
        app = f"umpire_reconnect_{secrets.token_hex(4)}"
        s = ServerThread(f"{url}&application_name={app}")
        try:
            yield s, app
        finally:
            s.stop()


def _state(s: ServerThread, gid: str, token: str) -> service_pb2.GetStateResponse:
    r: service_pb2.GetStateResponse = s.stub.GetState(service_pb2.GetStateRequest(game_id=gid),
                                                      metadata=auth(token), timeout=20)
    return r


def test_answers_after_the_database_killed_the_connections(pg_server: tuple[ServerThread, str]) -> None:
    s, app = pg_server
    gid, tok = create(s)
    s.stub.SubmitAction(service_pb2.SubmitActionRequest(game_id=gid, action=move("r1", "T1"), expected_version=0),
                        metadata=auth(tok["red"]), timeout=20)
    assert terminate(app) >= 2  # the pools' connections and the change feed's
    assert _state(s, gid, tok["blue"]).state.version == 1
    assert terminate(app) >= 1
    r = s.stub.SubmitAction(service_pb2.SubmitActionRequest(game_id=gid, action=move("r1", "T2"),
                                                            expected_version=1), metadata=auth(tok["red"]), timeout=20)
    assert r.version == 2
    assert terminate(app) >= 1
    q = s.stub.Query(service_pb2.QueryRequest(game_id=gid, legal_actions=service_pb2.LegalActionsQuestion()),
                     metadata=auth(tok["red"]), timeout=20)
    assert q.version == 2
    assert terminate(app) >= 1
    gid2, tok2 = create(s)  # creation, and a game not cached yet (a full load)
    s.running.manager.cache.drop(gid2)
    assert _state(s, gid2, tok2["red"]).state.version == 0


def test_a_database_that_stays_down_is_unavailable(pg_server: tuple[ServerThread, str],
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    s, app = pg_server
    gid, tok = create(s)
    import psycopg2
    from sqlalchemy import create_engine

    admin_engine = create_engine(PG_URL, isolation_level="AUTOCOMMIT")
    admin = admin_engine.connect()

    def refuse(*args: object, **kw: object) -> None:
        raise psycopg2.OperationalError("could not connect to server: Connection refused")

    monkeypatch.setattr(psycopg2, "connect", refuse)
    try:
        assert terminate(app, admin) >= 2  # the pools' connections and the change feed's
    finally:
        admin.close()
        admin_engine.dispose()
    for call in (
        lambda: _state(s, gid, tok["red"]),
        lambda: s.stub.SubmitAction(service_pb2.SubmitActionRequest(
            game_id=gid, action=move("r1", "T1"), expected_version=0), metadata=auth(tok["red"]), timeout=20),
    ):
        with pytest.raises(grpc.RpcError) as e:
            call()
        assert e.value.code() == grpc.StatusCode.UNAVAILABLE, e.value
        assert "database is unavailable" in (e.value.details() or "")
    monkeypatch.undo()
    r = s.stub.SubmitAction(service_pb2.SubmitActionRequest(game_id=gid, action=move("r1", "T1"),
                                                            expected_version=0), metadata=auth(tok["red"]), timeout=20)
    assert r.version == 1
