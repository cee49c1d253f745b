"""A real in-process gRPC server on 127.0.0.1, in its own thread and event loop."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import grpc
import pytest

from adjudicator.core.ruleset import register
from adjudicator.service.server import RunningServer, start_server
from adjudicator.store.store import GameStore
from umpire.v1 import service_pb2_grpc

register("toy-line", "tests.support.synthetic_ruleset:RULESET")


class ServerThread:
    """Runs the asyncio server on a private loop so tests can use blocking stubs."""

    def __init__(self, db_url: str, **server_options: Any) -> None:
        self.db_url = db_url
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.store = GameStore(db_url)
        self.running: RunningServer = asyncio.run_coroutine_threadsafe(
            start_server(self.store, "127.0.0.1", 0, **server_options), self.loop
        ).result(30)
        self.address = f"127.0.0.1:{self.running.port}"
        self.channel = grpc.insecure_channel(self.address)
        self.stub = service_pb2_grpc.AdjudicatorStub(self.channel)

    def stop(self) -> None:
        self.channel.close()
        asyncio.run_coroutine_threadsafe(self.running.stop(0.2), self.loop).result(30)
        self.store.close()
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)
        self.loop.close()


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'umpire.sqlite'}"


@pytest.fixture
def server(db_url: str) -> Iterator[ServerThread]:
    s = ServerThread(db_url)
    try:
        yield s
    finally:
        s.stop()


def auth(token: str) -> list[tuple[str, str]]:
    return [("authorization", f"Bearer {token}")]
