"""Every real sample file read and round-tripped; the recorded location labels reproduced.

The files live in ../shared/vassal-samples (never committed); these tests skip
with a reason when that folder is absent.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from importers.vassal import chains, cmdtree
from importers.vassal.archive import Archive
from importers.vassal.buildfile import BuildFile
from importers.vassal.game import read_game_file
from importers.vassal.module import Module, parse_board_picker
from importers.vassal.obfuscation import decode_saved_game, encode_saved_game
from importers.vassal.pieces import StackState

pytestmark = pytest.mark.samples

SAVES = ["vassal-tour.log", "ragnarok-start.vsav"]
MODULES = ["vassal-tour.mod", "jzhex-n-counters-template-v12-379.vmod", "ragnarok-v12-379-unpacked.vmod"]


@pytest.mark.parametrize("name", SAVES)
def test_saved_game_entry_roundtrips_byte_for_byte(samples_dir: Path, name: str) -> None:
    a = Archive.open(samples_dir / name)
    data = a.read("savedGame")
    text, enc = decode_saved_game(data, name)
    assert encode_saved_game(text, enc) == data
    stream = cmdtree.Stream(text)
    assert cmdtree.Splicer(stream).apply() == text
    # The raw tree means what VASSAL's own string decoding means.
    assert _same(cmdtree.semantic(stream.root), cmdtree._decode_string(text))


def _same(a: cmdtree.Command, b: cmdtree.Command) -> bool:
    return a.text == b.text and len(a.children) == len(b.children) and all(_same(x, y) for x, y in zip(a.children, b.children))


@pytest.mark.parametrize("name", SAVES)
def test_every_piece_chain_decodes_and_reencodes_exactly(samples_dir: Path, name: str) -> None:
    g = read_game_file(samples_dir / name, strict=True)
    texts = [c.text for c in g.root.walk()]
    adds = [chains.AddPieceText.parse(t[4:] if t.startswith("LOG\t") else t) for t in texts
            if t.startswith(("+/", "LOG\t+/"))]
    assert len(adds) >= 17
    for ap in adds:
        for s in (ap.type, ap.state):
            assert chains.split_chain(s).values == chains._split_exact(s)
            assert chains.join_chain(chains._split_exact(s)) == s
        assert chains.add_piece_text(ap.id, ap.type, ap.state) in texts or ("LOG\t" + chains.add_piece_text(ap.id, ap.type, ap.state)) in texts


def test_ragnarok_start_contents(samples_dir: Path) -> None:
    g = read_game_file(samples_dir / "ragnarok-start.vsav", strict=True)
    assert g.encoding.kind == "!VCSK" and g.encoding.key == 0xD6
    assert len(g.pieces) == 154 and not g.problems
    assert set(g.boards) == {"Main Map", "deployment", "DeadPile"}
    assert [t.tracker for t in g.turns] == ["TurnTracker0"]
    odin = g.pieces["1711658022991"].piece
    assert odin.name == "en-odin" and odin.properties()["Side"] == "Aesir"
    assert [lay.name for _, lay in odin.layers()] == ["Flip"]
    stack = g.pieces["1711662791696"].piece
    assert StackState.read(stack.state).ids == ["1711662832883", "1711658022991", "1711662797310"]
    assert g.metadata is not None and g.metadata.vassal_version == "3.7.9"


def test_tour_log_steps(samples_dir: Path) -> None:
    g = read_game_file(samples_dir / "vassal-tour.log", strict=True)
    assert g.encoding.kind == "plain"
    assert len(g.log_steps) == 114 and g.setup_stack
    step = next(s for s in g.log_steps if any(t.startswith("+/1116883991882/") for t in s.texts))
    assert [t[:16] for t in step.texts] == ["+/1116883991882/", "+/1116883991883/", "CHAT* 1ME create"]


# -- location labels -------------------------------------------------------------------


def _tour_reports(samples_dir: Path) -> list[tuple[str, str, int, int]]:
    """(label reported in chat, board shown, x, y) for every chat line that
    reports where the piece just created or moved is."""
    g = read_game_file(samples_dir / "vassal-tour.log")
    board = g.boards["Main Map"][0].name
    last: tuple[int, int] | None = None
    old: tuple[int, int] | None = None
    out = []
    for c in g.root.walk():
        t = c.text[4:] if c.text.startswith("LOG\t") else c.text
        if t.startswith("Main MapBoardPicker\t"):
            board = parse_board_picker(t)[1][0].name
        elif t.startswith("+/") and "/stack/" in t:
            s = StackState.read(chains.AddPieceText.parse(t).state)
            last, old = (s.x, s.y), None
        elif t.startswith("M/"):
            f = t[2:].split("/")
            last, old = (int(f[2]), int(f[3])), (int(f[6]), int(f[7]))
        elif t.startswith("CHAT*") and last is not None:
            m = re.search(r"moves (.+) -> (.+) \*$", t)
            if m and old is not None:
                out += [(m.group(1), board, *old), (m.group(2), board, *last)]
                continue
            m = re.search(r"(?:created in| in) (\w[\w ]*)$", t)
            if m:
                out.append((m.group(1), board, *last))
    return out


def test_tour_log_chat_labels(samples_dir: Path) -> None:
    mod = Module.open(samples_dir / "vassal-tour.mod")
    reports = _tour_reports(samples_dir)
    distinct = {(label, board) for label, board, _, _ in reports}
    assert len(distinct) == 24 and len(reports) == 48, distinct
    wrong = []
    for label, board, x, y in reports:
        geo = mod.map_geometry("Main Map", parse_board_picker(f"Main MapBoardPicker\t{board}\t0\t0")[1])
        got = geo.location_name(x, y)
        if got != label:
            wrong.append((label, got, board, x, y))
    assert not wrong


def test_ragnarok_old_location_names(samples_dir: Path) -> None:
    mod = Module.open(samples_dir / "ragnarok-v12-379-unpacked.vmod")
    g = read_game_file(samples_dir / "ragnarok-start.vsav")
    geo = mod.map_geometry("Main Map", g.boards["Main Map"])
    seen = {}
    for e in g.pieces.values():
        if e.piece.kind != "piece":
            continue
        p = e.piece.properties()
        if p.get("OldMap") == "Main Map":
            seen[(p["OldX"], p["OldY"])] = p["OldLocationName"]
    assert len(seen) == 4
    for (x, y), name in seen.items():
        assert geo.location_name(int(x), int(y)) == name
    assert sorted(seen.values()) == ["Endurance 015", "Endurance 017", "Endurance 018", "offboard"]


def test_template_hex_labels_from_the_research_notes(samples_dir: Path) -> None:
    mod = Module.open(samples_dir / "jzhex-n-counters-template-v12-379.vmod")
    geo = mod.map_geometry("Main Map")
    assert geo.location_name(427, 465) == "0505"
    assert geo.location_name(103, 43) == "0101"
    assert geo.location_name(22, 90) == "0001"
    assert geo.point_of("Map", "0505") == mod.map_geometry("Main Map").point_of("Map", "0505")
    x, y = geo.point_of("Map", "0505")
    assert geo.location_name(x, y) == "0505"


# -- modules -----------------------------------------------------------------------------


@pytest.mark.parametrize("name", MODULES)
def test_module_reads_and_slots_roundtrip(samples_dir: Path, name: str) -> None:
    mod = Module.open(samples_dir / name)
    assert mod.views.maps and mod.views.slots
    for s in list(mod.views.slots) + list(mod.views.prototypes.values()):
        ap = chains.AddPieceText.parse(s.text)
        assert chains.add_piece_text(ap.id, ap.type, ap.state) == s.text
        for t in (ap.type, ap.state):
            assert chains.split_chain(t).values == chains._split_exact(t)
    assert mod.buildfile.to_bytes() == mod.buildfile.original


@pytest.mark.parametrize("name", MODULES)
def test_build_file_tree_reserialises_equivalently(samples_dir: Path, name: str) -> None:
    mod = Module.open(samples_dir / name)
    mod.buildfile.modified = True
    data = mod.buildfile.to_bytes()
    again = BuildFile(data, mod.buildfile.entry, "again")
    a = [(e.tag, dict(e.attrib), e.text) for e in mod.buildfile.root.iter()]
    b = [(e.tag, dict(e.attrib), e.text) for e in again.root.iter()]
    assert a == b


def test_legacy_build_file_entry(samples_dir: Path) -> None:
    mod = Module.open(samples_dir / "vassal-tour.mod")
    assert mod.buildfile.entry == "buildFile" and mod.metadata is None
    assert mod.views.vassal_version == "2.0b6"
