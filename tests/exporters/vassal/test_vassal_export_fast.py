"""Writing a state back onto the save it was imported from, the fast way: the
state's import_source says which piece is which unit and what the save
showed, only changed pieces are decoded, and the savedGame entry is spliced
from its original bytes. These tests hold the fast path to the results of the
full path (every piece bound again) and to VASSAL's stream rules."""

from __future__ import annotations

from pathlib import Path

import pytest

from exporters.vassal.archive import save_entries, zip_bytes
from exporters.vassal.from_canonical import apply_state, apply_state_encoded
from importers.vassal import cmdtree
from importers.vassal.archive import Archive
from importers.vassal.game import read_game_archive, read_saved_game
from importers.vassal.module import Module
from importers.vassal.obfuscation import PLAIN, VCSK, VOBS, Encoding, encode_saved_game
from importers.vassal.to_canonical import import_game
from tests.support.vassal import changed, game_from_text, hex_scenario, module_for, setup_game
from umpire.v1 import state_pb2, vassal_pb2

B = vassal_pb2.VassalBinding(ruleset="synthetic-hex")


@pytest.fixture(scope="module")
def mod() -> Module:
    return module_for(hex_scenario())


def _unit(state: state_pb2.GameState, uid: str) -> state_pb2.UnitState:
    return next(u for u in state.units if u.unit_id == uid)


def _base(game: object, enc: Encoding | None = None) -> object:
    """The save as `convert --base` reads it: lazily, entry bytes kept."""
    text = game.text  # type: ignore[attr-defined]
    data = zip_bytes(save_entries(text, enc or Encoding(), {}))
    return read_game_archive(Archive(data, "base.vsav"), lazy=True, keep_raw=True)


def children_before_stacks(text: str) -> None:
    """VASSAL restores a stack's list from pieces already read: every id a
    stack lists must be added before the stack."""
    seen: set[str] = set()
    for c in cmdtree.semantic(cmdtree.Stream(text).root).walk():
        if not c.text.startswith("+/"):
            continue
        pid, _, rest = c.text[2:].partition("/")
        if rest.startswith("stack/"):
            ids = [t for t in rest[len("stack/"):].split(";")[3:] if t and not t.startswith("@@")]
            assert set(ids) <= seen, f"stack {pid} lists {set(ids) - seen} before they are added"
        seen.add(pid)


def test_import_records_what_the_save_showed(mod: Module) -> None:
    game = setup_game(mod)
    src = import_game(game, mod, B, use_engine=False).state.import_source
    assert src.format == "vassal" and src.file == game.name and game.fingerprint in src.fingerprint
    assert sorted(src.unit_objects) == ["b1", "b2", "r1"]
    assert all(game.pieces[p].piece.name for p in src.unit_objects.values())
    assert {u.unit_id: u.location for u in src.units} == {"b1": "0304", "b2": "0304", "r1": "0606"}


@pytest.mark.parametrize("uid,loc", [("r1", "0707"), ("b1", "0404")])
def test_fast_path_writes_what_the_full_path_writes(mod: Module, uid: str, loc: str) -> None:
    game = setup_game(mod)
    state = import_game(game, mod, B, use_engine=False).state
    _unit(state, uid).location = loc
    _unit(state, "b2").steps_lost = 1
    fast_text, fast = apply_state(_base(game), mod, B, state)  # type: ignore[arg-type]
    bare = state_pb2.GameState()
    bare.CopyFrom(state)
    bare.ClearField("import_source")
    slow_text, slow = apply_state(_base(game), mod, B, bare)  # type: ignore[arg-type]
    assert fast.fast and not slow.fast
    assert fast_text == slow_text and (fast.moved, fast.changed) == (slow.moved, slow.changed) == ([uid], ["b2"])
    again = import_game(game_from_text(fast_text), mod, B, use_engine=False).state
    assert _unit(again, uid).location == loc and _unit(again, "b2").steps_lost == 1


def test_a_state_from_another_save_is_not_trusted(mod: Module) -> None:
    """The import_source of a state read from save A says nothing about save B:
    writing onto B binds B's pieces again."""
    game = setup_game(mod)
    state = import_game(game, mod, B, use_engine=False).state
    _unit(state, "r1").location = "0707"
    text_b, _ = apply_state(game, mod, B, state)  # save B: r1 already at 0707
    _unit(state, "b1").location = "0101"
    out, report = apply_state(_base(game_from_text(text_b)), mod, B, state)  # type: ignore[arg-type]
    assert not report.fast and report.moved == ["b1"]
    again = import_game(game_from_text(out), mod, B, use_engine=False).state
    assert (_unit(again, "r1").location, _unit(again, "b1").location) == ("0707", "0101")


def test_another_binding_is_not_trusted(mod: Module) -> None:
    game = setup_game(mod)
    state = import_game(game, mod, B, use_engine=False).state
    other = vassal_pb2.VassalBinding(ruleset="synthetic-hex", off_map_maps=["Nowhere"])
    assert not apply_state(_base(game), mod, other, state)[1].fast  # type: ignore[arg-type]
    assert apply_state(_base(game), mod, B, state)[1].fast  # type: ignore[arg-type]


@pytest.mark.parametrize("enc", [Encoding(VCSK, 0x2A), Encoding(VOBS, 0x51), Encoding(PLAIN, 0)])
def test_spliced_entry_equals_a_full_encoding(mod: Module, enc: Encoding) -> None:
    """Non-ASCII names shift byte offsets against character offsets."""
    game = setup_game(mod)
    text = game.text.replace("1st Blue", "1er Bleu é€𝄞")
    g = read_saved_game(encode_saved_game(text, enc), "u.vsav", keep_raw=True, lazy=True)
    state = import_game(g, mod, B, use_engine=False).state
    _unit(state, "r1").location = "0808"
    _unit(state, "b1").location = "0101"
    data, report = apply_state_encoded(g, mod, B, state)
    assert report.fast
    g2 = read_saved_game(encode_saved_game(text, enc), "u.vsav")
    expected, _ = apply_state(g2, mod, B, state)
    assert data == encode_saved_game(expected, enc)
    assert "1er Bleu é€𝄞" in read_saved_game(data, "out.vsav").text


def test_another_encoding_is_written_in_full(mod: Module) -> None:
    game = setup_game(mod)
    base = _base(game)
    state = import_game(base, mod, B, use_engine=False).state  # type: ignore[arg-type]
    data, _ = apply_state_encoded(base, mod, B, state, Encoding(VOBS, 7))  # type: ignore[arg-type]
    assert data == encode_saved_game(game.text, Encoding(VOBS, 7))


def test_unchanged_state_gives_the_entry_back_byte_for_byte(mod: Module) -> None:
    game = setup_game(mod)
    data = zip_bytes(save_entries(game.text, Encoding(VCSK, 0x3C), {}))
    base = read_game_archive(Archive(data, "b.vsav"), lazy=True, keep_raw=True)
    state = import_game(base, mod, B, use_engine=False).state
    entry, report = apply_state_encoded(base, mod, B, state)
    assert report.fast and entry == Archive(data, "b.vsav").read("savedGame")


def test_a_stack_that_gains_a_later_piece_is_written_after_it(mod: Module) -> None:
    """A unit created (or moved) into a stack written before it: VASSAL would
    drop it from the stack's list, so the stack goes after it, same id."""
    game = setup_game(mod)
    state = import_game(game, mod, B, use_engine=False).state
    _unit(state, "r1").status = state_pb2.UnitState.ELIMINATED
    text, _ = apply_state(game, mod, B, state)
    g2 = game_from_text(text)
    st2 = import_game(g2, mod, B, scenario=state.scenario, use_engine=False).state
    r1 = _unit(st2, "r1")
    r1.status, r1.location = state_pb2.UnitState.ON_MAP, "0304"  # onto b1 and b2's stack
    out, report = apply_state(g2, mod, B, st2)
    assert report.created == ["r1"]
    children_before_stacks(out)
    gone, new = changed(text, out)
    assert len(gone) == 1 and "/stack/" in gone[0] and len(new) == 2  # the stack (same id, one more) and r1
    assert gone[0].split("/stack/")[0] == next(n for n in new if "/stack/" in n).split("/stack/")[0]
    again = import_game(game_from_text(out), mod, B, use_engine=False).state
    assert {u.unit_id: u.location for u in again.units} == {"b1": "0304", "b2": "0304", "r1": "0304"}


def test_lazy_read_finds_bad_pieces_when_it_must(mod: Module) -> None:
    """A lazy read defers decoding; the full path decodes (and reports) then."""
    game = setup_game(mod)
    pid = next(p for p, e in game.pieces.items() if e.piece.kind == "piece")
    a = game.pieces[pid].add
    bad = game.text.replace(a.text, a.with_state("null;0;0"))  # fewer levels than the type
    lazy = read_saved_game(encode_saved_game(bad, Encoding()), "bad.vsav", lazy=True)
    assert not lazy.problems and not lazy.decoded
    lazy.decode_pieces()
    assert any(pid in p.where and "no state for trait" in p.message for p in lazy.problems)
    eager = read_saved_game(encode_saved_game(bad, Encoding()), "bad.vsav")
    assert [p.line() for p in eager.problems] == [p.line() for p in lazy.problems]


def test_convert_base_uses_the_fast_path_and_keeps_other_entries(mod: Module, tmp_path: Path) -> None:
    from cli.vassal_cmds import do_convert
    from exporters.canonical import write_message
    from importers.canonical import read_message

    game = setup_game(mod)
    base = tmp_path / "base.vsav"
    base.write_bytes(zip_bytes(save_entries(game.text, Encoding(VCSK, 0x11), {"savedata": b"<data/>", "notes": b"x"})))
    mod_path = tmp_path / "m.vmod"
    mod_path.write_bytes(_module_bytes(mod))
    bfile = tmp_path / "b.json"
    write_message(bfile, B)
    do_convert(base, tmp_path / "s.json", mod_path, bfile, None, None, None, None, False, None, None, [])
    st = read_message(tmp_path / "s.json", state_pb2.GameState())
    assert st.import_source.unit_objects
    _unit(st, "r1").location = "0101"
    write_message(tmp_path / "s.json", st)
    do_convert(tmp_path / "s.json", tmp_path / "out.vsav", mod_path, bfile, None, None, base, None, False, None, None, [])
    out = Archive.open(tmp_path / "out.vsav")
    assert out.names() == ["savedGame", "savedata", "notes"] and out.read("notes") == b"x"
    g = read_game_archive(out)
    assert g.encoding == Encoding(VCSK, 0x11)
    gone, new = changed(game.text, g.text)
    assert len(gone) == len(new) == 1


def _module_bytes(mod: Module) -> bytes:
    names = mod.archive.names()
    return zip_bytes((n, mod.archive.read(n)) for n in names)


def test_pieces_made_from_the_palette_have_their_prototypes_expanded(mod: Module) -> None:
    """As VASSAL's PieceCloner makes a piece dragged out of the palette."""
    from exporters.vassal.build import build_save, scenario_state
    from importers.vassal.pieces import Piece

    slot_piece = next(Piece(None, *_type_state(s.text)) for s in mod.views.slots)
    assert slot_piece.prototypes()  # the module's slots reference their prototypes
    text, _ = build_save(mod, B, scenario_state(hex_scenario()))
    made = [e.piece for e in game_from_text(text).pieces.values() if e.piece.kind == "piece"]
    assert made and all(not p.prototypes() for p in made)
    assert all(any(t.type.startswith("delete;") for t in p.traits) for p in made)  # from prototype "Side ..."
    assert {p.properties()["Side"] for p in made} == {"blue", "red"}


def _type_state(text: str) -> tuple[str, str]:
    from importers.vassal.chains import AddPieceText

    ap = AddPieceText.parse(text)
    return ap.type, ap.state


@pytest.mark.parametrize("enc", [Encoding(VCSK, 0x2A), Encoding(VOBS, 0x51), Encoding(PLAIN, 0)])
def test_splicing_the_entry_equals_encoding_the_edited_stream(enc: Encoding) -> None:
    """Hypothesis: any replacements, deletions and insertions of leaves of any
    stream (ASCII or not), spliced into the encoded entry, give the entry of
    the edited stream."""
    from hypothesis import given, settings
    from hypothesis import strategies as st

    words = st.text(alphabet=st.sampled_from(list("ab;/é€𝄞 +")), min_size=0, max_size=6)

    @settings(max_examples=60, deadline=None)
    @given(st.lists(words, min_size=2, max_size=8), st.lists(st.tuples(st.integers(0, 7), st.sampled_from(
        ["replace", "delete", "after"]), words), max_size=4))
    def check(items: list[str], edits: list[tuple[int, str, str]]) -> None:
        text = cmdtree.build_list(items)
        stream = cmdtree.Stream(text)
        leaves = stream.root.items if isinstance(stream.root, cmdtree.Seq) else [stream.root]
        sp = cmdtree.Splicer(stream)
        used: set[int] = set()
        for i, what, new in edits:
            if i >= len(leaves) or i in used or not isinstance(leaves[i], cmdtree.Leaf):
                continue
            used.add(i)
            leaf = leaves[i]
            assert isinstance(leaf, cmdtree.Leaf)
            if what == "replace":
                sp.replace(leaf, new)
            elif what == "delete" and len(leaves) > 1:
                sp.delete(leaf)
            else:
                sp.insert_after(leaf, new)
        try:
            expected = encode_saved_game(sp.apply(), enc)
        except ValueError:
            return  # overlapping edits (a delete next to an insertion): refused either way
        assert sp.apply_encoded(encode_saved_game(text, enc), enc) == expected

    check()
