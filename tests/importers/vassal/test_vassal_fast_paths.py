"""The import's fast paths give what the plain reading gives.

AddPieceText.parse reads only the three fields VASSAL reads, from offsets of
the command text (no copy of a monster piece's text, no scan past the state):
the fields and the state's span are those of splitting the whole body. A deep
trait chain is split by comparing each level's backslash suffix, which must
agree with VASSAL's peeling one level at a time."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from importers.vassal import chains
from importers.vassal.chains import AddPieceText, first_spans, split_spans, token_value

texts = st.text(alphabet="/\\'ab\tnul", max_size=40)


@settings(max_examples=400, deadline=None)
@given(texts, st.integers(min_value=0, max_value=5), st.integers(min_value=1, max_value=4))
def test_first_spans_are_the_first_spans_of_the_whole_split(s: str, start: int, n: int) -> None:
    start = min(start, len(s))
    whole = [(a + start, b + start) for a, b in split_spans(s[start:], "/")[:n]]
    assert first_spans(s, start, "/", n) == whole


@settings(max_examples=400, deadline=None)
@given(texts)
def test_parse_gives_the_fields_of_splitting_the_whole_body(rest: str) -> None:
    text = "+/" + rest
    body = text[2:]
    spans = split_spans(body, "/")
    vals = [token_value(body[a:b], "/") for a, b in spans[:3]] + ["", "", ""]
    a, b = spans[2] if len(spans) > 2 else (len(body), len(body))
    ap = AddPieceText.parse(text)
    assert (ap.id, ap.type, ap.state) == (None if vals[0] == "null" else vals[0], vals[1], vals[2])
    assert ap.state_span == (a + 2, b + 2)


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet="/\\'a;", max_size=30), st.sampled_from(["/", ";"]))
def test_token_value_drops_the_backslash_of_every_escaped_delimiter(raw: str, delim: str) -> None:
    value = raw.replace("\\" + delim, delim)
    if len(value) > 1 and value[0] == "'" and value[-1] == "'":
        value = value[1:-1]
    assert token_value(raw, delim) == value


levels = st.lists(st.text(alphabet="a\\\t';", max_size=6), min_size=1, max_size=60)


@settings(max_examples=300, deadline=None)
@given(levels)
def test_a_deep_chain_splits_as_vassal_peels_it(values: list[str]) -> None:
    s = chains.join_chain(values)
    assert chains.split_chain(s).values == chains._split_exact(s)
    assert chains.split_levels(s, len(values))[: len(values) - 1] == chains._split_exact(s)[: len(values) - 1]


@settings(max_examples=300, deadline=None)
@given(levels)
def test_a_deep_chain_s_spans_are_each_level_s_raw_token(values: list[str]) -> None:
    """The spans an edit splices into: level k's raw text, ended by k
    backslashes and a TAB (the last level runs to the end)."""
    s = chains.join_chain(values)
    ch = chains._split_fast(s)
    if ch is None:
        return  # quoted tokens: VASSAL's peeling is used, and edits re-encode
    assert ch.values == chains._split_exact(s) and ch.spans is not None
    for k, (a, b) in enumerate(ch.spans):
        assert chains._unescape(s[a:b], k + 1) == ch.values[k]
        if k < len(ch.spans) - 1:
            assert s[b : b + k + 1] == "\\" * k + "\t" and ch.spans[k + 1][0] == b + k + 1
        else:
            assert b == len(s)


@settings(max_examples=200, deadline=None)
@given(st.integers(min_value=2, max_value=300), st.lists(st.integers(min_value=0, max_value=299), max_size=8),
       st.sampled_from(["x", "a;b", "a\\\\b"]))
def test_a_deep_chain_with_sparse_nested_traits_splits_as_vassal_peels_it(n: int, nested: list[int], text: str) -> None:
    """Long plain stretches between the traits that nest a TAB (the shape of
    the Paths of Glory save's deep counters): the stretches are compared a
    window at a time, the nested traits a part at a time; values and spans
    are those of VASSAL's peeling, with or without a nested trait at a window's edge."""
    values = [f"t{k};{text}" + ("\tinner\tmore" if k in nested else "") for k in range(n - 1)] + ["piece;;;0"]
    s = chains.join_chain(values)
    ch = chains.split_chain(s)
    assert ch.values == chains._split_exact(s) == values
    full = chains._split_fast(s)
    assert full is not None and full.spans is not None and ch.spans == full.spans
    assert [chains._unescape(s[a:b], k + 1) for k, (a, b) in enumerate(full.spans)] == values


@settings(max_examples=200, deadline=None)
@given(levels, st.sampled_from(["a", "a;", "'", "prototype;", "\t"]))
def test_levels_starting_and_has_trait_read_the_decorators_as_a_scan_would(values: list[str], prefix: str) -> None:
    from importers.vassal.pieces import Piece

    s = chains.join_chain(values)
    ch = chains.split_chain(s)
    assert ch.levels_starting((prefix, "'")) == [i for i, v in enumerate(ch.values) if v.startswith((prefix, "'"))]
    p = Piece("1", s, chains.join_chain([""] * len(values)))
    assert p.has_trait(prefix) == any(t.startswith(prefix) for t in p.levels()[0])
