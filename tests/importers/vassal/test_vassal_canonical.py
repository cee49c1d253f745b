"""Saves <-> canonical GameState: positions as hex / town ids, steps from layers,
markers, opaque pieces, binding rules, predefined setups (modules and saves
written by the project's own writers)."""

from __future__ import annotations

import pytest

from adjudicator.core.errors import MalformedInput
from importers.vassal.binding import Binder, check_binding
from importers.vassal.chains import AddPieceText
from importers.vassal.pieces import Piece
from importers.vassal.setups import import_setups
from importers.vassal.to_canonical import import_game, masked_state, pseudonym
from tests.support.vassal import graph_scenario, hex_scenario, module_for, setup_game
from umpire.v1 import state_pb2, vassal_pb2

ON_MAP = state_pb2.UnitState.ON_MAP


@pytest.fixture(scope="module")
def hex_mod():  # type: ignore[no-untyped-def]
    return module_for(hex_scenario())


def test_setup_save_imports_to_hex_ids_with_the_scenario_definition(hex_mod) -> None:  # type: ignore[no-untyped-def]
    sc = hex_scenario()
    game = setup_game(hex_mod)
    res = import_game(game, hex_mod, vassal_pb2.VassalBinding(ruleset="synthetic-hex"), scenario=sc, use_engine=False)
    where = {u.unit_id: (u.status, u.location) for u in res.state.units}
    assert where == {"b1": (ON_MAP, "0304"), "b2": (ON_MAP, "0304"), "r1": (ON_MAP, "0606")}
    assert not res.diagnostics
    assert res.state.scenario.definition.map.hex.grid == sc.definition.map.hex.grid


def test_module_built_definition_carries_the_vassal_grid(hex_mod) -> None:  # type: ignore[no-untyped-def]
    res = import_game(setup_game(hex_mod), hex_mod, vassal_pb2.VassalBinding(ruleset="x"), use_engine=False)
    d = res.state.scenario.definition
    g, want = d.map.hex.grid, hex_scenario().definition.map.hex.grid
    assert (g.numbering, g.x0, g.y0, g.dx, g.dy, g.sideways) == (want.numbering, want.x0, want.y0, want.dx, want.dy, want.sideways)
    assert (g.columns, g.rows) == (10, 8)
    assert sorted(u.id for u in d.units) == ["b1", "b2", "r1"]
    assert {u.id: u.type for u in d.units} == {"b1": "inf", "b2": "arm", "r1": "inf"}
    assert [s.id for s in d.sides] == ["blue", "red"]


def test_steps_come_from_the_steps_layer(hex_mod) -> None:  # type: ignore[no-untyped-def]
    game = setup_game(hex_mod)
    pid = next(p for p in game.piece_order if game.pieces[p].piece.properties().get("UnitId") == "r1")
    piece = game.pieces[pid].piece
    idx, layer = piece.layer("Steps") or (None, None)
    assert idx is not None and layer is not None and layer.level == 1
    from tests.support.vassal import game_from_text
    from importers.vassal import cmdtree

    sp = cmdtree.Splicer(game.stream)
    entry = game.pieces[pid]
    assert entry.leaf is not None
    sp.replace(entry.leaf, entry.add.with_state(piece.state_with_layer(idx, 2)))
    res = import_game(game_from_text(sp.apply()), hex_mod, vassal_pb2.VassalBinding(), use_engine=False)
    assert {u.unit_id: u.steps_lost for u in res.state.units}["r1"] == 1


def test_graph_module_binds_towns_by_region_name() -> None:
    sc = graph_scenario()
    mod = module_for(sc)
    res = import_game(setup_game(mod), mod, vassal_pb2.VassalBinding(), scenario=sc, use_engine=False)
    assert {u.unit_id: u.location for u in res.state.units} == {"al1": "A", "ax1": "D"}


def test_predefined_setups_import_as_scenarios(hex_mod) -> None:  # type: ignore[no-untyped-def]
    got = import_setups(hex_mod, vassal_pb2.VassalBinding(ruleset="synthetic-hex"))
    assert len(got) == 1 and got[0].view.name == "Start"
    scen = got[0].scenario
    assert sorted((p.unit_id, p.location) for p in scen.setup) == [("b1", "0304"), ("b2", "0304"), ("r1", "0606")]
    assert scen.name == "Start" and "predefined setup" in scen.source


def test_rules_bind_by_palette_prototype_name_and_property(hex_mod) -> None:  # type: ignore[no-untyped-def]
    slots = {s.entry_name: s for s in hex_mod.views.slots}
    piece = Piece(None, *_type_state(slots["1st Red"].text))
    b = vassal_pb2.VassalBinding()
    b.pieces.add(palette_path="Units/*/red/*", unit="red-$UnitId$", side="$Side$")
    got = Binder(b, hex_mod).bind(piece, None)
    assert (got.kind, got.unit_id, got.side) == ("unit", "red-r1", "red")
    b = vassal_pb2.VassalBinding()
    b.pieces.add(prototype="Type arm", bind_as="marker", marker="armour")
    b.pieces.add(name="1st *", properties={"Side": "blu*"}, unit="first-blue")
    binder = Binder(b, hex_mod)
    assert binder.bind(Piece(None, *_type_state(slots["2nd Blue"].text)), None).marker == "armour"
    assert binder.bind(Piece(None, *_type_state(slots["1st Blue"].text)), None).unit_id == "first-blue"
    assert binder.bind(piece, None).kind == "unit"  # falls through to automatic binding (UnitId)
    b.auto.disabled = True
    assert Binder(b, hex_mod).bind(piece, None).kind == "opaque"


def _type_state(text: str) -> tuple[str, str]:
    ap = AddPieceText.parse(text)
    return ap.type, ap.state


def test_unbound_pieces_are_kept_opaque_with_their_raw_definition(hex_mod) -> None:  # type: ignore[no-untyped-def]
    game = setup_game(hex_mod)
    b = vassal_pb2.VassalBinding()
    b.pieces.add(properties={"UnitId": "r1"}, bind_as="opaque")
    res = import_game(game, hex_mod, b, use_engine=False)
    op = {o.id: o for o in res.state.opaque_pieces}
    pid = next(p for p in game.piece_order if game.pieces[p].piece.properties().get("UnitId") == "r1")
    assert op[pid].definition == game.pieces[pid].piece.type and op[pid].location == "0606"
    assert op[pid].attributes["kind"] == "piece" and op[pid].attributes["map"] == "Main Map"
    assert "r1" not in {u.unit_id for u in res.state.units}
    stacks = [o for o in res.state.opaque_pieces if o.attributes["kind"] == "stack"]
    assert len(stacks) == 2


def test_duplicate_unit_binding_is_reported_and_kept_opaque(hex_mod) -> None:  # type: ignore[no-untyped-def]
    b = vassal_pb2.VassalBinding()
    b.pieces.add(properties={"Side": "blue"}, unit="blue-unit")
    res = import_game(setup_game(hex_mod), hex_mod, b, use_engine=False)
    assert any("both bind to unit 'blue-unit'" in d for d in res.diagnostics)


def test_player_ids_are_masked_in_opaque_states() -> None:
    from importers.vassal.chains import join_chain

    piece = Piece("1", join_chain(["obs;70,130;back.png;Face down;P;?", "piece;;;card.png;Card"]),
                  join_chain(["secret-password;", "null;0;0"]))
    masked = masked_state(piece)
    assert "secret-password" not in masked and pseudonym("secret-password") in masked


def test_binding_file_typos_are_errors() -> None:
    b = vassal_pb2.VassalBinding()
    b.pieces.add(bind_as="unti", unit="x")
    with pytest.raises(MalformedInput, match=r"b.json: pieces\[0\]: bind_as"):
        check_binding(b, "b.json")
    b = vassal_pb2.VassalBinding()
    b.pieces.add(name="x")
    with pytest.raises(MalformedInput, match="needs `unit`"):
        check_binding(b, "b.json")
    b = vassal_pb2.VassalBinding()
    b.log.end_phase_chat.append("(")
    with pytest.raises(MalformedInput, match="bad regex"):
        check_binding(b, "b.json")


def test_eliminated_and_off_map_maps(hex_mod) -> None:  # type: ignore[no-untyped-def]
    game = setup_game(hex_mod)
    b = vassal_pb2.VassalBinding(eliminated_maps=["Main Map"])
    res = import_game(game, hex_mod, b, use_engine=False)
    assert {u.status for u in res.state.units} == {state_pb2.UnitState.ELIMINATED}


def test_module_without_a_save_takes_its_units_from_the_palette(hex_mod) -> None:  # type: ignore[no-untyped-def]
    from importers.vassal.to_canonical import module_definition

    d = module_definition(hex_mod, vassal_pb2.VassalBinding())
    got = {u.id: (u.side, u.type, u.props["vassal.gpid"]) for u in d.units}
    slots = {s.entry_name: s.gpid for s in hex_mod.views.slots}
    assert got == {"b1": ("blue", "inf", slots["1st Blue"]), "b2": ("blue", "arm", slots["2nd Blue"]),
                   "r1": ("red", "inf", slots["1st Red"])}


def test_prototypes_of_an_expanded_piece_come_from_its_slot(hex_mod) -> None:  # type: ignore[no-untyped-def]
    """The side prototypes Umpire writes have identical traits: an expanded
    piece cannot tell them apart, its palette slot can."""
    from importers.vassal.prototypes import expand

    b = Binder(vassal_pb2.VassalBinding(), hex_mod)
    slot = next(s for s in hex_mod.views.slots if s.entry_name == "1st Red")
    ap = AddPieceText.parse(slot.text)
    piece = expand(Piece("p1", ap.type, ap.state), hex_mod.views.prototypes)
    assert not piece.prototypes() and piece.basic.gpid == slot.gpid
    assert b.prototypes(piece) == ["Side red", "Type inf"]
    orphan = Piece("p2", piece.type, piece.state.replace(f";{slot.gpid};", ";999;"))
    assert orphan.basic.gpid == "999"
    # without its slot: "Side red" and "Side blue" (and the two type prototypes)
    # have the same trait types, so neither is claimed
    assert b.prototypes(orphan) == []
