"""Fire support missions (11.0): TC-03..TC-09, TC-21, TC-22 and the cases of
11.2-11.8 that need no terrain data beyond the SYNTHETIC test map.

Unit values are SYNTHETIC unless a docstring quotes the worked example; the
FS Mission Resolution Table is MISSING from the text: a test that rolls
either lands on a cell the text gives (7 or less, 10, 11, 12, 13, 14, 23 or
more: see data/tables.textproto) or says it uses a SYNTHETIC cell.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from adjudicator.core.errors import NeedsData
from adjudicator.core.verdicts import VerdictBuilder
from adjudicator.rules.lucky_forward import fs_declare, fs_drm, fs_results, ga_shifts, retreats
from tests.rules.lucky_forward.helpers import (
    SYN,
    Scen,
    act,
    answer,
    cases,
    codes,
    d10,
    edit,
    hex_map,
    jump,
    lfa,
    model,
    new,
    synthetic_tables,
    verdict,
)
from umpire.v1 import action_pb2, lucky_forward_pb2 as lf, state_pb2, tables_pb2


def fs(spotter: str, target: str, fire: Sequence[tuple[str, int]], *, intensive: int = 0, remainder: bool = False,
       side: str = "allied") -> action_pb2.Action:
    return lfa(side, fire_support=lf.LfFireSupport(
        spotter=spotter, target=target, fire=[lf.LfFire(unit_id=u, points=p) for u, p in fire],
        intensive=intensive, fire_remainder=remainder))


def art(s: Scen, uid: str, hex_: str, barrage: int, *, side: str = "allied", rng: int = 6, hq: str | None = None,
        **kw: object) -> None:
    s.unit(uid, side, hex_, types=["artillery"], attack=None, defense=1, barrage=barrage, range=rng, hq=hq,
           reduced=None, steps=1, **kw)


def basic(target_terrain: str = "clear", **terrain_kw: object) -> Scen:
    """A PA Inf Bn. spotting into the adjacent 1605 (heavy capacity, 11.2.4c)."""
    gm = hex_map(terrain={"1605": target_terrain} if target_terrain != "clear" else None, **terrain_kw)  # type: ignore[arg-type]
    s = Scen(gm)
    s.unit("sp", "allied", "1505", status={"mode": "pa"})
    return s


def mission(state: state_pb2.GameState, action: action_pb2.Action) -> tuple[fs_declare.Mission | None, VerdictBuilder]:
    b = VerdictBuilder()
    ms = fs_declare.mission(model(state), action, b)
    return ms, b


def offensive(s: Scen, **kw: object) -> state_pb2.GameState:
    return jump(new(s, tables=synthetic_tables(), **kw), "allied", "combat", "fs-offensive")  # type: ignore[arg-type]


# -- TC-03 / TC-04: volleys, split and intensive fire


def test_tc03_11_4_1a_36_points_make_volleys_8_8_8_8_and_a_4_that_may_be_declined() -> None:
    s = basic()
    s.unit("x1", "axis", "1605")
    for i, h in enumerate(("1405", "1404", "1406")):
        art(s, f"art{i}", h, 12)
    st = offensive(s)
    fire = [("art0", 12), ("art1", 12), ("art2", 12)]
    ms, b = mission(st, fs("sp", "1605", fire, remainder=True))
    assert b.ok and ms is not None and ms.volleys == [8, 8, 8, 8, 4]
    ms, b = mission(st, fs("sp", "1605", fire))
    assert b.ok and ms is not None and ms.volleys == [8, 8, 8, 8]  # the 4-point volley declined


def test_tc04_11_4_1g_intensive_fire_two_amp_four_volleys_two_art_depleted_plus_the_roll() -> None:
    """16 BF -> 2 volleys of 8; 2 AmP -> 4 volleys; 2 Art units automatically
    AD plus any from the AD roll, which gets +3 (volleys after the first)."""
    s = basic()
    s.unit("x1", "axis", "1605")
    art(s, "a8", "1405", 8)
    art(s, "a4", "1404", 4)
    art(s, "b4", "1406", 4)
    st = offensive(s)
    act_ = fs("sp", "1605", [("a8", 8), ("a4", 4), ("b4", 4)], intensive=2)
    ms, b = mission(st, act_)
    assert b.ok and ms is not None and ms.volleys == [8, 8, 8, 8] and ms.intensive == 2
    # volleys roll 0 (8 + 0 = FSV 8: SYNTHETIC '-'), AD roll 0: 0 + 3 - ADV 3 = 0, + 2 intensive
    out = act(st, act_, d10(0, 0, 0, 0, 0)).state
    assert model(out).hq_status["a-army"].amp == 2  # 4 - 2 AmP
    assert out.pending.kind == "FS_AD" and all(len(o.units) == 2 for o in out.pending.options)
    # AD roll 1: 1 + 3 - 3 = 1 more: all three depleted
    out = act(st, act_, d10(0, 0, 0, 0, 1)).state
    assert all(model(out).units[u].st.ammo_depleted for u in ("a8", "a4", "b4"))


def test_11_4_1g_intensive_fire_needs_full_volleys_amp_and_gens() -> None:
    s = basic()
    s.unit("x1", "axis", "1605")
    art(s, "a8", "1405", 8, status={"supply": 2})
    st = offensive(s)
    ms, b = mission(st, fs("sp", "1605", [("a8", 8)], intensive=2))
    v = b.build()
    assert "INTENSIVE" in codes(v) and "11.4.1g" in cases(v)
    texts = " ".join(x.message for x in v.violations)
    assert "2 full 8-point volleys" in texts and "GenS" in texts


def test_11_4_1d_axis_corps_art_does_not_split_its_fire() -> None:
    s = Scen()
    s.unit("sp", "axis", "1605", status={"mode": "pa"})
    s.unit("a1", "allied", "1505")
    art(s, "kart", "1705", 8, side="axis", hq="x-corps")
    st = jump(new(s, tables=synthetic_tables()), "axis", "combat", "fs-offensive")
    _, b = mission(st, fs("sp", "1505", [("kart", 4)], side="axis", remainder=True))
    assert "NO_SPLIT" in codes(b.build())


# -- capacity, formation, range


def test_11_2_4_capacity_by_spotter_and_the_art_limits() -> None:
    s = Scen()
    s.unit("bn", "allied", "1505")
    s.unit("pa", "allied", "1504", status={"mode": "pa"})
    s.unit("co", "allied", "1506", size="co", steps=2)
    s.unit("x1", "axis", "1605")
    m = model(new(s))
    assert [fs_declare.capacity(m, m.units[u], True) for u in ("bn", "pa", "co")] == ["medium", "heavy", "light"]
    assert fs_declare.capacity(m, m.units["pa"], False) == "light"  # 11.2.4: unobserved
    assert [fs_declare.art_limit(m, m.units["pa"], c) for c in ("light", "medium", "heavy")] == [2, 3, 16]


def test_11_2_4_a_light_mission_takes_at_most_two_allied_art() -> None:
    s = Scen()
    s.unit("co", "allied", "1505", size="co", steps=2)
    s.unit("x1", "axis", "1605")
    for i, h in enumerate(("1303", "1304", "1305")):
        art(s, f"a{i}", h, 4)
    st = offensive(s)
    _, b = mission(st, fs("co", "1605", [("a0", 4), ("a1", 4), ("a2", 4)], remainder=True))
    assert "CAPACITY" in codes(b.build())


def test_11_2_5_a_heavy_mission_needs_art_of_the_spotters_formation() -> None:
    s = basic()
    s.unit("x1", "axis", "1605")
    s.hq("b-div", "allied", "1007", lf.LF_HQ_DIVISION, parent="a-corps")
    s.hq("z-corps", "allied", "1006", lf.LF_HQ_CORPS, parent="a-army")
    s.hq("z-div", "allied", "1005", lf.LF_HQ_DIVISION, parent="z-corps")
    art(s, "other", "1405", 8, hq="b-div")
    art(s, "own", "1404", 8)
    art(s, "alien", "1406", 8, hq="z-div")
    st = offensive(s)
    _, b = mission(st, fs("sp", "1605", [("other", 8)]))
    assert "FORMATION" in codes(b.build())  # no Art of the spotter's own formation
    _, b = mission(st, fs("sp", "1605", [("own", 8), ("other", 8)]))
    assert b.ok  # one other formation of the same corps may join
    _, b = mission(st, fs("sp", "1605", [("own", 8), ("alien", 8)]))
    assert "FORMATION" in codes(b.build())  # another corps' formation may not


def test_11_3_0_range_and_11_3_1_range_one_when_an_adjacent_enemy_attacks() -> None:
    s = basic()
    s.unit("x1", "axis", "1605")
    art(s, "far", "1105", 8, rng=3)
    st = offensive(s)
    _, b = mission(st, fs("sp", "1605", [("far", 8)]))
    assert "RANGE" in codes(b.build()) and "11.3.0" in cases(b.build())
    s2 = basic()
    s2.unit("x1", "axis", "1605")
    art(s2, "near", "1405", 8, rng=4)
    s2.unit("xa", "axis", "1404", status={"mode": "pa"})  # an attack-designated enemy next to the Art
    m = model(offensive(s2))
    assert fs_declare.art_range(m, m.units["near"]) == 1


def test_11_4_1_an_ammunition_depleted_or_fatigue_two_art_does_not_fire() -> None:
    s = basic()
    s.unit("x1", "axis", "1605")
    art(s, "ad", "1405", 8, status={"ammo_depleted": True})
    art(s, "tired", "1404", 8, status={"fatigue": 2})
    st = offensive(s)
    _, b = mission(st, fs("sp", "1605", [("ad", 8), ("tired", 8)]))
    assert {"AD", "FATIGUE"} <= set(codes(b.build()))


def test_11_2_1a_a_z_step_never_spots() -> None:
    s = Scen()
    s.unit("z", "allied", "1505", size="z", steps=1, status={"mode": "pa"})
    s.unit("x1", "axis", "1605")
    art(s, "a", "1405", 8)
    _, b = mission(offensive(s), fs("z", "1605", [("a", 8)]))
    assert "SPOTTER" in codes(b.build()) and "11.2.1a" in cases(b.build())


def test_11_0_one_art_mission_per_target_hex_per_combat_phase() -> None:
    s = basic()
    s.unit("x1", "axis", "1605")
    art(s, "a", "1405", 8)
    art(s, "b", "1404", 8)
    st = offensive(s)
    out = act(st, fs("sp", "1605", [("a", 8)]), d10(0, 0)).state  # FSV 8: SYNTHETIC '-'
    assert not out.HasField("pending")
    v = verdict(out, fs("sp", "1605", [("b", 8)]))
    assert "ONE_ART_MISSION" in codes(v)


def test_11_6_0_an_unknown_fs_table_cell_is_asked_for_precisely() -> None:
    s = basic()
    s.unit("x1", "axis", "1605")
    art(s, "a", "1405", 8)
    clear = tables_pb2.TableSet()
    clear.tables.add(id="lucky-forward/fs-terrain").cells.add(row="clear", column="DRM", value="0", source=SYN)
    st = jump(new(s, tables=clear), "allied", "combat", "fs-offensive")  # otherwise only the text's cells
    with pytest.raises(NeedsData) as e:
        act(st, fs("sp", "1605", [("a", 8)]), d10(7))  # 7 + 8 + 0 = 15: not in the text
    cell = e.value.cells[0]
    assert (cell.table_id, cell.row, cell.column) == ("lucky-forward/fs-resolution", "15", "result")


# -- TC-05 / TC-06 / TC-07: DRM groups


def test_tc05_11_5_3_pure_armour_forces_minus_3_and_one_of_terrain_or_dw() -> None:
    """Three Pz IV Co.s (pure armour) in a town (-3) with an ET-2 (-2): -3 and
    only one of A/B -> -6 (the town chosen); density 3 steps: 0."""
    s = Scen(hex_map(features={"1605": ["town"]}))
    for i in range(3):
        s.unit(f"pz{i}", "axis", "1605", size="co", steps=1, types=["afv"], cls="mech", armor="pure",
               personnel=False)
    s.work("1605", "ET-2")
    m = model(new(s))
    h = m.hex_id("1605")
    combos = fs_drm.combinations(m, h, [m.units[f"pz{i}"] for i in range(3)])
    assert all(not ("A:" in c.key and "B:" in c.key) for c in combos)  # never both A and B
    assert all(c.key.startswith("C") for c in combos)  # pure armour always applies
    assert min(c.total for c in combos) == -6 and fs_drm.density(m, h) == (3, 0)


def test_tc06_11_5_3_mixed_armour_two_of_a_b_c_city_and_et3_with_density() -> None:
    """One Pz IV Co. and two Mot Inf Bn.s in an ET-3 in a city: city -4 +
    ET-3 -3, density +2 (7 steps) -> -5 (with the mixed -2 instead: -4)."""
    s = Scen(hex_map(features={"1605": ["city"]}))
    s.unit("pz", "axis", "1605", size="co", steps=1, types=["afv"], cls="mech", armor="pure", personnel=False)
    s.unit("m1", "axis", "1605", cls="mech")
    s.unit("m2", "axis", "1605", cls="mech")
    s.work("1605", "ET-3")
    m = model(new(s))
    h = m.hex_id("1605")
    combos = {c.key: c.total for c in fs_drm.combinations(m, h, [m.units[u] for u in ("pz", "m1", "m2")])}
    dens = fs_drm.density(m, h)
    assert dens == (7, 2)
    assert combos["A:city+B:ET-3"] + dens[1] == -5
    assert combos["A:city+C"] + dens[1] == -4
    assert not any(k.count("+") > 1 for k in combos)  # only two of the three groups


def test_tc07_11_6_0_mixed_woods_ip_two_allowed_density_plus_2_and_the_results() -> None:
    """11.6.0 example: 2 Leg Inf Bn.s (3 steps) + 1 Pz IV Co. in woods with an
    IP: mixed -2, woods -1, IP -1, two allowed -> -3; 7 steps +2 -> -1. Volleys
    of 8 and 6 (the example's GS missions; here Art), rolls 7 and 5 -> FSV 14
    and 10 -> 2 and 1 (the example's own table points) -> 3 numerical hits."""
    s = basic("woods")
    s.unit("i1", "axis", "1605")
    s.unit("i2", "axis", "1605")
    s.unit("pz", "axis", "1605", size="co", steps=1, types=["afv"], cls="mech", armor="pure", personnel=False)
    s.work("1605", "IP")
    art(s, "a", "1405", 8)
    art(s, "b", "1404", 6)
    st = jump(new(s), "allied", "combat", "fs-offensive")  # the shipped table: the text's cells only
    st = act(st, fs("sp", "1605", [("a", 8), ("b", 6)], remainder=True)).state
    assert st.pending.kind == "FS_DRMS"
    keys = [o.id for o in st.pending.options]
    assert "A:woods+B:IP" in keys and "A:woods+C" in keys and not any(k.count("+") > 1 for k in keys)
    ap = act(st, answer(st, "B:IP+C"), d10(7, 5))
    assert ap.state.lucky_forward.fs.drm == -1
    assert list(ap.state.lucky_forward.fs.results) == ["2", "1"]
    assert ap.state.lucky_forward.fs.hits == 3 and ap.state.pending.kind == "FS_FIRST_HIT"


def test_11_5_0_the_net_drm_is_clamped_to_plus_minus_10() -> None:
    assert (fs_drm.clamp(-14), fs_drm.clamp(12), fs_drm.clamp(-3)) == (-10, 10, -3)


def test_11_5_4_density_z_steps_count_half_rounded_up_on_the_total() -> None:
    s = Scen()
    for i in range(3):
        s.unit(f"z{i}", "axis", "1605", size="z", steps=1)
    m = model(new(s))
    assert fs_drm.density(m, m.hex_id("1605")) == (2, -1)  # 3 x 1/2 = 1.5 -> 2 (lf.a11-z-density=total)
    m2 = model(new(s, options={"lf.a11-z-density": "per-unit"}))
    assert fs_drm.density(m2, m2.hex_id("1605")) == (3, 0)


# -- TC-08 / TC-09: AS cap and retreat priorities


def test_tc08_11_6_1_a_third_as_marker_is_ignored() -> None:
    s = Scen()
    s.unit("x1", "axis", "1605", status={"artillery_shifts": 2})
    m = edit(new(s))
    fs_results.add_as(m, m.units["x1"], 1, "11.6.2b")  # the retreat would add one
    assert m.units["x1"].st.artillery_shifts == 2


def test_tc08_11_6_1_three_pa_stacks_with_an_as_each_give_only_two_left_shifts() -> None:
    s = Scen()
    s.unit("x1", "axis", "1605")
    for h in ("1505", "1504", "1506"):
        s.unit(f"a{h}", "allied", h, status={"mode": "pa", "artillery_shifts": 1})
    m = model(new(s))
    atts = [m.units[f"a{h}"] for h in ("1505", "1504", "1506")]
    cl = ga_shifts.claims(m, m.hex_id("1605"), atts, [m.units["x1"]], lead_pr="a1505", att_leader="", def_leader="")
    assert sum(c.columns for c in cl if c.side == "defender" and "AS" in c.reason) == 2


def test_tc09_11_6_3a_along_the_road_even_into_an_overstack() -> None:
    """Two candidate hexes, neither next to an enemy, equidistant from the HQ,
    both covering terrain, one along a road: the retreat must go there, even
    though it is an overstack (criterion 5 is never reached)."""
    probe = model(new(Scen()))
    h = probe.hex_id("1605")
    ring = sorted(probe.hm.neighbours(h))
    a, b = ring[-2], ring[-1]  # the two eastern neighbours
    la, lb = probe.label(a), probe.label(b)
    hq = next(x for x in range(probe.hm.n) if probe.hm.distance(x, a) == probe.hm.distance(x, b) == 3)
    others = [probe.label(x) for x in ring if x not in (a, b)]
    gm = hex_map(terrain={la: "woods", lb: "woods"}, sides=[("1605", o, ["major river"]) for o in others],
                 roads=[("1605", la, "secondary")])
    s = Scen(gm)
    s.hq("x-div2", "axis", probe.label(hq), lf.LF_HQ_DIVISION, parent="x-corps")
    s.unit("x1", "axis", "1605", hq="x-div2")
    s.unit("f1", "axis", la, hq="x-div2")
    s.unit("f2", "axis", la, hq="x-div2")
    s.unit("f3", "axis", la, size="co", steps=2, hq="x-div2")
    m = model(new(s, tables=synthetic_tables()))  # SYNTHETIC: Leg units may enter woods
    assert retreats.one_hex(m, [m.units["x1"]]) == [a]


# -- TC-21 / TC-22: the Examples of Play


def test_tc21a_11_6_0_as1_and_the_first_hit_flips_an_at_company_to_its_z_step() -> None:
    """Heavy mission, 3 Art = 8 points; forest -1 + IP -1 = -2; roll 6 ->
    FSV 12 -> AS1 (the example's point): an AS marker, and the first hit as
    a step loss on an AT Co., which flips to its Z-step."""
    s = basic("forest")
    s.unit("at", "axis", "1605", size="co", steps=1, types=["anti-tank"], anti_tank=2, z_step_reverse=True)
    s.unit("i1", "axis", "1605", steps=2)
    s.work("1605", "IP")
    for i, (h, p) in enumerate((("1405", 3), ("1404", 3), ("1406", 2))):
        art(s, f"a{i}", h, p)
    st = jump(new(s), "allied", "combat", "fs-offensive")
    st = act(st, fs("sp", "1605", [("a0", 3), ("a1", 3), ("a2", 2)]), d10(6)).state
    f = st.lucky_forward.fs
    assert (f.drm, list(f.results), f.as_hits, f.hits) == (-2, ["AS1"], 1, 1)
    st = act(st, answer(st, "step")).state
    assert st.pending.kind == "STEP_LOSSES"
    st = act(st, answer(st, "at"), d10(0)).state  # AD roll 0
    m = model(st)
    assert m.units["at"].is_z and m.units["at"].us.status == state_pb2.UnitState.ON_MAP
    assert (m.units["at"].st.artillery_shifts, m.units["i1"].st.artillery_shifts) == (1, 1)


def test_tc21b_11_6_0_two_as1_step_losses_spread_no_prc_in_an_et2_and_intensive_ad() -> None:
    """9 points: one volley of 8 (1 point declined) + 1 intensive (1 AmP);
    ET-2 -2 + mixed -2 + density +1 = -3; rolls 8, 8 -> 13, 13 -> AS1 + AS1:
    2 AS markers, step losses on I/125 then II/125 (Max step loss), no PRC (in
    an ET-2), 1 Art unit AD for the intensive volley."""
    s = basic()
    s.unit("i125", "axis", "1605", steps=2, reduced=(4, 4))
    s.unit("ii125", "axis", "1605", steps=2, reduced=(4, 4))
    s.unit("pz", "axis", "1605", size="co", steps=2, types=["afv"], cls="mech", armor="pure", personnel=False)
    s.work("1605", "ET-2")
    art(s, "a", "1405", 9)
    st = jump(new(s, tables=synthetic_tables()), "allied", "combat", "fs-offensive")
    st = act(st, fs("sp", "1605", [("a", 9)], intensive=1)).state
    assert list(st.lucky_forward.fs.volleys) == [8, 8]
    st = act(st, answer(st, "B:ET-2+C"), d10(8, 8)).state
    f = st.lucky_forward.fs
    assert (f.drm, list(f.results), f.hits) == (-3, ["AS1", "AS1"], 2)
    st = act(st, answer(st, "step")).state
    st = act(st, answer(st, "i125")).state  # the PRC passes in the ET-2
    assert st.pending.kind == "STEP_LOSSES" and [o.id for o in st.pending.options] == ["ii125", "pz"]  # spread
    st = act(st, answer(st, "ii125"), d10(0)).state  # AD roll 0
    m = model(st)
    assert (m.units["i125"].us.steps_lost, m.units["ii125"].us.steps_lost, m.units["pz"].us.steps_lost) == (1, 1, 0)
    assert all(m.units[u].st.artillery_shifts == 2 for u in ("i125", "ii125", "pz"))
    assert not any(e for e in [st.pending] if e.kind == "FS_FATIGUE")
    assert m.units["a"].st.ammo_depleted and m.hq_status["a-army"].amp == 3


def test_tc21c_11_6_2b_first_hit_as_a_retreat_then_half_the_rest_and_the_pa_advance() -> None:
    """10 points + intensive -> volleys 8, 8, 2; IP -1 + mixed -2 = -3; rolls
    6, 5, 8 -> FSV 11, 10, 7 -> 2 numerical hits; the first taken as a retreat,
    1 left / 2 = 0.5 -> 1 step loss + an AS marker; the attacker advances,
    keeping PA."""
    s = basic()
    s.unit("ai", "axis", "1605", types=["infantry", "armored-infantry"], cls="mech", armor="mixed")
    s.work("1605", "IP")
    art(s, "a", "1405", 10)
    st = jump(new(s, tables=synthetic_tables()), "allied", "combat", "fs-offensive")
    st = act(st, fs("sp", "1605", [("a", 10)], intensive=1, remainder=True)).state
    assert list(st.lucky_forward.fs.volleys) == [8, 8, 2]
    st = act(st, answer(st, "B:IP+C"), d10(6, 5, 8)).state
    assert list(st.lucky_forward.fs.results)[:2] == ["1", "1"] and st.lucky_forward.fs.hits == 2
    st = act(st, answer(st, "retreat"), d10(0)).state  # one hex to retreat to; AD roll 0
    m = model(st)
    ai = m.units["ai"]
    assert ai.us.steps_lost == 1 and ai.st.artillery_shifts == 1 and ai.hex != m.hex_id("1605")
    assert st.pending.kind == "FS_ADVANCE"
    st = act(st, answer(st, "sp")).state
    sp = model(st).units["sp"]
    assert sp.hex == m.hex_id("1605") and sp.st.mode == lf.LF_MODE_PREPARED_ASSAULT


def test_tc22_11_7_0_as1_taken_as_a_retreat_gives_a_second_as_and_a_ta_unit_loses_its_marker() -> None:
    """FS result AS1 -> an AS marker; the first hit as a retreat -> a second
    AS; a TA-marked unit advancing into the emptied hex loses its TA marker
    (and attacks no more this GA Segment)."""
    s = basic()
    s.unit("x1", "axis", "1605")
    s.unit("ta", "allied", "1504", status={"tactical_assault": True})
    art(s, "a", "1405", 8)
    st = jump(new(s, tables=synthetic_tables()), "allied", "combat", "fs-offensive")
    st = act(st, fs("sp", "1605", [("a", 8)]), d10(5)).state  # 5 + 8 = 13: AS1 (the text's point)
    st = act(st, answer(st, "retreat"), d10(0)).state  # AD roll 0
    assert model(st).units["x1"].st.artillery_shifts == 2
    assert st.pending.kind == "FS_ADVANCE" and {o.id for o in st.pending.options} == {"sp", "ta"}
    st = act(st, answer(st, "ta")).state
    ta = model(st).units["ta"]
    assert ta.hex == model(st).hex_id("1605") and not ta.st.tactical_assault and not ta.attack_designated


def test_11_6_2a_a_failed_prc_retreats_the_stack_with_an_as_marker_then_the_losses() -> None:
    """One step loss, then a PRC (defensive PR 5); failing it, the stack
    retreats a hex with an AS marker and the remaining hit is a step loss
    (Max step loss: beyond it, fatigue). SYNTHETIC FS cell: FSV 17 -> 2."""
    s = basic()
    s.unit("x1", "axis", "1605", dpr=5)
    s.unit("x2", "axis", "1605", dpr=7)
    art(s, "a", "1405", 8)
    st = jump(new(s, tables=synthetic_tables()), "allied", "combat", "fs-offensive")
    st = act(st, fs("sp", "1605", [("a", 8)]), d10(8)).state  # 8 + 8 + 1 (6 steps) = 17
    assert st.lucky_forward.fs.hits == 2
    st = act(st, answer(st, "step")).state
    ap = act(st, answer(st, "x2"), d10(6, 0))  # PRC 6 vs the lowest PR 5: failed; AD roll 0
    assert any(e.kind == "FS_PRC" and "failed" in e.text for e in ap.events)
    m = model(ap.state)
    x1, x2 = m.units["x1"], m.units["x2"]
    assert x1.hex == x2.hex != m.hex_id("1605") and x1.st.artillery_shifts == x2.st.artillery_shifts == 1
    assert (x1.us.steps_lost, x2.us.steps_lost) == (1, 1)  # equal spreading, Max step loss
