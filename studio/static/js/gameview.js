// The game on the map: units drawn with their piece images where VASSAL draws
// them; select a unit for its reach (hexes with costs); drag it onto a hex for
// the verdict with its citations — nothing moves until "Apply"; an attack
// shows the odds column, the shifts and the outcome distribution; a side's
// supply; a log's steps, each with its check-log verdict.

import { el, get, imageUrl, post, status, upload } from "./api.js";
import { MapEditor } from "./mapedit.js";
import { MapView, svgEl } from "./mapview.js";

export class GameTab {
  constructor(root, info) {
    this.root = root;
    this.info = info;
    this.selected = null;
    this.attackers = new Set();
    this.mode = "move";
  }

  async open() {
    const files = await get("api/files");
    const pick = el("select", { id: "game-file" }, el("option", { value: "" }, "— a save, log or state in the project —"),
      ...files.files.map((f) => el("option", { value: f }, f)));
    const fileInput = el("input", { type: "file", id: "game-upload", accept: ".vsav,.vlog,.json,.textproto,.binpb" });
    fileInput.addEventListener("change", async () => {
      const f = fileInput.files[0];
      if (!f) return;
      status(`opening ${f.name} …`);
      try { this.show(await upload(f.name, f)); } catch (e) { status(e.message, "error"); }
    });
    pick.addEventListener("change", () => pick.value && this.load(pick.value));
    this.side = el("div", { class: "side game-side" });
    this.viewBox = el("div", { class: "view" }, el("div", { class: "placeholder" }, "No game open."));
    this.root.replaceChildren(
      el("div", { class: "toolbar" }, "Open ", pick, " or ", fileInput),
      el("div", { class: "editor" }, this.side, this.viewBox));
    try {
      this.show(await get("api/game/view"));
    } catch (e) {
      this.side.replaceChildren(el("p", {}, "Open a VASSAL save (.vsav), a log (.vlog) or a canonical state. "
        + "Saves and logs are read through the binding, with the project's map, counters and chart values."));
    }
  }

  async load(file) {
    status(`opening ${file} …`);
    try {
      this.show(await post("api/game/open", { file }));
    } catch (e) {
      status(`cannot open ${file}: ${e.message}`, "error");
    }
  }

  async show(view) {
    this.game = view;
    if (!this.map) {
      const mapIdent = this.info.maps[0];
      this.mapData = mapIdent && view.map_kind === "hex" ? await get(`api/map/${encodeURIComponent(mapIdent)}`) : null;
      if (this.mapData) {
        this.map = new MapView(this.viewBox, this.mapData, {
          onPointer: (kind, e, m) => this.pointer(kind, e, m),
          onHover: (i) => this.hover(i),
        });
        this.tooltip = el("div", { class: "tooltip", id: "hex-tooltip", hidden: true });
        this.viewBox.append(this.tooltip);
        const painter = new MapEditor(null, this.info); // the painted map under the units, read-only
        painter.view = this.map;
        painter.doc = this.mapData.doc;
        painter.renderAll();
      }
    }
    this.renderSide();
    await this.drawUnits();
    status(`${view.file}: ${view.ruleset} · turn ${view.turn} · ${view.phase} · ${view.active_side} to act`);
  }

  hover(i) {
    if (!this.tooltip) return;
    if (i < 0) { this.tooltip.hidden = true; return; }
    const label = this.mapData.labels[i];
    const r = this.reach ? this.reach.get(label) : null;
    this.tooltip.hidden = false;
    this.tooltip.textContent = `${label}` + (r ? ` · ${r.cost} MP` : "")
      + (this.unitsAt(label).length ? ` · ${this.unitsAt(label).map((u) => u.id).join(", ")}` : "");
  }

  unitsAt(label) {
    return this.game.units.filter((u) => u.status === "ON_MAP" && u.location === label);
  }

  renderSide() {
    const v = this.game;
    const steps = v.steps.length ? el("div", { class: "steps" }, el("h4", {}, `Log steps (${v.steps.length})`),
      el("ol", {}, el("li", { class: v.at < 0 ? "at" : "", onclick: () => this.step(-1) }, "start position"),
        ...v.steps.map((s, i) => el("li", { class: `${i === v.at ? "at " : ""}${s.legal === false ? "illegal" : s.legal ? "legal" : "skip"}`,
          "data-step": i, onclick: () => this.step(i) },
        `step ${s.steps.join(",")}: ${s.summary}` + (s.legal === null ? ` (${s.skipped})` : s.legal ? " — legal" : " — ILLEGAL"))))) : null;
    this.verdictBox = el("div", { id: "verdict" });
    this.side.replaceChildren(...[
      el("div", { class: "facts" }, el("b", {}, v.file), ` · ${v.ruleset} · version ${v.version}`,
        el("div", {}, `turn ${v.turn} · ${v.phase}${v.segment ? "/" + v.segment : ""} · ${v.active_side} to act`),
        v.pending ? el("div", { class: "pending" }, `pending: ${v.pending}`) : null,
        ...v.describe.map((d) => el("div", { class: "small" }, d))),
      el("div", { class: "row" },
        el("button", { id: "mode-move", class: this.mode === "move" ? "active" : "", onclick: () => this.setMode("move") }, "Move"),
        el("button", { id: "mode-attack", class: this.mode === "attack" ? "active" : "", onclick: () => this.setMode("attack") }, "Attack"),
        el("button", { id: "undo-game", disabled: !v.can_undo, onclick: () => this.undo() }, "Undo")),
      el("div", { class: "row" }, "supply of ",
        ...v.sides.map((s) => el("button", { "data-supply": s, onclick: () => this.supply(s) }, s)),
        el("button", { onclick: () => { this.supplyHexes = null; this.drawOverlay(); } }, "none")),
      el("div", { class: "row" }, "dice thrown: ", el("input", { id: "rolls", type: "text", size: 8, placeholder: "e.g. 4 2" })),
      this.verdictBox,
      steps,
      v.diagnostics.length ? el("details", {}, el("summary", {}, `${v.diagnostics.length} import notes`),
        el("ul", { class: "small" }, ...v.diagnostics.map((d) => el("li", {}, d)))) : null,
      this.map ? null : el("div", { id: "picture" })].filter(Boolean));
    if (!this.map) this.picture();
  }

  setMode(m) {
    this.mode = m;
    this.attackers.clear();
    this.renderSide();
    this.drawUnits();
  }

  async picture() {
    const r = await post("api/game/picture", { reach: Object.fromEntries([...(this.reach || new Map())].map(([k, v]) => [k, v.cost])),
      supply: this.supplyHexes || [], selected: this.selected ? [this.selected] : [] });
    const box = this.side.querySelector("#picture") || this.root.appendChild(el("div", { id: "picture" }));
    box.innerHTML = r.svg;
  }

  // -- units --------------------------------------------------------------------
  position(u, k) {
    // Where VASSAL draws the piece while it stands where the save put it; at its hex's centre once moved.
    if (u.piece && u.piece.map === this.mapData.map && u.piece.location === u.location) return [u.piece.x, u.piece.y];
    const i = this.map.index.get(u.location);
    if (i === undefined) return null;
    const [x, y] = this.mapData.snap[i];
    return [x + k * 3, y - k * 5]; // a stack drawn like VASSAL's, a few pixels up and right per piece
  }

  async drawUnits() {
    if (!this.map) return;
    const layer = this.map.layers.units;
    layer.replaceChildren();
    const size = this.map.radius * 0.9;
    const seen = new Map();
    for (const u of this.game.units) {
      if (u.status !== "ON_MAP") continue;
      const k = seen.get(u.location) || 0;
      seen.set(u.location, k + 1);
      const p = this.position(u, k);
      if (!p) continue;
      const g = svgEl("g", { class: `unit${u.id === this.selected || this.attackers.has(u.id) ? " selected" : ""}` });
      g.dataset.unit = u.id;
      g.dataset.hex = u.location;
      const imgs = u.piece ? u.piece.images : [];
      if (imgs.length) {
        for (const name of imgs) {
          g.append(svgEl("image", { href: imageUrl(name), x: p[0] - size / 2, y: p[1] - size / 2, width: size, height: size }));
        }
      } else {
        g.append(svgEl("rect", { x: p[0] - size / 2, y: p[1] - size / 2, width: size, height: size, rx: size / 10,
          class: `counter side-${this.game.sides.indexOf(u.side)}` }));
        const t = svgEl("text", { x: p[0], y: p[1] + size * 0.1, "font-size": size * 0.22, class: "counter-text" });
        t.textContent = u.name.length > 9 ? u.name.slice(0, 8) + "…" : u.name;
        g.append(t);
      }
      g.append(svgEl("rect", { x: p[0] - size / 2, y: p[1] - size / 2, width: size, height: size, class: "unit-frame" }));
      layer.append(g);
    }
    this.drawOverlay();
  }

  drawOverlay() {
    if (!this.map) { this.picture(); return; }
    const o = this.map.layers.overlay;
    o.replaceChildren();
    for (const l of this.supplyHexes || []) {
      const i = this.map.index.get(l);
      if (i !== undefined) o.append(svgEl("path", { d: this.map.polyPath(i), class: "supply" }));
    }
    for (const [l, r] of this.reach || []) {
      const i = this.map.index.get(l);
      if (i === undefined) continue;
      const p = svgEl("path", { d: this.map.polyPath(i), class: "reach" });
      p.dataset.hex = l;
      o.append(p);
      const [x, y] = this.mapData.centre[i];
      const t = svgEl("text", { x, y: y + this.map.radius * 0.55, class: "cost", "font-size": this.map.radius * 0.35 });
      t.textContent = r.cost;
      o.append(t);
    }
    if (this.path) {
      const pts = this.path.map((l) => this.mapData.centre[this.map.index.get(l)]).filter(Boolean);
      o.append(svgEl("polyline", { points: pts.map((q) => q.join(",")).join(" "), class: this.pathOk ? "path ok" : "path bad" }));
    }
  }

  // -- pointer: select, drag, attack -------------------------------------------
  unitAtPoint(m) {
    const i = this.map.hexAt(m.x, m.y);
    if (i < 0) return null;
    const here = this.unitsAt(this.mapData.labels[i]);
    return here.length ? here[here.length - 1] : null;
  }

  async pointer(kind, e, m) {
    const i = this.map.hexAt(m.x, m.y);
    const label = i >= 0 ? this.mapData.labels[i] : null;
    if (kind === "down") {
      const u = this.unitAtPoint(m);
      if (this.mode === "attack") {
        if (u && u.side === this.game.active_side) {
          this.attackers.has(u.id) ? this.attackers.delete(u.id) : this.attackers.add(u.id);
          this.drawUnits();
        } else if (label && this.attackers.size) {
          await this.attack(label);
        }
        return;
      }
      if (u) {
        this.drag = { unit: u, from: u.location };
        await this.select(u.id);
      }
      return;
    }
    if (kind === "move" && this.drag && label) {
      const g = this.map.layers.units.querySelector(`[data-unit="${CSS.escape(this.drag.unit.id)}"]`);
      if (g) g.setAttribute("transform", `translate(${m.x - this.mapData.snap[this.map.index.get(this.drag.from)][0]},`
        + `${m.y - this.mapData.snap[this.map.index.get(this.drag.from)][1]})`);
    }
    if (kind === "up" && this.drag) {
      const d = this.drag;
      this.drag = null;
      const g = this.map.layers.units.querySelector(`[data-unit="${CSS.escape(d.unit.id)}"]`);
      if (g) g.removeAttribute("transform"); // nothing moves before the verdict is accepted
      if (label && label !== d.from) await this.proposeMove(d.unit, label);
    }
  }

  async select(unitId) {
    this.selected = unitId;
    this.path = null;
    try {
      const r = await post("api/game/reach", { unit: unitId });
      this.reach = new Map(r.reachable.map((x) => [x.location, x]));
      status(`${unitId}: ${r.reachable.length} hexes within reach` + (r.notes.length ? ` · ${r.notes.join(" · ")}` : ""));
    } catch (e) {
      this.reach = new Map();
      status(`${unitId}: ${e.message}`, "error");
    }
    this.drawUnits();
  }

  async proposeMove(unit, dest) {
    const r = this.reach && this.reach.get(dest);
    const path = r ? r.path : [dest];
    const action = { side: unit.side, move: { unit_ids: [unit.id], path } };
    this.path = [unit.location, ...path];
    await this.judge(action, `move ${unit.id} ${unit.location} → ${dest}`);
  }

  async attack(target) {
    const action = { side: this.game.active_side, attack: { target, attackers: [...this.attackers] } };
    await this.judge(action, `attack on ${target} by ${[...this.attackers].join(", ")}`);
  }

  async judge(action, what) {
    try {
      const v = await post("api/game/validate", { action });
      this.pathOk = v.legal;
      this.drawOverlay();
      this.verdictBox.replaceChildren(el("h4", {}, what), el("div", { class: "verdict" }),
        el("button", { id: "apply", class: "primary", disabled: !v.legal, onclick: () => this.apply(action) }, "Apply"),
        el("button", { onclick: () => { this.verdictBox.replaceChildren(); this.path = null; this.drawOverlay(); } }, "Discard"));
      this.verdictBox.querySelector(".verdict").innerHTML = v.html;
      status(`${what}: ${v.legal ? "LEGAL" : "ILLEGAL"}`, v.legal ? "ok" : "error");
    } catch (e) {
      this.verdictBox.replaceChildren(el("h4", {}, what), el("p", { class: "error" }, e.message));
      status(e.message, "error");
    }
  }

  async apply(action) {
    const rolls = this.root.querySelector("#rolls").value.split(/[\s,]+/).filter(Boolean).map(Number);
    try {
      const r = await post("api/game/apply", { action, rolls });
      if (!r.applied) {
        status(r.needs_roll || "not applied", "error");
        return;
      }
      this.reach = null;
      this.path = null;
      this.selected = null;
      this.attackers.clear();
      await this.show(r.view);
      this.verdictBox.replaceChildren(el("p", { class: "ok" }, "applied"), el("ul", {}, ...r.events.map((t) => el("li", {}, t))));
    } catch (e) {
      status(e.message, "error");
    }
  }

  async undo() {
    this.show(await post("api/game/undo", {}));
  }

  async supply(side) {
    try {
      const r = await post("api/game/supply", { side });
      this.supplyHexes = r.reached;
      this.drawOverlay();
      status(`supply of ${side}: ${r.reached.length} hexes · in supply ${r.in_supply.length} · out ${r.out_of_supply.length}`
        + (r.notes.length ? ` · ${r.notes.join(" · ")}` : ""));
    } catch (e) {
      status(e.message, "error");
    }
  }

  async step(at) {
    const v = await post("api/game/step", { at });
    await this.show(v);
    const s = at >= 0 ? v.steps[at] : null;
    if (s && s.html) this.verdictBox.innerHTML = `<h4>step ${s.steps.join(",")}: ${s.summary}</h4>` + s.html;
  }
}
