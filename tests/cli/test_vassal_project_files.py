"""`--map`, `--counters`, `--tables` on `umpire convert`, `check-log` and `new`:
the files Umpire Studio writes give the command line the verdicts the studio
gives (the same completion hook, importers/vassal/completion.py).

Every file here is written by the studio's own code (studio.project.Project)
over the SYNTHETIC demo module (tests/support/studio_module.py); the Ragnarok
sample repeats the save-to-reach path on a real module.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from google.protobuf import json_format
from typer.testing import CliRunner

from adjudicator.core import engine
from cli.main import app
from importers.canonical import read_message
from studio import game
from studio.project import Project
from tests.support.studio_module import DemoFiles, demo_files, demo_project
from umpire.v1 import action_pb2, state_pb2, vassal_pb2

runner = CliRunner()
START = ["--phase", "allied-movement", "--active-side", "allied"]  # the demo log begins with Blue's moves


@pytest.fixture
def demo(tmp_path: Path) -> tuple[DemoFiles, Project]:
    files = demo_files(tmp_path / "demo")
    return files, demo_project(tmp_path / "project", files)


def _files(p: Project) -> list[str]:
    return ["--binding", str(p.path("binding.json")), "--map", str(p.path("maps/main-map.toml")),
            "--counters", str(p.path("counters.textproto"))]


def _cli(*args: str) -> Any:
    return runner.invoke(app, list(args))


def _unknown_cell(verdict: dict[str, Any]) -> tuple[str, str, str]:
    """An unknown CRT cell the attack's outcome distribution names."""
    for o in verdict["verdict"]["combat"]["outcomes"]:
        m = re.match(r"unknown: Combat Results Table (\S+) row (\d)", o["result"])
        if m:
            return "nordwind-1945/crt", m.group(1), m.group(2)
    raise AssertionError("no unknown CRT cell in the distribution")


def _end_movement(sess: game.Session) -> None:
    done = game.apply(sess, action_pb2.Action(side="german", end_phase=action_pb2.EndPhase()), [])
    assert done["applied"], done


ATTACK = 'side: "german" attack { target: "0907" attackers: ["red-inf-1", "red-arm-1"] }'
MOVE = 'side: "german" move { unit_ids: "red-inf-2" path: ["1104", "1103"] }'


def test_convert_gives_the_state_the_studio_judges(demo: tuple[DemoFiles, Project], tmp_path: Path) -> None:
    files, p = demo
    sess = game.open_game(files.save, p.module, p.binding(), p.completion(), p.charts())
    out = tmp_path / "state.json"
    res = _cli("convert", str(files.save), str(out), "--module", str(files.module), *_files(p))
    assert res.exit_code == 0, res.output
    state = read_message(out, state_pb2.GameState())
    assert json_format.MessageToDict(state) == json_format.MessageToDict(sess.state)
    terrain = {h.id: h.terrain for h in state.scenario.definition.map.hex.hexes if h.terrain}
    assert terrain["0304"] == "wooded" and terrain["0707"] == "difficult"  # the painted map, not the bare grid
    counters = next(t for t in state.scenario.definition.tables if t.id == "nordwind-1945/counters")
    assert {(c.row, c.column, c.value) for c in counters.cells} >= {("red-inf-2", "strength", "3"),
                                                                    ("red-inf-2", "quality", "D")}

    # The same move, judged by `umpire adjudicate` on that state and by the studio.
    studio = game.validate(sess, game.parse_action(json_format.MessageToDict(_text_action(MOVE))))
    res = _cli("adjudicate", str(out), "--action-text", MOVE)
    assert res.exit_code == (0 if studio["legal"] else 1), res.output
    assert ("LEGAL" in res.output) and studio["legal"]
    why = [(s["location"], s["notes"][0]["text"]) for s in studio["verdict"]["path"]]
    assert why == [("1104", "clear 1 MP"), ("1103", "wooded 1 MP")]  # 1103 painted wooded (Nordwind 3.2)
    for loc, text in why:
        assert re.search(rf"\b{loc}\s+1\s+\d\s+{text}", res.output), res.output


def _text_action(text: str) -> action_pb2.Action:
    from google.protobuf import text_format

    return text_format.Parse(text, action_pb2.Action())


def test_chart_values_typed_in_the_studio_reach_the_cli_verdict(demo: tuple[DemoFiles, Project],
                                                               tmp_path: Path) -> None:
    files, p = demo
    attack = game.parse_action(json_format.MessageToDict(_text_action(ATTACK)))
    sess = game.open_game(files.save, p.module, p.binding(), p.completion(), p.charts())
    _end_movement(sess)
    table, column, row = _unknown_cell(game.validate(sess, attack))
    # SYNTHETIC chart value, typed as a user types it off the printed chart
    p.save_charts([{"table": table, "row": row, "column": column, "value": "1/2"}], game.current(sess))

    sess = game.open_game(files.save, p.module, p.binding(), p.completion(), p.charts())
    _end_movement(sess)
    studio = game.validate(sess, attack)
    assert not any(o["result"].endswith(f"{column} row {row}") for o in studio["verdict"]["combat"]["outcomes"])
    shown = [o for o in studio["verdict"]["combat"]["outcomes"] if f"{column} die {row}" in o.get("when", [])]
    assert shown and shown[0]["result"] == "1/2"

    out, combat = tmp_path / "state.json", tmp_path / "combat.json"
    res = _cli("convert", str(files.save), str(out), "--module", str(files.module), *_files(p),
               "--tables", str(p.path("tables.textproto")))
    assert res.exit_code == 0, res.output
    res = _cli("adjudicate", str(out), "--action-text", 'side: "german" end_phase {}', "--out", str(combat))
    assert res.exit_code == 0, res.output
    res = _cli("adjudicate", str(combat), "--action-text", ATTACK)
    assert res.exit_code == 3, res.output  # legal; the outcome needs the thrown dice (not applied)
    assert re.search(rf"1/2\s+\S+%\s+.*{re.escape(column)} die {row}", res.output), res.output
    cli_verdict = engine.validate(read_message(combat, state_pb2.GameState()), attack)
    assert json_format.MessageToDict(cli_verdict, preserving_proto_field_name=True) == studio["verdict"]


def test_check_log_gives_each_step_the_studio_verdict(demo: tuple[DemoFiles, Project], tmp_path: Path) -> None:
    files, p = demo
    from importers.vassal.checklog import StartAt

    for start, args in ((None, []), (StartAt(0, "allied-movement", "", "allied"), START)):
        sess = game.open_game(files.log, p.module, p.binding(), p.completion(), p.charts(), start)
        report = tmp_path / "report.json"
        res = _cli("check-log", str(files.log), "--module", str(files.module), *_files(p), *args,
                   "--json", str(report))
        assert res.exit_code == 1, res.output  # both ways some step is illegal
        rep = read_message(report, vassal_pb2.VassalLogReport())
        cli = [(list(e.steps), e.verdict.legal, [v.code for v in e.verdict.violations])
               for e in rep.entries if e.HasField("verdict")]
        studio = [(s.steps, s.verdict.legal, [v.code for v in s.verdict.violations])
                  for s in sess.steps if s.verdict is not None]
        assert cli == studio
        if start is None:
            assert cli[0][1] is False and "LOG step 1 is illegal" in res.output  # Blue cannot move in German movement
        else:
            assert [legal for _, legal, _ in cli] == [True, True, False]  # the third: a drop out of reach
            assert "NOT_ADJACENT" in cli[2][2]


def test_a_scenario_from_the_module_takes_the_files_to_new_and_adjudicate(demo: tuple[DemoFiles, Project],
                                                                         tmp_path: Path) -> None:
    files, p = demo
    scen, state = tmp_path / "scenario.json", tmp_path / "state.json"
    res = _cli("convert", str(files.module), str(scen), "--setup", "Start", *_files(p))
    assert res.exit_code == 0, res.output
    res = _cli("new", str(scen), "-o", str(state), "--ruleset", "nordwind-1945")
    assert res.exit_code == 0, res.output
    sess = game.open_game(files.save, p.module, p.binding(), p.completion(), p.charts())
    move = game.parse_action(json_format.MessageToDict(_text_action(MOVE)))
    studio = game.validate(sess, move)
    cli = engine.validate(read_message(state, state_pb2.GameState()), move)
    assert json_format.MessageToDict(cli, preserving_proto_field_name=True) == studio["verdict"]


def test_bad_project_files_are_one_line_errors_and_write_nothing(demo: tuple[DemoFiles, Project],
                                                                 tmp_path: Path) -> None:
    files, p = demo
    out = tmp_path / "state.json"
    other = tmp_path / "other.toml"
    other.write_text('id = "other"\ndefault_terrain = "clear"\n[grid]\ncolumns = 5\nrows = 5\n')
    res = _cli("convert", str(files.save), str(out), "--module", str(files.module), "--binding",
               str(p.path("binding.json")), "--map", str(other))
    assert res.exit_code == 2 and "not drawn on the grid" in res.output and not out.exists(), res.output
    bad = tmp_path / "bad-tables.textproto"
    bad.write_text('tables { id: "nordwind-1945/crt" cells { row: "3" column: "9/1" value: "x" } }\n')
    res = _cli("convert", str(files.save), str(out), "--module", str(files.module), *_files(p), "--tables", str(bad))
    assert res.exit_code == 2 and "has no column '9/1'" in res.output and "cells[0]" in res.output
    assert not out.exists() and len(res.output.strip().splitlines()) == 1
    res = _cli("convert", str(files.save), str(tmp_path / "copy.vsav"), "--map", str(p.path("maps/main-map.toml")))
    assert res.exit_code == 2 and "--map, --counters and --tables" in res.output
    wrong = tmp_path / "wrong-counters.textproto"
    wrong.write_text('tables { id: "traces-of-victory/counters" cells { row: "x" column: "attack" value: "1" } }\n')
    res = _cli("check-log", str(files.log), "--module", str(files.module), "--binding", str(p.path("binding.json")),
               "--counters", str(wrong))
    assert res.exit_code == 2 and "reads 'nordwind-1945/counters'" in res.output


def test_a_board_drawn_in_the_studio_is_the_map_of_umpire_new(tmp_path: Path) -> None:
    p = Project.open(tmp_path / "mb", None, "major-battles")
    p.set_ruleset("major-battles", "major-battles/illustration-2")
    doc = p.load_board("major-battles/illustration-2")["doc"]
    doc["towns"].append({"id": "G", "name": "Gué", "x": 20, "y": 0, "tags": [], "props": {}})
    doc["roads"].append({"id": "C--G", "a": "C", "b": "G", "kind": "dotted"})
    saved = p.save_board("major-battles/illustration-2", doc)
    assert saved["ok"] and any(x["level"] == "ok" for x in saved["problems"]), saved
    out = tmp_path / "state.json"
    res = _cli("new", "major-battles/illustration-2", "-o", str(out), "--map", str(p.path(saved["file"])))
    assert res.exit_code == 0, res.output
    st = read_message(out, state_pb2.GameState())
    assert [(r.a, r.b, r.kind) for r in st.scenario.definition.map.graph.roads if r.id == "C--G"] == [("C", "G", "dotted")]
    doc["towns"] = [t for t in doc["towns"] if t["id"] != "F"]
    doc["roads"] = [r for r in doc["roads"] if "F" not in (r["a"], r["b"])]
    short = p.save_board("short", doc)
    res = _cli("new", "major-battles/illustration-2", "-o", str(tmp_path / "x.json"), "--map", str(p.path(short["file"])))
    assert res.exit_code == 2 and "has no town F" in res.output, res.output


@pytest.mark.samples
def test_ragnarok_files_from_the_studio_give_the_cli_the_studio_reach(tmp_path: Path, samples_dir: Path) -> None:
    mod = samples_dir / "ragnarok-v12-379-unpacked.vmod"
    save = samples_dir / "ragnarok-start.vsav"
    if not mod.is_file():
        pytest.skip(f"{mod} is absent")
    p = Project.open(tmp_path / "rag", mod, "nordwind-1945")
    doc = p.load_map("Main Map")["doc"]
    doc["terrain"].update({"0102": "difficult", "0202": "wooded"})
    assert p.save_map("Main Map", doc)["ok"]
    p.save_counters({"hero-heimdall": {"movement class": "foot"}})
    b = p.binding()
    b.sides.update({"Aesir": "german", "Jotun": "allied"})
    p.save_binding(b)
    sess = game.open_game(save, p.module, p.binding(), p.completion(), p.charts())
    studio = game.reach(sess, "hero-heimdall")
    out = tmp_path / "state.json"
    res = _cli("convert", str(save), str(out), "--module", str(mod), *_files(p))
    assert res.exit_code == 0, res.output
    res = _cli("reach", str(out), "hero-heimdall", "--json")
    assert res.exit_code == 0, res.output
    cli = json.loads(res.output)
    assert cli["reachable"] == studio["reachable"] and studio["reachable"]
    assert {r["location"]: r["cost"] for r in cli["reachable"]}.get("0102") == 2  # difficult (Nordwind 3.2)


def test_a_board_drawn_over_a_vassal_region_map_completes_its_saves(tmp_path: Path) -> None:
    """Point-to-point from VASSAL: a module whose map names its towns as regions
    (written by the project's module writer from Illustration 2), a board drawn in
    the studio over those regions (the roads), then a save read with `--map`."""
    from adjudicator.core.ruleset import get_ruleset
    from exporters.vassal.module_build import build_module
    from exporters.vassal.setups import scenario_save_bytes
    from importers.vassal.module import Module

    sc = get_ruleset("major-battles").load_scenario("major-battles/illustration-2")
    mod, save = tmp_path / "mb.vmod", tmp_path / "start.vsav"
    mod.write_bytes(build_module(sc.definition, sc))
    save.write_bytes(scenario_save_bytes(Module.open(mod), vassal_pb2.VassalBinding(), sc))
    p = Project.open(tmp_path / "project", mod, "major-battles")
    doc = p.load_board("Main Map")["doc"]
    assert {t["id"] for t in doc["towns"]} == {t.id for t in sc.definition.map.graph.towns} and not doc["roads"]
    doc["roads"] = [{"id": r.id, "a": r.a, "b": r.b, "kind": r.kind} for r in sc.definition.map.graph.roads]
    assert p.save_board("Main Map", doc)["ok"]
    sess = game.open_game(save, p.module, p.binding(), p.completion(), p.charts())
    out = tmp_path / "state.json"
    res = _cli("convert", str(save), str(out), "--module", str(mod), "--ruleset", "major-battles",
               "--map", str(p.path("boards/main-map.textproto")))
    assert res.exit_code == 0, res.output
    state = read_message(out, state_pb2.GameState())
    assert json_format.MessageToDict(state) == json_format.MessageToDict(sess.state)
    assert [(r.a, r.b, r.kind) for r in state.scenario.definition.map.graph.roads] == [
        (r.a, r.b, r.kind) for r in sc.definition.map.graph.roads]
    assert {u.unit_id: u.location for u in state.units if u.location} == {s.unit_id: s.location for s in sc.setup}
