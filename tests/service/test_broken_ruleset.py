"""One ruleset that cannot be loaded does not break the others (issue 8):
ListRulesets and `umpire rulesets` list it with its reason, calls that need it
fail with FAILED_PRECONDITION (ErrorInfo RULESET_UNAVAILABLE; CLI exit 2).
A bug's exception text never reaches a client (it could name a secret)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import grpc
import pytest
from google.rpc import code_pb2, error_details_pb2
from grpc_status import rpc_status
from typer.testing import CliRunner

from adjudicator.core.ruleset import BrokenRuleset, get_ruleset
from adjudicator.service.errors import RULESET_UNAVAILABLE, to_status
from cli.main import app
from tests.service.conftest import ServerThread, auth
from tests.support.broken import BROKEN_ID, REASON, broken_ruleset
from umpire.v1 import action_pb2, service_pb2

runner = CliRunner()


@pytest.fixture
def broken(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    with broken_ruleset(tmp_path, monkeypatch) as rid:
        yield rid


def _reason(e: grpc.RpcError) -> list[str]:
    st = rpc_status.from_call(e)
    out = []
    for d in st.details if st is not None else ():
        if d.Is(error_details_pb2.ErrorInfo.DESCRIPTOR):
            info = error_details_pb2.ErrorInfo()
            d.Unpack(info)
            out.append(info.reason)
    return out


def test_broken_ruleset_maps_to_failed_precondition_with_its_reason() -> None:
    status = to_status(BrokenRuleset("x", ImportError("no lxml\nsecond line")))
    assert status.code == code_pb2.FAILED_PRECONDITION
    assert status.message == "ruleset x cannot be loaded: ImportError: no lxml"
    info = error_details_pb2.ErrorInfo()
    assert status.details[0].Unpack(info) and info.reason == RULESET_UNAVAILABLE and info.metadata["ruleset"] == "x"


def test_list_rulesets_lists_the_others_and_names_the_broken_one(server: ServerThread, broken: str) -> None:
    infos = {r.id: r for r in server.stub.ListRulesets(service_pb2.ListRulesetsRequest()).rulesets}
    assert infos[broken].unavailable == f"ruleset {broken} cannot be loaded: ModuleNotFoundError: {REASON}"
    assert not infos[broken].title and not infos[broken].scenarios
    for rid in ("major-battles", "nordwind-1945", "traces-of-victory", "toy-line"):
        assert infos[rid].title and infos[rid].scenarios and not infos[rid].unavailable
    with pytest.raises(grpc.RpcError) as e:
        server.stub.CreateGame(service_pb2.CreateGameRequest(ruleset=broken, scenario_id=f"{broken}/x"))
    assert e.value.code() == grpc.StatusCode.FAILED_PRECONDITION
    assert _reason(e.value) == [RULESET_UNAVAILABLE] and REASON in (e.value.details() or "")


def test_umpire_rulesets_lists_the_others_and_names_the_broken_one(broken: str) -> None:
    r = runner.invoke(app, ["rulesets"])
    assert r.exit_code == 0, r.output
    assert "nordwind-1945 1" in r.output and "traces-of-victory" in r.output
    assert f"{broken} — unavailable: ruleset {broken} cannot be loaded: ModuleNotFoundError: {REASON}" in r.output
    r = runner.invoke(app, ["new", f"{broken}/x", "--out", "x.json"])
    assert r.exit_code == 2
    assert f"cannot be loaded: ModuleNotFoundError: {REASON}" in r.output and "Traceback" not in r.output


def test_umpire_client_shows_the_broken_one_and_exits_2(server: ServerThread, broken: str) -> None:
    r = runner.invoke(app, ["client", "rulesets", "--server", server.address])
    assert r.exit_code == 0, r.output
    assert f"{broken} — unavailable: ruleset {broken} cannot be loaded" in r.output and "toy-line 0.0-test" in r.output
    r = runner.invoke(app, ["client", "create", "--ruleset", broken, "--scenario", f"{broken}/x",
                            "--server", server.address])
    assert r.exit_code == 2, r.output  # not 1: nothing illegal was asked, the server's install is broken
    assert "FAILED_PRECONDITION" in r.output and REASON in r.output


def test_a_bugs_message_never_reaches_the_client(server: ServerThread, monkeypatch: pytest.MonkeyPatch) -> None:
    """An exception that is not a typed error (a bug) could carry anything it was
    built from, e.g. a hidden chit's name: the client gets INTERNAL and a fixed text."""
    created = server.stub.CreateGame(service_pb2.CreateGameRequest(ruleset="toy-line", scenario_id="toy-line/basic"))
    token = {t.side: t.token for t in created.tokens}["red"]

    def boom(*args: object, **kwargs: object) -> None:
        raise KeyError("german:LXIV#2 is still in the cup")

    monkeypatch.setattr(get_ruleset("toy-line"), "apply_position", boom)
    with pytest.raises(grpc.RpcError) as e:
        server.stub.SubmitAction(service_pb2.SubmitActionRequest(
            game_id=created.game_id, expected_version=0, action=action_pb2.Action(end_phase={})),
            metadata=auth(token))
    assert e.value.code() == grpc.StatusCode.INTERNAL
    assert e.value.details() == "internal error in SubmitAction (logged on the server)"
