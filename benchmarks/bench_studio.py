"""Umpire Studio in headless Chromium: first draw of a big grid over its board
images, and the round trip of painting one hex, against a plain static SVG of
the same grid and images measured in the same run.

    .venv/bin/python benchmarks/bench_studio.py [--runs 3] [--cases 100x100,5x49x50]

A case is COLSxROWS (one board) or BOARDSxCOLSxROWS (that many boards, one
sheet each, as GOSS has five sheets of about 2,000-2,700 hexes). Each case is a
SYNTHETIC module built by the project's own module writer with drawn board
images (tests/support/studio_module.py); the studio serves it; Chromium
(Debian's, never a downloaded one) loads the page. Measured, median of the runs:

* first draw: navigation start to the first frame after the map is drawn
  (the page's JSON fetch, the overlay, the board images), against the same for
  a static HTML page holding the grid as one SVG path plus the same images;
* paint: a pointer click on a hex with the terrain tool until the frame that
  shows it (two animation frames), against setting one polygon's fill in the
  static page;
* save: the page's "Save map" (server: write the map file, check it as
  `umpire check-map` does) until the page has the answer.

Goals (issue 11): first draw <= 1 s, paint <= 50 ms, usable at GOSS scale.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
import time
import zipfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from studio.project import Project  # noqa: E402
from studio.server import start_background  # noqa: E402
from tests.support.studio_module import sheets_module  # noqa: E402

FRAME = "new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(performance.now()))))"


def static_page(folder: Path, data: dict[str, Any], module: Path) -> Path:
    """The same grid as one SVG path (and the same board images), no script at all."""
    parts = []
    for (cx, cy), shape in zip(data["centre"], data["shape"]):
        pts = [(cx + x, cy + y) for x, y in data["corners"][shape]]
        parts.append("M" + "L".join(f"{x:.1f},{y:.1f}" for x, y in pts) + "Z")
    images = []
    with zipfile.ZipFile(module) as z:
        for i, b in enumerate(data["boards"]):
            name = f"board-{i}.png"
            (folder / name).write_bytes(z.read(f"images/{b['image']}"))
            images.append(f'<image href="{name}" x="{b["x"]}" y="{b["y"]}" width="{b["width"]}" '
                          f'height="{b["height"]}"/>')
    html = (f'<!doctype html><html><body style="margin:0"><svg id="s" viewBox="0 0 {data["width"]} {data["height"]}" '
            f'style="width:100vw;height:100vh">{"".join(images)}<g id="fills"><polygon id="p" points="0,0 10,0 10,10" '
            f'fill="none"/></g><path d="{"".join(parts)}" fill="none" stroke="#000" stroke-width="1"/></svg></body></html>')
    p = folder / "static.html"
    p.write_text(html)
    return p


def measure(browser: Any, case: str, mod: Path, work: Path) -> dict[str, float]:
    project = work / f"project-{case}"
    shutil.rmtree(project, ignore_errors=True)
    t0 = time.perf_counter()
    proj = Project.open(project, mod, "nordwind-1945")
    run = start_background(proj)
    out: dict[str, float] = {}
    try:
        # As a user would open it: after the studio has prepared the overlay (timed; it starts at launch).
        while "Main Map" not in proj._overlays and time.perf_counter() - t0 < 120:
            time.sleep(0.02)
        out["prepare"] = (time.perf_counter() - t0) * 1000
        page = browser.new_page(viewport={"width": 1400, "height": 900})
        page.goto(run.url)
        page.wait_for_function("window.studio && window.studio.ready === true", timeout=120000)
        out["first draw"] = page.evaluate(FRAME)
        if not page.evaluate("!!(window.studio.tabs.map && window.studio.tabs.map.data)"):
            raise SystemExit(f"{case}: the map did not open: {page.inner_text('#status')}")
        out["hexes"] = page.evaluate("window.studio.tabs.map.data.labels.length")
        page.click('[data-tool="terrain:wooded"]')
        times = []
        for k in range(15):
            times.append(page.evaluate(f"""(async () => {{
                const v = window.studio.tabs.map.view; const i = {k * 37 + 11};
                const p = v.screenOfPoint(...v.data.centre[i]);
                const t0 = performance.now();
                for (const type of ["pointerdown", "pointerup"]) v.svg.dispatchEvent(new PointerEvent(type,
                    {{clientX: p.x, clientY: p.y, bubbles: true, button: 0, pointerId: 1}}));
                const t1 = await {FRAME};
                if (!document.querySelector(`.layer-fills [data-hex="${{v.data.labels[i]}}"]`)) throw new Error("not painted");
                return t1 - t0; }})()"""))
        out["paint"] = statistics.median(times)
        t0 = time.perf_counter()
        page.click("#save-map")
        page.wait_for_function("document.getElementById('status').textContent.includes('check-map')", timeout=120000)
        out["save"] = (time.perf_counter() - t0) * 1000
        data = page.evaluate("(() => { const d = window.studio.tabs.map.data; return {centre: d.centre, shape: d.shape,"
                             " corners: d.corners, boards: d.boards, width: d.width, height: d.height}; })()")
        page.close()
        static = static_page(work, data, mod)
        sp = browser.new_page(viewport={"width": 1400, "height": 900})
        sp.goto(static.as_uri())
        sp.wait_for_load_state("load")
        out["static draw"] = sp.evaluate(FRAME)
        stimes = []
        for k in range(15):
            stimes.append(sp.evaluate(f"""(async () => {{ const t0 = performance.now();
                document.getElementById("p").setAttribute("fill", "{'#7fae6a' if k % 2 else '#9c7a4a'}");
                return (await {FRAME}) - t0; }})()"""))
        out["static paint"] = statistics.median(stimes)
        sp.close()
    finally:
        run.stop()
    out["boards"] = len(data["boards"])
    out["board w"], out["board h"] = data["boards"][0]["width"], data["boards"][0]["height"]
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--cases", default="100x100,5x49x50")
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    from tests.studio.conftest import chromium_path

    exe = chromium_path()
    if exe is None:
        sys.exit("no Chromium found (apt-get install -y chromium, or set UMPIRE_CHROMIUM)")
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=exe, headless=True, args=["--no-sandbox"])
        for case in args.cases.split(","):
            dims = [int(x) for x in case.split("x")]
            boards, cols, rows = dims if len(dims) == 3 else [1, *dims]
            mod = Path(tmp) / f"bench-{case}.vmod"
            mod.write_bytes(sheets_module(boards, cols, rows))
            runs = [measure(browser, case, mod, Path(tmp)) for _ in range(args.runs)]
            med = {k: statistics.median(r[k] for r in runs) for k in runs[0]}
            print(f"{case}: {int(med['hexes'])} hexes on {int(med['boards'])} board image(s) of "
                  f"{int(med['board w'])}x{int(med['board h'])} px, {args.runs} runs (median)")
            print(f"  first draw  {med['first draw']:7.0f} ms   static SVG {med['static draw']:6.0f} ms   "
                  f"ratio {med['first draw'] / med['static draw']:.2f}x   (goal <= 1000 ms)")
            print(f"  paint       {med['paint']:7.1f} ms   static SVG {med['static paint']:6.1f} ms   "
                  f"ratio {med['paint'] / med['static paint']:.2f}x   (goal <= 50 ms)")
            print(f"  save+check  {med['save']:7.0f} ms   (overlay prepared at launch in {med['prepare']:.0f} ms)",
                  flush=True)
        browser.close()


if __name__ == "__main__":
    main()
