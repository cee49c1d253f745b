// Umpire Studio: tabs over one project (map, counters, binding, charts, game).

import { el, get, post, status } from "./api.js";
import { MapEditor } from "./mapedit.js";
import { BindingTab, CountersTab } from "./pieces.js";
import { ChartsTab } from "./charts.js";
import { GameTab } from "./gameview.js";

window.studio = { ready: false };

const TABS = ["map", "counters", "binding", "charts", "game"];

async function main() {
  const info = await get("api/info");
  window.studio.info = info;
  header(info);
  const panes = {};
  for (const t of TABS) panes[t] = document.getElementById(`pane-${t}`);
  const tabs = {
    map: new MapEditor(panes.map, info),
    counters: new CountersTab(panes.counters, info),
    binding: new BindingTab(panes.binding, info),
    charts: new ChartsTab(panes.charts, info),
    game: new GameTab(panes.game, info),
  };
  window.studio.tabs = tabs;
  async function show(name) {
    for (const t of TABS) {
      panes[t].hidden = t !== name;
      document.querySelector(`[data-tab="${t}"]`).classList.toggle("active", t === name);
    }
    location.hash = name;
    const tab = tabs[name];
    try {
      if (name === "map") {
        const sel = document.getElementById("map-select");
        if (!tab.data || tab.mapIdent !== sel.value) await tab.open(sel.value);
      } else {
        await tab.open();
      }
    } catch (e) {
      panes[name].replaceChildren(el("p", { class: "error" }, e.message));
      status(e.message, "error");
    }
    window.studio.tab = name;
  }
  window.studio.show = show;
  for (const t of TABS) document.querySelector(`[data-tab="${t}"]`).addEventListener("click", () => show(t));
  document.getElementById("map-select").addEventListener("change", () => show("map"));
  const start = TABS.includes(location.hash.slice(1)) ? location.hash.slice(1) : (info.maps.length ? "map" : "game");
  await show(start);
  window.studio.ready = true;
}

function header(info) {
  const rs = el("select", { id: "ruleset" }, el("option", { value: "" }, "— ruleset —"),
    ...info.rulesets.map((r) => el("option", { value: r.id }, `${r.title} (${r.id})`)));
  rs.value = info.ruleset;
  const sc = el("select", { id: "scenario" }, el("option", { value: "" }, "— units from the module —"));
  const fill = () => {
    sc.replaceChildren(el("option", { value: "" }, "— units from the module —"));
    const r = info.rulesets.find((x) => x.id === rs.value);
    for (const s of r ? r.scenarios : []) sc.append(el("option", { value: s }, s));
  };
  fill();
  sc.value = info.scenario;
  const apply = async () => {
    try {
      await post("api/settings", { ruleset: rs.value, scenario: sc.value });
      location.reload();
    } catch (e) {
      status(e.message, "error");
    }
  };
  rs.addEventListener("change", () => { fill(); apply(); });
  sc.addEventListener("change", apply);
  const maps = el("select", { id: "map-select" }, ...info.maps.map((m) => el("option", { value: m }, m)));
  document.getElementById("head").replaceChildren(...[
    el("span", { class: "brand" }, "Umpire Studio"),
    el("span", { class: "module" }, info.module || "no module"),
    el("label", {}, "ruleset ", rs), el("label", {}, "scenario ", sc),
    info.maps.length ? el("label", {}, "map ", maps) : null,
    el("span", { class: "small project" }, info.project)].filter(Boolean));
}

main().catch((e) => { status(`the studio could not start: ${e.message}`, "error"); });
