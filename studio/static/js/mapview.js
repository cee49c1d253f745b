// An SVG view of one VASSAL map: its board images where VASSAL lays them out
// and the grid the converter computed (the server sends every hex's centre
// and one corner template per grid: a hex is its centre plus the template).
// A point-to-point board (data.kind "graph") is drawn the same way: each town
// a cell (a disc) at its centre, with the roads between them in their kind's
// line style. Pan with the right or middle button (or the pan tool), zoom
// with the wheel.

import { imageUrl } from "./api.js";

const NS = "http://www.w3.org/2000/svg";

export function svgEl(tag, attrs = {}) {
  const e = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  return e;
}

export class MapView {
  constructor(container, data, { onHover, onPointer } = {}) {
    this.data = data;
    this.onHover = onHover;
    this.onPointer = onPointer;
    this.index = new Map(data.labels.map((l, i) => [l, i]));
    this.svg = svgEl("svg", { class: data.kind === "graph" ? "map graph" : "map", "data-map": data.map });
    this.svg.style.touchAction = "none";
    container.replaceChildren(this.svg);
    this.layers = {};
    for (const name of ["boards", "fills", "excluded", "grid", "marks", "sides", "roads", "names", "overlay",
                        "problems", "units", "hover"]) {
      this.layers[name] = this.svg.appendChild(svgEl("g", { class: `layer-${name}` }));
    }
    for (const b of data.boards) {
      if (!b.image) continue;
      this.layers.boards.append(svgEl("image", { href: imageUrl(b.image), x: b.x, y: b.y, width: b.width,
        height: b.height, preserveAspectRatio: "none", decoding: "async" }));
    }
    this.radius = 0;
    for (const c of data.corners) for (const [x, y] of c) this.radius = Math.max(this.radius, Math.hypot(x, y));
    this.drawGrid();
    this.buildBuckets();
    this.hover = this.layers.hover.appendChild(svgEl("path", { class: "hover", d: "" }));
    this.vb = { x: 0, y: 0, w: data.width, h: data.height };
    this.fit();
    this.bindPointer();
  }

  polyPoints(i) {
    const [cx, cy] = this.data.centre[i];
    return this.data.corners[this.data.shape[i]].map(([x, y]) => [cx + x, cy + y]);
  }

  polyPath(i) {
    return "M" + this.polyPoints(i).map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join("L") + "Z";
  }

  drawGrid() {
    if (this.data.kind === "graph") return this.drawTowns();
    // One path for the whole grid: each hex a move to its first corner, then the
    // shape's sides as relative lines (built once per shape: fast at GOSS scale).
    const d = this.data;
    const tails = d.corners.map((c) => c.slice(1).map(([x, y], k) => {
      const [px, py] = c[k];
      return `l${(x - px).toFixed(1)},${(y - py).toFixed(1)}`;
    }).join("") + "z");
    const parts = new Array(d.labels.length);
    for (let i = 0; i < d.labels.length; i++) {
      const s = d.shape[i], [cx, cy] = d.centre[i], [x0, y0] = d.corners[s][0];
      parts[i] = `M${(cx + x0).toFixed(1)},${(cy + y0).toFixed(1)}${tails[s]}`;
    }
    this.layers.grid.replaceChildren(svgEl("path", { class: "grid", d: parts.join("") }));
  }

  // Roads (solid, dashed, dotted: their movement cost) under the towns, then
  // each town's disc, name and tags.
  drawTowns() {
    const d = this.data;
    const g = this.layers.grid;
    g.replaceChildren();
    const dash = { dashed: "14 8", dotted: "3 7" };
    for (const r of d.roads || []) {
      const a = this.index.get(r.a), b = this.index.get(r.b);
      if (a === undefined || b === undefined) continue;
      const [x1, y1] = d.centre[a], [x2, y2] = d.centre[b];
      const line = svgEl("line", { x1, y1, x2, y2, class: `link link-${r.kind}` });
      if (dash[r.kind]) line.setAttribute("stroke-dasharray", dash[r.kind]);
      line.dataset.road = r.id;
      const t = svgEl("title", {});
      t.textContent = `${r.id} (${r.kind})`;
      line.append(t);
      g.append(line);
    }
    for (const a of d.areas || []) {
      const i = this.index.get(a.town);
      if (i === undefined) continue;
      const [x, y] = d.centre[i];
      g.append(svgEl("polygon", { points: `${x - 48},${y - 12} ${x - 30},${y - 22} ${x - 30},${y - 2}`, class: "area" }));
    }
    d.labels.forEach((label, i) => {
      const [x, y] = d.centre[i];
      const c = svgEl("circle", { cx: x, cy: y, r: this.radius, class: "town" });
      c.dataset.town = label;
      g.append(c);
      const t = svgEl("text", { x, y: y + this.radius + 14, class: "town-name" });
      t.textContent = d.names[i] + ((d.tags || {})[label] ? ` [${d.tags[label].join(", ")}]` : "");
      g.append(t);
    });
  }

  buildBuckets() {
    this.cell = Math.max(8, this.radius * 2);
    this.buckets = new Map(); // a cell's hexes, keyed by a number (no strings to build)
    this.data.centre.forEach(([x, y], i) => {
      const k = this.bucketKey(Math.floor(x / this.cell), Math.floor(y / this.cell));
      const b = this.buckets.get(k);
      if (b) b.push(i); else this.buckets.set(k, [i]);
    });
  }

  bucketKey(bx, by) {
    return (bx + 1000) * 100000 + (by + 1000);
  }

  // The hexes nearest a map point, nearest first (the first is the hex under it).
  nearest(mx, my, n = 2) {
    const bx = Math.floor(mx / this.cell), by = Math.floor(my / this.cell);
    const found = [];
    for (let dx = -1; dx <= 1; dx++) for (let dy = -1; dy <= 1; dy++) {
      for (const i of this.buckets.get(this.bucketKey(bx + dx, by + dy)) || []) {
        const [x, y] = this.data.centre[i];
        found.push([Math.hypot(x - mx, y - my), i]);
      }
    }
    found.sort((a, b) => a[0] - b[0]);
    return found.slice(0, n);
  }

  hexAt(mx, my) {
    const [best] = this.nearest(mx, my, 1);
    return best && best[0] <= this.radius ? best[1] : -1;
  }

  // The hexside under a map point: the hex under it and the neighbour whose
  // centre is next nearest, when the kernel says they are adjacent.
  sideAt(mx, my) {
    const near = this.nearest(mx, my, 2);
    if (near.length < 2 || near[0][0] > this.radius) return null;
    const [a, b] = [near[0][1], near[1][1]];
    return this.adjacent(a, b) ? [a, b] : null;
  }

  adjacent(a, b) {
    const nb = this.data.nbr;
    for (let d = 0; d < 6; d++) if (nb[a * 6 + d] === b) return true;
    return false;
  }

  toMap(evt) {
    const p = this.svg.createSVGPoint();
    p.x = evt.clientX;
    p.y = evt.clientY;
    const q = p.matrixTransform(this.svg.getScreenCTM().inverse());
    return { x: q.x, y: q.y };
  }

  // Client (screen) coordinates of a map point: what a user's pointer must hit.
  screenOfPoint(x, y) {
    const p = this.svg.createSVGPoint();
    p.x = x;
    p.y = y;
    const q = p.matrixTransform(this.svg.getScreenCTM());
    return { x: q.x, y: q.y };
  }

  screenOf(label) {
    const [x, y] = this.data.snap[this.index.get(label)];
    return this.screenOfPoint(x, y);
  }

  setViewBox() {
    const { x, y, w, h } = this.vb;
    this.svg.setAttribute("viewBox", `${x} ${y} ${w} ${h}`);
  }

  fit() {
    this.vb = { x: 0, y: 0, w: this.data.width, h: this.data.height };
    this.setViewBox();
  }

  zoomTo(labels, margin = 4) {
    const pts = labels.map((l) => this.data.snap[this.index.get(l)]).filter(Boolean);
    if (!pts.length) return;
    const r = this.radius * margin;
    const xs = pts.map((p) => p[0]), ys = pts.map((p) => p[1]);
    this.vb = { x: Math.min(...xs) - r, y: Math.min(...ys) - r, w: Math.max(...xs) - Math.min(...xs) + 2 * r,
      h: Math.max(...ys) - Math.min(...ys) + 2 * r };
    this.setViewBox();
  }

  zoom(factor, mx, my) {
    const v = this.vb;
    const w = Math.min(this.data.width * 4, Math.max(this.radius * 4, v.w * factor));
    const k = w / v.w;
    this.vb = { x: mx - (mx - v.x) * k, y: my - (my - v.y) * k, w, h: v.h * k };
    this.setViewBox();
  }

  bindPointer() {
    let pan = null;
    this.svg.addEventListener("contextmenu", (e) => e.preventDefault());
    this.svg.addEventListener("dragstart", (e) => e.preventDefault());
    this.svg.addEventListener("wheel", (e) => {
      e.preventDefault();
      const m = this.toMap(e);
      this.zoom(e.deltaY > 0 ? 1.2 : 1 / 1.2, m.x, m.y);
    }, { passive: false });
    this.svg.addEventListener("pointerdown", (e) => {
      if (e.button === 1 || e.button === 2 || this.panMode) {
        pan = { x: e.clientX, y: e.clientY, vb: { ...this.vb } };
        this.svg.setPointerCapture(e.pointerId);
        return;
      }
      e.preventDefault(); // no native drag of a piece's image (it would cancel the pointer mid-drag)
      this.svg.setPointerCapture(e.pointerId); // a drag ends where it ends, even off the map
      if (this.onPointer) this.onPointer("down", e, this.toMap(e));
    });
    this.svg.addEventListener("pointermove", (e) => {
      if (pan) {
        const scale = this.vb.w / this.svg.clientWidth;
        this.vb = { ...pan.vb, x: pan.vb.x - (e.clientX - pan.x) * scale, y: pan.vb.y - (e.clientY - pan.y) * scale };
        this.setViewBox();
        return;
      }
      const m = this.toMap(e);
      const i = this.hexAt(m.x, m.y);
      this.showHover(i);
      if (this.onHover) this.onHover(i, e, m);
      if (this.onPointer) this.onPointer("move", e, m);
    });
    const up = (e) => {
      if (pan) {
        pan = null;
        return;
      }
      if (this.onPointer) this.onPointer("up", e, this.toMap(e));
    };
    this.svg.addEventListener("pointerup", up);
    this.svg.addEventListener("pointercancel", up);
    this.svg.addEventListener("pointerleave", () => this.showHover(-1));
  }

  showHover(i) {
    this.hover.setAttribute("d", i >= 0 ? this.polyPath(i) : "");
    this.hover.dataset.label = i >= 0 ? this.data.labels[i] : "";
  }

  // Line of the side shared by hexes a and b: the two corners of a nearest b.
  sideLine(a, b) {
    const [bx, by] = this.data.centre[b];
    const pts = this.polyPoints(a).map(([x, y]) => [Math.hypot(x - bx, y - by), x, y]).sort((p, q) => p[0] - q[0]);
    return [[pts[0][1], pts[0][2]], [pts[1][1], pts[1][2]]];
  }
}
