"""Extensions (.vmdx) merged into their module for binding, as VASSAL loads
them: targets resolved like ComponentPathBuilder, components appended to the
target, palettes and prototypes of the extension visible to binding rules.
Modules and extensions are written by the project's own writers."""

from __future__ import annotations

from pathlib import Path

import pytest
from lxml import etree

from adjudicator.core.errors import MalformedInput
from exporters.vassal.archive import save_entries, zip_bytes
from exporters.vassal.build import build_save, scenario_state
from exporters.vassal.extension_build import build_extension, units_extension
from importers.vassal.archive import Archive
from importers.vassal.extensions import PathError, parse_target, resolve, target_of
from importers.vassal.module import Module
from importers.vassal.obfuscation import Encoding
from importers.vassal.setups import import_setups
from importers.vassal.to_canonical import import_game
from tests.support.vassal import game_from_text, hex_scenario, module_for
from umpire.v1 import definition_pb2, vassal_pb2

P = "VASSAL.build.module."
W = "VASSAL.build.widget."


def _extended() -> definition_pb2.Scenario:
    """SYNTHETIC: the hex scenario plus an elite blue unit b3 and its unit type."""
    sc = hex_scenario()
    sc.definition.unit_types.add(id="elite", name="Elite", movement_class="elite-foot")
    sc.definition.units.add(id="b3", side="blue", name="3rd Blue", type="elite", steps=2)
    return sc


@pytest.fixture(scope="module")
def mod() -> Module:
    return module_for(hex_scenario())


@pytest.fixture(scope="module")
def ext(mod: Module) -> Module:
    return Module(Archive(units_extension(mod, _extended().definition, ["b3"], extension_id="x1"), "elite.vmdx"))


# -- target paths ---------------------------------------------------------------------------


def _tree() -> etree._Element:
    root = etree.fromstring(
        f'<VASSAL.build.GameModule name="G">'
        f'<{P}PieceWindow name="Units: main"><{W}TabWidget entryName="A"/><{W}TabWidget entryName="B"/></{P}PieceWindow>'
        f'<{P}PieceWindow name="Other"><{W}TabWidget entryName="C"><{W}PanelWidget entryName="deep"/></{W}TabWidget>'
        f'</{P}PieceWindow>'
        f'<{P}PrototypesContainer/>'
        f'</VASSAL.build.GameModule>')
    return root


def test_target_paths_name_components_like_vassal() -> None:
    root = _tree()
    b = root[0][1]
    t = target_of([root[0], b])
    assert t == f"{P}PieceWindow:Units\\: main/{W}TabWidget:B"  # ':' in a name is escaped
    assert parse_target(t) == [(f"{P}PieceWindow", "Units: main"), (f"{W}TabWidget", "B")]
    assert resolve(root, parse_target(t))[-1] is b
    assert resolve(root, parse_target(f"{P}PrototypesContainer"))[-1] is root[2]  # no name: matches no name
    assert parse_target("") == [] and resolve(root, []) == []


def test_unmatched_names_fall_back_as_vassal_does() -> None:
    root = _tree()
    # last step: the first component of that class
    assert resolve(root, [(f"{P}PieceWindow", "Renamed")])[-1] is root[0]
    # inner step: each candidate in turn, the one under which the rest resolves
    found = resolve(root, [(f"{P}PieceWindow", "Renamed"), (f"{W}TabWidget", "C"), (f"{W}PanelWidget", "deep")])
    assert found[-1].get("entryName") == "deep" and found[0] is root[1]
    with pytest.raises(PathError, match="Nope"):
        resolve(root, [(f"{P}PieceWindow", "Units: main"), (f"{W}TabWidget", "Nope"), (f"{W}PanelWidget", "x")])


# -- merging ---------------------------------------------------------------------------------


def test_extension_palette_and_prototypes_join_the_module(mod: Module, ext: Module) -> None:
    merged = mod.with_extensions([ext])
    new = [s for s in merged.views.slots if s.gpid.startswith("x1:")]
    assert [(s.path, s.gpid) for s in new] == [("Units/Units/Extension units/3rd Blue", "x1:1")]
    assert "Type elite" in merged.views.prototypes and "Type elite" not in mod.views.prototypes
    assert len(merged.views.slots) == len(mod.views.slots) + 1
    assert merged.buildfile.to_bytes() == mod.buildfile.to_bytes()  # the module itself is untouched
    assert merged.digest != mod.digest and merged.find_entry("images/umx-x1-blue-1of2.png") is ext.archive
    assert merged.image_size("umx-x1-blue-1of2.png") == (60, 60)


def test_extension_for_another_module_is_refused(mod: Module) -> None:
    el = etree.Element(P + "PrototypeDefinition", name="X")
    foreign = Module(Archive(build_extension(mod, [("", el)], module_name="Another Game"), "f.vmdx"))
    with pytest.raises(MalformedInput, match="for module 'Another Game'"):
        mod.with_extensions([foreign])
    universal = Module(Archive(build_extension(mod, [("", el)], module_name="Another Game", universal=True), "u.vmdx"))
    assert "X" in mod.with_extensions([universal]).views.prototypes  # empty target: the module itself


def test_a_target_the_module_lacks_is_one_error(mod: Module) -> None:
    el = etree.Element(W + "PieceSlot", entryName="s", gpid="x:1")
    data = build_extension(mod, [(f"{P}PieceWindow:Units/{W}TabWidget:Units/{W}PanelWidget:Nope/{W}ListWidget:x", el)])
    with pytest.raises(MalformedInput) as e:
        mod.with_extensions([Module(Archive(data, "bad.vmdx"))])
    assert "could not find Nope" in str(e.value) and "ExtensionElement 1" in str(e.value)


def test_binding_sees_the_extension(mod: Module, ext: Module) -> None:
    """Rules on the extension's palette path and on properties from its
    prototypes bind pieces only when the extension is loaded."""
    merged = mod.with_extensions([ext])
    sc = _extended()
    sc.setup.add(unit_id="b3", location="0505")
    b = vassal_pb2.VassalBinding(ruleset="synthetic-hex")
    b.auto.disabled = True
    b.pieces.add(palette_path="*/Extension units/*", properties={"MovementClass": "elite-foot"}, unit="$UnitId$",
                 side="$Side$")
    b.pieces.add(palette_path="Units/Units/*", unit="$UnitId$", side="$Side$")
    text, report = build_save(merged, b, scenario_state(sc))
    assert sorted(report.created) == ["b1", "b2", "b3", "r1"]
    with_ext = import_game(game_from_text(text), merged, b, scenario=sc, use_engine=False)
    assert {u.unit_id: u.location for u in with_ext.state.units}["b3"] == "0505"
    pid = with_ext.unit_pieces["b3"]
    assert with_ext.bound[pid].how == "rule 1"
    without = import_game(game_from_text(text), mod, b, scenario=sc, use_engine=False)
    assert "b3" not in without.unit_pieces and any("b3" in d and "no piece" in d for d in without.diagnostics)


def test_predefined_setup_from_an_extension(mod: Module) -> None:
    sc = _extended()
    sc.setup.add(unit_id="b3", location="0707")
    ext0 = Module(Archive(units_extension(mod, sc.definition, ["b3"], extension_id="x2"), "e.vmdx"))
    merged = mod.with_extensions([ext0])
    b = vassal_pb2.VassalBinding(ruleset="synthetic-hex")
    text, _ = build_save(merged, b, scenario_state(sc))
    vsav = zip_bytes(save_entries(text, Encoding(), {}))
    el = etree.Element(P + "PredefinedSetup", name="With elite", file="elite.vsav", useFile="true", isMenu="false")
    data = build_extension(mod, [("", el)], extension_id="x3", files=[("elite.vsav", vsav)])
    setup_ext = Module(Archive(data, "setup.vmdx"))
    both = mod.with_extensions([ext0, setup_ext])
    found = [s for s in import_setups(both, b) if s.view.name == "With elite"]
    assert len(found) == 1
    assert ("b3", "0707") in [(p.unit_id, p.location) for p in found[0].scenario.setup]


# -- CLI -------------------------------------------------------------------------------------


def test_cli_extension_option(mod: Module, ext: Module, tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from cli.main import app
    from exporters.canonical import write_message

    runner = CliRunner()
    mpath, xpath = tmp_path / "m.vmod", tmp_path / "elite.vmdx"
    mpath.write_bytes(zip_bytes((n, mod.archive.read(n)) for n in mod.archive.names()))
    xpath.write_bytes(zip_bytes((n, ext.archive.read(n)) for n in ext.archive.names()))
    merged = mod.with_extensions([ext])
    sc = _extended()
    sc.setup.add(unit_id="b3", location="0505")
    b = vassal_pb2.VassalBinding(ruleset="synthetic-hex")
    b.auto.disabled = True
    b.pieces.add(palette_path="*/Extension units/*", unit="$UnitId$", side="$Side$")
    bpath = tmp_path / "b.json"
    write_message(bpath, b)
    spath = tmp_path / "sc.json"
    write_message(spath, sc)
    text, _ = build_save(merged, b, scenario_state(sc))
    text = text.replace("\x1bend_save", "\x1bEXT\telite\t1.0\x1bend_save")  # VASSAL records loaded extensions
    save = tmp_path / "g.vsav"
    save.write_bytes(zip_bytes(save_entries(text, Encoding(), {})))

    r = runner.invoke(app, ["inspect", str(save), "--module", str(mpath), "-x", str(xpath)])
    assert r.exit_code == 0 and "extensions loaded when saved: elite 1.0" in r.stdout, r.output
    r = runner.invoke(app, ["inspect", str(mpath), "-x", str(xpath)])
    assert r.exit_code == 0 and "extension loaded: elite.vmdx version 1.0" in r.stdout, r.output
    r = runner.invoke(app, ["inspect", str(xpath), "--module", str(mpath)])
    assert r.exit_code == 0, r.output
    assert "adds PanelWidget Extension units to PieceWindow:Units / TabWidget:Units" in r.stdout
    assert "1 from the extension" in r.stdout
    r = runner.invoke(app, ["convert", str(save), str(tmp_path / "s.json"), "-m", str(mpath), "-x", str(xpath),
                            "-b", str(bpath), "--scenario-file", str(spath)])
    assert r.exit_code == 0, r.output
    assert '"location": "0505"' in (tmp_path / "s.json").read_text()
    r = runner.invoke(app, ["convert", str(save), str(tmp_path / "s2.json"), "-m", str(mpath),
                            "-b", str(bpath), "--scenario-file", str(spath)])
    assert r.exit_code == 0 and "unit 'b3' has no piece" in r.stderr
    for args in (["convert", str(save), str(tmp_path / "s3.json"), "-x", str(xpath)],
                 ["convert", str(save), str(tmp_path / "s3.json"), "-m", str(xpath)],
                 ["inspect", str(mpath), "-x", str(mpath)]):
        r = runner.invoke(app, args)
        lines = r.stderr.strip().splitlines()
        assert r.exit_code == 2 and len(lines) == 1 and lines[0].startswith("umpire: error: "), r.output


def test_a_custom_component_attached_to_a_map_is_kept(mod: Module) -> None:
    """The shape of a real extension (a custom Java class added to "Main Map")."""
    el = etree.Element("rummelsworth.vassal.pzbdeluxe.AppendSelectionForChat")
    ext = Module(Archive(build_extension(mod, [(f"{P}Map:Main Map", el)]), "chat.vmdx"))
    merged = mod.with_extensions([ext])
    assert merged.views.unknown_tags == {"rummelsworth.vassal.pzbdeluxe.AppendSelectionForChat": 1}
    main = merged.views.map_by_id("Main Map")
    assert main is not None and main.element[-1].tag == el.tag
    assert [m.identifier for m in merged.views.maps] == [m.identifier for m in mod.views.maps]
