"""Compiled maps (terrain, hexsides, roads, edges) and the TOML map file format."""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.core.errors import MalformedInput, NotFound
from adjudicator.core.hexmap import HexMap, compile_map
from adjudicator.core.mapfile import check_map, load_map_toml, parse_map_toml
from tests.core.hexfixtures import game_map

SAMPLE = """
id = "sample"
name = "Sample"
source = "SYNTHETIC test map"
default_terrain = "clear"
excluded = ["0808"]

[grid]
columns = 8
rows = 8
[grid.numbering]
column_leading = 1
row_leading = 1
column_offset = 1
row_offset = 1

[terrain]
wooded = ["0404", "0405"]
[features]
village = ["0405"]
[tags]
"edge:north" = ["0101", "0201"]
[names]
"0405" = "Dorf"
[hexsides]
river = ["0404/0405", "0405/0406"]
bridge = ["0405/0406"]
[roads]
national = ["0403 0404 0405 0406"]
"""


def test_sample_file_compiles() -> None:
    hm = check_map(parse_map_toml(SAMPLE))
    assert hm.n == 63
    h = hm.hex_id("0405")
    assert hm.terrain[h] == "wooded" and hm.features[h] == {"village"} and hm.names[h] == "Dorf"
    assert hm.side_of(h, hm.hex_id("0406")) == {"river", "bridge"}
    assert hm.side_of(hm.hex_id("0406"), h) == {"river", "bridge"}  # one record per shared side
    assert hm.roads[h * 6 + (hm.direction(h, hm.hex_id("0404")) or 0)] == {"national"}
    assert hm.find("0808") is None
    assert hm.named("dorf") == h
    assert {hm.labels[x] for x in hm.edge_hexes("north")} == {"0101", "0201"}
    with pytest.raises(NotFound):
        hm.named("Paris")


def test_derived_edges_follow_the_drawing() -> None:
    hm = HexMap(game_map(5, 4))
    assert {hm.labels[h] for h in hm.edge_hexes("north")} == {f"0{c}01" for c in range(1, 6)}
    assert {hm.labels[h] for h in hm.edge_hexes("west")} == {f"010{r}" for r in range(1, 5)}
    assert {hm.labels[h] for h in hm.edge_hexes("east")} == {f"050{r}" for r in range(1, 5)}
    side = HexMap(game_map(5, 4, sideways=True))
    assert {side.labels[h] for h in side.edge_hexes("north")} == {f"010{r}" for r in range(1, 5)}


@pytest.mark.parametrize(
    "patch,where",
    [
        ('[hexsides]\nriver = ["0101/0303"]', "hexsides"),
        ('[terrain]\nwooded = ["9999"]', "hexes"),
        ('[roads]\nnational = ["0101"]', "roads.national[0]"),
        ('[roads]\nnational = ["0101 0505"]', "roads"),
        ("colour = 3", "unknown key"),
        ('[grid]\ncolumns = "8"', "grid.columns"),
        ('[terrain]\nwooded = ["0101"]\ndifficult = ["0101"]', "terrain.difficult[0]"),
        ("[grid\n", "line"),
    ],
)
def test_errors_name_the_place(patch: str, where: str) -> None:
    base = (
        'id = "x"\ndefault_terrain = "clear"\n[grid]\ncolumns = 8\nrows = 8\n'
        "[grid.numbering]\ncolumn_leading = 1\nrow_leading = 1\n"
    )
    text = patch + "\n" if patch.startswith("colour") else base + patch + "\n"
    if patch.startswith("[grid]"):
        text = 'default_terrain = "clear"\n' + patch + "\n"
    if patch.startswith("[grid\n"):
        text = patch
    with pytest.raises(MalformedInput) as e:
        check_map(parse_map_toml(text, "m.toml"), "m.toml")
    assert where in str(e.value) and "m.toml" in str(e.value)
    assert "\n" not in e.value.one_line()


def test_unbounded_grid_has_only_listed_hexes(tmp_path: Path) -> None:
    p = tmp_path / "m.toml"
    p.write_text('default_terrain = "clear"\n[grid.numbering]\ncolumn_leading = 1\nrow_leading = 1\n'
                 '[terrain]\nclear = ["0101", "0102"]\n')
    hm = HexMap(load_map_toml(p))
    assert hm.n == 2 and hm.neighbours(hm.hex_id("0101")) == [hm.hex_id("0102")]
    with pytest.raises(MalformedInput, match="no such file"):
        load_map_toml(tmp_path / "nope.toml")


def test_compiled_maps_are_cached_by_content() -> None:
    a = compile_map(game_map(4, 4))
    assert compile_map(game_map(4, 4)) is a
    assert compile_map(game_map(4, 5)) is not a


def test_a_numbering_that_prints_one_label_for_two_hexes_is_refused() -> None:
    import pytest

    from adjudicator.core.errors import MalformedInput
    from adjudicator.core.hexmap import HexMap
    from umpire.v1 import map_pb2

    gm = map_pb2.GameMap(id="t/ambiguous")
    gm.hex.grid.columns, gm.hex.grid.rows = 30, 25  # no padding: col 1 row 11 and col 11 row 1 both print "111"
    gm.hex.default_terrain = "clear"
    with pytest.raises(MalformedInput, match="names two hexes"):
        HexMap(gm)


BANKS = """
id = "banks"
source = "SYNTHETIC test map"
default_terrain = "clear"
[grid]
columns = 4
rows = 4
[grid.numbering]
column_leading = 1
row_leading = 1
column_offset = 1
row_offset = 1
[hexsides]
rhine = ["0201/0302", "0202/0302"]
"""


def test_a_hex_says_which_bank_of_a_river_line_it_lies_on() -> None:
    hm = check_map(parse_map_toml(BANKS + '[banks.rhine]\neast = ["0302"]\nwest = ["0201", "0202"]\n'))
    assert hm.bank("rhine", hm.hex_id("0302")) == "east" and hm.bank("rhine", hm.hex_id("0202")) == "west"
    assert hm.bank("rhine", hm.hex_id("0101")) == "" and hm.bank("river", hm.hex_id("0302")) == ""
    rec = next(h for h in parse_map_toml(BANKS + '[banks.rhine]\neast = ["0302"]\n').hex.hexes if h.id == "0302")
    assert dict(rec.banks) == {"rhine": "east"}  # the GameMap field the TOML compiles to


@pytest.mark.parametrize(("banks", "message"), [
    ('east = ["0302"]\nwest = ["0302"]', "both the 'east' and the 'west' bank"),
    ('east = ["0302", "0202"]', "across the rhine from each other but both on its 'east' bank"),
    ('east = ["0302"]\nwest = ["0402"]', "adjacent with no rhine hexside between them"),
])
def test_banks_that_contradict_the_river_are_refused_naming_the_hexes(banks: str, message: str) -> None:
    with pytest.raises(MalformedInput, match=message) as e:
        check_map(parse_map_toml(BANKS + "[banks.rhine]\n" + banks + "\n", "m.toml"), "m.toml")
    assert "m.toml" in str(e.value) and "\n" not in e.value.one_line()
