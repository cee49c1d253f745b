"""Combat arithmetic: odds rounding, shifts, clamping, CRT distributions, step losses."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from adjudicator.core.citations import Rulebook
from adjudicator.core.combat import (
    ATTACKER,
    DEFENDER,
    ShiftClaim,
    ShiftType,
    clamp_column,
    net_shifts,
    odds,
    parse_column,
    scale,
    take_step_losses,
)
from adjudicator.core.crt import die_rows, lookup_distribution
from adjudicator.core.errors import MalformedInput, NeedsData
from adjudicator.core.tables import TableView
from umpire.v1 import common_pb2, definition_pb2, state_pb2, tables_pb2

COLS = ["1/4", "1/3", "1/2", "1/1", "2/1", "3/1", "4/1", "5/1", "6/1", "7/1", "8/1"]
T = Rulebook("test", "Test")


def test_odds_round_in_the_defenders_favour() -> None:
    assert odds(13, 5, COLS).label == "2/1"  # Nordwind 6.4 example
    assert odds(12, 6, COLS).label == "2/1"  # Nordwind Example 1
    assert odds(5, 12, COLS).label == "1/3"  # digest §16.1
    assert odds(5, 7, COLS).label == "1/2"
    assert odds(7, 7, COLS).label == "1/1"
    assert odds(7, 3, ["1/2", "1/1", "2/1", "3/1"]).label == "2/1"  # Traces 10.2.1


def test_odds_beyond_the_printed_ends_get_virtual_columns() -> None:
    o = odds(20, 2, COLS)
    assert not o.on_table and o.index == 12 and o.label == "10/1"
    low = odds(1, 6, COLS)
    assert low.index == -2 and low.label == "1/6"


def test_a_fractional_ratio_above_the_top_column_rounds_down_to_its_virtual_column() -> None:
    """Rounded in the defender's favour above the table too: 19:2 = 9.5 is the
    virtual 9/1 column, one above 8/1, not 10/1. The label alone cannot tell (it is
    printed from the ratio): the column's index is what shifts move."""
    o = odds(19, 2, COLS)
    assert o.index == len(COLS) and o.label == "9/1" and not o.on_table
    assert odds(39, 4, COLS).index == len(COLS) and odds(41, 4, COLS).index == len(COLS) + 1  # 9.75: 9/1; 10.25: 10/1
    assert odds(17, 2, COLS).index == len(COLS) - 1  # 8.5 -> the printed 8/1
    traces = ["1:2", "1:1", "2:1", "3:1", "4:1", "5:1", "6:1", "7:1", "8:1", "9:1", "10+"]
    assert odds(23, 2, traces).index == len(traces)  # 11.5 above an open 10+ top: the virtual 11:1


def test_shifts_bring_an_attack_beyond_the_table_back_onto_it_from_its_rounded_column() -> None:
    """Nordwind 6.4 / AMB-20: a virtual column keeps counting, shifts move it, the
    final column is clamped last. 19:2 with two columns left is 7/1 (9 - 2); had
    9.5 been rounded up (10/1) it would be 8/1."""
    o = odds(19, 2, COLS)
    idx, clamped = clamp_column(o.index - 2, len(COLS))
    assert COLS[idx] == "7/1" and not clamped
    idx, clamped = clamp_column(o.index - 1, len(COLS))
    assert COLS[idx] == "8/1" and not clamped  # back on the table exactly at its top
    idx, clamped = clamp_column(o.index, len(COLS))
    assert COLS[idx] == "8/1" and clamped  # no shift: the table's end, reported as clamped


@given(st.integers(1, 60), st.integers(1, 60))
def test_odds_column_never_exceeds_the_real_ratio(a: int, d: int) -> None:
    o = odds(a, d, COLS)
    if o.on_table:
        assert parse_column(o.label) <= Fraction(a, d)
        if o.index + 1 < len(COLS):
            assert parse_column(COLS[o.index + 1]) > Fraction(a, d)


def test_bad_column_label() -> None:
    with pytest.raises(MalformedInput):
        parse_column("x/1")


TYPES = [
    ShiftType("quality", cumulative=True),
    ShiftType("terrain", cumulative=True),
    ShiftType("division", cap=2),
    ShiftType("infantry-armor", cap=1),
    ShiftType("armor", cap=1),
    ShiftType("artillery", cap=1),
    ShiftType("air", cap=1),
]


def test_example_one_of_nordwind_nets_plus_five() -> None:
    claims = [
        ShiftClaim("quality", ATTACKER, 1, "German B rolls 5", T.cite("6.3")),
        ShiftClaim("quality", DEFENDER, -1, "US D rolls 3", T.cite("6.3")),
        ShiftClaim("division", ATTACKER, 2, "21.Pz complete", T.cite("6.2")),
        ShiftClaim("infantry-armor", ATTACKER, 1, "", T.cite("6.2")),
        ShiftClaim("infantry-armor", DEFENDER, 1, "", T.cite("6.2")),
        ShiftClaim("armor", ATTACKER, 1, "653sPJ*", T.cite("6.2")),
        ShiftClaim("artillery", ATTACKER, 1, "VolksW", T.cite("6.2")),
        ShiftClaim("air", DEFENDER, 1, "Allied air", T.cite("9.1")),
    ]
    r = net_shifts(claims, TYPES)
    assert r.net == 5
    cancelled = [s for s in r.shifts if s.cancelled]
    assert {s.kind for s in cancelled} == {"infantry-armor"}
    assert [s.kind for s in r.shifts][:2] == ["quality", "quality"]  # rulebook order kept
    col, clamped = clamp_column(COLS.index("2/1") + r.net, len(COLS))
    assert COLS[col] == "7/1" and not clamped


def test_one_modifier_per_type_and_caps() -> None:
    r = net_shifts(
        [
            ShiftClaim("air", ATTACKER, 1, "a", T.cite("9")),
            ShiftClaim("air", ATTACKER, 1, "b", T.cite("9")),
            ShiftClaim("terrain", DEFENDER, 1, "wooded", T.cite("TET")),
            ShiftClaim("terrain", DEFENDER, 1, "river", T.cite("TET")),
        ],
        TYPES,
    )
    assert r.net == 1 - 2
    assert [s.cancelled for s in r.shifts if s.kind == "air"] == [False, True]
    with pytest.raises(MalformedInput):
        net_shifts([ShiftClaim("weather", ATTACKER, 1, "", T.cite("x"))], TYPES)


def test_clamping_reports_when_shifts_are_lost() -> None:
    assert clamp_column(14, 11) == (10, True)
    assert clamp_column(-3, 11) == (0, True)
    assert clamp_column(4, 11) == (4, False)


def test_scale_rounding_modes() -> None:
    assert scale(5, 1, 2, "up") == 3 and scale(5, 1, 2, "down") == 2 and scale(5, 1, 2, "nearest") == 3
    assert scale(4, 1, 2, "up") == 2


def _table() -> TableView:
    t = tables_pb2.Table(id="test/crt", title="SYNTHETIC CRT", row_label="die", rows=["1", "2", "3"],
                         columns=["1/1", "2/1"])
    t.cells.add(row="1", column="2/1", value="-/1", source="synthetic")
    t.cells.add(row="2", column="2/1", value="-/1", source="synthetic")
    t.cells.add(row="3", column="2/1", unknown=True)
    return TableView(t)


def test_distribution_shows_unknown_cells_and_needs_them() -> None:
    dist = lookup_distribution(_table(), "2/1", die_rows(3))
    out = dist.outcomes()
    assert [(o.result, round(o.probability, 4)) for o in out] == [("-/1", 0.6667), ("unknown: SYNTHETIC CRT 2/1 row 3", 0.3333)]
    assert out[0].when == ["die 1", "die 2"]
    assert [(c.column, c.row) for c in dist.needs] == [("2/1", "3")]
    assert dist.total() == 1
    filled = lookup_distribution(
        _table(), "2/1", die_rows(3), [common_pb2.SuppliedCell(table_id="test/crt", column="2/1", row="3", value="1/R")]
    )
    assert not filled.needs and filled.prob["1/R"] == Fraction(1, 3)


def test_lookup_of_unknown_cell_raises_needs_data() -> None:
    with pytest.raises(NeedsData) as e:
        _table().lookup("3", "2/1", reason="combat at 0404, die 3")
    assert e.value.cells[0].row == "3" and "table file" in e.value.cells[0].how_to_supply


def test_step_losses_flip_then_eliminate() -> None:
    unit = definition_pb2.Unit(id="u", faces=[definition_pb2.UnitFace(attack=4), definition_pb2.UnitFace(attack=2)])
    us = state_pb2.UnitState(unit_id="u")
    assert take_step_losses(unit, us, 1) == 1 and us.status == state_pb2.UnitState.ON_MAP
    assert take_step_losses(unit, us, 3) == 1 and us.status == state_pb2.UnitState.ELIMINATED


def test_colon_and_open_top_columns_as_traces_prints_them() -> None:
    """Traces of Victory 10.2.1/10.2.2 prints "6:1" and an open "10+" top column."""
    cols = ["1:2", "1:1", "2:1", "3:1", "4:1", "5:1", "6:1", "7:1", "8:1", "9:1", "10+"]
    assert parse_column("6:1") == 6 and parse_column("1:2") == Fraction(1, 2) and parse_column("10+") == 10
    assert odds(20, 5, cols).label == "4:1"
    assert odds(5, 8, cols).label == "1:2"  # 1:1.6 rounds down to 1:2
    top = odds(23, 1, cols)
    assert not top.on_table and top.label == "23:1"  # virtual, shifts may bring it back
    assert odds(11, 1, cols).index == len(cols)  # 11:1 is one virtual column above 10+
    below = odds(1, 3, cols)
    assert below.index < 0
