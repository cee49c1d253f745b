// The Map tab for point-to-point boards (docs/boards.md, Major Battles): towns
// and the roads between them, over the module's board when a VASSAL map names
// its places (regions). Add a town (click on empty ground), rename it (click on
// it), move it (drag), join two towns by a road of a kind (drag from one to the
// other), toggle the tags the ruleset reads, erase a town or a road. Undo and
// redo; "Save board" writes boards/<name>.textproto and checks it (structure,
// names the ruleset reads, and a game of the chosen scenario on it).

import { el, get, post, status } from "./api.js";
import { MapView } from "./mapview.js";

const MARGIN = 80;

export class BoardEditor {
  constructor(root, info) {
    this.root = root;
    this.info = info;
    this.undoStack = [];
    this.redoStack = [];
    this.tool = "town";
  }

  async open(name) {
    status(`loading board ${name} …`);
    const data = await get(`api/board/${encodeURIComponent(name)}`);
    this.mapIdent = name;
    this.meta = data;
    this.doc = data.doc;
    this.data = data; // what main.js checks to know the tab is open
    this.undoStack = [];
    this.redoStack = [];
    this.vb = null;
    this.tf = this.transform();
    const side = el("div", { class: "side" });
    this.viewEl = el("div", { class: "view" });
    this.root.replaceChildren(el("div", { class: "editor" }, side, this.viewEl));
    this.buildPalette(side);
    this.render();
    this.showProblems(data.problems, data.load_error);
    status(data.load_error ? `${data.file} does not parse: ${data.load_error}` :
      `${name}: ${this.doc.towns.length} towns, ${this.doc.roads.length} roads · `
      + (data.exists ? `opened ${data.file}` : "new board (not saved yet)"));
  }

  buildPalette(side) {
    const v = this.info.vocabulary;
    const btn = (tool, label, title) => el("button", { class: `tool${tool === this.tool ? " active" : ""}`,
      "data-tool": tool, title: title || label, onclick: (e) => this.setTool(tool, e.currentTarget) }, label);
    side.append(
      el("div", { class: "row" },
        el("button", { id: "undo", onclick: () => this.undo() }, "Undo"),
        el("button", { id: "redo", onclick: () => this.redo() }, "Redo"),
        el("button", { id: "save-board", class: "primary", onclick: () => this.save() }, "Save board")),
      el("div", { class: "row small" }, `file: ${this.meta.file}`),
      el("div", { id: "problems" }),
      el("details", { open: true, class: "tools" }, el("summary", {}, "Towns"),
        btn("town", "add / rename a town", "click on empty ground for a new town, on a town to rename it"),
        btn("move", "move a town (drag)"),
        btn("erase", "eraser (town or road)")),
      el("details", { open: true, class: "tools" }, el("summary", {}, "Roads (drag from town to town)"),
        ...v.road_kinds.map((t) => btn(`road:${t.name}`, t.label || t.name, [t.rule, t.note].filter(Boolean).join(" · ")))),
      el("details", { open: true, class: "tools" }, el("summary", {}, "Tags (click a town)"),
        ...v.tags.map((t) => btn(`tag:${t.name}`, t.label || t.name, [t.name, t.rule].filter(Boolean).join(" · ")))),
      el("details", { class: "tools" }, el("summary", {}, "Other"), btn("pan", "pan (or right-drag)")),
      el("div", { class: "notes small" }, ...(v.notes || []).map((n) => el("p", {}, n)),
        el("p", {}, "The towns' ids are what actions and saves name: a board drawn over a VASSAL map keeps its "
          + "regions' names as ids.")));
  }

  setTool(tool, button) {
    this.tool = tool;
    for (const b of this.root.querySelectorAll(".tool")) b.classList.toggle("active", b === button);
    if (this.view) this.view.panMode = tool === "pan";
    status(`tool: ${tool}`);
  }

  // A board's x, y are drawing hints in any unit (docs/boards.md): shown scaled
  // so the nearest two towns are 90 px apart (as `umpire render` draws them),
  // and kept in the file's own unit. Over a VASSAL map they are its pixels.
  transform() {
    const ts = this.doc.towns;
    if ((this.meta.boards || []).length || !ts.length) return { k: 1, x0: 0, y0: 0 };
    let nearest = Infinity;
    for (let i = 0; i < ts.length; i++) for (let j = i + 1; j < ts.length; j++) {
      const d = Math.hypot(ts[i].x - ts[j].x, ts[i].y - ts[j].y);
      if (d > 0) nearest = Math.min(nearest, d);
    }
    const k = nearest < 90 ? 90 / nearest : 1;
    return { k, x0: Math.min(...ts.map((t) => t.x)) - MARGIN / k, y0: Math.min(...ts.map((t) => t.y)) - MARGIN / k };
  }

  toScreen(t) {
    return [(t.x - this.tf.x0) * this.tf.k, (t.y - this.tf.y0) * this.tf.k];
  }

  toBoard(m) {
    const r = (v) => Math.round(v * 100) / 100;
    return { x: r(m.x / this.tf.k + this.tf.x0), y: r(m.y / this.tf.k + this.tf.y0) };
  }

  // -- the document as map-view cells ------------------------------------------------
  cells() {
    const d = this.doc;
    const pts = d.towns.map((t) => this.toScreen(t));
    const xs = pts.map((p) => p[0]), ys = pts.map((p) => p[1]);
    const width = Math.max(this.meta.width || 0, 1000, ...xs.map((x) => x + MARGIN * 2));
    const height = Math.max(this.meta.height || 0, 700, ...ys.map((y) => y + MARGIN * 2));
    const disc = Array.from({ length: 16 }, (_, k) => [18 * Math.cos(Math.PI * k / 8), 18 * Math.sin(Math.PI * k / 8)]);
    return { kind: "graph", map: this.mapIdent, boards: this.meta.boards || [], width, height,
      labels: d.towns.map((t) => t.id), names: d.towns.map((t) => t.name || t.id),
      centre: pts, snap: pts, shape: d.towns.map(() => 0),
      corners: [disc], nbr: [], outside: [], tags: Object.fromEntries(d.towns.filter((t) => t.tags.length).map((t) => [t.id, t.tags])),
      roads: d.roads, areas: d.areas };
  }

  render() {
    const keep = this.view ? { ...this.view.vb } : null;
    this.view = new MapView(this.viewEl, this.cells(), { onPointer: (k, e, m) => this.pointer(k, e, m),
      onHover: (i) => this.hover(i) });
    this.view.panMode = this.tool === "pan";
    if (keep) { this.view.vb = keep; this.view.setViewBox(); }
    this.tooltip = el("div", { class: "tooltip", id: "hex-tooltip", hidden: true });
    this.viewEl.append(this.tooltip);
    if (this.problemList) this.markProblems();
  }

  hover(i) {
    if (i < 0) { this.tooltip.hidden = true; return; }
    const t = this.doc.towns[i];
    const roads = this.doc.roads.filter((r) => r.a === t.id || r.b === t.id);
    this.tooltip.hidden = false;
    this.tooltip.textContent = `${t.id}` + (t.name && t.name !== t.id ? ` “${t.name}”` : "")
      + (t.tags.length ? ` · ${t.tags.join(", ")}` : "") + ` · ${roads.length} road(s)`;
  }

  // -- changes (each a snapshot, for undo) --------------------------------------------
  change(fn) {
    this.undoStack.push(JSON.stringify(this.doc));
    this.redoStack = [];
    fn(this.doc);
    this.render();
  }

  undo() {
    const s = this.undoStack.pop();
    if (!s) return status("nothing to undo");
    this.redoStack.push(JSON.stringify(this.doc));
    this.doc = JSON.parse(s);
    this.render();
    status("undone");
  }

  redo() {
    const s = this.redoStack.pop();
    if (!s) return status("nothing to redo");
    this.undoStack.push(JSON.stringify(this.doc));
    this.doc = JSON.parse(s);
    this.render();
    status("redone");
  }

  townAt(m) {
    const i = this.view.hexAt(m.x, m.y);
    return i >= 0 ? this.doc.towns[i] : null;
  }

  async pointer(kind, e, m) {
    const t = this.tool;
    if (kind === "down") {
      const town = this.townAt(m);
      if (t === "town") return town ? this.rename(town) : this.addTown(m);
      if (t === "move" && town) this.drag = { id: town.id, start: m };
      if (t.startsWith("road:") && town) this.drag = { road: t.slice(5), from: town.id };
      if (t.startsWith("tag:") && town) {
        const tag = t.slice(4);
        this.change((d) => {
          const x = d.towns.find((q) => q.id === town.id);
          x.tags = x.tags.includes(tag) ? x.tags.filter((g) => g !== tag) : [...x.tags, tag];
        });
      }
      if (t === "erase") {
        const line = e.target && e.target.closest ? e.target.closest("[data-road]") : null;
        if (town) {
          this.change((d) => {
            d.towns = d.towns.filter((q) => q.id !== town.id);
            d.roads = d.roads.filter((r) => r.a !== town.id && r.b !== town.id);
            d.areas = d.areas.filter((a) => a.town !== town.id);
          });
        } else if (line) {
          this.change((d) => { d.roads = d.roads.filter((r) => r.id !== line.dataset.road); });
        }
      }
      return;
    }
    if (kind === "move" && this.drag && this.drag.id) {
      const c = this.view.layers.grid.querySelector(`[data-town="${CSS.escape(this.drag.id)}"]`);
      if (c) { c.setAttribute("cx", m.x); c.setAttribute("cy", m.y); }
      return;
    }
    if (kind === "up" && this.drag) {
      const d = this.drag;
      this.drag = null;
      if (d.id) {
        if (Math.hypot(m.x - d.start.x, m.y - d.start.y) > 2) {
          const to = this.toBoard(m);
          this.change((doc) => {
            const x = doc.towns.find((q) => q.id === d.id);
            x.x = to.x;
            x.y = to.y;
          });
        }
      } else if (d.road) {
        const to = this.townAt(m);
        if (to && to.id !== d.from) this.addRoad(d.from, to.id, d.road);
      }
    }
  }

  addRoad(a, b, kind) {
    let id = `${a}--${b}`;
    for (let n = 2; this.doc.roads.some((r) => r.id === id) || this.doc.towns.some((t) => t.id === id); n++) {
      id = `${a}--${b}-${n}`;
    }
    this.change((d) => d.roads.push({ id, a, b, kind }));
    status(`road ${id} (${kind})`);
  }

  async addTown(m) {
    const got = await this.ask(m, "new town", { id: "", name: "" });
    if (!got || !got.id.trim()) return;
    if (this.doc.towns.some((t) => t.id === got.id.trim())) return status(`there is a town ${got.id} already`, "error");
    const at = this.toBoard(m);
    this.change((d) => d.towns.push({ id: got.id.trim(), name: got.name.trim() || got.id.trim(), x: at.x,
      y: at.y, tags: [], props: {} }));
  }

  async rename(town) {
    const [sx, sy] = this.toScreen(town);
    const got = await this.ask({ x: sx, y: sy }, `town ${town.id}`, { id: town.id, name: town.name });
    if (!got || !got.id.trim()) return;
    const id = got.id.trim();
    if (id !== town.id && this.doc.towns.some((t) => t.id === id)) return status(`there is a town ${id} already`, "error");
    this.change((d) => {
      const x = d.towns.find((q) => q.id === town.id);
      for (const r of d.roads) { if (r.a === town.id) r.a = id; if (r.b === town.id) r.b = id; }
      for (const a of d.areas) if (a.town === town.id) a.town = id;
      x.id = id;
      x.name = got.name.trim() || id;
    });
  }

  // A small form over the map (no browser prompt).
  ask(at, what, fields) {
    return new Promise((resolve) => {
      const inputs = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, el("input", { type: "text", value: v,
        id: `ask-${k}`, placeholder: k })]));
      const box = el("div", { class: "ask" }, el("div", {}, what),
        ...Object.entries(inputs).map(([k, i]) => el("div", { class: "row" }, `${k} `, i)));
      const done = (ok) => { box.remove(); resolve(ok ? Object.fromEntries(Object.entries(inputs).map(([k, i]) => [k, i.value])) : null); };
      for (const i of Object.values(inputs)) i.addEventListener("keydown", (e) => {
        if (e.key === "Enter") done(true);
        if (e.key === "Escape") done(false);
      });
      box.append(el("button", { id: "ask-ok", onclick: () => done(true) }, "OK"), el("button", { onclick: () => done(false) }, "Cancel"));
      const p = this.view.screenOfPoint(at.x, at.y);
      box.style.left = `${p.x + 12}px`;
      box.style.top = `${p.y + 12}px`;
      document.body.append(box);
      Object.values(inputs)[0].focus();
    });
  }

  async save() {
    status("saving …");
    try {
      const r = await post(`api/saveboard/${encodeURIComponent(this.mapIdent)}`, { doc: this.doc });
      this.showProblems(r.problems, "");
      status(r.summary, r.ok ? "ok" : "error");
      return r;
    } catch (e) {
      status(`not saved: ${e.message}`, "error");
      throw e;
    }
  }

  showProblems(problems, loadError) {
    this.problemList = problems || [];
    const box = this.root.querySelector("#problems");
    const items = [];
    if (loadError) items.push(el("li", { class: "error" }, `the board file does not parse: ${loadError}`));
    for (const p of this.problemList) {
      items.push(el("li", { class: p.level }, p.town ? `${p.town}: ` : p.road ? `${p.road}: ` : "", p.message));
    }
    box.replaceChildren(items.length ? el("div", {}, el("h4", {}, "Check"), el("ul", {}, items))
      : el("p", { class: "small ok" }, "No problems found."));
    this.markProblems();
  }

  markProblems() {
    for (const p of this.problemList || []) {
      if (p.level !== "error") continue;
      const c = p.town && this.view.layers.grid.querySelector(`[data-town="${CSS.escape(p.town)}"]`);
      if (c) c.classList.add("bad");
      const r = p.road && this.view.layers.grid.querySelector(`[data-road="${CSS.escape(p.road)}"]`);
      if (r) r.classList.add("bad");
    }
  }
}
