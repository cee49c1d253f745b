"""The ruleset template (core/template.py), on the SYNTHETIC toy-line ruleset:
what every ruleset gets from it the same way."""

from __future__ import annotations

import pytest

from adjudicator.core import dice as dice_mod
from adjudicator.core import engine
from adjudicator.core.errors import MalformedInput
from adjudicator.core.position import Position
from adjudicator.core.ruleset import load_all, register, unregister
from adjudicator.core.template import action_key
from tests.support.synthetic_ruleset import RULESET, ToyOptions, scenario
from umpire.v1 import action_pb2, common_pb2, definition_pb2, state_pb2, tables_pb2

register("toy-line", "tests.support.synthetic_ruleset:RULESET")


def new(options: dict[str, str] | None = None, sc: definition_pb2.Scenario | None = None,
        tables: tables_pb2.TableSet | None = None) -> state_pb2.GameState:
    state, _ = engine.new_game(RULESET, sc or scenario(), game_id="g", options=options or {}, tables=tables,
                               dice=dice_mod.ScriptedDice([3]))
    return state


def test_an_action_kind_the_game_lacks_is_malformed_input_naming_the_kinds_it_has() -> None:
    st = new()
    with pytest.raises(MalformedInput, match="has no 'place' action .*move, attack, end_phase, answer"):
        engine.validate(st, action_pb2.Action(side="red", place=action_pb2.PlaceUnits(unit_ids=["r1"])))


def test_action_key_names_a_games_own_action_by_its_inner_kind() -> None:
    a = action_pb2.Action()
    a.traces.select_chits.chits.append("XX")
    assert action_key(a) == "traces.select_chits"
    assert action_key(action_pb2.Action(move=action_pb2.MoveUnits())) == "move"


def _with_table() -> definition_pb2.Scenario:
    sc = scenario()
    sc.definition.tables.add(id="toy/crt", columns=["1:1", "2:1"], rows=["1", "2"])
    return sc


@pytest.mark.parametrize(("table", "column", "row", "what"), [
    ("toy/nope", "1:1", "1", "no table 'toy/nope'"),
    ("toy/crt", "11:1", "1", "no column '11:1'"),
    ("toy/crt", "1:1", "9", "no row '9'"),
])
def test_a_supplied_cell_naming_no_real_cell_is_one_line_naming_it(table: str, column: str, row: str,
                                                                   what: str) -> None:
    st = new(sc=_with_table())
    a = action_pb2.Action(side="red", end_phase={},
                          supplied_cells=[common_pb2.SuppliedCell(table_id=table, column=column, row=row, value="X")])
    with pytest.raises(MalformedInput, match=what) as e:
        engine.validate(st, a)
    assert f"{table}:{column}:{row}" in str(e.value) and "\n" not in str(e.value)


def test_a_supplied_value_is_remembered_by_apply_for_the_rest_of_the_game() -> None:
    st = new(sc=_with_table())
    a = action_pb2.Action(side="red", end_phase={},
                          supplied_cells=[common_pb2.SuppliedCell(table_id="toy/crt", column="2:1", row="1", value="DE")])
    after = engine.apply_action(st, a, lambda s, v: dice_mod.ScriptedDice([])).state
    cell = next(c for t in after.scenario.definition.tables if t.id == "toy/crt" for c in t.cells)
    assert (cell.column, cell.row, cell.value) == ("2:1", "1", "DE") and "action 1" in cell.source


def test_a_scenario_without_sides_is_refused_at_creation() -> None:
    sc = scenario()
    del sc.definition.sides[:]
    with pytest.raises(MalformedInput, match="no sides"):
        new(sc=sc)


def test_a_scenario_of_another_ruleset_is_refused_at_creation() -> None:
    sc = scenario()
    sc.ruleset = "nordwind-1945"
    with pytest.raises(MalformedInput, match="for ruleset 'nordwind-1945'"):
        new(sc=sc)


def test_creation_tables_are_merged_with_their_positions_checked() -> None:
    bad = tables_pb2.TableSet(tables=[tables_pb2.Table(id="toy/crt", cells=[tables_pb2.TableCell(row="7", column="1:1",
                                                                                                 value="R")])])
    with pytest.raises(MalformedInput, match="no row '7'"):
        new(sc=_with_table(), tables=bad)
    good = tables_pb2.TableSet(tables=[tables_pb2.Table(id="toy/crt", cells=[tables_pb2.TableCell(row="1", column="1:1",
                                                                                                  value="R")])])
    st = new(sc=_with_table(), tables=good)
    assert [c.value for t in st.scenario.definition.tables for c in t.cells] == ["R"]


def test_options_are_one_typed_object_and_a_typo_is_refused() -> None:
    st = new({"toy.attack-six": "nothing"})
    assert ToyOptions(st.options).attack_six == "nothing"
    assert ToyOptions().attack_six == "eliminate"
    with pytest.raises(MalformedInput, match="unknown option 'toy.atack-six'"):
        new({"toy.atack-six": "nothing"})


def test_a_position_compiles_its_model_once_and_a_bare_state_gets_a_fresh_one() -> None:
    st = new()
    pos = Position(st, RULESET)
    assert pos.model() is pos.model()
    assert Position.of(st, RULESET).model() is not pos.model()
    assert pos.for_side("blue") is pos.for_side("blue")
    assert not [p for p in pos.for_side("blue").state.private_data if p.side == "red"]


def test_apply_hands_the_new_position_to_the_caller() -> None:
    st = new()
    applied = engine.apply_action(Position(st, RULESET), action_pb2.Action(side="red", end_phase={}),
                                  lambda s, v: dice_mod.ScriptedDice([]))
    assert applied.position is not None and applied.position.state is applied.state
    assert applied.position.state.version == 1


def test_one_ruleset_that_fails_to_import_does_not_hide_the_others() -> None:
    register("broken-game", "tests.support.no_such_module_here:RULESET")
    register("broken-attr", "tests.support.synthetic_ruleset:NOTHING")
    try:
        ok, broken = load_all()
        assert "nordwind-1945" in [r.id for r in ok]
        assert "broken-attr" in broken and "cannot be loaded" in broken["broken-attr"]
        # A registered ruleset whose module is missing altogether is named too, not silently left out.
        assert "no_such_module_here is not installed" in broken["broken-game"]
    finally:
        unregister("broken-game")
        unregister("broken-attr")


@pytest.mark.parametrize(("edit", "what"), [
    (lambda sc: sc.definition.units.add(id="r1", side="red"), "unit id 'r1' is empty or repeated"),
    (lambda sc: sc.definition.units.add(id="g1", side="green"), "unit g1 has unknown side 'green'"),
    (lambda sc: sc.setup.add(unit_id="ghost", location="T1"), "setup places unknown unit 'ghost'"),
])
def test_units_without_id_repeated_sideless_or_not_set_up_are_refused_at_creation(edit, what) -> None:  # type: ignore[no-untyped-def]
    sc = scenario()
    edit(sc)
    with pytest.raises(MalformedInput, match=what):
        new(sc=sc)
