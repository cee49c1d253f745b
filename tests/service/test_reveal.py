"""RevealSeed (SYNTHETIC toy ruleset): requests are never lost, and a reveal
before the end ends the game's secrecy visibly: every later roll is marked
open, so no client can believe a predictable roll is secret."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator.core import dice as dice_mod
from adjudicator.service.cache import GameCache
from adjudicator.service.games import GameManager
from adjudicator.store.store import GameStore
from cli.main import app
from exporters.canonical import write_message
from tests.service.conftest import ServerThread, auth
from tests.service.test_service_generic import create, move
from tests.support.databases import database_url
from umpire.v1 import action_pb2, service_pb2


def _submit(server: ServerThread, gid: str, token: str, action: action_pb2.Action,
            version: int) -> service_pb2.SubmitActionResponse:
    return server.stub.SubmitAction(service_pb2.SubmitActionRequest(game_id=gid, action=action,
                                                                    expected_version=version), metadata=auth(token))


def test_a_mid_game_reveal_marks_every_later_roll_open(server: ServerThread, tmp_path: Path) -> None:
    gid, tok = create(server)
    v = _submit(server, gid, tok["red"], move("r1", "T1"), 0).version
    v = _submit(server, gid, tok["red"], move("r1", "T2"), v).version
    before = server.stub.GetState(service_pb2.GetStateRequest(game_id=gid), metadata=auth(tok["red"])).state
    assert not before.dice_open and not before.seed
    server.stub.RevealSeed(service_pb2.RevealSeedRequest(game_id=gid), metadata=auth(tok["red"]))
    r = server.stub.RevealSeed(service_pb2.RevealSeedRequest(game_id=gid), metadata=auth(tok["blue"]))
    assert r.seed and r.HasField("revealed_at_version") and r.revealed_at_version == 2
    st = server.stub.GetState(service_pb2.GetStateRequest(game_id=gid), metadata=auth(tok["blue"])).state
    assert st.dice_open and st.seed == r.seed
    # Play goes on, but the attack's die is visibly predictable: anyone can compute it now.
    v = _submit(server, gid, tok["red"], move("r1", "T3"), v).version
    attack = action_pb2.Action(attack=action_pb2.Attack(target="T4", attackers=["r1"]))
    resp = _submit(server, gid, tok["red"], attack, v)
    assert [d.open for d in resp.dice] == [True]
    seed = bytes.fromhex(r.seed)
    d = resp.dice[0]
    assert d.value == dice_mod.roll_value(seed, gid, d.index, d.purpose, d.sides)
    record = server.stub.ExportGame(service_pb2.ExportGameRequest(game_id=gid), metadata=auth(tok["red"])).record
    assert [x.open for x in record.final.dice_log] == [False, True]  # the creation roll was secret
    assert record.final.dice_open
    assert dice_mod.verify_rolls(seed, gid, list(record.final.dice_log)) == []
    path = tmp_path / "record.json"
    write_message(path, record)
    out = CliRunner().invoke(app, ["verify-dice", str(path)])
    assert out.exit_code == 0, out.output
    assert "1 of the rolls were thrown after the seed was revealed" in out.output


def test_a_seed_revealed_meanwhile_makes_the_submit_throw_open_dice(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'race.sqlite'}"
    store, other = GameStore(url), GameStore(url)
    try:
        here = GameManager(store, GameCache())
        gid = here.create("toy-line", scenario_id="toy-line/basic").game_id
        g = here.live(gid)  # cached: seed secret
        for side in ("red", "blue"):  # another server process grants the reveal
            other.request_reveal(gid, side, ["red", "blue"])
        assert not g.stored.seed_revealed
        applied = here.submit(g, "red", move("r1", "T1"), 0)  # refused by the store, thrown again
        assert applied.version == 1 and here.live(gid).stored.seed_revealed
        for a in (move("r1", "T2"), move("r1", "T3")):
            g = here.live(gid)
            here.submit(g, "red", a, g.state.version)
        g = here.live(gid)
        attack = action_pb2.Action(attack=action_pb2.Attack(target="T4", attackers=["r1"]))
        applied = here.submit(g, "red", attack, g.state.version)
        assert [r.open for r in applied.dice] == [True]
    finally:
        store.close()
        other.close()


@pytest.fixture(params=["sqlite", "postgres"])
def url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    with database_url(request.param, tmp_path, "reveal.sqlite") as u:
        yield u


def test_both_sides_asking_at_once_always_reveal(url: str) -> None:
    """One server: the two RevealSeed calls of each game arrive together."""
    server = ServerThread(url)
    try:
        secret = 0
        for _ in range(12):
            gid, tok = create(server)
            barrier = threading.Barrier(2)

            def ask(token: str) -> None:
                barrier.wait()
                server.stub.RevealSeed(service_pb2.RevealSeedRequest(game_id=gid), metadata=auth(token))

            threads = [threading.Thread(target=ask, args=(tok[s],)) for s in ("red", "blue")]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            st = server.stub.GetState(service_pb2.GetStateRequest(game_id=gid), metadata=auth(tok["red"])).state
            secret += not st.seed
        assert secret == 0
    finally:
        server.stop()
