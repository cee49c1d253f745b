"""Umpire Studio's files through the real server: a scenario converted from the
module with the studio's map and counters (`umpire convert MOD --setup --map
--counters`), created with its chart values (`CreateGame.tables`), judges a
move and an attack exactly as the studio does on the module's save."""

from __future__ import annotations

from pathlib import Path

from google.protobuf import json_format
from typer.testing import CliRunner

from cli.main import app
from importers.canonical import read_message
from studio import game
from tests.service.conftest import ServerThread, auth
from tests.support.studio_module import demo_files, demo_project
from umpire.v1 import action_pb2, definition_pb2, service_pb2, tables_pb2


def test_the_studio_files_give_the_service_the_studio_verdicts(server: ServerThread, tmp_path: Path) -> None:
    files = demo_files(tmp_path / "demo")
    p = demo_project(tmp_path / "project", files)
    move = action_pb2.Action(side="german", move=action_pb2.MoveUnits(unit_ids=["red-inf-2"], path=["1104", "1103"]))
    attack = action_pb2.Action(side="german", attack=action_pb2.Attack(target="0907", attackers=["red-inf-1",
                                                                                                 "red-arm-1"]))
    sess = game.open_game(files.save, p.module, p.binding(), p.completion(), p.charts())
    studio_move = game.validate(sess, move)["verdict"]
    game.apply(sess, action_pb2.Action(side="german", end_phase=action_pb2.EndPhase()), [])
    crt_cell = {"table": "nordwind-1945/crt", "row": "3", "column": "2/1", "value": "2/-"}  # SYNTHETIC chart value
    p.save_charts([crt_cell], game.current(sess))

    scen = tmp_path / "scenario.json"
    res = CliRunner().invoke(app, ["convert", str(files.module), str(scen), "--setup", "Start",
                                   "--binding", str(p.path("binding.json")),
                                   "--map", str(p.path("maps/main-map.toml")),
                                   "--counters", str(p.path("counters.textproto"))])
    assert res.exit_code == 0, res.output
    req = service_pb2.CreateGameRequest(ruleset="nordwind-1945",
                                        scenario=read_message(scen, definition_pb2.Scenario()),
                                        tables=read_message(p.path("tables.textproto"),
                                                            tables_pb2.TableSet()))
    created = server.stub.CreateGame(req)
    tok = {t.side: t.token for t in created.tokens}

    def judged(action: action_pb2.Action) -> dict[str, object]:
        v = server.stub.ValidateAction(service_pb2.ValidateActionRequest(game_id=created.game_id, action=action),
                                       metadata=auth(tok["german"])).verdict
        return json_format.MessageToDict(v, preserving_proto_field_name=True)

    assert judged(move) == studio_move and studio_move["legal"]
    server.stub.SubmitAction(service_pb2.SubmitActionRequest(game_id=created.game_id, expected_version=0,
                                                             action=action_pb2.Action(side="german",
                                                                                      end_phase=action_pb2.EndPhase())),
                             metadata=auth(tok["german"]))
    sess = game.open_game(files.save, p.module, p.binding(), p.completion(), p.charts())
    game.apply(sess, action_pb2.Action(side="german", end_phase=action_pb2.EndPhase()), [])
    studio_attack = game.validate(sess, attack)["verdict"]
    assert judged(attack) == studio_attack
    outcomes = studio_attack["combat"]["outcomes"]  # type: ignore[index]
    assert any(o["result"] == "2/-" and "2/1 die 3" in o["when"] for o in outcomes)  # the typed chart value
