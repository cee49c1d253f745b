"""`umpire reach` and `umpire check-map` (offline, through typer's runner)."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from cli.main import app
from exporters.canonical import write_message
from tests.rules.nordwind.examples import U, combat_example_one, infiltration_example, movement_example, new_state

runner = CliRunner()
MAP = Path(__file__).resolve().parents[2] / "adjudicator" / "rules" / "nordwind" / "data" / "map-illustrative.toml"


def _write(tmp_path: Path, state, name: str = "s.json") -> Path:  # type: ignore[no-untyped-def]
    p = tmp_path / name
    write_message(p, state)
    return p


def test_reach_prints_every_end_hex_with_its_cost(tmp_path: Path) -> None:
    p = _write(tmp_path, new_state(movement_example(), phase="allied-movement"), "s.textproto")
    r = runner.invoke(app, ["reach", str(p), "CCA/12"])
    assert r.exit_code == 0, r.output
    lines = {ln.split()[0]: ln for ln in r.output.splitlines()[1:] if "MP" in ln}
    assert "1.5 MP" in lines["1008"] and "4.5 MP" in lines["1510"]  # the 3.2 example's costs
    assert "0807" not in lines  # the enemy's hex


def test_reach_json_and_the_infiltrator_passes_zoc(tmp_path: Path) -> None:
    p = _write(tmp_path, new_state(infiltration_example(), phase="german-movement"))
    r = runner.invoke(app, ["reach", str(p), "12/6.SS", "--json"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    costs = {x["location"]: x["cost"] for x in data["reachable"]}
    path = {x["location"]: x["path"] for x in data["reachable"]}
    assert costs["1308"] == 2.0  # from ZoC to ZoC: +1 to leave 1207, 1 for clear (4.4)
    assert costs["1408"] <= 7.0 and path["1408"][-1] == "1408"  # the example's path costs 7; reach finds the least


def test_reach_names_the_missing_cell_and_takes_it_with_cell(tmp_path: Path) -> None:
    cast = [U("G", "german", "1005"), U("A", "allied", "1107")]  # a lone Allied unit of unknown strength nearby
    p = _write(tmp_path, new_state(cast, phase="german-movement"))
    r = runner.invoke(app, ["reach", str(p), "G"])
    assert r.exit_code == 3  # more input needed (cli/errors.py)
    assert "Counter values (nordwind-1945/counters) column 'strength' row 'A'" in r.output
    assert "--cell nordwind-1945/counters:strength:A=VALUE where VALUE is a whole number" in r.output
    ok = runner.invoke(app, ["reach", str(p), "G", "--cell", "nordwind-1945/counters:strength:A=1"])
    assert ok.exit_code == 0, ok.output
    assert "1106" in ok.output  # strength 1 alone: no ZoC beyond its hex (4.1)


def test_reach_bad_input_is_one_line_exit_2(tmp_path: Path) -> None:
    p = _write(tmp_path, new_state(combat_example_one(), phase="german-movement"))
    r = runner.invoke(app, ["reach", str(p), "nobody"])
    assert r.exit_code == 2 and "no unit 'nobody'" in r.output and "Traceback" not in r.output
    missing = runner.invoke(app, ["reach", str(tmp_path / "none.json"), "G"])
    assert missing.exit_code == 2 and "no such file" in missing.output
    bad = tmp_path / "bad.json"
    bad.write_text("{ nope")
    assert runner.invoke(app, ["reach", str(bad), "G"]).exit_code == 2


def test_check_map(tmp_path: Path) -> None:
    r = runner.invoke(app, ["check-map", str(MAP)])
    assert r.exit_code == 0, r.output
    assert "375 hexes" in r.output and "rhine 2" in r.output and "ILLUSTRATIVE" in r.output
    assert "banks of the rhine: allied 2 hexes, german 1 hex" in r.output
    broken = tmp_path / "m.toml"
    broken.write_text('default_terrain = "clear"\n[grid]\ncolumns = 3\nrows = 3\n[grid.numbering]\n'
                      'column_leading = 1\nrow_leading = 1\ncolumn_offset = 1\nrow_offset = 1\n[hexsides]\nriver = ["0101/0303"]\n')
    bad = runner.invoke(app, ["check-map", str(broken)])
    assert bad.exit_code == 2 and "not adjacent" in bad.output and str(broken) in bad.output


ATTACK = ('side: "german" attack { target: "1006" attackers: "21Pz-1" attackers: "21Pz-2" attackers: "21Pz-3" '
          'attackers: "653sPJ" supports: "VolksW" }')


def test_adjudicate_prints_a_nordwind_attack_with_citations_odds_and_probabilities(tmp_path: Path) -> None:
    p = _write(tmp_path, new_state(combat_example_one(), phase="german-combat"))
    r = runner.invoke(app, ["adjudicate", str(p), "--action-text", ATTACK])
    assert r.exit_code == 3, r.output  # legal, the outcome needs the thrown dice
    out = r.output
    assert "NEEDS DICE" in out and "LEGAL" not in out and "odds column 2/1" in out and "strength 12 : 6" in out
    assert "shift +2 division" in out and "[Nordwind 6.2]" in out and "[Nordwind 6.4]" in out
    assert "-/R2" in out and "3.7%" in out  # 8 of 216: quality net +1 then die 4 on 7/1
    assert "unknown: Combat Results Table 7/1 row 3" in out and "unknown: Quality Table B row 6" in out
    assert "needs Combat Results Table" in out and "--cell" in out


def test_adjudicate_resolves_with_rolls_and_asks_for_an_unknown_cell(tmp_path: Path) -> None:
    p = _write(tmp_path, new_state(combat_example_one(), phase="german-combat"))
    r = runner.invoke(app, ["adjudicate", str(p), "--action-text", ATTACK, "--roll", "5", "--roll", "3", "--roll", "4"])
    assert r.exit_code == 3  # no air mission here: +6 -> 8/1, die 4 is not in the text
    assert "NEEDS DATA" in r.output and "LEGAL" not in r.output
    assert "Combat Results Table: column '8/1', row '4'" in r.output
    assert "--cell nordwind-1945/crt:8/1:4=VALUE" in r.output
    out = tmp_path / "after.json"
    ok = runner.invoke(app, ["adjudicate", str(p), "--action-text", ATTACK, "--roll", "5", "--roll", "3", "--roll",
                             "4", "--cell", "nordwind-1945/crt:8/1:4=-/R2", "--out", str(out)])  # SYNTHETIC value
    assert ok.exit_code == 0, ok.output
    assert "BATTLE_RESOLVED" in ok.output and "now waiting for allied" in ok.output
