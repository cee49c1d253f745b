#!/usr/bin/env python3
"""Make the screenshots of docs/studio.md by walking the guide in Chromium.

    .venv/bin/python scripts/studio_screenshots.py [--out docs/studio]

It starts the studio on the Ragnarok sample module (../shared/vassal-samples),
follows docs/studio.md step by step with a real pointer (paint, road, river,
save, counters, binding, open the save, drag a unit) and writes one small PNG
per step. The pictures in the guide come from this script, never by hand.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from studio.project import Project  # noqa: E402
from studio.server import start_background  # noqa: E402
from tests.studio.conftest import chromium_path  # noqa: E402

SAMPLES = ROOT.parent / "shared" / "vassal-samples"


def centre(page: object, label: str, tab: str = "map") -> tuple[float, float]:
    view = "view" if tab == "map" else "map"
    p = page.evaluate(  # type: ignore[attr-defined]
        f"(() => {{ const v = window.studio.tabs.{tab}.{view}; const [x, y] = v.data.centre[v.index.get({json.dumps(label)})];"
        " return v.screenOfPoint(x, y); })()")
    return p["x"], p["y"]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", type=Path, default=ROOT / "docs" / "studio")
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    exe = chromium_path()
    module = SAMPLES / "ragnarok-v12-379-unpacked.vmod"
    if exe is None or not module.is_file():
        sys.exit("needs Chromium and ../shared/vassal-samples")
    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as pw:
        run = start_background(Project.open(Path(tmp) / "ragnarok-studio", module, "nordwind-1945"))
        b = pw.chromium.launch(executable_path=exe, headless=True, args=["--no-sandbox"])
        page = b.new_page(viewport={"width": 1200, "height": 760})

        def shot(name: str) -> None:
            page.screenshot(path=str(args.out / f"{name}.png"))

        page.goto(run.url)
        page.wait_for_function("window.studio && window.studio.ready === true", timeout=30000)
        shot("1-open")
        page.evaluate("window.studio.tabs.map.view.zoomTo(['0402', '0807', '0504'], 2.5)")
        page.click('[data-tool="terrain:wooded"]')
        page.mouse.move(*centre(page, "0605"))
        page.mouse.down()
        page.mouse.move(*centre(page, "0606"), steps=5)
        page.mouse.up()
        page.click('[data-tool="road:national"]')
        page.mouse.move(*centre(page, "0403"))
        page.mouse.down()
        for label in ("0503", "0604", "0704"):
            page.mouse.move(*centre(page, label), steps=4)
        page.mouse.up()
        page.click('[data-tool="side:river"]')
        (ax, ay), (bx, by) = centre(page, "0505"), centre(page, "0506")
        page.mouse.click((ax + bx) / 2, (ay + by) / 2)
        page.mouse.move(*centre(page, "0706"))
        shot("2-paint")
        page.click("#save-map")
        page.wait_for_function("document.getElementById('status').textContent.includes('check-map')")
        shot("3-saved")
        page.click('[data-tab="counters"]')
        page.wait_for_selector('select[data-row="hero-heimdall"][data-column="movement class"]')
        page.select_option('select[data-row="hero-heimdall"][data-column="movement class"]', "foot")
        page.click("#save-counters")
        shot("4-counters")
        page.click('[data-tab="binding"]')
        page.wait_for_selector('select[data-key="side:Aesir"]')
        page.select_option('select[data-key="side:Aesir"]', "german")
        page.select_option('select[data-key="side:Jotun"]', "allied")
        page.click("#save-binding")
        shot("5-binding")
        page.click('[data-tab="game"]')
        page.set_input_files("#game-upload", str(SAMPLES / "ragnarok-start.vsav"))
        page.wait_for_selector('.layer-units [data-unit="hero-heimdall"]')
        page.evaluate("window.studio.tabs.game.map.zoomTo(['0101', '0504'], 2.5)")
        page.mouse.move(*centre(page, "0101", "game"))
        page.mouse.down()
        page.wait_for_selector('.reach[data-hex="0102"]')
        page.mouse.move(*centre(page, "0303", "game"), steps=6)
        page.mouse.up()
        page.wait_for_selector("#verdict .legal")
        shot("6-verdict")
        page.click('[data-tab="charts"]')
        page.wait_for_selector('section.table[data-table="nordwind-1945/crt"]')
        shot("7-charts")
        b.close()
        run.stop()
    print(f"wrote {len(list(args.out.glob('*.png')))} screenshots to {args.out}")


if __name__ == "__main__":
    main()
