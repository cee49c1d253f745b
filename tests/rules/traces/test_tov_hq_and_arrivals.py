"""HQs (2.3, 12.2, 13.1), German reinforcements (11.2), Allied reserves (11.3)
and hex control (6.1)."""

from __future__ import annotations

from adjudicator.rules.traces.losses import relocate_hq
from adjudicator.rules.traces.model import Game
from tests.rules.traces.helpers import (
    act, activate, answer, codes, end, in_activation, move, new_game, put, synthetic_tables, unit, verdict, where,
)
from umpire.v1 import action_pb2, state_pb2, traces_pb2


def hq_active(player: str, hq: str, **kw: object) -> state_pb2.GameState:
    return in_activation(new_game(tables=synthetic_tables()), player, [hq], **kw)  # type: ignore[arg-type]


def test_2_3_voluntary_relocation_five_hexes_no_ezoc_in_supply_and_its_vp() -> None:
    s = hq_active("allied", "us-hq-xx")
    assert codes(verdict(s, move("allied", "us-hq-xx", "2607", mode="relocate"))) == ["BAD_RELOCATION"]  # 3 hexes
    v = verdict(s, move("allied", "us-hq-xx", "2308", mode="relocate"))  # 5 hexes away, next to stack A
    assert codes(v) == ["BAD_RELOCATION"] and "enemy ZOC" in v.violations[0].message
    v = verdict(s, move("allied", "us-hq-xx", "2315", mode="relocate"))
    assert codes(v) == ["BAD_RELOCATION"]  # next to the German in 2314
    v = verdict(s, move("allied", "us-hq-xx", "2316", mode="relocate"))
    assert v.legal
    vp = s.traces.allied_vp
    s2 = act(s, move("allied", "us-hq-xx", "2316", mode="relocate")).state
    assert where(s2, "us-hq-xx") == "2316" and s2.traces.allied_vp == vp - 2
    assert codes(verdict(s2, move("allied", "us-hq-xx", "2317"))) == ["ALREADY_MOVED"]  # instead of moving
    g = hq_active("german", "de-hq-lxiv")
    g2 = act(g, move("german", "de-hq-lxiv", "1724", mode="relocate")).state
    assert g2.traces.allied_vp == g.traces.allied_vp + 2
    assert codes(verdict(s, move("allied", "us-95-377", "2315", mode="relocate"))) == ["NOT_ACTIVATED"]


def test_2_3_12_2_an_hq_that_loses_its_last_step_is_relocated_by_its_owner() -> None:
    s = in_activation(new_game(), "german", [], segment="combat")
    g = Game(s)
    relocate_hq(g, "us-hq-xx", "test", g.ext.objectives[0].citation, destroyed=True)
    assert s.traces.allied_vp == -5  # an Allied HQ destroyed
    assert unit(s, "us-hq-xx").status == state_pb2.UnitState.OFF_MAP and unit(s, "us-hq-xx").steps_lost == 1
    from adjudicator.rules.traces import relocation
    assert relocation.next_decision(g)
    d = s.pending
    assert d.kind == "HQ_RELOCATION" and d.side == "allied"
    hexes = {o.id for o in d.options}
    origin = g.hm.hex_id("2810")
    assert all(g.hm.distance(origin, g.hm.hex_id(h)) >= 5 for h in hexes)
    assert "2308" not in hexes and "2806" not in hexes and "2805" in hexes  # EZOC; 4 hexes; 5 hexes
    s = act(s, answer(s, "allied", ["2316"])).state
    assert where(s, "us-hq-xx") == "2316" and not s.HasField("pending")


def reinforcement_chit(turn: int, **kw: object) -> state_pb2.GameState:
    s = in_activation(new_game(tables=synthetic_tables(), **kw), "allied", [], segment="combat", turn=turn)  # type: ignore[arg-type]
    s.traces.cup.append(traces_pb2.TracesChit(id="german:reinforcement#1", name="reinforcement", owner="german"))
    return act(s, end("allied")).state


def place(side: str, location: str, *units: str) -> action_pb2.Action:
    return action_pb2.Action(side=side, place=action_pb2.PlaceUnits(unit_ids=list(units), location=location))


def test_11_2_german_reinforcements_by_turn_on_supply_sources_with_rail_or_double_moves() -> None:
    s = reinforcement_chit(turn=2)
    assert s.traces.activation.segment == "choose" and s.active_side == "german"
    assert codes(verdict(s, activate("german", division="36VG"))) == ["TOO_EARLY"]  # turn 3 on the table
    s = act(s, activate("german", division="25PG")).state
    assert codes(verdict(s, place("german", "1020", "de-25pg-35"))) == ["NOT_A_SOURCE"]
    s = act(s, place("german", "0910", "de-25pg-35")).state
    assert where(s, "de-25pg-35") == "0910" and s.traces.entry_turn["de-25pg-35"] == 2
    assert "de-25pg-35" in s.traces.activation.activated
    # Rail: any number of hexes, exclusively along the rail line (11.2).
    v = verdict(s, move("german", "de-25pg-35", "1010", "1110", "1210", "1310", "1410", "1510", mode="rail"))
    assert v.legal and len(v.path) == 6
    assert codes(verdict(s, move("german", "de-25pg-35", "1010", "1011", mode="rail"))) == ["NOT_ALONG_RAIL"]
    # Double movement: twice the allowance (8 -> 16 MP), never into an enemy ZOC.
    v = verdict(s, move("german", "de-25pg-35", *[f"{c:02d}10" for c in range(10, 20)], mode="double"))
    assert v.legal and v.mp_total <= 16
    assert codes(verdict(s, move("german", "de-559-1126", "1021", mode="double"))) in (["NOT_ACTIVATED"],)
    # The same division cannot come twice.
    later = reinforcement_chit(turn=4)
    later.traces.entered_divisions.append("25PG")
    assert codes(verdict(later, activate("german", division="25PG"))) == ["ALREADY_ENTERED"]


def test_11_2_placement_not_in_an_enemy_zoc_and_within_stacking() -> None:
    s = reinforcement_chit(turn=9)
    s = act(s, activate("german", division="PLehr")).state
    put(s, "us-80-318", "0911")  # next to the source 0910
    assert codes(verdict(s, place("german", "0910", "de-plehr-901"))) == ["IN_EZOC"]
    put(s, "us-80-318", "")
    put(s, "de-559-1126", "0922")
    put(s, "de-559-1127", "0922")
    assert codes(verdict(s, place("german", "0922", "de-plehr-901"))) == ["OVERSTACKED"]


def test_11_3_reserves_enter_at_allied_sources_for_1_vp_each_and_vi_needs_its_hq() -> None:
    s = in_activation(new_game(tables=synthetic_tables()), "allied", [], segment="combat")
    s.traces.cup.append(traces_pb2.TracesChit(id="allied:reserve#1", name="reserve", owner="allied"))
    s = act(s, end("allied")).state
    assert s.traces.activation.mode == "reserve" and s.traces.activation.segment == "movement"
    vp = s.traces.allied_vp
    s2 = act(s, place("allied", "2001", "us-35-134")).state
    assert where(s2, "us-35-134") == "2001" and s2.traces.allied_vp == vp - 1
    put(s, "us-hq-vi", "")
    assert codes(verdict(s, place("allied", "3615", "us-103-409"))) == ["HQ_NOT_ON_MAP"]
    assert codes(verdict(s, place("allied", "0910", "us-35-134"))) == ["NOT_A_SOURCE"]
    one = in_activation(new_game(tables=synthetic_tables(), options={"tov.a28-reserves": "one"}), "allied", [],
                        segment="combat")
    one.traces.cup.append(traces_pb2.TracesChit(id="allied:reserve#1", name="reserve", owner="allied"))
    one = act(one, end("allied")).state
    assert codes(verdict(one, place("allied", "3615", "us-35-134", "us-103-409"))) == ["ONE_RESERVE"]


def test_6_1_control_changes_the_instant_an_enemy_unit_enters() -> None:
    s = in_activation(new_game(tables=synthetic_tables()), "allied", ["us-45-157"], turn=5)
    put(s, "us-45-157", "2116")
    assert s.traces.control["2217"] == "german"
    t = act(s, move("allied", "us-45-157", "2216", "2217", "2317")).state  # through Saverne
    assert t.traces.control["2217"] == "allied"
    s.options.add(name="tov.a43-control", value="end")
    t = act(s, move("allied", "us-45-157", "2216", "2217", "2317")).state
    assert t.traces.control["2217"] == "german"
    t = act(s, move("allied", "us-45-157", "2216", "2217")).state
    assert t.traces.control["2217"] == "allied"


def test_11_2_reinforcements_are_placed_before_they_move() -> None:
    s = reinforcement_chit(turn=3)
    s = act(s, activate("german", division="36VG")).state
    assert codes(verdict(s, move("german", "de-36vg-87", "0910", "1010"))) == ["NOT_PLACED"]


def test_8_1_2_3_an_hq_losing_its_last_step_to_supply_is_relocated_then_play_goes_on() -> None:
    s = in_activation(new_game(tables=synthetic_tables(weather="rain")), "allied", [], segment="combat")
    s.traces.cup.append(traces_pb2.TracesChit(id="supply", name="supply"))
    s.traces.cup.append(traces_pb2.TracesChit(id="german:LXIV#1", name="LXIV", owner="german"))
    unit(s, "de-hq-lxxxii").steps_lost = 1
    for uid, hx in {"us-80-318": "1904", "us-80-319": "1906", "us-95-377": "2104", "us-45-157": "2106",
                    "us-45-180": "2004"}.items():
        put(s, uid, hx)  # around the LXXXII HQ in 2005: no line of supply
    vp = s.traces.allied_vp
    s = act(s, end("allied"), rolls=[1]).state  # first die 1: the Supply chit
    assert s.pending.kind == "HQ_RELOCATION" and s.pending.side == "german"
    assert s.traces.allied_vp >= vp + 2  # a German HQ relocated
    s = act(s, answer(s, "german", [s.pending.options[0].id])).state
    assert unit(s, "de-hq-lxxxii").status == state_pb2.UnitState.ON_MAP
    assert s.traces.activation.chit == "LXIV"  # the draw went on


def test_2_3_a_relocation_hex_whose_only_line_ran_through_the_hqs_old_hex_is_refused() -> None:
    """2.3: "The HQ must be able to trace a line of supply to a friendly supply
    source" from its new location, judged once it has left the old one.
    SYNTHETIC position: a US wall down column 13 (1301-1309, 1312-1330, their ZOCs
    joining) with one gap, 1310, held by the German LXXXII HQ; 1310 lies in the
    ZOC of the US unit in 1309, negated only by the HQ itself (8.1). Every German
    line from the west-edge sources to the east of the wall runs through 1310:
    relocating the HQ east (1810, 5 hexes away) leaves it out of supply, so it is
    refused; a hex west of the wall (1115) stays legal."""
    hq = "de-hq-lxxxii"
    s = in_activation(new_game(), "german", [hq], segment="movement")
    for u in s.units:
        put(s, u.unit_id, "")
    wall = [u.unit_id for u in s.units if Game(s).belligerent(u.unit_id) == "allied" and not Game(s).is_hq(u.unit_id)]
    rows = [9, 7, 5, 3, 1] + list(range(12, 31, 2))
    for uid, r in zip(wall, rows):
        put(s, uid, f"13{r:02d}")
    put(s, hq, "1310")
    g = Game(s)
    from adjudicator.rules.traces import relocation, supply

    east, west = g.hm.hex_id("1810"), g.hm.hex_id("1115")
    assert g.hm.distance(g.hex_of(hq), east) >= 5 and g.hm.distance(g.hex_of(hq), west) >= 5
    assert supply.reach(g, "german")[east]  # as things stand: through the HQ's own hex
    v = verdict(s, move("german", hq, "1810", mode="relocate"))
    assert codes(v) == ["BAD_RELOCATION"] and "once the HQ has left 1310" in v.violations[0].message
    assert verdict(s, move("german", hq, "1115", mode="relocate")).legal
    legal = {g.label(h) for h in relocation.legal_hexes(g, hq, g.hex_of(hq))}
    assert "1115" in legal and not any(int(x[:2]) > 13 for x in legal)  # nothing east of the wall
