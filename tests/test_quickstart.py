"""The README's main job: `umpire serve --demo` starts a server with a demo Major
Battles game and prints how to connect; what it prints works."""

from __future__ import annotations

import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import grpc

from umpire.v1 import service_pb2, service_pb2_grpc

ROOT = Path(__file__).resolve().parent.parent


def test_serve_demo_prints_a_working_connection(tmp_path: Path) -> None:
    proc = subprocess.Popen(
        [sys.executable, "-m", "cli.main", "serve", "--demo", "--port", "0", "--db", f"sqlite:///{tmp_path}/u.sqlite"],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )
    lines: list[str] = []
    try:
        assert proc.stdout is not None
        deadline = time.time() + 60
        while time.time() < deadline:
            line = proc.stdout.readline()
            if not line:
                break
            lines.append(line)
            if "Ctrl-C to stop" in line:
                break
        text = "".join(lines)
        addr = re.search(r"listening on (127\.0\.0\.1:\d+)", text)
        game = re.search(r"Demo game (\w+): major-battles/", text)
        token = re.search(r"us token: (\S+)", text)
        assert addr and game and token, text
        with grpc.insecure_channel(addr.group(1)) as ch:
            stub = service_pb2_grpc.AdjudicatorStub(ch)
            st = stub.GetState(service_pb2.GetStateRequest(game_id=game.group(1)),
                               metadata=[("authorization", f"Bearer {token.group(1)}")], timeout=10).state
        assert st.ruleset == "major-battles" and st.viewer == "us" and st.version == 0
        assert f"client state {game.group(1)}" in text and "grpcurl -plaintext" in text
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(20)
        finally:
            if proc.poll() is None:
                proc.kill()
    assert proc.returncode == 0


def test_a_second_server_on_a_busy_port_fails_with_one_line(tmp_path: Path) -> None:
    first = subprocess.Popen(
        [sys.executable, "-m", "cli.main", "serve", "--port", "0", "--db", f"sqlite:///{tmp_path}/a.sqlite"],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )
    try:
        assert first.stdout is not None
        line = first.stdout.readline()
        port = re.search(r"127\.0\.0\.1:(\d+)", line)
        assert port, line
        second = subprocess.run(
            [sys.executable, "-m", "cli.main", "serve", "--port", port.group(1), "--db",
             f"sqlite:///{tmp_path}/b.sqlite"],
            cwd=ROOT, capture_output=True, text=True, timeout=60,
        )
        assert second.returncode == 2
        assert second.stderr.strip().count("\n") == 0 and "cannot listen" in second.stderr
    finally:
        first.send_signal(signal.SIGTERM)
        first.wait(20)
