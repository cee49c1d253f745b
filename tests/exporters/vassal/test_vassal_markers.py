"""Markers both ways: map markers (GameState.markers) and units' status-marker
pieces (bind_as: unit_marker) are read from a save and written back — moved,
created from their palette slots, removed — on a module with a marker palette
written by the project's own writer."""

from __future__ import annotations

from collections import Counter

import pytest

from exporters.vassal.build import build_save, scenario_state
from exporters.vassal.from_canonical import apply_state
from importers.vassal.module import Module
from importers.vassal.to_canonical import import_game
from tests.exporters.vassal.test_vassal_export_fast import children_before_stacks
from tests.support.vassal import changed, commands, game_from_text, hex_scenario, marker_binding, module_with_markers
from umpire.v1 import state_pb2

B = marker_binding()


@pytest.fixture(scope="module")
def mod() -> Module:
    return module_with_markers(hex_scenario())


def _unit(state: state_pb2.GameState, uid: str) -> state_pb2.UnitState:
    return next(u for u in state.units if u.unit_id == uid)


def _start(mod: Module) -> tuple[str, state_pb2.GameState]:
    """A save written without a base: mud at 0505, r1 (alone at 0606) disrupted."""
    st = scenario_state(hex_scenario())
    st.markers.add(id="m1", kind="mud", location="0505")
    _unit(st, "r1").markers.append("disrupted")
    text, report = build_save(mod, B, st)
    assert not report.diagnostics, report.diagnostics
    children_before_stacks(text)
    return text, import_game(game_from_text(text), mod, B, use_engine=False).state


def _pieces_named(text: str, name: str) -> int:
    return sum(1 for c in commands(text) if c.startswith("+/") and f".png;{name}/" in c)


def _export(mod: Module, text: str, state: state_pb2.GameState) -> tuple[str, object]:
    out, report = apply_state(game_from_text(text), mod, B, state)
    children_before_stacks(out)
    bare = state_pb2.GameState()
    bare.CopyFrom(state)
    bare.ClearField("import_source")
    slow, _ = apply_state(game_from_text(text), mod, B, bare)
    assert slow == out  # the fast path and the full re-binding agree
    return out, report


def _again(mod: Module, text: str) -> state_pb2.GameState:
    return import_game(game_from_text(text), mod, B, use_engine=False).state


def test_markers_are_read(mod: Module) -> None:
    text, st = _start(mod)
    assert [(m.kind, m.location) for m in st.markers] == [("mud", "0505")]
    assert list(_unit(st, "r1").markers) == ["disrupted"] and not _unit(st, "b1").markers
    assert sorted(st.import_source.unit_markers.values()) == ["disrupted"]
    assert [m.id for m in st.import_source.markers] == [st.markers[0].id]


def test_unchanged_markers_write_the_save_back_byte_for_byte(mod: Module) -> None:
    text, st = _start(mod)
    out, report = _export(mod, text, st)
    assert out == text and not report.markers  # type: ignore[attr-defined]


def test_a_moved_map_marker_changes_only_its_commands(mod: Module) -> None:
    text, st = _start(mod)
    st.markers[0].location = "0707"
    out, report = _export(mod, text, st)
    gone, new = changed(text, out)
    assert len(gone) == 2 and len(new) == 3  # mud and its old stack; mud, old stack, new stack
    assert all("mud" in c or "/stack/" in c for c in gone + new)
    assert [(m.kind, m.location) for m in _again(mod, out).markers] == [("mud", "0707")]


def test_map_markers_are_removed_and_created(mod: Module) -> None:
    text, st = _start(mod)
    del st.markers[:]
    st.markers.add(id="new-mud", kind="mud", location="0101")
    out, report = _export(mod, text, st)
    assert _pieces_named(out, "Mud") == 1
    assert [(m.kind, m.location) for m in _again(mod, out).markers] == [("mud", "0101")]
    assert any(r.startswith("removed mud") for r in report.markers)  # type: ignore[attr-defined]
    assert any(r.startswith("created mud") for r in report.markers)  # type: ignore[attr-defined]


def test_a_map_marker_carried_off_by_a_stack_is_put_back(mod: Module) -> None:
    st0 = scenario_state(hex_scenario())
    st0.markers.add(id="m1", kind="mud", location="0606")  # in r1's stack
    text, _ = build_save(mod, B, st0)
    st = _again(mod, text)
    _unit(st, "r1").location = "0707"
    out, _ = _export(mod, text, st)
    again = _again(mod, out)
    assert _unit(again, "r1").location == "0707"
    assert [(m.kind, m.location) for m in again.markers] == [("mud", "0606")]


def test_a_unit_that_loses_its_status_loses_the_marker_piece(mod: Module) -> None:
    text, st = _start(mod)
    del _unit(st, "r1").markers[:]
    out, report = _export(mod, text, st)
    assert _pieces_named(text, "Disrupted") == 1 and _pieces_named(out, "Disrupted") == 0
    assert not _unit(_again(mod, out), "r1").markers


def test_a_unit_that_gains_a_status_gets_a_marker_piece_in_its_stack(mod: Module) -> None:
    text, st = _start(mod)
    _unit(st, "r1").location = "0808"  # the whole stack (r1 + its marker) moves
    st2 = _again(mod, apply_state(game_from_text(text), mod, B, st)[0])
    assert list(_unit(st2, "r1").markers) == ["disrupted"]
    text2, _ = _export(mod, text, st)
    st3 = _again(mod, text2)
    _unit(st3, "b1").markers.append("disrupted")  # b1 shares a stack with b2
    out, report = _export(mod, text2, st3)
    assert _pieces_named(out, "Disrupted") == 2
    again = _again(mod, out)
    assert list(_unit(again, "b1").markers) == ["disrupted"]
    # VASSAL cannot mark one unit of a stack: b2 is marked too, and the report says so
    assert list(_unit(again, "b2").markers) == ["disrupted"]
    assert any("also b2" in d for d in report.diagnostics)  # type: ignore[attr-defined]


def test_a_marker_follows_the_unit_that_keeps_it(mod: Module) -> None:
    st0 = scenario_state(hex_scenario())
    for uid in ("b1", "b2"):
        _unit(st0, uid).markers.append("disrupted")  # one marker in their stack
    text, _ = build_save(mod, B, st0)
    assert _pieces_named(text, "Disrupted") == 1
    st = _again(mod, text)
    b1, b2 = _unit(st, "b1"), _unit(st, "b2")
    b1.location = "0404"
    del b2.markers[:]
    out, report = _export(mod, text, st)
    assert _pieces_named(out, "Disrupted") == 1  # moved along, not created
    again = _again(mod, out)
    assert (list(_unit(again, "b1").markers), list(_unit(again, "b2").markers)) == (["disrupted"], [])
    assert any("follows b1" in r for r in report.markers)  # type: ignore[attr-defined]


def test_a_unit_leaving_a_marked_stack_gets_its_own_marker(mod: Module) -> None:
    st0 = scenario_state(hex_scenario())
    for uid in ("b1", "b2"):
        _unit(st0, uid).markers.append("disrupted")
    text, _ = build_save(mod, B, st0)
    st = _again(mod, text)
    _unit(st, "b1").location = "0404"
    out, _ = _export(mod, text, st)
    assert _pieces_named(out, "Disrupted") == 2
    again = _again(mod, out)
    assert all(list(_unit(again, u).markers) == ["disrupted"] for u in ("b1", "b2"))


def test_markers_without_a_vassal_form_are_reported(mod: Module) -> None:
    text, st = _start(mod)
    _unit(st, "b1").markers.append("moved")
    st.markers.add(id="x", kind="interdiction", location="0202")
    out, report = _export(mod, text, st)
    diags = " | ".join(report.diagnostics)  # type: ignore[attr-defined]
    assert "'moved'" in diags and "'interdiction'" in diags
    assert Counter(changed(text, out)[0]) == Counter()  # nothing written


def test_a_save_without_a_base_places_unit_markers_once_per_stack(mod: Module) -> None:
    st = scenario_state(hex_scenario())
    for uid in ("b1", "b2", "r1"):
        _unit(st, uid).markers.append("disrupted")
    text, report = build_save(mod, B, st)
    assert _pieces_named(text, "Disrupted") == 2  # b1+b2 share one stack, r1 has its own
    again = _again(mod, text)
    assert all(list(_unit(again, u).markers) == ["disrupted"] for u in ("b1", "b2", "r1"))


# -- logs: marker pieces moved, added, removed are mirrored in the replayed state ---------------


def test_a_log_mirrors_marker_pieces(mod: Module) -> None:
    from exporters.vassal.logwriter import _log
    from importers.vassal import cmdtree
    from importers.vassal.commands import Move
    from importers.vassal.logreplay import LogReader, with_effect

    text, st = _start(mod)
    game = game_from_text(text)
    imp = import_game(game, mod, B, use_engine=False)
    mud = st.markers[0].id
    disrupted = next(iter(st.import_source.unit_markers))
    mud_piece = game.pieces[mud].piece
    x, y = imp.locator.point("0707")[1:]
    old = imp.positions[mud]
    steps = [
        _log([Move(mud, "Main Map", x, y, None, old.map, old.x, old.y, None, "p").encode()]),
        _log([f"-/{disrupted}"]),
        _log(["+/777/" + mud_piece.type.replace("/", "\\/") + "/" + mud_piece.state_with_position(
            "Main Map", *imp.locator.point("0101")[1:]).replace("/", "\\/")]),
    ]
    log = game_from_text(text + cmdtree.ESC + cmdtree.build_list(steps), "m.vlog")
    items = LogReader(log, mod, B, import_game(log, mod, B, use_engine=False)).items()
    state = st
    for it in items:
        if it.effect is not None:
            state = with_effect(state, it.effect)
    assert {m.id: (m.kind, m.location) for m in state.markers} == {"777": ("mud", "0101"), mud: ("mud", "0707")}
    assert not _unit(state, "r1").markers
    summaries = [it.summary for it in items]
    assert any("r1 stack markers []" in s for s in summaries), summaries


def test_a_layer_marker_change_keeps_the_stack_markers() -> None:
    from importers.vassal.logreplay import Effect, with_effect

    st = state_pb2.GameState()
    st.units.add(unit_id="u", markers=["disrupted", "isolated"])
    after = with_effect(st, Effect(1, "u", "markers", markers=["unsupplied"], previous=["isolated"]))
    assert list(after.units[0].markers) == ["disrupted", "unsupplied"]
