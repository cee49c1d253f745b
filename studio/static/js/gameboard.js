// The Game tab's board: the map view (hexes over the module's board, or a
// point-to-point board's towns and roads) with the units drawn on it — their
// piece images where VASSAL draws them, plain counters otherwise — and the
// overlays: reach with costs, a side's supply, a move's path, an attack.

import { imageUrl } from "./api.js";
import { MapEditor } from "./mapedit.js";
import { MapView, svgEl } from "./mapview.js";

export class GameBoard {
  constructor(container, data, info, handlers) {
    this.data = data;
    this.natural = new Map(); // image name -> [width, height]: VASSAL draws a piece at its image's size
    this.graph = data.kind === "graph";
    this.map = new MapView(container, data, handlers);
    if (!this.graph && data.doc) {
      const painter = new MapEditor(null, info); // the painted map under the units, read-only
      painter.view = this.map;
      painter.doc = data.doc;
      painter.renderAll();
    }
  }

  labelAt(m) {
    const i = this.map.hexAt(m.x, m.y);
    return i >= 0 ? this.data.labels[i] : null;
  }

  size() {
    return this.graph ? 30 : this.map.radius * 0.9;
  }

  // Where VASSAL draws the piece while it stands where the save put it; else at
  // the location's centre (a hex) or beside it (a town), a stack fanned out.
  position(u, k) {
    if (u.piece && u.piece.map === this.data.map && u.piece.location === u.location && !this.graph) {
      return [u.piece.x, u.piece.y];
    }
    const i = this.map.index.get(u.location);
    if (i === undefined) return null;
    const [x, y] = this.data.snap[i];
    if (this.graph) return [x + 34 + (k % 6) * 8, y - 22 - (k % 6) * 8 + Math.floor(k / 6) * 40];
    return [x + k * 3, y - k * 5];
  }

  // Learn the pieces' image sizes before drawing them (once per image).
  async preload(units) {
    const names = new Set(units.flatMap((u) => (u.piece ? u.piece.images : [])).filter((n) => !this.natural.has(n)));
    await Promise.all([...names].map((n) => new Promise((resolve) => {
      const img = new Image();
      img.onload = () => { this.natural.set(n, [img.naturalWidth, img.naturalHeight]); resolve(); };
      img.onerror = () => { this.natural.set(n, null); resolve(); };
      img.src = imageUrl(n);
    })));
  }

  drawUnits(game, highlighted) {
    const layer = this.map.layers.units;
    layer.replaceChildren();
    const size = this.size();
    const seen = new Map();
    for (const u of game.units) {
      if (u.status !== "ON_MAP") continue;
      const k = seen.get(u.location) || 0;
      seen.set(u.location, k + 1);
      const p = this.position(u, k);
      if (!p) continue;
      const g = svgEl("g", { class: `unit${highlighted.has(u.id) ? " selected" : ""}` });
      g.dataset.unit = u.id;
      g.dataset.hex = u.location;
      const imgs = u.piece ? u.piece.images : [];
      const dims = imgs.map((n) => this.natural.get(n)).filter(Boolean);
      const w = dims.length && !this.graph ? Math.max(...dims.map((d) => d[0])) : size;
      const h = dims.length && !this.graph ? Math.max(...dims.map((d) => d[1])) : size;
      const box = { x: p[0] - w / 2, y: p[1] - h / 2, width: w, height: h };
      if (imgs.length) {
        for (const name of imgs) {
          const d = this.graph ? null : this.natural.get(name);
          const ib = d ? { x: p[0] - d[0] / 2, y: p[1] - d[1] / 2, width: d[0], height: d[1] } : box;
          g.append(svgEl("image", { href: imageUrl(name), ...ib }));
        }
      } else {
        g.append(svgEl("rect", { ...box, rx: size / 10, class: `counter side-${game.sides.indexOf(u.side)}` }));
        const t = svgEl("text", { x: p[0], y: p[1] + size * 0.1, "font-size": size * 0.22, class: "counter-text" });
        const name = u.label || u.name;
        t.textContent = name.length > 10 ? name.slice(0, 9) + "…" : name;
        g.append(t);
      }
      if (u.steps_lost && !imgs.length) g.append(svgEl("rect", { x: box.x, y: p[1] + h * 0.3, width: w, height: h * 0.2,
        class: "lost" }));
      g.append(svgEl("rect", { ...box, class: "unit-frame" }));
      const tip = svgEl("title", {});
      tip.textContent = `${u.name} (${u.side})` + (u.markers.length ? ` · ${u.markers.join(", ")}` : "");
      g.append(tip);
      layer.append(g);
    }
  }

  // The unit under the pointer: the counter itself, else the top one in the cell.
  unitAt(e, m, units) {
    const hit = e && e.target && e.target.closest ? e.target.closest("[data-unit]") : null;
    if (hit) return units.find((u) => u.id === hit.dataset.unit) || null;
    const label = this.labelAt(m);
    const here = units.filter((u) => u.status === "ON_MAP" && u.location === label);
    return here.length ? here[here.length - 1] : null;
  }

  cellShape(i) {
    if (!this.graph) return svgEl("path", { d: this.map.polyPath(i) });
    const [cx, cy] = this.data.centre[i];
    return svgEl("circle", { cx, cy, r: this.map.radius + 5 });
  }

  drawOverlay({ reach, supply, path, pathOk, target }) {
    const o = this.map.layers.overlay;
    o.replaceChildren();
    for (const l of supply || []) {
      const i = this.map.index.get(l);
      if (i === undefined) continue;
      const s = this.cellShape(i);
      s.setAttribute("class", "supply");
      o.append(s);
    }
    for (const [l, r] of reach || []) {
      const i = this.map.index.get(l);
      if (i === undefined) continue;
      const p = this.cellShape(i);
      p.setAttribute("class", "reach");
      p.dataset.hex = l;
      o.append(p);
      const [x, y] = this.data.centre[i];
      const dy = this.graph ? 5 : this.map.radius * 0.55;
      const t = svgEl("text", { x, y: y + dy, class: "cost", "font-size": this.graph ? 14 : this.map.radius * 0.35 });
      t.textContent = r.cost;
      o.append(t);
    }
    if (target) {
      const i = this.map.index.get(target);
      if (i !== undefined) {
        const p = this.cellShape(i);
        p.setAttribute("class", "target");
        o.append(p);
      }
    }
    if (path && path.length > 1) {
      const pts = path.map((l) => this.data.centre[this.map.index.get(l)]).filter(Boolean);
      o.append(svgEl("polyline", { points: pts.map((q) => q.join(",")).join(" "), class: pathOk ? "path ok" : "path bad" }));
    }
  }
}
