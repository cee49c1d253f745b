"""Hex geometry: labels, axial arithmetic, hexside identity, sheets (both
orientations, both staggers)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.core.errors import MalformedInput
from adjudicator.core.hexgrid import (
    DIRECTIONS,
    HexGrid,
    axial_distance,
    axial_neighbour,
    axial_to_raw,
    raw_to_axial,
    ring,
    side_key,
    spiral,
)
from adjudicator.core.hexmap import HexMap
from adjudicator.core.numbering import LabelError
from tests.core.hexfixtures import CONVENTIONS, game_map, grid
from umpire.v1 import map_pb2

axial_points = st.tuples(st.integers(-40, 40), st.integers(-40, 40))


@given(axial_points)
def test_raw_axial_roundtrip(a: tuple[int, int]) -> None:
    assert raw_to_axial(*axial_to_raw(*a)) == a


@given(axial_points, axial_points)
def test_distance_is_symmetric_and_zero_only_on_itself(a: tuple[int, int], b: tuple[int, int]) -> None:
    assert axial_distance(a, b) == axial_distance(b, a)
    assert (axial_distance(a, b) == 0) == (a == b)


@given(axial_points, st.integers(0, 5))
def test_hexside_has_one_identity_from_both_hexes(a: tuple[int, int], d: int) -> None:
    b = axial_neighbour(a, d)
    assert side_key(a, d) == side_key(b, (d + 3) % 6)
    others = {side_key(a, k) for k in range(6)}
    assert len(others) == 6


@given(axial_points, st.integers(0, 6))
def test_rings_and_spirals(center: tuple[int, int], radius: int) -> None:
    r = ring(center, radius)
    assert len(r) == (6 * radius if radius else 1)
    assert all(axial_distance(center, p) == radius for p in r)
    assert len(set(spiral(center, radius))) == 1 + 3 * radius * (radius + 1)


@pytest.mark.parametrize("sideways,offset,stagger", CONVENTIONS)
def test_every_label_of_a_grid_parses_back(sideways: bool, offset: int, stagger: bool) -> None:
    g = HexGrid(grid(12, 9, sideways, offset, stagger))
    labels = set()
    for raw in g.extent():
        label = g.label(raw)
        assert g.parse(label) == raw
        labels.add(label)
    assert len(labels) == 12 * 9


@pytest.mark.parametrize("sideways,offset,stagger", CONVENTIONS)
@settings(max_examples=25, deadline=None)
@given(data=st.data())
def test_distance_equals_shortest_path_on_an_empty_map(
    sideways: bool, offset: int, stagger: bool, data: st.DataObject
) -> None:
    hm = HexMap(game_map(9, 7, sideways=sideways, column_offset=offset, stagger=stagger))
    a = data.draw(st.integers(0, hm.n - 1))
    field = hm.distance_field([a])
    b = data.draw(st.integers(0, hm.n - 1))
    assert hm.distance(a, b) == hm.distance(b, a) == field[b]


def test_nordwind_adjacencies_from_the_rulebook() -> None:
    # Nordwind digest §1.2: printed CCRR from 0101, even printed columns lower.
    g = HexGrid(grid(25, 15, column_offset=1))
    assert g.adjacent("1912", "2011")  # 3.2 bridge
    assert g.adjacent("2114", "2013") and g.adjacent("2114", "2113")  # 3.3 ferry
    assert g.adjacent("1207", "1308")  # 4.4
    chain = ["1008", "1109", "1209", "1309", "1409", "1510"]  # 3.2 movement example
    assert all(g.adjacent(a, b) for a, b in zip(chain, chain[1:]))
    assert not g.adjacent("1008", "1110")
    assert sorted(g.neighbour_labels("1109")) == ["1008", "1009", "1108", "1110", "1208", "1209"]


def test_traces_adjacencies_from_the_combat_example() -> None:
    # Traces of Victory digest §1.1: 2407's neighbours; d(2407, 2207) = 2.
    for offset, stagger in ((1, False), (0, True)):
        g = HexGrid(grid(40, 40, column_offset=offset, stagger=stagger, row_offset=0))
        assert sorted(g.neighbour_labels("2407")) == ["2307", "2308", "2406", "2408", "2507", "2508"]
        assert g.distance("2407", "2207") == 2


def test_rulebook_short_labels_are_zero_padded() -> None:
    g = HexGrid(grid(25, 15, column_offset=1))
    assert g.parse("101") == g.parse("0101") == (0, 0)
    assert g.label(g.parse("511")) == "0511"
    with pytest.raises(LabelError):
        g.parse("1x1")


def test_sideways_grid_keeps_raw_adjacency_and_names_compass_rows() -> None:
    flat = HexGrid(grid(10, 10, sideways=False))
    side = HexGrid(grid(10, 10, sideways=True))
    assert flat.neighbour_labels("0505") == side.neighbour_labels("0505")
    assert side.compass[2] == "W" and flat.compass[2] == "N"


def _sheets(overlap: bool) -> map_pb2.GameMap:
    gm = game_map(6, 5, column_offset=0, map_id="sheets")
    g = gm.hex.grid
    g.sheet_separator = "-"
    g.numbering.row_offset = 1
    g.sheets.add(id="1", column_offset=0, row_offset=0)
    g.sheets.add(id="2", column_offset=4 if overlap else 6, row_offset=0)
    return gm


def test_multi_sheet_ids_and_adjacency_across_the_seam() -> None:
    hm = HexMap(_sheets(overlap=False))
    assert hm.n == 60
    a = hm.hex_id("1-0503")  # last column of sheet 1
    b = hm.hex_id("2-0003")  # first column of sheet 2
    assert hm.distance(a, b) == 1 and b in hm.neighbours(a)
    assert hm.labels[b] == "2-0003"
    with pytest.raises(MalformedInput):
        hm.hex_id("0503")  # two sheets: the sheet must be named


def test_overlapping_sheets_give_one_hex_two_labels() -> None:
    hm = HexMap(_sheets(overlap=True))
    assert hm.n == 6 * 5 + 4 * 5
    assert hm.hex_id("1-0401") == hm.hex_id("2-0001")
    assert hm.labels[hm.hex_id("2-0001")] == "1-0401"  # the first sheet owns the label


def test_odd_sheet_offset_is_refused() -> None:
    gm = _sheets(overlap=False)
    gm.hex.grid.sheets[1].column_offset = 5
    with pytest.raises(MalformedInput, match="must be even"):
        HexMap(gm)


def test_directions_are_opposites() -> None:
    for d, (q, r) in enumerate(DIRECTIONS):
        oq, or_ = DIRECTIONS[(d + 3) % 6]
        assert (q + oq, r + or_) == (0, 0)


def test_a_partial_sheet_has_its_own_extent() -> None:
    gm = _sheets(overlap=False)
    gm.hex.grid.sheets.add(id="X", column_offset=12, row_offset=0, columns=2, rows=3)  # a small extension sheet
    hm = HexMap(gm)
    assert hm.n == 60 + 2 * 3
    assert hm.find("X-0103") is not None and hm.find("X-0104") is None  # printed row 04 = raw row 3: beyond its 3 rows
    assert hm.find("X-0201") is None  # column 02 = raw column 2: beyond its 2 columns
    assert hm.distance(hm.hex_id("2-0503"), hm.hex_id("X-0003")) == 1  # adjacency across the seam


def test_a_sheet_extent_needs_a_bounded_grid_and_no_negative_size() -> None:
    gm = game_map(6, 5, column_offset=0, map_id="s")
    g = gm.hex.grid
    g.sheet_separator = "-"
    g.sheets.add(id="1", columns=-1)
    with pytest.raises(MalformedInput, match="negative extent"):
        HexMap(gm)
    g.columns = 0
    g.sheets[0].columns = 3
    with pytest.raises(MalformedInput, match="states none"):
        HexMap(gm)
