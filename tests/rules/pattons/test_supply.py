"""Supply (11.0-11.5, 6.5) and the forced states of 18.3.1 and 18.4, on
SYNTHETIC test maps (one road from the western to the eastern edge)."""

from __future__ import annotations

from adjudicator.core import engine
from adjudicator.rules.pattons import supply, victory
from tests.rules.pattons.helpers import apply, at, end, model, move, on_map, small_map, unit

ROAD = " ".join(f"{c:02d}01" for c in range(1, 13))  # row 01, west edge to east edge
MAP = small_map(12, 10, roads=[ROAD])
US1, US2, G1 = "134/35/12", "137/35/12", "126/48/13"


def state(placements: dict[str, str], **kw: object):  # type: ignore[no-untyped-def]
    st = at({u: "0101" for u in placements}, **kw)  # type: ignore[arg-type]
    return on_map(st, MAP, placements)


def status(placements: dict[str, str], uid: str, **kw: object) -> tuple[str, str]:
    return supply.status(model(state(placements, **kw)), uid)


def test_11_2_1_in_supply_within_six_hexes_of_a_road_leading_to_the_friendly_edge() -> None:
    assert status({US1: "0607"}, US1) == ("in", "11.2.1")  # six hexes from the road
    assert status({US1: "0608"}, US1) == ("oos", "11.3.1")  # seven: out of supply
    assert status({US1: "0607"}, US1, options={"p3.amb21-supply-length": "inclusive"})[0] == "oos"


def test_11_3_1_out_of_supply_when_the_road_reached_does_not_lead_to_the_friendly_edge() -> None:
    assert status({US1: "1003", G1: "0601"}, US1)[0] == "oos"  # the German on the road cuts it
    assert status({US1: "1003", G1: "0605"}, US1)[0] == "in"


GERMANS = ["127/48/13", "128/48/13", "59/19/82", "73/19/82", "74/19/82", "860/347/82", "861/347/82", "1010M",
           "1215M", "110/11", "111/11", "104/15", "115/15", "87/36/13", "118/36/13", "165/36/13"]


def ringed(center: str, gap: bool = False, line: bool = False):  # type: ignore[no-untyped-def]
    """Germans on every hex two away from `center` (one left out with `gap`), and
    US units standing in the enemy-controlled hexes through the gap with `line`."""
    g = model(state({US1: center}))
    c = g.hex(center)
    ring = sorted(set(g.hm.within(c, 2)) - set(g.hm.within(c, 1)))
    hole = ring[0]
    placements = {US1: center}
    for uid, h in zip(GERMANS, [h for h in ring if not (gap and h == hole)]):
        placements[uid] = g.label(h)
    if line:
        d1 = next(h for h in g.hm.neighbours(c) if g.hm.distance(h, hole) == 1)
        d3 = next(h for h in g.hm.neighbours(hole) if g.hm.distance(h, c) == 3)
        for uid, h in zip((US2, "320/35/12", "317/80/12"), (d1, hole, d3)):
            placements[uid] = g.label(h)
    return model(state(placements)), c


def test_11_4_1_isolated_when_no_road_hex_can_be_reached() -> None:
    g, c = ringed("0505")
    assert supply.traced(g, "us", c) == "isolated"


def test_6_5_enemy_zoc_blocks_supply_unless_a_friendly_unit_stands_in_it() -> None:
    g, c = ringed("0505", gap=True)
    assert supply.traced(g, "us", c) == "isolated"  # the gap is enemy-controlled
    g, c = ringed("0505", gap=True, line=True)
    assert supply.traced(g, "us", c) == "in"  # 6.5.2: friendly units negate the EZOC in their hexes


def test_11_5_automatic_supply_next_to_the_edge_for_reinforcements_and_germans_in_entrenchments() -> None:
    ring = {"127/48/13": "0404", "128/48/13": "0204", "59/19/82": "0306", "73/19/82": "0502"}
    assert status({US1: "0103", **ring}, US1)[1] == "11.5"  # next to the western edge (11.5.2)
    arrived = state({US1: "0505", G1: "0705", "127/48/13": "0305", "128/48/13": "0503", "59/19/82": "0507"},
                    turn=5, markers={US1: ["arrived:4"]})
    assert supply.status(model(arrived), US1) == ("in", "11.5")  # the turn after entry (AMBIG-37)
    arrived.turn = 6
    assert supply.status(model(arrived), US1)[1] != "11.5"
    st = at({G1: "0816", "10/5/20": "0716", "2/5/20": "0917"}, phase="german-combat")
    assert supply.status(model(st), G1) == ("in", "11.5")  # 11.5.3


def test_18_4_the_20th_corps_is_out_of_supply_on_turn_1_and_the_83rd_all_game() -> None:
    assert status({"10/5/20": "0401"}, "10/5/20", turn=1) == ("oos", "18.4.1")
    assert status({"10/5/20": "0401"}, "10/5/20", turn=2)[0] == "in"
    assert status({"329/83/20": "0401"}, "329/83/20", turn=7) == ("oos", "18.4.2")


def test_18_3_1_a_at_zero_sp_a_corps_is_out_of_supply_and_isolated_where_it_would_be_out() -> None:
    st = state({US1: "0401", US2: "0608"})
    st.pattons.support["12"] = 0
    g = model(st)
    assert supply.status(g, US1) == ("oos", "18.3.1.A")
    assert supply.status(g, US2) == ("isolated", "18.3.1.A")
    st.pattons.support["12"] = -3
    assert supply.status(model(st), US1)[0] == "oos"


def test_amb22_forced_states_override_automatic_supply_by_default() -> None:
    assert status({"10/5/20": "0102"}, "10/5/20", turn=1) == ("oos", "18.4.1")
    auto = status({"10/5/20": "0102"}, "10/5/20", turn=1, options={"p3.amb22-forced-supply": "automatic"})
    assert auto == ("in", "11.5")


def test_11_0_c_d_both_sides_are_determined_each_player_turn_and_it_holds_for_the_player_turn() -> None:
    st = state({US1: "0608", G1: "1205"}, phase="us-combat")
    after = apply(st, end("us")).state  # the German player-turn's Mutual Supply Determination Phase
    assert "oos" in unit(after, US1).markers and after.phase == "german-movement"
    kinds = [e.text.split(":")[0] for e in apply(st, end("us")).events if e.kind == "SUPPLY_DETERMINED"]
    assert kinds == ["us", "german"]
    moved = apply(after, move("german", [G1], ["1204"])).state
    assert "oos" in unit(moved, US1).markers  # frozen until the next determination (11.0.D)
    assert engine.validate(moved, end("german")).legal


def test_25_1_1_a_the_hypothetical_german_unit_in_1017_is_traced_like_any_german_unit() -> None:
    st = at({"1010M": "0917"}, phase="german-combat", turn=12)
    g = model(st)
    assert victory.german_supply_1017(g)
    cut = at({f"{n}/35/12": h for n, h in (("134", "1016"), ("137", "1118"), ("320", "1117"))} |
             {"317/80/12": "1018", "318/80/12": "0918", "319/80/12": "0916"}, phase="german-combat", turn=12)
    assert not victory.german_supply_1017(model(cut))  # every hex around is US-occupied or US-controlled


def test_the_supply_picture_lists_the_hexes_in_reach_and_the_units_out_of_supply() -> None:
    from tests.rules.pattons.helpers import RS

    st = state({US1: "0607", US2: "0609"})
    ans = RS.supply(st, "us")
    assert "0607" in ans.reached and "0608" not in ans.reached
    assert ans.in_supply == [US1] and ans.out_of_supply == [US2]
    assert ans.notes[0].citation.rule_case == "11.3.1"
