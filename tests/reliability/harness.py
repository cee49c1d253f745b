"""Shared by the reliability tests (short runs) and scripts/reliability.py (long
runs): real `umpire serve` processes, a client that plays real games by the
examples the server offers, and the trials themselves.

Everything binds to 127.0.0.1 with port 0 (several runs may share the
machine); PostgreSQL trials use a schema of their own (tests/support/databases.py).
"""

from __future__ import annotations

import os
import random
import re
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import grpc
from grpc_health.v1 import health_pb2, health_pb2_grpc

from umpire.v1 import action_pb2, service_pb2, service_pb2_grpc

ROOT = Path(__file__).resolve().parents[2]
RULESET, SCENARIO = "major-battles", "major-battles/normandy"
LISTEN = re.compile(r"Umpire listening on 127\.0\.0\.1:(\d+)")


def md(token: str) -> list[tuple[str, str]]:
    return [("authorization", f"Bearer {token}")]


class ServerProcess:
    """A real `umpire serve` process; its output goes to files (a pipe nobody
    reads could fill up and stall it)."""

    def __init__(self, db_url: str, *extra: str, start_timeout: float = 60.0) -> None:
        self.db_url = db_url
        self._dir = tempfile.TemporaryDirectory(prefix="umpire-server-")
        self.out_path = Path(self._dir.name) / "stdout"
        self.err_path = Path(self._dir.name) / "stderr"
        cmd = [sys.executable, "-m", "cli.main", "serve", "--db", db_url, "--port", "0", *extra]
        with open(self.out_path, "w") as out, open(self.err_path, "w") as err:
            self.proc = subprocess.Popen(cmd, cwd=ROOT, stdout=out, stderr=err, env={**os.environ})
        deadline = time.monotonic() + start_timeout
        port = None
        while time.monotonic() < deadline:
            m = LISTEN.search(self.out_path.read_text())
            if m:
                port = int(m.group(1))
                break
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited ({self.proc.returncode}): {self.err_path.read_text()[-2000:]}")
            time.sleep(0.05)
        if port is None:
            self.kill()
            raise RuntimeError("server did not start in time")
        self.port = port
        self.address = f"127.0.0.1:{port}"
        self.channel = grpc.insecure_channel(self.address)
        self.stub = service_pb2_grpc.AdjudicatorStub(self.channel)
        self.wait_serving(start_timeout)

    @property
    def pid(self) -> int:
        return self.proc.pid

    def health(self, timeout: float = 5.0) -> int:
        h = health_pb2_grpc.HealthStub(self.channel)
        resp = h.Check(health_pb2.HealthCheckRequest(service="umpire.v1.Adjudicator"), timeout=timeout)
        return int(resp.status)

    def wait_serving(self, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        while True:
            try:
                if self.health(2.0) == health_pb2.HealthCheckResponse.SERVING:
                    return
            except grpc.RpcError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError("server never reported SERVING")
            time.sleep(0.05)

    def rss_bytes(self) -> int:
        for line in Path(f"/proc/{self.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
        return 0

    def kill(self) -> None:
        """kill -9: no chance to flush or say goodbye."""
        if self.proc.poll() is None:
            os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait(30)
        self._close()

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)
        self._close()

    def _close(self) -> None:
        self.channel.close()
        self._dir.cleanup()


@dataclass
class Game:
    """A game a client plays by the server's legal examples."""

    game_id: str
    tokens: dict[str, str]
    version: int = 0
    acting: str = ""
    finished: bool = False
    rng: random.Random = field(default_factory=random.Random)

    def other(self, side: str) -> str:
        return next(s for s in self.tokens if s != side)


def create_game(stub: service_pb2_grpc.AdjudicatorStub, seed: int = 0, *, ruleset: str = RULESET,
                scenario: str = SCENARIO, timeout: float = 30.0) -> Game:
    r = stub.CreateGame(service_pb2.CreateGameRequest(ruleset=ruleset, scenario_id=scenario), timeout=timeout)
    tokens = {t.side: t.token for t in r.tokens}
    return Game(r.game_id, tokens, r.version, acting=next(iter(tokens)), rng=random.Random(seed))


def legal_examples(stub: service_pb2_grpc.AdjudicatorStub, game: Game, side: str,
                   timeout: float = 30.0) -> tuple[int, list[action_pb2.Action]]:
    q = stub.Query(service_pb2.QueryRequest(game_id=game.game_id, legal_actions=service_pb2.LegalActionsQuestion()),
                   metadata=md(game.tokens[side]), timeout=timeout)
    return q.version, [la.example for la in q.legal_actions if la.HasField("example")]


def next_action(stub: service_pb2_grpc.AdjudicatorStub, game: Game,
                timeout: float = 30.0) -> tuple[str, action_pb2.Action] | None:
    """A legal example for whichever side may act now (None: nobody can)."""
    for side in (game.acting, game.other(game.acting)):
        version, examples = legal_examples(stub, game, side, timeout)
        game.version = version
        if examples:
            game.acting = side
            return side, game.rng.choice(examples)
    return None


def submit(stub: service_pb2_grpc.AdjudicatorStub, game: Game, side: str, action: action_pb2.Action,
           timeout: float = 30.0) -> service_pb2.SubmitActionResponse:
    r: service_pb2.SubmitActionResponse = stub.SubmitAction(
        service_pb2.SubmitActionRequest(game_id=game.game_id, action=action, expected_version=game.version),
        metadata=md(game.tokens[side]), timeout=timeout)
    game.version = r.version
    return r


def play_step(stub: service_pb2_grpc.AdjudicatorStub, game: Game, timeout: float = 30.0) -> tuple[
        str, action_pb2.Action, service_pb2.SubmitActionResponse] | None:
    """One accepted action (None once the game cannot go on)."""
    for _ in range(5):
        found = next_action(stub, game, timeout)
        if found is None:
            game.finished = True
            return None
        side, action = found
        try:
            return side, action, submit(stub, game, side, action, timeout)
        except grpc.RpcError as e:
            if e.code() not in (grpc.StatusCode.FAILED_PRECONDITION, grpc.StatusCode.ABORTED):
                raise
    game.finished = True
    return None


def percentile(values: Sequence[float], q: float) -> float:
    if not values:
        return float("nan")
    s = sorted(values)
    return s[min(len(s) - 1, max(0, int(round(q * (len(s) - 1)))))]


class Stopwatch:
    """Latencies per RPC name, thread-safe."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.samples: dict[str, list[float]] = {}

    def add(self, name: str, seconds: float) -> None:
        with self._lock:
            self.samples.setdefault(name, []).append(seconds)

    def summary(self) -> dict[str, tuple[int, float, float]]:
        """name -> (calls, p50 ms, p99 ms)."""
        with self._lock:
            return {k: (len(v), percentile(v, 0.5) * 1e3, percentile(v, 0.99) * 1e3) for k, v in self.samples.items()}
