"""The state model (counters of digest §1.4, the HQ tree, statuses), the
calendar (LF 3.1.1), multi-sheet hex ids (LF 1.7.0, LF 2.2.0) and the checks
a scenario passes at creation. Maps and units are SYNTHETIC."""

from __future__ import annotations

import pytest

from adjudicator.core.errors import MalformedInput, NeedsData
from adjudicator.core.hexmap import HexMap
from adjudicator.rules.lucky_forward import sop, steps
from adjudicator.rules.lucky_forward.data import PACK
from tests.rules.lucky_forward.helpers import RS, Scen, model, new
from umpire.v1 import lucky_forward_pb2 as lf


def test_every_counter_field_of_the_digest_survives_the_scenario() -> None:
    s = Scen()
    s.unit("x", "axis", "1505", size="co", steps=1, cls="mech", types=["artillery", "flak"], armor="mixed",
           attack=None, defense=1, barrage=4, range=4, heavy_artillery=True, self_propelled=True, horse_drawn=False,
           transportable=True, gun="88mm", red_hexagon=True, heavy_unit_bar=True, red_triangle=True,
           red_square=True, rear_echelon=True, independent=True, afv_weight="VH", printed_hq="XIII",
           training="green", nebelwerfer=True, railroad=False, mixed_artillery=True, metz_garrison=True,
           fifth_panzer_army=True, breakdown_unit=True, z_step_reverse=True, z_attack=1, z_defense=1,
           anti_tank=3, armor_defense=2, flame=False, leader_activation=0, printed_asset="XIII SS")
    m = model(new(s))
    c = m.units["x"].c
    for field in ("barrage", "range", "anti_tank", "armor_defense", "z_attack", "defense"):
        assert c.HasField(field)
    assert (c.gun, c.afv_weight, c.training, c.printed_asset) == ("88mm", "VH", "green", "XIII SS")
    assert c.red_hexagon and c.heavy_unit_bar and c.red_triangle and c.red_square and c.metz_garrison
    assert not c.HasField("attack")  # not given: unknown, never 0


def test_an_unknown_counter_value_is_asked_for_as_a_counters_cell() -> None:
    s = Scen()
    s.unit("u", "allied", "1505", attack=None)
    m = model(new(s))
    with pytest.raises(NeedsData) as e:
        steps.cs(m, m.units["u"], "attack")
    cell = e.value.cells[0]
    assert (cell.table_id, cell.column, cell.row) == ("lucky-forward/counters", "attack", "u")


def test_the_hq_tree_and_attachments() -> None:
    s = Scen()
    s.unit("tk", "allied", "1505", hq="a-corps", status={"attached_to": "a-div"})
    m = model(new(s))
    tk = m.units["tk"]
    assert tk.assigned == "a-corps" and tk.hq == "a-div"  # 9.6.0: attached units function as assigned
    assert m.corps_of("a-div") == "a-corps" and m.army_of("a-div") == "a-army"


def test_lf_3_1_1_calendar() -> None:
    m = model(new(Scen()))
    assert sop.day_date(m, 1).isoformat() == "1944-09-05"
    assert sop.day_date(m, 27).isoformat() == "1944-10-01"
    assert sop.day_date(m, 58).isoformat() == "1944-11-01"
    assert sop.day_date(m, 88).isoformat() == "1944-12-01"


def test_lf_2_2_0_five_sheets_and_the_extension_overlap_into_one_plane() -> None:
    gm = PACK.map("map-synthetic.toml")
    hm = HexMap(gm)
    # Map 1 (raw columns 20-31) and Map 4 (30-41) overlap by two columns: one hex, two ids.
    assert hm.hex_id("1-2005") == hm.hex_id("4-1005")
    assert hm.labels[hm.hex_id("1-2005")] == "4-1005"  # the later-laid sheet (listed first) owns it
    assert hm.distance(hm.hex_id("1-1905"), hm.hex_id("4-1005")) == 1  # adjacency across the seam
    # The Kaiserslautern extension is a partial sheet of its own extent.
    assert hm.find("X-1505") is not None and hm.find("X-1507") is None
    with pytest.raises(MalformedInput, match="names no sheet"):
        hm.hex_id("1505")


def test_a_scenario_with_a_side_gos_does_not_know_is_refused() -> None:
    s = Scen()
    s.sc.definition.sides[0].id = "blue"
    with pytest.raises(MalformedInput, match="not one of Lucky Forward's"):
        new(s)


def test_units_have_one_to_three_steps() -> None:
    s = Scen()
    s.unit("u", "allied", "1505", steps=4)
    with pytest.raises(MalformedInput, match="1 to 3"):
        new(s)


def test_an_assignment_to_an_unknown_hq_is_refused() -> None:
    s = Scen()
    s.unit("u", "allied", "1505", hq="nobody")
    with pytest.raises(MalformedInput, match="unknown HQ"):
        new(s)


def test_a1_the_game_has_103_gds_or_102() -> None:
    s = Scen()
    s.sc.lucky_forward.last_game_day = 103
    assert new(s).lucky_forward.game_day == 1
    with pytest.raises(MalformedInput, match="102 GDs"):
        new(s, options={"lf.a1-game-length": "102"})


def test_the_synthetic_scenario_starts_in_the_rest_designation_segment() -> None:
    st = new_from_pack()
    assert (st.phase, st.segment, st.active_side) == ("command", "rest-designation", "axis")
    assert st.lucky_forward.weather.ground == "dry"


def new_from_pack() -> object:
    from adjudicator.core import dice as dice_mod
    from adjudicator.core import engine

    st, _ = engine.new_game(RS, RS.load_scenario("lucky-forward/synthetic"), game_id="t", options={}, tables=None,
                            dice=dice_mod.ScriptedDice([5] * 20))
    return st


_ = lf
