"""Unit lookup for people: exact id, name, unique prefix; several = Ambiguous."""

from __future__ import annotations

import pytest

from adjudicator.core.errors import Ambiguous, NotFound
from adjudicator.core.lookup import resolve_unit
from umpire.v1 import definition_pb2, state_pb2


def state() -> state_pb2.GameState:
    s = state_pb2.GameState()
    d = s.scenario.definition
    d.units.extend([
        definition_pb2.Unit(id="653sPJ", name="653 sPzJg"),
        definition_pb2.Unit(id="11/6.SS", name="11th SS"),
        definition_pb2.Unit(id="12/6.SS", name="12th SS"),
    ])
    return s


def test_exact_id_name_and_unique_prefix() -> None:
    s = state()
    assert resolve_unit(s, "12/6.SS") == "12/6.SS"
    assert resolve_unit(s, "12th ss") == "12/6.SS"
    assert resolve_unit(s, "653") == "653sPJ"


def test_several_matches_are_ambiguous_with_the_candidates() -> None:
    with pytest.raises(Ambiguous) as e:
        resolve_unit(state(), "1")
    assert e.value.candidates == ["11/6.SS", "12/6.SS"]


def test_no_match_is_not_found() -> None:
    with pytest.raises(NotFound):
        resolve_unit(state(), "99")

