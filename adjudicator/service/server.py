"""Building and running the gRPC server: Adjudicator + health + reflection.

Binds to 127.0.0.1 by default. `grpcurl -plaintext 127.0.0.1:PORT list` works
because server reflection is on; the standard health service reports SERVING
once the store is open (on PostgreSQL: once the change feed listens) and
NOT_SERVING while draining or while the change feed has lost the database, so
a load balancer sends requests to the processes that can answer them.
"""

from __future__ import annotations

import asyncio
import signal
from dataclasses import dataclass

import grpc
from grpc_health.v1 import health_pb2, health_pb2_grpc
from grpc_health.v1._async import HealthServicer
from grpc_reflection.v1alpha import reflection

from adjudicator.service import limits
from adjudicator.service.boundary import generic_handler
from adjudicator.service.cache import GameCache
from adjudicator.service.defaults import CACHE_SIZE, HOT_SIZE
from adjudicator.service.games import GameManager
from adjudicator.service.notify import ChangeFeed, ChangeHub, feed_for
from adjudicator.service.ratelimit import CreationPolicy
from adjudicator.service.servicer import AdjudicatorServicer
from adjudicator.store.store import GameStore
from umpire.v1 import service_pb2

SERVICE_NAME = service_pb2.DESCRIPTOR.services_by_name["Adjudicator"].full_name
MAX_SEND = 64 * 1024 * 1024
# How long a PostgreSQL server waits for its change feed before serving anyway
# (reporting NOT_SERVING until the feed is up).
FEED_STARTUP_SECONDS = 10.0
HEALTH_CHECK_SECONDS = 0.5


@dataclass
class RunningServer:
    server: grpc.aio.Server
    port: int
    manager: GameManager
    health: HealthServicer
    feed: ChangeFeed
    hub: ChangeHub
    monitor: asyncio.Task[None]

    async def stop(self, grace: float = 1.0) -> None:
        self.monitor.cancel()
        await self.health.enter_graceful_shutdown()
        await self.server.stop(grace)
        await self.feed.stop()


async def _report(health: HealthServicer, serving: bool) -> None:
    status = health_pb2.HealthCheckResponse.SERVING if serving else health_pb2.HealthCheckResponse.NOT_SERVING
    await health.set(SERVICE_NAME, status)
    await health.set("", status)


async def _monitor_health(health: HealthServicer, feed: ChangeFeed, serving: bool) -> None:
    """SERVING while the change feed is up (always, on SQLite)."""
    while True:
        await asyncio.sleep(HEALTH_CHECK_SECONDS)
        if feed.healthy != serving:
            serving = feed.healthy
            await _report(health, serving)


async def start_server(
    store: GameStore,
    host: str = "127.0.0.1",
    port: int = 0,
    *,
    creation: CreationPolicy | None = None,
    cache_size: int = CACHE_SIZE,
    hot_games: int = HOT_SIZE,
) -> RunningServer:
    """Start serving; port 0 picks a free one (returned)."""
    server = grpc.aio.server(
        options=[
            ("grpc.max_receive_message_length", limits.MAX_TRANSPORT_BYTES),
            ("grpc.max_send_message_length", MAX_SEND),
            # A second server on a busy port must fail, not silently share it.
            ("grpc.so_reuseport", 0),
        ]
    )
    manager = GameManager(store, GameCache(cache_size, hot_games))
    hub = ChangeHub()
    hub.on_change(manager.cache.note_change)
    hub.on_resync(manager.cache.clear)
    feed = feed_for(store, hub)
    await feed.start()
    try:
        await asyncio.wait_for(feed.connected.wait(), FEED_STARTUP_SECONDS)
    except TimeoutError:
        pass  # NOT_SERVING until it connects (the monitor reports it)
    servicer = AdjudicatorServicer(manager, hub, feed, creation)
    server.add_generic_rpc_handlers((generic_handler(servicer),))
    health = HealthServicer()
    health_pb2_grpc.add_HealthServicer_to_server(health, server)
    reflection.enable_server_reflection(
        (SERVICE_NAME, health_pb2.DESCRIPTOR.services_by_name["Health"].full_name, reflection.SERVICE_NAME),
        server,
    )
    bound = server.add_insecure_port(f"{host}:{port}")
    if bound == 0:
        await feed.stop()
        raise OSError(f"cannot listen on {host}:{port}")
    await server.start()
    serving = feed.healthy
    await _report(health, serving)
    monitor = asyncio.get_running_loop().create_task(_monitor_health(health, feed, serving))
    return RunningServer(server, bound, manager, health, feed, hub, monitor)


async def serve_forever(running: RunningServer) -> None:
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    for sig in (signal.SIGINT, signal.SIGTERM):
        try:
            loop.add_signal_handler(sig, stop.set)
        except NotImplementedError:  # pragma: no cover - non-Unix
            pass
    await stop.wait()
    await running.stop()
