"""The rules-only scenario template (data/scenario-template.textproto): refused
as shipped, one line naming the first missing datum, and playable once the
data is there (here the ILLUSTRATIVE map, chits and counter values stand in
for the published game's)."""

from __future__ import annotations

import pytest
from google.protobuf import text_format

from adjudicator.core import dice as dice_mod
from adjudicator.core import engine
from adjudicator.core.errors import MalformedInput
from adjudicator.rules.pattons.ruleset import DATA
from tests.rules.pattons.helpers import RS, synthetic_tables
from umpire.v1 import definition_pb2


def template() -> definition_pb2.Scenario:
    return text_format.Parse((DATA / "scenario-template.textproto").read_text(), definition_pb2.Scenario())


def create(sc: definition_pb2.Scenario) -> object:
    return engine.new_game(RS, sc, game_id="t", options={}, tables=synthetic_tables(),
                           dice=dice_mod.ScriptedDice([]))


def test_the_template_as_shipped_is_refused_naming_the_missing_map() -> None:
    with pytest.raises(MalformedInput, match="no map: the published map is not in the text") as e:
        create(template())
    assert "\n" not in str(e.value)


def test_each_missing_datum_is_named_in_turn_and_the_completed_template_plays() -> None:
    sc = template()
    illustrative = RS.load_scenario("pattons-3rd-army/metz")
    sc.definition.map.id = "pattons-3rd-army/illustrative"  # stands in for the real map
    with pytest.raises(MalformedInput, match="no strength chits"):
        create(sc)
    sc.pattons.chits.extend(illustrative.pattons.chits)
    with pytest.raises(MalformedInput, match=r"unit 126/48/13: faces\[0\].movement \(its MA\) is missing"):
        create(sc)
    filled = {u.id: u for u in illustrative.definition.units}
    for u in sc.definition.units:
        u.CopyFrom(filled[u.id])
    sc.setup.add(unit_id="126/48/13", location="1123")
    sc.setup.add(unit_id="10/5/20", location="1124")
    sc.setup.add(unit_id="737/12", location="1124")
    st, _ = create(sc)  # type: ignore[misc]
    assert st.pending.kind == "ALLOCATE_SUPPORT" and st.scenario.last_turn == 12
    assert RS.legal_actions(st, "us")
