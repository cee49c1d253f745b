"""Retreat (10.4, 12.4, 12.7) and advance (10.5) on the illustrative map."""

from __future__ import annotations

from adjudicator.core.retreat import OFF_MAP
from adjudicator.rules.traces import results
from adjudicator.rules.traces.model import Game
from adjudicator.rules.traces.retreats import advance_options, retreat_options
from tests.rules.traces.helpers import (
    act, answer, attack, in_activation, new_game, put, unit, where, with_cells,
)
from umpire.v1 import state_pb2

CLEAR = {("terrain", "shift", "clear"): "0"}  # SYNTHETIC: the text does not give Clear's shift


def labels(g: Game, path: tuple[int, ...]) -> tuple[str, ...]:
    return tuple("off" if h == OFF_MAP else g.label(h) for h in path)


def game(moves: dict[str, str], **kw: object) -> Game:
    s = in_activation(new_game(**kw), "allied", [], segment="combat")  # type: ignore[arg-type]
    for uid, hx in moves.items():
        put(s, uid, hx)
    return Game(s)


def test_10_4_river_only_as_the_first_hex_of_a_retreat() -> None:
    # The German in 2314 borders the unbridged river 2214/2314 and the bridged one 2314/2414.
    g = game({"us-80-318": "", "us-80-319": ""})
    paths = {labels(g, o.hexes) for o in retreat_options(g, "de-48-126", 2)}
    assert any(p[0] in ("2214", "2414") for p in paths)  # across a river as the first hex: allowed
    g2 = game({"us-80-318": "", "us-80-319": "", "de-48-126": "2316"})
    paths = {labels(g2, o.hexes) for o in retreat_options(g2, "de-48-126", 2)}
    # From 2316, 2315 -> 2215 would cross the river 2215/2315 as the second hex: prohibited.
    assert ("2315", "2215") not in paths and ("2315", "2214") in paths


def test_10_4_off_the_map_only_when_forced_and_then_eliminated() -> None:
    g = game({"de-11pz-110": "0901", "us-80-318": "0902", "us-80-319": "1001", "us-95-377": "1002"})
    opts = retreat_options(g, "de-11pz-110", 1)
    assert [labels(g, o.hexes) for o in opts] == [("off",)]
    g = game({"de-11pz-110": "0901", "us-80-318": "0902"})
    assert all(OFF_MAP not in o.hexes for o in retreat_options(g, "de-11pz-110", 1))


def test_10_4_overstacked_last_hex_means_one_more_hex() -> None:
    ring = {"1504": "de-559-1127", "1506": "de-559-1126", "1404": "de-559-127", "1405": "de-716-726",
            "1604": "de-16-221", "1605": "de-198-305"}
    moves = {uid: hx for hx, uid in ring.items()}
    pairs = ["de-198-308", "de-19-59", "de-361-951", "de-361-952", "de-48-126", "de-462-1215"]
    for hx, uid in zip(ring, pairs):
        moves[uid] = hx
    moves["de-11pz-110"] = "1505"
    g = game(moves)
    opts = retreat_options(g, "de-11pz-110", 1)
    assert opts and all(len(o.hexes) == 2 for o in opts)  # every neighbour holds two combat units


def test_10_4_each_enemy_zoc_hex_entered_costs_a_step_a19() -> None:
    s = in_activation(new_game(), "allied", [], segment="combat")
    # Allied units two and three hexes away put every hex within two of 1505 in their ZOC.
    for uid, hx in {"de-11pz-110": "1505", "us-80-318": "1304", "us-80-319": "1406", "us-95-377": "1603",
                    "us-45-157": "1706"}.items():
        put(s, uid, hx)
    g = Game.copy_of(s)
    opts = retreat_options(g, "de-11pz-110", 2)
    assert opts and min(o.ezoc for o in opts) == 2
    g.tv.combat.target = "1505"
    results._do_retreat(g, "de-11pz-110", opts[0].hexes)
    assert g.us["de-11pz-110"].status == state_pb2.UnitState.ELIMINATED  # 2 steps: both lost
    s.options.add(name="tov.a19-retreat-ezoc-loss", value="once")
    g = Game.copy_of(s)
    g.tv.combat.target = "1505"
    results._do_retreat(g, "de-11pz-110", retreat_options(g, "de-11pz-110", 2)[0].hexes)
    assert g.us["de-11pz-110"].steps_lost == 1


def fort_attack(result: str, options: dict[str, str] | None = None) -> state_pb2.GameState:
    s = in_activation(new_game(options=options), "allied", ["us-6ad-cca"], segment="combat")
    put(s, "us-6ad-cca", "2702")  # 6 vs 3 x3 = 9 -> 1:2 (no river between 2702 and 2703)
    return act(s, with_cells(attack("allied", "2703", "us-6ad-cca"), {**CLEAR, ("crt", "1:2", "1"): result}),
               rolls=[1]).state


def test_10_4_12_4_germans_in_metz_forts_ignore_r_and_retreat_one_hex_on_rr() -> None:
    s = fort_attack("R")
    assert s.pending.kind == "RETREAT" and any(o.id == "de-462-1215:stay" for o in s.pending.options)
    s = act(s, answer(s, "german", assignments={"de-462-1215": []})).state
    assert where(s, "de-462-1215") == "2703"
    stays = fort_attack("R", {"tov.a56-r-exempt": "stays"})
    assert where(stays, "de-462-1215") == "2703" and stays.pending.kind != "RETREAT"
    rr = fort_attack("RR")
    assert rr.pending.kind == "RETREAT" or where(rr, "de-462-1215") != "2703"
    if rr.HasField("pending") and rr.pending.kind == "RETREAT":
        assert all(len(o.path) == 1 for o in rr.pending.options)


def test_12_7_a_combat_result_driving_the_garrison_from_metz_frees_it() -> None:
    s = in_activation(new_game(), "allied", [], segment="combat")
    put(s, "de-metz-1010", "2604")
    g = Game(s)
    g.tv.combat.target = "2704"
    put(g.state, "de-metz-1010", "2704")
    g = Game(g.state)
    g.tv.combat.target = "2704"
    results._do_retreat(g, "de-metz-1010", (g.hm.hex_id("2705"),))
    assert "driven-from-metz" in g.us["de-metz-1010"].markers


def test_10_5_mechanized_second_hex_only_into_clear_and_not_across_unbridged_rivers() -> None:
    g = game({})
    target = g.hm.hex_id("2315")
    opts = {labels(g, p) for p in advance_options(g, "us-10ad-cca", target, True, False)}
    assert ("2315",) in opts and ("2315", "2316") in opts
    assert ("2315", "2215") not in opts  # 2215 holds 319 (and is across a river)
    assert ("2315", "2214") in opts  # no river between 2315 and 2214
    assert advance_options(g, "us-90-357", target, False, False) == [(target,)]
    assert advance_options(g, "us-10ad-cca", target, True, True) == []  # attacked into Difficult terrain
    rough = g.hm.hex_id("2407")
    opts = {labels(g, p) for p in advance_options(g, "us-10ad-cca", g.hm.hex_id("2307"), True, False)}
    assert ("2307", "2407") not in opts  # the second hex must be Clear (2407 is Rough)
    assert rough >= 0


def test_13_1_allied_unit_retreated_off_the_map_counts_as_eliminated() -> None:
    s = in_activation(new_game(), "german", [], segment="combat")
    for uid, hx in {"us-80-318": "0901", "de-559-1126": "0902", "de-559-1127": "1001", "de-559-127": "1002"}.items():
        put(s, uid, hx)
    g = Game(s)
    g.tv.combat.target = "0901"
    vp = g.tv.allied_vp
    opts = retreat_options(g, "us-80-318", 1)
    results._do_retreat(g, "us-80-318", opts[0].hexes)
    assert g.us["us-80-318"].status == state_pb2.UnitState.ELIMINATED
    assert g.tv.allied_vp == vp - 2
    assert unit(g.state, "us-80-318").status == state_pb2.UnitState.ELIMINATED


def test_10_5_an_hq_advances_only_along_with_a_combat_unit_of_its_stack() -> None:
    s = in_activation(new_game(), "allied", ["us-10ad-cca", "us-10ad-ccb"], segment="combat")
    put(s, "us-hq-xx", "2408")
    # 12 vs 5: 2:1, Rough 1L: 1:1. SYNTHETIC cell "R".
    s = act(s, with_cells(attack("allied", "2407", "us-10ad-cca", "us-10ad-ccb"), {("crt", "1:1", "2"): "R"}),
            rolls=[2]).state
    assert s.pending.kind == "ADVANCE"
    assert any(o.units[0] == "us-hq-xx" for o in s.pending.options)
    from tests.rules.traces.helpers import illegal
    assert illegal(s, answer(s, "allied", assignments={"us-hq-xx": ["2407"]})) == ["HQ_ALONE"]
    assert illegal(s, answer(s, "allied", assignments={"us-hq-xx": ["2407"], "us-10ad-cca": ["2407", "2406"]})) == [
        "HQ_ALONE"]
    s = act(s, answer(s, "allied", assignments={"us-hq-xx": ["2407"], "us-10ad-cca": ["2407"]})).state
    assert where(s, "us-hq-xx") == where(s, "us-10ad-cca") == "2407"


def test_10_4_units_of_a_stack_retreat_one_by_one_into_the_room_left() -> None:
    """Only 1506 is open and has room for one more combat unit: the first unit
    takes it, the second must go one hex further (found by the playouts)."""
    moves = {"de-361-951": "1505", "de-361-952": "1505", "de-559-1126": "1506", "us-80-318": "1404",
             "us-80-319": "1405", "us-95-377": "1504", "us-45-157": "1604", "us-45-180": "1605"}
    g = game(moves)
    c = g.tv.combat
    c.target, c.retreat, c.defender_player, c.stage = "1505", 1, "german", "retreat"
    c.defenders.extend(["de-361-951", "de-361-952"])
    c.attackers.append("us-80-318")
    results._retreat(g)
    assert where(g.state, "de-361-951") == "1506"
    assert len(g.units_at(g.hm.hex_id("1506"))) == 2
    # The second unit had to go on through 1506 (asked only if it has a choice).
    if g.state.HasField("pending"):
        assert g.state.pending.kind == "RETREAT" and list(c.retreating) == ["de-361-952"]
        assert {len(o.path) for o in g.state.pending.options} == {2}
    else:
        second = g.hex_of("de-361-952")
        assert g.hm.distance(g.hm.hex_id("1505"), second) == 2 and len(g.units_at(second)) == 1


def test_10_4_supply_is_judged_as_after_the_retreat_not_from_the_start_hex() -> None:
    """10.4: "retreats in such a way as to get closer to a hex where it would be
    in supply". SYNTHETIC position: German 126 in 1128, US CCA in 1228 and CCB in
    0927. The hexes around 1028 (0928, 1027, 1129) lie in US ZOC and the Sarre
    closes 0929/1029, so 1028 traces supply only through 1128, whose US ZOC
    (from 1228) 126 negates while it stands there (8.1). Once it has retreated
    into 1028 nothing negates it: 1028 is out of supply. Only 1127 keeps it in
    supply, so only 1127 is offered (1028 used to be, judged from 1128)."""
    s = in_activation(new_game(), "allied", [], segment="combat")
    for u in s.units:
        put(s, u.unit_id, "")
    put(s, "de-48-126", "1128")
    put(s, "us-10ad-cca", "1228")
    put(s, "us-10ad-ccb", "0927")
    g = Game(s)
    from adjudicator.rules.traces import supply

    assert supply.reach(g, "german")[g.hm.hex_id("1028")]  # as things stand, through 126's own hex
    assert not supply.reach_after(g, "de-48-126", [g.hm.hex_id("1028")])[g.hm.hex_id("1028")]
    assert {labels(g, o.hexes) for o in retreat_options(g, "de-48-126", 1)} == {("1127",)}
    assert all(p[-1] != "1028" for p in (labels(g, o.hexes) for o in retreat_options(g, "de-48-126", 2)))
