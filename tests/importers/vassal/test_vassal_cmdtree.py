"""Command tree and trait chains: the fast raw parsers agree with VASSAL's string
algorithm on every input (fuzzed), and the readers raise only typed errors."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.core.errors import MalformedInput
from importers.vassal import chains, cmdtree
from importers.vassal.game import read_saved_game
from importers.vassal.obfuscation import Encoding, encode_saved_game

ESC = "\x1b"


def same(a: cmdtree.Command, b: cmdtree.Command) -> bool:
    return a.text == b.text and len(a.children) == len(b.children) and all(
        same(x, y) for x, y in zip(a.children, b.children)
    )


def test_nesting_by_escaping() -> None:
    text = "begin_save" + ESC + "" + ESC + "\\" + ESC + "+/1/t/s" + "\\" + ESC + "+/2/t/s" + ESC + "end_save"
    root = cmdtree.semantic(cmdtree.Stream(text).root)
    assert [c.text for c in root.children] == ["", "", "end_save"]
    assert [c.text for c in root.children[1].children] == ["+/1/t/s", "+/2/t/s"]


def test_splicer_replaces_inserts_deletes_and_keeps_the_rest() -> None:
    text = "a" + ESC + "\\" + ESC + "b" + "\\" + ESC + "c" + ESC + "d"
    s = cmdtree.Stream(text)
    leaves = {c.text: c.leaf for c in cmdtree.semantic(s.root).walk()}
    sp = cmdtree.Splicer(s)
    assert leaves["b"] is not None and leaves["c"] is not None and leaves["d"] is not None
    sp.replace(leaves["b"], "B")
    sp.insert_after(leaves["c"], "c2")
    sp.delete(leaves["d"])
    out = sp.apply()
    assert out == "a" + ESC + "\\" + ESC + "B" + "\\" + ESC + "c" + "\\" + ESC + "c2"
    root = cmdtree.semantic(cmdtree.Stream(out).root)
    assert [c.text for c in root.walk()] == ["a", "", "B", "c", "c2"]


alphabet = st.sampled_from(["a", "\\", ESC, "'", "\t", "+", "/", ";"])


@settings(max_examples=400, deadline=None)
@given(st.lists(alphabet, max_size=24).map("".join))
def test_raw_tree_equals_vassal_decode(text: str) -> None:
    s = cmdtree.Stream(text)
    assert same(cmdtree.semantic(s.root), cmdtree._decode_string(text))
    assert cmdtree.Splicer(s).apply() == text


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(["a", "\\", "\t", "'", ";", "piece;"]), max_size=24).map("".join))
def test_fast_chain_split_equals_vassal_peeling(s: str) -> None:
    assert chains.split_chain(s).values == chains._split_exact(s)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(["v", "\t", "\\", "'", ";", "x"]), min_size=1, max_size=5).map(lambda v: ["".join(v)]),
       st.integers(0, 4))
def test_replace_level_changes_only_that_level(values: list[str], k: int) -> None:
    vals = ["emb2;a;b", "mark;Side", "piece;;;img;name"]
    raw = chains.join_chain(vals)
    idx = k % len(vals)
    try:
        new = chains.replace_level(raw, len(vals), idx, values[0])
    except ValueError:
        # VASSAL >= 3.4 cannot write a value that ends in a backslash before another level.
        assert values[0].endswith("\\") and idx < len(vals) - 1
        return
    expect = list(vals)
    expect[idx] = values[0]
    # The innermost level takes the rest of the string, as Decorator.setState gives it.
    assert chains.split_levels(new, len(vals)) == expect


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=200))
def test_reader_raises_only_typed_errors_on_garbage_bytes(data: bytes) -> None:
    try:
        read_saved_game(data, "fuzz.vsav")
    except MalformedInput:
        pass


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(["begin_save", ESC, "\\", "+/", "1/", "piece;;;i;n", "\t", "stack", ";", "M/",
                                 "D/", "-/", "LOG\t", "end_save", "null;0;0", "BoardPicker\t", "x"]),
                max_size=30).map("".join))
def test_command_parser_never_crashes(text: str) -> None:
    data = encode_saved_game(text, Encoding())
    for strict in (False, True):
        try:
            g = read_saved_game(data, "fuzz.vsav", strict=strict)
        except MalformedInput:
            continue
        for e in g.pieces.values():
            if e.piece.kind == "piece":
                _ = e.piece.properties(), e.piece.layers(), e.piece.name


def _peel(s: str, n: int) -> list[str]:
    from importers.vassal import seqenc

    out: list[str] = []
    rest = s
    for _ in range(n - 1):
        toks = seqenc.decode(rest, "\t")
        out.append(toks[0])
        if len(toks) < 2:
            return out
        rest = toks[1]
    return out + [rest]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(["a", "\\", "\t", "'", ";"]), max_size=20).map("".join), st.integers(1, 5))
def test_state_levels_equal_decorator_set_state(s: str, n: int) -> None:
    assert chains.split_levels(s, n) == _peel(s, n)
