"""The ruleset's tables beside the module's own chart images.

Each table is shown with its known cells (value and source) and its unknown
cells; values typed off the printed chart are saved as a table file
(docs/tables.md), checked by `merge_tables` exactly as `umpire new --tables`
checks it. Which verdicts an unknown cell blocks is asked of the engine itself
on the open game: every move (`reach_with_notes`) and every attack of the side
to play on an adjacent enemy (`engine.validate`) that names the cell.
"""

from __future__ import annotations

from typing import Any

from google.protobuf import text_format

from adjudicator.core import engine
from adjudicator.core.dice import HmacDice
from adjudicator.core.errors import MalformedInput, NeedsData, UmpireError
from adjudicator.core.hexmap import compile_map
from adjudicator.core.ruleset import Ruleset
from adjudicator.core.tables import TableView, merge_tables
from importers.vassal.module import Module
from studio.boards import hex_maps
from umpire.v1 import action_pb2, state_pb2, tables_pb2

CHART_TAGS = ("VASSAL.build.widget.Chart", "VASSAL.build.widget.HtmlChart")


def chart_images(module: Module | None) -> list[dict[str, str]]:
    """The module's charts that are images in the module: its ChartWindow
    entries, then its chart maps (a map whose boards have a picture but no hex
    grid: a turn track, a chart sheet; the hex maps are painted in the Map tab)."""
    if module is None:
        return []
    out = []
    for el in module.buildfile.root.iter():
        tag = el.tag if isinstance(el.tag, str) else ""
        if tag in CHART_TAGS:
            name = str(el.get("chartName", "") or el.get("name", ""))
            f = str(el.get("fileName", ""))
            if f and module.find_entry(f"images/{f}") is not None:
                out.append({"name": name, "image": f, "description": str(el.get("description", ""))})
    painted = set(hex_maps(module))
    for m in module.views.maps:
        if m.identifier in painted:
            continue
        for b in m.boards:
            if b.image and module.find_entry(f"images/{b.image}") is not None:
                name = m.identifier if len(m.boards) == 1 else f"{m.identifier}: {b.name}"
                out.append({"name": name, "image": b.image, "description": "a map of the module without a hex grid"})
    return out


def base_tables(rs: Ruleset, state: state_pb2.GameState | None) -> list[tables_pb2.Table]:
    """The tables of the open game, else of a game of the ruleset's first scenario."""
    if state is not None:
        return list(state.scenario.definition.tables)
    ids = rs.scenario_ids()
    if not ids:
        return []
    st, _ = engine.new_game(rs, rs.load_scenario(ids[0]), game_id="studio", options={}, tables=None,
                            dice=HmacDice(b"umpire-studio-tables", "studio", 0, 0))
    return list(st.scenario.definition.tables)


def merged(rs: Ruleset, state: state_pb2.GameState | None, user: tables_pb2.TableSet,
           counters_table: str) -> list[tables_pb2.Table]:
    base = [t for t in base_tables(rs, state) if t.id != counters_table]
    return merge_tables(base, user, "tables.textproto") if user.tables else base


def table_json(t: tables_pb2.Table) -> dict[str, Any]:
    view = TableView(t)
    cells: dict[str, Any] = {}
    for r in t.rows:
        for c in t.columns:
            cell = view.cell(r, c)
            cells[f"{r}\x1f{c}"] = None if cell is None else {"value": cell.value, "source": cell.source,
                                                             "marks": dict(cell.marks)}
    return {"id": t.id, "title": t.title, "row_label": t.row_label, "column_label": t.column_label,
            "rows": list(t.rows), "columns": list(t.columns), "cells": cells, "source": t.source,
            "rule": t.citation.label, "unknown": len(view.unknown_cells())}


def save_cells(tables: list[tables_pb2.Table], cells: list[dict[str, str]]) -> tables_pb2.TableSet:
    """The typed cells as a table file, checked against the tables (an unknown
    table, row or column is refused with its position)."""
    ts = tables_pb2.TableSet()
    by_id: dict[str, tables_pb2.Table] = {}
    last: dict[tuple[str, str, str], dict[str, str]] = {}
    for c in cells:  # a cell typed again replaces the one saved before
        last[(str(c.get("table", "")), str(c.get("row", "")), str(c.get("column", "")))] = c
    for c in last.values():
        value = str(c.get("value", "")).strip()
        if not value:
            continue
        tid = str(c.get("table", ""))
        t = by_id.get(tid)
        if t is None:
            t = by_id[tid] = ts.tables.add(id=tid)
        t.cells.add(row=str(c.get("row", "")), column=str(c.get("column", "")), value=value,
                    source=str(c.get("source", "")) or "read off the module's chart in Umpire Studio")
    merge_tables(tables, ts, "tables.textproto")  # raises MalformedInput naming the bad cell
    return ts


def tableset_text(ts: tables_pb2.TableSet, title: str) -> bytes:
    head = f"# Chart values for {title}, typed in Umpire Studio (docs/tables.md).\n"
    return head.encode() + text_format.MessageToString(ts, as_utf8=True).encode()


def blocked(state: state_pb2.GameState) -> dict[str, list[str]]:
    """Cell key (table, row, column) -> what in this position needs it."""
    out: dict[str, list[str]] = {}

    def note(cells: Any, what: str) -> None:
        for c in cells:
            out.setdefault(f"{c.table_id}\x1f{c.row}\x1f{c.column}", []).append(what)

    rs = engine.ruleset_of(state)
    side = state.active_side
    mine = [u for u in state.units if u.side == side and u.status == state_pb2.UnitState.ON_MAP]
    for u in mine[:60]:
        try:
            rs.reach_with_notes(state, u.unit_id)
        except NeedsData as e:
            note(e.cells, f"where {u.unit_id} may move (reach)")
        except UmpireError:
            continue
    gm = state.scenario.definition.map
    if gm.WhichOneof("layout") != "hex":
        return out
    hm = compile_map(gm)
    at: dict[int, list[str]] = {}
    for u in mine:
        h = hm.find(u.location)
        if h is not None:
            at.setdefault(h, []).append(u.unit_id)
    targets = {hm.find(u.location) for u in state.units
               if u.side != side and u.status == state_pb2.UnitState.ON_MAP} - {None}
    for t in sorted(x for x in targets if x is not None)[:40]:
        attackers = [uid for n in hm.neighbours(t) for uid in at.get(n, [])]
        if not attackers:
            continue
        a = action_pb2.Action(side=side, attack=action_pb2.Attack(target=hm.labels[t], attackers=attackers))
        try:
            v = engine.validate(state, a)
        except NeedsData as e:
            note(e.cells, f"the attack on {hm.labels[t]} by {', '.join(attackers)}")
            continue
        except (MalformedInput, UmpireError):
            continue
        note(v.needs, f"the outcome of an attack on {hm.labels[t]} by {', '.join(attackers)}")
    return out
