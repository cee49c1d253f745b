"""What a new user trips over in the CLI's verdicts, messages and exit codes
(issue 13, "CLI verdicts and exit codes"), through typer's runner on the real
rulesets."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from cli.main import app

runner = CliRunner()


# -- scenario ids: `umpire new normandy`
def test_new_with_a_bare_scenario_name_suggests_the_full_id(tmp_path: Path) -> None:
    r = runner.invoke(app, ["new", "normandy", "-o", str(tmp_path / "s.json")])
    assert r.exit_code == 2
    assert "did you mean major-battles/normandy?" in r.output
    assert not (tmp_path / "s.json").exists()


def test_new_suggests_close_matches_for_a_mistyped_ruleset_prefix(tmp_path: Path) -> None:
    r = runner.invoke(app, ["new", "nordwind/historical", "-o", str(tmp_path / "s.json")])
    assert r.exit_code == 2 and "did you mean nordwind-1945/historical?" in r.output


def test_new_with_ruleset_and_bare_scenario_name_creates_the_game(tmp_path: Path) -> None:
    r = runner.invoke(app, ["new", "normandy", "--ruleset", "major-battles", "-o", str(tmp_path / "s.json")])
    assert r.exit_code == 0, r.output
    assert "major-battles/normandy" in r.output
