"""TC-40 (LF 17.5.0 West Wall) and TC-41 (15.7.1 surrender DRMs). The
Bitche and Metz fort rules of TC-40 (LF 17.5.1, 17.6.1) are stage 3
(docs/rules/lucky-forward.md)."""

from __future__ import annotations

from adjudicator.core import dice as dice_mod
from adjudicator.rules.lucky_forward import fs_drm, ga_shifts, sop_auto
from tests.rules.lucky_forward.helpers import Scen, edit, hex_map, new


def test_tc40_lf_17_5_0_west_wall_shifts_grow_with_the_game_day() -> None:
    """GD 1-7: one left shift, GD 8-15: two, from GD 16: three (GD 5 -> 1L,
    GD 10 -> 2L, GD 20 -> 3L)."""
    s = Scen(hex_map(features={"1605": ["west-wall"]}))
    s.unit("x", "axis", "1605")
    m = edit(new(s))
    h = m.hex_id("1605")
    got = []
    for gd in (5, 7, 8, 10, 15, 16, 20):
        m.lf.game_day = gd
        got.append(ga_shifts.dw_shifts(m, h, [m.units["x"]])[0])
    assert got == [1, 1, 2, 2, 2, 3, 3]


def test_tc40_lf_17_5_0_the_west_wall_fs_drm_is_minus_7_on_every_gd() -> None:
    s = Scen(hex_map(features={"1605": ["west-wall"]}))
    s.unit("x", "axis", "1605")
    m = edit(new(s))
    for gd in (1, 20):
        m.lf.game_day = gd
        b = fs_drm.group_b(m, m.hex_id("1605"), [m.units["x"]])
        assert b is not None and b[1] == -7 and b[2] == "LF 17.5.0"


def test_tc41_15_7_1_surrender_drm_timeline() -> None:
    """15.7.1 example: isolated and OoS from GD 4: the GD 4 check +0, GD 5 +2,
    GD 6 +4 (each passed); a leader in the hex -1; back in supply: 0 again."""
    s = Scen()
    s.unit("u", "axis", "1605", dpr=9, status={"isolated": True, "supply": 2})
    m = edit(new(s))
    u = m.units["u"]
    drms = []
    for _gd in (4, 5, 6):
        drms.append(sop_auto.surrender_drm(m, u, []))
        assert not sop_auto.check_surrender(m, dice_mod.ScriptedDice([1]), u, [], "15.7.1")
    assert drms == [0, 2, 4]
    assert sop_auto.surrender_drm(m, u, [m.hex_id("1705")]) == 7  # +1: a unit surrendered within two hexes
    u.st.isolated = False
    sop_auto.surrender(m, dice_mod.ScriptedDice([]), None)  # type: ignore[arg-type]
    assert u.st.surrender_checks == 0
