"""`json.dumps(obj, indent=N)`'s exact text, written in pieces, at C-encoder speed for the scalars.

Why: CPython encodes with its C encoder only when `indent` is None; with an
indent (the canonical JSON format: MessageToJson's `indent=2`) it falls back to
the pure-Python generator encoder, where every chunk climbs back up one
generator per nesting level. This writer walks the same tree with plain
recursion, encodes strings with the C `encode_basestring_ascii` and numbers
with `int.__repr__` / `float.__repr__` (what json's own encoder uses), and
emits the same separators and indentation, so the text is that of
`json.dumps(obj, indent=N)` (ensure_ascii, allow_nan, insertion order: the
defaults; tests/exporters/test_jsonwrite.py compares them on generated trees
and on a state written by write_message). Most of a VASSAL state's JSON is the
escaping of its pieces' long type strings, and a type repeats with every copy
of a counter: a long string seen again reuses its encoding. On the largest
real save's state (21 MB) encoding and writing went from about 0.10 s to 0.08 s
of CPU (docs/vassal.md §11).

Only what json.dumps accepts by default is accepted: dicts, lists, tuples,
str, int, float, bool, None; anything else raises the TypeError json raises.
No circular-reference check (json's ValueError): the trees written here come
from `json_format.MessageToDict`, which cannot make cycles. Canonical JSON of
our own messages no longer goes through here (exporters/protojson.py writes
it from the message); this stays for messages holding well-known types.
"""

from __future__ import annotations

from collections.abc import Callable
from json.encoder import encode_basestring_ascii

_INF = float("inf")
FLUSH_PARTS = 1 << 13  # pieces gathered before one write: ~8192 short ones ...
FLUSH_CHARS = 1 << 20  # ... or ~1 MB of long strings (a state's VASSAL types)
LONG = 1024  # strings from this length are encoded at most twice per distinct value


def _float(o: float) -> str:
    if o != o:
        return "NaN"
    if o == _INF:
        return "Infinity"
    if o == -_INF:
        return "-Infinity"
    return float.__repr__(o)


def _scalar(o: object) -> str | None:
    """The JSON of a scalar, in json's own order of checks (so subclasses of
    int, str and float encode as json encodes them); None for a container."""
    if isinstance(o, str):
        return encode_basestring_ascii(o)
    if o is None:
        return "null"
    if o is True:
        return "true"
    if o is False:
        return "false"
    if isinstance(o, int):
        return int.__repr__(o)
    if isinstance(o, float):
        return _float(o)
    if isinstance(o, (list, tuple, dict)):
        return None
    raise TypeError(f"Object of type {o.__class__.__name__} is not JSON serializable")


def _key(k: object) -> str:
    if isinstance(k, str):
        return encode_basestring_ascii(k)
    if isinstance(k, float):
        return encode_basestring_ascii(_float(k))
    if k is True:
        return '"true"'
    if k is False:
        return '"false"'
    if k is None:
        return '"null"'
    if isinstance(k, int):
        return encode_basestring_ascii(int.__repr__(k))
    raise TypeError(f"keys must be str, int, float, bool or None, not {k.__class__.__name__}")


def string_encoder() -> tuple[Callable[[str], str], list[int]]:
    """(enc, long_chars): `enc(s)` is encode_basestring_ascii(s); long_chars[0]
    counts the characters of long strings encoded (the caller resets it when
    it flushes). A state repeats long strings: every copy of a counter carries
    its palette slot's whole VASSAL type (opaque pieces, import_source), so a
    long string seen again reuses its encoding; only repeated ones keep it
    (memory: most strings of a state are unique)."""
    memo: dict[str, str | None] = {}  # a long string seen once: None; seen again: its encoding
    long_chars = [0]

    def enc(s: str) -> str:
        if len(s) < LONG:
            return encode_basestring_ascii(s)
        long_chars[0] += len(s)
        e = memo.get(s, "")
        if e:
            return e
        out = encode_basestring_ascii(s)
        memo[s] = None if e == "" else out
        return out

    return enc, long_chars


def newlines(indent: int) -> Callable[[int], str]:
    """`newline(level)`: a newline and the indentation of that level (made once per level)."""
    made: list[str] = []

    def newline(level: int) -> str:
        while len(made) <= level:
            made.append("\n" + " " * (indent * len(made)))
        return made[level]

    return newline


def dump_indented(obj: object, write: Callable[[str], object], indent: int = 2) -> None:
    """Call `write` with successive pieces of json.dumps(obj, indent=indent)."""
    parts: list[str] = []
    append = parts.append
    enc, long_chars = string_encoder()
    newline = newlines(indent)

    def flush_if_full() -> None:
        if len(parts) >= FLUSH_PARTS or long_chars[0] >= FLUSH_CHARS:
            write("".join(parts))
            parts.clear()
            long_chars[0] = 0

    def container(o: object, level: int) -> None:
        if isinstance(o, dict):
            dict_body(o, level)
        else:
            list_body(o, level)  # type: ignore[arg-type]
        flush_if_full()

    def dict_body(d: dict[object, object], level: int) -> None:
        if not d:
            append("{}")
            return
        inner = level + 1
        nl = newline(inner)
        sep = "," + nl
        head = "{" + nl
        for k, v in d.items():
            lead = head + (enc(k) if type(k) is str else _key(k)) + ": "
            head = sep
            if type(v) is str:
                append(lead + enc(v))
                continue
            s = _scalar(v)
            if s is None:
                append(lead)
                container(v, inner)
            else:
                append(lead + s)
        append(newline(level) + "}")

    def list_body(items: list[object] | tuple[object, ...], level: int) -> None:
        if not items:
            append("[]")
            return
        inner = level + 1
        nl = newline(inner)
        sep = "," + nl
        head = "[" + nl
        for v in items:
            if type(v) is str:
                append(head + enc(v))
            else:
                s = _scalar(v)
                if s is None:
                    append(head)
                    container(v, inner)
                else:
                    append(head + s)
            head = sep
        append(newline(level) + "]")

    top = _scalar(obj)
    if top is None:
        container(obj, 0)
    else:
        append(top)
    if parts:
        write("".join(parts))
