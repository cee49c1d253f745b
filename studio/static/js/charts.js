// Charts: every table of the ruleset as a grid, known cells with their source,
// unknown cells highlighted and typed into, beside the module's own chart
// images; the page lists which verdicts of the open game each unknown cell blocks.

import { el, get, imageUrl, post, status } from "./api.js";

const SEP = "\x1f";

export class ChartsTab {
  constructor(root, info) {
    this.root = root;
    this.info = info;
  }

  async open() {
    const data = await get("api/charts");
    this.data = data;
    const imgs = el("div", { class: "chart-images" },
      data.images.length ? null : el("p", { class: "small" }, "The module has no chart images."),
      ...data.images.map((c) => el("figure", {}, el("figcaption", {}, c.name + (c.description ? ` — ${c.description}` : "")),
        el("img", { src: imageUrl(c.image), alt: c.name, loading: "lazy", class: "chart" }))));
    const tables = data.tables.map((t) => this.table(t));
    const blockedCount = Object.keys(data.blocked).length;
    this.root.replaceChildren(
      el("div", { class: "toolbar" },
        el("button", { id: "save-charts", class: "primary", onclick: () => this.save() }, "Save chart values"),
        el("span", { class: "small" }, " file tables.textproto (docs/tables.md) · "
          + (data.game ? `blocked verdicts are those of ${data.game} (${blockedCount} cells block something now)`
            : "open a game to see which verdicts the unknown cells block"))),
      el("div", { class: "charts" }, el("div", { class: "tables" }, ...tables), imgs));
    status(`${data.tables.length} tables · ${data.tables.reduce((n, t) => n + t.unknown, 0)} unknown cells`);
  }

  table(t) {
    const head = el("tr", {}, el("th", {}, t.row_label || ""), ...t.columns.map((c) => el("th", {}, c)));
    const rows = t.rows.map((r) => el("tr", {}, el("th", {}, r), ...t.columns.map((c) => {
      const cell = t.cells[`${r}${SEP}${c}`];
      const blocked = this.data.blocked[`${t.id}${SEP}${r}${SEP}${c}`];
      if (cell) {
        return el("td", { class: "known", title: `source: ${cell.source || "?"}` }, cell.value,
          Object.keys(cell.marks).length ? el("sup", {}, Object.entries(cell.marks).map(([k, v]) => `${k}=${v}`).join(" ")) : null);
      }
      return el("td", { class: blocked ? "unknown blocking" : "unknown",
        title: blocked ? `blocks: ${blocked.join("; ")}` : "unknown: type the value printed on the chart" },
      el("input", { type: "text", size: 4, placeholder: "?", "data-table": t.id, "data-row": r, "data-column": c }),
      blocked ? el("div", { class: "blocks" }, `blocks ${blocked.length}`) : null);
    })));
    const blockedHere = Object.entries(this.data.blocked).filter(([k]) => k.startsWith(t.id + SEP));
    return el("section", { class: "table", "data-table": t.id },
      el("h3", {}, t.title || t.id, el("span", { class: "small" }, ` ${t.id}` + (t.rule ? ` · ${t.rule}` : "")
        + ` · ${t.unknown} unknown`)),
      el("div", { class: "scroll" }, el("table", { class: "grid chart-grid" }, el("thead", {}, head), el("tbody", {}, rows))),
      blockedHere.length ? el("ul", { class: "blocked" }, ...blockedHere.map(([k, what]) => {
        const [, row, col] = k.split(SEP);
        return el("li", {}, `row ${row}, column ${col}: needed by ${what.join("; ")}`);
      })) : null);
  }

  async save() {
    const cells = [];
    for (const i of this.root.querySelectorAll("input[data-table]")) {
      if (i.value.trim()) cells.push({ table: i.dataset.table, row: i.dataset.row, column: i.dataset.column, value: i.value });
    }
    try {
      const r = await post("api/charts", { cells });
      status(`saved ${r.cells} cells to ${r.file}`, "ok");
      await this.open();
    } catch (e) {
      status(`not saved: ${e.message}`, "error");
    }
  }
}
