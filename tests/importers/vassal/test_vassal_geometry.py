"""Pixel <-> location label per VASSAL's numbering, on constructed grids:
every numbering option, zones, regions (Java HashMap tie order), reversed and
multi-board maps, the edge buffer, decks. The real files' labels are checked
in test_vassal_samples.py."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from importers.vassal.geometry import BoardGeometry, ZonedGeom, ZoneGeom, layout
from importers.vassal.gridmath import AxisNumbering, HexGeom, RegionGeom, SquareGeom, evaluate_format
from importers.vassal.javahash import hashmap_order, point_hash


def hexboard(sideways: bool = False, **num: object) -> BoardGeometry:
    g = HexGeom(x0=30, y0=40, dx=52.0, dy=60.0, sideways=sideways, numbering=AxisNumbering(**num))  # type: ignore[arg-type]
    return BoardGeometry("B", 900, 800, g)


OPTIONS = list(itertools.product(
    [False, True],  # sideways
    [False, True],  # stagger
    [False, True],  # h_descend
    [False, True],  # v_descend
    [(False, False), (True, False), (False, True)],  # alphabetic column / row
))


@pytest.mark.parametrize("sideways,stagger,hdesc,vdesc,alpha", OPTIONS)
def test_every_hex_centre_names_itself_and_inverts(sideways: bool, stagger: bool, hdesc: bool, vdesc: bool,
                                                   alpha: tuple[bool, bool]) -> None:
    b = hexboard(sideways, stagger=stagger, h_descend=hdesc, v_descend=vdesc, h_alpha=alpha[0], v_alpha=alpha[1],
                 sep=".", h_off=1, v_off=-2, h_leading=2, v_leading=0)
    g = b.grid
    assert isinstance(g, HexGeom)
    seen = set()
    for c in range(1, 12):
        for r in range(1, 10):
            x, y = g.center(c, r)
            name, _zone, kind, label = b.locate(x, y)
            assert kind == "hex" and name == label and label not in seen
            seen.add(label)
            assert g.raw(x, y) == (c, r)
            assert b.point_of(label) == (x, y)


def test_numeric_names_pad_and_alpha_names_repeat() -> None:
    n = AxisNumbering(h_leading=2, v_leading=0, h_off=0, v_off=0)
    assert n.names(5, 12) == ("00512", "12", "005")
    a = AxisNumbering(h_alpha=True, h_off=0, v_off=1, v_leading=0)
    assert [a.names(c, 0)[0] for c in (0, 25, 26, 27, 52)] == ["A1", "Z1", "AA1", "BB1", "AAA1"]


def test_descending_maxima_divide_height_by_dx_and_width_by_dy() -> None:
    # HexGridNumbering.getMaxRows = floor(H / dx + 0.5), getMaxColumns = floor(W / dy + 0.5):
    # 800 / 52 = 15.38 -> 15 rows, 900 / 60 = 15 columns. Copy the quirk.
    b = hexboard(v_descend=True, h_off=0, v_off=0, stagger=False)
    g = b.grid
    assert isinstance(g, HexGeom)
    x, y = g.center(2, 3)
    assert b.locate(x, y)[3] == "0212"  # row 15 - 3


def test_stagger_adds_one_to_odd_columns_minus_one_when_rows_descend() -> None:
    up = hexboard(h_off=0, v_off=0)
    down = hexboard(h_off=0, v_off=0, v_descend=True)
    for b, want in ((up, "0104"), (down, "0111")):
        g = b.grid
        assert isinstance(g, HexGeom)
        assert b.locate(*g.center(1, 3))[3] == want


def test_vassal_get_location_quirk_with_descending_odd_columns() -> None:
    # 900 / 60 = 15 columns (odd): a label's numbered column parity differs from
    # its raw column's, and VASSAL's getLocation undoes the stagger with the wrong one.
    b = hexboard(h_descend=True, h_off=0, v_off=0)
    g = b.grid
    assert isinstance(g, HexGeom)
    x, y = g.center(4, 3)
    label = b.locate(x, y)[3]
    assert label is not None
    assert b.point_of(label) == (x, y)
    qx, qy = b.point_of(label, vassal_quirk=True)
    assert (qx, qy) != (x, y) and abs(qy - y) == 60  # one hex up the column


def test_square_rows_truncate_columns_floor() -> None:
    sq = SquareGeom(x0=24, y0=24, dx=48.0, dy=48.0, numbering=AxisNumbering(h_off=0, v_off=0, h_leading=0, v_leading=0, sep=","))
    # y - y0 = -30: (int)(-30/48 + 0.5) = (int)(-0.125) = 0; a floor would give -1
    assert sq.location(24, -6, 480, 480) == "0,0"
    assert sq.location(-6, 24, 480, 480) == "-1,0"


def test_location_formats_like_formatted_string() -> None:
    props: dict[str, str | None] = {"gridLocation": "0505", "row": "05", "column": "05", "name": "Forest"}
    assert evaluate_format("$gridLocation$", props, True) == "0505"
    assert evaluate_format(" hex $column$-$row$ ", props, True) == "hex 05-05"  # trimmed
    assert evaluate_format("0042", props, True) == "42"  # an integer format prints as the integer
    assert evaluate_format("$unknown$!", props, False) == "unknown!"  # Zone formats keep unknown names
    assert evaluate_format("$unknown$!", props, True) == "!"
    assert evaluate_format("$name$ $gridLocation$", {"name": "Z", "gridLocation": None}, False) == "Z "


def test_zones_first_match_and_zone_size_for_descending() -> None:
    zone_grid = SquareGeom(x0=0, y0=0, dx=10.0, dy=10.0, numbering=AxisNumbering(h_off=0, v_off=0, v_descend=True,
                                                                                 h_leading=0, v_leading=0))
    zones = [
        ZoneGeom("Track", "Track $gridLocation$", [0, 100, 100, 0], [0, 0, 50, 50], zone_grid, False),
        ZoneGeom("Shadowed", "$name$", [0, 100, 100, 0], [0, 0, 50, 50], None, False),
        ZoneGeom("Sea", "$name$", [0, 300, 300, 0], [60, 60, 200, 200], None, False),
    ]
    b = BoardGeometry("B", 400, 400, ZonedGeom(zones, RegionGeom((("Land", 350, 350),))))
    # zone bounding box 100 x 50: max rows = (int)(50 / 10 + 0.5) = 5; row 2 counts down to 3
    assert b.locate(30, 20) == ("Track 33", "Track", "square", "33")
    assert b.locate(100, 20)[0] == "Land"  # right edge is outside (java.awt.Polygon)
    assert b.locate(0, 60)[0] == "Sea"  # left/top edges are inside
    assert b.locate(150, 100)[0] == "Sea"
    assert b.locate(390, 10)[0] == "Land"


def test_region_ties_break_in_java_hashmap_order() -> None:
    # Order of a java.util.HashMap<Point, ...> after put() in this order, as
    # printed by a JDK 17 run of the same 16 points (resize at 12 entries).
    pts = [(1341, 452), (82, 662), (1125, 623), (67, 623), (297, 373), (449, 371), (601, 374), (754, 374),
           (298, 519), (449, 522), (600, 519), (750, 518), (2069, 49), (5, 5), (-3, 7), (100000, -2)]
    java = [(297, 373), (750, 518), (600, 519), (82, 662), (2069, 49), (-3, 7), (449, 371), (754, 374), (298, 519),
            (449, 522), (601, 374), (5, 5), (100000, -2), (1125, 623), (67, 623), (1341, 452)]
    assert hashmap_order(pts, point_hash) == java
    assert point_hash((-3, 7)) == 57409536 and point_hash((1341, 452)) == -1885391872
    # (100, 0) and (0, 100) are equally near (50, 50): the one Java iterates first wins.
    r = RegionGeom((("East", 100, 0), ("South", 0, 100)))
    first = hashmap_order([(100, 0), (0, 100)], point_hash)[0]
    assert r.location(50, 50) == ("East" if first == (100, 0) else "South")


def test_multi_board_layout_reversed_board_and_edge_buffer() -> None:
    a, b2 = hexboard(h_off=0, v_off=0), hexboard(h_off=0, v_off=0)
    b2.name = "B2"
    geo = layout("M", [(a, 0, 0, False), (b2, 1, 0, True)], (20, 10))
    assert [(p.x, p.y) for p in geo.placed] == [(20, 10), (920, 10)]
    g = a.grid
    assert isinstance(g, HexGeom)
    cx, cy = g.center(3, 4)
    assert geo.locate(cx + 20, cy + 10).board == "B"
    label = a.locate(cx, cy)[3]
    assert label == "0305"  # odd column: stagger adds one to the row
    # On the reversed board the same label is mirrored through the board's centre.
    x, y = geo.point_of("B2", label)
    assert (x, y) == (920 + 900 - cx, 10 + 800 - cy)
    loc = geo.locate(x, y)
    assert (loc.board, loc.grid_label) == ("B2", label)
    assert geo.locate(5, 5).name == "offboard"


def test_deck_position_names_the_deck() -> None:
    geo = layout("M", [(hexboard(), 0, 0, False)], (0, 0))
    geo.decks[(100, 100)] = "Reinforcements"
    assert geo.location_name(100, 100) == "Reinforcements"
    assert geo.location_name(101, 100) != "Reinforcements"


@settings(max_examples=60, deadline=None)
@given(st.integers(-100, 1000), st.integers(-100, 900), st.booleans(), st.booleans(), st.booleans())
def test_any_pixel_names_a_hex_whose_centre_has_that_name(x: int, y: int, sideways: bool, hdesc: bool,
                                                          stagger: bool) -> None:
    b = hexboard(sideways, h_descend=hdesc, stagger=stagger, h_off=0, v_off=0)
    label = b.locate(x, y)[3]
    assert label is not None
    px, py = b.point_of(label)
    assert b.locate(px, py)[3] == label


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.text("ABC", min_size=1, max_size=3), st.integers(0, 40), st.integers(0, 40)),
                max_size=30))
def test_region_order_is_the_hashmaps_and_unchanged_by_a_caller(regions: list[tuple[str, int, int]]) -> None:
    """RegionGrid keeps its regions in a Java HashMap keyed by origin: a later
    region with the same origin replaces the earlier, iteration is the map's.
    The order is worked out once per grid; what one caller does with the list
    it gets must not change what the next one gets."""
    g = RegionGeom(tuple(regions))
    by_point = {(x, y): n for n, x, y in regions}
    want = [(by_point[p], p[0], p[1]) for p in hashmap_order([(x, y) for _, x, y in regions], point_hash)]
    first = g.ordered()
    assert first == want
    first.clear()
    assert g.ordered() == want
    assert g == RegionGeom(tuple(regions)) and hash(g) == hash(RegionGeom(tuple(regions)))
