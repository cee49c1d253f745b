"""SYNTHETIC VASSAL modules for Umpire Studio: made here, with our own art.

The real sample modules' art belongs to their publishers and may not be
redistributed (../shared/vassal-samples/README.md), so the pictures in
docs/studio.md, the browser tests that need no samples, and the benchmark use
modules built by the project's own module writer
(exporters/vassal/module_build.py) with images drawn here from plain shapes:

* `demo_module`: "Umpire demo — Ashford crossing", one 16x12 hex board drawn
  with woods, hills, a river, a road and a village; six counters (three per
  side) whose images print their (made-up) values; a terrain key as the
  module's chart; the start position as a predefined setup; `demo_files`
  also writes that start as a save and a short log of moves;
* `sheets_module`: a map of several boards (one sheet each, as GOSS has five)
  for the benchmark.

Nothing here is rules data of any game: the counters' values, the map and the
village name are invented, and labelled SYNTHETIC where they are stored.
"""

from __future__ import annotations

import io
import zipfile
from dataclasses import dataclass
from html import escape
from pathlib import Path

from typing import TYPE_CHECKING

from lxml import etree

from exporters.picture import svg_to_png
from exporters.vassal.module_build import build_module
from importers.vassal.canonmap import hex_grid_from_proto
from umpire.v1 import action_pb2, definition_pb2, map_pb2, vassal_pb2

if TYPE_CHECKING:
    from studio.project import Project

CHART = "VASSAL.build.module.ChartWindow"
BOARD_TAG = "VASSAL.build.module.map.boardPicker.Board"

COLS, ROWS = 16, 12
WOODS = ["0304", "0404", "0305", "0405", "1102", "1202", "1103", "0909"]
HILLS = ["0707", "0708", "0808", "1310"]
RIVER = [("0805", "0905"), ("0806", "0906"), ("0807", "0907"), ("0808", "0908"), ("0809", "0909"),
         ("0810", "0910"), ("0804", "0904"), ("0803", "0903")]  # hexsides: a river from north to south
ROAD = ["0106", "0206", "0306", "0406", "0506", "0606", "0706", "0806", "0906", "1006", "1106", "1206", "1306",
        "1406", "1506", "1606"]
VILLAGE = ("1006", "Ashford")
BLUE, RED = "#3a6fc4", "#c4453a"


@dataclass(frozen=True)
class Counter:
    """A SYNTHETIC counter: what its image prints is what a user types."""

    id: str
    name: str
    side: str  # the module's side ("Blue" / "Red")
    kind: str  # "infantry" or "armored"
    strength: int
    reduced: int
    quality: str
    hex: str


COUNTERS = [
    Counter("blue-inf-1", "1/Inf", "Blue", "infantry", 4, 2, "C", "0405"),
    Counter("blue-inf-2", "2/Inf", "Blue", "infantry", 4, 2, "C", "0907"),
    Counter("blue-arm-1", "1/Arm", "Blue", "armored", 6, 3, "B", "0306"),
    Counter("red-inf-1", "11/Gren", "Red", "infantry", 3, 1, "C", "1006"),
    Counter("red-inf-2", "12/Gren", "Red", "infantry", 3, 1, "D", "1105"),
    Counter("red-arm-1", "7/Pz", "Red", "armored", 5, 2, "B", "1006"),
]


def grid(columns: int = COLS, rows: int = ROWS) -> map_pb2.HexGrid:
    g = map_pb2.HexGrid(columns=columns, rows=rows)
    n = g.numbering  # "0101" .. "1612": two digits each, counted from 1
    n.column_leading = n.row_leading = n.column_offset = n.row_offset = 1
    return g


def _centres(g: map_pb2.HexGrid, w: int, h: int) -> dict[str, tuple[float, float]]:
    geo = hex_grid_from_proto(g)
    out = {}
    for c in range(1, g.columns + 1):
        for r in range(1, g.rows + 1):
            label = f"{c:02d}{r:02d}"
            try:
                poly = geo.polygon(*geo.raw_of_label(label, w, h))
            except Exception:  # noqa: BLE001 - a label this grid does not have
                continue
            out[label] = (sum(p[0] for p in poly) / 6, sum(p[1] for p in poly) / 6)
    return out


def board_svg(w: int, h: int, g: map_pb2.HexGrid, title: str = "Umpire demo map (SYNTHETIC)") -> str:
    """The demo board as an SVG picture: plain shapes where the terrain is."""
    at = _centres(g, w, h)
    r = (g.dy or 64.0) * 0.55
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}">',
             f'<rect width="{w}" height="{h}" fill="#efe6c8"/>']
    for label in WOODS:
        if label in at:
            x, y = at[label]
            for dx, dy, k in ((-0.3, -0.2, 0.55), (0.3, -0.1, 0.5), (0.0, 0.3, 0.6)):
                parts.append(f'<circle cx="{x + dx * r:.0f}" cy="{y + dy * r:.0f}" r="{k * r:.0f}" fill="#5f9a4f"/>')
    for label in HILLS:
        if label in at:
            x, y = at[label]
            parts.append(f'<ellipse cx="{x:.0f}" cy="{y:.0f}" rx="{r * 0.95:.0f}" ry="{r * 0.7:.0f}" fill="#b08a5a"/>')
            parts.append(f'<ellipse cx="{x:.0f}" cy="{y:.0f}" rx="{r * 0.55:.0f}" ry="{r * 0.38:.0f}" fill="#c9a574"/>')
    pts = []
    for a, b in sorted(RIVER, key=lambda s: at.get(s[0], (0, 0))[1]):
        if a in at and b in at:
            pts.append(((at[a][0] + at[b][0]) / 2, (at[a][1] + at[b][1]) / 2))
    if pts:
        parts.append('<polyline fill="none" stroke="#3f7fd0" stroke-width="9" stroke-linecap="round" points="'
                     + " ".join(f"{x:.0f},{y:.0f}" for x, y in pts) + '"/>')
    road = [at[label] for label in ROAD if label in at]
    if road:
        parts.append('<polyline fill="none" stroke="#8c8c8c" stroke-width="7" points="'
                     + " ".join(f"{x:.0f},{y:.0f}" for x, y in road) + '"/>')
    if VILLAGE[0] in at:
        x, y = at[VILLAGE[0]]
        for dx, dy in ((-10, -8), (6, -12), (-4, 6), (10, 4)):
            parts.append(f'<rect x="{x + dx - 6:.0f}" y="{y + dy - 6:.0f}" width="12" height="12" fill="#8b2b22"/>')
        parts.append(f'<text x="{x:.0f}" y="{y + r * 0.9:.0f}" font-size="15" font-family="DejaVu Sans" '
                     f'text-anchor="middle" font-style="italic">{escape(VILLAGE[1])}</text>')
    parts.append(f'<text x="12" y="{h - 12}" font-size="16" font-family="DejaVu Sans" fill="#555">{escape(title)}</text>')
    parts.append("</svg>")
    return "".join(parts)


def counter_svg(c: Counter, reduced: bool = False, size: int = 60) -> str:
    """A plain NATO-style counter printing the values the rules read."""
    fill = BLUE if c.side == "Blue" else RED
    s = size
    box = f'<rect x="{s * 0.22:.0f}" y="{s * 0.2:.0f}" width="{s * 0.56:.0f}" height="{s * 0.32:.0f}" ' \
          'fill="none" stroke="#fff" stroke-width="2"/>'
    if c.kind == "infantry":
        sym = (f'<line x1="{s * 0.22:.0f}" y1="{s * 0.2:.0f}" x2="{s * 0.78:.0f}" y2="{s * 0.52:.0f}" stroke="#fff" '
               f'stroke-width="2"/><line x1="{s * 0.78:.0f}" y1="{s * 0.2:.0f}" x2="{s * 0.22:.0f}" '
               f'y2="{s * 0.52:.0f}" stroke="#fff" stroke-width="2"/>')
    else:
        sym = (f'<ellipse cx="{s * 0.5:.0f}" cy="{s * 0.36:.0f}" rx="{s * 0.17:.0f}" ry="{s * 0.08:.0f}" fill="none" '
               'stroke="#fff" stroke-width="2"/>')
    value = f"{c.reduced if reduced else c.strength}-{c.quality}"
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{s}" height="{s}">'
            f'<rect x="1" y="1" width="{s - 2}" height="{s - 2}" rx="4" fill="{fill}" stroke="#111" stroke-width="2"/>'
            + (f'<rect x="1" y="1" width="{s - 2}" height="{s - 2}" rx="4" fill="#fff" fill-opacity="0.35"/>'
               if reduced else "")
            + box + sym
            + f'<text x="{s / 2:.0f}" y="{s * 0.16:.0f}" font-size="{s * 0.13:.0f}" font-family="DejaVu Sans" '
              f'text-anchor="middle" fill="#fff">{escape(c.name)}</text>'
            + f'<text x="{s / 2:.0f}" y="{s * 0.86:.0f}" font-size="{s * 0.26:.0f}" font-family="DejaVu Sans" '
              f'font-weight="bold" text-anchor="middle" fill="#fff">{escape(value)}</text></svg>')


def key_svg() -> str:
    """The module's chart: which shape on the board is which terrain."""
    rows = [("#5f9a4f", "woods"), ("#b08a5a", "hills"), ("#3f7fd0", "river (along hexsides)"),
            ("#8c8c8c", "road"), ("#8b2b22", "village")]
    parts = ['<svg xmlns="http://www.w3.org/2000/svg" width="300" height="220">',
             '<rect width="300" height="220" fill="#fffdf4" stroke="#333"/>',
             '<text x="14" y="28" font-size="17" font-family="DejaVu Sans" font-weight="bold">Terrain key</text>']
    for i, (col, name) in enumerate(rows):
        y = 48 + i * 30
        parts.append(f'<rect x="16" y="{y}" width="34" height="20" fill="{col}"/>')
        parts.append(f'<text x="62" y="{y + 15}" font-size="14" font-family="DejaVu Sans">{escape(name)}</text>')
    parts.append('<text x="14" y="212" font-size="10" font-family="DejaVu Sans" fill="#777">'
                 'SYNTHETIC demo module (no game\'s data)</text></svg>')
    return "".join(parts)


def _definition() -> definition_pb2.GameDefinition:
    d = definition_pb2.GameDefinition(id="umpire-demo", name="Umpire demo — Ashford crossing",
                                      source="SYNTHETIC demo module made by tests/support/studio_module.py")
    d.sides.add(id="Blue", name="Blue", color="blue")
    d.sides.add(id="Red", name="Red", color="red")
    d.map.id = "demo"
    d.map.hex.grid.CopyFrom(grid())
    d.map.hex.default_terrain = "clear"
    for c in COUNTERS:
        u = d.units.add(id=c.id, side=c.side, name=c.name, steps=2)
        u.props["vassal.images"] = f"{c.id}.png,{c.id}-reduced.png"
    return d


def demo_scenario() -> definition_pb2.Scenario:
    s = definition_pb2.Scenario(id="umpire-demo/start", name="Start", first_turn=1,
                                source="SYNTHETIC demo scenario")
    s.definition.CopyFrom(_definition())
    for c in COUNTERS:
        s.setup.add(unit_id=c.id, location=c.hex)
    return s


def decorate(module: bytes, boards: dict[str, bytes], images: dict[str, bytes],
             charts: list[tuple[str, str]] = ()) -> bytes:  # type: ignore[assignment]
    """A module with board images (board name -> PNG), more images, and charts
    (name, image file) in a ChartWindow: what module_build does not write."""
    src = zipfile.ZipFile(io.BytesIO(module))
    bf = etree.fromstring(src.read("buildFile.xml"))
    for board in bf.iter(BOARD_TAG):
        name = board.get("name", "")
        if name in boards:
            board.set("image", f"board-{name}.png")
    if charts:
        win = etree.SubElement(bf, CHART, {"name": "Charts", "buttonText": "Charts", "hotkey": "", "icon": ""})
        for name, file in charts:
            etree.SubElement(win, "VASSAL.build.widget.Chart", {"chartName": name, "fileName": file, "description": ""})
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for n in src.namelist():
            z.writestr(n, etree.tostring(bf, xml_declaration=True, encoding="UTF-8") if n == "buildFile.xml"
                       else src.read(n))
        for name, png in boards.items():
            z.writestr(f"images/board-{name}.png", png)
        for name, data in images.items():
            z.writestr(f"images/{name}", data)
    return out.getvalue()


def board_size(module: bytes) -> tuple[int, int]:
    bf = etree.fromstring(zipfile.ZipFile(io.BytesIO(module)).read("buildFile.xml"))
    b = next(bf.iter(BOARD_TAG))
    return int(b.get("width", "0")), int(b.get("height", "0"))


def demo_module() -> bytes:
    sc = demo_scenario()
    plain = build_module(sc.definition, sc)
    w, h = board_size(plain)
    images = {"terrain-key.png": svg_to_png(key_svg())}
    for c in COUNTERS:
        images[f"{c.id}.png"] = svg_to_png(counter_svg(c))
        images[f"{c.id}-reduced.png"] = svg_to_png(counter_svg(c, reduced=True))
    board = svg_to_png(board_svg(w, h, grid()))
    return decorate(plain, {"Map": board}, images, [("Terrain key", "terrain-key.png")])


@dataclass
class DemoFiles:
    module: Path
    save: Path
    log: Path


BINDING = vassal_pb2.VassalBinding(ruleset="nordwind-1945", sides={"Blue": "allied", "Red": "german"})

# The log's moves: Blue moves first, so the log starts mid-game (allied movement);
# the third is a drop far out of reach (illegal). SYNTHETIC, as is everything here.
LOG_MOVES = [("Blue", "blue-inf-1", ["0406"]), ("Blue", "blue-arm-1", ["0406", "0506"]),
             ("Blue", "blue-inf-1", ["1204"])]


def demo_files(folder: Path) -> DemoFiles:
    """The demo module, its start as a save, and a short log of Blue's moves."""
    from exporters.vassal.archive import save_entries, zip_bytes
    from exporters.vassal.build import scenario_state
    from exporters.vassal.logwriter import write_log_text
    from exporters.vassal.setups import scenario_save_bytes
    from importers.vassal.module import Module
    from importers.vassal.obfuscation import Encoding

    folder.mkdir(parents=True, exist_ok=True)
    mp = folder / "umpire-demo.vmod"
    mp.write_bytes(demo_module())
    mod = Module.open(mp)
    sc = demo_scenario()
    b = vassal_pb2.VassalBinding(ruleset="")
    save = folder / "demo-start.vsav"
    save.write_bytes(scenario_save_bytes(mod, b, sc, "SYNTHETIC demo start"))
    moves = [action_pb2.Action(side=s, move=action_pb2.MoveUnits(unit_ids=[u], path=p)) for s, u, p in LOG_MOVES]
    text = write_log_text(mod, b, scenario_state(sc), moves)
    log = folder / "demo-moves.vlog"
    log.write_bytes(zip_bytes(save_entries(text, Encoding(), {})))
    return DemoFiles(mp, save, log)


def sheets_module(boards: int, columns: int, rows: int) -> bytes:
    """A map of `boards` boards (one sheet each, as GOSS has five; three to a
    row), each with its own drawn image, and no units. One board: a plain grid."""
    d = definition_pb2.GameDefinition(id="sheets", name=f"{boards} x {columns}x{rows} hexes (SYNTHETIC)")
    d.sides.add(id="a")
    g = d.map.hex.grid
    g.CopyFrom(grid(columns, rows))
    # Whole-pixel hexes, the first centre one hex in: a board is then a whole
    # number of columns wide, so boards side by side keep VASSAL's column parity.
    g.dx, g.dy, g.x0, g.y0 = 56.0, 64.0, 56, 32
    if boards > 1:
        g.sheet_separator = ":"
        for i in range(boards):
            g.sheets.add(id=f"S{i + 1}", name=f"sheet {i + 1}", column_offset=(i % 3) * (columns + 1),
                         row_offset=(i // 3) * rows)
    d.map.hex.default_terrain = "clear"
    plain = build_module(d)
    w, h = board_size(plain)
    one = map_pb2.HexGrid()
    one.CopyFrom(g)
    one.ClearField("sheets")
    names = [f"S{i + 1}" for i in range(boards)] if boards > 1 else ["Map"]
    pics = {n: svg_to_png(board_svg(w, h, one, f"SYNTHETIC board {n}")) for n in names}
    return decorate(plain, pics, {})


def demo_values() -> dict[str, dict[str, str]]:
    """What the demo counters print, as the Counters tab sends it (Nordwind's columns)."""
    out = {}
    for c in COUNTERS:
        out[c.id] = {"strength": str(c.strength), "strength (reduced)": str(c.reduced), "quality": c.quality,
                     "quality (reduced)": c.quality, "size": "X" if c.kind == "armored" else "III",
                     "type": c.kind, "movement class": "mech" if c.kind == "armored" else "foot",
                     "armored bonus": "yes" if c.kind == "armored" else "no"}
    return out


def paint_demo(doc: dict[str, object]) -> dict[str, object]:
    """The demo board's terrain painted into a map document (what a user paints
    in the Map tab, following the board's picture)."""
    terrain, sides, roads = doc["terrain"], doc["hexsides"], doc["roads"]
    feats, names = doc["features"], doc["names"]
    assert isinstance(terrain, dict) and isinstance(sides, dict) and isinstance(roads, list)
    assert isinstance(feats, dict) and isinstance(names, dict)
    terrain.update({label: "wooded" for label in WOODS} | {label: "difficult" for label in HILLS})
    for a, b in RIVER:
        sides["/".join(sorted((a, b)))] = ["river"]
    roads.append({"kind": "national", "hexes": list(ROAD)})
    feats[VILLAGE[0]] = ["village"]
    names[VILLAGE[0]] = VILLAGE[1]
    return doc


def demo_project(folder: Path, files: DemoFiles) -> "Project":
    """A studio project over the demo module with every file saved by the
    studio's own code (map, counters, binding), as the walkthrough leaves it."""
    from studio.project import Project

    p = Project.open(folder, files.module, "nordwind-1945")
    saved = p.save_map("Main Map", paint_demo(p.load_map("Main Map")["doc"]))
    assert saved["ok"], saved
    p.save_counters(demo_values())
    b = p.binding()
    b.sides.update(dict(BINDING.sides))
    p.save_binding(b)
    return p
