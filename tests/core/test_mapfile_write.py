"""The TOML map file written back (`map_to_toml`): parsing what it writes gives
the same map, for the shipped maps and for awkward names."""

from __future__ import annotations

import pytest

from adjudicator.core.mapfile import map_to_toml, parse_map_toml, road_chains
from adjudicator.core.ruleset import get_ruleset
from adjudicator.rules.nordwind import data
from umpire.v1 import map_pb2


def test_shipped_maps_round_trip() -> None:
    maps = [data.game_map(), get_ruleset("traces-of-victory").load_scenario("traces-of-victory/combined-assault").definition.map]
    for gm in maps:
        assert parse_map_toml(map_to_toml(gm, "header\nlines")) == gm


def test_names_quotes_sheets_and_chains_round_trip() -> None:
    gm = map_pb2.GameMap(id="x", name='Saarbrücken "quoted"', source="a\\b")
    g = gm.hex.grid
    g.columns, g.rows, g.sheet_separator = 4, 4, "-"
    g.numbering.column_leading = g.numbering.row_leading = 1
    g.sheets.add(id="1", column_offset=0, row_offset=0)
    g.sheets.add(id="2", column_offset=4, row_offset=0, name="East")
    gm.hex.default_terrain = "clear"
    gm.hex.hexes.add(id="1-0101", terrain="major city", features=["a b"], tags=["objective:Metz & co"], name="Ä")
    gm.hex.hexsides.add(a="1-0101", b="1-0102", features=["river", "bridge"])
    for a, b in (("1-0101", "1-0102"), ("1-0102", "1-0103"), ("2-0101", "2-0102")):
        gm.hex.roads.add(a=a, b=b, kind="rail road")
    assert parse_map_toml(map_to_toml(gm)) == gm


def test_road_links_become_chains() -> None:
    assert road_chains([("a", "b"), ("b", "c"), ("x", "y"), ("y", "z")]) == [["a", "b", "c"], ["x", "y", "z"]]


def test_point_to_point_boards_have_no_toml_file() -> None:
    with pytest.raises(Exception, match="GameMap file"):
        map_to_toml(get_ruleset("major-battles").load_scenario("major-battles/normandy").definition.map)
