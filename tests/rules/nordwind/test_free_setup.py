"""AMB-35 variant (option nw.amb35-german-setup=free): in the hypothetical
scenario the German player places every unit of 10.2.2 anywhere north of the
red dotted line ("the available means can be engaged at the same place ... as
the player chooses", 10.2). The default is the fixed setup as listed.

SYNTHETIC: the illustrative map has no red line; here rows 01-05 lie north of it.
"""

from __future__ import annotations

import pytest

from adjudicator.core import dice as dice_mod
from adjudicator.core import engine
from adjudicator.core.errors import MalformedInput
from adjudicator.core.hexmap import compile_map
from adjudicator.core.ruleset import get_ruleset
from adjudicator.rules.nordwind import data
from tests.rules.nordwind.examples import answer, play, unit_state
from umpire.v1 import action_pb2, definition_pb2, state_pb2

RS = get_ruleset("nordwind-1945")
FREE = {"nw.amb35-german-setup": "free"}


def _scenario(red_line: bool, which: str = "hypothetical") -> definition_pb2.Scenario:
    sc = data.scenario(f"nordwind-1945/{which}")
    if red_line:
        hm = compile_map(sc.definition.map)
        entries = {h.id: h for h in sc.definition.map.hex.hexes}
        for h in range(hm.n):
            if hm.raw[h][1] <= 4:  # printed rows 01-05
                label = hm.labels[h]
                (entries.get(label) or sc.definition.map.hex.hexes.add(id=label)).tags.append("red-line:german")
    return sc


def _new(sc: definition_pb2.Scenario, options: dict[str, str]) -> state_pb2.GameState:
    st, _ = engine.new_game(RS, sc, game_id="t", options=options, tables=None, dice=dice_mod.ScriptedDice([]))
    return play(st, answer(st, ["0"])).state  # 10.2.3: the secret option first (none)


def _place(uids: list[str], where: str) -> action_pb2.Action:
    return action_pb2.Action(side="german", place=action_pb2.PlaceUnits(unit_ids=uids, location=where))


def test_amb35_default_keeps_the_listed_setup() -> None:
    st = _new(_scenario(red_line=True), {})
    assert unit_state(st, "KG/36").location == "0501"  # 10.1.2 as 10.2.2 repeats it
    assert not engine.validate(st, _place(["19VG-1"], "1202")).legal  # 19.VG: 301 and 401 only


def test_amb35_free_german_setup_anywhere_north_of_the_line() -> None:
    st = _new(_scenario(red_line=True), FREE)
    german = [u for u in st.units if u.side == "german"]
    setup_units = {uid for p in st.scenario.nordwind.setup if p.side == "german" for uid in p.unit_ids}
    placed = [u.unit_id for u in german if u.status == state_pb2.UnitState.ON_MAP]
    assert placed == [] and "KG/36" in setup_units and "21Pz-1" in setup_units  # fixed and choice units alike
    assert unit_state(st, "157/103").location == "0101"  # the Allies set up as in 10.1.1 (10.2.1)
    assert engine.validate(st, _place(["KG/36", "257VG-1"], "1204")).legal  # one place, as the player chooses
    wrong = engine.validate(st, _place(["KG/36"], "1207"))  # south of the line
    assert [(v.code, v.citation.rule_case) for v in wrong.violations] == [("PLACEMENT", "10.2")]
    end = engine.validate(st, action_pb2.Action(side="german", end_phase=action_pb2.EndPhase()))
    assert [v.code for v in end.violations] == ["UNITS_TO_PLACE"]  # every 10.2.2 unit must be placed
    for uid in sorted(setup_units):
        st = play(st, _place([uid], "1003")).state
    st = play(st, action_pb2.Action(side="german", end_phase=action_pb2.EndPhase())).state
    assert st.phase == "setup-allied"


def test_amb35_free_setup_needs_the_red_line_in_the_map() -> None:
    with pytest.raises(MalformedInput, match="red-line:german"):
        _new(_scenario(red_line=False), FREE)


def test_amb35_free_setup_is_the_hypothetical_scenarios_variant_only() -> None:
    with pytest.raises(MalformedInput, match="hypothetical"):
        engine.new_game(RS, _scenario(red_line=True, which="historical"), game_id="t", options=FREE, tables=None,
                        dice=dice_mod.ScriptedDice([]))
