"""The Game tab's screens in a real Chromium, on the SYNTHETIC demo module
(tests/support/studio_module.py: no sample files needed): an attack with its
odds column, shifts and outcome distribution; Discard and Undo; a log stepped
through with each step's check-log verdict, started mid-game; a side's view;
and a point-to-point game (Major Battles) with its board editor.

Each screen is saved to test-screenshots/studio/ and the assertions compare
what the page shows with what the engine and the CLI say on the same files.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from adjudicator.core import engine
from adjudicator.core.dice import HmacDice
from adjudicator.core.ruleset import get_ruleset, register
from cli.main import app
from exporters.canonical import write_message
from importers.canonical import read_message
from studio import game
from studio.project import Project
from tests.studio.conftest import add_town_and_road, cell, ready, start, status_has
from tests.support.studio_module import DemoFiles, demo_files, demo_project
from umpire.v1 import action_pb2, vassal_pb2

pytestmark = pytest.mark.browser
register("toy-line", "tests.support.synthetic_ruleset:RULESET")


@pytest.fixture
def demo(tmp_path: Path) -> tuple[DemoFiles, Project]:
    files = demo_files(tmp_path / "demo")
    return files, demo_project(tmp_path / "project", files)


def _open_save(page: Any, url: str, files: DemoFiles) -> None:
    page.goto(url + "#game")
    ready(page)
    page.set_input_files("#game-upload", str(files.save))
    page.wait_for_selector('.layer-units [data-unit="red-inf-1"]')


def _unit_hex(page: Any, unit: str) -> str:
    return str(page.get_attribute(f'.layer-units [data-unit="{unit}"]', "data-hex"))


def _version(page: Any) -> int:
    return int(page.evaluate("window.studio.tabs.game.game.version"))


def _apply_listed(page: Any, kind: str) -> None:
    """An action from the list of legal actions: judged, then applied."""
    page.click(f'.legal-actions li[data-kind="{kind}"]')
    page.click("#judge-action")
    page.wait_for_selector("#verdict .legal")
    page.click("#apply")
    page.wait_for_selector("#verdict p.ok")


def test_attack_mode_shows_the_odds_column_shifts_and_outcomes(page: Any, shots: Path,
                                                               demo: tuple[DemoFiles, Project]) -> None:
    files, project = demo
    run = start(project.root, files.module, None)
    try:
        _open_save(page, run.url, files)
        _apply_listed(page, "end_phase")  # German movement ends: German combat
        assert page.evaluate("window.studio.tabs.game.game.phase") == "german-combat"
        page.evaluate("window.studio.tabs.game.map.zoomTo(['0906', '1006', '1105', '0908'], 3)")
        page.click("#mode-attack")
        page.mouse.click(*cell(page, "1006"))  # the stack joins the attack: 11/Gren and 7/Pz
        assert page.locator("#attack-help [data-attacker]").count() == 2
        page.mouse.click(*cell(page, "0907"))
        page.wait_for_selector("#verdict .legal")
        text = page.inner_text("#verdict")
        page.screenshot(path=str(shots / "20-game-attack.png"))
        # What the engine says of the same attack on the same files (studio.game: the doors every client uses).
        sess = game.open_game(files.save, project.module, project.binding(), project.completion(), project.charts())
        game.apply(sess, action_pb2.Action(side="german", end_phase=action_pb2.EndPhase()), [])
        v = engine.validate(game.current(sess), action_pb2.Action(side="german", attack=action_pb2.Attack(
            target="0907", attackers=["red-inf-1", "red-arm-1"])))
        c = v.combat
        assert re.search(rf"odds column\s+{re.escape(c.base_column)}\n", text), text
        assert re.search(rf"strengths\s+{c.attack_strength:g} : {c.defense_strength:g}\n", text), text
        assert c.shifts and all(s.reason in text for s in c.shifts), text  # each shift with its reason and rule
        assert "[Nordwind 6.2]" in text
        rows = page.locator("#verdict table tr").count()
        assert rows >= len(c.outcomes) + 1  # the outcome distribution, one row per result
        shown = [float(x) for x in re.findall(r"(\d+\.\d)%", text)]
        assert abs(sum(shown) - 100.0) < 1.0  # the distribution adds up
        assert _version(page) == 1 and _unit_hex(page, "blue-inf-2") == "0907"  # nothing applied
        assert not page.errors, page.errors
    finally:
        run.stop()


def test_discard_and_undo_in_the_game_tab(page: Any, shots: Path, demo: tuple[DemoFiles, Project]) -> None:
    files, project = demo
    run = start(project.root, files.module, None)
    try:
        _open_save(page, run.url, files)
        page.evaluate("window.studio.tabs.game.map.zoomTo(['1105', '1103', '1006'], 3)")

        def drag(unit_hex: str, to: str) -> None:
            page.mouse.move(*cell(page, unit_hex))
            page.mouse.down()
            page.wait_for_selector(f'.reach[data-hex="{to}"]')
            page.mouse.move(*cell(page, to), steps=6)
            page.mouse.up()
            try:
                page.wait_for_selector("#verdict .legal", timeout=8000)
            except Exception:
                page.screenshot(path=str(shots / "fail.png"))
                raise AssertionError(page.inner_text("#status") + " | " + page.inner_text("#verdict") + str(page.errors))

        drag("1105", "1104")
        page.screenshot(path=str(shots / "21-game-move-judged.png"))
        page.click("#discard")
        status_has(page, "discarded")
        assert page.inner_text("#verdict").strip() == "" and page.locator(".layer-overlay .path").count() == 0
        assert _unit_hex(page, "red-inf-2") == "1105" and _version(page) == 0
        drag("1105", "1104")
        page.click("#apply")
        page.wait_for_selector('.layer-units [data-unit="red-inf-2"][data-hex="1104"]')
        assert _version(page) == 1 and page.is_enabled("#undo-game")
        page.screenshot(path=str(shots / "22-game-applied.png"))
        page.click("#undo-game")
        page.wait_for_selector('.layer-units [data-unit="red-inf-2"][data-hex="1105"]')
        status_has(page, "undone")
        assert _version(page) == 0 and not page.is_enabled("#undo-game")
        page.screenshot(path=str(shots / "23-game-undone.png"))
        assert not page.errors, page.errors
    finally:
        run.stop()


def _check_log(files: DemoFiles, project: Project, *start: str) -> list[tuple[list[int], bool]]:
    res = CliRunner().invoke(app, ["check-log", str(files.log), "--module", str(files.module), "--binding",
                                   str(project.path("binding.json")), "--map", str(project.path("maps/main-map.toml")),
                                   "--counters", str(project.path("counters.textproto")), *start,
                                   "--json", str(project.root / "report.json")])
    assert res.exit_code in (0, 1), res.output
    rep = read_message(project.root / "report.json", vassal_pb2.VassalLogReport())
    return [(list(e.steps), e.verdict.legal) for e in rep.entries if e.HasField("verdict")]


def _page_steps(page: Any) -> list[tuple[list[int], bool]]:
    steps = page.evaluate("window.studio.tabs.game.game.steps")
    return [(s["steps"], s["legal"]) for s in steps if s["legal"] is not None]


def test_a_log_steps_with_each_check_log_verdict_from_where_it_starts(page: Any, shots: Path,
                                                                     demo: tuple[DemoFiles, Project]) -> None:
    files, project = demo
    run = start(project.root, files.module, None)
    try:
        page.goto(run.url + "#game")
        ready(page)
        page.set_input_files("#game-upload", str(files.log))
        page.wait_for_selector(".steps li[data-step='0']")
        # As the save says: German movement, so Blue's first move is refused, as `umpire check-log` says.
        assert _page_steps(page) == _check_log(files, project) and _page_steps(page)[0][1] is False
        assert "ILLEGAL" in page.inner_text(".steps h4")
        page.screenshot(path=str(shots / "24-log-from-the-save.png"))
        # The log begins mid-game: Allied movement, the allied side to act.
        page.fill("#start-phase", "allied-movement")
        page.select_option("#start-side", "allied")
        page.click("#replay-from")
        page.wait_for_function("window.studio.tabs.game.game.start.phase === 'allied-movement'")
        cli = _check_log(files, project, "--phase", "allied-movement", "--active-side", "allied")
        assert _page_steps(page) == cli and [ok for _, ok in cli] == [True, True, False]
        assert page.inner_text(".facts").count("allied-movement") == 1
        page.evaluate("window.studio.tabs.game.map.zoomTo(['0306', '0506', '1204'], 2)")
        for i, (steps, legal) in enumerate(cli):
            page.click(f".steps li[data-step='{i}']")
            page.wait_for_selector(f".steps li.at[data-step='{i}']")
            page.wait_for_selector("#verdict " + (".legal" if legal else ".illegal"))
            assert f"step {','.join(map(str, steps))}" in page.inner_text("#verdict h4")
            assert page.locator(".layer-overlay .path." + ("ok" if legal else "bad")).count() == 1  # drawn on the map
            page.screenshot(path=str(shots / f"25-log-step-{i + 1}.png"))
        assert "NOT_ADJACENT" in page.inner_text("#verdict")
        # The position after step 2: the armor stands where the log put it.
        page.click(".steps li[data-step='1']")
        page.wait_for_selector('.layer-units [data-unit="blue-arm-1"][data-hex="0506"]')
        page.click(".steps li[data-step='-1']")
        page.wait_for_selector('.layer-units [data-unit="blue-arm-1"][data-hex="0306"]')
        assert not page.errors, page.errors
    finally:
        run.stop()


def test_a_side_sees_what_its_client_would_see(page: Any, shots: Path, tmp_path: Path) -> None:
    rs = get_ruleset("toy-line")
    st, _ = engine.new_game(rs, rs.load_scenario("toy-line/basic"), game_id="t", options={}, tables=None,
                            dice=HmacDice(b"toy", "t", 0, 0))
    (tmp_path / "p" / "games").mkdir(parents=True)
    write_message(tmp_path / "p" / "games" / "toy.json", st)
    run = start(tmp_path / "p", None, "toy-line")
    try:
        page.goto(run.url + "#game")
        ready(page)
        page.select_option("#game-file", "games/toy.json")
        page.wait_for_selector('.layer-units [data-unit="r1"]')
        assert page.text_content('.layer-units [data-unit="r1"] text') == "Red One"
        assert page.input_value("#viewer") == ""  # a local file: the whole state by default
        page.select_option("#viewer", "blue")
        status_has(page, "shown as blue sees it")
        assert page.text_content('.layer-units [data-unit="r1"] text') == "r1"  # its name is red's secret
        page.screenshot(path=str(shots / "26-game-blue-view.png"))
        page.select_option("#viewer", "")
        page.wait_for_function("document.querySelector('.layer-units [data-unit=\"r1\"] text').textContent === 'Red One'")
        assert not page.errors, page.errors
    finally:
        run.stop()


def test_major_battles_board_and_game(page: Any, shots: Path, tmp_path: Path) -> None:
    """Point-to-point: the board editor on the scenario's board, then the game:
    reachable towns with costs, a drag judged, an attack with its battle."""
    rs = get_ruleset("major-battles")
    st, _ = engine.new_game(rs, rs.load_scenario("major-battles/illustration-2"), game_id="mb", options={},
                            tables=None, dice=HmacDice(b"mb-studio", "mb", 0, 0))
    project = Project.open(tmp_path / "mb", None, "major-battles")
    project.set_ruleset("major-battles", "major-battles/illustration-2")
    (project.root / "games").mkdir()
    write_message(project.root / "games" / "illustration-2.json", st)
    run = start(project.root, None, None)
    try:
        page.goto(run.url)
        ready(page)
        page.wait_for_selector('.layer-grid circle[data-town="A"]')
        # A new town on empty ground, a dotted road to it, a tag; saved and checked as a game of the scenario.
        add_town_and_road(page)
        page.click('[data-tool="tag:star"]')
        page.mouse.click(*cell(page, "G", "map"))
        page.click("#save-board")
        status_has(page, "saved, no errors")
        assert "can be created on this board" in page.inner_text("#problems")
        page.screenshot(path=str(shots / "27-board-editor.png"))
        saved = project.load_board("major-battles/illustration-2")
        assert saved["exists"] and {"id": "F--G", "a": "F", "b": "G", "kind": "dotted"} in saved["doc"]["roads"]
        assert next(t for t in saved["doc"]["towns"] if t["id"] == "G")["tags"] == ["star"]
        page.click("#undo")  # the tag, then the road, come off
        page.click("#undo")
        assert page.locator('.layer-grid [data-road="F--G"]').count() == 0

        page.click('[data-tab="game"]')
        page.select_option("#game-file", "games/illustration-2.json")
        page.wait_for_selector('.layer-units [data-unit="us-arm-01"]')
        _apply_listed(page, "turn_card")  # the example value (SYNTHETIC; a player types the card's)
        unit = page.locator('.layer-units [data-unit="us-inf-05"]').bounding_box()
        assert unit is not None
        page.mouse.move(unit["x"] + unit["width"] / 2, unit["y"] + unit["height"] / 2)
        page.mouse.down()
        page.wait_for_selector('.reach[data-hex="A"]')
        card = rs.legal_actions(st, "us")[0].example  # what the page applied
        after = engine.apply_action(st, card, lambda a, v: HmacDice(b"mb-studio", "mb", a, v)).state
        shown = page.evaluate("[...document.querySelectorAll('.layer-overlay text.cost')].map((e) => e.textContent)")
        towns = page.evaluate("[...document.querySelectorAll('.layer-overlay .reach')].map((e) => e.dataset.hex)")
        assert dict(zip(towns, map(float, shown))) == {r.location: r.cost for r in rs.reach(after, "us-inf-05")}
        page.screenshot(path=str(shots / "28-mb-reach.png"))
        page.mouse.move(*cell(page, "A"), steps=6)
        page.mouse.up()
        page.wait_for_selector("#verdict .legal")
        assert "stop outside A" in page.inner_text("#verdict")
        page.click("#apply")
        page.wait_for_selector("#verdict p.ok")
        page.click("#mode-attack")
        unit = page.locator('.layer-units [data-unit="us-inf-05"]').bounding_box()
        assert unit is not None
        page.mouse.click(unit["x"] + unit["width"] / 2, unit["y"] + unit["height"] / 2)
        page.mouse.click(*cell(page, "A"))
        page.wait_for_selector("#verdict .legal")
        text = page.inner_text("#verdict")
        assert "Combat at A" in text and "attacker total higher" in text and "defender total higher" in text
        assert '[MB "Battles" ¶1]' in text
        page.screenshot(path=str(shots / "29-mb-attack.png"))
        assert not page.errors, page.errors
    finally:
        run.stop()
