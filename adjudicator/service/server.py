"""Building and running the gRPC server: Adjudicator + health + reflection.

Binds to 127.0.0.1 by default. `grpcurl -plaintext 127.0.0.1:PORT list` works
because server reflection is on; the standard health service reports SERVING
once the store is open and NOT_SERVING while draining.
"""

from __future__ import annotations

import asyncio
import signal
from dataclasses import dataclass

import grpc
from grpc_health.v1 import health_pb2, health_pb2_grpc
from grpc_health.v1._async import HealthServicer
from grpc_reflection.v1alpha import reflection

from adjudicator.service.games import GameManager
from adjudicator.service.servicer import AdjudicatorServicer
from adjudicator.store.store import GameStore
from umpire.v1 import service_pb2, service_pb2_grpc

SERVICE_NAME = service_pb2.DESCRIPTOR.services_by_name["Adjudicator"].full_name
MAX_MESSAGE = 64 * 1024 * 1024


@dataclass
class RunningServer:
    server: grpc.aio.Server
    port: int
    manager: GameManager
    health: HealthServicer

    async def stop(self, grace: float = 1.0) -> None:
        await self.health.enter_graceful_shutdown()
        await self.server.stop(grace)


async def start_server(store: GameStore, host: str = "127.0.0.1", port: int = 0) -> RunningServer:
    """Start serving; port 0 picks a free one (returned)."""
    server = grpc.aio.server(
        options=[
            ("grpc.max_receive_message_length", MAX_MESSAGE),
            ("grpc.max_send_message_length", MAX_MESSAGE),
            # A second server on a busy port must fail, not silently share it.
            ("grpc.so_reuseport", 0),
        ]
    )
    manager = GameManager(store)
    service_pb2_grpc.add_AdjudicatorServicer_to_server(AdjudicatorServicer(manager), server)
    health = HealthServicer()
    health_pb2_grpc.add_HealthServicer_to_server(health, server)
    reflection.enable_server_reflection(
        (SERVICE_NAME, health_pb2.DESCRIPTOR.services_by_name["Health"].full_name, reflection.SERVICE_NAME),
        server,
    )
    bound = server.add_insecure_port(f"{host}:{port}")
    if bound == 0:
        raise OSError(f"cannot listen on {host}:{port}")
    await server.start()
    await health.set(SERVICE_NAME, health_pb2.HealthCheckResponse.SERVING)
    await health.set("", health_pb2.HealthCheckResponse.SERVING)
    return RunningServer(server, bound, manager, health)


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
