"""The generic per-side view."""

from __future__ import annotations

from adjudicator.core.views import generic_view
from umpire.v1 import definition_pb2, state_pb2


def test_a_view_drops_other_sides_secrets_and_the_import_source() -> None:
    s = state_pb2.GameState()
    s.scenario.definition.units.extend([
        definition_pb2.Unit(id="a1", side="a", name="Alpha", hidden_from_enemy=["name"]),
        definition_pb2.Unit(id="b1", side="b", name="Bravo", hidden_from_enemy=["name"]),
    ])
    s.private_data.add(side="a", values={"plan": "x"})
    s.private_data.add(side="b", values={"plan": "y"})
    s.import_source.units.add(unit_id="b1", location="0101")
    v = generic_view(s, "a")
    assert v.viewer == "a" and [p.side for p in v.private_data] == ["a"]
    assert {u.id: u.name for u in v.scenario.definition.units} == {"a1": "Alpha", "b1": ""}
    assert not v.HasField("import_source")
    assert s.HasField("import_source") and s.scenario.definition.units[1].name == "Bravo"  # input untouched


def test_a_secret_roll_is_blank_for_the_other_sides_until_the_game_is_open() -> None:
    from adjudicator.core.views import secret_roll, secret_roll_owner
    s = state_pb2.GameState()
    s.dice_log.add(index=0, sides=6, value=4, purpose=secret_roll("b", "hidden strength of b1"))
    s.dice_log.add(index=1, sides=6, value=5, purpose="battle at T2")
    assert secret_roll_owner(s.dice_log[0].purpose) == "b" and secret_roll_owner("battle at T2") is None
    assert [r.value for r in generic_view(s, "a").dice_log] == [0, 5]
    assert [r.value for r in generic_view(s, "b").dice_log] == [4, 5]
    assert s.dice_log[0].value == 4  # input untouched
    s.finished = True
    assert [r.value for r in generic_view(s, "a").dice_log] == [4, 5]
