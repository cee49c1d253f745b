"""`umpire client create --map --counters --position` sends the files `umpire
new` reads (CreateGameRequest.map / counters / position): the server's game
starts from the position, on the map given."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator.core import dice as dice_mod
from adjudicator.core import engine
from adjudicator.core.mapfile import map_to_toml
from adjudicator.core.ruleset import get_ruleset
from cli.main import app
from tests.service.conftest import ServerThread, auth
from umpire.v1 import service_pb2

runner = CliRunner()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerThread]:
    s = ServerThread(f"sqlite:///{tmp_path / 'c.sqlite'}")
    try:
        yield s
    finally:
        s.stop()


def test_client_create_sends_map_counters_and_position(server: ServerThread, tmp_path: Path) -> None:
    rs = get_ruleset("nordwind-1945")
    st, _ = engine.new_game(rs, rs.load_scenario("nordwind-1945/historical"), game_id="g", options={}, tables=None,
                            dice=dice_mod.HmacDice(b"\x02" * 32, "g", 0, 0))
    gm = st.scenario.definition.map
    gm.name = "our photocopied map"
    (tmp_path / "map.toml").write_text(map_to_toml(gm), encoding="utf-8")
    (tmp_path / "counters.textproto").write_text(
        'tables { id: "nordwind-1945/counters" cells { row: "GTL/2" column: "quality" value: "3" } }\n')
    (tmp_path / "pos.toml").write_text('turn = 4\nphase = "allied-combat"\n[units]\n"GTL/2" = "0405"\n')
    r = runner.invoke(app, ["client", "create", "--ruleset", "nordwind-1945", "--scenario", "nordwind-1945/historical",
                            "--map", str(tmp_path / "map.toml"), "--counters", str(tmp_path / "counters.textproto"),
                            "--position", str(tmp_path / "pos.toml"), "--server", server.address])
    assert r.exit_code == 0, r.output
    gid = re.search(r"game (\w+)", r.output).group(1)  # type: ignore[union-attr]
    token = dict(re.findall(r"^\s+(german|allied): (\S+)$", r.output, re.M))["allied"]
    s = server.stub.GetState(service_pb2.GetStateRequest(game_id=gid), metadata=auth(token)).state
    assert (s.turn, s.phase, s.active_side) == (4, "allied-combat", "allied")
    assert next(u.location for u in s.units if u.unit_id == "GTL/2") == "0405"
    assert s.scenario.definition.map.name == "our photocopied map"
    cells = [(c.row, c.column, c.value) for t in s.scenario.definition.tables if t.id == "nordwind-1945/counters"
             for c in t.cells]
    assert ("GTL/2", "quality", "3") in cells


def test_client_create_names_the_line_of_a_bad_position(server: ServerThread, tmp_path: Path) -> None:
    (tmp_path / "pos.toml").write_text('turn = 4\nweather = "sunny"\n')
    r = runner.invoke(app, ["client", "create", "--ruleset", "nordwind-1945", "--scenario", "nordwind-1945/historical",
                            "--position", str(tmp_path / "pos.toml"), "--server", server.address])
    assert r.exit_code == 2
    assert "position:2: weather 'sunny' is not one of fair, cloudy, overcast" in r.output
