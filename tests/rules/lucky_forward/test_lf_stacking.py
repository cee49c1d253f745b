"""Stacking (6.0): limits, special stacking, Mech road (7.10.3) and Strat
(5.5.5) stacking, the end-of-phase overstack decision (6.7.0). TC-42, TC-29."""

from __future__ import annotations

from adjudicator.rules.lucky_forward import stacking
from adjudicator.rules.lucky_forward.model import Model
from tests.rules.lucky_forward.helpers import (
    Scen,
    act,
    answer,
    codes,
    end,
    hex_map,
    jump,
    model,
    move,
    new,
    synthetic_tables,
    verdict,
)
from umpire.v1 import state_pb2


def _fits(s: Scen, ids: list[str], constricted: bool = False) -> bool:
    m = model(new(s))
    return stacking.fits(m, [m.units[i] for i in ids], constricted)


def _plain(s: Scen, bns: int, cos: int, zs: int, side: str = "allied", tag: str = "") -> list[str]:
    ids = []
    for i in range(bns):
        s.unit(f"{tag}b{i}", side, "1505")
        ids.append(f"{tag}b{i}")
    for i in range(cos):
        s.unit(f"{tag}c{i}", side, "1505", size="co", steps=2)
        ids.append(f"{tag}c{i}")
    for i in range(zs):
        s.unit(f"{tag}z{i}", side, "1505", size="z", steps=1)
        ids.append(f"{tag}z{i}")
    return ids


def test_tc42_6_1_0_the_legal_stacks_without_special_stacking() -> None:
    """6.1.0: 2 Bn. + 1 Co. + 2 Z; 1 Bn. + 2 Co. + 2 Z; 3 Co. + 2 Z; nothing more."""
    for bns, cos, zs, ok in ((2, 1, 2, True), (1, 2, 2, True), (0, 3, 2, True), (3, 0, 0, False),
                             (2, 2, 0, False), (0, 4, 0, False), (0, 0, 3, False)):
        s = Scen()
        assert _fits(s, _plain(s, bns, cos, zs)) is ok, (bns, cos, zs)


def test_6_4_0_constricted_hexes_hold_1_bn_1_co_1_z() -> None:
    s = Scen()
    assert _fits(s, _plain(s, 1, 1, 1), constricted=True)
    s = Scen()
    assert not _fits(s, _plain(s, 2, 0, 0), constricted=True)
    s = Scen()
    assert not _fits(s, _plain(s, 1, 1, 2), constricted=True)


def _german_example(s: Scen, *, arm_inf: bool) -> list[str]:
    s.hq("pz", "axis", "2107", 3, parent="x-corps")
    s.unit("mot", "axis", "1605", cls="mech", hq="pz")
    s.unit("afv1", "axis", "1605", size="co", steps=1, types=["afv"], cls="mech", armor="pure", personnel=False,
           hq="pz")
    s.unit("eng", "axis", "1605", size="co", steps=1, types=["engineer"], cls="mech", hq="pz")
    if arm_inf:
        s.unit("leg", "axis", "1605", types=["infantry", "armored-infantry"], cls="mech", hq="pz")
    else:
        s.unit("leg", "axis", "1605", hq="pz")
    s.unit("at", "axis", "1605", size="co", steps=1, types=["anti-tank"], hq="pz")
    s.unit("rcn", "axis", "1605", size="co", steps=2, types=["recon"], cls="mech", hq="pz")
    s.unit("afv2", "axis", "1605", size="co", steps=1, types=["afv"], cls="mech", armor="pure", personnel=False,
           hq="pz")
    s.unit("z1", "axis", "1605", size="z", steps=1, hq="pz")
    s.unit("z2", "axis", "1605", size="z", steps=1, hq="pz")
    ids = ["mot", "afv1", "eng", "leg", "at", "rcn", "afv2", "z1", "z2"]
    if arm_inf:
        s.unit("afv3", "axis", "1605", size="co", steps=1, types=["afv"], cls="mech", armor="pure",
               personnel=False, hq="pz")
        ids.append("afv3")
    return ids


def test_tc42_6_3_0_the_german_example_stacks_nine_units_ten_with_an_arm_inf_bn() -> None:
    """6.3.0 example: Mot Inf Bn. + AFV Co. + Eng Co.; Leg Inf Bn. + AT Co.;
    two-step Recon Co. + AFV Co.; 2 Z-steps -> 9 units; 10 if the Leg Bn.
    were an Arm Inf Bn. with an AFV Co."""
    s = Scen()
    ids = _german_example(s, arm_inf=False)
    assert len(ids) == 9 and _fits(s, ids)
    s = Scen()
    ids = _german_example(s, arm_inf=True)
    assert len(ids) == 10 and _fits(s, ids)
    s = Scen()
    ids = _german_example(s, arm_inf=False)
    s.unit("afv3", "axis", "1605", size="co", steps=1, types=["afv"], cls="mech", armor="pure", personnel=False,
           hq="pz")
    assert not _fits(s, ids + ["afv3"])  # a Leg Bn. carries no AFV Co. (6.2.1)


def test_6_2_1_afv_cos_need_a_host_of_the_same_formation() -> None:
    s = Scen()
    s.hq("pz", "axis", "2107", 3, parent="x-corps")
    s.unit("mot", "axis", "1605", cls="mech")  # of x-div, not of pz
    s.unit("a", "axis", "1605", size="co", steps=1, types=["afv"], cls="mech", armor="pure", personnel=False, hq="pz")
    m = model(new(s))
    assert stacking.special_stacks(m, [m.units["mot"], m.units["a"]], False) == {}


def _road_map() -> state_pb2.GameState:
    """TC-29 on a SYNTHETIC map with the example's legs: 1305-1405 and
    1406-1405 secondary roads (1 MP), a trail 1405-1404-1403-1402 (1.5 MP a
    hex), clear dry hexes elsewhere (1.5 MP as roads, 7.10.0)."""
    gm = hex_map(roads=[("1305", "1405", "secondary"), ("1306", "1406", "secondary"),
                        ("1406", "1405", "secondary"), ("1405", "1404", "trail"), ("1404", "1403", "trail"),
                        ("1403", "1402", "trail")])
    s = Scen(gm)
    for i in (1, 2):
        s.unit(f"eng{i}", "allied", "1305", size="co", steps=1, types=["engineer"], cls="mech", ma=12)
    for n, h in ((3, "1205"), (2, "1207"), (1, "1206")):
        s.unit(f"cca{n}", "allied", h, size="bn", steps=2, types=["hybrid"], cls="mech", armor="mixed", ma=12)
    return jump(new(s, tables=synthetic_tables()), "allied", "movement", "movement")


def _mp(st: state_pb2.GameState, units: list[str], path: list[str]) -> float:
    v = verdict(st, move("allied", units, path, "road"))
    assert v.legal, [x.message for x in v.violations]
    return v.mp_total


def test_tc29_7_10_3_mech_road_stacking_with_special_stacks() -> None:
    """7.10.3 example on a SYNTHETIC map with its legs: the two Arm Eng Co.s
    (moving together) reach the target hex; CCA 3 enters it (+2 MP, one Eng
    Co. now special-stacked with it: 9 MP); CCA 2 too (the other Eng Co.:
    10 MP); CCA 1 cannot enter (two Mech units already there)."""
    st = _road_map()
    trail = ["1405", "1404", "1403", "1402"]
    # the example lists 1 + 1.5 + 1.5 + 1.5 for the Eng Co.s and totals it 5
    assert _mp(st, ["eng1", "eng2"], trail) == 5.5
    st = act(st, move("allied", ["eng1", "eng2"], trail, "road")).state
    assert _mp(st, ["cca3"], ["1305", *trail]) == 9
    st = act(st, move("allied", ["cca3"], ["1305", *trail], "road")).state
    assert _mp(st, ["cca2"], ["1306", "1406", *trail]) == 10
    st = act(st, move("allied", ["cca2"], ["1306", "1406", *trail], "road")).state
    v = verdict(st, move("allied", ["cca1"], ["1305", *trail], "road"))
    assert "MECH_ROAD_STACKING" in codes(v)
    assert _mp(st, ["cca1"], ["1305", "1405", "1404", "1403"]) == 5.5


def test_7_10_3a_entering_a_hex_with_one_mech_unit_ends_the_move() -> None:
    st = _road_map()
    st = act(st, move("allied", ["eng1", "eng2"], ["1405"], "road")).state
    v = verdict(st, move("allied", ["cca3"], ["1305", "1405", "1404"], "road"))
    assert "HALTED" in codes(v)


def test_5_5_5_strat_stacking() -> None:
    s = Scen(hex_map(roads=[("1305", "1405", "primary"), ("1405", "1505", "primary")]))
    s.unit("s1", "allied", "1305", cls="mech", ma=12, status={"mode": "strat"})
    s.unit("m1", "allied", "1405", cls="mech", ma=12)
    s.unit("m2", "allied", "1505", cls="mech", ma=12, status={"mode": "strat"})
    st = jump(new(s, tables=synthetic_tables()), "allied", "movement", "movement")
    assert "STRAT_STACKING" in codes(verdict(st, move("allied", ["s1"], ["1405"], "road")))  # a Mech unit there
    assert "STRAT_HEX" in codes(verdict(st, move("allied", ["m1"], ["1505"], "road")))  # a Strat unit there


def test_6_7_0_overstacked_at_the_end_of_movement_the_owner_eliminates_the_excess() -> None:
    s = Scen()
    for i in range(3):
        s.unit(f"b{i}", "allied", "1505" if i < 2 else "1405")
    st = jump(new(s, tables=synthetic_tables()), "allied", "movement", "movement")
    st = act(st, move("allied", ["b2"], ["1505"])).state
    st = act(st, end("allied")).state
    assert st.pending.kind == "ELIMINATE_OVERSTACK" and st.pending.side == "allied"
    assert sorted(o.id for o in st.pending.options) == ["b0", "b1", "b2"]
    st = act(st, answer(st, "b1")).state
    m: Model = model(st)
    assert m.units["b1"].us.status == state_pb2.UnitState.ELIMINATED and not st.pending.kind
    assert st.segment == "command-status" or st.phase != "movement" or st.segment != "movement"
