"""A canonical GameDefinition (and scenario) -> a new VASSAL module.

The module has one map whose board carries the canonical grid (HexGrid with
HexGridNumbering for hex maps, a RegionGrid with one region per town for
point-to-point maps), a prototype per side and per unit type, a palette slot
per unit (Marker traits `UnitId`, `Side`, `UnitType`, a text label with the
name, and a `Steps` layer with one level per step, which automatic binding
reads), the images a unit names in its `vassal.images` property (one per
step, referenced by name: add the files to the module's images/ yourself) or
generated plain counter images where none are given, and, when a
scenario is given, its setup as a predefined setup save. The build file is
written the way VASSAL 3.7 writes it (attributes sorted, 4-space indent).
"""

from __future__ import annotations

import math
import re

from lxml import etree

from adjudicator.core.errors import MalformedInput
from exporters.vassal.archive import save_metadata, zip_bytes
from exporters.vassal.pngimage import colour, counter_png
from importers.vassal.archive import Archive
from importers.vassal.canonmap import hex_grid_from_proto
from importers.vassal.chains import add_piece_text, join_chain
from importers.vassal.seqenc import encode_str
from umpire.v1 import definition_pb2, map_pb2, vassal_pb2

VASSAL_VERSION = "3.7.9"
P = "VASSAL.build.module."
G = P + "map.boardPicker.board."
MAP_NAME = "Main Map"
HELPERS = ("ForwardToKeyBuffer", "Scroller", "ForwardToChatter", "MenuDisplayer", "MapCenterer", "StackExpander",
           "PieceMover", "KeyBufferer", "SelectionHighlighters", "HighlightLastMoved")


def _el(parent: etree._Element | None, tag: str, attrs: dict[str, str] | None = None, text: str | None = None) -> etree._Element:
    el = etree.Element(tag) if parent is None else etree.SubElement(parent, tag)
    for k in sorted(attrs or {}):
        el.set(k, (attrs or {})[k])
    if text is not None:
        el.text = text
    return el


def _indent(el: etree._Element, level: int = 0) -> None:
    pad = "\n" + "    " * level
    kids = list(el)
    if kids:
        if el.text is None or not el.text.strip():
            el.text = pad + "    "
        for i, k in enumerate(kids):
            _indent(k, level + 1)
            k.tail = pad + ("    " if i < len(kids) - 1 else "")


def _b(v: bool) -> str:
    return "true" if v else "false"


def _safe(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "-", name).strip("-") or "x"


def hex_board(grid: map_pb2.HexGrid) -> tuple[int, int, dict[str, str], dict[str, str]]:
    """Board size and the HexGrid / HexGridNumbering attributes for a canonical grid."""
    g = hex_grid_from_proto(grid)
    w, h = grid.board_width, grid.board_height
    if not (w and h):
        if not (grid.columns and grid.rows):
            raise MalformedInput("the hex grid needs its extent (columns, rows) or the board size", "definition.map.hex.grid")
        # Exactly `columns` x `rows` hex centres fall on the board (canonmap.extent).
        along = int(g.x0 + g.dx * grid.columns)
        across = int(g.y0 + g.dy * grid.rows)
        w, h = (across, along) if g.sideways else (along, across)
    n = grid.numbering
    grid_attrs = {"x0": str(g.x0), "y0": str(g.y0), "dx": repr(float(g.dx)), "dy": repr(float(g.dy)),
                  "sideways": _b(g.sideways), "snapTo": "true", "visible": "true", "dotsVisible": "false",
                  "edgesLegal": "false", "cornersLegal": "false", "color": "0,0,0"}
    num_attrs = {"first": n.first or "H", "sep": n.separator, "hType": "A" if n.column_alpha else "N",
                 "vType": "A" if n.row_alpha else "N", "hLeading": str(n.column_leading), "vLeading": str(n.row_leading),
                 "hOff": str(n.column_offset), "vOff": str(n.row_offset), "hDescend": _b(n.column_descending),
                 "vDescend": _b(n.row_descending), "stagger": _b(n.stagger),
                 "locationFormat": n.location_format or "$gridLocation$", "visible": "true", "fontSize": "9",
                 "color": "0,0,0", "rotateText": "0", "hDrawOff": "0", "vDrawOff": "0"}
    return w, h, grid_attrs, num_attrs


def _town_positions(graph: map_pb2.GraphMap) -> list[tuple[str, int, int]]:
    """Region origins in board pixels: the towns' drawing positions (any unit)
    scaled so that the closest two towns are at least 120 px apart, with a margin."""
    towns = list(graph.towns)
    if towns and any(t.x or t.y for t in towns):
        pts = [(t.x, t.y) for t in towns]
        closest = min((math.dist(a, b) for i, a in enumerate(pts) for b in pts[i + 1:] if math.dist(a, b) > 0),
                      default=1.0)
        scale = max(1.0, 120.0 / closest)
        x0, y0 = min(p[0] for p in pts), min(p[1] for p in pts)
        return [(t.id, int(round((t.x - x0) * scale)) + 80, int(round((t.y - y0) * scale)) + 80) for t in towns]
    n = max(1, len(towns))
    r = 60 * n / (2 * math.pi) + 100
    return [(t.id, int(r + 50 + r * math.cos(2 * math.pi * i / n)), int(r + 50 + r * math.sin(2 * math.pi * i / n)))
            for i, t in enumerate(towns)]


def _slot_text(unit: definition_pb2.Unit, side_proto: str, type_proto: str, images: list[str]) -> tuple[str, str]:
    """Type and state of a unit's palette piece."""
    traits = [
        ("prototype;" + side_proto, ""),
        ("prototype;" + type_proto, "") if type_proto else None,
        ("mark;" + encode_str(["UnitId", "Side", "UnitType"], ","), encode_str([unit.id, unit.side, unit.type], ",")),
        ("label;;Change Label;10;;0,0,0;c;0;c;0;c;c;$pieceName$;Dialog;1;0;TextLabel;name", unit.name or unit.id),
        # Layer "Steps": level k+1 shows k steps lost; "Lose step" (Ctrl+L) / "Recover step" (Ctrl+R).
        ("emb2;" + encode_str(["", "0", "", "Lose step", "0", "", "Recover step", "0", "", "", "", "1", "false", "0",
                               "0", encode_str(images, ","),
                               encode_str([f" step {i + 1}" for i in range(len(images))], ","),
                               "false", "Steps", "", "", "false", "", "1", "1", "true", "", "76,130", "82,130",
                               "Steps", "1.0"], ";"), "1"),
    ]
    levels = [t for t in traits if t is not None]
    basic_type = "piece;;;" + encode_str([images[0], unit.name or unit.id], ";")
    type_text = join_chain([t[0] for t in levels] + [basic_type])
    state_text = join_chain([t[1] for t in levels] + ["null;0;0;;0"])
    return type_text, state_text


def build_module_entries(definition: definition_pb2.GameDefinition, name: str = "") -> tuple[list[tuple[str, bytes]], int]:
    """Entries of a new module (build file, moduledata, images) and the next gpid."""
    title = name or definition.name or definition.id or "Umpire module"
    root = _el(None, "VASSAL.build.GameModule", {"ModuleOther1": "", "ModuleOther2": "", "VassalVersion": VASSAL_VERSION,
                                                 "description": definition.source, "name": title,
                                                 "nextPieceSlotId": "1", "version": "1.0"})
    _el(root, P + "BasicCommandEncoder")
    _el(root, P + "Documentation")
    roster = _el(root, P + "PlayerRoster", {"buttonKeyStroke": "", "buttonText": "Retire", "buttonToolTip": ""})
    for s in definition.sides:
        _el(roster, "entry", text=s.id)
    _el(root, P + "GlobalOptions", {"autoReport": "Always", "centerOnMove": "Always", "nonOwnerUnmaskable": "Never",
                                    "playerIdFormat": "$PlayerName$", "promptString": "Opponents can unmask my pieces"})
    _el(root, P + "Chatter")
    m = _el(root, P + "Map", {"mapName": MAP_NAME, "allowMultiple": "false", "backgroundcolor": "255,255,255",
                              "buttonName": "Map", "changeFormat": "$message$", "color": "0,0,0",
                              "createFormat": "$pieceName$ created in $location$", "edgeHeight": "0", "edgeWidth": "0",
                              "launch": "false", "markMoved": "Always", "moveToFormat": "$pieceName$ moves $previousLocation$ -> $location$ *",
                              "moveWithinFormat": "$pieceName$ moves $previousLocation$ -> $location$ *", "thickness": "3"})
    bp = _el(m, P + "map.BoardPicker", {"addColumnText": "Add column", "addRowText": "Add row", "boardPrompt": "Select board",
                                         "slotHeight": "125", "slotScale": "0.2", "slotWidth": "350", "title": "Choose Boards"})
    gm = definition.map
    layout = gm.WhichOneof("layout")
    if layout == "hex":
        w, h, gattrs, nattrs = hex_board(gm.hex.grid)
        sheets = list(gm.hex.grid.sheets) or [map_pb2.MapSheet(id="Map", name="Map")]
        for sh in sheets:
            board = _el(bp, P + "map.boardPicker.Board", {"name": sh.id or "Map", "reversible": "false",
                                                          "width": str(w), "height": str(h), "color": "230,220,190"})
            hg = _el(board, G + "HexGrid", gattrs)
            _el(hg, G + "mapgrid.HexGridNumbering", nattrs)
        if len(sheets) > 1:
            order = sorted(range(len(sheets)), key=lambda i: (sheets[i].row_offset, sheets[i].column_offset))
            rows = sorted({sheets[i].row_offset for i in order})
            toks = [MAP_NAME + "BoardPicker"]
            for i in order:
                row = rows.index(sheets[i].row_offset)
                col = sorted(s.column_offset for s in sheets if s.row_offset == sheets[i].row_offset).index(sheets[i].column_offset)
                toks += [sheets[i].id, str(col), str(row)]
            _el(bp, "setup", text=encode_str(toks, "\t"))
    elif layout == "graph":
        towns = _town_positions(gm.graph)
        w = max([x for _, x, _ in towns] + [400]) + 100
        h = max([y for _, _, y in towns] + [300]) + 100
        board = _el(bp, P + "map.boardPicker.Board", {"name": "Map", "reversible": "false", "width": str(w),
                                                      "height": str(h), "color": "230,220,190"})
        rg = _el(board, G + "RegionGrid", {"fontsize": "9", "snapto": "true", "visible": "true"})
        for tid, x, y in towns:
            _el(rg, G + "Region", {"name": tid, "originx": str(x), "originy": str(y)})
    else:
        raise MalformedInput("the definition has no map (hex or graph)", "definition.map")
    _el(m, P + "map.StackMetrics", {"bottom": "40,0", "disabled": "false", "down": "37,0", "exSepX": "6", "exSepY": "18",
                                    "top": "38,0", "unexSepX": "2", "unexSepY": "4", "up": "39,0"})
    for helper in HELPERS:
        _el(m, P + "map." + helper)
    _el(m, P + "map.Zoomer", {"zoomLevels": "0.25,0.5,0.75,1.0,1.5", "zoomStart": "4"})
    _el(m, P + "map.CounterDetailViewer", {"delay": "700", "showgraph": "true", "showtext": "true"})

    images: list[tuple[str, bytes]] = []
    protos = _el(root, P + "PrototypesContainer")
    side_index = {s.id: i for i, s in enumerate(definition.sides)}
    for s in definition.sides:
        _el(protos, P + "PrototypeDefinition", {"description": f"side {s.id}", "name": f"Side {s.id}"},
            text=add_piece_text(None, join_chain(["delete;Delete;68,130", "clone;Clone;67,130", "piece;;;;"]),
                                join_chain(["", "", "null;0;0;;0"])))
    for t in definition.unit_types:
        _el(protos, P + "PrototypeDefinition", {"description": t.name, "name": f"Type {t.id}"},
            text=add_piece_text(None, join_chain(["mark;" + encode_str(["MovementClass", "Tags"], ","), "piece;;;;"]),
                                join_chain([encode_str([t.movement_class, " ".join(t.tags)], ","), "null;0;0;;0"])))
    window = _el(root, P + "PieceWindow", {"hidden": "false", "name": "Units", "scale": "1.0", "text": "Units"})
    tabs = _el(window, "VASSAL.build.widget.TabWidget", {"entryName": "Units"})
    panels: dict[str, etree._Element] = {}
    gpid = 1
    types = {t.id for t in definition.unit_types}
    for u in definition.units:
        panel = panels.get(u.side)
        if panel is None:
            panel = _el(tabs, "VASSAL.build.widget.PanelWidget", {"entryName": u.side or "units", "fixed": "false",
                                                                  "nColumns": "8", "scale": "1.0", "vert": "false"})
            panels[u.side] = panel
        steps = max(1, u.steps or len(u.faces) or 1)
        rgb = colour(next((s.color for s in definition.sides if s.id == u.side), ""), side_index.get(u.side, 0))
        given = [s.strip() for s in u.props.get("vassal.images", "").split(",") if s.strip()]
        names = []
        for k in range(steps):
            if k < len(given):
                names.append(given[k])  # art the definition names: referenced, not bundled
                continue
            img = f"umpire-{_safe(u.side)}-{k + 1}of{steps}.png"
            if img not in [n for n, _ in images]:
                images.append((img, counter_png(rgb, step=k, steps=steps)))
            names.append(img)
        type_text, state_text = _slot_text(u, f"Side {u.side}", f"Type {u.type}" if u.type in types else "", names)
        state_text = state_text.replace("null;0;0;;0", f"null;0;0;{gpid};0")
        _el(panel, "VASSAL.build.widget.PieceSlot", {"entryName": u.name or u.id, "gpid": str(gpid), "height": "60",
                                                      "width": "60"}, text=add_piece_text(None, type_text, state_text))
        gpid += 1
    _el(root, P + "DiceButton", {"addToTotal": "0", "canDisable": "false", "hotkey": "", "icon": "", "keepCount": "1",
                                 "keepDice": "false", "keepOption": ">", "lockAdd": "false", "lockDice": "false",
                                 "lockPlus": "false", "lockSides": "false", "nDice": "1", "nSides": "6", "name": "1d6",
                                 "plus": "0", "prompt": "false", "reportFormat": "** $name$ = $result$ *** &lt;$PlayerName$&gt;",
                                 "reportTotal": "false", "sortDice": "false", "text": "1d6", "tooltip": "Roll 1d6"})
    tracker = _el(root, P + "turn.TurnTracker", {"buttonText": "Turn", "name": "Turn", "turnFormat": "$level1$"})
    _el(tracker, P + "turn.CounterTurnLevel", {"incr": "1", "loop": "false", "loopLimit": "-1", "name": "Turn",
                                               "property": "Turn", "start": "1", "turnFormat": "$value$"})
    _el(root, P + "NotesWindow", {"buttonText": "Notes"})
    root.set("nextPieceSlotId", str(gpid))
    _indent(root)
    body = etree.tostring(root, encoding="UTF-8", xml_declaration=False)
    build = b'<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n' + body + b"\n"
    moduledata = save_metadata("1.0", VASSAL_VERSION).replace(b"</data>", f"  <name>{_xml(title)}</name>\n</data>".encode())
    entries = [("buildFile.xml", build), ("moduledata", moduledata)] + [(f"images/{n}", d) for n, d in images]
    return entries, gpid


def _xml(s: str) -> str:
    from xml.sax.saxutils import escape

    return escape(s)


def build_module(definition: definition_pb2.GameDefinition, scenario: definition_pb2.Scenario | None = None,
                 name: str = "") -> bytes:
    """The bytes of a new .vmod; with a scenario, its setup as a predefined setup."""
    entries, _ = build_module_entries(definition, name)
    if scenario is None or not scenario.setup:
        return zip_bytes(entries)
    from exporters.vassal.setups import add_predefined_setup, scenario_save_bytes
    from importers.vassal.module import Module

    module = Module(Archive(zip_bytes(entries), name or "generated.vmod"))
    vsav = scenario_save_bytes(module, vassal_pb2.VassalBinding(ruleset=definition.ruleset), scenario)
    return add_predefined_setup(module, scenario.name or "Scenario", vsav, f"{_safe(scenario.name or 'scenario')}.vsav")
