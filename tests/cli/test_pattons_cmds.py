"""`umpire adjudicate` on Patton's 3rd Army: an attack on an untried unit prints
the distribution of odds columns and results over the chits it may draw, with
the rule cases (ILLUSTRATIVE counters, SYNTHETIC tables)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from typer.testing import CliRunner

from cli.main import app
from exporters.canonical import write_message
from importers.canonical import read_message
from tests.rules.pattons.helpers import at, give_chit
from umpire.v1 import state_pb2

runner = CliRunner()
ATTACK = 'side: "us" attack { target: "1123" attackers: "137/35/12" }'


def _state(tmp_path: Path) -> Path:
    st = at({"137/35/12": "1124", "126/48/13": "1123"})
    st.pattons.air_points["german"] = 0
    give_chit(st, "137/35/12", "2-01")
    p = tmp_path / "state.binpb"
    write_message(p, st)
    return p


def test_adjudicate_an_attack_on_an_untried_unit_prints_the_odds_distribution_with_citations(tmp_path: Path) -> None:
    r = runner.invoke(app, ["adjudicate", str(_state(tmp_path)), "--action-text", ATTACK])
    assert r.exit_code == 3, r.output  # legal, but the dice are needed (not applied)
    out = r.output
    assert "NEEDS DICE" in out and "LEGAL" not in out
    assert "126/48/13 (class C, morale 1) draws from morale pool 1" in out and "[P3A 8.3.3]" in out
    assert "final odds column over the chits us cannot see:" in out and "[P3A 8.4.2]" in out
    assert "probability" in out and "%" in out  # the results table
    assert "the outcome depends on dice (chit draw: pool 1 for 126/48/13 (1-8))" in out


def test_adjudicate_with_the_draw_die_reveals_the_chit_and_waits_for_the_roll(tmp_path: Path) -> None:
    after = tmp_path / "after.binpb"
    r = runner.invoke(app, ["adjudicate", str(_state(tmp_path)), "--action-text", ATTACK, "--roll", "1",
                            "--out", str(after)])
    assert r.exit_code == 0, r.output
    assert "CHIT_DRAWN" in r.output and "COMBAT_ODDS: 6 against 3" in r.output
    s = read_message(after, state_pb2.GameState())
    assert s.pending.kind == "ROLL" and s.pattons.combat.stage == "revealed"


def test_reach_with_mode_strategic_lists_the_strategic_destinations(tmp_path: Path) -> None:
    p = tmp_path / "move.binpb"
    write_message(p, at({"CCA/4": "0117"}, phase="us-movement"))
    r = runner.invoke(app, ["reach", str(p), "CCA/4", "--mode", "strategic", "--json"])
    assert r.exit_code == 0, r.output
    got = json.loads(r.output)
    costs = {x["location"]: x["cost"] for x in got["reachable"]}
    assert got["mode"] == "strategic" and costs["0417"] == 1.5  # 5.5.2: 1/2 MP per road hex
    tactical = runner.invoke(app, ["reach", str(p), "CCA/4"])
    assert tactical.exit_code == 0 and re.search(r"^\s+0417\s+3 MP\s+via", tactical.output, re.M), tactical.output
    bad = runner.invoke(app, ["reach", str(p), "CCA/4", "--mode", "rail"])
    assert bad.exit_code != 0 and "'strategic'" in bad.output and "Traceback" not in bad.output
