"""Umpire Studio in a real Chromium, on the real Ragnarok module and save.

A newcomer's path (docs/studio.md): open the module, check the overlay lands
where the converter puts each hex, paint terrain, draw a road and a river,
undo/redo, save, reload (the paint comes back), check the file with
`umpire check-map`, type a counter value, bind the sides, open the save and
adjudicate a move on the painted map (nothing moves before "Apply").
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from adjudicator.core.hexmap import HexMap
from cli.main import app
from importers.vassal.binding import load_binding
from importers.vassal.module import Module
from tests.studio.conftest import RAGNAROK_SAVE, start
from umpire.v1 import tables_pb2

pytestmark = [pytest.mark.browser, pytest.mark.samples]

# Labels across the map: corners, middle, both parities of column and row.
LABELS = ["0101", "0102", "0201", "0505", "0910", "1014", "1227", "1720", "0827", "1603"]


def ready(page: Any) -> None:
    page.wait_for_function("window.studio && window.studio.ready === true", timeout=30000)
    assert not page.errors, page.errors


def screen(page: Any, x: float, y: float) -> tuple[float, float]:
    p = page.evaluate(f"window.studio.tabs.{page.tab}.view.screenOfPoint({x}, {y})") if hasattr(page, "tab") else \
        page.evaluate(f"window.studio.tabs.map.view.screenOfPoint({x}, {y})")
    return p["x"], p["y"]


def centre_of(page: Any, label: str, tab: str = "map") -> tuple[float, float]:
    """Screen position of a hex's centre as the page draws it."""
    view = "view" if tab == "map" else "map"
    p = page.evaluate(f"(() => {{ const v = window.studio.tabs.{tab}.{view}; const i = v.index.get({json.dumps(label)});"
                      f" const [x, y] = v.data.centre[i]; return v.screenOfPoint(x, y); }})()")
    return p["x"], p["y"]


def test_ragnarok_module_to_a_verdict(tmp_path: Path, page: Any, shots: Path, ragnarok: Path, samples_dir: Path) -> None:
    project = tmp_path / "ragnarok-studio"
    run = start(project, ragnarok, "nordwind-1945")
    try:
        _walkthrough(page, run.url, project, ragnarok, samples_dir, shots)
    finally:
        run.stop()


def _walkthrough(page: Any, url: str, project: Path, ragnarok: Path, samples_dir: Path, shots: Path) -> None:
    page.goto(url)
    ready(page)
    page.screenshot(path=str(shots / "01-map-opened.png"))

    # 1. The overlay's hexes are where the converter puts them, with VASSAL's labels.
    geo = Module.open(ragnarok).map_geometry("Main Map")
    for label in LABELS:
        x, y = geo.point_of("Map", label, "map")  # the converter's pixel for this label
        sx, sy = screen(page, x, y)
        page.mouse.move(sx, sy)
        tip = page.inner_text("#hex-tooltip")
        assert tip.split(" ")[0] == label, (label, tip)
        assert geo.location_name(x, y) == label  # what VASSAL prints there: the zone's $gridLocation$
        box = page.evaluate("(() => { const b = document.querySelector('.hover').getBBox();"
                            " return [b.x + b.width / 2, b.y + b.height / 2]; })()")
        assert abs(box[0] - x) <= 1.0 and abs(box[1] - y) <= 1.0, (label, box, (x, y))

    # The neighbours the kernel gives 0101 on this grid (sideways, staggered, descending rows).
    data = page.evaluate("(() => { const d = window.studio.tabs.map.data; return {labels: d.labels, nbr: d.nbr}; })()")
    i = data["labels"].index("0101")
    n1, n2, n3 = [data["labels"][j] for j in data["nbr"][i * 6:i * 6 + 6] if j >= 0][:3]

    # 2. Paint terrain (click, then drag over two more hexes), a road (drag hex to hex) and a river (click a side).
    page.click('[data-tool="terrain:difficult"]')
    page.mouse.click(*centre_of(page, n1))
    page.click('[data-tool="terrain:wooded"]')
    page.mouse.move(*centre_of(page, "0505"))
    page.mouse.down()
    page.mouse.move(*centre_of(page, "0506"), steps=6)
    page.mouse.up()
    assert page.get_attribute(f'.layer-fills [data-hex="{n1}"]', "data-terrain") == "difficult"
    assert page.get_attribute('.layer-fills [data-hex="0505"]', "data-terrain") == "wooded"
    assert page.get_attribute('.layer-fills [data-hex="0506"]', "data-terrain") == "wooded"

    page.click('[data-tool="road:national"]')
    page.mouse.move(*centre_of(page, "0303"))
    page.mouse.down()
    for label in ("0304", "0305", "0405"):
        page.mouse.move(*centre_of(page, label), steps=5)
    page.mouse.up()
    road = page.get_attribute(".layer-roads polyline", "data-hexes")
    assert road is not None and road.split()[:3] == ["0303", "0304", "0305"]

    page.click('[data-tool="side:river"]')
    (ax, ay), (bx, by) = centre_of(page, "0101"), centre_of(page, n2)
    page.mouse.click((ax + bx) / 2, (ay + by) / 2)
    side = "/".join(sorted(["0101", n2]))
    assert page.locator(f'.layer-sides [data-side="{side}"]').count() == 1

    # Undo takes the river away, redo puts it back.
    page.click("#undo")
    assert page.locator(f'.layer-sides [data-side="{side}"]').count() == 0
    page.click("#redo")
    assert page.locator(f'.layer-sides [data-side="{side}"]').count() == 1
    page.evaluate(f"window.studio.tabs.map.view.zoomTo({json.dumps(['0101', '0505', '0405', n3])}, 3)")
    page.screenshot(path=str(shots / "02-map-painted.png"))

    # 3. Save: written and checked as check-map checks it.
    page.click("#save-map")
    page.wait_for_function("document.getElementById('status').textContent.includes('passes check-map')")
    map_file = project / "maps" / "main-map.toml"
    assert map_file.is_file()

    # 4. Reload: the paint comes back from the file.
    page.reload()
    ready(page)
    assert page.get_attribute(f'.layer-fills [data-hex="{n1}"]', "data-terrain") == "difficult"
    assert page.locator(f'.layer-sides [data-side="{side}"] [data-name="river"]').count() == 1
    assert page.get_attribute(".layer-roads polyline", "data-hexes") == road
    page.evaluate(f"window.studio.tabs.map.view.zoomTo({json.dumps(['0101', '0505', '0405', n3])}, 3)")
    page.screenshot(path=str(shots / "03-map-reopened.png"))

    # 5. The file passes `umpire check-map`, holding what was painted.
    res = CliRunner().invoke(app, ["check-map", str(map_file)])
    assert res.exit_code == 0, res.output
    assert "difficult 1" in res.output and "wooded 2" in res.output
    assert "river 1" in res.output and "national 3 links" in res.output
    hm = HexMap(__import__("adjudicator.core.mapfile", fromlist=["load_map_toml"]).load_map_toml(map_file))
    assert "river" in hm.side_of(hm.hex_id("0101"), hm.hex_id(n2))

    # 6. Counters: a value typed for the palette piece, saved as the counters table file.
    page.click('[data-tab="counters"]')
    page.wait_for_selector('select[data-row="hero-heimdall"][data-column="movement class"]')
    page.select_option('select[data-row="hero-heimdall"][data-column="movement class"]', "foot")
    page.screenshot(path=str(shots / "04-counters.png"))
    page.click("#save-counters")
    page.wait_for_function("document.getElementById('status').textContent.startsWith('saved')")
    ts = __import__("importers.canonical", fromlist=["read_message"]).read_message(
        project / "counters.textproto", tables_pb2.TableSet())
    assert [(c.row, c.column, c.value) for c in ts.tables[0].cells] == [("hero-heimdall", "movement class", "foot")]
    assert ts.tables[0].id == "nordwind-1945/counters"

    # 7. Binding: VASSAL sides to the ruleset's sides.
    page.click('[data-tab="binding"]')
    page.wait_for_selector('select[data-key="side:Aesir"]')
    page.select_option('select[data-key="side:Aesir"]', "german")
    page.select_option('select[data-key="side:Jotun"]', "allied")
    page.screenshot(path=str(shots / "05-binding.png"))
    page.click("#save-binding")
    page.wait_for_function("document.getElementById('status').textContent.startsWith('saved')")
    b = load_binding(project / "binding.json")
    assert dict(b.sides) == {"Aesir": "german", "Jotun": "allied"} and b.ruleset == "nordwind-1945"

    # 8. The game: the real save, drawn with its piece images where VASSAL draws them.
    page.click('[data-tab="game"]')
    page.set_input_files("#game-upload", str(samples_dir / RAGNAROK_SAVE))
    unit = '.layer-units [data-unit="hero-heimdall"]'
    page.wait_for_selector(unit)
    img = page.locator(f"{unit} image").first
    assert "hero-heimdall.png" in (img.get_attribute("href") or "")
    ix, iw = float(img.get_attribute("x") or 0), float(img.get_attribute("width") or 0)
    iy, ih = float(img.get_attribute("y") or 0), float(img.get_attribute("height") or 0)
    assert (round(ix + iw / 2), round(iy + ih / 2)) == (80, 1682)  # the piece's position in the save
    page.evaluate(f"window.studio.tabs.game.map.zoomTo({json.dumps(['0101', '0505', n3])}, 3)")
    page.screenshot(path=str(shots / "06-game-opened.png"))

    # 9. Drag it onto the difficult hex: the verdict, with costs and citations, before anything moves.
    page.mouse.move(*centre_of(page, "0101", "game"))
    page.mouse.down()
    page.wait_for_selector(f'.reach[data-hex="{n1}"]')
    page.mouse.move(*centre_of(page, n1, "game"), steps=8)
    page.mouse.up()
    page.wait_for_selector("#verdict .legal")
    verdict = page.inner_text("#verdict")
    assert "LEGAL" in verdict and "difficult 2 MP" in verdict and "[Nordwind 3.2]" in verdict, verdict
    assert page.get_attribute(unit, "data-hex") == "0101"  # not applied yet
    page.screenshot(path=str(shots / "07-game-verdict.png"))
    page.click("#apply")
    page.wait_for_selector(f'.layer-units [data-unit="hero-heimdall"][data-hex="{n1}"]')

    # 10. A move the rules refuse: dropped two hexes away (a drop is a one-location path, as in a VASSAL log).
    far = "1014"  # beyond its movement allowance: not in its reach
    page.evaluate(f"window.studio.tabs.game.map.zoomTo({json.dumps(['0101', far])}, 2)")
    page.mouse.move(*centre_of(page, n1, "game"))
    page.mouse.down()
    page.mouse.move(*centre_of(page, far, "game"), steps=8)
    page.mouse.up()
    try:
        page.wait_for_selector("#verdict .illegal", timeout=10000)
    except Exception:
        page.screenshot(path=str(shots / "fail.png"))
        raise AssertionError(page.inner_text("#status") + " | " + page.inner_text("#verdict") + " | " + str(page.errors))
    verdict = page.inner_text("#verdict")
    assert "NOT_ADJACENT" in verdict and "[Nordwind 3.1]" in verdict, verdict
    page.screenshot(path=str(shots / "08-game-illegal.png"))

    # 11. Supply overlay and the charts screen with the game open.
    page.click('[data-supply="german"]')
    page.wait_for_selector(".layer-overlay .supply")
    page.screenshot(path=str(shots / "09-game-supply.png"))
    page.click('[data-tab="charts"]')
    page.wait_for_selector('section.table[data-table="nordwind-1945/crt"]')
    # Beside the grids, the module's own charts (its 8 ChartWindow images), drawn.
    assert page.locator("img.chart").count() == 8
    page.wait_for_function("(() => { const i = document.querySelector('img.chart'); "
                           "return i.complete && i.naturalWidth > 0; })()")
    page.screenshot(path=str(shots / "10-charts.png"))
    assert not page.errors, page.errors


def test_a_broken_map_file_opens_with_its_error_listed(tmp_path: Path, page: Any, shots: Path, ragnarok: Path) -> None:
    project = tmp_path / "broken"
    (project / "maps").mkdir(parents=True)
    (project / "maps" / "main-map.toml").write_text('id = "x"\n[terrain\nwooded = ["0101"]\n')
    run = start(project, ragnarok, "nordwind-1945")
    try:
        page.goto(run.url)
        ready(page)
        text = page.inner_text("#problems")
        assert "does not parse" in text and "line 2" in text, text
        assert page.locator(".layer-grid path").count() == 1  # the board and its grid are there to paint on
        page.screenshot(path=str(shots / "11-broken-map-file.png"))
    finally:
        run.stop()
    shutil.rmtree(project)
