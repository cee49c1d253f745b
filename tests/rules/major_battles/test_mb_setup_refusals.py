"""MB "Positioning of Units" ¶1: each player places his starting units, then ends
his setup. A card report, move or battle in the setup is refused for that
reason, never as "not your turn" while it is the side's own setup (issue 13)."""

from __future__ import annotations

from tests.rules.major_battles.helpers import card, codes, move, new, verdict


def test_positioning_of_units_1_a_card_report_in_your_own_setup_says_place_your_units_first() -> None:
    st = new("normandy")
    assert st.phase == "setup" and st.active_side == "us"
    v = verdict(st, card("us", 6))
    assert codes(v) == ["SETUP_FIRST"]
    assert "place your starting units" in v.violations[0].message and "not us's turn" not in v.violations[0].message
    assert v.violations[0].citation.label == 'MB "Positioning of Units" ¶1'


def test_positioning_of_units_1_a_move_in_your_own_setup_says_place_your_units_first() -> None:
    v = verdict(new("normandy"), move("us", ["us-arm-01"], "lessay"))
    assert codes(v) == ["SETUP_FIRST"] and "end your setup" in v.violations[0].message


def test_positioning_of_units_1_the_other_side_in_the_setup_is_told_who_is_placing() -> None:
    v = verdict(new("normandy"), move("german", ["us-arm-01"], "lessay"))
    assert codes(v) == ["NOT_YOUR_SETUP"] and "us is placing units now" in v.violations[0].message
