"""The supply line example of 8.1 (units A-D) and the Supply chit (8.0, 8.1, 12.7).

"Unit A (German 1127) is able to trace a supply line. Unit B's (German 127)
supply line would be blocked by the enemy ZOC, but it's able to trace it
through Unit A towards the nearest supply source. Unit C's (German 1125) supply
line is blocked by US 101's ZOC, as well as the Sarre river, which is unbridged
at the hex-sides Unit C would need to cross ... Unit D (German 1126) is able to
trace a supply line freely." Illustrative map: German source 0922; A in 1124,
B in 1224 (hemmed in by US 104 and US 328), C in the Sarre pocket 0930 whose
only bridge (1029/1129) leads into US 101's ZOC, D in 1020.
"""

from __future__ import annotations

from adjudicator.rules.traces import supply
from adjudicator.rules.traces.model import Game
from tests.rules.traces.helpers import act, end, in_activation, new_game, put, synthetic_tables, unit
from umpire.v1 import state_pb2, traces_pb2

A, B, C, D = "de-559-1127", "de-559-127", "de-559-1125", "de-559-1126"


def supplied(state: state_pb2.GameState) -> dict[str, bool]:
    g = Game(state)
    return {u: supply.in_supply(g, u) for u in (A, B, C, D)}


def test_8_1_example_lines_of_a_b_c_d() -> None:
    assert supplied(new_game()) == {A: True, B: True, C: False, D: True}


def test_8_1_example_b_traces_only_through_a_which_negates_the_ezoc() -> None:
    s = new_game()
    put(s, A, "")
    assert supplied(s)[B] is False


def test_8_1_example_c_is_cut_by_both_the_sarre_and_us_101() -> None:
    s = new_game()
    put(s, "us-26-101", "")  # without US 101's ZOC the bridge 1029/1129 opens the way
    assert supplied(s)[C] is True
    g = Game(new_game())
    h = g.hm.hex_id("1029")
    assert g.board.bridged[h * 6 + (g.hm.direction(h, g.hm.hex_id("1129")) or 0)]
    assert g.board.unbridged_river(h * 6 + (g.hm.direction(h, g.hm.hex_id("1028")) or 0))


def supply_chit_next(**kw: object) -> state_pb2.GameState:
    """An activation ends with only the Supply chit left in the cup."""
    s = in_activation(new_game(tables=synthetic_tables(weather="rain")), "allied", [], segment="combat", **kw)  # type: ignore[arg-type]
    s.traces.cup.append(traces_pb2.TracesChit(id="supply", name="supply"))
    return s


def test_8_0_supply_chit_c_loses_one_step_and_gets_the_marker() -> None:
    ap = act(supply_chit_next(), end("allied"), rolls=[3])  # then the turn ends: weather die 3
    s = ap.state
    assert unit(s, C).steps_lost == 1 and "out-of-supply" in unit(s, C).markers
    assert all(unit(s, u).steps_lost == 0 and not unit(s, u).markers for u in (A, B, D))
    check = next(e for e in ap.events if e.kind == "SUPPLY_CHECK")
    assert check.units == [C] and check.citations[0].rule_case == "8.1"
    assert s.turn == 4  # the cup was empty after the Supply chit: the turn ended


def test_8_1_checks_are_simultaneous_before_any_unit_is_removed() -> None:
    """US 101 is reduced and cut off (every Allied source occupied): the check
    eliminates it, yet C was judged while 101's ZOC still closed the bridge."""
    s = supply_chit_next()
    unit(s, "us-26-101").steps_lost = 1
    for i, src in enumerate(("2001", "2501", "3615", "3625")):
        uid = ["de-11pz-110", "de-16-221", "de-716-726", "de-19-59"][i]
        put(s, uid, src)
    ap = act(s, end("allied"), rolls=[3])
    s = ap.state
    assert unit(s, "us-26-101").status == state_pb2.UnitState.ELIMINATED
    assert unit(s, C).steps_lost == 1
    # 13.1: a non-mechanized Allied unit eliminated by supply costs 2 VP (and each one flipped 1).
    vp = [e.text for e in ap.events if e.kind == "VP"]
    assert any(t.startswith("Allied VP -2 (non-mechanized unit 101st Infantry") for t in vp)


def test_8_1_enemy_occupied_source_is_no_source_and_metz_garrison_is_always_supplied() -> None:
    s = new_game()
    for uid, src in (("us-95-377", "0922"), ("us-45-157", "0910"), ("us-45-180", "0907")):
        put(s, uid, src)  # every German source occupied by the enemy
    sup = supplied(s)
    assert not sup[A] and not sup[D]
    g = Game(s)
    # The Metz garrison and the 1215th/1217th are in supply inside Metz whatever the lines.
    assert all(supply.in_supply(g, u) for u in ("de-metz-1010", "de-462-1215", "de-462-1217"))
    put(s, "de-462-1215", "2602")
    assert supply.garrison_supplied(Game(s), "de-462-1215", Game(s).hm.hex_id("2602")) is False


def test_8_1_enemy_controlled_hex_blocks_a_line() -> None:
    s = new_game()
    g = Game(s)
    before = supply.reach(g, "german")
    s.traces.control["0922"] = "allied"  # the German source itself under Allied control
    after = supply.reach(Game(s), "german")
    assert before[g.hm.hex_id("1020")] and not after[g.hm.hex_id("0922")]
