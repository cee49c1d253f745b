"""The CLI on the three shipped rulesets: what the template gives each of them
the same way (core/template.py), seen as a user sees it through typer's runner.

A value read off the printed chart (`--cell TABLE:COLUMN:ROW=VALUE`) that names
no cell of the game is one line naming the cell, exit 2, in every ruleset; a
correct one is taken and judged with.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from cli.main import app
from exporters.canonical import write_message
from tests.rules.traces.helpers import in_activation, new_game
from umpire.v1 import state_pb2

runner = CliRunner()


def _new(tmp_path: Path, scenario: str) -> Path:
    out = tmp_path / "s.json"
    r = runner.invoke(app, ["new", scenario, "--out", str(out), "--seed", "02" * 32])
    assert r.exit_code == 0, r.output
    return out


@pytest.mark.parametrize(("scenario", "action", "cell", "what"), [
    ("nordwind-1945/historical", 'side: "german" end_phase {}', "nordwind-1945/crt:9/9:1=-/R1", "no column '9/9'"),
    ("nordwind-1945/historical", 'side: "german" end_phase {}', "nordwind-1945/crt:8/1:7=-/R1", "no row '7'"),
    ("nordwind-1945/historical", 'side: "german" end_phase {}', "nordwind-1945/crt:8/1:1=Q/2", "is not 'attacker/defender'"),
    ("traces-of-victory/combined-assault", 'side: "allied" end_phase {}', "traces-of-victory/crt:11:1:3=R",
     "no column '11:1'"),
    ("traces-of-victory/combined-assault", 'side: "allied" end_phase {}', "traces-of-victory/crt:1:1:3=ZZ",
     "not a Traces of Victory CRT result"),
    ("major-battles/illustration-1", 'side: "us" end_phase {}', "major-battles/movement-deck:value:c99=3",
     "no row 'c99'"),
    ("major-battles/illustration-1", 'side: "us" end_phase {}', "major-battles/no-such:value:c01=3",
     "no table 'major-battles/no-such'"),
])
def test_a_supplied_cell_naming_no_cell_is_one_line_naming_it_exit_2(
        tmp_path: Path, scenario: str, action: str, cell: str, what: str) -> None:
    p = _new(tmp_path, scenario)
    r = runner.invoke(app, ["adjudicate", str(p), "--action-text", action, "--cell", cell])
    assert r.exit_code == 2, r.output
    err = r.stderr.strip()
    assert err.startswith("umpire: error:") and "\n" not in err and "Traceback" not in r.output
    assert cell.split("=")[0] in err and what in err, err


def test_traces_refuses_the_typo_11_1_and_judges_with_the_cell_1_1(tmp_path: Path) -> None:
    """The issue's case: 12 against 5 on Rough hex 2407 is 2:1 shifted to 1:1; the
    cell typed as column `11:1` used to be ignored while the verdict asked again
    for `1:1`. Now the typo is refused, and the right cell resolves the attack."""
    s = in_activation(new_game(), "allied", ["us-10ad-cca", "us-10ad-ccb"], segment="combat")
    p = tmp_path / "combat.json"
    write_message(p, s)
    attack = 'side: "allied" attack { target: "2407" attackers: "us-10ad-cca" attackers: "us-10ad-ccb" }'
    asked = runner.invoke(app, ["adjudicate", str(p), "--action-text", attack])
    assert asked.exit_code == 3 and "traces-of-victory/crt:1:1:2=VALUE" in asked.output, asked.output  # dice needed
    typo = runner.invoke(app, ["adjudicate", str(p), "--action-text", attack, "--cell",
                               "traces-of-victory/crt:11:1:2=R", "--roll", "2"])
    assert typo.exit_code == 2 and "traces-of-victory/crt:11:1:2" in typo.stderr and "no column '11:1'" in typo.stderr
    out = tmp_path / "after.json"
    right = runner.invoke(app, ["adjudicate", str(p), "--action-text", attack, "--cell",
                                "traces-of-victory/crt:1:1:2=R", "--roll", "2", "--out", str(out)])
    assert right.exit_code == 0, right.output
    assert "1:1:2=VALUE" not in right.output and "COMBAT_RESULT" in right.output
    from importers.canonical import read_message

    after = read_message(out, state_pb2.GameState())
    crt = next(t for t in after.scenario.definition.tables if t.id == "traces-of-victory/crt")
    assert any((c.column, c.row, c.value) == ("1:1", "2", "R") for c in crt.cells)  # remembered for the game
