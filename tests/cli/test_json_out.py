"""`--json` (docs/cli-json.md): each output parses back into the service's
message for the same question; `umpire legal` offline through the per-side
disclosure layer; `--version`; typer's shell completion. Typer's runner; the
SYNTHETIC toy ruleset for the mechanics, Normandy for the roads of a
point-to-point board."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from google.protobuf import json_format
from typer.testing import CliRunner

from adjudicator.core.ruleset import get_ruleset, register, state_of
from cli.main import app
from importers.canonical import read_message
from umpire.v1 import service_pb2, state_pb2

register("toy-line", "tests.support.synthetic_ruleset:RULESET")
runner = CliRunner()


def new_state(tmp_path: Path, scenario: str = "toy-line/basic") -> Path:
    out = tmp_path / "s.json"
    r = runner.invoke(app, ["new", scenario, "--out", str(out), "--seed", "01" * 32])
    assert r.exit_code == 0, r.output
    return out


def parse(text: str, message: Any) -> Any:
    return json_format.Parse(text, message)


def test_rulesets_json_is_a_list_rulesets_response(tmp_path: Path) -> None:
    r = runner.invoke(app, ["rulesets", "--json"])
    assert r.exit_code == 0
    resp = parse(r.stdout, service_pb2.ListRulesetsResponse())
    ids = [x.id for x in resp.rulesets]
    assert {"major-battles", "nordwind-1945", "toy-line"} <= set(ids)
    nw = next(x for x in resp.rulesets if x.id == "nordwind-1945")
    assert "nordwind-1945/historical" in nw.scenarios and nw.options


def test_show_json_is_the_state_view_of_the_side(tmp_path: Path) -> None:
    p = new_state(tmp_path)
    r = runner.invoke(app, ["show", str(p), "--json"])
    full = parse(r.stdout, service_pb2.GetStateResponse()).state
    assert full == read_message(p, state_pb2.GameState())
    r = runner.invoke(app, ["show", str(p), "--side", "blue", "--json"])
    view = parse(r.stdout, service_pb2.GetStateResponse()).state
    assert view.viewer == "blue" and [d.side for d in view.private_data] == ["blue"]  # red's plan is red's


def test_adjudicate_json_is_a_submit_action_response(tmp_path: Path) -> None:
    p = new_state(tmp_path)
    out = tmp_path / "after.json"
    r = runner.invoke(app, ["adjudicate", str(p), "--side", "red", "--action-text",
                            'move { unit_ids: "r1" path: "T1" }', "--json", "-o", str(out)])
    assert r.exit_code == 0, r.output
    resp = parse(r.stdout, service_pb2.SubmitActionResponse())
    assert resp.verdict.legal and resp.version == 1 and resp.events
    assert read_message(out, state_pb2.GameState()).version == 1
    r = runner.invoke(app, ["adjudicate", str(p), "--side", "red", "--action-text",
                            'move { unit_ids: "r1" path: "T3" }', "--json"])
    assert r.exit_code == 1
    bad = parse(r.stdout, service_pb2.SubmitActionResponse())
    assert not bad.verdict.legal and bad.verdict.violations and not bad.events


def test_legal_json_is_a_query_response_computed_on_the_sides_view(tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    p = new_state(tmp_path)
    rs = get_ruleset("toy-line")
    seen: list[str] = []
    real = rs.legal_actions

    def spy(state: Any, side: str) -> Any:
        seen.append(state_of(state).viewer)
        return real(state, side)

    monkeypatch.setattr(rs, "legal_actions", spy)
    r = runner.invoke(app, ["legal", str(p), "--side", "blue", "--json"])
    assert r.exit_code == 0, r.output
    resp = parse(r.stdout, service_pb2.QueryResponse())
    assert resp.legal_actions and all(la.kind for la in resp.legal_actions)
    assert seen and set(seen) == {"blue"}  # asked of blue's view only (core/disclosure.py)
    plan = next(d.values["plan"] for d in read_message(p, state_pb2.GameState()).private_data if d.side == "red")
    assert f'"plan": "{plan}"' not in r.stdout


def test_legal_text_lists_submittable_examples_and_refuses_an_unknown_side(tmp_path: Path) -> None:
    p = new_state(tmp_path)
    r = runner.invoke(app, ["legal", str(p)])
    assert r.exit_code == 0 and re.search(r"^\S+ \(version 0\):$", r.stdout, re.M), r.stdout
    r = runner.invoke(app, ["legal", str(p), "--side", "green"])
    assert r.exit_code == 2 and "unknown side 'green'" in r.output


def test_show_lists_which_places_connect_on_a_point_to_point_board(tmp_path: Path) -> None:
    p = new_state(tmp_path, "major-battles/normandy")
    r = runner.invoke(app, ["show", str(p)])
    assert r.exit_code == 0
    line = next(x for x in r.stdout.splitlines() if x.strip().startswith("lessay"))
    assert "periers (solid)" in line and "coutances (solid)" in line  # the board's roads from Lessay


def test_version_prints_the_package_version() -> None:
    from importlib.metadata import version

    r = runner.invoke(app, ["--version"])
    assert r.exit_code == 0 and r.stdout.strip() == f"umpire {version('umpire')}"


def test_show_completion_prints_typers_completion_script() -> None:
    r = runner.invoke(app, ["--show-completion", "bash"], prog_name="umpire")
    assert r.exit_code == 0
    assert "_UMPIRE_COMPLETE=complete_bash" in r.stdout and "complete " in r.stdout
