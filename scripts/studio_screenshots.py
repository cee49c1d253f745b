#!/usr/bin/env python3
"""Make the screenshots of docs/studio.md by walking the guide in Chromium.

    .venv/bin/python scripts/studio_screenshots.py [--out docs/studio]

It starts the studio on the SYNTHETIC demo module (scripts/studio_demo.py:
own drawn board and counters, no publisher's art, so the pictures may be
committed), follows docs/studio.md step by step with a real pointer (paint
terrain, a road and a river, save, type counter values, bind the sides, open
the save, drag a unit, attack, step through a log that starts mid-game, type a
chart value) and then draws a point-to-point board (Major Battles), writing one
small PNG per step. The pictures in the guide come from this script, never by hand.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from adjudicator.core import engine  # noqa: E402
from adjudicator.core.dice import HmacDice  # noqa: E402
from adjudicator.core.ruleset import get_ruleset  # noqa: E402
from exporters.canonical import write_message  # noqa: E402
from studio.project import Project  # noqa: E402
from studio.server import start_background  # noqa: E402
from tests.studio.conftest import add_town_and_road, cell, chromium_path  # noqa: E402
from tests.support.studio_module import (  # noqa: E402
    HILLS, RIVER, ROAD, VILLAGE, WOODS, demo_files, demo_values,
)

VIEW: Any = {"width": 1100, "height": 680}  # playwright ViewportSize


def _ready(page: Any) -> None:
    page.wait_for_function("window.studio && window.studio.ready === true", timeout=60000)


def _status(page: Any, text: str) -> None:
    page.wait_for_function(f"document.getElementById('status').textContent.includes({text!r})", timeout=60000)


def _drag(page: Any, labels: list[str], tab: str = "map") -> None:
    page.mouse.move(*cell(page, labels[0], tab))
    page.mouse.down()
    for label in labels[1:]:
        page.mouse.move(*cell(page, label, tab), steps=4)
    page.mouse.up()


def hex_walkthrough(page: Any, url: str, files: Any, shot: Any) -> None:
    page.goto(url)
    _ready(page)
    shot("1-open")
    view = "window.studio.tabs.map.view"
    page.evaluate(f"{view}.zoomTo(['0303', '1207', '0710'], 1.6)")
    for tool, hexes in (("terrain:wooded", WOODS), ("terrain:difficult", HILLS)):
        page.click(f'[data-tool="{tool}"]')
        for h in hexes:
            page.mouse.click(*cell(page, h, "map"))
    page.click('[data-tool="road:national"]')
    _drag(page, ROAD[2:13])
    page.click('[data-tool="side:river"]')
    for a, b in RIVER:
        (ax, ay), (bx, by) = cell(page, a, "map"), cell(page, b, "map")
        page.mouse.click((ax + bx) / 2, (ay + by) / 2)
    page.click('[data-tool="feature:village"]')
    page.mouse.click(*cell(page, VILLAGE[0], "map"))
    page.click('[data-tool="name"]')
    page.mouse.click(*cell(page, VILLAGE[0], "map"))
    page.fill("#ask-input", VILLAGE[1])
    page.keyboard.press("Enter")
    page.mouse.move(*cell(page, "1103", "map"))
    shot("2-paint")
    page.click("#save-map")
    _status(page, "check-map")
    shot("3-saved")

    page.click('[data-tab="counters"]')
    page.wait_for_selector('[data-row="blue-inf-1"]')
    for row, values in demo_values().items():
        for column, value in values.items():
            sel = f'[data-row="{row}"][data-column="{column}"]'
            if page.evaluate(f"document.querySelector('{sel}').tagName") == "SELECT":
                page.select_option(sel, value)
            else:
                page.fill(sel, value)
    page.click("#save-counters")
    _status(page, "saved")
    shot("4-counters")

    page.click('[data-tab="binding"]')
    page.wait_for_selector('select[data-key="side:Blue"]')
    page.select_option('select[data-key="side:Blue"]', "allied")
    page.select_option('select[data-key="side:Red"]', "german")
    page.click("#save-binding")
    _status(page, "saved")
    shot("5-binding")

    page.click('[data-tab="game"]')
    page.set_input_files("#game-upload", str(files.save))
    page.wait_for_selector('.layer-units [data-unit="red-inf-2"]')
    page.evaluate("window.studio.tabs.game.map.zoomTo(['0906', '1303', '1108'], 2.2)")
    page.mouse.move(*cell(page, "1105", "game"))
    page.mouse.down()
    page.wait_for_selector('.reach[data-hex="1103"]')
    page.mouse.move(*cell(page, "1103", "game"), steps=6)
    page.mouse.up()
    page.wait_for_selector("#verdict .legal")
    shot("6-verdict")
    page.click("#discard")
    page.click('.legal-actions li[data-kind="end_phase"]')
    page.click("#judge-action")
    page.wait_for_selector("#verdict .legal")
    page.click("#apply")
    page.wait_for_selector("#verdict p.ok")
    page.click("#mode-attack")
    page.mouse.click(*cell(page, "1006", "game"))
    page.mouse.click(*cell(page, "0907", "game"))
    page.wait_for_selector("#verdict .legal")
    shot("7-attack")

    page.click('[data-tab="charts"]')
    page.wait_for_selector('section.table[data-table="nordwind-1945/crt"]')
    shot("8-charts")
    page.click('[data-tab="game"]')
    page.wait_for_selector('#game-upload')
    page.set_input_files("#game-upload", str(files.log))
    page.wait_for_selector(".steps li[data-step='0']")
    page.fill("#start-phase", "allied-movement")
    page.select_option("#start-side", "allied")
    page.click("#replay-from")
    page.wait_for_function("window.studio.tabs.game.game.start.phase === 'allied-movement'")
    page.evaluate("window.studio.tabs.game.map.zoomTo(['0305', '0506', '1204'], 1.8)")
    page.click(".steps li[data-step='2']")
    page.wait_for_selector("#verdict .illegal")
    page.evaluate("document.querySelector('.steps').scrollIntoView()")
    shot("9-log")

    # River banks (docs/maps.md [banks.rhine]), painted over the demo board for the
    # picture only (not saved: the demo has a river, not the Rhine).
    page.click('[data-tab="map"]')
    page.wait_for_selector('[data-tool="bank:rhine:german"]')
    page.evaluate(f"{view}.zoomTo(['1203', '1405', '1103'], 2.6)")
    page.click('[data-tool="side:rhine"]')
    for a, b in (("1203", "1304"), ("1204", "1304"), ("1204", "1305")):
        (ax, ay), (bx, by) = cell(page, a, "map"), cell(page, b, "map")
        page.mouse.click((ax + bx) / 2, (ay + by) / 2)
    page.click('[data-tool="bank:rhine:german"]')
    _drag(page, ["1203", "1204"])
    page.click('[data-tool="bank:rhine:allied"]')
    _drag(page, ["1304", "1305"])
    page.mouse.click(*cell(page, "1104", "map"))  # beside 1204 (German) with no Rhine between: refused
    page.click("#save-map")
    _status(page, "error")
    page.mouse.move(*cell(page, "1104", "map"))
    shot("12-banks")


def strategic_walkthrough(page: Any, url: str, shot: Any) -> None:
    """Patton's 3rd Army (ILLUSTRATIVE map and counters): a strategic move."""
    page.goto(url + "#game")
    _ready(page)
    page.select_option("#game-file", "games/cca-4.json")
    page.wait_for_selector('.layer-units [data-unit="CCA/4"]')
    page.select_option("#reach-mode", "strategic")
    page.evaluate("window.studio.tabs.game.map.zoomTo(['0117', '0917', '0420'], 1.4)")
    page.mouse.move(*cell(page, "0117", "game"))
    page.mouse.down()
    page.wait_for_selector('.reach[data-hex="0917"]')
    page.mouse.move(*cell(page, "0917", "game"), steps=6)
    page.mouse.up()
    page.wait_for_selector("#verdict .legal")
    shot("13-strategic")


def board_walkthrough(page: Any, url: str, shot: Any) -> None:
    page.goto(url)
    _ready(page)
    page.wait_for_selector('.layer-grid circle[data-town="A"]')
    add_town_and_road(page)
    page.click("#save-board")
    _status(page, "saved")
    page.evaluate("window.studio.tabs.map.view.zoomTo(['B', 'G', 'D'], 2.2)")
    shot("10-board")
    page.click('[data-tab="game"]')
    page.select_option("#game-file", "games/illustration-2.json")
    page.wait_for_selector('.layer-units [data-unit="us-inf-05"]')
    page.click('.legal-actions li[data-kind="turn_card"]')
    page.click("#judge-action")
    page.wait_for_selector("#verdict .legal")
    page.click("#apply")
    page.wait_for_selector("#verdict p.ok")
    box = page.locator('.layer-units [data-unit="us-inf-05"]').bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    page.wait_for_selector('.reach[data-hex="A"]')
    page.mouse.move(*cell(page, "A"), steps=6)
    page.mouse.up()
    page.wait_for_selector("#verdict .legal")
    shot("11-towns")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", type=Path, default=ROOT / "docs" / "studio")
    args = ap.parse_args()
    args.out = args.out.resolve()
    from playwright.sync_api import sync_playwright

    exe = chromium_path()
    if exe is None:
        sys.exit("needs Chromium (apt-get install -y chromium, or set UMPIRE_CHROMIUM)")
    args.out.mkdir(parents=True, exist_ok=True)
    here = Path.cwd()
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as pw:
        # Work as a user following the guide does: in a folder of their own, with the
        # demo in umpire-demo/ and the studio's default project folder beside it, so
        # the page header names the project as they would see it (umpire-demo-studio/).
        os.chdir(tmp)
        b = pw.chromium.launch(executable_path=exe, headless=True, args=["--no-sandbox"])
        page = b.new_page(viewport=VIEW)

        def shot(name: str) -> None:
            page.screenshot(path=str(args.out / f"{name}.png"))

        files = demo_files(Path("umpire-demo"))
        run = start_background(Project.open(Path("umpire-demo-studio"), files.module, "nordwind-1945"))
        try:
            hex_walkthrough(page, run.url, files, shot)
        finally:
            run.stop()

        p = Project.open(Path("major-battles-studio"), None, "major-battles")
        p.set_ruleset("major-battles", "major-battles/illustration-2")
        rs = get_ruleset("major-battles")
        st, _ = engine.new_game(rs, rs.load_scenario("major-battles/illustration-2"), game_id="doc", options={},
                                tables=None, dice=HmacDice(b"studio-doc", "doc", 0, 0))
        p.path("games").mkdir(exist_ok=True)
        write_message(p.path("games/illustration-2.json"), st)
        run = start_background(p)
        try:
            board_walkthrough(page, run.url, shot)
        finally:
            run.stop()
        from tests.rules.pattons.helpers import at

        p = Project.open(Path("pattons-studio"), None, "pattons-3rd-army")
        p.set_ruleset("pattons-3rd-army", "")
        p.path("games").mkdir(exist_ok=True)
        write_message(p.path("games/cca-4.json"), at({"CCA/4": "0117"}, phase="us-movement"))
        run = start_background(p)
        try:
            strategic_walkthrough(page, run.url, shot)
        finally:
            run.stop()
        b.close()
        os.chdir(here)
    print(f"wrote {len(list(args.out.glob('*.png')))} screenshots to {args.out}")


if __name__ == "__main__":
    main()
