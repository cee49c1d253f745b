"""6.2 combat modifiers the digest lists as easy to get wrong (its §16, cases 4-6):
the armored bonus is asymmetric and conditional, infantry + anti-tank is for the
defence against armor only, infantry + armor works both ways (and cancels),
CCR/14 has no automatic infantry + armor bonus, and divisional integrity needs
every original regiment attacking from one hex (+2 only for the listed armored
divisions on clear terrain).

SYNTHETIC strengths and qualities; the Germans attack 1006 (clear on the
illustrative map unless a test makes it wooded) from 1005, and from 1107.
"""

from __future__ import annotations

from adjudicator.core import engine
from tests.rules.nordwind.examples import U, attack, new_state


def _shifts(cast: list[U], attackers: list[str], target: str = "1006", options: dict[str, str] | None = None,
            wooded: bool = False) -> dict[str, list[tuple[int, bool]]]:
    """Modifier kind -> [(columns, cancelled)] of the verdict (quality is thrown later)."""
    st = new_state(cast, phase="german-combat", options=options)
    if wooded:  # SYNTHETIC terrain for the target hex (a fresh state: nothing cached yet)
        st.scenario.definition.map.hex.hexes.add(id=target, terrain="wooded")
    v = engine.validate(st, attack("german", target, attackers))
    assert v.legal, [x.message for x in v.violations]
    out: dict[str, list[tuple[int, bool]]] = {}
    for s in v.combat.shifts:
        out.setdefault(s.kind, []).append((s.columns, s.cancelled))
    return out


def _g(uid: str, hx: str = "1005", **kw: object) -> U:
    return U(uid, "german", hx, strength=kw.pop("strength", 4), quality="C", **kw)  # type: ignore[arg-type]


def _a(uid: str, hx: str = "1006", **kw: object) -> U:
    return U(uid, "allied", hx, strength=kw.pop("strength", 4), quality="D", **kw)  # type: ignore[arg-type]


def test_6_2_armored_bonus_needs_enemy_armor_none_of_which_has_it() -> None:
    star = _g("P", type="armored", asterisk="yes")
    assert "armored-bonus" not in _shifts([star, _a("I")], ["P"])  # no enemy armor
    assert _shifts([star, _a("T", type="armored", asterisk="no")], ["P"])["armored-bonus"] == [(1, False)]
    # Enemy armor with an asterisk: no bonus for either side.
    assert "armored-bonus" not in _shifts([star, _a("T", type="armored", asterisk="yes")], ["P"])
    # Asymmetric: an anti-tank unit with the asterisk defends with it against armor without it.
    s = _shifts([_g("P", type="armored", asterisk="no"), _a("AT", type="carried-anti-tank", asterisk="yes")], ["P"])
    assert s["armored-bonus"] == [(-1, False)]


def test_6_2_infantry_and_anti_tank_only_in_defence_and_only_against_armor() -> None:
    defence = [_a("I", type="infantry"), _a("AT", type="carried-anti-tank", asterisk="no")]
    assert "infantry-antitank" not in _shifts([_g("G", type="infantry")] + defence, ["G"])
    with_armor = _shifts([_g("P", type="armored", asterisk="no")] + defence, ["P"])
    assert with_armor["infantry-antitank"] == [(-1, False)]
    attack_side = [_g("I2", type="infantry"), _g("AT2", type="carried-anti-tank", asterisk="no"),
                   _a("T", type="armored", asterisk="no")]
    assert "infantry-antitank" not in _shifts(attack_side, ["I2", "AT2"])  # attack: no bonus


def test_6_2_infantry_and_armor_in_attack_and_defence_cancel() -> None:
    cast = [_g("I", type="infantry"), _g("P", type="armored", asterisk="no"),
            _a("I2", type="infantry"), _a("T", type="armored", asterisk="no")]
    assert sorted(_shifts(cast, ["I", "P"])["infantry-armor"]) == [(-1, True), (1, True)]  # one type: both cancel
    alone = _shifts([_g("P", type="armored", asterisk="no"), _a("I2", type="infantry")], ["P"])
    assert "infantry-armor" not in alone  # armor alone is not infantry + armor


def test_6_2_ccr_14_lacks_the_automatic_infantry_and_armor_bonus_other_brigades_have_it() -> None:
    for uid, tags, bonus in (("CCR/14", ["armored-division"], False),
                             ("CCA/12", ["armored-division", "infantry-armor-bonus"], True)):
        cast = [_g("G", type="infantry"), _a(uid, type="armored", asterisk="no", tags=tags, nationality="US")]
        assert (_shifts(cast, ["G"]).get("infantry-armor") == [(-1, False)]) is bonus


def _division(hexes: tuple[str, str, str], armored: bool = False) -> list[U]:
    tags = ["armored-division"] if armored else []
    return [_g(f"R{i}", hx, formation="99.VG", tags=tags) for i, hx in enumerate(hexes)] + [
        _g("Bn", "0502", formation="99.VG", size="II", tags=tags)]  # a battalion: does not count (6.2)


def test_6_2_divisional_integrity_every_regiment_from_one_hex() -> None:
    whole = _shifts(_division(("1005", "1005", "1005")) + [_a("D")], ["R0", "R1", "R2"])
    assert whole["division"] == [(1, False)]
    split = _shifts(_division(("1005", "1005", "1107")) + [_a("D")], ["R0", "R1", "R2"])
    assert "division" not in split  # one regiment attacks from another hex
    partial = _shifts(_division(("1005", "1005", "1005")) + [_a("D")], ["R0", "R1"])
    assert "division" not in partial


def test_6_2_listed_armored_division_plus_two_on_clear_terrain_only() -> None:
    cast = _division(("1005", "1005", "1005"), armored=True) + [_a("D")]
    assert _shifts(cast, ["R0", "R1", "R2"])["division"] == [(2, False)]
    assert _shifts(cast, ["R0", "R1", "R2"], wooded=True)["division"] == [(1, False)]  # AMB-11: still +1
    none = _shifts(cast, ["R0", "R1", "R2"], wooded=True, options={"nw.amb11-division-off-clear": "none"})
    assert "division" not in none


def test_example_3_no_division_bonus_infantry_bonuses_cancel_anti_tank_asterisk_costs_a_column() -> None:
    """Examples of Combat, Example 3: 17.SS attacks with a regiment missing: no
    divisional bonus, only infantry + armor; the defender's infantry + anti-tank
    cancels it; the anti-tank unit's asterisk gives the German -1."""
    cast = [_g("17SS-1", type="mech-infantry", formation="17.SS"),
            _g("17SS-2", type="armored", asterisk="no", formation="17.SS"),
            _g("17SS-3", "0502", type="mech-infantry", formation="17.SS"),  # the regiment missing from the attack
            _a("INF", type="infantry"), _a("AT", type="tractor-drawn-anti-tank", asterisk="yes")]
    s = _shifts(cast, ["17SS-1", "17SS-2"])
    assert "division" not in s
    assert s["infantry-armor"] == [(1, False)] and s["infantry-antitank"] == [(-1, False)]  # net 0
    assert s["armored-bonus"] == [(-1, False)]
    assert sum(c for kind, v in s.items() for c, cancelled in v if not cancelled) == -1
