"""Two server processes' worth of servers on one database: the version guard
keeps them consistent and watchers see actions committed by the other server.
Runs on SQLite (shared file) always and on PostgreSQL when reachable."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import grpc
import pytest

from tests.service.conftest import ServerThread, auth
from tests.service.test_service_generic import create, move
from tests.support.databases import database_url
from umpire.v1 import service_pb2


@pytest.fixture(params=["sqlite", "postgres"])
def shared_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    with database_url(request.param, tmp_path, "shared.sqlite") as u:
        yield u


def test_two_servers_share_one_game(shared_url: str) -> None:
    a, b = ServerThread(shared_url), ServerThread(shared_url)
    try:
        gid, tok = create(a)
        # b serves the game too (loads it on first use)
        st = b.stub.GetState(service_pb2.GetStateRequest(game_id=gid), metadata=auth(tok["red"])).state
        assert st.version == 0
        a.stub.SubmitAction(service_pb2.SubmitActionRequest(game_id=gid, action=move("r1", "T1"),
                                                            expected_version=0), metadata=auth(tok["red"]))
        # b's cache is at version 0; a submit that knows version 1 is accepted after a re-read
        r = b.stub.SubmitAction(service_pb2.SubmitActionRequest(game_id=gid, action=move("r1", "T2"),
                                                                expected_version=1), metadata=auth(tok["red"]))
        assert r.version == 2
        # a's cache is behind; a client acting on version 1 through a is stale
        with pytest.raises(grpc.RpcError) as e:
            a.stub.SubmitAction(service_pb2.SubmitActionRequest(game_id=gid, action=move("r1", "T3"),
                                                                expected_version=1), metadata=auth(tok["red"]))
        assert e.value.code() == grpc.StatusCode.ABORTED
        # GetState through a sees b's action
        st = a.stub.GetState(service_pb2.GetStateRequest(game_id=gid), metadata=auth(tok["blue"])).state
        assert st.version == 2 and {u.unit_id: u.location for u in st.units}["r1"] == "T2"
        # a watcher on a receives the events b committed
        call = a.stub.WatchGame(service_pb2.WatchGameRequest(game_id=gid, from_version=0),
                                metadata=auth(tok["blue"]), timeout=10)
        it = iter(call)
        versions = [next(it).event.version for _ in range(3)]
        call.cancel()
        assert versions == [0, 1, 2]  # the creation event, then both actions
    finally:
        a.stop()
        b.stop()
