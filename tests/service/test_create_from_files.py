"""CreateGame with a map, counters and a position (CreateGameRequest.map /
counters / position, docs/position.md) against a real in-process server: the
game starts where the position says, on the map given; a bad position is
INVALID_ARGUMENT naming its line; the boundary bounds the position's size."""

from __future__ import annotations

import grpc
import pytest

from adjudicator.core import dice as dice_mod
from adjudicator.core import engine
from adjudicator.core.ruleset import get_ruleset
from tests.service.conftest import ServerThread, auth
from umpire.v1 import action_pb2, map_pb2, service_pb2, tables_pb2

POSITION = '''turn = 3
phase = "german-movement"
weather = "cloudy"

[units]
"GTL/2" = { at = "0404", steps_lost = 1 }
'''


def create(server: ServerThread, **fields: object) -> service_pb2.CreateGameResponse:
    req = service_pb2.CreateGameRequest(**fields)  # type: ignore[arg-type]
    resp: service_pb2.CreateGameResponse = server.stub.CreateGame(req)
    return resp


def test_a_game_created_with_a_position_starts_there_and_plays_on(server: ServerThread) -> None:
    resp = create(server, ruleset="nordwind-1945", scenario_id="nordwind-1945/historical", position=POSITION)
    tok = {t.side: t.token for t in resp.tokens}
    st = server.stub.GetState(service_pb2.GetStateRequest(game_id=resp.game_id), metadata=auth(tok["allied"])).state
    assert (st.turn, st.phase, st.active_side, st.nordwind.weather) == (3, "german-movement", "german", "cloudy")
    gtl = next(u for u in st.units if u.unit_id == "GTL/2")
    assert (gtl.location, gtl.steps_lost) == ("0404", 1)
    sub = server.stub.SubmitAction(service_pb2.SubmitActionRequest(
        game_id=resp.game_id, expected_version=0,
        action=action_pb2.Action(move=action_pb2.MoveUnits(unit_ids=["257VG-1"], path=["1004"]))),
        metadata=auth(tok["german"]))
    assert sub.verdict.legal and sub.version == 1  # Nordwind 3.1: a German move in the German movement phase


def test_a_bad_position_is_invalid_argument_naming_its_line(server: ServerThread) -> None:
    with pytest.raises(grpc.RpcError) as e:
        create(server, ruleset="nordwind-1945", scenario_id="nordwind-1945/historical",
               position='turn = 3\n[units]\n"GTL/2" = "9999"\n')
    assert e.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert "position:3: unit 'GTL/2': unknown hex '9999'" in (e.value.details() or "")


def test_a_position_over_its_limit_is_refused_at_the_boundary(server: ServerThread) -> None:
    with pytest.raises(grpc.RpcError) as e:
        create(server, ruleset="nordwind-1945", scenario_id="nordwind-1945/historical",
               position="# " + "x" * (256 * 1024) + "\n")
    assert e.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert "position" in (e.value.details() or "")


def test_a_map_and_counters_replace_the_scenarios(server: ServerThread) -> None:
    rs = get_ruleset("pattons-3rd-army")
    sc = rs.load_scenario("pattons-3rd-army/metz")
    played, _ = engine.new_game(rs, sc, game_id="g", options={}, tables=None,
                                dice=dice_mod.HmacDice(b"\x01" * 32, "g", 0, 0))
    gm = map_pb2.GameMap()
    gm.CopyFrom(played.scenario.definition.map)  # the board the scenario is played on
    gm.name = "my own copy of the Metz map"
    unit = next(u for u in sc.definition.units if u.side == "us")
    counters = tables_pb2.TableSet(tables=[tables_pb2.Table(id="pattons-3rd-army/counters", cells=[
        tables_pb2.TableCell(row=unit.id, column="movement", value="7")])])
    resp = create(server, ruleset="pattons-3rd-army", scenario_id="pattons-3rd-army/metz", map=gm, counters=counters)
    tok = {t.side: t.token for t in resp.tokens}
    st = server.stub.GetState(service_pb2.GetStateRequest(game_id=resp.game_id), metadata=auth(tok["us"])).state
    assert st.scenario.definition.map.name == "my own copy of the Metz map"
    got = next(u for u in st.scenario.definition.units if u.id == unit.id)
    assert got.faces[0].movement == 7
    bad = map_pb2.GameMap()
    bad.CopyFrom(gm)
    bad.hex.hexsides.add(a="0101", b="0909", features=["river"])  # not neighbours: the map is checked (check-map)
    with pytest.raises(grpc.RpcError) as e:
        create(server, ruleset="pattons-3rd-army", scenario_id="pattons-3rd-army/metz", map=bad)
    assert e.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert (e.value.details() or "").startswith("map: ")
