"""VASSAL edge cases of issue 13: a HexGrid without numbering, numeric labels
without separators, and what a module pairing says when it does not fit
(modules and saves written by the project's own writers, then edited)."""

from __future__ import annotations

import io
import zipfile

from lxml import etree

from exporters.vassal.archive import zip_bytes
from exporters.vassal.module_build import build_module
from importers.vassal.archive import Archive
from importers.vassal.module import Module
from importers.vassal.to_canonical import import_game
from tests.support.vassal import hex_scenario, setup_game
from umpire.v1 import state_pb2, vassal_pb2

ON_MAP = state_pb2.UnitState.ON_MAP


def _unnumbered_module() -> Module:
    """SYNTHETIC: the module Umpire writes for the hex scenario, with the
    HexGridNumbering element removed from its HexGrid (as in real modules whose
    author never numbered the grid)."""
    z = zipfile.ZipFile(io.BytesIO(build_module(hex_scenario().definition, hex_scenario())))
    entries = {n: z.read(n) for n in z.namelist()}
    root = etree.fromstring(entries["buildFile.xml"])
    nums = root.findall(".//VASSAL.build.module.map.boardPicker.board.mapgrid.HexGridNumbering")
    assert nums, "the generated module has a numbered hex grid"
    for n in nums:
        n.getparent().remove(n)
    entries["buildFile.xml"] = b'<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n' + etree.tostring(root)
    return Module(Archive(zip_bytes(entries.items()), "unnumbered.vmod"))


def _raw_label(label: str) -> str:
    """Raw column/row of a hex of the (numbered) synthetic scenario, as CCRR."""
    from adjudicator.core.numbering import from_proto

    c, r = from_proto(hex_scenario().definition.map.hex.grid).parse(label)
    return f"{c:02d}{r:02d}"


def test_unnumbered_hex_grid_addresses_hexes_by_raw_column_and_row() -> None:
    mod = _unnumbered_module()
    res = import_game(setup_game(mod), mod, vassal_pb2.VassalBinding(), use_engine=False)
    where = {u.unit_id: (u.status, u.location) for u in res.state.units}
    assert where == {"b1": (ON_MAP, _raw_label("0304")), "b2": (ON_MAP, _raw_label("0304")),
                     "r1": (ON_MAP, _raw_label("0606"))}
    grid = res.state.scenario.definition.map.hex.grid
    assert (grid.numbering.column_offset, grid.numbering.row_offset, grid.numbering.stagger) == (0, 0, False)
    assert (grid.columns, grid.rows) == (10, 8)


def test_unnumbered_hex_grid_keeps_vassals_location_name() -> None:
    """VASSAL's HexGrid.locationName is null without numbering, so Map.locationName
    reports "offboard": the VASSAL name stays what VASSAL would print."""
    mod = _unnumbered_module()
    geo = mod.map_geometry(mod.views.maps[0].identifier)
    board = geo.placed[0]
    x, y = geo.point_of(board.board.name, "0203")
    loc = geo.locate(x, y)
    assert (loc.name, loc.grid_label, loc.board) == ("offboard", "0203", board.board.name)


def test_unnumbered_hex_grid_round_trips_a_move_on_export() -> None:
    from exporters.vassal.from_canonical import apply_state
    from importers.vassal.game import read_saved_game

    mod = _unnumbered_module()
    binding = vassal_pb2.VassalBinding()
    game = setup_game(mod)
    state = import_game(game, mod, binding, use_engine=False).state
    next(u for u in state.units if u.unit_id == "r1").location = "0705"
    text, _report = apply_state(game, mod, binding, state)
    from importers.vassal.obfuscation import Encoding, encode_saved_game

    again = import_game(read_saved_game(encode_saved_game(text, Encoding()), "x.vsav"), mod, binding, use_engine=False)
    assert next(u for u in again.state.units if u.unit_id == "r1").location == "0705"


def _tall_module() -> Module:
    """SYNTHETIC: the hex scenario's module on a board of 10 columns and 120 rows
    (numbering leading 1: "CCRR", rows past 99 print three digits)."""
    sc = hex_scenario()
    sc.definition.map.hex.grid.rows = 120
    return Module(Archive(build_module(sc.definition, sc), "tall.vmod"))


def test_unseparated_label_lands_on_the_hex_that_prints_it() -> None:
    mod = _tall_module()
    geo = mod.map_geometry(mod.views.maps[0].identifier)
    board = geo.placed[0].board.name
    x, y = geo.point_of(board, "05111")
    assert geo.locate(x, y).grid_label == "05111"  # greedy: column 051 row 11, i.e. hex "5111"


def test_setup_stack_grid_location_keeps_vassals_greedy_split() -> None:
    """VASSAL's own getLocation (SetupStack "use grid location") reads "05111"
    greedily; reproducing where VASSAL puts such a stack keeps that."""
    mod = _tall_module()
    geo = mod.map_geometry(mod.views.maps[0].identifier)
    board = geo.placed[0].board.name
    assert geo.point_of(board, "05111", vassal_quirk=True) == geo.point_of(board, "5111", vassal_quirk=True)


def test_unit_on_a_three_digit_row_imports_and_exports_to_its_hex() -> None:
    from exporters.vassal.from_canonical import apply_state
    from importers.vassal.game import read_saved_game
    from importers.vassal.obfuscation import Encoding, encode_saved_game

    mod = _tall_module()
    binding = vassal_pb2.VassalBinding()
    game = setup_game(mod)
    state = import_game(game, mod, binding, use_engine=False).state
    next(u for u in state.units if u.unit_id == "r1").location = "05111"
    text, _report = apply_state(game, mod, binding, state)
    again = import_game(read_saved_game(encode_saved_game(text, Encoding()), "x.vsav"), mod, binding, use_engine=False)
    assert {u.unit_id: (u.status, u.location) for u in again.state.units}["r1"] == (ON_MAP, "05111")
