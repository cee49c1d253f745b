"""Every registered ruleset in the studio's Game tab, with no studio code of its
own: a game of each shipped scenario opens, is drawn on its own map (hexes or
towns), answers reach and verdicts, and shows each side's view as the one
door (core/disclosure.py) gives it. A ruleset added later (Patton's 3rd Army,
Lucky Forward) is checked here the day it is registered."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest

from adjudicator.core import disclosure, engine
from adjudicator.core.dice import HmacDice
from adjudicator.core.position import Position
from adjudicator.core.ruleset import get_ruleset, register, ruleset_ids
from exporters.canonical import write_message
from tests.studio.conftest import start
from umpire.v1 import state_pb2

register("toy-line", "tests.support.synthetic_ruleset:RULESET")


def _game(rid: str) -> state_pb2.GameState:
    rs = get_ruleset(rid)
    sc = rs.load_scenario(rs.scenario_ids()[0])
    st, _ = engine.new_game(rs, sc, game_id="studio-test", options={}, tables=None,
                            dice=HmacDice(b"studio-rulesets-test", "studio-test", 0, 0))
    return st


@pytest.mark.parametrize("rid", ruleset_ids())
def test_every_ruleset_plays_in_the_game_tab(rid: str, tmp_path: Path) -> None:
    st = _game(rid)
    project = tmp_path / "project"
    (project / "games").mkdir(parents=True)
    write_message(project / "games" / "game.json", st)
    run = start(project, None, rid)
    try:
        api = run.url + "api/"
        view = httpx.post(api + "game/open", json={"file": "games/game.json"}, timeout=60).json()
        assert view["ruleset"] == rid and view["version"] == st.version, view
        board = httpx.get(api + "game/board", timeout=60).json()
        assert board["kind"] == st.scenario.definition.map.WhichOneof("layout")
        cells = set(board["labels"])
        assert len(board["centre"]) == len(cells) > 0
        on_map = [u for u in view["units"] if u["status"] == "ON_MAP"]
        assert all(u["location"] in cells for u in on_map), [u["location"] for u in on_map if u["location"] not in cells]
        for u in on_map[:3]:
            r = httpx.post(api + "game/reach", json={"unit": u["id"]}, timeout=60)
            if r.status_code == 200:
                assert {x["location"] for x in r.json()["reachable"]} <= cells
            else:  # data the rules need: one line naming it, never a traceback
                assert r.status_code in (400, 422) and "Traceback" not in r.text, r.text
        for la in view["legal_actions"][:5]:
            if la["example"]:
                v = httpx.post(api + "game/validate", json={"action": la["example"]}, timeout=60)
                assert v.status_code in (200, 422), v.text
                if v.status_code == 200:
                    assert "LEGAL" in v.json()["html"]
        pos = Position(st)
        for side in view["sides"]:
            seen = httpx.post(api + "game/viewer", json={"side": side}, timeout=60).json()
            assert seen["viewer"] == side
            want = disclosure.state_for(pos, side)
            assert [(u["id"], u["location"], u["name"]) for u in seen["units"]] == [
                (u.unit_id, u.location, next((d.name or d.id for d in want.scenario.definition.units
                                              if d.id == u.unit_id), u.unit_id)) for u in want.units]
        back = httpx.post(api + "game/viewer", json={"side": ""}, timeout=60).json()
        assert back["viewer"] == ""
    finally:
        run.stop()


def test_a_side_sees_what_its_client_receives(tmp_path: Path) -> None:
    """toy-line hides the name of unit r1 from the other side (SYNTHETIC)."""
    st = _game("toy-line")
    project = tmp_path / "project"
    (project / "games").mkdir(parents=True)
    write_message(project / "games" / "toy.json", st)
    run = start(project, None, "toy-line")
    try:
        api = run.url + "api/"
        whole = httpx.post(api + "game/open", json={"file": "games/toy.json"}).json()
        assert {u["id"]: u["label"] for u in whole["units"]}["r1"] == "Red One"
        blue = httpx.post(api + "game/viewer", json={"side": "blue"}).json()
        assert {u["id"]: u["label"] for u in blue["units"]}["r1"] == "r1"  # its name is red's secret
        red = httpx.post(api + "game/viewer", json={"side": "red"}).json()
        assert {u["id"]: u["label"] for u in red["units"]}["r1"] == "Red One"
        bad = httpx.post(api + "game/viewer", json={"side": "green"})
        assert bad.status_code == 400 and "unknown side 'green'" in bad.json()["error"]
    finally:
        run.stop()
