"""`umpire new --position` (docs/position.md) through typer's runner: every
worked example of the doc creates its game and the action it names is
adjudicated from that position (and refused, or not offered, from the
scenario's start); a bad file is one line at its line, exit 2, nothing written."""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cli.main import app
from importers.canonical import read_message
from umpire.v1 import state_pb2

runner = CliRunner()
DOC = Path(__file__).resolve().parents[2] / "docs" / "position.md"


def examples() -> list[tuple[str, str, list[str], list[str]]]:
    """(scenario, toml, new-args, check-args) of each worked example."""
    out = []
    text = DOC.read_text(encoding="utf-8").split("## Worked examples", 1)[1]
    for block in re.findall(r"```toml\n(.*?)```", text, re.S):
        lines = block.splitlines()
        new = shlex.split(lines[0].lstrip("# "))
        check = shlex.split(lines[1].lstrip("# "))
        assert new[:2] == ["umpire", "new"] and check[0] == "umpire", lines[:2]
        out.append((new[2], block, new[1:], check[1:]))
    return out


EXAMPLES = examples()


def test_the_doc_has_a_worked_example_for_every_ruleset() -> None:
    assert sorted(sc.split("/")[0] for sc, *_ in EXAMPLES) == sorted(
        ["major-battles", "nordwind-1945", "pattons-3rd-army", "traces-of-victory", "lucky-forward"])


def _run(args: list[str], files: dict[str, Path]) -> list[str]:
    return [str(files[a]) if a in files else a for a in args]


@pytest.mark.parametrize("scenario, toml, new, check", EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_a_worked_example_round_trips_with_adjudicate(tmp_path: Path, scenario: str, toml: str, new: list[str],
                                                      check: list[str]) -> None:
    pos_name = new[new.index("--position") + 1]
    files = {pos_name: tmp_path / pos_name, "game.json": tmp_path / "game.json"}
    files[pos_name].write_text(toml, encoding="utf-8")
    r = runner.invoke(app, [*_run(new, files), "--seed", "05" * 32])
    assert r.exit_code == 0, r.output
    assert "position " in r.output
    state = read_message(files["game.json"], state_pb2.GameState())
    turn = int(re.search(r"^turn = (\d+)$", toml, re.M).group(1))  # type: ignore[union-attr]
    phase = re.search(r'^phase = "([^"]+)"$', toml, re.M).group(1)  # type: ignore[union-attr]
    assert (state.turn, state.phase) == (turn, phase)
    r = runner.invoke(app, _run(check, files))
    assert r.exit_code == 0, r.output
    if check[0] == "adjudicate":
        assert r.output.startswith("LEGAL") and "outcome:" in r.output
        # From the scenario's start the same action is not legal: the position is what made it so.
        start = tmp_path / "start.json"
        assert runner.invoke(app, ["new", scenario, "-o", str(start), "--seed", "05" * 32]).exit_code == 0
        r0 = runner.invoke(app, _run(check, {**files, "game.json": start}))
        assert r0.exit_code == 1 and r0.output.startswith("ILLEGAL"), r0.output
    else:
        assert check[0] == "legal"
        side = check[check.index("--side") + 1]
        r = runner.invoke(app, [*_run(check, files), "--json"])
        kinds = [a["kind"] for a in json.loads(r.output)["legalActions"]]
        assert kinds, r.output
        start = tmp_path / "start.json"
        assert runner.invoke(app, ["new", scenario, "-o", str(start), "--seed", "05" * 32]).exit_code == 0
        r0 = runner.invoke(app, ["legal", str(start), "--side", side, "--json"])
        assert r0.exit_code == 0
        assert json.loads(r0.output) != json.loads(r.output)


def test_a_bad_position_is_one_line_at_its_line_exit_2_and_nothing_is_written(tmp_path: Path) -> None:
    pos = tmp_path / "pos.toml"
    pos.write_text('turn = 3\nphase = "german-movement"\n\n[units]\n"157/103" = "0101"\n"GTL/99" = "0404"\n')
    out = tmp_path / "game.json"
    r = runner.invoke(app, ["new", "nordwind-1945/historical", "--position", str(pos), "-o", str(out)])
    assert r.exit_code == 2
    lines = r.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"umpire: error: {pos}:6: unknown unit 'GTL/99'"), r.output
    assert not out.exists()


def test_a_missing_position_file_is_named(tmp_path: Path) -> None:
    r = runner.invoke(app, ["new", "nordwind-1945/historical", "--position", str(tmp_path / "no.toml"),
                            "-o", str(tmp_path / "g.json")])
    assert r.exit_code == 2 and "no.toml: no such file" in r.output
