"""Piece texts: the `+/id/type/state` command and TAB-nested trait chains.

A piece is a chain of traits, outermost first, ending in a BasicPiece; its type
and its state are each one string in which level k of the chain is separated
by a TAB preceded by k backslashes (research notes §2.2). VASSAL peels one
level at a time (`createPiece`, `Decorator.setState`), which is quadratic in
the chain depth; this module finds every level in one regex pass over the
TABs, and falls back to VASSAL's own peeling for the rare texts the fast path
cannot prove it handles identically (quoted tokens, out-of-order levels).

Every function keeps the raw text: a trait's value is decoded for reading, but
writing back a changed state splices only the changed trait's bytes.
"""

from __future__ import annotations

import functools

from collections.abc import Callable
from typing import Protocol
from itertools import accumulate, compress, count, repeat
from operator import gt

from importers.vassal import seqenc

TAB = "\t"


# -- one-level lists with raw spans ---------------------------------------------------


def split_spans(s: str, delim: str) -> list[tuple[int, int]]:
    """Raw (start, end) of every token of a one-level SequenceEncoder list."""
    spans: list[tuple[int, int]] = []
    start = 0
    i = s.find(delim)
    while i >= 0:
        if i > 0 and s[i - 1] == "\\":
            i = s.find(delim, i + 1)
            continue
        spans.append((start, i))
        start = i + 1
        i = s.find(delim, start)
    spans.append((start, len(s)))
    return spans


def first_spans(s: str, start: int, delim: str, n: int, end: int | None = None) -> list[tuple[int, int]]:
    """`split_spans(s[start:end], delim)[:n]`, in offsets of `s`, without
    copying `s` or scanning past the n-th token (an AddPiece's three fields
    are followed by nothing VASSAL reads)."""
    if end is None:
        end = len(s)
    spans: list[tuple[int, int]] = []
    origin = start
    i = s.find(delim, start, end)
    while i >= 0 and len(spans) < n:
        if i > origin and s[i - 1] == "\\":
            i = s.find(delim, i + 1, end)
            continue
        spans.append((start, i))
        start = i + 1
        i = s.find(delim, start, end)
    if len(spans) < n:
        spans.append((start, end))
    return spans


def _unescape_delim(raw: str, delim: str) -> str:
    """`raw.replace("\\" + delim, delim)`, found from the delimiters: the
    escapes never overlap, and a trait chain's long backslash runs make
    str.replace's search crawl character by character (50 ms on the pieces of
    the 13.9 M-character Paths of Glory save), while a delimiter is rare."""
    if delim not in raw:
        return raw
    parts = raw.split(delim)
    last = parts.pop()
    return delim.join([p[:-1] if p[-1:] == "\\" else p for p in parts] + [last])


def token_value(raw: str, delim: str) -> str:
    """What VASSAL's decoder makes of one raw token."""
    value = _unescape_delim(raw, delim)
    if len(value) > 1 and value[0] == "'" and value[-1] == "'":
        return value[1:-1]
    return value


# -- AddPiece ------------------------------------------------------------------------


class AddPieceText:
    """`+/id/type/state` with the raw spans of its three fields.

    `text` is the command's text; a save reader gives it a `source` instead
    (the stream leaf the text is a slice of, asked again when needed), so that
    a monster save's pieces are not held once in the stream and again here."""

    __slots__ = ("_text", "source", "id", "type", "state", "state_span")

    def __init__(self, text: str, id: str | None, type: str, state: str, state_span: tuple[int, int]) -> None:
        self._text = text
        self.source: _HasText | None = None
        self.id = id
        self.type = type
        self.state = state
        self.state_span = state_span

    @property
    def text(self) -> str:
        return self._text if self.source is None else self.source.text

    def keep_text_in(self, source: "_HasText") -> None:
        """Drop the copy of the text: `source.text` gives it back."""
        self.source = source
        self._text = ""

    def __repr__(self) -> str:
        return f"AddPieceText(id={self.id!r}, type={self.type[:40]!r}, state={self.state[:40]!r})"

    @classmethod
    def parse(cls, text: str, body_offset: int = 2) -> "AddPieceText":
        """`text` starts with `+/`. Missing fields read as "" as VASSAL's
        decoder gives them (a missing type then fails to build a piece)."""
        spans = first_spans(text, body_offset, "/", 3)
        vals = [token_value(text[a:b], "/") for a, b in spans]
        while len(vals) < 3:
            vals.append("")
        pid: str | None = vals[0]
        if pid == "null":
            pid = None
        a, b = spans[2] if len(spans) > 2 else (len(text), len(text))
        return cls(text, pid, vals[1], vals[2], (a, b))

    @classmethod
    def parse_at(cls, src: str, a: int, b: int, type_at: Callable[[str, int, int], str] | None = None) -> "AddPieceText":
        """`parse(src[a:b])` without copying the command (a monster save's
        pieces are most of its text): only the fields are sliced out, and
        `type_at(src, x, y)`, when given, makes the type's value from its raw
        span (a reader that has seen the same bytes before returns the value
        it made then, without slicing or unescaping them again). The result
        has no text of its own: give it a source (`keep_text_in`)."""
        spans = first_spans(src, a + 2, "/", 3, b)
        pid: str | None = token_value(src[spans[0][0] : spans[0][1]], "/")
        if pid == "null":
            pid = None
        type_ = ""
        if len(spans) > 1:
            x, y = spans[1]
            type_ = type_at(src, x, y) if type_at is not None else token_value(src[x:y], "/")
        if len(spans) > 2:
            x, y = spans[2]
            return cls("", pid, type_, token_value(src[x:y], "/"), (x - a, y - a))
        return cls("", pid, type_, "", (b - a, b - a))

    def with_state(self, state: str) -> str:
        """The same command with another state; id and type bytes untouched."""
        a, b = self.state_span
        t = self.text
        return t[:a] + seqenc.encode_token(state, "/") + t[b:]


_BUT_LAST = slice(None, -1)


class AddPieceReader:
    """`AddPieceText.parse_at` for a whole save, remembering each type field's
    raw bytes and value: every copy of a counter repeats its palette slot's
    type (half of the 844 pieces of the 13.9 M-character Paths of Glory save,
    4 M characters), and a type is read left to right through every escaped
    "/" of its traits. A command whose type was seen before is read from the
    right instead: the state seldom holds a "/", so its last unescaped "/" is
    found at once, and the span before it is the type when it equals bytes
    seen as a whole type field before (a memcmp at the offset, `startswith`):
    those bytes hold no unescaped "/", so the type field ends exactly there,
    whatever follows. Values are shared between pieces: never change them."""

    __slots__ = ("_seen", "_values")

    def __init__(self) -> None:
        self._seen: dict[tuple[int, str, str], list[tuple[str, str]]] = {}
        self._values: dict[str, str] = {}

    @staticmethod
    def _key(src: str, x: int, y: int) -> tuple[int, str, str]:
        return y - x, src[x : min(y, x + 24)], src[max(x, y - 24) : y]

    def _known(self, src: str, x: int, y: int) -> str | None:
        for raw, value in self._seen.get(self._key(src, x, y), ()):
            if src.startswith(raw, x):
                return value
        return None

    def parse(self, src: str, a: int, b: int) -> AddPieceText:
        """`AddPieceText.parse(src[a:b])` (the command is that slice of `src`
        and starts with "+/"), with no text of its own (see `parse_at`)."""
        i = src.find("/", a + 2, b)
        while i > a + 2 and src[i - 1] == "\\":
            i = src.find("/", i + 1, b)
        if i >= 0:
            x = i + 1
            j = src.rfind("/", x, b)
            while j > x and src[j - 1] == "\\":
                j = src.rfind("/", x, j)
            if j >= x:
                type_ = self._known(src, x, j)
                if type_ is None:
                    type_ = self._learn(src, x, j)
                if type_ is not None:
                    pid: str | None = token_value(src[a + 2 : i], "/")
                    return AddPieceText("", None if pid == "null" else pid, type_, token_value(src[j + 1 : b], "/"),
                                        (j + 1 - a, b - a))
        return AddPieceText.parse_at(src, a, b, self._type_at)

    def _learn(self, src: str, x: int, y: int) -> str | None:
        """The value of src[x:y] as a type field when it holds no unescaped
        "/" (every piece of its split on "/" but the last ends in a
        backslash: that is what tells the field ends at y), else None."""
        raw = src[x:y]
        value = raw
        if "/" in raw:
            parts = raw.split("/")
            inner = parts[:-1]
            if not all(map(str.endswith, inner, repeat("\\"))):
                return None
            inner = list(map(str.__getitem__, inner, repeat(_BUT_LAST)))
            inner.append(parts[-1])
            value = "/".join(inner)
        if len(value) > 1 and value[0] == "'" and value[-1] == "'":
            value = value[1:-1]
        value = self._values.setdefault(value, value)
        self._seen.setdefault(self._key(src, x, y), []).append((raw, value))
        return value

    def _type_at(self, src: str, x: int, y: int) -> str:
        known = self._known(src, x, y)
        if known is not None:
            return known
        raw = src[x:y]
        value = token_value(raw, "/")
        value = self._values.setdefault(value, value)  # equal values held once (quoted and plain raws)
        self._seen.setdefault(self._key(src, x, y), []).append((raw, value))
        return value


class _HasText(Protocol):
    @property
    def text(self) -> str: ...


def add_piece_text(pid: str | None, type_: str, state: str) -> str:
    return "+/" + seqenc.encode_str([pid if pid is not None else "null", type_, state], "/")


# -- trait chains --------------------------------------------------------------------


class Chain:
    """A decoded chain: `values[k]` is level k's text (trait k; the last one is
    the BasicPiece's), `spans[k]` its raw span in `raw`, or None when the chain
    came from the slow path (then edits re-encode the whole chain)."""

    __slots__ = ("raw", "values", "_spans", "_exact", "_starting")

    def __init__(self, raw: str, values: list[str], spans: list[tuple[int, int]] | None, exact: bool = False) -> None:
        self.raw = raw
        self.values = values
        self._spans = spans
        self._exact = exact
        self._starting: dict[tuple[str, ...], list[int]] | None = None

    def levels_starting(self, prefixes: tuple[str, ...]) -> list[int]:
        """Indices of the levels whose text starts with one of `prefixes`,
        found once per Chain: a type's Chain is shared by every copy of a
        counter (`split_type_chain`), and a deep chain has a hundred levels."""
        if self._starting is None:
            self._starting = {}
        got = self._starting.get(prefixes)
        if got is None:
            # At C speed: a deep chain's hundred levels, for each of its types.
            got = self._starting[prefixes] = list(
                compress(count(), map(str.startswith, self.values, repeat(prefixes))))
        return got

    @property
    def spans(self) -> list[tuple[int, int]] | None:
        if self._spans is None and not self._exact:
            full = _split_fast(self.raw)
            self._spans = full.spans if full is not None else None
            self._exact = full is None
        return self._spans


_LEVELS = list(range(256))
_RUNS = ["\\" * k for k in range(257)]  # the backslashes before the TAB after level k
_CUTS = [slice(None, -k if k else None) for k in range(256)]  # level k's text without them


def split_chain(s: str) -> Chain:
    """Every level of a TAB-nested chain, as VASSAL's createPiece reads a type."""
    # The common case, at C speed: the k-th TAB is preceded by exactly k
    # backslashes (no trait holds a nested TAB) and no token is quoted.
    parts = s.split(TAB)
    if len(parts) == 1:
        if len(s) > 1 and s[0] == "'" and s[-1] == "'":
            return Chain(s, _split_exact(s), None, True)
        return Chain(s, [s], [(0, len(s))])
    n = len(parts)
    # (A trait that nests TABs makes more TABs than levels: then the last TAB
    # is not preceded by n-2 backslashes, and one memcmp says so up front.)
    if n <= len(_LEVELS) and parts[n - 2].endswith(_RUNS[n - 2]) and "\t'" not in s and s[0] != "'":
        # Part k ends in exactly k backslashes. Cutting k characters off
        # every part, that holds when the cut-off tails are all backslashes
        # (the backslashes of the values, of the last part and the n*n/2 of
        # the runs add up to those of the whole text: counted at C speed, no
        # call per level) and no value ends in one (no backslash before a TAB
        # once the values are joined with TABs).
        values = list(map(str.__getitem__, parts[: n - 1], _CUTS[: n - 1]))
        last = parts[-1]
        joined = "\t".join(values)
        if ("\\\t" not in joined and joined[-1:] != "\\"
                and joined.count("\\") + last.count("\\") + (n - 1) * (n - 2) // 2 == s.count("\\")):
            values.append(last)
            return Chain(s, values, None)
    fast = _split_parts(s, parts, with_spans=False)
    if fast is not None:
        return fast
    return Chain(s, _split_exact(s), None, True)


@functools.lru_cache(maxsize=1024)
def split_type_chain(s: str) -> Chain:
    """`split_chain` of a piece *type*, shared: every copy of a counter carries
    its palette slot's type, so a monster save repeats each type many times
    (half of the 844 piece types of the 13.9 M-character Paths of Glory save).
    The Chain is shared between callers: never change its `values`."""
    return split_chain(s)


def _split_exact(s: str) -> list[str]:
    """VASSAL's peeling: first token is this level, second token the rest;
    further tokens at a level are ignored, as `createPiece` ignores them."""
    out: list[str] = []
    rest: str | None = s
    while rest is not None:
        toks = seqenc.decode(rest, TAB)
        out.append(toks[0])
        rest = toks[1] if len(toks) > 1 else None
    return out


def _split_fast(s: str) -> Chain | None:
    """All levels in one pass: `str.split` on TAB, then the backslash run before
    each TAB (its nesting level) from the length each piece loses to rstrip."""
    if TAB not in s:
        if len(s) > 1 and s[0] == "'" and s[-1] == "'":
            return None
        return Chain(s, [s], [(0, len(s))])
    return _split_parts(s, s.split(TAB))


def _split_parts(s: str, parts: list[str], with_spans: bool = True) -> Chain | None:
    """`_split_fast` from the TAB-split parts. Level k's token ends at the
    first TAB preceded by exactly k backslashes; the TABs before it must all
    be preceded by more (nested in the trait: skipped), a run of fewer is a
    delimiter of an outer level (VASSAL truncates: None, use its algorithm).
    A part's run is compared with k and k+1 by two suffix compares (memcmp),
    never counted: stripping the runs of a deep chain (n*n/2 backslashes)
    cost more than all the rest of this function on the Paths of Glory save.
    Between the traits that nest TABs, the levels are plain (part j ends in
    exactly its level's run): those stretches are found by `_plain_stretch`
    at C speed, a window of parts at a time, and only a nested trait's parts
    take a Python step each. Without `with_spans` the Chain computes its
    spans when first asked (a read needs the values only)."""
    last = len(parts) - 1
    tab_at = list(accumulate(map(len, parts[:last]), initial=0))  # tab_at[i + 1]: length of parts[0..i]
    values: list[str] = []
    spans: list[tuple[int, int]] = []
    level = 0
    first = 0  # index of the part the current token starts with
    start = 0  # its character offset
    unquoted = "\t'" not in s and s[:1] != "'"  # no token can have been quoted
    while True:
        if unquoted and first < last:
            k = _plain_stretch(parts, first, last, level)
            if k:
                stretch = parts[first : first + k]
                values.extend(map(str.__getitem__, stretch, _CUTS[level : level + k]))
                if with_spans:
                    spans.extend((tab_at[j] + j, tab_at[j + 1] + j - level - (j - first))
                                 for j in range(first, first + k))
                first += k
                level += k
                start = tab_at[first] + first
                continue
        at_least = _run(level)
        more = _run(level + 1)
        i = -1
        for j in range(first, last):
            part = parts[j]
            if not part.endswith(at_least):
                return None  # a delimiter of an outer level
            if not part.endswith(more):
                i = j  # exactly `level` backslashes: this level's delimiter
                break
        if i < 0:
            break
        pos = tab_at[i + 1] + i  # character offset of the TAB after parts[i]
        end = pos - level
        if s[start] == "'" and end - start > 1 and s[end - 1] == "'":
            return None
        if parts[i + 1][:1] == "'" and s[-1] == "'":
            return None
        if first == i:
            part = parts[i]
            values.append(part[: len(part) - level] if level else part)
        else:
            values.append(_unescape(s[start:end], level + 1))
        spans.append((start, end))
        first = i + 1
        start = pos + 1
        level += 1
    if not _plain(s, start, len(s)):
        return None
    values.append(parts[last] if first == last else _unescape(s[start:], level + 1))
    spans.append((start, len(s)))
    return Chain(s, values, spans if with_spans else None)


_PLAIN_WINDOW = 16


def _plain_stretch(parts: list[str], first: int, last: int, level: int) -> int:
    """How many parts from `first` (before `last`) are plain levels: part
    first+i ends in exactly level+i backslashes. Compared a window at a time
    (doubling while every part is plain), so a chain with many nested traits
    does not compare the rest of the chain again after each of them."""
    done = 0
    window = _PLAIN_WINDOW
    while first + done < last and level + done + 1 < len(_RUNS):
        a = first + done
        b = min(last, a + window)
        lv = level + done
        seg = parts[a:b]
        ok = list(map(gt, map(str.endswith, seg, _RUNS[lv:]), map(str.endswith, seg, _RUNS[lv + 1 :])))
        if False in ok:
            return done + ok.index(False)
        done += len(ok)
        if len(ok) < b - a:
            return done  # past the longest run listed: the Python step goes on
        window *= 2
    return done


def _run(k: int) -> str:
    return _RUNS[k] if k < len(_RUNS) else "\\" * k


def _plain(s: str, a: int, b: int) -> bool:
    """The token cannot have been quoted by the encoder."""
    return not (b - a > 1 and s[a] == "'" and s[b - 1] == "'")


def _unescape(raw: str, times: int) -> str:
    if TAB not in raw:
        return raw
    return raw.replace("\\" * times + TAB, TAB)


def join_chain(values: list[str]) -> str:
    """Encode level texts as VASSAL's Decorator.getType/getState nest them."""
    out = values[-1]
    for v in reversed(values[:-1]):
        out = seqenc.encode_str([v, out], TAB)
    return out


def split_levels(s: str, n: int) -> list[str]:
    """A state text read for n levels, as `Decorator.setState` hands it out: the
    first n-1 are tokens peeled one level at a time, the last is the rest of the
    string as the BasicPiece receives it (not decoded again). Fewer than n when
    the text has fewer levels."""
    if n <= 1:
        return [s]
    ch = split_chain(s)
    if len(ch.values) == n and not ch._exact and TAB not in ch.values[-1]:
        return ch.values
    if len(ch.values) >= n and ch.spans is not None:
        return ch.values[: n - 1] + [_unescape(s[ch.spans[n - 1][0] :], n - 1)]
    out: list[str] = []
    rest = s
    for _ in range(n - 1):
        toks = seqenc.decode(rest, TAB)
        out.append(toks[0])
        if len(toks) < 2:
            return out
        rest = toks[1]
    out.append(rest)
    return out


def replace_level(raw: str, n: int, k: int, value: str) -> str:
    """The raw text of an n-level chain with level k's value replaced; other
    levels keep their bytes when the value can be spliced in."""
    values = split_levels(raw, n)
    if k >= len(values):
        raise ValueError(f"the chain has {len(values)} levels, not {k + 1}")
    values[k] = value
    ch = split_chain(raw)
    if ch.spans is not None and len(ch.values) == n and TAB not in value and "'" not in value[:1]:
        a, b = ch.spans[k]
        spliced = raw[:a] + value + raw[b:]
        if split_levels(spliced, n) == values:
            return spliced
    joined = join_chain(values)
    if split_levels(joined, n) != values:
        raise ValueError(f"level {k} value {value[:30]!r} cannot be written so that VASSAL reads it back")
    return joined
