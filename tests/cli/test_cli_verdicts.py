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


# -- needed data: the exact copyable --cell and the accepted values, for every table
import shlex  # noqa: E402

import pytest  # noqa: E402
from google.protobuf import json_format, text_format  # noqa: E402

from adjudicator.core import dice as dice_mod  # noqa: E402
from adjudicator.core import disclosure, engine  # noqa: E402
from adjudicator.core.errors import NeedsData  # noqa: E402
from adjudicator.core.position import Position  # noqa: E402
from adjudicator.core.ruleset import load_all  # noqa: E402
from adjudicator.core.tables import TableView, layout_unknown  # noqa: E402
from exporters.canonical import write_message  # noqa: E402
from umpire.v1 import service_pb2  # noqa: E402

# SYNTHETIC values of the right syntax, per table, for cells whose accepted values are not a closed list.
SYNTHETIC = {"nordwind-1945/crt": "-/R2", "nordwind-1945/quality": "+1", "nordwind-1945/terrain": "2",
             "nordwind-1945/objectives": "0101", "nordwind-1945/counters": "2", "traces-of-victory/crt": "2RR",
             "traces-of-victory/terrain": "1", "traces-of-victory/weather": "light-overcast",
             "traces-of-victory/turn-track": "3", "pattons-3rd-army/terrain": "2", "pattons-3rd-army/weather": "clear",
             "major-battles/movement-deck": "6", "lucky-forward/counters": "3"}


def _games() -> list[tuple[str, str]]:
    ok, _ = load_all()
    return [(rs.id, sid) for rs in ok for sid in rs.scenario_ids()]


def _example(state: object, sides: list[str]) -> str:
    pos = Position(state)  # type: ignore[arg-type]
    for side in sides:
        for la in disclosure.legal_actions_for(pos, side):
            if la.HasField("example"):
                a = la.example
                a.side = a.side or side
                return text_format.MessageToString(a, as_one_line=True)
    raise AssertionError("no legal action with an example to carry the --cell")


@pytest.mark.parametrize("rid,scenario_id", _games())
def test_every_needed_cell_message_prints_a_cell_option_the_cli_accepts(tmp_path: Path, rid: str,
                                                                       scenario_id: str) -> None:
    ok, _ = load_all()
    rs = next(r for r in ok if r.id == rid)
    state, _ = engine.new_game(rs, rs.load_scenario(scenario_id), game_id="t", options={}, tables=None,
                               dice=dice_mod.HmacDice(b"\x01" * 32, "t", 0, 0))
    path = tmp_path / "s.json"
    write_message(path, state)
    action = _example(state, [state.active_side] + engine.side_ids(state))
    pos = Position(state)
    checked = 0
    for t in state.scenario.definition.tables:
        if layout_unknown(t):
            continue  # no columns or rows to name: the message asks for the whole table (docs/tables.md)
        tv = TableView(t)
        per_column: dict[str, tuple[str, str]] = {}
        for row, column in tv.unknown_cells():
            per_column.setdefault(column, (row, column))
        for row, column in per_column.values():
            err = NeedsData([tv.needed(row, column)])
            engine.explain(pos, err.cells)
            line = err.one_line()
            assert t.id in line and "--cell" in line and "where VALUE is" in line, line
            spec = shlex.split(line.split("--cell ", 1)[1].split(" where VALUE is")[0])[0]
            assert spec == f"{t.id}:{column}:{row}=VALUE", line
            accepted = err.cells[0].accepted
            value = accepted.removeprefix("one of ").split(", ")[0] if accepted.startswith("one of ") \
                else SYNTHETIC[t.id]
            r = runner.invoke(app, ["adjudicate", str(path), "--action-text", action,
                                    "--cell", spec.replace("=VALUE", f"={value}")])
            assert r.exit_code != 2, (t.id, column, row, value, r.output)
            checked += 1
    assert checked or not any(TableView(t).unknown_cells() for t in state.scenario.definition.tables)


def test_a_counter_value_message_names_the_table_id_and_the_accepted_sizes(tmp_path: Path) -> None:
    ok, _ = load_all()
    rs = next(r for r in ok if r.id == "nordwind-1945")
    state, _ = engine.new_game(rs, rs.load_scenario("nordwind-1945/historical"), game_id="t", options={},
                               tables=None, dice=dice_mod.HmacDice(b"\x01" * 32, "t", 0, 0))
    from adjudicator.rules.nordwind.units import Counters

    err = NeedsData([Counters(state).needed("653sPJ", "size")])
    engine.explain(Position(state), err.cells)
    line = err.one_line()
    assert "Counter values (nordwind-1945/counters) column 'size' row '653sPJ' is unknown" in line
    assert "--cell nordwind-1945/counters:size:653sPJ=VALUE where VALUE is one of II, III, X" in line


def test_a_table_title_given_to_cell_says_to_give_its_id(tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    assert runner.invoke(app, ["new", "nordwind-1945/historical", "-o", str(path), "--seed", "01" * 32]).exit_code == 0
    r = runner.invoke(app, ["adjudicate", str(path), "--action-text", 'side: "german" end_phase {}',
                            "--cell", "Counter values:size:653sPJ=III"])
    assert r.exit_code == 2
    assert "'Counter values' is the title of table nordwind-1945/counters; give its id" in r.output


# -- exit codes a script can trust: 0 legal (applied), 1 illegal, 2 bad input, 3 more input needed
from tests.rules.nordwind.examples import combat_example_one, new_state  # noqa: E402

ATTACK = ('side: "german" attack { target: "1006" attackers: "21Pz-1" attackers: "21Pz-2" attackers: "21Pz-3" '
          'attackers: "653sPJ" supports: "VolksW" }')


def _combat(tmp_path: Path) -> Path:
    p = tmp_path / "combat.json"
    write_message(p, new_state(combat_example_one(), phase="german-combat"))
    return p


def test_adjudicate_missing_dice_exits_3_says_not_applied_and_writes_nothing(tmp_path: Path) -> None:
    out = tmp_path / "after.json"
    r = runner.invoke(app, ["adjudicate", str(_combat(tmp_path)), "--action-text", ATTACK, "-o", str(out)])
    assert r.exit_code == 3, r.output
    assert "NEEDS DICE" in r.output and "not applied" in r.output and "LEGAL" not in r.output
    assert f"nothing written to {out}" in r.output and not out.exists()


def test_adjudicate_outcome_on_an_unknown_cell_exits_3_not_legal_and_writes_nothing(tmp_path: Path) -> None:
    out = tmp_path / "after.json"
    r = runner.invoke(app, ["adjudicate", str(_combat(tmp_path)), "--action-text", ATTACK,
                            "--roll", "5", "--roll", "3", "--roll", "4", "-o", str(out)])  # 8/1, die 4: unknown
    assert r.exit_code == 3, r.output
    assert "NEEDS DATA" in r.output and "LEGAL" not in r.output and not out.exists()
    assert "needed now: Combat Results Table (nordwind-1945/crt) column '8/1' row '4' is unknown" in r.output
    assert "--cell nordwind-1945/crt:8/1:4=VALUE where VALUE is a result as printed" in r.output


def test_adjudicate_legal_and_applied_exits_0_and_writes(tmp_path: Path) -> None:
    out = tmp_path / "after.json"
    r = runner.invoke(app, ["adjudicate", str(_combat(tmp_path)), "--action-text", ATTACK, "--roll", "5", "--roll",
                            "3", "--roll", "4", "--cell", "nordwind-1945/crt:8/1:4=-/R2", "-o", str(out)])  # SYNTHETIC
    assert r.exit_code == 0, r.output
    assert r.output.startswith("LEGAL") and out.exists()


def test_reach_that_needs_a_counter_value_exits_3(tmp_path: Path) -> None:
    from tests.rules.nordwind.examples import U

    p = tmp_path / "s.json"
    write_message(p, new_state([U("G", "german", "1005"), U("A", "allied", "1107")], phase="german-movement"))
    r = runner.invoke(app, ["reach", str(p), "G"])
    assert r.exit_code == 3 and "--cell nordwind-1945/counters:strength:A=VALUE" in r.output


def test_report_of_a_legal_action_whose_outcome_may_need_cells_exits_3(tmp_path: Path) -> None:
    out = tmp_path / "dispute.html"
    r = runner.invoke(app, ["report", str(_combat(tmp_path)), "--action-text", ATTACK, "-o", str(out)])
    assert r.exit_code == 3, r.output
    assert "LEGAL" in r.output and "may need" in r.output and out.exists()


def test_adjudicate_json_exits_3_when_dice_or_data_are_missing_like_the_text(tmp_path: Path) -> None:
    """--json keeps the text output's exit codes: a legal action that could not be
    applied (no dice given, or its outcome on an unknown cell) is exit 3, with no
    version or events in the response and no file written."""
    out = tmp_path / "after.json"
    r = runner.invoke(app, ["adjudicate", str(_combat(tmp_path)), "--action-text", ATTACK, "--json", "-o", str(out)])
    assert r.exit_code == 3, r.output
    resp = json_format.Parse(r.stdout, service_pb2.SubmitActionResponse())
    assert resp.verdict.legal and not resp.events and resp.version == 0 and not out.exists()
    r = runner.invoke(app, ["adjudicate", str(_combat(tmp_path)), "--action-text", ATTACK, "--json",
                            "--roll", "5", "--roll", "3", "--roll", "4", "-o", str(out)])  # 8/1, die 4: unknown
    assert r.exit_code == 3, r.output
    resp = json_format.Parse(r.stdout, service_pb2.SubmitActionResponse())
    assert ("nordwind-1945/crt", "8/1", "4") in {(c.table_id, c.column, c.row) for c in resp.verdict.needs}
    assert not resp.events and not out.exists()
