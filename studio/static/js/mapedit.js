// Painting a map file over the board: terrain, hex features, tags (map edges,
// entry hexes, the ruleset's own tags), place names, river banks (which side of
// a river line a hex lies on: docs/maps.md [banks.<line>]), hexside features,
// roads and railways, excluded hexes. Every change is a command with its inverse
// (undo/redo); saving sends the document to the server, which writes the map
// file and checks it exactly as `umpire check-map` does.

import { el, get, post, status } from "./api.js";
import { MapView, svgEl } from "./mapview.js";

const EDGES = ["north", "south", "east", "west"];

export class MapEditor {
  constructor(root, info) {
    this.root = root;
    this.info = info;
    this.undoStack = [];
    this.redoStack = [];
    this.gesture = null;
    this.tool = null;
  }

  async open(mapIdent) {
    status(`loading ${mapIdent} …`);
    const t0 = performance.now();
    const data = await get(`api/map/${encodeURIComponent(mapIdent)}`);
    this.data = data;
    this.doc = data.doc;
    this.mapIdent = mapIdent;
    this.root.replaceChildren();
    const side = el("div", { class: "side" });
    const view = el("div", { class: "view" });
    this.root.append(el("div", { class: "editor" }, side, view));
    this.view = new MapView(view, data, {
      onHover: (i) => this.hoverInfo(i),
      onPointer: (kind, e, m) => this.pointer(kind, e, m),
    });
    this.tooltip = el("div", { class: "tooltip", id: "hex-tooltip", hidden: true });
    view.append(this.tooltip);
    this.buildPalette(side);
    this.renderAll();
    this.showProblems(data.problems, data.load_error);
    window.studio.mapReadyMs = performance.now() - t0;
    if (data.load_error) status(`${data.file} does not parse: ${data.load_error}`, "error");
    else status(`${mapIdent}: ${data.labels.length} hexes · ${data.exists ? "opened " + data.file : "new map (not saved yet)"}`
      + (data.outside.length ? ` · ${data.outside.length} hexes VASSAL does not name are excluded` : ""));
  }

  // -- palette -------------------------------------------------------------------
  buildPalette(side) {
    const v = this.info.vocabulary;
    const group = (title, items) => el("details", { open: true, class: "tools" }, el("summary", {}, title), ...items);
    const btn = (tool, label, colour, title) => {
      const b = el("button", { class: "tool", "data-tool": tool, title: title || label,
        onclick: () => this.setTool(tool, b) },
        colour ? el("span", { class: "swatch", style: `background:${colour}` }) : null, label);
      return b;
    };
    const term = (kind) => (t) => btn(`${kind}:${t.name}`, t.label || t.name, t.colour,
      [t.name, t.rule, t.note].filter(Boolean).join(" · "));
    side.append(
      el("div", { class: "row" },
        el("button", { id: "undo", onclick: () => this.undo(), title: "Ctrl+Z" }, "Undo"),
        el("button", { id: "redo", onclick: () => this.redo(), title: "Ctrl+Y" }, "Redo"),
        el("button", { id: "save-map", class: "primary", onclick: () => this.save() }, "Save map")),
      el("div", { class: "row small" }, `file: ${this.data.file}`),
      el("div", { id: "problems" }),
      group("Terrain", v.terrains.map(term("terrain"))),
      group("Hex features", v.hex_features.map(term("feature"))),
      group("Hexsides (click or drag along a side)", v.hexside_features.map(term("side"))),
      group("Roads and railways (drag from hex to hex)", v.road_kinds.map(term("road"))),
      ...(v.banks || []).map((b) => group(`Banks of the ${b.label} (click or drag over hexes)`, b.banks.map((t) =>
        btn(`bank:${b.line}:${t.name}`, t.label, t.colour, [`${b.line}: ${t.name} bank`, t.rule, t.note].filter(Boolean)
          .join(" · "))))),
      group("Tags", [
        ...v.tags.map(term("tag")),
        ...EDGES.map((e) => btn(`tag:edge:${e}`, `map edge: ${e}`, "#444", `edge:${e} (docs/maps.md)`)),
        ...this.info.ruleset_sides.map((s) => btn(`tag:entry:${s}`, `entry hex: ${s}`, "#aa6600",
          `entry:${s} — recorded on the map; rulesets read entry hexes from the scenario`)),
        ...v.tag_prefixes.map((t) => btn(`prefix:${t.name}`, `${t.label || t.name}…`, t.colour, t.note)),
      ]),
      group("Other", [
        btn("name", "place name (town, victory hex)", "#000", "click a hex to name it"),
        btn("exclude", "exclude / include hex", "#999", "a hole in the map"),
        btn("erase", "eraser", "#fff", "clears a hex's terrain, features, tags and name"),
        btn("pan", "pan (or right-drag)", null),
      ]),
      el("div", { class: "notes small" }, ...(v.notes || []).map((n) => el("p", {}, n)),
        ...(this.data.notes || []).map((n) => el("p", {}, n))),
    );
    document.onkeydown = (e) => {
      if (!this.root.isConnected || this.root.hidden) return;
      if ((e.ctrlKey || e.metaKey) && e.key === "z") { e.preventDefault(); this.undo(); }
      if ((e.ctrlKey || e.metaKey) && (e.key === "y" || (e.shiftKey && e.key === "Z"))) { e.preventDefault(); this.redo(); }
    };
    const first = side.querySelector(".tool");
    if (first) this.setTool(first.dataset.tool, first);
  }

  setTool(tool, button) {
    this.tool = tool;
    this.view && (this.view.panMode = tool === "pan");
    for (const b of this.root.querySelectorAll(".tool")) b.classList.toggle("active", b === button);
    status(`tool: ${tool}`);
  }

  hoverInfo(i) {
    const t = this.tooltip;
    if (i < 0) { t.hidden = true; return; }
    const label = this.data.labels[i];
    const bits = [this.terrainOf(label), ...(this.doc.features[label] || []), ...(this.doc.tags[label] || []),
      ...Object.entries(this.doc.banks[label] || {}).map(([line, bank]) => `${bank} bank of the ${line}`)];
    t.hidden = false;
    t.dataset.label = label;
    t.textContent = `${label}` + (this.data.names[i] !== label ? ` — VASSAL: ${this.data.names[i]}` : "")
      + ` · ${bits.join(", ")}` + (this.doc.names[label] ? ` · “${this.doc.names[label]}”` : "");
  }

  terrainOf(label) {
    return this.doc.terrain[label] || this.doc.default_terrain;
  }

  // -- changes with undo ------------------------------------------------------------
  // A change sets doc[field][key] (undefined deletes); the old value is kept.
  set(field, key, value) {
    const box = this.doc[field];
    const old = box[key];
    if (JSON.stringify(old) === JSON.stringify(value)) return;
    if (value === undefined) delete box[key]; else box[key] = value;
    (this.gesture || (this.gesture = [])).push({ field, key, old, value });
    this.redraw(field, key);
  }

  setRoads(roads) {
    const old = this.doc.roads;
    this.doc.roads = roads;
    (this.gesture || (this.gesture = [])).push({ field: "roads", key: null, old, value: roads });
    this.redraw("roads");
  }

  commit() {
    if (this.gesture && this.gesture.length) {
      this.undoStack.push(this.gesture);
      this.redoStack = [];
    }
    this.gesture = null;
  }

  replay(changes, forward) {
    const list = forward ? changes : [...changes].reverse();
    for (const c of list) {
      const v = forward ? c.value : c.old;
      if (c.field === "roads") this.doc.roads = v;
      else if (c.field === "_excluded") this.doc.excluded = v;
      else if (v === undefined) delete this.doc[c.field][c.key];
      else this.doc[c.field][c.key] = v;
      this.redraw(c.field, c.key);
    }
  }

  undo() {
    this.commit();
    const g = this.undoStack.pop();
    if (!g) return status("nothing to undo");
    this.replay(g, false);
    this.redoStack.push(g);
    status(`undone (${g.length} change${g.length > 1 ? "s" : ""})`);
  }

  redo() {
    const g = this.redoStack.pop();
    if (!g) return status("nothing to redo");
    this.replay(g, true);
    this.undoStack.push(g);
    status("redone");
  }

  // -- pointer ------------------------------------------------------------------------
  pointer(kind, e, m) {
    const t = this.tool || "";
    if (kind === "up") {
      this.lastSide = null;
      if (this.road && this.road.hexes.length >= 2) this.setRoads([...this.doc.roads, this.road]);
      this.road = null;
      this.view.layers.overlay.replaceChildren();
      this.commit();
      this.down = false;
      return;
    }
    if (kind === "down") this.down = true;
    if (!this.down) return;
    const v = this.view;
    if (t.startsWith("side:")) {
      const s = v.sideAt(m.x, m.y);
      if (!s) return;
      const key = [v.data.labels[s[0]], v.data.labels[s[1]]].sort().join("/");
      if (key === this.lastSide) return;
      if (kind === "down") this.sideMode = !(this.doc.hexsides[key] || []).includes(t.slice(5));
      this.lastSide = key;
      const have = this.doc.hexsides[key] || [];
      const f = t.slice(5);
      const next = this.sideMode ? [...new Set([...have, f])] : have.filter((x) => x !== f);
      this.set("hexsides", key, next.length ? next : undefined);
      return;
    }
    const i = v.hexAt(m.x, m.y);
    if (i < 0) return;
    const label = v.data.labels[i];
    if (t.startsWith("road:")) {
      if (kind === "down") this.road = { kind: t.slice(5), hexes: [label] };
      else if (this.road) {
        const last = this.road.hexes[this.road.hexes.length - 1];
        if (last !== label && v.adjacent(v.index.get(last), i)) this.road.hexes.push(label);
      }
      if (this.road) this.drawRoadPreview();
      return;
    }
    if (kind === "move" && this.lastHex === label) return;
    this.lastHex = label;
    if (t.startsWith("terrain:")) {
      const name = t.slice(8);
      this.set("terrain", label, name === this.doc.default_terrain ? undefined : name);
    } else if (t.startsWith("feature:") || t.startsWith("tag:")) {
      const field = t.startsWith("feature:") ? "features" : "tags";
      const name = t.slice(t.indexOf(":") + 1);
      const have = this.doc[field][label] || [];
      if (kind === "down") this.toggleOn = !have.includes(name);
      const next = this.toggleOn ? [...new Set([...have, name])] : have.filter((x) => x !== name);
      this.set(field, label, next.length ? next : undefined);
    } else if (t.startsWith("bank:")) {
      const line = t.slice(5, t.lastIndexOf(":"));
      const bank = t.slice(t.lastIndexOf(":") + 1);
      const have = this.doc.banks[label] || {};
      if (kind === "down") this.toggleOn = have[line] !== bank; // clicking a hex on this bank takes it off
      const next = { ...have };
      if (this.toggleOn) next[line] = bank; else if (next[line] === bank) delete next[line];
      this.set("banks", label, Object.keys(next).length ? next : undefined);
    } else if (t.startsWith("prefix:") && kind === "down") {
      this.askText(label, `${t.slice(7)}`, "").then((suffix) => {
        if (suffix === null) return;
        this.set("tags", label, [...new Set([...(this.doc.tags[label] || []), t.slice(7) + suffix])]);
        this.commit();
      });
    } else if (t === "name" && kind === "down") {
      this.askText(label, "place name", this.doc.names[label] || "").then((name) => {
        if (name === null) return;
        this.set("names", label, name.trim() ? name.trim() : undefined);
        this.commit();
      });
    } else if (t === "exclude" && kind === "down") {
      const ex = this.doc.excluded;
      const next = ex.includes(label) ? ex.filter((x) => x !== label) : [...ex, label];
      const old = [...ex];
      this.doc.excluded = next;
      (this.gesture || (this.gesture = [])).push({ field: "_excluded", key: null, old, value: next });
      this.redraw("excluded", label);
    } else if (t === "erase") {
      for (const f of ["terrain", "features", "tags", "names", "banks"]) this.set(f, label, undefined);
    }
  }

  // A small text box over the hex (no browser prompt).
  askText(label, what, value) {
    return new Promise((resolve) => {
      const box = el("div", { class: "ask" }, `${what} for ${label}: `);
      const input = el("input", { type: "text", value, id: "ask-input" });
      const done = (v) => { box.remove(); resolve(v); };
      input.addEventListener("keydown", (e) => {
        if (e.key === "Enter") done(input.value);
        if (e.key === "Escape") done(null);
      });
      box.append(input, el("button", { onclick: () => done(input.value) }, "OK"),
        el("button", { onclick: () => done(null) }, "Cancel"));
      const p = this.view.screenOf(label);
      box.style.left = `${p.x + 10}px`;
      box.style.top = `${p.y + 10}px`;
      document.body.append(box);
      input.focus();
    });
  }

  drawRoadPreview() {
    const pts = this.road.hexes.map((l) => this.view.data.centre[this.view.index.get(l)]);
    this.view.layers.overlay.replaceChildren(svgEl("polyline", { class: "road-preview",
      points: pts.map((p) => p.join(",")).join(" ") }));
  }

  // -- drawing ------------------------------------------------------------------------
  colour(kind, name) {
    const list = this.info.vocabulary[kind] || [];
    const t = list.find((x) => x.name === name);
    if (t) return t.colour;
    let h = 0;
    for (const c of name) h = (h * 31 + c.charCodeAt(0)) >>> 0;
    return `hsl(${h % 360} 60% 45%)`;
  }

  bankColour(line, bank) {
    const b = (this.info.vocabulary.banks || []).find((x) => x.line === line);
    const t = b && b.banks.find((x) => x.name === bank);
    return t ? t.colour : this.colour("banks", `${line}:${bank}`);
  }

  redraw(field, key) {
    if (field === "_excluded") field = "excluded";
    if (["terrain", "features", "tags", "names", "banks"].includes(field)) this.drawHex(key);
    else if (field === "hexsides") this.drawSide(key);
    else if (field === "roads") this.drawRoads();
    else if (field === "excluded") this.drawExcluded();
  }

  renderAll() {
    this.fillEls = new Map();
    this.markEls = new Map();
    this.sideEls = new Map();
    for (const l of new Set([...Object.keys(this.doc.terrain), ...Object.keys(this.doc.features),
      ...Object.keys(this.doc.tags), ...Object.keys(this.doc.names), ...Object.keys(this.doc.banks)])) this.drawHex(l);
    for (const k of Object.keys(this.doc.hexsides)) this.drawSide(k);
    this.drawRoads();
    this.drawExcluded();
  }

  drawHex(label) {
    const v = this.view;
    const i = v.index.get(label);
    if (i === undefined) return;
    const t = this.doc.terrain[label];
    let f = this.fillEls.get(label);
    if (t && t !== this.doc.default_terrain) {
      if (!f) {
        f = svgEl("path", { class: "fill", d: v.polyPath(i) });
        f.dataset.hex = label;
        v.layers.fills.append(f);
        this.fillEls.set(label, f);
      }
      f.setAttribute("fill", this.colour("terrains", t));
      f.dataset.terrain = t;
    } else if (f) {
      f.remove();
      this.fillEls.delete(label);
    }
    const old = this.markEls.get(label);
    if (old) old.remove();
    const feats = this.doc.features[label] || [];
    const tags = this.doc.tags[label] || [];
    const name = this.doc.names[label];
    const banks = Object.entries(this.doc.banks[label] || {});
    if (!feats.length && !tags.length && !name && !banks.length) { this.markEls.delete(label); return; }
    const [cx, cy] = v.data.centre[i];
    const r = v.radius;
    const g = svgEl("g", { class: "mark" });
    g.dataset.hex = label;
    feats.forEach((ft, k) => g.append(svgEl("circle", { cx: cx - r * 0.35 + k * r * 0.28, cy: cy - r * 0.3,
      r: r * 0.13, fill: this.colour("hex_features", ft), class: "feature", "data-name": ft })));
    tags.forEach((tg, k) => g.append(svgEl("rect", { x: cx + r * 0.2, y: cy - r * 0.45 + k * r * 0.22, width: r * 0.18,
      height: r * 0.18, fill: tg.startsWith("edge:") ? "#444" : this.colour("tags", tg), class: "tag", "data-name": tg })));
    banks.forEach(([line, bank], k) => { // a bank: a coloured flag with the bank's initial, lower left
      const x = cx - r * 0.62 + k * r * 0.3, y = cy + r * 0.05;
      const b = svgEl("g", { class: "bank", "data-bank": `${line}:${bank}` });
      b.append(svgEl("rect", { x, y, width: r * 0.26, height: r * 0.26, rx: r * 0.04, fill: this.bankColour(line, bank),
        stroke: "#fff", "stroke-width": r * 0.025 }));
      const tx = svgEl("text", { x: x + r * 0.13, y: y + r * 0.2, class: "bank-initial", "font-size": r * 0.2 });
      tx.textContent = bank.slice(0, 1).toUpperCase();
      b.append(tx);
      g.append(b);
    });
    if (name) {
      const tx = svgEl("text", { x: cx, y: cy + r * 0.55, class: "place", "font-size": r * 0.28 });
      tx.textContent = name;
      g.append(tx);
    }
    v.layers.marks.append(g);
    this.markEls.set(label, g);
  }

  drawSide(key) {
    const v = this.view;
    const old = this.sideEls.get(key);
    if (old) old.remove();
    const feats = this.doc.hexsides[key];
    if (!feats || !feats.length) { this.sideEls.delete(key); return; }
    const [a, b] = key.split("/").map((l) => v.index.get(l));
    if (a === undefined || b === undefined) return;
    const [[x1, y1], [x2, y2]] = v.sideLine(a, b);
    const g = svgEl("g", { class: "side" });
    g.dataset.side = key;
    feats.forEach((f, k) => g.append(svgEl("line", { x1, y1, x2, y2, stroke: this.colour("hexside_features", f),
      "stroke-width": v.radius * (k ? 0.07 : 0.16), "stroke-linecap": "round", "data-name": f })));
    v.layers.sides.append(g);
    this.sideEls.set(key, g);
  }

  drawRoads() {
    const v = this.view;
    v.layers.roads.replaceChildren(...this.doc.roads.map((r, k) => {
      const pts = r.hexes.map((l) => v.data.centre[v.index.get(l)]).filter(Boolean);
      const rail = /rail/.test(r.kind);
      const p = svgEl("polyline", { points: pts.map((q) => q.join(",")).join(" "), class: "road",
        stroke: this.colour("road_kinds", r.kind), "stroke-width": v.radius * 0.12,
        "stroke-dasharray": rail ? `${v.radius * 0.3} ${v.radius * 0.15}` : "none" });
      p.dataset.kind = r.kind;
      p.dataset.index = k;
      p.dataset.hexes = r.hexes.join(" ");
      return p;
    }));
  }

  drawExcluded() {
    const v = this.view;
    v.layers.excluded.replaceChildren(svgEl("path", { class: "excluded",
      d: this.doc.excluded.map((l) => v.index.get(l)).filter((i) => i !== undefined).map((i) => v.polyPath(i)).join("") }));
  }

  // -- saving -------------------------------------------------------------------------
  async save() {
    this.commit();
    status("saving …");
    const t0 = performance.now();
    try {
      const r = await post(`api/savemap/${encodeURIComponent(this.mapIdent)}`, { doc: this.doc });
      this.showProblems(r.problems, "");
      status(`${r.summary} (${Math.round(performance.now() - t0)} ms)`, r.ok ? "ok" : "error");
      return r;
    } catch (e) {
      status(`not saved: ${e.message}`, "error");
      throw e;
    }
  }

  showProblems(problems, loadError) {
    const box = this.root.querySelector("#problems");
    const v = this.view;
    v.layers.problems.replaceChildren();
    const items = [];
    if (loadError) items.push(el("li", { class: "error" }, `the map file does not parse: ${loadError}. Painting starts `
      + "from the bare grid; saving keeps the broken file as .bak."));
    for (const p of problems || []) {
      const where = p.hex || p.side || "";
      items.push(el("li", { class: p.level, onclick: () => where && v.zoomTo(where.split("/")) },
        where ? `${where}: ` : "", p.message));
      const labels = (p.hex ? [p.hex] : p.side ? p.side.split("/") : []).filter((l) => v.index.has(l));
      for (const l of labels) {
        const mark = svgEl("path", { d: v.polyPath(v.index.get(l)), class: `problem ${p.level}` });
        mark.dataset.hex = l;
        v.layers.problems.append(mark);
      }
    }
    box.replaceChildren(items.length ? el("div", {}, el("h4", {}, "Check (as umpire check-map)"), el("ul", {}, items))
      : el("p", { class: "small ok" }, "No problems found."));
  }
}
