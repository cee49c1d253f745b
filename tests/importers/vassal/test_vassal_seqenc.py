"""SequenceEncoder codec (research notes §2.1), incl. fuzzing: only typed results."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from importers.vassal import seqenc


def test_escaping_only_touches_the_delimiter() -> None:
    assert seqenc.encode(["a;b", "c\\d", "e"], ";") == "a\\;b;c\\d;e"
    assert seqenc.decode("a\\;b;c\\d;e", ";") == ["a;b", "c\\d", "e"]


def test_empty_and_trailing_tokens() -> None:
    assert seqenc.decode("", ";") == [""]
    assert seqenc.decode(None, ";") == []
    assert seqenc.decode("a;", ";") == ["a", ""]
    assert seqenc.decode("a;;b", ";") == ["a", "", "b"]
    assert seqenc.encode([], ";") is None  # VASSAL's getValue() of an empty encoder is null
    assert seqenc.encode(["", None, "x"], ";") == ";;x"


def test_quoting_rules_by_version() -> None:
    # 3.4+: quote when the token starts with a backslash or is enclosed in quotes.
    assert seqenc.encode_token("\\x", ";") == "'\\x'"
    assert seqenc.encode_token("'x'", ";") == "''x''"
    assert seqenc.encode_token("x\\", ";") == "x\\"
    # 3.3: quote when it ends with a backslash instead.
    assert seqenc.encode_token("x\\", ";", seqenc.LEGACY) == "'x\\'"
    assert seqenc.encode_token("\\x", ";", seqenc.LEGACY) == "\\x"


def test_unquote_strips_one_pair_and_is_not_an_identity() -> None:
    assert seqenc.decode("'x'", ";") == ["x"]
    assert seqenc.encode(seqenc.decode("'x'", ";"), ";") == "x"  # why readers keep raw text
    assert seqenc.decode("'", ";") == ["'"]


def test_nested_levels_add_one_backslash_each() -> None:
    inner = seqenc.encode_str(["b", "c"], "\t")
    outer = seqenc.encode_str(["a", inner], "\t")
    assert outer == "a\tb\\\tc"
    assert seqenc.decode(outer, "\t") == ["a", "b\tc"]


def test_decoder_helpers_follow_vassal_defaults() -> None:
    d = seqenc.Decoder("12;x;true", ";")
    assert d.next_int(7) == 12
    assert d.next_int(7) == 7  # present but unparsable: default, token consumed
    assert d.next_bool(False) is True
    assert d.next_int(5) == 5  # no more tokens


def test_java_parse_int() -> None:
    assert seqenc.java_parse_int("-12") == -12
    for bad in ("", "1.0", "0x1", "٣", "99999999999"):
        try:
            seqenc.java_parse_int(bad)
        except ValueError:
            continue
        raise AssertionError(bad)


token = st.text(alphabet=st.sampled_from(list("ab;,\\'\t/ \x1b")), max_size=8)


@settings(max_examples=300, deadline=None)
@given(st.lists(token, min_size=1, max_size=6), st.sampled_from([";", ",", "\t", "/", "\x1b"]))
def test_roundtrip_when_no_token_ends_in_a_backslash(tokens: list[str], delim: str) -> None:
    # VASSAL >= 3.4 does not protect a trailing backslash (it escapes the next
    # delimiter); every other token survives encode -> decode.
    if any(t.endswith("\\") for t in tokens[:-1]):
        return
    assert seqenc.decode(seqenc.encode(tokens, delim), delim) == tokens


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("ab;\\'x")), max_size=20))
def test_decode_never_crashes_and_matches_a_char_scan(raw: str) -> None:
    assert seqenc.decode(raw, ";") == _reference_decode(raw, ";")


def _reference_decode(value: str, delim: str) -> list[str]:
    """A character-by-character transcription of the decoding rules."""
    out: list[str] = []
    buf: list[str] = []
    i = 0
    while i < len(value):
        ch = value[i]
        if ch == delim:
            if i > 0 and value[i - 1] == "\\":
                buf.pop()
                buf.append(ch)
            else:
                out.append("".join(buf))
                buf = []
        else:
            buf.append(ch)
        i += 1
    out.append("".join(buf))
    return [t[1:-1] if len(t) > 1 and t[0] == "'" and t[-1] == "'" else t for t in out]
