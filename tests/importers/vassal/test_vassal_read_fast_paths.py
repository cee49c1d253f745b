"""The save reader's in-place paths give what the plain reading gives.

* `AddPieceReader.parse` reads an AddPiece in place in the stream and
  remembers type fields (a repeated type is recognised by a memcmp at the
  offset and read from the right): its fields, state span and problems must be
  `AddPieceText.parse` of the command's own text, whatever came before;
* `deobfuscate_stream` decodes the entry piece by piece: same bytes, same
  encoding, same error (message and offset) as `deobfuscate` of the whole;
* `Archive.iter_read` is `Archive.read` in pieces, limits and errors included;
* `read_game_archive` without `keep_raw` (streamed) reads what it reads with it.
"""

from __future__ import annotations

import io
import zipfile
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.core.errors import MalformedInput
from importers.vassal import archive as archive_mod
from importers.vassal.archive import Archive, Limits
from importers.vassal import chains, seqenc
from importers.vassal.chains import AddPieceReader, AddPieceText
from importers.vassal.game import read_game_archive
from importers.vassal.pieces import Piece
from importers.vassal.to_canonical import masked_state, pseudonym
from importers.vassal.traits import BasicPieceView, LayerView, Trait, info, owner_of, read_properties_levels
from importers.vassal.obfuscation import VCSK, Encoding, deobfuscate, deobfuscate_stream, encode_saved_game

# Fields made of the characters that matter: the delimiter, escapes, quotes, TABs of nested traits.
fields = st.text(alphabet="/\\'a\tb;n", max_size=12)
types = st.lists(fields, min_size=1, max_size=4).map(lambda xs: "\\/".join(xs))  # with escaped "/"


def _command(pid: str, type_raw: str, rest: list[str]) -> str:
    return "+/" + "/".join([pid, type_raw, *rest])


commands = st.tuples(
    st.sampled_from(["1", "null", "", "2\\/x", "'q'"]),
    st.one_of(types, fields),
    st.lists(fields, max_size=3),  # the state and whatever follows it (VASSAL reads three fields)
)


@settings(max_examples=400, deadline=None)
@given(st.lists(commands, min_size=1, max_size=8), st.lists(st.integers(0, 7), max_size=8), st.text("xy\x1b", max_size=3))
def test_in_place_reading_gives_the_fields_of_the_command_text(cmds: list[tuple[str, str, list[str]]],
                                                               repeats: list[int], glue: str) -> None:
    # Repeats of earlier types with other states: the remembered path is taken.
    texts = [_command(*c) for c in cmds]
    texts += [_command(str(i), cmds[r % len(cmds)][1], [f"s{i}"]) for i, r in enumerate(repeats)]
    texts += [_command(str(i), cmds[r % len(cmds)][1], [f"s{i}\\/z", "extra"]) for i, r in enumerate(repeats)]
    src = glue + glue.join(texts) + glue
    reader = AddPieceReader()
    at = len(glue)
    for t in texts:
        got = reader.parse(src, at, at + len(t))
        want = AddPieceText.parse(t)
        assert (got.id, got.type, got.state, got.state_span) == (want.id, want.type, want.state, want.state_span), t
        assert AddPieceText.parse_at(src, at, at + len(t)).state_span == want.state_span
        at += len(t) + len(glue)


def test_a_type_remembered_is_not_taken_for_a_longer_field_with_the_same_ends() -> None:
    # Same length and ends as a remembered type, but an unescaped "/" inside:
    # the field ends there, as VASSAL's decoder reads it.
    reader = AddPieceReader()
    first = "+/1/ab\\/cd\\/ef/s"
    second = "+/2/ab\\/cd//ef/s"
    src = first + second
    reader.parse(src, 0, len(first))
    got = reader.parse(src, len(first), len(src))
    want = AddPieceText.parse(second)
    assert (got.type, got.state) == (want.type, want.state) == ("ab/cd", "")


hexes = st.binary(max_size=40).map(lambda b: b.hex().encode())


def _outcome(fn: Callable[..., tuple[bytes | bytearray, Encoding, int]], *args: object) -> object:
    try:
        raw, enc, start = fn(*args)
        return bytes(raw), enc, start
    except MalformedInput as e:
        return "error", str(e)


entries = st.one_of(
    st.tuples(st.sampled_from([b"!VCSK2a", b"!VCSKff", b"!VCSK0", b"!VCSKzz", b"!VCSK"]), hexes,
              st.sampled_from([b"", b"1", b"g", b"0 "]), hexes).map(lambda t: t[0] + t[1] + t[2] + t[3]),
    st.binary(max_size=30).map(lambda b: b"VOBS" + b),
    st.binary(max_size=30),
    st.just(b"!ABCD1234"),
)


@settings(max_examples=500, deadline=None)
@given(entries, st.lists(st.integers(1, 9), max_size=12))
def test_streamed_deobfuscation_is_the_whole_one(data: bytes, cuts: list[int]) -> None:
    pieces, at = [], 0
    for c in cuts:
        pieces.append(data[at : at + c])
        at += c
    pieces.append(data[at:])
    pieces = [p for p in pieces if p]
    assert _outcome(deobfuscate_stream, pieces, "w") == _outcome(deobfuscate, data, "w")


def _zip(entries: dict[str, bytes], method: int = zipfile.ZIP_DEFLATED) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", method) as z:
        for n, d in entries.items():
            z.writestr(n, d)
    return buf.getvalue()


def _read_outcome(blob: bytes, limits: Limits, streamed: bool, declared: tuple[int, int] | None = None) -> object:
    try:
        a = Archive(blob, "t.zip", limits)
        if declared is not None:  # a header that lies about the sizes: the limits hold on what is inflated
            a._infos["savedGame"].file_size = declared[0] or a._infos["savedGame"].file_size
            a._infos["savedGame"].compress_size = declared[1] or a._infos["savedGame"].compress_size
        out = []
        for name in ("first", "savedGame"):
            out.append(b"".join(a.iter_read(name)) if streamed else bytes(a.read(name)))
        return out, a._inflated
    except MalformedInput as e:
        return "error", str(e)


@pytest.mark.parametrize("limits", [Limits(), Limits(max_entry_bytes=3000), Limits(max_total_bytes=5000),
                                    Limits(max_ratio=2.0, ratio_floor=3000)])
@pytest.mark.parametrize("size", [0, 10, 2999, 3000, 3001, 9000])
@pytest.mark.parametrize("declared", [None, (5, 0), (2000, 0), (0, 1)])
def test_streamed_entry_is_the_whole_entry(monkeypatch: pytest.MonkeyPatch, limits: Limits, size: int,
                                           declared: tuple[int, int] | None) -> None:
    monkeypatch.setattr(archive_mod, "_READ_CHUNK", 1000)  # several pieces on small entries
    blob = _zip({"first": bytes(range(256)) * 10, "savedGame": b"z" * size})
    assert _read_outcome(blob, limits, False, declared) == _read_outcome(blob, limits, True, declared)


def test_streamed_entry_with_a_bad_crc_fails_as_the_whole_read() -> None:
    blob = bytearray(_zip({"first": b"", "savedGame": b"hello world" * 50}, zipfile.ZIP_STORED))
    blob[blob.index(b"hello")] ^= 1
    got = [_read_outcome(bytes(blob), Limits(), s) for s in (False, True)]
    assert got[0] == got[1] and isinstance(got[0], tuple) and got[0][0] == "error" and "CRC" in got[0][1]


@pytest.mark.parametrize("enc", [Encoding(VCSK, 0x2A), Encoding("VOBS", 7), Encoding("plain", 0)])
def test_streamed_save_reads_as_the_kept_entry(monkeypatch: pytest.MonkeyPatch, enc: Encoding) -> None:
    monkeypatch.setattr(archive_mod, "_READ_CHUNK", 333)
    text = "begin_save\x1b+/1/piece;;;a.png;A\\/B/Map;1;2\x1b+/2/stack/Map;1;2;1\x1bend_save" * 20
    blob = _zip({"savedGame": encode_saved_game(text, enc), "savedata": b"<x/>"})
    kept = read_game_archive(Archive(blob, "t.vsav"), keep_raw=True)
    streamed = read_game_archive(Archive(blob, "t.vsav"))
    assert streamed.raw is None and kept.raw is not None
    assert (streamed.text, streamed.encoding, streamed.fingerprint, streamed.entries) == \
        (kept.text, kept.encoding, kept.fingerprint, kept.entries)
    assert [p.line() for p in streamed.problems] == [p.line() for p in kept.problems]
    assert [(e.piece.id, e.piece.type, e.piece.state, e.add.state_span, e.add.text) for e in streamed.pieces.values()] \
        == [(e.piece.id, e.piece.type, e.piece.state, e.add.state_span, e.add.text) for e in kept.pieces.values()]


def test_problems_of_a_bad_add_piece_read_in_place() -> None:
    text = "begin_save\x1b+/null/piece;;;a;b/s\x1b+/7//s\x1b+/8/piece;;;a;b/x\x1b+/8/piece;;;a;b/y\x1bend_save"
    blob = _zip({"savedGame": encode_saved_game(text, Encoding())})
    g = read_game_archive(Archive(blob, "t.vsav"))
    lines = [p.message for p in g.problems]
    assert lines == ["AddPiece without an id or a type: VASSAL skips it"] * 2 + \
        ["a second piece with this id replaces the first"]
    assert "'+/null/piece;;;a;b/s'" in g.problems[0].where
    assert g.counts["add"] == 4 and g.pieces["8"].piece.state == "y"


# Texts that are nearly chains: runs one backslash short or long, backslashes
# in values, values that are only backslashes, quotes after TABs.
near_chains = st.lists(st.tuples(st.text(alphabet="a\\'", max_size=3), st.integers(-1, 1)), min_size=1, max_size=12).map(
    lambda lv: "".join(v + "\\" * max(0, k + d) + "\t" for k, (v, d) in enumerate(lv[:-1])) + lv[-1][0])


@settings(max_examples=1500, deadline=None)
@given(st.one_of(near_chains, st.text(alphabet="a\\\t'", max_size=30)))
def test_any_text_splits_as_vassal_peels_it(s: str) -> None:
    ch = chains.split_chain(s)
    assert ch.values == chains._split_exact(s)
    for n in range(1, len(ch.values) + 2):
        want: list[str] = []
        rest = s
        for _ in range(n - 1):  # Decorator.setState: peel one level at a time, the rest goes inward
            toks = seqenc.decode(rest, "\t")
            want.append(toks[0])
            if len(toks) < 2:
                break
            rest = toks[1]
        else:
            want.append(rest)
        assert chains.split_levels(s, n) == (want if n > 1 else [s])


def _masked_reference(piece: Piece) -> str:
    """masked_state as it read every decorator level (before the memo)."""
    state = piece.state
    types, states = piece.levels()
    for i, ty in enumerate(types):
        if ty.startswith(("obs;", "hide;", "restrict;")):
            owner = owner_of(Trait(i, ty, states[i]))
            if owner:
                state = Piece(piece.id, piece.type, state).state_with_level(i, states[i].replace(owner, pseudonym(owner)))
    return state


decorators = st.lists(st.sampled_from(["obs;x;y", "hide;h", "restrict;a", "mark;k", "obsx;", "emb2;q"]), max_size=5)


@settings(max_examples=200, deadline=None)
@given(decorators, st.lists(st.sampled_from(["alice", "", "null", "bob;1", "alice\\;x"]), min_size=5, max_size=5))
def test_masked_state_masks_the_owner_levels_only(kinds: list[str], owners: list[str]) -> None:
    types = [*kinds, "piece;;;a.png;A"]
    states = [*owners[: len(kinds)], "Map;1;2"]
    piece = Piece("1", chains.join_chain(types), chains.join_chain(states))
    assert masked_state(piece) == _masked_reference(piece)


def test_a_chain_deeper_than_the_run_table_splits_as_vassal_peels_it() -> None:
    # Runs past the 256 precomputed ones; every 50th trait nests a TAB.
    values = [f"t{k};a\tb" if k % 50 == 7 else f"t{k};x" for k in range(300)] + ["piece;;;a;b"]
    s = chains.join_chain(values)
    ch = chains.split_chain(s)
    assert ch.values == chains._split_exact(s) == values
    assert ch.spans is not None and [s[a:b] for a, b in ch.spans][0] == values[0]


def _properties_reference(types: list[str], states: list[str], basic: BasicPieceView) -> dict[str, str]:
    """read_properties_levels as it read every level through a Trait (before the memo)."""
    props: dict[str, str] = dict(basic.props)
    props["BasicName"] = props["PieceName"] = basic.name
    for i in range(len(types) - 1, -1, -1):
        t = Trait(i, types[i], states[i])
        if t.prefix == "mark;":
            vals = seqenc.decode(t.state, ",")
            for j, k in enumerate(info(t.type).keys):
                if k:
                    props[k] = vals[j] if j < len(vals) else ""
        elif t.prefix in ("PROP;", "label;"):
            props[info(t.type).name] = t.state
        elif t.prefix == "emb2;":
            lay = LayerView.read(t)
            if lay.name:
                props[f"{lay.name}_Level"] = str(lay.level)
                props[f"{lay.name}_Active"] = "true" if lay.active else "false"
                if lay.level_names and 0 < lay.level <= len(lay.level_names):
                    props[f"{lay.name}_Name"] = lay.level_names[lay.level - 1]
        elif t.prefix == "basicName;" and info(t.type).name:
            props["BasicName"] = info(t.type).name
        elif t.prefix == "restrict;" and info(t.type).sides:
            props.setdefault("RestrictedSides", ",".join(info(t.type).sides))
    return props


trait_types = st.sampled_from([
    "mark;Side", "mark;A,B", "mark;", "PROP;Steps;1;false", "PROP;;x", "label;;;;;;;;;;;;;;;Name", "label;",
    "emb2;Activate;128;A;;;;;;;;;;;;a.png,b.png;One,Two;;Step;;;;;;;;true", "emb2;", "basicName;Real",
    "basicName;", "restrict;Allies\\,Central;x", "restrict;", "obs;x", "prototype;P", "markx;Q",
])
trait_states = st.sampled_from(["", "1", "2", "-1", "a,b", "x\\,y", "'q'", "3;x", "Allies"])


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(trait_types, trait_states), max_size=8))
def test_properties_read_as_every_level_is_read(levels: list[tuple[str, str]]) -> None:
    types = [t for t, _ in levels]
    states = [s for _, s in levels]
    basic = BasicPieceView.read("piece;;;a.png;Unit", "Map;1;2;g;1;K;V")
    assert read_properties_levels(types, states, basic) == _properties_reference(types, states, basic)
