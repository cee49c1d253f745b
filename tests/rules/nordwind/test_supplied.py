"""Values read off the printed chart and given with an action (`supplied_cells`)
count for every table the action's judgement reads, exactly as `apply` will
remember them: here the Terrain Effects Table's crest row, which the text lacks.

SYNTHETIC: a crest between 1409 and 1410 on the illustrative map.
"""

from __future__ import annotations

import pytest

from adjudicator.core import engine
from adjudicator.core.errors import MalformedInput, NeedsData
from tests.rules.nordwind.examples import U, move, new_state, play
from umpire.v1 import action_pb2


def _crest_state():  # type: ignore[no-untyped-def]
    st = new_state([U("A", "allied", "1409"), U("G", "german", "0203", strength=2)], phase="allied-movement")
    st.scenario.definition.map.hex.hexsides.add(a="1409", b="1410", features=["crest"])  # fresh state: uncached
    return st


def _with_crest_cost(value: str) -> action_pb2.Action:
    a = move("allied", ["A"], ["1410"])
    a.supplied_cells.add(table_id="nordwind-1945/terrain", row="Crest (hexside)", column="Infantry (MP)", value=value)
    return a


def test_tet_crest_cost_needs_the_cell_and_takes_it_with_the_action() -> None:
    st = _crest_state()
    with pytest.raises(NeedsData) as e:
        engine.validate(st, move("allied", ["A"], ["1410"]))
    assert [(c.table_id, c.row, c.column) for c in e.value.cells] == [
        ("nordwind-1945/terrain", "Crest (hexside)", "Infantry (MP)")]
    v = engine.validate(st, _with_crest_cost("1"))
    assert v.legal and v.mp_total == 2.0  # clear 1 + crest 1
    after = play(st, _with_crest_cost("1")).state
    back = move("allied", ["A"], ["1409"])
    assert engine.validate(after, back).legal  # remembered: the next action needs no cell


def test_a_malformed_supplied_cost_is_a_one_line_error() -> None:
    with pytest.raises(MalformedInput, match="not a number of MP"):
        engine.validate(_crest_state(), _with_crest_cost("lots"))


def test_a_malformed_crt_result_given_with_an_attack_is_refused_before_the_dice() -> None:
    from tests.rules.nordwind.examples import attack

    st = new_state([U("A1", "german", "1005", strength=8, quality="C"), U("D1", "allied", "1006", strength=4,
                                                                             quality="D")], phase="german-combat")
    a = attack("german", "1006", ["A1"])
    a.supplied_cells.add(table_id="nordwind-1945/crt", row="3", column="2/1", value="1/X2")
    with pytest.raises(MalformedInput, match=r"supplied_cells\[0\].*CRT result '1/X2'"):
        engine.validate(st, a)
