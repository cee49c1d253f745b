"""examples/node-client against a real Umpire server on 127.0.0.1.

The example is copied alone into a fresh folder (as a clone ships it), its
packages installed with `npm ci` from its lock file, and `node client.js` run
against an in-process server. What it prints is then checked against the
server itself through the Python stubs (the game's version, the recorded
action, the events, the verdict on the same illegal action), so the script
cannot pass by printing what it was expected to print.

Skipped with the reason where node >= 18 / npm are missing or the npm
registry cannot be reached (tests/support/node.py).
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.service.conftest import ServerThread, auth, db_url, server  # noqa: F401 (the fixtures)
from tests.support.node import ROOT, copy_example, node_unavailable_reason, npm_ci
from umpire.v1 import action_pb2, service_pb2


@pytest.fixture(scope="module")
def example(tmp_path_factory: pytest.TempPathFactory) -> Path:
    reason = node_unavailable_reason()
    if reason:
        pytest.skip(reason)
    folder = copy_example(tmp_path_factory.mktemp("node-client"))
    reason = npm_ci(folder)
    if reason:
        pytest.skip(reason)
    return folder


def _run(example: Path, *args: str) -> subprocess.CompletedProcess[str]:
    node = shutil.which("node")
    assert node is not None
    return subprocess.run([node, "client.js", *args], cwd=example, capture_output=True, text=True, timeout=120,
                          env={"PATH": "/usr/bin:/bin", "UMPIRE_PROTO_DIR": str(ROOT / "proto")})


def _one(pattern: str, text: str) -> re.Match[str]:
    found = list(re.finditer(pattern, text, re.M))
    assert len(found) == 1, f"{pattern!r}: {len(found)} matches in\n{text}"
    return found[0]


def _python_watch(server: ServerThread, game: str, token: str, until: int) -> list[tuple[str, str, str]]:
    """What WatchGame from version 0 streams to the Python stub, up to version `until`."""
    call = server.stub.WatchGame(service_pb2.WatchGameRequest(game_id=game, from_version=0),
                                 metadata=auth(token), timeout=10)
    got = []
    for item in call:
        got.append((str(item.event.version), item.event.kind, item.event.text))
        if item.event.version == until:
            call.cancel()
            break
    return got


def test_node_client_does_the_six_things_against_a_real_server(example: Path, server: ServerThread) -> None:
    done = _run(example, server.address)
    out = done.stdout
    assert done.returncode == 0, out + done.stderr
    assert done.stderr == "", done.stderr

    # 1. CreateGame
    game = _one(r"^created game (\w+) \(major-battles/normandy\), version 0; sides: us, german$", out).group(1)
    token = _one(r"^  us token: (\S+)$", out).group(1)
    # 2. GetState: the version is a string (longs: String), never a JS number.
    _one(r"^state: version 0 \(string\), turn 0, phase setup, active us, view of us, 50 units$", out)
    # 3. Query legal_actions: what the server offers the Python client on a fresh game of the scenario.
    legal_now = _one(r"^legal: (\d+) actions on version 0; first: (\w+): (.+)$", out)
    fresh = server.stub.CreateGame(service_pb2.CreateGameRequest(scenario_id="major-battles/normandy"), timeout=30)
    offered = server.stub.Query(service_pb2.QueryRequest(game_id=fresh.game_id, legal_actions={}),
                                metadata=auth(fresh.tokens[0].token), timeout=10).legal_actions
    assert (int(legal_now.group(1)), legal_now.group(2), legal_now.group(3)) == (
        len(offered), offered[0].kind, offered[0].description)
    # 4. SubmitAction of the first example: the server recorded exactly that.
    _one(rf"^submitted {legal_now.group(2)}: legal true, version 1, 1 event\(s\)$", out)
    record = server.stub.ExportGame(service_pb2.ExportGameRequest(game_id=game), metadata=auth(token),
                                    timeout=10).record
    assert [a.version for a in record.actions] == [1]
    assert record.actions[0].action.WhichOneof("kind") == legal_now.group(2) == "place"
    assert legal_now.group(3) == "place us-arm-01 in Lessay"
    assert list(record.actions[0].action.place.unit_ids) == ["us-arm-01"]
    # 5. WatchGame from 0 to the submitted action: the creation's events, then the action's.
    streamed = re.findall(r"^event v(\d+) (\w+): (.*)$", out, re.M)
    assert _python_watch(server, game, token, until=1) == streamed
    assert streamed[0][0] == "0" and streamed[-1][:2] == ("1", "UNITS_PLACED")
    # 6. The illegal action's details, decoded from the status trailer with the shipped protos.
    _one(r"^refused: FAILED_PRECONDITION \(9\) with 2 detail\(s\)$", out)
    verdict = server.stub.ValidateAction(service_pb2.ValidateActionRequest(
        game_id=game, action=action_pb2.Action(end_phase=action_pb2.EndPhase())), metadata=auth(token),
        timeout=10).verdict
    assert not verdict.legal
    lines = re.findall(r"^violation .*$", out, re.M)
    assert lines == [f"violation {v.code}: {v.message} [{v.citation.ruleset} {v.citation.rule_case}]"
                     for v in verdict.violations]
    assert lines and lines[0].startswith("violation UNITS_NOT_PLACED: 23 starting unit(s) not placed yet")
    assert re.findall(r"^precondition .*$", out, re.M) == [
        f"precondition RULE {v.citation.ruleset}:{v.citation.rule_case}" for v in verdict.violations]


def test_node_client_reports_an_unreachable_server_in_one_line(example: Path) -> None:
    done = _run(example, "127.0.0.1:1")
    assert done.returncode == 1
    assert done.stderr.startswith("umpire node client: UNAVAILABLE: ") and done.stderr.count("\n") == 1, done.stderr


def test_npm_ci_without_a_registry_is_a_skip_reason_not_a_failure(tmp_path: Path) -> None:
    """The skip path itself: a registry that refuses connections (port 1 on
    loopback) and an empty cache give a reason, not an error."""
    reason = node_unavailable_reason()
    if reason:
        pytest.skip(reason)
    folder = copy_example(tmp_path / "ex")
    got = npm_ci(folder, {"npm_config_registry": "http://127.0.0.1:1/", "npm_config_cache": str(tmp_path / "cache"),
                          "npm_config_fetch_retries": "0", "npm_config_offline": "false"})
    assert got is not None and "cannot reach the npm registry (ECONNREFUSED)" in got, got
