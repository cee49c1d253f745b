"""Canonical -> VASSAL: saves edited by splicing (untouched commands byte for
byte), fresh saves, predefined setups, generated modules, logs."""

from __future__ import annotations

import io
import struct
import zipfile
from pathlib import Path

import pytest
from lxml import etree

from exporters.vassal.archive import save_entries, zip_bytes
from exporters.vassal.build import build_save, scenario_state
from exporters.vassal.from_canonical import apply_state
from exporters.vassal.logwriter import write_log_text
from exporters.vassal.module_build import build_module
from exporters.vassal.setups import add_predefined_setup, scenario_save_bytes
from importers.vassal.archive import Archive
from importers.vassal.game import read_game_archive, read_game_file
from importers.vassal.module import Module
from importers.vassal.setups import import_setups
from importers.vassal.to_canonical import import_game
from tests.support.vassal import changed, game_from_text, graph_scenario, hex_scenario, module_for, setup_game
from umpire.v1 import action_pb2, state_pb2, vassal_pb2

B = vassal_pb2.VassalBinding(ruleset="synthetic-hex")


@pytest.fixture(scope="module")
def mod() -> Module:
    return module_for(hex_scenario())


def _state(mod: Module) -> tuple[object, state_pb2.GameState]:
    game = setup_game(mod)
    return game, import_game(game, mod, B, use_engine=False).state


def _unit(state: state_pb2.GameState, uid: str) -> state_pb2.UnitState:
    return next(u for u in state.units if u.unit_id == uid)


def test_unchanged_state_writes_the_base_back_byte_for_byte(mod: Module) -> None:
    game, state = _state(mod)
    text, report = apply_state(game, mod, B, state)  # type: ignore[arg-type]
    assert text == game.text  # type: ignore[attr-defined]
    assert not (report.moved or report.changed or report.created or report.removed)


def test_moving_a_lone_unit_changes_only_its_stack_command(mod: Module) -> None:
    game, state = _state(mod)
    _unit(state, "r1").location = "0707"
    text, report = apply_state(game, mod, B, state)  # type: ignore[arg-type]
    gone, new = changed(game.text, text)  # type: ignore[attr-defined]
    assert report.moved == ["r1"] and len(gone) == 1 and len(new) == 1
    assert gone[0].split("/stack/")[0] == new[0].split("/stack/")[0]  # same stack, new position
    again = import_game(game_from_text(text), mod, B, use_engine=False).state
    assert _unit(again, "r1").location == "0707" and _unit(again, "b1").location == "0304"


def test_moving_one_of_two_stacked_units_detaches_it(mod: Module) -> None:
    game, state = _state(mod)
    _unit(state, "b1").location = "0404"
    text, _ = apply_state(game, mod, B, state)  # type: ignore[arg-type]
    gone, new = changed(game.text, text)  # type: ignore[attr-defined]
    # b1's own command (its position), the old stack's list, and one new stack for b1
    assert len(gone) == 2 and len(new) == 3
    again = import_game(game_from_text(text), mod, B, use_engine=False).state
    assert (_unit(again, "b1").location, _unit(again, "b2").location) == ("0404", "0304")


def test_moving_a_whole_stack_moves_the_stack(mod: Module) -> None:
    game, state = _state(mod)
    for uid in ("b1", "b2"):
        _unit(state, uid).location = "0303"
    text, _ = apply_state(game, mod, B, state)  # type: ignore[arg-type]
    gone, new = changed(game.text, text)  # type: ignore[attr-defined]
    assert len(gone) == len(new) == 1 and "/stack/" in new[0]


def test_steps_lost_rewrite_only_the_layer_of_that_piece(mod: Module) -> None:
    game, state = _state(mod)
    _unit(state, "r1").steps_lost = 1
    text, report = apply_state(game, mod, B, state)  # type: ignore[arg-type]
    gone, new = changed(game.text, text)  # type: ignore[attr-defined]
    assert report.changed == ["r1"] and len(gone) == len(new) == 1
    assert _unit(import_game(game_from_text(text), mod, B, use_engine=False).state, "r1").steps_lost == 1


def test_eliminated_without_a_dead_pile_removes_the_piece(mod: Module) -> None:
    game, state = _state(mod)
    _unit(state, "r1").status = state_pb2.UnitState.ELIMINATED
    text, report = apply_state(game, mod, B, state)  # type: ignore[arg-type]
    assert report.removed == ["r1"]
    again = import_game(game_from_text(text), mod, B, scenario=hex_scenario(), use_engine=False)
    assert _unit(again.state, "r1").status == state_pb2.UnitState.OFF_MAP
    assert any("r1" in d and "no piece" in d for d in again.diagnostics)


def test_a_unit_without_a_piece_is_created_from_its_palette_slot(mod: Module) -> None:
    game, state = _state(mod)
    _unit(state, "r1").status = state_pb2.UnitState.ELIMINATED
    text, _ = apply_state(game, mod, B, state)  # type: ignore[arg-type]
    base = game_from_text(text)
    st2 = import_game(base, mod, B, scenario=state.scenario, use_engine=False).state
    r1 = _unit(st2, "r1")
    r1.status, r1.location = state_pb2.UnitState.ON_MAP, "0505"
    text2, report = apply_state(base, mod, B, st2)
    assert report.created == ["r1"]
    assert _unit(import_game(game_from_text(text2), mod, B, use_engine=False).state, "r1").location == "0505"


def test_fresh_save_without_a_base(mod: Module) -> None:
    text, report = build_save(mod, B, scenario_state(hex_scenario()))
    assert sorted(report.created) == ["b1", "b2", "r1"]
    st = import_game(game_from_text(text), mod, B, use_engine=False).state
    assert {u.unit_id: u.location for u in st.units} == {"b1": "0304", "b2": "0304", "r1": "0606"}


def test_setup_stack_pieces_and_guard(tmp_path: Path) -> None:
    sc = hex_scenario()
    z = zipfile.ZipFile(io.BytesIO(build_module(sc.definition)))
    entries = {n: z.read(n) for n in z.namelist()}
    root = etree.fromstring(entries["buildFile.xml"])
    m = root.find("VASSAL.build.module.Map")
    slot = root.find(".//VASSAL.build.widget.PieceSlot")
    assert m is not None and slot is not None
    ss = etree.SubElement(m, "VASSAL.build.module.map.SetupStack", name="Marker", owningBoard="Map",
                          useGridLocation="true", location="0505", x="0", y="0")
    marker = etree.SubElement(ss, "VASSAL.build.widget.PieceSlot", entryName="Turn", gpid="99")
    marker.text = "+/null/mark;Kind\tpiece;;;turn.png;Turn marker/turn\tnull;0;0;99;0"
    entries["buildFile.xml"] = b'<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n' + etree.tostring(root)
    mod2 = Module(Archive(zip_bytes(entries.items()), "ss.vmod"))
    text, _ = build_save(mod2, B, scenario_state(sc))
    cmds = changed("", text)[1]
    assert "SETUP_STACK\t" in cmds
    st = import_game(game_from_text(text), mod2, B, use_engine=False).state
    marker_piece = [o for o in st.opaque_pieces if o.name == "Turn marker"]
    assert len(marker_piece) == 1 and marker_piece[0].location == "0505"
    # an unchanged export of a save with SETUP_STACK keeps it (byte for byte)
    game = game_from_text(text)
    assert apply_state(game, mod2, B, st)[0] == text


def test_scenario_becomes_a_predefined_setup_of_an_existing_module(mod: Module) -> None:
    sc = hex_scenario()
    sc.name = "Alternative"
    sc.ClearField("setup")
    sc.setup.add(unit_id="b1", location="0101")
    sc.setup.add(unit_id="r1", location="1008")
    data = add_predefined_setup(mod, "Alternative", scenario_save_bytes(mod, B, sc), "alternative.vsav")
    mod2 = Module(Archive(data, "mod2.vmod"))
    assert [p.name for p in mod2.views.predefined] == ["Start", "Alternative"]
    for n in mod.archive.names():
        if n != "buildFile.xml":
            assert mod2.archive.read(n) == mod.archive.read(n)
    alt = next(s for s in import_setups(mod2, B) if s.view.name == "Alternative")
    assert sorted((p.unit_id, p.location) for p in alt.scenario.setup) == [("b1", "0101"), ("r1", "1008")]


def test_generated_module_structure() -> None:
    data = build_module(hex_scenario().definition)
    z = zipfile.ZipFile(io.BytesIO(data))
    names = z.namelist()
    assert names[:2] == ["buildFile.xml", "moduledata"]
    pngs = [n for n in names if n.endswith(".png")]
    assert pngs and all(struct.unpack(">II", z.read(n)[16:24]) == (60, 60) for n in pngs)
    root = etree.fromstring(z.read("buildFile.xml"))
    hexgrid = root.find(".//VASSAL.build.module.map.boardPicker.board.HexGrid")
    num = root.find(".//VASSAL.build.module.map.boardPicker.board.mapgrid.HexGridNumbering")
    assert hexgrid is not None and num is not None
    assert (hexgrid.get("x0"), hexgrid.get("dx"), hexgrid.get("dy")) == ("40", "60.0", "69.0")
    assert (num.get("hOff"), num.get("vLeading"), num.get("stagger")) == ("1", "1", "true")
    assert len(root.findall(".//VASSAL.build.widget.PieceSlot")) == 3
    assert list(root.attrib) == sorted(root.attrib)  # VASSAL writes attributes sorted


def test_generated_graph_module_has_a_region_per_town() -> None:
    mod = module_for(graph_scenario())
    regions = [r for m in mod.views.maps for b in m.boards for r in (b.grid.regions if b.grid else [])]
    assert [r[0] for r in regions] == ["A", "B", "C", "D"]


def test_log_writer_writes_moves_as_vassal_drags(mod: Module) -> None:
    move = action_pb2.Action(side="blue")
    move.move.unit_ids.append("r1")
    move.move.path.extend(["0506", "0406"])
    end = action_pb2.Action(side="blue")
    end.end_phase.SetInParent()
    text = write_log_text(mod, B, scenario_state(hex_scenario()), [move, end])
    g = game_from_text(text, "t.vlog")
    assert len(g.log_steps) == 3
    assert g.log_steps[0].texts[0].startswith("M/") and g.log_steps[0].texts[1].startswith("CHAT*")
    assert g.log_steps[2].texts == ["CHAT* blue: end of phase *"]


# -- samples ---------------------------------------------------------------------------------


@pytest.mark.samples
@pytest.mark.parametrize("name", ["ragnarok-start.vsav", "vassal-tour.log"])
def test_sample_games_rewrite_byte_for_byte(samples_dir: Path, name: str) -> None:
    g = read_game_file(samples_dir / name)
    data = zip_bytes(save_entries(g.text, g.encoding, g.entries))
    a, b = zipfile.ZipFile(samples_dir / name), zipfile.ZipFile(io.BytesIO(data))
    assert a.namelist() == b.namelist()
    assert all(a.read(n) == b.read(n) for n in a.namelist())


@pytest.mark.samples
def test_ragnarok_one_canonical_move_changes_one_command(samples_dir: Path) -> None:
    mod = Module.open(samples_dir / "ragnarok-v12-379-unpacked.vmod")
    g = read_game_file(samples_dir / "ragnarok-start.vsav")
    b = vassal_pb2.VassalBinding()
    st = import_game(g, mod, b, use_engine=False).state
    assert apply_state(g, mod, b, st)[0] == g.text
    u = next(x for x in st.units if x.status == state_pb2.UnitState.ON_MAP)
    u.location = "0505"
    text, report = apply_state(g, mod, b, st)
    assert report.fast  # written through the state's import_source
    gone, new = changed(g.text, text)
    assert len(gone) == len(new) == 1
    bare = state_pb2.GameState()
    bare.CopyFrom(st)
    bare.ClearField("import_source")
    assert apply_state(g, mod, b, bare)[0] == text  # binding every piece again gives the same
    again = import_game(read_game_archive(Archive(zip_bytes(save_entries(text, g.encoding, g.entries)), "x.vsav")),
                        mod, b, use_engine=False).state
    assert next(x for x in again.units if x.unit_id == u.unit_id).location == "0505"


def test_unit_art_is_referenced_by_name() -> None:
    d = hex_scenario().definition
    d.units[0].props["vassal.images"] = "b1-full.png, b1-reduced.png"
    z = zipfile.ZipFile(io.BytesIO(build_module(d)))
    text = z.read("buildFile.xml").decode()
    assert "b1-full.png,b1-reduced.png" in text
    assert "images/b1-full.png" not in z.namelist()  # referenced, not invented


@pytest.mark.samples
def test_ragnarok_unit_from_the_deployment_map_joins_a_stack(samples_dir: Path) -> None:
    from tests.exporters.vassal.test_vassal_export_fast import children_before_stacks

    mod = Module.open(samples_dir / "ragnarok-v12-379-unpacked.vmod")
    g = read_game_file(samples_dir / "ragnarok-start.vsav")
    b = vassal_pb2.VassalBinding()
    st = import_game(g, mod, b, use_engine=False).state
    on = next(x for x in st.units if x.status == state_pb2.UnitState.ON_MAP)
    off = next(x for x in st.units if x.status == state_pb2.UnitState.OFF_MAP and x.unit_id.startswith("unit-"))
    off.status, off.location = state_pb2.UnitState.ON_MAP, on.location
    text, report = apply_state(g, mod, b, st)
    assert report.fast and report.moved == [off.unit_id]
    children_before_stacks(text)
    gone, new = changed(g.text, text)
    assert len(gone) <= 3 and len(new) <= 3  # the unit, its old stack's list, the stack it joins
    again = import_game(game_from_text(text), mod, b, use_engine=False).state
    assert {x.unit_id: x.location for x in again.units if x.status == state_pb2.UnitState.ON_MAP} == {
        on.unit_id: on.location, off.unit_id: on.location}
