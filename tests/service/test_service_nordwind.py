"""Nordwind 1945 through the real server: the German secret option (10.2.3)
stays secret from the Allied client in every message it receives."""

from __future__ import annotations

from tests.service.conftest import ServerThread, auth
from umpire.v1 import action_pb2, service_pb2


def test_10_2_3_secret_option_never_reaches_the_allied_client(server: ServerThread) -> None:
    created = server.stub.CreateGame(service_pb2.CreateGameRequest(ruleset="nordwind-1945",
                                                                   scenario_id="nordwind-1945/hypothetical"))
    gid, tok = created.game_id, {t.side: t.token for t in created.tokens}
    german = server.stub.GetState(service_pb2.GetStateRequest(game_id=gid), metadata=auth(tok["german"])).state
    allied = server.stub.GetState(service_pb2.GetStateRequest(game_id=gid), metadata=auth(tok["allied"])).state
    assert german.pending.kind == "CHOOSE_SECRET_OPTION" and german.pending.options
    assert allied.pending.side == "german" and not allied.pending.options
    answer = action_pb2.Action(answer=action_pb2.AnswerDecision(decision_id=german.pending.id, choices=["2"]))
    server.stub.SubmitAction(service_pb2.SubmitActionRequest(game_id=gid, action=answer, expected_version=0),
                             metadata=auth(tok["german"]))
    allied = server.stub.GetState(service_pb2.GetStateRequest(game_id=gid), metadata=auth(tok["allied"])).state
    german = server.stub.GetState(service_pb2.GetStateRequest(game_id=gid), metadata=auth(tok["german"])).state
    assert not allied.private_data and german.private_data[0].values["secret_option"] == "2"
    allied_record = server.stub.ExportGame(service_pb2.ExportGameRequest(game_id=gid),
                                           metadata=auth(tok["allied"])).record
    german_record = server.stub.ExportGame(service_pb2.ExportGameRequest(game_id=gid),
                                           metadata=auth(tok["german"])).record
    assert allied_record.actions[0].private_to == "german"
    assert list(allied_record.actions[0].action.answer.choices) == []
    assert list(german_record.actions[0].action.answer.choices) == ["2"]
    assert "2" not in "".join(e.text for a in allied_record.actions for e in a.events if "option" in e.text)
    assert not allied_record.final.private_data and not allied_record.initial.private_data


def test_a_scenario_nobody_could_play_is_refused_and_nothing_is_stored(server: ServerThread) -> None:
    """CreateGame(ruleset="nordwind-1945", scenario={id:"x"}) used to store a game
    without sides; the template refuses it (INVALID_ARGUMENT, one line)."""
    import grpc
    import pytest

    from umpire.v1 import definition_pb2

    before = len(server.store.game_ids())
    with pytest.raises(grpc.RpcError) as e:
        server.stub.CreateGame(service_pb2.CreateGameRequest(ruleset="nordwind-1945",
                                                             scenario=definition_pb2.Scenario(id="x")))
    assert e.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert "no sides" in (e.value.details() or "") and "\n" not in (e.value.details() or "")
    with pytest.raises(grpc.RpcError) as e:
        server.stub.CreateGame(service_pb2.CreateGameRequest(
            ruleset="nordwind-1945", scenario=definition_pb2.Scenario(id="x", ruleset="major-battles")))
    assert e.value.code() == grpc.StatusCode.INVALID_ARGUMENT and "for ruleset 'major-battles'" in (e.value.details() or "")
    assert len(server.store.game_ids()) == before
