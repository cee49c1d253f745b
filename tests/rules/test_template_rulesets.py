"""What the template (core/template.py) gives every shipped ruleset the same
way: an action kind the game lacks is malformed input naming the kinds it has;
a scenario of another ruleset, or one nobody could play (no sides), is refused
at creation; options are one typed object; a supplied value is remembered."""

from __future__ import annotations

import pytest

from adjudicator.core import dice as dice_mod
from adjudicator.core import engine
from adjudicator.core.errors import MalformedInput
from adjudicator.core.ruleset import get_ruleset
from adjudicator.core.template import RulesetBase
from umpire.v1 import action_pb2, definition_pb2, major_battles_pb2, nordwind_pb2, traces_pb2

SHIPPED = {
    "nordwind-1945": ("nordwind-1945/historical", "german"),
    "traces-of-victory": ("traces-of-victory/combined-assault", "allied"),
    "major-battles": ("major-battles/illustration-1", "us"),
}
FOREIGN = {  # an action of another game's own kind
    "nordwind-1945": action_pb2.Action(traces=traces_pb2.TracesAction(interdict=traces_pb2.TracesInterdict())),
    "traces-of-victory": action_pb2.Action(major_battles=major_battles_pb2.MajorBattlesAction(
        concede=major_battles_pb2.MbConcede())),
    "major-battles": action_pb2.Action(nordwind=nordwind_pb2.NordwindAction(
        place_ferry=nordwind_pb2.PlaceFerry(hex="2114"))),
}


def _new(rid: str, sc: definition_pb2.Scenario | None = None):  # type: ignore[no-untyped-def]
    rs = get_ruleset(rid)
    return engine.new_game(rs, sc or rs.load_scenario(SHIPPED[rid][0]), game_id="t", options={}, tables=None,
                           dice=dice_mod.HmacDice(b"\x05" * 32, "t", 0, 0))[0]


@pytest.mark.parametrize("rid", sorted(SHIPPED))
def test_every_ruleset_is_on_the_template(rid: str) -> None:
    assert isinstance(get_ruleset(rid), RulesetBase)


@pytest.mark.parametrize("rid", sorted(SHIPPED))
def test_an_action_kind_the_game_lacks_is_malformed_input_naming_its_kinds(rid: str) -> None:
    st = _new(rid)
    action = action_pb2.Action()
    action.CopyFrom(FOREIGN[rid])
    action.side = SHIPPED[rid][1]
    with pytest.raises(MalformedInput) as e:
        engine.validate(st, action)
    msg = str(e.value)
    assert "has no" in msg and "end_phase" in msg and "\n" not in msg, msg  # its own kinds are listed


@pytest.mark.parametrize("rid", sorted(SHIPPED))
def test_a_scenario_of_another_ruleset_is_refused(rid: str) -> None:
    sc = get_ruleset(rid).load_scenario(SHIPPED[rid][0])
    sc.ruleset = "toy-line"
    with pytest.raises(MalformedInput, match="for ruleset 'toy-line'"):
        _new(rid, sc)


@pytest.mark.parametrize("rid", sorted(SHIPPED))
def test_a_scenario_with_another_games_data_is_refused(rid: str) -> None:
    sc = get_ruleset(rid).load_scenario(SHIPPED[rid][0])
    other = "traces" if rid != "traces-of-victory" else "nordwind"
    getattr(sc, other).SetInParent()
    with pytest.raises(MalformedInput, match=f"carries {other} data"):
        _new(rid, sc)


def test_a_nordwind_scenario_without_sides_is_refused_not_stored() -> None:
    """CreateGame(ruleset="nordwind-1945", scenario={id:"x"}) used to make a game
    nobody could ever play (no sides, no units)."""
    with pytest.raises(MalformedInput, match="no sides"):
        _new("nordwind-1945", definition_pb2.Scenario(id="x"))


@pytest.mark.parametrize("rid", ["traces-of-victory", "major-battles"])
def test_an_empty_scenario_is_refused_with_what_it_lacks(rid: str) -> None:
    with pytest.raises(MalformedInput):
        _new(rid, definition_pb2.Scenario(id="x"))


@pytest.mark.parametrize("rid", sorted(SHIPPED))
def test_options_are_one_typed_object_with_a_cited_default_each(rid: str) -> None:
    rs = get_ruleset(rid)
    assert isinstance(rs, RulesetBase)
    opts = rs.options_class(_new(rid).options)
    for spec in rs.options_class.SET.specs:
        assert opts[spec.name] == spec.default and spec.citation.rule_case and spec.description
    assert [o.name for o in rs.options()] == [s.name for s in rs.options_class.SET.specs]
