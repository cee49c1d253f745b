"""Fixtures for the studio tests: a studio server on a free port, and a real
Chromium driven by Playwright (Debian's `chromium`; never a downloaded browser).

Browser tests skip with the reason when Playwright or Chromium is missing, as
on a fresh clone without them; .ci/run installs Chromium. Screenshots of each
screen go to test-screenshots/studio/ (git-ignored) for a reviewer to look at.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from studio.project import Project
from studio.server import Running, start_background

ROOT = Path(__file__).resolve().parent.parent.parent
SHOTS = ROOT / "test-screenshots" / "studio"
RAGNAROK = "ragnarok-v12-379-unpacked.vmod"
RAGNAROK_SAVE = "ragnarok-start.vsav"


def chromium_path() -> str | None:
    for cand in (os.environ.get("UMPIRE_CHROMIUM"), shutil.which("chromium"), shutil.which("chromium-browser"),
                 "/usr/bin/chromium"):
        if cand and Path(cand).is_file():
            return cand
    return None


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.skip("Playwright is not installed (pip install playwright; a dev dependency)")
    exe = chromium_path()
    if exe is None:
        pytest.skip("no Chromium found (apt-get install -y chromium, or set UMPIRE_CHROMIUM)")
    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=exe, headless=True, args=["--no-sandbox"])
        yield b
        b.close()


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    ctx = browser.new_context(viewport={"width": 1400, "height": 900})
    pg = ctx.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.errors = errors
    yield pg
    ctx.close()


@pytest.fixture(scope="session")
def shots() -> Path:
    SHOTS.mkdir(parents=True, exist_ok=True)
    return SHOTS


def start(project_dir: Path, module: Path | None, ruleset: str | None) -> Running:
    return start_background(Project.open(project_dir, module, ruleset))


@pytest.fixture
def ragnarok(samples_dir: Path) -> Path:
    p = samples_dir / RAGNAROK
    if not p.is_file():
        pytest.skip(f"{p} is absent")
    return p


def ready(page: Any) -> None:
    page.wait_for_function("window.studio && window.studio.ready === true", timeout=30000)
    assert not page.errors, page.errors


def cell(page: Any, label: str, tab: str = "game") -> tuple[float, float]:
    """Screen position of a hex's or town's centre as the page draws it."""
    view = "view" if tab == "map" else "map"
    p = page.evaluate(f"(() => {{ const v = window.studio.tabs.{tab}.{view}; const i = v.index.get({label!r});"
                      " const [x, y] = v.data.centre[i]; return v.screenOfPoint(x, y); })()")
    return p["x"], p["y"]


def status_has(page: Any, text: str, timeout: float = 20000) -> None:
    page.wait_for_function(f"document.getElementById('status').textContent.includes({text!r})", timeout=timeout)


def add_town_and_road(page: Any) -> None:
    """In the board editor (Illustration 2): a town G east of F, a dotted road F--G."""
    page.click('[data-tool="town"]')
    (ax, _ay), (fx, fy) = cell(page, "A", "map"), cell(page, "F", "map")
    page.mouse.click(fx + (fx - ax), fy)
    page.fill("#ask-id", "G")
    page.fill("#ask-name", "Gué")
    page.click("#ask-ok")
    page.wait_for_selector('.layer-grid circle[data-town="G"]')
    page.click('[data-tool="road:dotted"]')
    page.mouse.move(fx, fy)
    page.mouse.down()
    page.mouse.move(*cell(page, "G", "map"), steps=5)
    page.mouse.up()
    page.wait_for_selector('.layer-grid [data-road="F--G"]', state="attached")
