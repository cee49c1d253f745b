"""The normal movement example of 9.2, and the movement rules around it (9.0,
9.1, 9.2, 7.2, 12.1, 12.7).

"The German infantry unit has 4 MPs. Hex A: 1 MP for moving to a clear hex and
+2 MPs for leaving Unit 318's EZOC. Unit 319 does not project an EZOC through
the river hex-side ... The German unit uses its last MP to move along the road
to hex 2316. Hex B cannot be entered as the river hex-side is not bridged. Hex
C cannot be entered as it's across a river hex-side, and there are enemy units
projecting an EZOC into both neighboring hexes." On the illustrative map the
German starts in 2314; A = 2315, B = 2214, C = 2414 (bridged); 318 in 2413,
319 in 2215.
"""

from __future__ import annotations

import pytest

from adjudicator.core.errors import NeedsData
from adjudicator.rules.traces import supply
from adjudicator.rules.traces.model import Game
from tests.rules.traces.helpers import (
    RS, act, codes, in_activation, move, new_game, put, unit, verdict, where, with_cells,
)
from umpire.v1 import state_pb2

GERMAN = "de-48-126"


def german_moves(**kw: object) -> state_pb2.GameState:
    return in_activation(new_game(), "german", [GERMAN], **kw)  # type: ignore[arg-type]


def test_9_2_example_a_then_2316_costs_3_then_1_for_all_4_mp() -> None:
    s = german_moves()
    v = verdict(s, move("german", GERMAN, "2315", "2316"))
    assert v.legal, v.violations
    assert [(p.location, p.cost, p.total) for p in v.path] == [("2315", 3.0, 3.0), ("2316", 1.0, 4.0)]
    assert v.mp_total == 4.0 and v.mp_remaining == 0.0
    why_a = sorted((n.text, n.citation.rule_case) for n in v.path[0].notes)
    assert why_a == [("+2 MP leaving enemy ZOC", "9.2"), ("1 MP clear", "9.1")]
    # Along the road 1 MP (9.1, non-mechanized); clear costs 1 as well, so either reading gives 1.
    assert v.path[1].notes[0].text in ("1 MP along the road", "1 MP clear")
    s = act(s, move("german", GERMAN, "2315", "2316")).state
    assert where(s, GERMAN) == "2316"


def test_9_2_example_319_projects_no_zoc_across_the_river() -> None:
    g = Game(new_game())
    z = supply.ezoc(g, "german")
    assert not z[g.hm.hex_id("2315")] and not z[g.hm.hex_id("2316")]  # A and 2316: 319 is across rivers
    assert z[g.hm.hex_id("2314")]  # the start hex is in 318's ZOC
    assert z[g.hm.hex_id("2214")]  # 319 reaches hex B (no river between them)


def test_9_2_example_hex_b_across_an_unbridged_river_cannot_be_entered() -> None:
    v = verdict(german_moves(), move("german", GERMAN, "2214"))
    assert codes(v) == ["IMPASSABLE_HEXSIDE"]
    assert v.violations[0].citation.rule_case == "9.1"


def test_9_2_example_hex_c_bridged_river_between_two_ezoc_hexes_even_with_friendly_units() -> None:
    s = german_moves()
    assert codes(verdict(s, move("german", GERMAN, "2414"))) == ["ZOC_TO_ZOC"]
    put(s, "de-11pz-110", "2414")  # a friendly unit in C changes nothing ("even if there are friendly units")
    v = verdict(s, move("german", GERMAN, "2414"))
    assert codes(v) == ["ZOC_TO_ZOC"] and v.violations[0].citation.rule_case == "9.2"


def test_9_2_reachable_hexes_of_the_example() -> None:
    reach = {r.location: r.cost for r in RS.reach(german_moves(), GERMAN)}
    assert reach["2316"] == 4.0 and reach["2315"] == 3.0
    assert "2214" not in reach and "2414" not in reach
    assert all(c <= 4 for c in reach.values())


def test_9_2_entering_and_leaving_ezoc_are_cumulative() -> None:
    """EZOC -> EZOC (no river) costs terrain + 2 (leave) + 2 (enter): 5 MP > 4."""
    s = german_moves()
    v = verdict(s, move("german", GERMAN, "2313"))  # 2313 is next to 318 as well
    assert codes(v) == ["OVER_ALLOWANCE"]
    assert "costs 5" in v.violations[0].message


def test_9_1_mechanized_road_rate_is_half_mp() -> None:
    s = in_activation(new_game(), "allied", ["us-10ad-cca"])
    put(s, "us-10ad-cca", "2810")
    v = verdict(s, move("allied", "us-10ad-cca", "2710", "2610", "2510"))
    assert v.legal and [p.cost for p in v.path] == [0.5, 0.5, 0.5]


def test_9_1_unbridged_stream_adds_1_mp() -> None:
    s = in_activation(new_game(), "allied", ["us-90-357"])
    put(s, "de-361-951", "")
    put(s, "de-361-952", "")
    # Across the stream 2407/2507 into Rough: Rough's movement cost is not in the text.
    with pytest.raises(NeedsData) as e:
        verdict(s, move("allied", "us-90-357", "2407"))
    assert [(c.row, c.column) for c in e.value.cells] == [("rough", "mp")]
    v = verdict(s, with_cells(move("allied", "us-90-357", "2407"), {("terrain", "mp", "rough"): "2"}))
    assert v.legal and v.path[0].cost == 2 + 1  # SYNTHETIC rough 2 + stream 1
    assert any("stream" in n.text for n in v.path[0].notes)


def test_4_1_5_mud_costs_come_from_the_tec_and_are_asked_for() -> None:
    s = german_moves(turn=1)
    with pytest.raises(NeedsData) as e:
        verdict(s, move("german", GERMAN, "2315"))
    assert [(c.row, c.column) for c in e.value.cells] == [("clear", "mp-mud")]


def test_9_0_one_move_per_unit_and_only_activated_units() -> None:
    s = german_moves()
    assert codes(verdict(s, move("german", "de-559-1126", "1021"))) == ["NOT_ACTIVATED"]
    s = act(s, move("german", GERMAN, "2315")).state
    assert codes(verdict(s, move("german", GERMAN, "2316"))) == ["ALREADY_MOVED"]


def test_9_0_no_move_may_end_overstacked() -> None:
    s = in_activation(new_game(), "allied", ["us-95-377"])
    v = verdict(s, move("allied", "us-95-377", "2610", "2510", "2509", "2508"))  # C is not there; D is
    put(s, "us-90-357", "2508")  # now 2508 holds C and D: two combat units
    v = verdict(s, move("allied", "us-95-377", "2610", "2509", "2508"))
    assert "CANNOT_END_HERE" in codes(v) or "NOT_ADJACENT" in codes(v)
    v = verdict(s, move("allied", "us-hq-xx", "2709"))
    assert codes(v) == ["NOT_ACTIVATED"]


def test_12_1_restricted_divisions_may_not_move_before_turn_4() -> None:
    s = in_activation(new_game(), "allied", ["us-4ad-cca"], turn=3)
    assert codes(verdict(s, move("allied", "us-4ad-cca", "2906"))) == ["RESTRICTED"]
    s = in_activation(new_game(), "allied", ["us-4ad-cca"], turn=4)
    assert verdict(s, move("allied", "us-4ad-cca", "2906")).legal


def test_12_7_metz_garrison_moves_only_within_metz() -> None:
    s = in_activation(new_game(), "german", ["de-metz-1010", "de-462-1215"])
    put(s, "de-462-1217", "")
    assert verdict(s, move("german", "de-metz-1010", "2803")).legal  # fortification hex of Metz
    assert codes(verdict(s, move("german", "de-metz-1010", "2604"))) == ["GARRISON"]
    assert verdict(s, move("german", "de-462-1215", "2702")).legal  # 1215th: garrison for supply only
    unit(s, "de-metz-1010").markers.append("driven-from-metz")
    assert verdict(s, move("german", "de-metz-1010", "2604")).legal


def test_7_2_interdiction_costs_german_units_1_in_and_1_out_per_marker() -> None:
    s = german_moves()
    s.traces.interdiction.append("2316")  # 2315 and 2316 are both within one hex of the marker
    v = verdict(s, move("german", GERMAN, "2315"))
    assert v.path[0].cost == 1 + 2 + 1  # + entering an interdicted hex
    s.traces.interdiction.append("2216")  # 2316 now within one hex of two markers: doubled
    v = verdict(s, move("german", GERMAN, "2315", "2316"))
    assert codes(v) == ["OVER_ALLOWANCE"]  # 4 to A, then 1 + 1 (leave A) + 2 (enter 2316) = 8
    assert "costs 4" in v.violations[0].message


def test_7_2_interdiction_ignores_river_crossings_and_allied_units() -> None:
    s = in_activation(new_game(), "german", ["de-11pz-110"], turn=5)
    put(s, "de-11pz-110", "2314")
    put(s, "us-80-318", "")  # no ZOC: a plain crossing of the bridged river 2314/2414
    s.traces.interdiction.append("2415")
    v = verdict(s, move("german", "de-11pz-110", "2414"))
    assert v.legal and v.path[0].cost == 0.5  # road rate, no interdiction on the river crossing
    a = in_activation(new_game(), "allied", ["us-95-377"])
    a.traces.interdiction.append("2610")
    assert verdict(a, move("allied", "us-95-377", "2610")).path[0].cost == 1.0
