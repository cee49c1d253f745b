"""Servers for benchmarks, each in its own process (so client and server do not
share a GIL): the real Umpire server, and a no-op echo server answering the
same RPC path with a fixed response of the same size — the floor any Python
gRPC service pays per call on this machine."""

from __future__ import annotations

import asyncio
import multiprocessing as mp
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass
from multiprocessing.connection import Connection

import grpc

from umpire.v1 import service_pb2, service_pb2_grpc

VALIDATE_PATH = "/umpire.v1.Adjudicator/ValidateAction"


def _umpire_server(db_url: str, conn: Connection) -> None:
    from adjudicator.service.server import start_server
    from adjudicator.store.store import GameStore

    async def main() -> None:
        running = await start_server(GameStore(db_url), "127.0.0.1", 0)
        conn.send(running.port)
        await asyncio.get_running_loop().run_in_executor(None, conn.recv)  # wait for "stop"
        await running.stop(0)

    asyncio.run(main())


def _echo_server(response: bytes, conn: Connection) -> None:
    async def main() -> None:
        async def handler(request: bytes, context: grpc.aio.ServicerContext) -> bytes:
            return response

        server = grpc.aio.server()
        server.add_generic_rpc_handlers(
            (
                grpc.method_handlers_generic_handler(
                    "umpire.v1.Adjudicator",
                    {
                        "ValidateAction": grpc.unary_unary_rpc_method_handler(
                            handler, request_deserializer=None, response_serializer=None
                        )
                    },
                ),
            )
        )
        port = server.add_insecure_port("127.0.0.1:0")
        await server.start()
        conn.send(port)
        await asyncio.get_running_loop().run_in_executor(None, conn.recv)
        await server.stop(0)

    asyncio.run(main())


@dataclass
class Proc:
    process: mp.process.BaseProcess
    conn: Connection
    port: int

    def stop(self) -> None:
        self.conn.send("stop")
        self.process.join(10)
        if self.process.is_alive():
            self.process.kill()


def spawn(target: Callable[..., None], *args: object) -> Proc:
    ctx = mp.get_context("spawn")
    parent, child = ctx.Pipe()
    p = ctx.Process(target=target, args=(*args, child), daemon=True)
    p.start()
    if not parent.poll(60):
        p.kill()
        raise RuntimeError("benchmark server did not start")
    return Proc(p, parent, parent.recv())


def start_umpire(db_url: str) -> Proc:
    return spawn(_umpire_server, db_url)


def start_echo(response: bytes) -> Proc:
    return spawn(_echo_server, response)


@dataclass
class Timing:
    calls: int
    seconds: float
    p50_us: float
    p99_us: float

    @property
    def per_second(self) -> float:
        return self.calls / self.seconds


def time_calls(fn: Callable[[], object], n: int, warmup: int = 200) -> Timing:
    for _ in range(warmup):
        fn()
    samples = []
    start = time.perf_counter()
    for _ in range(n):
        t0 = time.perf_counter_ns()
        fn()
        samples.append(time.perf_counter_ns() - t0)
    total = time.perf_counter() - start
    samples.sort()
    return Timing(n, total, samples[len(samples) // 2] / 1000, samples[int(len(samples) * 0.99)] / 1000)


def validate_caller(
    port: int, request: service_pb2.ValidateActionRequest, token: str
) -> tuple[grpc.Channel, Callable[[], object]]:
    channel = grpc.insecure_channel(f"127.0.0.1:{port}")
    stub = service_pb2_grpc.AdjudicatorStub(channel)
    md = [("authorization", f"Bearer {token}")]

    def call() -> object:
        return stub.ValidateAction(request, metadata=md, timeout=10)

    return channel, call


def median(xs: list[float]) -> float:
    return statistics.median(xs)
