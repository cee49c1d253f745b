"""A picture of a game state as SVG (and PNG): `umpire render`, `umpire report`.

Hex maps are drawn with the VASSAL converter's own grid geometry
(`importers.vassal.canonmap.hex_grid_from_proto`, `HexGeom.center/polygon`),
so hexes sit where VASSAL puts them on the module's board; terrain, hex
features, hexside features, roads, place names and units follow the map file's
data. Point-to-point boards draw towns where their `x`, `y` say (scaled so
towns stay apart; on a circle when no town has a position) and roads in their
kind's line style (solid, dashed, dotted). Overlays: reachable locations with
their cost, a side's supply, a move's path, an attack, marked locations.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from html import escape

from adjudicator.core.errors import MalformedInput
from adjudicator.core.hexmap import HexMap, compile_map
from exporters.palette import colour, side_colour
from importers.vassal.canonmap import hex_grid_from_proto
from umpire.v1 import map_pb2, state_pb2

Point = tuple[float, float]
HALO = 'stroke="#ffffff" stroke-width="3" paint-order="stroke"'


@dataclass
class Overlay:
    reach: dict[str, float] = field(default_factory=dict)  # location -> cost
    supply: set[str] = field(default_factory=set)
    supply_side: str = ""
    path: list[str] = field(default_factory=list)  # start first
    path_ok: bool = True
    attackers: list[str] = field(default_factory=list)  # locations attacking
    target: str = ""
    marks: dict[str, str] = field(default_factory=dict)  # location -> note (drawn in red)
    selected: set[str] = field(default_factory=set)  # unit ids drawn highlighted


def _f(v: float) -> str:
    return f"{v:.1f}".rstrip("0").rstrip(".")


def _pts(pts: list[Point]) -> str:
    return " ".join(f"{_f(x)},{_f(y)}" for x, y in pts)


class HexLayout:
    """Pixel positions of a hex map's hexes (the converter's geometry)."""

    def __init__(self, gm: map_pb2.GameMap) -> None:
        self.hm: HexMap = compile_map(gm)
        self.geom = hex_grid_from_proto(gm.hex.grid)
        g = self.geom
        self.size = min(g.dx * 4 / 3, g.dy) if not g.sideways else min(g.dx * 4 / 3, g.dy)
        self.polys = [g.polygon(c, r) for c, r in self.hm.raw]
        self.centres: list[Point] = [(sum(p[0] for p in ps) / 6, sum(p[1] for p in ps) / 6) for ps in self.polys]

    def centre(self, label: str) -> Point:
        return self.centres[self.hm.hex_id(label)]

    def side(self, a: int, b: int) -> tuple[Point, Point]:
        """The two corners of hex a nearest hex b: the side they share."""
        cb = self.centres[b]
        pts = sorted(self.polys[a], key=lambda p: (p[0] - cb[0]) ** 2 + (p[1] - cb[1]) ** 2)
        return pts[0], pts[1]

    def bounds(self) -> tuple[float, float, float, float]:
        xs = [p[0] for ps in self.polys for p in ps]
        ys = [p[1] for ps in self.polys for p in ps]
        return min(xs), min(ys), max(xs), max(ys)


def _side_colours(state: state_pb2.GameState) -> dict[str, str]:
    return {s.id: s.color or side_colour(s.id, i) for i, s in enumerate(state.scenario.definition.sides)}


def _unit_labels(state: state_pb2.GameState) -> dict[str, str]:
    return {u.id: (u.name or u.id) for u in state.scenario.definition.units}


def render_svg(state: state_pb2.GameState, overlay: Overlay | None = None, title: str = "",
               max_width: int = 0, focus: list[str] | None = None) -> str:
    """The state as one SVG document (no external references). `focus`: draw
    only the part of the map around these locations (a few hexes beyond)."""
    ov = overlay or Overlay()
    gm = state.scenario.definition.map
    kind = gm.WhichOneof("layout")
    if kind == "hex":
        body, (x0, y0, x1, y1), where, size = _hex_body(state, gm, ov)
    elif kind == "graph":
        body, (x0, y0, x1, y1), where, size = _graph_body(state, gm, ov)
    else:
        raise MalformedInput("the state's scenario has no map to draw", "scenario.definition.map")
    pts = [where[f] for f in focus or [] if f in where]
    if pts:
        m = size * 3.5
        x0, y0 = max(x0, min(p[0] for p in pts) - m), max(y0, min(p[1] for p in pts) - m)
        x1, y1 = min(x1, max(p[0] for p in pts) + m), min(y1, max(p[1] for p in pts) + m)
    pad = 12.0
    head = 28.0 if title else 0.0
    w, h = x1 - x0 + 2 * pad, y1 - y0 + 2 * pad + head
    scale = min(1.0, max_width / w) if max_width else 1.0
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{_f(x0 - pad)} {_f(y0 - pad - head)} {_f(w)} {_f(h)}" '
           f'width="{_f(w * scale)}" height="{_f(h * scale)}" font-family="DejaVu Sans, Arial, sans-serif">',
           f'<rect x="{_f(x0 - pad)}" y="{_f(y0 - pad - head)}" width="{_f(w)}" height="{_f(h)}" fill="#ffffff"/>']
    if title:
        out.append(f'<text x="{_f(x0)}" y="{_f(y0 - pad - head + 20)}" font-size="16" font-weight="bold">'
                   f'{escape(title)}</text>')
    out += body
    out.append("</svg>")
    return "\n".join(out)


def _units_at(state: state_pb2.GameState) -> dict[str, list[state_pb2.UnitState]]:
    at: dict[str, list[state_pb2.UnitState]] = {}
    for u in state.units:
        if u.status == state_pb2.UnitState.ON_MAP and u.location:
            at.setdefault(u.location, []).append(u)
    return at


def _counter(out: list[str], x: float, y: float, s: float, unit: state_pb2.UnitState, text: str,
             fill: str, selected: bool) -> None:
    stroke = "#ffcc00" if selected else "#111111"
    sw = _f(max(1.0, s / 14) * (2.5 if selected else 1))
    out.append(f'<g class="unit" data-unit="{escape(unit.unit_id)}"><rect x="{_f(x - s / 2)}" y="{_f(y - s / 2)}" '
               f'width="{_f(s)}" height="{_f(s)}" rx="{_f(s / 10)}" fill="{fill}" stroke="{stroke}" '
               f'stroke-width="{sw}"/>')
    label = text if len(text) <= 9 else text[:8] + "…"
    out.append(f'<text x="{_f(x)}" y="{_f(y + s * 0.12)}" font-size="{_f(s * 0.24)}" text-anchor="middle" '
               f'fill="#ffffff">{escape(label)}</text>')
    if unit.steps_lost:
        out.append(f'<rect x="{_f(x - s / 2)}" y="{_f(y + s * 0.3)}" width="{_f(s)}" height="{_f(s * 0.2)}" '
                   f'fill="#c00000"/>')
    out.append("</g>")


def _draw_units(out: list[str], state: state_pb2.GameState, where: dict[str, Point], s: float,
                ov: Overlay) -> None:
    colours = _side_colours(state)
    names = _unit_labels(state)
    for loc, units in _units_at(state).items():
        if loc not in where:
            continue
        x, y = where[loc]
        step = s * 0.12
        for i, u in enumerate(units[:6]):
            _counter(out, x + i * step, y - i * step, s, u, names.get(u.unit_id, u.unit_id),
                     colours.get(u.side, "#555555"), u.unit_id in ov.selected)
        if len(units) > 6:
            out.append(f'<text x="{_f(x + s / 2)}" y="{_f(y + s / 2)}" font-size="{_f(s * 0.3)}">'
                       f'+{len(units) - 6}</text>')


def _overlays(out: list[str], where: dict[str, Point], s: float, ov: Overlay,
              shape: "dict[str, str]") -> None:
    """Reach, supply, marks, path and attack over the map (`shape`: location -> SVG
    element with `{style}` for the fill, so hexes and towns share this code)."""
    for loc in sorted(ov.supply):
        if loc in shape:
            out.append(shape[loc].format(style='fill="#2e8b57" fill-opacity="0.22" stroke="none"'))
    for loc, cost in ov.reach.items():
        if loc in shape:
            out.append(shape[loc].format(style='fill="#1e90ff" fill-opacity="0.28" stroke="#1e90ff" stroke-width="2"'))
            x, y = where[loc]
            out.append(f'<text x="{_f(x)}" y="{_f(y + s * 0.42)}" font-size="{_f(s * 0.26)}" text-anchor="middle" '
                       f'fill="#0b3d91" font-weight="bold">{_f(cost)}</text>')
    for loc, note in ov.marks.items():
        if loc in shape:
            out.append(shape[loc].format(style='fill="#ff0000" fill-opacity="0.25" stroke="#d00000" stroke-width="3"'))
            out.append(f'<title>{escape(loc)}: {escape(note)}</title>')
    pts = [where[p] for p in ov.path if p in where]
    if len(pts) >= 2:
        col = "#0a7d20" if ov.path_ok else "#d00000"
        out.append(f'<polyline points="{_pts(pts)}" fill="none" stroke="{col}" stroke-width="{_f(s / 8)}" '
                   f'stroke-linecap="round" stroke-linejoin="round" stroke-opacity="0.85"/>')
        _arrow(out, pts[-2], pts[-1], s, col)
    if ov.target in where:
        tx, ty = where[ov.target]
        for a in ov.attackers:
            if a in where:
                _arrow(out, where[a], (tx, ty), s, "#d00000", line=True)


def _arrow(out: list[str], a: Point, b: Point, s: float, col: str, line: bool = False) -> None:
    ang = math.atan2(b[1] - a[1], b[0] - a[0])
    tip = (b[0] - math.cos(ang) * s * 0.3, b[1] - math.sin(ang) * s * 0.3)
    if line:
        out.append(f'<line x1="{_f(a[0])}" y1="{_f(a[1])}" x2="{_f(tip[0])}" y2="{_f(tip[1])}" stroke="{col}" '
                   f'stroke-width="{_f(s / 9)}"/>')
    w = s * 0.22
    p1 = (tip[0] - math.cos(ang - 0.5) * w, tip[1] - math.sin(ang - 0.5) * w)
    p2 = (tip[0] - math.cos(ang + 0.5) * w, tip[1] - math.sin(ang + 0.5) * w)
    out.append(f'<polygon points="{_pts([tip, p1, p2])}" fill="{col}"/>')


Body = tuple[list[str], tuple[float, float, float, float], dict[str, Point], float]


def _hex_body(state: state_pb2.GameState, gm: map_pb2.GameMap, ov: Overlay) -> Body:
    lay = HexLayout(gm)
    hm = lay.hm
    s = lay.size * 0.55
    out: list[str] = ['<g class="terrain">']
    for h in range(hm.n):
        out.append(f'<polygon points="{_pts(lay.polys[h])}" fill="{colour(hm.terrain[h])}"/>')
    out.append("</g>")
    grid = " ".join("M" + " L".join(f"{_f(x)},{_f(y)}" for x, y in ps) + "Z" for ps in lay.polys)
    out.append(f'<path d="{grid}" fill="none" stroke="#6d6d6d" stroke-width="1"/>')
    for h in range(hm.n):
        x, y = lay.centres[h]
        for i, f in enumerate(sorted(hm.features[h])):
            out.append(f'<circle cx="{_f(x - s * 0.5 + i * s * 0.3)}" cy="{_f(y - s * 0.55)}" r="{_f(s * 0.13)}" '
                       f'fill="{colour(f)}"><title>{escape(f)}</title></circle>')
        for i, t in enumerate(sorted(hm.tags[h])):
            out.append(f'<rect x="{_f(x + s * 0.35)}" y="{_f(y - s * 0.7 + i * s * 0.22)}" width="{_f(s * 0.18)}" '
                       f'height="{_f(s * 0.18)}" fill="{colour(t)}"><title>{escape(t)}</title></rect>')
    for hs in gm.hex.hexsides:
        a, b = hm.hex_id(hs.a), hm.hex_id(hs.b)
        p, q = lay.side(a, b)
        for i, f in enumerate(hs.features):
            width = s * (0.18 if i == 0 else 0.08)
            out.append(f'<line x1="{_f(p[0])}" y1="{_f(p[1])}" x2="{_f(q[0])}" y2="{_f(q[1])}" stroke="{colour(f)}" '
                       f'stroke-width="{_f(width)}" stroke-linecap="round"><title>{escape(f)} {escape(hs.a)}/'
                       f'{escape(hs.b)}</title></line>')
    for rl in gm.hex.roads:
        ra, rb = lay.centre(rl.a), lay.centre(rl.b)
        dash = ' stroke-dasharray="6 4"' if rl.kind in ("rail", "railway", "railroad") else ""
        out.append(f'<line x1="{_f(ra[0])}" y1="{_f(ra[1])}" x2="{_f(rb[0])}" y2="{_f(rb[1])}" stroke="{colour(rl.kind)}" '
                   f'stroke-width="{_f(s * 0.12)}"{dash} stroke-linecap="round"/>')
    for h in range(hm.n):
        x, y = lay.centres[h]
        out.append(f'<text x="{_f(x)}" y="{_f(y - s * 0.72)}" font-size="{_f(s * 0.2)}" text-anchor="middle" '
                   f'fill="#555555">{escape(hm.labels[h])}</text>')
        if hm.names[h]:
            out.append(f'<text x="{_f(x)}" y="{_f(y + s * 0.78)}" font-size="{_f(s * 0.24)}" text-anchor="middle" '
                       f'font-style="italic" {HALO}>{escape(hm.names[h])}</text>')
    where = {hm.labels[h]: lay.centres[h] for h in range(hm.n)}
    for label in list(where):
        for alias in hm.grid.aliases(hm.raw[hm.hex_id(label)]):
            where.setdefault(alias, where[label])
    shape = {hm.labels[h]: f'<polygon points="{_pts(lay.polys[h])}" {{style}}/>' for h in range(hm.n)}
    _overlays(out, where, s, ov, shape)
    _draw_units(out, state, where, s, ov)
    return out, lay.bounds(), where, lay.size


def town_positions(gm: map_pb2.GameMap) -> dict[str, Point]:
    """Drawing positions of a point-to-point board's towns, scaled so the nearest
    two towns are at least 90 px apart; on a circle when no town has a position."""
    towns = list(gm.graph.towns)
    if not towns:
        return {}
    if all(t.x == 0 and t.y == 0 for t in towns):
        r = max(120.0, 30.0 * len(towns))
        return {t.id: (r + r * math.cos(2 * math.pi * i / len(towns)), r + r * math.sin(2 * math.pi * i / len(towns)))
                for i, t in enumerate(towns)}
    nearest = math.inf
    for i, a in enumerate(towns):
        for b in towns[i + 1:]:
            d = math.hypot(a.x - b.x, a.y - b.y)
            if d > 0:
                nearest = min(nearest, d)
    k = 90.0 / nearest if nearest < 90.0 else 1.0
    return {t.id: (t.x * k, t.y * k) for t in towns}


def _graph_body(state: state_pb2.GameState, gm: map_pb2.GameMap, ov: Overlay) -> Body:
    pos = town_positions(gm)
    s = 34.0
    out: list[str] = []
    dash = {"solid": "", "dashed": ' stroke-dasharray="10 6"', "dotted": ' stroke-dasharray="2 6"'}
    for r in gm.graph.roads:
        if r.a in pos and r.b in pos:
            a, b = pos[r.a], pos[r.b]
            out.append(f'<line x1="{_f(a[0])}" y1="{_f(a[1])}" x2="{_f(b[0])}" y2="{_f(b[1])}" stroke="#333333" '
                       f'stroke-width="3"{dash.get(r.kind, "")} stroke-linecap="round"><title>{escape(r.id)} '
                       f'({escape(r.kind)})</title></line>')
    for area in gm.graph.areas:
        if area.town in pos:
            x, y = pos[area.town]
            tri = [(x - 50, y - 14), (x - 30, y - 24), (x - 30, y - 4)]
            out.append(f'<polygon points="{_pts(tri)}" fill="#f2c14e" stroke="#333"><title>{escape(area.name or area.id)}'
                       f' capacity {area.capacity}</title></polygon>')
            out.append(f'<text x="{_f(x - 36)}" y="{_f(y - 10)}" font-size="10">{area.capacity}</text>')
    shape = {}
    for t in gm.graph.towns:
        x, y = pos[t.id]
        fill = "#b3261e" if "red" in t.tags else "#ffffff"
        out.append(f'<circle cx="{_f(x)}" cy="{_f(y)}" r="16" fill="{fill}" stroke="#222222" stroke-width="2">'
                   f'<title>{escape(t.id)} {escape(" ".join(t.tags))}</title></circle>')
        out.append(f'<text x="{_f(x)}" y="{_f(y + 30)}" font-size="12" text-anchor="middle" {HALO}>{escape(t.name or t.id)}'
                   f'{" *" if "star" in t.tags or "german-reserve" in t.tags else ""}</text>')
        shape[t.id] = f'<circle cx="{_f(x)}" cy="{_f(y)}" r="19" {{style}}/>'
    _overlays(out, pos, s, ov, shape)
    _draw_units(out, state, {k: (x + 24, y - 20) for k, (x, y) in pos.items()}, s, ov)
    xs = [p[0] for p in pos.values()] or [0.0]
    ys = [p[1] for p in pos.values()] or [0.0]
    return out, (min(xs) - 60, min(ys) - 50, max(xs) + 80, max(ys) + 40), pos, 60.0


def svg_to_png(svg: str) -> bytes:
    """PNG through resvg (a Rust SVG renderer shipped as a wheel: no system libraries)."""
    import resvg_py

    try:
        return bytes(resvg_py.svg_to_bytes(svg_string=svg))
    except ValueError as e:
        raise MalformedInput(f"cannot rasterise the picture: {e}") from None
