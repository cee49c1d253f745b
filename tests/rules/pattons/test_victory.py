"""Victory (25.1, 25.2): levels from the hypothetical German unit in 1017, the
towns the US occupies or last passed through (history kept in the state), Metz
and its entrenchments, the 25.1.8 modifiers and the extended scenario."""

from __future__ import annotations

from adjudicator.rules.pattons import victory
from tests.rules.pattons.helpers import apply, at, end, model, move

TEN = ["2022", "1527", "1819", "2125", "1209", "1707", "2817", "2213", "2822", "2827"]
METZ_US = {"2/5/20": "0917", "10/5/20": "0918", "11/5/20": "1017"}


def level(placements: dict[str, str], towns: list[str], *, extended: bool = False,
          options: dict[str, str] | None = None) -> int:
    st = at(placements, phase="german-combat", turn=24 if extended else 12, extended=extended, options=options)
    for t in towns:
        st.pattons.last_through[t] = "us"
    return victory.level(model(st)).level


def test_25_1_4_to_25_1_6_german_levels_by_the_towns_the_us_holds() -> None:
    germans = {"1010M": "1017"}
    assert level(germans, TEN[:5]) == -1  # 5 of 10: German Marginal
    assert level(germans, TEN[:3]) == -2  # fewer than five: Substantive
    assert level(germans, TEN[:2]) == -3  # fewer than three: Decisive


def test_25_1_1_to_25_1_3_us_levels() -> None:
    assert level(METZ_US, TEN[:3]) == 0  # Germany cannot trace to 1017, the US holds 3 of the 5: Draw
    assert level(METZ_US, TEN[:4]) == 2  # 4 of 5 and all Metz, no German in the entrenchments: Substantive
    assert level({"2/5/20": "0917", "10/5/20": "0918", "11/5/20": "1117"}, TEN[:4]) == 1  # not all Metz: Marginal
    assert level(METZ_US, TEN[:8]) == 3  # 8 of 10: Decisive
    ring4 = {**METZ_US, "1215M": "0816", "M1": "0817", "M2": "0818", "462M": "1016"}
    assert level(ring4, TEN[:8]) == 1  # four German-held entrenchments: no Substantive (25.1.2.B)


def test_amb40_decisive_replaces_the_five_town_requirement_unless_add() -> None:
    towns = TEN[:3] + TEN[5:10]  # 8 of 10 but only 3 of the first 5
    assert level(METZ_US, towns) == 3
    assert level(METZ_US, towns, options={"p3.amb40-decisive-towns": "add"}) == 0


def test_25_occupying_or_last_passing_through_a_town_history_is_kept_by_moves() -> None:
    st = at({"134/35/12": "1426", "126/48/13": "2520"}, phase="us-movement", turn=5)
    after = apply(st, move("us", ["134/35/12"], ["1527", "1626"])).state  # passes through Chateau-Salins
    assert after.pattons.last_through["1527"] == "us"
    g = model(after)
    assert victory.us_holds(g, "1527")
    after.pattons.last_through["1527"] = "german"
    assert not victory.us_holds(model(after), "1527")


def test_25_1_8_b_three_german_units_west_of_the_moselle_shift_one_level_toward_germany() -> None:
    west = {"126/48/13": "0505", "127/48/13": "0506", "128/48/13": "0507"}
    assert level({**METZ_US, **west}, TEN[:4]) == 1  # Substantive, then one toward Germany
    assert level({**METZ_US, **west}, TEN[:8]) == 2


def test_amb43_north_of_row_16_reads_lower_rows_unless_the_map_is_numbered_from_the_south() -> None:
    east_south = {"134/35/12": "2320", "137/35/12": "2420", "320/35/12": "2520", "1010M": "1017"}
    assert level(east_south, TEN[:5]) == -1
    assert level(east_south, TEN[:5], options={"p3.amb43-north": "higher-row"}) == 0


def test_25_2_extended_levels_shift_two_toward_germany_and_25_2_1_2_raise_them() -> None:
    assert level(METZ_US, TEN[:8], extended=True) == 1  # Decisive -> Marginal (25.2.A)
    four = TEN[:8] + ["1901", "1909", "2614"]
    assert level(METZ_US, four, extended=True) == 2  # 25.2.1: US Substantive
    assert level(METZ_US, four + ["3010", "3004"], extended=True) == 3  # 25.2.2: US Decisive
    assert level(METZ_US, four + ["3010", "3004"], extended=True,
                 options={"p3.amb41-extended": "shift-only"}) == 1
    assert level({"1010M": "1017"}, TEN[:2], extended=True) == -3  # clamped (AMBIG-42)


def test_25_2_3_the_extended_game_ignores_25_1_8_a() -> None:
    east = {"134/35/12": "2310", "137/35/12": "2410", "320/35/12": "2510", "1010M": "1017"}
    assert level(east, TEN[:5]) == 0
    assert level(east, TEN[:5], extended=True) == -3


def test_the_game_over_result_names_the_level_and_the_case() -> None:
    st = at(METZ_US, phase="german-combat", turn=12)
    for t in TEN[:8]:
        st.pattons.last_through[t] = "us"
    over = apply(st, end("german")).state
    assert (over.result.winner, over.result.level, over.result.citation.rule_case) == ("us", "decisive", "25.1.3")
