// The game on the map: units drawn with their piece images where VASSAL draws
// them; select a unit for its reach (locations with costs); drag it onto a hex
// or town for the verdict with its citations — nothing moves until "Apply";
// an attack shows the odds column, the shifts and the outcome distribution;
// any other action the rules allow now (end of phase, a card, an answer) from
// the list of legal actions; a side's supply; a log's steps, each with its
// check-log verdict, from where the log starts (a mid-game log: the phase and
// side to act, as check-log's --phase / --active-side); and the state as a
// whole or as one side would see it (the view its client receives).

import { el, get, post, status, upload } from "./api.js";
import { GameBoard } from "./gameboard.js";

export class GameTab {
  constructor(root, info) {
    this.root = root;
    this.info = info;
    this.selected = null;
    this.attackers = new Set();
    this.mode = "move";
    this.moveMode = ""; // the movement mode (MoveUnits.mode) of reach and of a drag; "" = the ordinary move
  }

  get map() {
    return this.board ? this.board.map : null; // the map view (tests and scripts point at its cells)
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
    this.board = null;
    const v = await get("api/game/view");
    if (v.file) {
      await this.show(v);
    } else {
      this.side.replaceChildren(el("p", {}, "Open a VASSAL save (.vsav), a log (.vlog) or a canonical state. "
        + "Saves and logs are read through the binding, with the project's map, counters and chart values."));
    }
  }

  async load(file, start) {
    status(`opening ${file} …`);
    try {
      this.show(await post("api/game/open", { file, start }));
    } catch (e) {
      status(`cannot open ${file}: ${e.message}`, "error");
    }
  }

  async show(view) {
    const fresh = !this.game || this.game.file !== view.file || this.game.map_kind !== view.map_kind || !this.board;
    this.game = view;
    if (fresh) {
      this.reach = null; this.path = null; this.selected = null; this.supplyHexes = null; this.attackers.clear();
      const data = await get("api/game/board");
      this.board = new GameBoard(this.viewBox, data, this.info, {
        onPointer: (kind, e, m) => this.pointer(kind, e, m),
        onHover: (i) => this.hover(i),
      });
      this.tooltip = el("div", { class: "tooltip", id: "hex-tooltip", hidden: true });
      this.viewBox.append(this.tooltip);
    }
    this.renderSide();
    await this.board.preload(view.units);
    this.drawUnits();
    status(`${view.file}: ${view.ruleset} · turn ${view.turn} · ${view.phase} · ${view.active_side} to act`
      + (view.viewer ? ` · shown as ${view.viewer} sees it` : ""));
  }

  hover(i) {
    if (!this.tooltip) return;
    if (i < 0) { this.tooltip.hidden = true; return; }
    const label = this.board.data.labels[i];
    const r = this.reach ? this.reach.get(label) : null;
    const here = this.unitsAt(label);
    this.tooltip.hidden = false;
    this.tooltip.textContent = `${label}` + (this.board.graph && this.board.data.names[i] !== label
      ? ` ${this.board.data.names[i]}` : "") + (r ? ` · ${r.cost} MP` : "")
      + (here.length ? ` · ${here.map((u) => u.id + (u.markers.length ? ` (${u.markers.join(", ")})` : "")).join(", ")}` : "");
  }

  unitsAt(label) {
    return this.game.units.filter((u) => u.status === "ON_MAP" && u.location === label);
  }

  // -- the side panel -------------------------------------------------------------
  renderSide() {
    const v = this.game;
    this.verdictBox = el("div", { id: "verdict" });
    const viewer = el("select", { id: "viewer", title: "what a side's client receives (core/disclosure.py)" },
      el("option", { value: "" }, "the whole state"),
      ...v.sides.map((s) => el("option", { value: s }, `${s}'s view`)));
    viewer.value = v.viewer;
    viewer.addEventListener("change", () => this.setViewer(viewer.value));
    this.side.replaceChildren(...[
      el("div", { class: "facts" }, el("b", {}, v.file), ` · ${v.ruleset} · version ${v.version}`,
        el("div", {}, `turn ${v.turn} · ${v.phase}${v.segment ? "/" + v.segment : ""} · ${v.active_side} to act`),
        v.pending ? el("div", { class: "pending" }, `pending (${v.pending_side}): ${v.pending}`) : null,
        ...v.describe.map((d) => el("div", { class: "small" }, d))),
      el("div", { class: `row${v.viewer ? " viewer" : ""}` }, "show ", viewer,
        v.viewer ? el("span", { class: "small" }, `answers are computed on what ${v.viewer} knows`) : null),
      el("div", { class: "row" },
        el("button", { id: "mode-move", class: this.mode === "move" ? "active" : "", onclick: () => this.setMode("move") }, "Move"),
        el("button", { id: "mode-attack", class: this.mode === "attack" ? "active" : "", onclick: () => this.setMode("attack") }, "Attack"),
        el("button", { id: "undo-game", disabled: !v.can_undo, onclick: () => this.undo(), title: "take back the last applied action" }, "Undo")),
      this.mode === "attack" ? el("div", { class: "small", id: "attack-help" }, this.attackers.size
        ? ["attackers: ", ...[...this.attackers].map((id) => el("span", { class: "attacker", "data-attacker": id },
          id, el("button", { class: "x", title: `leave ${id} out`, onclick: () => { this.attackers.delete(id);
            this.renderSide(); this.drawUnits(); } }, "×"))), " — now click the target"]
        : "click a stack of your units (each stack joins the attack), then the hex or town they attack") : null,
      this.modeRow(),
      el("div", { class: "row" }, "supply of ",
        ...v.sides.map((s) => el("button", { "data-supply": s, onclick: () => this.supply(s) }, s)),
        el("button", { onclick: () => { this.supplyHexes = null; this.drawOverlay(); } }, "none")),
      el("div", { class: "row" }, "dice thrown: ", el("input", { id: "rolls", type: "text", size: 8, placeholder: "e.g. 4 2" })),
      this.verdictBox,
      this.actionsBox(),
      v.kind === "log" ? this.stepsBox() : null,
      v.diagnostics.length ? el("details", {}, el("summary", {}, `${v.diagnostics.length} import notes`),
        el("ul", { class: "small" }, ...v.diagnostics.map((d) => el("li", {}, d)))) : null].filter(Boolean));
  }

  // The movement mode, when the rules have more than one (P3A 5.1.C: tactical or
  // strategic): reach and a drag's move are asked in that mode.
  modeRow() {
    const modes = this.game.reach_modes || [""];
    if (!modes.includes(this.moveMode)) this.moveMode = "";
    if (modes.length < 2) return null;
    const pick = el("select", { id: "reach-mode", title: "MoveUnits.mode: how the unit moves (reach and a drag)" },
      ...modes.map((m) => el("option", { value: m }, m || "ordinary (the rules' default)")));
    pick.value = this.moveMode;
    pick.addEventListener("change", () => this.setMoveMode(pick.value));
    return el("div", { class: "row" }, "movement ", pick);
  }

  async setMoveMode(m) {
    this.moveMode = m;
    status(`movement mode: ${m || "ordinary"}`);
    if (this.selected) await this.select(this.selected);
  }

  actionsBox() {
    const v = this.game;
    const text = el("textarea", { id: "action-json", class: "action", rows: 3,
      placeholder: '{"side": "…", "end_phase": {}}  (an Action, proto3 JSON)' });
    const list = el("ul", { class: "legal-actions small" }, ...v.legal_actions.map((la) =>
      el("li", { "data-kind": la.kind, title: la.example ? "click: put this action in the box" : la.kind,
        onclick: () => { text.value = JSON.stringify(la.example || this.template(la.kind), null, 0); } },
      `${la.kind}: ${la.description}`)));
    return el("details", { class: "actions", open: v.legal_actions.length > 0 && this.mode === "move" && v.kind !== "log" },
      el("summary", {}, `Other actions (${v.legal_actions.length} allowed now)`), list, text,
      el("div", { class: "row" }, el("button", { id: "judge-action", onclick: () => this.judgeText(text.value) }, "Judge")));
  }

  template(kind) {
    const side = this.game.pending_side || this.game.active_side;
    if (kind.includes(".")) {
      const [ext, inner] = kind.split(".");
      return { side, [ext]: { [inner]: {} } };
    }
    return { side, [kind]: {} };
  }

  stepsBox() {
    const v = this.game;
    const s = v.start || {};
    const input = (id, value, ph) => el("input", { id, value: value || "", placeholder: ph });
    const side = el("select", { id: "start-side" }, el("option", { value: "" }, "— as the save says —"),
      ...v.sides.map((x) => el("option", { value: x }, x)));
    side.value = s.active_side || "";
    const turn = input("start-turn", s.turn || "", "turn");
    const phase = input("start-phase", s.phase, "phase, e.g. " + (v.steps.length ? "allied-movement" : ""));
    const segment = input("start-segment", s.segment, "segment");
    const start = el("fieldset", { class: "start" }, el("legend", {}, "The log starts at (a log that begins mid-game)"),
      el("div", { class: "row" }, "turn ", turn, " phase ", phase),
      el("div", { class: "row" }, "segment ", segment, " side to act ", side),
      el("div", { class: "row" }, el("button", { id: "replay-from", onclick: () => this.load(v.file, {
        turn: turn.value, phase: phase.value, segment: segment.value, active_side: side.value }) }, "Replay from there"),
      el("span", { class: "small" }, "= umpire check-log --turn --phase --segment --active-side")));
    const judged = v.steps.filter((x) => x.legal !== null);
    const bad = v.steps.findIndex((x) => x.legal === false);
    return el("div", { class: "steps" }, start,
      el("h4", {}, `Log steps (${v.steps.length}) · ${judged.length} judged`
        + (bad >= 0 ? ` · step ${v.steps[bad].steps.join(",")} ILLEGAL` : " · all legal")),
      el("ul", { class: "step-list" }, el("li", { class: v.at < 0 ? "at" : "", "data-step": -1, onclick: () => this.step(-1) }, "start position"),
        ...v.steps.map((x, i) => el("li", { class: `${i === v.at ? "at " : ""}${x.legal === false ? "illegal" : x.legal ? "legal" : "skip"}`,
          "data-step": i, onclick: () => this.step(i) },
        `step ${x.steps.join(",")}: ${x.summary}` + (x.legal === null ? ` (${x.skipped})` : x.legal ? " — legal" : " — ILLEGAL")))));
  }

  setMode(m) {
    this.mode = m;
    this.attackers.clear();
    this.target = null;
    this.renderSide();
    this.drawUnits();
  }

  async setViewer(side) {
    try {
      this.reach = null; this.path = null; this.selected = null; this.attackers.clear();
      this.show(await post("api/game/viewer", { side }));
    } catch (e) {
      status(e.message, "error");
    }
  }

  // -- drawing ---------------------------------------------------------------------
  drawUnits() {
    const hl = new Set(this.attackers);
    if (this.selected) hl.add(this.selected);
    this.board.drawUnits(this.game, hl);
    this.drawOverlay();
  }

  drawOverlay() {
    this.board.drawOverlay({ reach: this.reach, supply: this.supplyHexes, path: this.path, pathOk: this.pathOk,
      target: this.target });
  }

  // -- pointer: select, drag, attack ---------------------------------------------------
  async pointer(kind, e, m) {
    const label = this.board.labelAt(m);
    if (kind === "down") {
      const u = this.board.unitAt(e, m, this.game.units);
      if (this.mode === "attack") {
        const side = this.game.viewer || this.game.active_side;
        const target = label || (u ? u.location : null); // a town's counters stand beside it
        if (u && u.side === side) { // the whole stack joins (or leaves) the attack; the list below fine-tunes it
          const stack = this.unitsAt(u.location).filter((x) => x.side === side).map((x) => x.id);
          const on = !stack.every((id) => this.attackers.has(id));
          for (const id of stack) on ? this.attackers.add(id) : this.attackers.delete(id);
          this.renderSide();
          this.drawUnits();
        } else if (target && this.attackers.size) {
          await this.attack(target);
        }
        return;
      }
      if (u) {
        this.drag = { unit: u, from: u.location, x: m.x, y: m.y };
        await this.select(u.id);
      }
      return;
    }
    if (kind === "move" && this.drag) {
      const g = this.board.map.layers.units.querySelector(`[data-unit="${CSS.escape(this.drag.unit.id)}"]`);
      if (g) g.setAttribute("transform", `translate(${m.x - this.drag.x},${m.y - this.drag.y})`);
    }
    if (kind === "up" && this.drag) {
      const d = this.drag;
      this.drag = null;
      const g = this.board.map.layers.units.querySelector(`[data-unit="${CSS.escape(d.unit.id)}"]`);
      if (g) g.removeAttribute("transform"); // nothing moves before the verdict is accepted
      if (label && label !== d.from) await this.proposeMove(d.unit, label);
    }
  }

  async select(unitId) {
    this.selected = unitId;
    this.path = null;
    try {
      const r = await post("api/game/reach", { unit: unitId, mode: this.moveMode });
      this.reach = new Map(r.reachable.map((x) => [x.location, x]));
      status(`${unitId}: ${r.reachable.length} ${this.board.graph ? "towns" : "hexes"} within reach`
        + (r.mode ? ` (${r.mode} move)` : "")
        + (r.notes.length ? ` · ${r.notes.join(" · ")}` : ""));
    } catch (e) {
      this.reach = new Map();
      status(`${unitId}: ${e.message}`, "error");
    }
    // Mark the unit in place: redrawing the counters under a pointer still pressed
    // would take the press's target away in the middle of the drag.
    for (const g of this.board.map.layers.units.querySelectorAll(".unit")) {
      g.classList.toggle("selected", g.dataset.unit === unitId || this.attackers.has(g.dataset.unit));
    }
    this.drawOverlay();
  }

  async proposeMove(unit, dest) {
    const r = this.reach && this.reach.get(dest);
    const path = r ? r.path : [dest];
    const action = { side: unit.side, move: { unit_ids: [unit.id], path, ...(this.moveMode ? { mode: this.moveMode } : {}) } };
    this.path = [unit.location, ...path];
    await this.judge(action, `${this.moveMode ? this.moveMode + " " : ""}move ${unit.id} ${unit.location} → ${dest}`);
  }

  async attack(target) {
    const action = { side: this.game.viewer || this.game.active_side, attack: { target, attackers: [...this.attackers] } };
    this.target = target;
    await this.judge(action, `attack on ${target} by ${[...this.attackers].join(", ")}`);
  }

  async judgeText(text) {
    let action;
    try {
      action = JSON.parse(text);
    } catch (e) {
      status(`the action is not JSON: ${e.message}`, "error");
      return;
    }
    await this.judge(action, Object.keys(action).filter((k) => k !== "side").join(", ") || "action");
  }

  async judge(action, what) {
    try {
      const v = await post("api/game/validate", { action });
      this.pathOk = v.legal;
      this.drawOverlay();
      this.verdictBox.replaceChildren(el("h4", {}, what), el("div", { class: "verdict" }),
        el("div", { class: "row" },
          el("button", { id: "apply", class: "primary", disabled: !v.legal, onclick: () => this.apply(action) }, "Apply"),
          el("button", { id: "discard", onclick: () => this.discard() }, "Discard")));
      this.verdictBox.querySelector(".verdict").innerHTML = v.html;
      status(`${what}: ${v.legal ? "LEGAL" : "ILLEGAL"}`, v.legal ? "ok" : "error");
    } catch (e) {
      this.verdictBox.replaceChildren(el("h4", {}, what), el("p", { class: "error" }, e.message),
        el("button", { id: "discard", onclick: () => this.discard() }, "Discard"));
      status(e.message, "error");
    }
  }

  discard() {
    this.verdictBox.replaceChildren();
    this.path = null;
    this.target = null;
    this.attackers.clear();
    this.renderSide();
    this.drawUnits();
    status("discarded: nothing was applied");
  }

  async apply(action) {
    const rolls = this.root.querySelector("#rolls").value.split(/[\s,]+/).filter(Boolean).map(Number);
    try {
      const r = await post("api/game/apply", { action, rolls });
      if (!r.applied) {
        status(r.needs_roll || "not applied", "error");
        return;
      }
      this.reach = null; this.path = null; this.selected = null; this.target = null; this.attackers.clear();
      await this.show(r.view);
      this.verdictBox.replaceChildren(el("p", { class: "ok" }, `applied (version ${r.view.version})`),
        el("ul", {}, ...r.events.map((t) => el("li", {}, t))));
    } catch (e) {
      status(e.message, "error");
    }
  }

  async undo() {
    try {
      this.reach = null; this.path = null; this.selected = null; this.target = null;
      await this.show(await post("api/game/undo", {}));
      status(`undone: back to version ${this.game.version}`);
    } catch (e) {
      status(e.message, "error");
    }
  }

  async supply(side) {
    try {
      const r = await post("api/game/supply", { side });
      this.supplyHexes = r.reached;
      this.drawOverlay();
      status(`supply of ${side}: ${r.reached.length} locations · in supply ${r.in_supply.length} · out ${r.out_of_supply.length}`
        + (r.notes.length ? ` · ${r.notes.join(" · ")}` : ""));
    } catch (e) {
      status(e.message, "error");
    }
  }

  async step(at) {
    const v = await post("api/game/step", { at });
    this.reach = null; this.selected = null; this.target = null;
    const s = at >= 0 ? v.steps[at] : null;
    this.path = s && s.where && s.where.length > 1 ? s.where : null;
    this.pathOk = s ? s.legal !== false : true;
    await this.show(v);
    if (s) {
      this.verdictBox.replaceChildren(el("h4", {}, `step ${s.steps.join(",")}: ${s.summary}`),
        el("div", { class: "verdict" }));
      const box = this.verdictBox.querySelector(".verdict");
      if (s.html) box.innerHTML = s.html; // the check-log verdict (exporters/report.py)
      else box.append(el("p", { class: "small" }, s.skipped));
    }
  }
}
