"""The painted map between page and file: round trips, every check-map error
at its hex, and what the project writes (a file check-map accepts)."""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.core.mapfile import load_map_toml
from adjudicator.core.ruleset import get_ruleset
from adjudicator.rules.nordwind import data
from studio import mapdoc
from studio.project import Project


def test_document_round_trips_through_the_map_file() -> None:
    doc = mapdoc.map_to_doc(data.game_map())
    gm = mapdoc.doc_to_map(doc)
    back = mapdoc.read_text(mapdoc.write_text(gm, "test"), "x.toml")
    assert mapdoc.map_to_doc(back) == doc


def test_every_error_is_found_at_its_hex() -> None:
    doc = mapdoc.map_to_doc(data.game_map())
    doc["terrain"]["9999"] = "wooded"  # not on the map
    doc["hexsides"]["0101/0505"] = ["river"]  # not adjacent
    doc["roads"].append({"kind": "national", "hexes": ["0101", "0303"]})  # not adjacent
    doc["terrain"]["0202"] = "lava"  # the ruleset reads no such terrain
    found = mapdoc.problems(mapdoc.doc_to_map(doc), "x.toml", get_ruleset("nordwind-1945").authoring())
    errors = [p for p in found if p["level"] == "error"]
    assert {p.get("hex") or p.get("side") for p in errors} == {"9999", "0101/0505", "0101/0303"}
    assert all(p["message"].startswith("x.toml: ") for p in errors)
    warnings = [p for p in found if p["level"] == "warning"]
    assert [(w["hex"], "lava" in w["message"]) for w in warnings] == [("0202", True)]


def test_a_valid_map_has_no_problems() -> None:
    assert mapdoc.problems(data.game_map(), "x", get_ruleset("nordwind-1945").authoring()) == []


def test_doc_shape_errors_name_the_field() -> None:
    with pytest.raises(Exception, match="map.roads"):
        mapdoc.doc_to_map({"grid": {}, "roads": "x"})


@pytest.mark.samples
def test_project_saves_a_file_check_map_accepts_and_reopens_it(tmp_path: Path, samples_dir: Path) -> None:
    p = Project.open(tmp_path, samples_dir / "ragnarok-v12-379-unpacked.vmod", "nordwind-1945")
    opened = p.load_map("Main Map")
    assert not opened["exists"] and opened["doc"]["default_terrain"] == "clear"
    doc = opened["doc"]
    doc["terrain"]["0505"] = "wooded"
    doc["names"]["1716"] = "Asgard"
    saved = p.save_map("Main Map", doc)
    assert saved["ok"], saved
    gm = load_map_toml(tmp_path / "maps" / "main-map.toml")  # what `umpire check-map` does
    assert {h.id: h.terrain for h in gm.hex.hexes if h.terrain} == {"0505": "wooded"}
    again = p.load_map("Main Map")
    assert again["exists"] and again["doc"] == doc and again["problems"] == []


@pytest.mark.samples
def test_a_broken_file_is_listed_and_kept_as_bak_when_overwritten(tmp_path: Path, samples_dir: Path) -> None:
    (tmp_path / "maps").mkdir()
    bad = 'id = "x"\n[grid\n'
    (tmp_path / "maps" / "main-map.toml").write_text(bad)
    p = Project.open(tmp_path, samples_dir / "ragnarok-v12-379-unpacked.vmod", "nordwind-1945")
    opened = p.load_map("Main Map")
    assert "line 2" in opened["load_error"] and opened["doc"]["grid"]
    p.save_map("Main Map", opened["doc"])
    assert (tmp_path / "maps" / "main-map.toml.bak").read_text() == bad
    load_map_toml(tmp_path / "maps" / "main-map.toml")


def test_river_banks_round_trip_through_the_page_document() -> None:
    """docs/maps.md [banks.<line>]: the shipped Nordwind map puts 2114 on the
    German bank of the Rhine and 2013, 2113 on the Allied one (Nordwind 3.3,
    10.1.1); the page's document keeps them, and the file written from it too."""
    gm = data.game_map()
    doc = mapdoc.map_to_doc(gm)
    assert doc["banks"] == {"2114": {"rhine": "german"}, "2013": {"rhine": "allied"}, "2113": {"rhine": "allied"}}
    back = mapdoc.read_text(mapdoc.write_text(mapdoc.doc_to_map(doc), "test"), "x.toml")
    assert {h.id: dict(h.banks) for h in back.hex.hexes if h.banks} == {
        h.id: dict(h.banks) for h in gm.hex.hexes if h.banks}
    assert "[banks.rhine]" in mapdoc.write_text(mapdoc.doc_to_map(doc), "test")


def test_bank_errors_are_found_at_the_two_hexes_as_check_map_finds_them() -> None:
    """Two adjacent hexes on different banks with no Rhine side between them, and
    two hexes across the Rhine on the same bank: errors at the pair of hexes."""
    doc = mapdoc.map_to_doc(data.game_map())
    doc["banks"]["2014"] = {"rhine": "german"}  # beside 2013 (allied) with no Rhine between them
    doc["banks"]["2013"] = {"rhine": "german"}  # across the Rhine from 2114 (german)
    found = mapdoc.problems(mapdoc.doc_to_map(doc), "x.toml", get_ruleset("nordwind-1945").authoring())
    errors = [p for p in found if p["level"] == "error"]
    assert errors and all(p["message"].startswith("x.toml: banks.rhine: hexes '") for p in errors)  # the file's key
    assert all(p.get("side") for p in errors)
    assert {"2013/2114"} <= {p["side"] for p in errors}
    # what check-map says of the same file: an error, and the first one the page lists
    from adjudicator.core.errors import MalformedInput
    from adjudicator.core.mapfile import check_map

    with pytest.raises(MalformedInput) as e:
        check_map(mapdoc.doc_to_map(doc), "x.toml")
    assert errors[0]["message"] == e.value.one_line()


def test_banks_of_lines_or_names_the_ruleset_does_not_read_are_warnings() -> None:
    doc = mapdoc.map_to_doc(data.game_map())
    doc["banks"]["0101"] = {"river": "east"}
    found = mapdoc.problems(mapdoc.doc_to_map(doc), "x.toml", get_ruleset("nordwind-1945").authoring())
    warnings = [p for p in found if p["level"] == "warning"]
    assert [w["hex"] for w in warnings] == ["0101"] and "'river'" in warnings[0]["message"]


def test_the_nordwind_vocabulary_names_the_rhine_banks_with_their_rules() -> None:
    v = get_ruleset("nordwind-1945").authoring()
    rhine = next(b for b in v.banks if b.line == "rhine")
    assert [t.name for t in rhine.banks] == ["german", "allied"]
    assert {t.rule for t in rhine.banks} == {"Nordwind 3.3", "Nordwind 10.1.1"}


def test_a_rulesets_derived_vocabulary_offers_the_banks_its_shipped_maps_use() -> None:
    """A ruleset that says nothing of its vocabulary gets, from its shipped
    maps, the river lines with banks they state (core/authoring.py `derived`)."""
    from adjudicator.core.authoring import derived
    from umpire.v1 import definition_pb2

    sc = definition_pb2.Scenario()
    sc.definition.map.CopyFrom(data.game_map())
    v = derived("hex", [sc])
    assert [(b.line, [t.name for t in b.banks]) for b in v.banks] == [("rhine", ["allied", "german"])]
