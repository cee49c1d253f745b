"""River banks in the Map tab, in a real Chromium, on the SYNTHETIC demo module
adjudicated with the Nordwind rules: which side of the Rhine a hex lies on
(docs/maps.md [banks.rhine]; the ferry goes on the German bank, Nordwind 3.3;
"along the Rhine" set-ups on the Allied one, 10.1.1). Painted by click and by
drag, a bank that disagrees with the river shown at its hexes as check-map
finds it, taken off again, saved, reopened, and read by `umpire check-map`."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from adjudicator.core.mapfile import load_map_toml
from cli.main import app
from studio.project import Project
from tests.studio.conftest import ready, start, status_has
from tests.support.studio_module import demo_files

pytestmark = pytest.mark.browser
A = "1204"


def _centre(page: Any, label: str) -> tuple[float, float]:
    p = page.evaluate(f"(() => {{ const v = window.studio.tabs.map.view; const i = v.index.get({json.dumps(label)});"
                      " const [x, y] = v.data.centre[i]; return v.screenOfPoint(x, y); })()")
    return p["x"], p["y"]


def _neighbours(page: Any, label: str) -> list[str]:
    return list(page.evaluate(f"(() => {{ const d = window.studio.tabs.map.data; const i = d.labels.indexOf({label!r});"
                              " return d.nbr.slice(i * 6, i * 6 + 6).map((j) => j >= 0 ? d.labels[j] : ''); })()"))


def _click_side(page: Any, a: str, b: str) -> None:
    (ax, ay), (bx, by) = _centre(page, a), _centre(page, b)
    page.mouse.click((ax + bx) / 2, (ay + by) / 2)


def _banks_drawn(page: Any) -> dict[str, str]:
    return dict(page.evaluate("[...document.querySelectorAll('.layer-marks .mark')].flatMap((g) => "
                              "[...g.querySelectorAll('.bank')].map((b) => [g.dataset.hex, b.dataset.bank]))"))


def test_banks_of_the_rhine_painted_checked_saved_and_reopened(page: Any, shots: Path, tmp_path: Path) -> None:
    files = demo_files(tmp_path / "demo")
    project = Project.open(tmp_path / "project", files.module, "nordwind-1945")
    run = start(project.root, None, None)
    try:
        page.goto(run.url)
        ready(page)
        page.wait_for_selector('[data-tool="bank:rhine:german"]')
        assert page.inner_text('[data-tool="bank:rhine:allied"]').strip() == "Allied bank"
        ring = _neighbours(page, A)
        d = next(k for k in range(6) if all(ring[(k + j) % 6] for j in range(3)))
        b, c, e = ring[d], ring[(d + 1) % 6], ring[(d + 2) % 6]  # around A: b, c and e each adjacent to the next
        assert c in _neighbours(page, b) and e in _neighbours(page, c)
        page.evaluate(f"window.studio.tabs.map.view.zoomTo({json.dumps([A, b, c, e])}, 4)")
        # The Rhine between A and b, and A and c.
        page.click('[data-tool="side:rhine"]')
        _click_side(page, A, b)
        _click_side(page, A, c)
        # A on the German bank (a click); b and c on the Allied bank (one drag from b to c).
        page.click('[data-tool="bank:rhine:german"]')
        page.mouse.click(*_centre(page, A))
        page.click('[data-tool="bank:rhine:allied"]')
        page.mouse.move(*_centre(page, b))
        page.mouse.down()
        page.mouse.move(*_centre(page, c), steps=6)
        page.mouse.up()
        assert _banks_drawn(page) == {A: "rhine:german", b: "rhine:allied", c: "rhine:allied"}
        # e on the German bank beside c (Allied) with no Rhine between them: check-map refuses it, at c/e.
        page.click('[data-tool="bank:rhine:german"]')
        page.mouse.click(*_centre(page, e))
        page.click("#save-map")
        status_has(page, "1 error(s)")
        problems = page.inner_text("#problems")
        side = "/".join(sorted([c, e]))
        assert f"{side}: " in problems and "adjacent with no rhine hexside between them" in problems, problems
        marked = page.eval_on_selector_all(".layer-problems .problem.error", "ps => ps.map((p) => p.dataset.hex)")
        assert sorted(marked) == sorted([c, e])
        page.screenshot(path=str(shots / "32-banks-error.png"))
        res = CliRunner().invoke(app, ["check-map", str(project.root / "maps" / "main-map.toml")])
        assert res.exit_code == 2 and "adjacent with no rhine hexside between them" in res.output
        # Clicking e again with the same bank takes it off; undo/redo step through it.
        page.mouse.click(*_centre(page, e))
        assert e not in _banks_drawn(page)
        page.click("#undo")
        assert _banks_drawn(page).get(e) == "rhine:german"
        page.click("#redo")
        assert e not in _banks_drawn(page)
        page.click("#save-map")
        status_has(page, "passes check-map")
        page.screenshot(path=str(shots / "33-banks-saved.png"))
        # Reopened: the banks come back from the file.
        page.reload()
        ready(page)
        page.wait_for_selector(".layer-marks .bank")
        assert _banks_drawn(page) == {A: "rhine:german", b: "rhine:allied", c: "rhine:allied"}
        page.mouse.move(*_centre(page, A))
        assert "german bank of the rhine" in page.inner_text("#hex-tooltip")
        path = project.root / "maps" / "main-map.toml"
        assert "[banks.rhine]" in path.read_text()
        gm = load_map_toml(path)
        assert {h.id: dict(h.banks) for h in gm.hex.hexes if h.banks} == {
            A: {"rhine": "german"}, b: {"rhine": "allied"}, c: {"rhine": "allied"}}
        res = CliRunner().invoke(app, ["check-map", str(path)])
        assert res.exit_code == 0 and "banks of the rhine: allied 2 hexes, german 1 hex" in res.output, res.output
        # The eraser clears a hex's bank with the rest of it.
        page.click('[data-tool="erase"]')
        page.mouse.click(*_centre(page, b))
        assert b not in _banks_drawn(page)
        assert not page.errors, page.errors
    finally:
        run.stop()
