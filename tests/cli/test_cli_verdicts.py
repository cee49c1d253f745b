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


# -- wrong kind of file
def _state(tmp_path: Path) -> Path:
    p = tmp_path / "state.json"
    r = runner.invoke(app, ["new", "major-battles/normandy", "-o", str(p), "--seed", "01" * 32])
    assert r.exit_code == 0, r.output
    return p


def test_verify_dice_given_a_state_says_it_is_a_state_not_a_record(tmp_path: Path) -> None:
    r = runner.invoke(app, ["verify-dice", str(_state(tmp_path))])
    assert r.exit_code == 2
    assert "this file is a game state" in r.output and "expected a game record" in r.output
    assert "has no field named" not in r.output


def test_convert_a_state_to_a_module_says_which_kinds_it_reads(tmp_path: Path) -> None:
    r = runner.invoke(app, ["convert", str(_state(tmp_path)), str(tmp_path / "x.vmod")])
    assert r.exit_code == 2
    assert "this file is a game state" in r.output
    assert "expected a scenario [umpire.v1.Scenario] or a game definition" in r.output
    assert not (tmp_path / "x.vmod").exists()


def test_every_command_reading_a_proto_file_names_the_kind_given(tmp_path: Path) -> None:
    state = _state(tmp_path)
    action = tmp_path / "a.textproto"
    action.write_text('side: "us" end_phase {}')
    tables = tmp_path / "t.json"
    tables.write_text('{"tables": [{"id": "x"}]}')
    cases = [
        (["adjudicate", str(action), "--action-text", "end_phase {}"], "an action", "a game state"),
        (["adjudicate", str(state), str(state)], "a game state", "an action"),
        (["show", str(action)], "an action", "a game state"),
        (["new", str(state), "-o", str(tmp_path / "n.json")], "a game state", "a scenario"),
        (["adjudicate", str(state), "--action-text", "end_phase {}", "--tables", str(action)], "an action",
         "a table file"),
        (["new", "major-battles/normandy", "-o", str(tmp_path / "n.json"), "--tables", str(state)], "a game state",
         "a table file"),
    ]
    for args, given, expected in cases:
        r = runner.invoke(app, args)
        assert r.exit_code == 2, (args, r.output)
        assert f"this file is {given}" in r.output and f"expected {expected}" in r.output, (args, r.output)
