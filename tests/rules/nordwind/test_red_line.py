"""10.1.1: "the American units may under no circumstances cross the red dotted
line. If a combat result permits them to advance farther, they must stop their
movement on the line." Enforced for moves, advances and retreats (6.6.1); the
text names American units only (AMB-33), so French units are free.

SYNTHETIC: the illustrative map has no red line; these tests put 1005, 0906 and
1106 (the hexes north of 1006) beyond it.
"""

from __future__ import annotations

from adjudicator.core import engine
from tests.rules.nordwind.examples import U, answer, attack, move, new_state, play, synthetic_crt, unit_state

BEYOND = ["1005", "0906", "1106"]
NO_Q = [4, 4]  # quality rolls without effect


def _defender(nationality: str) -> U:
    return U("D1", "allied", "1006", strength=4, reduced=2, quality="D", nationality=nationality)


def test_10_1_1_an_american_unit_may_not_move_across_the_line_a_french_one_may() -> None:
    for nat, legal in (("US", False), ("FR", True)):
        st = new_state([_defender(nat), U("G", "german", "2002", strength=2)], phase="allied-movement",
                       red_line=BEYOND)
        v = engine.validate(st, move("allied", ["D1"], ["1005"]))
        assert v.legal is legal
        if not legal:
            assert [(x.code, x.citation.rule_case) for x in v.violations] == [("RED_LINE", "10.1.1")]


def _retreat_case(nationality: str, south_blocked: bool) -> tuple:  # type: ignore[type-arg]
    cast = [_defender(nationality),
            U("A1", "german", "1007", strength=8, quality="C"),
            U("A2", "german", "0907", strength=2, quality="C")]
    if south_blocked:
        cast.append(U("A3", "german", "1107", strength=2, quality="C"))
    st = new_state(cast, phase="german-combat", tables=synthetic_crt("-/R"), red_line=BEYOND)
    return st, play(st, attack("german", "1006", ["A1"]), NO_Q + [1])


def _retreat_ends(done) -> set[str]:  # type: ignore[no-untyped-def]
    """Where D1 retreated (or may retreat, when the owner still chooses)."""
    st = done.state
    if st.pending.kind == "RETREAT":
        return {o.path[-1] for o in st.pending.options}
    return {unit_state(st, "D1").location}


def test_10_1_1_an_american_unit_whose_only_retreats_cross_the_line_is_eliminated() -> None:
    _, done = _retreat_case("US", south_blocked=True)
    assert unit_state(done.state, "D1").status == unit_state(done.state, "D1").ELIMINATED
    gone = [e for e in done.events if e.kind == "UNIT_ELIMINATED"]
    assert gone and "red dotted line" in gone[0].text and gone[0].citations[0].rule_case == "10.1.1"


def test_6_6_1_a_french_unit_in_the_same_place_retreats_across_the_line() -> None:
    _, done = _retreat_case("FR", south_blocked=True)
    assert _retreat_ends(done) <= set(BEYOND)


def test_10_1_1_an_american_retreat_takes_the_only_path_south_of_the_line() -> None:
    _, done = _retreat_case("US", south_blocked=False)
    st = done.state
    d1 = unit_state(st, "D1")
    assert d1.location == "1107"  # the only hex south of the line: no choice to make
    assert d1.steps_lost == 1  # 4.3: it is in A1's ZoC (the French unit avoids this by going north)
    _, french = _retreat_case("FR", south_blocked=False)
    assert _retreat_ends(french) <= set(BEYOND)


def test_10_1_1_an_american_advance_stops_on_the_line() -> None:
    for nat, advance in (("US", False), ("FR", True)):
        cast = [U("A1", "allied", "1006", strength=8, quality="C", nationality=nat),
                U("G1", "german", "1005", strength=4, reduced=2, quality="D")]
        st = new_state(cast, phase="allied-combat", tables=synthetic_crt("-/R"), red_line=BEYOND)
        st = play(st, attack("allied", "1005", ["A1"]), NO_Q + [1]).state
        if st.pending.kind == "RETREAT":
            st = play(st, answer(st, [], [("G1", list(st.pending.options[0].path))])).state
        assert (st.pending.kind == "ADVANCE") is advance


def test_10_1_1_a_map_without_the_line_says_the_ban_is_not_checked() -> None:
    from adjudicator.core import dice as dice_mod
    from adjudicator.core.ruleset import get_ruleset
    from tests.rules.nordwind.examples import scenario

    for nat, noted in (("US", True), ("FR", False)):
        sc = scenario([_defender(nat), U("G", "german", "2002", strength=2)])
        sc.nordwind.red_line = True  # the scenario has the line, the (illustrative) map does not mark it
        rs = get_ruleset("nordwind-1945")
        st, _ = engine.new_game(rs, sc, game_id="t", options={}, tables=None, dice=dice_mod.ScriptedDice([]))
        st.phase, st.active_side = "allied-movement", "allied"
        v = engine.validate(st, move("allied", ["D1"], ["1005"]))
        assert v.legal
        assert any(n.citation.rule_case == "10.1.1" and "not checked" in n.text for n in v.notes) is noted
        _, notes = rs.reach_with_notes(st, "D1")
        assert any(n.citation.rule_case == "10.1.1" for n in notes) is noted
