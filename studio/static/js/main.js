// Umpire Studio: tabs over one project (map, counters, binding, charts, game).

import { el, getInfo, post, status } from "./api.js";
import { BoardEditor } from "./boardedit.js";
import { MapEditor } from "./mapedit.js";
import { BindingTab, CountersTab } from "./pieces.js";
import { ChartsTab } from "./charts.js";
import { GameTab } from "./gameview.js";

window.studio = { ready: false };

const TABS = ["map", "counters", "binding", "charts", "game"];

async function main() {
  const info = await getInfo();
  window.studio.info = info;
  header(info);
  const panes = {};
  for (const t of TABS) panes[t] = document.getElementById(`pane-${t}`);
  const tabs = {
    map: graphs(info) ? new BoardEditor(panes.map, info) : new MapEditor(panes.map, info),
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
        if (!sel || !sel.value) {
          panes.map.replaceChildren(el("p", {}, graphs(info)
            ? "No board to draw: open a module with a region map, choose a scenario, or put a board file in boards/."
            : info.module_file ? "The module has no map with a hex grid."
              : "No module open: the Map tab paints over a VASSAL module's boards (umpire studio MODULE.vmod "
                + "--ruleset …). A canonical state opens in the Game tab, drawn on its own map."));
        } else if (!tab.data || tab.mapIdent !== sel.value) await tab.open(sel.value);
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
  const mapSelect = document.getElementById("map-select"); // absent when there is no map to draw
  if (mapSelect) mapSelect.addEventListener("change", () => show("map"));
  const start = TABS.includes(location.hash.slice(1)) ? location.hash.slice(1) : (mapNames(info).length ? "map" : "game");
  await show(start);
  window.studio.ready = true;
}

// A ruleset whose maps are towns and roads: the Map tab edits boards.
function graphs(info) {
  return info.vocabulary.layout === "graph";
}

function mapNames(info) {
  return graphs(info) ? info.boards : info.maps;
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
  const maps = el("select", { id: "map-select" }, ...mapNames(info).map((m) => el("option", { value: m }, m)));
  document.getElementById("head").replaceChildren(...[
    el("span", { class: "brand" }, "Umpire Studio"),
    el("span", { class: "module" }, info.module || "no module"),
    el("label", {}, "ruleset ", rs), el("label", {}, "scenario ", sc),
    mapNames(info).length ? el("label", {}, graphs(info) ? "board " : "map ", maps) : null,
    el("span", { class: "small project", title: `project folder: ${info.project_path}` }, info.project)].filter(Boolean));
}

main().catch((e) => { status(`the studio could not start: ${e.message}`, "error"); });
