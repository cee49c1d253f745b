"""The MA pipeline (7.6.1 in the text's order): TC-26, TC-27 and the
Appendix A options on it (A6 snow, A7 bonus order and Strat/ground order)."""

from __future__ import annotations

from adjudicator.rules.lucky_forward.allowance import Allowance, allowance
from adjudicator.rules.lucky_forward.model import Model
from tests.rules.lucky_forward.helpers import Scen, edit, new


def _m(s: Scen, *, options: dict[str, str] | None = None, ground: str = "dry", time: str = "AM") -> Model:
    m = edit(new(s, options=options))
    m.lf.weather.ground = ground
    m.lf.time = time
    return m


def _leader(s: Scen, hq: str, hex_: str, side: str = "allied") -> None:
    s.unit(f"ldr-{hq}", side, hex_, types=["leader"], size="co", steps=1, attack=None, defense=None, reduced=None,
           leader_hq=hq, hq="", status={"leader_active": True})


def _low_fuel(s: Scen, hq: str, value: int, option: int = 1, full: tuple[str, ...] = ()) -> None:
    st = s.sc.lucky_forward.hq_status.add(unit_id=hq, fuel="low", fuel_value=value, fuel_option=option)
    st.full_ma_units.extend(full)


def test_tc26a_5_4_4a_mr_bonus_and_leader_before_the_am_exploit_halving() -> None:
    """5.4.4a example: printed 12 + MR bonus 2 + leader 1 = 15, halved in an
    AM Exploit Phase -> 8."""
    s = Scen()
    s.unit("u", "allied", "1505", cls="mech", ma=12, status={"mode": "exploit", "mr_bonus_mp": 2})
    _leader(s, "a-div", "1008")  # stacked with the division HQ
    m = _m(s)
    assert allowance(m, m.units["u"], exploit=True).ma == 8


def test_tc26b_7_6_1b_twelve_plus_three_plus_one_halved_is_8() -> None:
    """7.6.1b example: 12 + 3 (MR bonus) + 1 (leader) = 16, halved -> 8."""
    s = Scen()
    s.unit("u", "allied", "1505", cls="mech", ma=12, status={"mode": "exploit", "mr_bonus_mp": 3})
    _leader(s, "a-div", "1008")
    m = _m(s)
    assert allowance(m, m.units["u"], exploit=True).ma == 8


def test_tc26c_5_5_3b_strat_adds_half_of_the_low_fuel_ma() -> None:
    """5.5.3b example: printed 12, low fuel MA 8 -> Strat +50% of 8 -> 12."""
    s = Scen()
    s.unit("u", "allied", "1505", cls="mech", ma=12, status={"mode": "strat"})
    _low_fuel(s, "a-div", 8)
    m = _m(s)
    a = allowance(m, m.units["u"], mech_road=True, road_only_ps=True)
    assert a.ma == 12 and any("16.4.5b" == c for _, c in a.steps)


def test_tc27a_7_6_1e_mech_road_on_primary_roads_ignores_mud() -> None:
    """An IB SPA, printed 6, in a low-fuel formation (fuel 6), Mech road
    movement on a primary road in mud: MA 6 (1/2 MP a hex: 12 hexes)."""
    s = Scen()
    s.unit("spa", "allied", "1505", types=["artillery"], cls="mech", ma=6, self_propelled=True, barrage=4, range=6)
    _low_fuel(s, "a-div", 6)
    m = _m(s, ground="mud")
    assert allowance(m, m.units["spa"], mech_road=True, road_only_ps=True).ma == 6


def test_tc27b_7_6_1e_mech_off_road_in_mud_halves_the_fuel_ma() -> None:
    s = Scen()
    s.unit("m", "allied", "1505", cls="mech", ma=12)
    _low_fuel(s, "a-div", 6)
    m = _m(s, ground="mud")
    assert allowance(m, m.units["m"]).ma == 3  # 6 / 2; a forest hex (4) is minimum movement (test_lf_movement)


def test_tc27c_7_6_1d_fatigue_two_quarters_then_mud_halves() -> None:
    """A Leg unit printed 6 at fatigue 2, off road in mud: 6 / 4 = 1.5 -> 2,
    then / 2 -> 1 (fuel does not bind Leg units)."""
    s = Scen()
    s.unit("leg", "allied", "1505", ma=6, status={"fatigue": 2})
    _low_fuel(s, "a-div", 2)
    m = _m(s, ground="mud")
    a = allowance(m, m.units["leg"])
    assert a.ma == 1 and not any(c == "16.4.5b" for _, c in a.steps)


def test_7_6_1c_d_one_condition_halves_two_quarter_not_below_a_quarter_of_the_base() -> None:
    s = Scen()
    s.unit("a", "allied", "1505", ma=7, status={"supply": 2})
    s.unit("b", "allied", "1505", ma=7, status={"supply": 2, "out_of_command": True})
    m = _m(s)
    assert (allowance(m, m.units["a"]).ma, allowance(m, m.units["b"]).ma) == (4, 2)


def test_16_4_5b_fuel_option_2_full_ma_for_the_chosen_units_none_for_the_others() -> None:
    s = Scen()
    s.unit("f", "allied", "1505", cls="mech", ma=12)
    s.unit("g", "allied", "1505", cls="mech", ma=12)
    _low_fuel(s, "a-div", 3, option=2, full=("f",))
    m = _m(s)
    full, grounded = allowance(m, m.units["f"]), allowance(m, m.units["g"])
    assert full.ma == 12 and grounded.grounded and grounded.ma == 0


def test_a6_snow_divides_by_three_or_reduces_by_a_third() -> None:
    s = Scen()
    s.unit("leg", "allied", "1505", ma=9)
    three = _m(s, ground="snow")
    assert allowance(three, three.units["leg"]).ma == 3  # 7.6.1e: divided by three (default)
    third = _m(s, ground="snow", options={"lf.a6-snow": "minus-third"})
    assert allowance(third, third.units["leg"]).ma == 6  # 19.4.5: reduced by one third


def test_a7_bonus_order_before_or_after_fuel() -> None:
    """Fuel value 6, MR bonus 2: after fuel (7.6.1b, default) 6 + 2 = 8; first
    (5.4.4a 'prior to any other modifications') min(12 + 2, 6) = 6."""
    s = Scen()
    s.unit("u", "allied", "1505", cls="mech", ma=12, status={"mr_bonus_mp": 2})
    _low_fuel(s, "a-div", 6)
    after = _m(s)
    assert allowance(after, after.units["u"]).ma == 8
    first = _m(s, options={"lf.a7-bonus-order": "first"})
    assert allowance(first, first.units["u"]).ma == 6


def test_a7_strat_plus_half_after_or_before_the_ground_condition() -> None:
    """Printed MA 7 in Strat, wet ground, off Mech road movement: 5.5.3b
    (default) applies the ground first, (7 - 2) * 1.5 = 7.5 -> 8; 7.6.1's
    order (option 'last') 7 * 1.5 = 10.5 -> 11, then - 2 = 9."""
    s = Scen()
    s.unit("u", "allied", "1505", cls="mech", ma=7, status={"mode": "strat"})
    default = _m(s, ground="wet")
    assert allowance(default, default.units["u"]).ma == 8
    last = _m(s, ground="wet", options={"lf.a7-strat-ground": "last"})
    assert allowance(last, last.units["u"]).ma == 9


def test_7_12_1a_dismounted_units_have_ma_6_and_leaders_12() -> None:
    s = Scen()
    s.unit("d", "allied", "1505", types=["infantry", "armored-infantry"], cls="mech", ma=12,
           status={"dismounted": True})
    s.unit("t", "allied", "1504", ma=6, status={"motorized": True})
    s.unit("at", "allied", "1506", types=["anti-tank"], ma=4, status={"leg_at_as_mech": True})
    _leader(s, "a-div", "1505")
    m = _m(s)
    a: Allowance = allowance(m, m.units["d"])
    assert a.base == 6
    assert allowance(m, m.units["ldr-a-div"]).base == 12  # 23.1.0
    assert allowance(m, m.units["t"]).base == 12  # 7.12.3a: transported
    assert allowance(m, m.units["at"]).base == 9  # 7.12.4a: a Leg AT unit moving as Mech
