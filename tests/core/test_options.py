"""The shared named-option mechanism every ruleset uses."""

from __future__ import annotations

import pytest

from adjudicator.core.citations import Rulebook
from adjudicator.core.errors import MalformedInput
from adjudicator.core.options import OptionSet, OptionSpec
from umpire.v1 import definition_pb2

R = Rulebook("toy", "TOY")
SET = OptionSet("Toy", [
    OptionSpec("a", "off", ("off", "on"), "an optional rule", R.cite("1")),
    OptionSpec("n", "0", (), "a number", R.cite("2")),
])


def test_defaults_then_scenario_then_overrides() -> None:
    scenario = [definition_pb2.RuleOption(name="a", value="on")]
    eff = {o.name: o.value for o in SET.effective(scenario, {"n": "12"})}
    assert eff == {"a": "on", "n": "12"}
    assert {o.name: o.value for o in SET.effective(scenario, {"a": "off"})}["a"] == "off"
    assert [o.citation.label for o in SET.defaults()] == ["TOY 1", "TOY 2"]


def test_unknown_names_and_values_are_refused_with_their_position() -> None:
    with pytest.raises(MalformedInput, match=r"scenario.options\[0\]"):
        SET.effective([definition_pb2.RuleOption(name="b", value="on")], {})
    with pytest.raises(MalformedInput, match="allowed: off, on"):
        SET.effective([], {"a": "yes"})
    with pytest.raises(MalformedInput, match="whole number"):
        SET.effective([], {"n": "-1"})


def test_values_read_back_with_defaults_for_missing_ones() -> None:
    assert SET.values([definition_pb2.RuleOption(name="a", value="on")]) == {"a": "on", "n": "0"}
