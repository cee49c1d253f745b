"""CreateGame takes a scenario id the way `umpire new` does (issue 13): a
scenario id names its ruleset, so the ruleset may be left out; a ruleset with a
bare scenario name is completed; a mistyped id is NOT_FOUND naming what it
could have meant. A real in-process server on 127.0.0.1."""

from __future__ import annotations

import grpc
import pytest

from tests.service.conftest import ServerThread
from umpire.v1 import service_pb2


def test_a_scenario_id_that_names_its_ruleset_needs_no_ruleset(server: ServerThread) -> None:
    resp = server.stub.CreateGame(service_pb2.CreateGameRequest(scenario_id="major-battles/normandy"))
    assert resp.game_id and {t.side for t in resp.tokens} == {"us", "german"}


def test_a_ruleset_with_a_bare_scenario_name_is_completed(server: ServerThread) -> None:
    resp = server.stub.CreateGame(service_pb2.CreateGameRequest(ruleset="major-battles", scenario_id="normandy"))
    assert resp.game_id


def test_a_bare_scenario_name_without_ruleset_suggests_the_full_id(server: ServerThread) -> None:
    with pytest.raises(grpc.RpcError) as e:
        server.stub.CreateGame(service_pb2.CreateGameRequest(scenario_id="normandy"))
    assert e.value.code() == grpc.StatusCode.NOT_FOUND
    assert "did you mean major-battles/normandy?" in (e.value.details() or "")


def test_neither_ruleset_nor_scenario_id_is_invalid_argument(server: ServerThread) -> None:
    with pytest.raises(grpc.RpcError) as e:
        server.stub.CreateGame(service_pb2.CreateGameRequest())
    assert e.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert "ruleset is required" in (e.value.details() or "")
