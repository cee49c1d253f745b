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
