"""Fatigue (14.0): hits, the two levels' effects, recovery. SYNTHETIC units."""

from __future__ import annotations

from adjudicator.rules.lucky_forward import fatigue, fs_declare, ga_drm, modes, steps
from tests.rules.lucky_forward.helpers import Scen, edit, hex_map, model, new, synthetic_tables
from umpire.v1 import lucky_forward_pb2 as lf


def test_14_1_0_a_hit_raises_the_level_to_two_and_no_further() -> None:
    s = Scen()
    s.unit("u", "axis", "1605")
    m = edit(new(s))
    u = m.units["u"]
    assert fatigue.hit(m, u, "t") and u.st.fatigue == 1
    assert fatigue.hit(m, u, "t") and u.st.fatigue == 2
    assert not fatigue.hit(m, u, "t") and u.st.fatigue == 2


def test_14_2_1c_fatigue_one_halves_an_art_units_barrage() -> None:
    s = Scen()
    s.unit("art", "allied", "1505", types=["artillery"], barrage=7, range=5, steps=1, status={"fatigue": 1})
    m = model(new(s))
    assert fs_declare.available_bf(m, m.units["art"], False) == 4  # 7 / 2 rounded up (1.5.0)


def test_14_2_0_fatigued_units_give_no_rib_take_no_cr_and_do_not_exploit() -> None:
    s = Scen()
    s.unit("u", "allied", "1305", rgt="71", cls="mech", status={"fatigue": 1})
    m = model(new(s))
    u = m.units["u"]
    assert not ga_drm.rib_eligible(m, u)  # 13.8.3b, 14.2.0
    assert modes.reserve_refusal(m, u) is not None  # 5.8.0, 14.2.0 b
    why = modes.refusal(m, u, lf.LF_MODE_EXPLOIT, [u])
    assert why is not None and why[1] == "5.3.0"  # 14.2.0 g


def test_14_2_2_a_fatigue_two_unit_loses_its_attack_designation_option_a13() -> None:
    s = Scen()
    s.unit("u", "allied", "1505", status={"mode": "pa", "fatigue": 1})
    m = edit(new(s))
    fatigue.hit(m, m.units["u"], "t")
    assert m.units["u"].st.mode == lf.LF_MODE_TACTICAL  # lf.a13-fatigue2-attacker=drop-designation
    m2 = edit(new(s, options={"lf.a13-fatigue2-attacker": "quarter"}))
    fatigue.hit(m2, m2.units["u"], "t")
    assert m2.units["u"].st.mode == lf.LF_MODE_PREPARED_ASSAULT


def test_14_2_2_fatigue_two_quarters_the_defensive_cs() -> None:
    from adjudicator.rules.lucky_forward import ga_value

    s = Scen()
    s.unit("u", "axis", "1605", defense=7, status={"fatigue": 2})
    m = model(new(s))
    u = m.units["u"]
    v = ga_value.defense_strength(m, u, [u], standoff=False, half=False, ohs_full=False, no_ca=False)
    assert v.value == 7 / 4 and steps.cs(m, u, "defense") == 7


def test_14_3_0_recovery_unmoved_unfought_tac_unobserved() -> None:
    s = Scen()
    s.unit("rests", "allied", "1101", status={"fatigue": 2})
    s.unit("moved", "allied", "1102", status={"fatigue": 1, "moved": True})
    s.unit("pa", "allied", "1103", status={"fatigue": 1, "mode": "pa"})
    s.unit("seen", "allied", "1505", status={"fatigue": 1})  # an enemy unit next to it in the open
    s.unit("x", "axis", "1605")
    m = edit(new(s, tables=synthetic_tables()))
    fatigue.recover(m, "allied")  # the Allied Administrative Phase (3.3.2g)
    assert [m.units[u].st.fatigue for u in ("rests", "moved", "pa", "seen")] == [1, 1, 1, 1]


def test_14_3_0_recovery_waits_when_observation_needs_a_line_of_sight() -> None:
    s = Scen(hex_map(features={"1605": ["vp"]}))
    s.unit("u", "allied", "1305", status={"fatigue": 1})  # 3 hexes from an enemy on a VP: a LOS line decides
    s.unit("x", "axis", "1605")
    st = new(s, tables=synthetic_tables())
    m = edit(st)
    fatigue.recover(m, "allied")
    assert m.units["u"].st.fatigue == 1 and any(e.kind == "FATIGUE_NOT_RECOVERED" for e in m.events)
