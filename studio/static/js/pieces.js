// Counters: the module's palette pieces with their own images and the values
// the ruleset reads (saved as the counters table file). Binding: VASSAL sides
// to ruleset sides, and pieces to units (matched by name where names agree,
// the rest chosen by hand), saved as the binding file.

import { el, get, imageUrl, post, status } from "./api.js";

// A piece as VASSAL draws it: its image, then each active layer's image over it.
function pieceImages(images) {
  return el("span", { class: "piece-img" }, ...images.map((n) => el("img", { src: imageUrl(n), alt: n, title: n,
    loading: "lazy", onerror: (e) => { e.target.classList.add("missing"); e.target.alt = `no image ${n}`; } })));
}

export class CountersTab {
  constructor(root, info) {
    this.root = root;
    this.info = info;
  }

  async open() {
    const data = await get("api/pieces");
    this.data = data;
    const fields = this.info.counter_fields;
    const units = data.pieces.filter((p) => p.bound_as === "unit" || p.side);
    const head = el("tr", {}, el("th", {}, "piece"), el("th", {}, "row (unit id)"), el("th", {}, "side"),
      ...fields.map((f) => el("th", { title: [f.rule, f.note].filter(Boolean).join(" · ") }, f.column)));
    const rows = units.map((p) => el("tr", { "data-row": p.row },
      el("td", {}, pieceImages(p.images), " ", p.name, el("div", { class: "small" }, p.path)),
      el("td", {}, p.row), el("td", {}, p.side || "-"),
      ...fields.map((f) => el("td", {}, this.input(p.row, f, (data.counters[p.row] || {})[f.column] || "")))));
    this.root.replaceChildren(
      el("div", { class: "toolbar" },
        el("button", { id: "save-counters", class: "primary", onclick: () => this.save() }, "Save counters"),
        el("span", { class: "small" }, ` table ${this.info.counters_table} · one row per palette piece; every copy of a `
          + "piece in a save gets its row's values · file counters.textproto")),
      units.length ? el("table", { class: "grid counters" }, el("thead", {}, head), el("tbody", {}, rows))
        : el("p", {}, "No palette piece has a side: bind the sides first (Binding tab)."));
    status(`${units.length} unit pieces in the palette`);
  }

  input(row, f, value) {
    if (f.choices.length) {
      const s = el("select", { "data-row": row, "data-column": f.column },
        el("option", { value: "" }, "?"), ...f.choices.map((c) => el("option", { value: c }, c)));
      s.value = value;
      return s;
    }
    return el("input", { type: f.number ? "number" : "text", value, "data-row": row, "data-column": f.column,
      size: 5, placeholder: "?" });
  }

  async save() {
    const values = {};
    for (const i of this.root.querySelectorAll("[data-column]")) {
      if (!i.value) continue;
      (values[i.dataset.row] = values[i.dataset.row] || {})[i.dataset.column] = i.value;
    }
    try {
      const r = await post("api/counters", { values });
      status(`saved ${r.file}`, "ok");
    } catch (e) {
      status(`not saved: ${e.message}`, "error");
    }
  }
}

export class BindingTab {
  constructor(root, info) {
    this.root = root;
    this.info = info;
  }

  async open() {
    const data = await get("api/pieces");
    const sides = this.info.ruleset_sides;
    const sideRows = data.vassal_sides.map((s) => el("tr", {}, el("td", {}, s), el("td", {},
      this.select(`side:${s}`, sides, data.sides[s] || this.guessSide(s, sides, data)))));
    const units = data.scenario_units;
    const pieceRows = data.pieces.map((p) => {
      const rule = p.rule || {};
      const chosen = rule.unit || (p.match ? p.match[0] : "");
      const how = p.rule ? "binding file" : p.match ? "matched by name" : p.bound_as === "unit" ? "automatic" : p.bound_as;
      const unitCell = units.length
        ? this.select(`unit:${p.gpid}`, units.map((u) => u.id), chosen, true)
        : el("input", { type: "text", value: rule.unit || "", placeholder: p.bound_as === "unit" ? p.row : "",
          "data-key": `unit:${p.gpid}` });
      return el("tr", { "data-gpid": p.gpid }, el("td", {}, pieceImages(p.images), " ", p.name),
        el("td", { class: "small" }, p.path), el("td", {}, p.side || "-"),
        el("td", {}, this.select(`as:${p.gpid}`, ["unit", "marker", "unit_marker", "ignore", "opaque"],
          p.rule ? (p.rule.bindAs || "unit") : p.bound_as === "opaque" && !p.side ? "" : "unit", true)),
        el("td", {}, unitCell), el("td", { class: "small" }, how));
    });
    this.root.replaceChildren(
      el("div", { class: "toolbar" },
        el("button", { id: "save-binding", class: "primary", onclick: () => this.save() }, "Save binding"),
        el("span", { class: "small" }, " file binding.json (docs/vassal.md) — used by umpire convert and check-log")),
      el("h3", {}, "Sides"),
      el("table", { class: "grid" }, el("tr", {}, el("th", {}, "VASSAL side"), el("th", {}, "ruleset side")), sideRows),
      el("h3", {}, units.length ? `Pieces → units of ${this.info.scenario}` : "Pieces (units are built from the module: "
        + "leave the unit empty to use the piece's own name)"),
      el("table", { class: "grid" }, el("tr", {}, el("th", {}, "piece"), el("th", {}, "palette"), el("th", {}, "side"),
        el("th", {}, "bind as"), el("th", {}, "unit"), el("th", {}, "how")), pieceRows));
    status(`${data.pieces.length} palette pieces`);
  }

  guessSide(vassalSide, sides, data) {
    const low = vassalSide.toLowerCase();
    return sides.find((s) => s.toLowerCase() === low) || "";
  }

  select(key, options, value, allowEmpty = true) {
    const s = el("select", { "data-key": key }, allowEmpty ? el("option", { value: "" }, "—") : null,
      ...options.map((o) => el("option", { value: o }, o)));
    s.value = value || "";
    return s;
  }

  async save() {
    const sides = {};
    const pieces = {};
    for (const i of this.root.querySelectorAll("[data-key]")) {
      const [kind, ...rest] = i.dataset.key.split(":");
      const k = rest.join(":");
      if (kind === "side" && i.value) sides[k] = i.value;
      if (kind === "unit") (pieces[k] = pieces[k] || {}).unit = i.value;
      if (kind === "as") (pieces[k] = pieces[k] || {}).bind_as = i.value;
    }
    for (const [g, c] of Object.entries(pieces)) {
      if (!c.bind_as || (c.bind_as === "unit" && !c.unit)) delete pieces[g];
    }
    try {
      const r = await post("api/binding", { sides, pieces });
      status(`saved ${r.file}`, "ok");
    } catch (e) {
      status(`not saved: ${e.message}`, "error");
    }
  }
}
