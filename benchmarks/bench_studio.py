"""Umpire Studio in headless Chromium: first draw of a big grid over a board
image, and the round trip of painting one hex, against a plain static SVG of
the same grid and image measured in the same run.

    .venv/bin/python benchmarks/bench_studio.py [--runs 3] [--sizes 100x100,150x90]

A module is generated per size (one board, a PNG board image, a HexGrid with
that many columns and rows); the studio serves it; Chromium (Debian's, never a
downloaded one) loads the page. Measured, median of the runs:

* first draw: navigation start to the first frame after the map is drawn
  (the page's JSON fetch, the overlay, the board image), against the same for
  a static HTML page holding the grid as one SVG path plus the same image;
* paint: a pointer click on a hex with the terrain tool until the frame that
  shows it (two animation frames), against setting one polygon's fill in the
  static page;
* save: the page's "Save map" (server: write the map file, check it as
  `umpire check-map` does) until the page has the answer.

Goals (issue 11): first draw <= 1 s, paint <= 50 ms, usable at GOSS scale
(five sheets; 150x90 = 13,500 hexes on one board stands in for them here).
"""

from __future__ import annotations

import argparse
import io
import shutil
import statistics
import struct
import sys
import tempfile
import time
import zipfile
import zlib
from pathlib import Path
from typing import Any

from lxml import etree

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from exporters.vassal.module_build import build_module  # noqa: E402
from studio.project import Project  # noqa: E402
from studio.server import start_background  # noqa: E402
from umpire.v1 import definition_pb2  # noqa: E402

FRAME = "new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(performance.now()))))"


def board_png(w: int, h: int) -> bytes:
    """A striped RGB board image (compresses like a printed map's flat areas)."""
    row_a = b"\x00" + bytes((230, 220, 180)) * w
    row_b = b"\x00" + bytes((200, 210, 170)) * w
    raw = b"".join(row_a if (y // 40) % 2 else row_b for y in range(h))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 6)) + chunk(b"IEND", b""))


def make_module(path: Path, cols: int, rows: int) -> tuple[int, int]:
    d = definition_pb2.GameDefinition(id="bench", name=f"bench {cols}x{rows}")
    d.sides.add(id="a")
    g = d.map.hex.grid
    g.columns, g.rows = cols, rows
    g.numbering.column_leading = g.numbering.row_leading = 2
    d.map.hex.default_terrain = "clear"
    data = build_module(d)
    src = zipfile.ZipFile(io.BytesIO(data))
    bf = etree.fromstring(src.read("buildFile.xml"))
    board = next(e for e in bf.iter() if isinstance(e.tag, str) and e.tag.endswith("boardPicker.Board"))
    w, h = int(board.get("width", "0")), int(board.get("height", "0"))
    board.set("image", "board.png")
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for n in src.namelist():
            z.writestr(n, etree.tostring(bf, xml_declaration=True, encoding="UTF-8") if n == "buildFile.xml"
                       else src.read(n))
        z.writestr("images/board.png", board_png(w, h))
    path.write_bytes(out.getvalue())
    return w, h


def static_page(folder: Path, data: dict[str, Any]) -> Path:
    """The same grid as one SVG path (and the same image), no script at all."""
    parts = []
    for (cx, cy), shape in zip(data["centre"], data["shape"]):
        pts = [(cx + x, cy + y) for x, y in data["corners"][shape]]
        parts.append("M" + "L".join(f"{x:.1f},{y:.1f}" for x, y in pts) + "Z")
    b = data["boards"][0]
    (folder / "board.png").write_bytes((folder / "module-board.png").read_bytes())
    html = (f'<!doctype html><html><body style="margin:0"><svg id="s" viewBox="0 0 {data["width"]} {data["height"]}" '
            f'style="width:100vw;height:100vh"><image href="board.png" x="{b["x"]}" y="{b["y"]}" width="{b["width"]}" '
            f'height="{b["height"]}"/><g id="fills"><polygon id="p" points="0,0 10,0 10,10" fill="none"/></g>'
            f'<path d="{"".join(parts)}" fill="none" stroke="#000" stroke-width="1"/></svg></body></html>')
    p = folder / "static.html"
    p.write_text(html)
    return p


def measure(browser: Any, cols: int, rows: int, work: Path) -> dict[str, float]:
    mod = work / f"bench-{cols}x{rows}.vmod"
    w, h = make_module(mod, cols, rows)
    (work / "module-board.png").write_bytes(zipfile.ZipFile(mod).read("images/board.png"))
    project = work / f"project-{cols}x{rows}"
    shutil.rmtree(project, ignore_errors=True)
    run = start_background(Project.open(project, mod, "nordwind-1945"))
    out: dict[str, float] = {}
    try:
        time.sleep(2.0)  # as a user would: the studio prepares the overlay while the browser opens
        page = browser.new_page(viewport={"width": 1400, "height": 900})
        page.goto(run.url)
        page.wait_for_function("window.studio && window.studio.ready === true", timeout=120000)
        out["first draw"] = page.evaluate(FRAME)
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
        static = static_page(work, data)
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
    out["board w"], out["board h"] = w, h
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--sizes", default="100x100,150x90")
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    from tests.studio.conftest import chromium_path

    exe = chromium_path()
    if exe is None:
        sys.exit("no Chromium found (apt-get install -y chromium, or set UMPIRE_CHROMIUM)")
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=exe, headless=True, args=["--no-sandbox"])
        for size in args.sizes.split(","):
            cols, rows = (int(x) for x in size.split("x"))
            runs = [measure(browser, cols, rows, Path(tmp)) for _ in range(args.runs)]
            med = {k: statistics.median(r[k] for r in runs) for k in runs[0]}
            print(f"{cols}x{rows}: {int(med['hexes'])} hexes on a {int(med['board w'])}x{int(med['board h'])} px board image, {args.runs} runs (median)")
            print(f"  first draw  {med['first draw']:7.0f} ms   static SVG {med['static draw']:6.0f} ms   "
                  f"ratio {med['first draw'] / med['static draw']:.2f}x   (goal <= 1000 ms)")
            print(f"  paint       {med['paint']:7.1f} ms   static SVG {med['static paint']:6.1f} ms   "
                  f"ratio {med['paint'] / med['static paint']:.2f}x   (goal <= 50 ms)")
            print(f"  save+check  {med['save']:7.0f} ms")
        browser.close()


if __name__ == "__main__":
    main()
