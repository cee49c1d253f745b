"""The change feed (SYNTHETIC toy ruleset): push between server processes on
PostgreSQL survives losing its listening connection, and the in-process hub
wakes exactly the watchers of a changed game."""

from __future__ import annotations

import asyncio
import threading
import time

from grpc_health.v1 import health_pb2, health_pb2_grpc
from sqlalchemy import create_engine, text

from adjudicator.service.notify import ChangeHub
from tests.service.conftest import ServerThread, auth
from tests.service.test_service_generic import create, move
from tests.support.databases import postgres_schema_url
from umpire.v1 import service_pb2


def test_the_hub_wakes_the_watchers_of_the_changed_game_only() -> None:
    async def scenario() -> list[str]:
        hub = ChangeHub()
        order: list[str] = []

        async def watch(gid: str, beyond: int) -> None:
            async with hub.watching(gid) as w:
                await w.wait_beyond(beyond)
                order.append(gid)

        a = asyncio.create_task(watch("a", 3))
        b = asyncio.create_task(watch("b", 0))
        await asyncio.sleep(0.01)
        hub.changed("a", 3)  # not beyond 3: keeps waiting
        hub.changed("b", 1)
        await asyncio.sleep(0.01)
        assert order == ["b"] and not a.done()
        hub.resync()  # the feed was down: everybody re-reads
        await asyncio.wait_for(a, 1)
        assert hub.watched() == []  # nothing left behind
        return order

    assert asyncio.run(scenario()) == ["b", "a"]


def _listener_pids(url: str, channel: str) -> list[int]:
    engine = create_engine(url)
    try:
        with engine.connect() as c:
            rows = c.execute(text("SELECT pid FROM pg_stat_activity WHERE query = :q"),
                             {"q": f'LISTEN "{channel}"'}).all()
    finally:
        engine.dispose()
    return [int(r[0]) for r in rows]


def test_push_comes_back_after_the_listening_connection_is_killed() -> None:
    with postgres_schema_url() as url:
        a, b = ServerThread(url), ServerThread(url)
        try:
            gid, tok = create(a)
            channel = b.store.notify_channel
            assert channel is not None
            pids = _listener_pids(url, channel)
            assert len(pids) == 2  # one listening connection per server, not per watcher
            got: list[int] = []
            seen = threading.Event()

            def watch() -> None:
                call = b.stub.WatchGame(service_pb2.WatchGameRequest(game_id=gid, from_version=0),
                                        metadata=auth(tok["blue"]), timeout=30)
                for item in call:
                    got.append(item.event.version)
                    if item.event.version == 2:
                        seen.set()
                        call.cancel()
                        return

            t = threading.Thread(target=watch, daemon=True)
            t.start()
            a.stub.SubmitAction(service_pb2.SubmitActionRequest(game_id=gid, action=move("r1", "T1"),
                                                                expected_version=0), metadata=auth(tok["red"]))
            engine = create_engine(url)
            with engine.connect() as c:  # cut every listener; both servers reconnect
                for pid in pids:
                    c.execute(text("SELECT pg_terminate_backend(:p)"), {"p": pid})
            engine.dispose()
            health = health_pb2_grpc.HealthStub(b.channel)
            deadline = time.monotonic() + 15
            now = _listener_pids(url, channel)
            while time.monotonic() < deadline and (len(now) < 2 or set(now) & set(pids)):
                time.sleep(0.05)
                now = _listener_pids(url, channel)
            assert len(now) == 2 and not set(now) & set(pids)
            # Health follows the feed (checked every half second): SERVING again once it listens.
            serving = health_pb2.HealthCheckResponse.SERVING
            deadline = time.monotonic() + 10
            status = None
            while time.monotonic() < deadline and status != serving:
                status = health.Check(health_pb2.HealthCheckRequest(service="umpire.v1.Adjudicator")).status
                time.sleep(0.05)
            assert status == serving
            # After the reconnect, an action on A still reaches B's watcher by push.
            a.stub.SubmitAction(service_pb2.SubmitActionRequest(game_id=gid, action=move("r1", "T2"),
                                                                expected_version=1), metadata=auth(tok["red"]))
            assert seen.wait(10), got
            assert got[-2:] == [1, 2]
            st = b.stub.GetState(service_pb2.GetStateRequest(game_id=gid), metadata=auth(tok["red"])).state
            assert st.version == 2
        finally:
            a.stop()
            b.stop()


def test_many_watchers_share_one_listening_connection() -> None:
    n = 3
    with postgres_schema_url() as url:
        s = ServerThread(url)
        try:
            gid, tok = create(s)
            calls = [s.stub.WatchGame(service_pb2.WatchGameRequest(game_id=gid, from_version=0),
                                      metadata=auth(tok["red"]), timeout=10) for _ in range(n)]
            firsts = [next(iter(c)).event.kind for c in calls]
            assert firsts == ["GAME_STARTED"] * n
            channel = s.store.notify_channel
            assert channel is not None
            assert len(_listener_pids(url, channel)) == 1
            for c in calls:
                c.cancel()
        finally:
            s.stop()
