"""`umpire client` against a real in-process server (SYNTHETIC toy ruleset)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cli.main import app
from importers.canonical import read_message
from tests.service.conftest import ServerThread
from umpire.v1 import state_pb2

runner = CliRunner()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerThread]:
    s = ServerThread(f"sqlite:///{tmp_path / 'c.sqlite'}")
    try:
        yield s
    finally:
        s.stop()


def create(server: ServerThread) -> tuple[str, dict[str, str]]:
    r = runner.invoke(app, ["client", "create", "--ruleset", "toy-line", "--scenario", "toy-line/basic",
                            "--server", server.address])
    assert r.exit_code == 0, r.output
    gid = re.search(r"game (\w+)", r.output)
    tokens = dict(re.findall(r"^\s+(red|blue): (\S+)$", r.output, re.M))
    assert gid and set(tokens) == {"red", "blue"}
    return gid.group(1), tokens


def test_client_plays_a_game(server: ServerThread, tmp_path: Path) -> None:
    gid, tok = create(server)
    base = ["--server", server.address, "--token", tok["red"]]
    r = runner.invoke(app, ["client", "validate", gid, "--action-text", 'move { unit_ids: "r1" path: "T2" }', *base])
    assert r.exit_code == 1 and "NOT_ADJACENT" in r.output
    r = runner.invoke(app, ["client", "submit", gid, "--action-text", 'move { unit_ids: "r1" path: "T1" }', *base])
    assert r.exit_code == 0 and "version 1" in r.output, r.output
    r = runner.invoke(app, ["client", "submit", gid, "--action-text", 'move { unit_ids: "r1" path: "T2" }',
                            "--expected-version", "0", *base])
    assert r.exit_code == 2 and "ABORTED" in r.stderr
    r = runner.invoke(app, ["client", "submit", gid, "--action-text", 'move { unit_ids: "r1" path: "T3" }', *base])
    assert r.exit_code == 1 and "NOT_ADJACENT" in r.output and "FAILED_PRECONDITION" in r.stderr
    r = runner.invoke(app, ["client", "state", gid, "--out", str(tmp_path / "st.json"), *base])
    assert r.exit_code == 0 and "T1" in r.output
    assert read_message(tmp_path / "st.json", state_pb2.GameState()).viewer == "red"
    r = runner.invoke(app, ["client", "legal", gid, *base])
    assert r.exit_code == 0 and "end_phase" in r.output
    r = runner.invoke(app, ["client", "export", gid, "-o", str(tmp_path / "rec.json"), *base])
    assert r.exit_code == 0 and "1 actions" in r.output


def test_client_errors_are_one_line(server: ServerThread) -> None:
    gid, _ = create(server)
    r = runner.invoke(app, ["client", "state", gid, "--server", server.address, "--token", "wrong"])
    assert r.exit_code == 2 and r.stderr.startswith("umpire: error: UNAUTHENTICATED")
    r = runner.invoke(app, ["client", "state", gid, "--server", "127.0.0.1:1", "--token", "x", "--timeout", "2"])
    assert r.exit_code == 2 and "cannot reach the server" in r.stderr


def test_seed_reveal_and_verify_dice_end_to_end(server: ServerThread, tmp_path: Path) -> None:
    gid, tok = create(server)
    for side in ("red", "blue"):
        r = runner.invoke(app, ["client", "reveal", gid, "--server", server.address, "--token", tok[side]])
        assert r.exit_code == 0
    assert "seed:" in r.output
    assert "revealed at version 0: every later roll is open" in r.output
    r = runner.invoke(app, ["client", "export", gid, "-o", str(tmp_path / "rec.json"), "--server", server.address,
                            "--token", tok["blue"]])
    assert r.exit_code == 0
    r = runner.invoke(app, ["verify-dice", str(tmp_path / "rec.json")])
    assert r.exit_code == 0, r.output
