"""Shared builders for the VASSAL converter tests: canonical definitions and
scenarios, and modules / saves written by the project's own writers (so the
suite means something without ../shared)."""

from __future__ import annotations

from umpire.v1 import definition_pb2, map_pb2


def hex_definition(ruleset: str = "synthetic-hex") -> definition_pb2.GameDefinition:
    """SYNTHETIC: a 10x8 hex map numbered like most wargames ("0101"), two sides."""
    grid = map_pb2.HexGrid(
        numbering=map_pb2.HexNumbering(first="H", column_leading=1, row_leading=1, column_offset=1, row_offset=1,
                                       stagger=True),
        columns=10, rows=8, x0=40, y0=40, dx=60.0, dy=69.0,
    )
    d = definition_pb2.GameDefinition(id="synthetic/hex", name="Synthetic Hex", ruleset=ruleset,
                                      source="SYNTHETIC test definition")
    d.sides.add(id="blue", name="Blue", color="blue")
    d.sides.add(id="red", name="Red", color="red")
    d.map.id = "synthetic-hex"
    d.map.hex.grid.CopyFrom(grid)
    d.unit_types.add(id="inf", name="Infantry", movement_class="foot")
    d.unit_types.add(id="arm", name="Armor", movement_class="mech")
    d.units.add(id="b1", side="blue", name="1st Blue", type="inf", steps=2)
    d.units.add(id="b2", side="blue", name="2nd Blue", type="arm", steps=2)
    d.units.add(id="r1", side="red", name="1st Red", type="inf", steps=2)
    return d


def hex_scenario(ruleset: str = "synthetic-hex") -> definition_pb2.Scenario:
    s = definition_pb2.Scenario(id="synthetic/hex-start", name="Start", ruleset=ruleset, first_turn=1)
    s.definition.CopyFrom(hex_definition(ruleset))
    s.setup.add(unit_id="b1", location="0304")
    s.setup.add(unit_id="b2", location="0304")
    s.setup.add(unit_id="r1", location="0606")
    return s


def graph_definition(ruleset: str = "synthetic-graph") -> definition_pb2.GameDefinition:
    """SYNTHETIC: four towns on a line A-B-C-D, two sides."""
    d = definition_pb2.GameDefinition(id="synthetic/graph", name="Synthetic Graph", ruleset=ruleset,
                                      source="SYNTHETIC test definition")
    d.sides.add(id="allied", name="Allied", color="blue")
    d.sides.add(id="axis", name="Axis", color="grey")
    for i, t in enumerate("ABCD"):
        d.map.graph.towns.add(id=t, name=f"Town {t}", x=100 + 150 * i, y=200)
    for a, b in ("AB", "BC", "CD"):
        d.map.graph.roads.add(id=f"{a}-{b}", a=a, b=b, kind="solid")
    d.map.id = "synthetic-graph"
    d.units.add(id="al1", side="allied", name="Allied 1", type="inf")
    d.units.add(id="ax1", side="axis", name="Axis 1", type="inf")
    return d


def graph_scenario(ruleset: str = "synthetic-graph") -> definition_pb2.Scenario:
    s = definition_pb2.Scenario(id="synthetic/graph-start", name="Start", ruleset=ruleset, first_turn=1)
    s.definition.CopyFrom(graph_definition(ruleset))
    s.setup.add(unit_id="al1", location="A")
    s.setup.add(unit_id="ax1", location="D")
    return s


# -- modules and saves written by the project's own writers ---------------------------


def module_for(scenario: definition_pb2.Scenario, name: str = "gen.vmod"):  # type: ignore[no-untyped-def]
    """A Module object for a scenario, with its setup as a predefined setup."""
    from exporters.vassal.module_build import build_module
    from importers.vassal.archive import Archive
    from importers.vassal.module import Module

    return Module(Archive(build_module(scenario.definition, scenario), name))


def setup_game(module):  # type: ignore[no-untyped-def]
    """The SavedGame of the module's first predefined setup."""
    from importers.vassal.archive import Archive
    from importers.vassal.game import read_game_archive

    view = next(p for p in module.views.predefined if p.use_file)
    return read_game_archive(Archive(module.archive.read(view.file), view.file))


def game_from_text(text: str, name: str = "t.vsav"):  # type: ignore[no-untyped-def]
    from importers.vassal.game import read_saved_game
    from importers.vassal.obfuscation import Encoding, encode_saved_game

    return read_saved_game(encode_saved_game(text, Encoding()), name)


def commands(text: str) -> list[str]:
    from importers.vassal import cmdtree

    return [c.text for c in cmdtree.semantic(cmdtree.Stream(text).root).walk()]


def changed(before: str, after: str) -> tuple[list[str], list[str]]:
    """Commands only in `before`, commands only in `after` (multiset difference)."""
    from collections import Counter

    a, b = Counter(commands(before)), Counter(commands(after))
    return sorted((a - b).elements()), sorted((b - a).elements())


# -- markers ------------------------------------------------------------------------------

MARKER_SLOTS = (("Mud", "mud", "90"), ("Disrupted", "disrupted", "91"))


def marker_binding(ruleset: str = "synthetic-hex"):  # type: ignore[no-untyped-def]
    """Mud pieces are map markers "mud"; pieces whose Kind is "disrupted" are
    status markers of the units they are stacked with."""
    from umpire.v1 import vassal_pb2

    b = vassal_pb2.VassalBinding(ruleset=ruleset)
    b.pieces.add(name="Mud", bind_as="marker", marker="mud")
    b.pieces.add(properties={"Kind": "disrupted"}, bind_as="unit_marker", marker="$Kind$")
    return b


def module_with_markers(scenario: definition_pb2.Scenario, name: str = "markers.vmod"):  # type: ignore[no-untyped-def]
    """SYNTHETIC: the module Umpire writes for a scenario, plus a "Markers"
    palette (a Mud map marker and a Disrupted unit marker, Marker trait Kind)."""
    import io
    import zipfile

    from lxml import etree

    from exporters.vassal.archive import zip_bytes
    from exporters.vassal.module_build import build_module
    from importers.vassal.archive import Archive
    from importers.vassal.module import Module

    z = zipfile.ZipFile(io.BytesIO(build_module(scenario.definition, scenario)))
    entries = {n: z.read(n) for n in z.namelist()}
    root = etree.fromstring(entries["buildFile.xml"])
    window = etree.SubElement(root, "VASSAL.build.module.PieceWindow", name="Markers")
    panel = etree.SubElement(window, "VASSAL.build.widget.ListWidget", entryName="Status")
    for label, kind, gpid in MARKER_SLOTS:
        slot = etree.SubElement(panel, "VASSAL.build.widget.PieceSlot", entryName=label, gpid=gpid)
        slot.text = f"+/null/mark;Kind\tpiece;;;{kind}.png;{label}/{kind}\tnull;0;0;{gpid};0"
    entries["buildFile.xml"] = b'<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n' + etree.tostring(root)
    return Module(Archive(zip_bytes(entries.items()), name))
