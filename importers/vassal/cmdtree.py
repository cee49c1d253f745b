"""The ESC command tree of a save or log, parsed losslessly (research notes §3.3).

VASSAL encodes a command and its sub-commands as one ESC-separated
SequenceEncoder list and nests by escaping: a delimiter k levels deep is
written as k backslashes and an ESC. Decoding it the way VASSAL does (split,
unescape, recurse) is quadratic in the nesting and loses the exact bytes, so
this module works on the raw text instead:

* every ESC is indexed once with the length of the backslash run before it;
* a token that is split at level k splits at the ESCs preceded by exactly k
  backslashes (after k unescapings those are the unescaped ones), so every
  token and leaf is a plain slice of the original text;
* a token VASSAL strips quotes from (starts and ends with `'`) is parsed
  inside the quotes one level deeper, as VASSAL decodes it again.

The tree keeps offsets, so edits are splices of the original text: a file
written back after changing one command differs in that command only.

`semantic()` gives VASSAL's view: the head of a list is its first token's
command and the other tokens become its sub-commands.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterator

from importers.vassal import seqenc
from importers.vassal.obfuscation import Encoding, encode_fragment, layout

ESC = "\x1b"


class TextRef:
    """The stream's text, as its leaves see it: they hold this rather than the
    Stream, whose tree holds them, so that a save's tree is freed by reference
    counting as soon as it is dropped (a cycle would keep tens of MB alive
    until the cyclic collector ran, and a bulk read pauses it)."""

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text


class Leaf:
    """A command text with no ESC in it: `text[start:end]` of the stream."""

    __slots__ = ("start", "end", "level", "quoted", "_src")

    def __init__(self, src: TextRef, start: int, end: int, level: int, quoted: bool = False) -> None:
        self._src = src
        self.start = start
        self.end = end
        self.level = level  # delimiter level of the list this leaf is an item of
        self.quoted = quoted  # inside quotes VASSAL strips: not editable in place

    @property
    def text(self) -> str:
        return self._src.text[self.start : self.end]

    def __repr__(self) -> str:
        return f"Leaf({self.text[:40]!r}@{self.start})"


class Seq:
    """An ESC list at `level` (its delimiters are `level` backslashes + ESC)."""

    __slots__ = ("start", "end", "level", "items")

    def __init__(self, start: int, end: int, level: int, items: list["Node"]) -> None:
        self.start = start
        self.end = end
        self.level = level
        self.items = items

    def __repr__(self) -> str:
        return f"Seq(level={self.level}, {len(self.items)} items @{self.start})"


Node = Leaf | Seq


class Stream:
    """A decoded command stream and its lossless token tree.

    A node (a, b, L) stands for the string VASSAL decodes at that point: the raw
    text[a:b] with L backslashes removed before each ESC. Its tokens end at the
    ESCs preceded by exactly L backslashes; a token's value is the raw token one
    level deeper, without enclosing quotes (which VASSAL strips, and then
    decodes the rest again).
    """

    def __init__(self, text: str) -> None:
        self.text = text
        self._ref = TextRef(text)
        pos: list[int] = []
        run: list[int] = []
        offset = -1
        parts = text.split(ESC)
        for part in parts[:-1]:
            offset += len(part) + 1
            pos.append(offset)
            run.append(len(part) - len(part.rstrip("\\")) if part and part[-1] == "\\" else 0)
        del parts
        self._pos = pos
        self._run = run
        self.root: Node = self._parse(0, len(text), 0, 0, False)

    def _quoted(self, a: int, b: int) -> bool:
        return b - a > 1 and self.text[a] == "'" and self.text[b - 1] == "'"

    def _parse(self, a: int, b: int, level: int, sep: int, quoted: bool) -> Node:
        pos, run = self._pos, self._run
        i0 = bisect.bisect_left(pos, a)
        i1 = bisect.bisect_left(pos, b)
        if i0 == i1 and not self._quoted(a, b):
            return Leaf(self._ref, a, b, sep, quoted)
        items: list[Node] = []
        start = a
        for k in range(i0, i1):
            if run[k] == level:
                items.append(self._token(start, pos[k] - level, level, quoted))
                start = pos[k] + 1
        items.append(self._token(start, b, level, quoted))
        return Seq(a, b, level, items)

    def _token(self, a: int, b: int, level: int, quoted: bool) -> Node:
        if self._quoted(a, b):
            return self._parse(a + 1, b - 1, level + 1, level, True)
        return self._parse(a, b, level + 1, level, quoted)


class Command:
    """VASSAL's command object: a head text and its sub-commands.

    `leaf` is the node the head text comes from (None for heads decoded from a
    quoted token); `offset` is the character offset in the decoded stream.
    A command read from a leaf keeps no copy of its text: `text` slices the
    stream each time it is asked (a monster save's pieces would otherwise sit
    in memory twice, once in the stream and once in the tree)."""

    __slots__ = ("_text", "children", "leaf", "offset")

    def __init__(self, text: str | None, children: list["Command"] | None = None, leaf: Leaf | None = None,
                 offset: int = 0) -> None:
        if text is None and leaf is None:
            raise ValueError("a command needs a text or a leaf")
        self._text = text
        self.children: list[Command] = [] if children is None else children
        self.leaf = leaf
        self.offset = offset

    @property
    def text(self) -> str:
        if self._text is not None:
            return self._text
        assert self.leaf is not None
        return self.leaf.text

    def source_span(self) -> tuple[str, int, int] | None:
        """(stream text, start, end) when `text` is that slice of the stream,
        so that a reader can look at a long command in place, without the
        copy `text` makes; None for a text of its own."""
        leaf = self.leaf
        if self._text is not None or leaf is None:
            return None
        return leaf._src.text, leaf.start, leaf.end

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Command):
            return NotImplemented
        return (self.text, self.children, self.leaf, self.offset) == (other.text, other.children, other.leaf,
                                                                      other.offset)

    def __repr__(self) -> str:
        return f"Command({self.text[:40]!r}, {len(self.children)} children @{self.offset})"

    def walk(self) -> Iterator["Command"]:
        """This command and all sub-commands, depth first, in order."""
        stack = [self]
        while stack:
            c = stack.pop()
            yield c
            stack.extend(reversed(c.children))


def semantic(node: Node) -> Command:
    """VASSAL's decode of a token: first token's command, the rest appended."""
    if isinstance(node, Leaf):
        return Command(None, [], node, node.start)
    head = semantic(node.items[0])
    head.children.extend(semantic(i) for i in node.items[1:])
    return head


def _decode_string(s: str) -> Command:
    """VASSAL's GameModule.decode on a plain string (fallback path)."""
    tokens = seqenc.decode(s, ESC)
    if len(tokens) == 1 and tokens[0] == s:
        return Command(s)
    head = _decode_string(tokens[0])
    head.children.extend(_decode_string(t) for t in tokens[1:])
    return head


def top_items(stream: Stream) -> list[Node]:
    """The items of the root list (begin_save, components, end_save, LOG steps)."""
    root = stream.root
    return root.items if isinstance(root, Seq) else [root]


# -- editing by splicing ---------------------------------------------------------------


class Splicer:
    """Collects replacements, insertions and deletions of leaves and applies
    them to the original text in one pass; everything else stays byte-identical."""

    def __init__(self, stream: Stream) -> None:
        self.stream = stream
        self._edits: list[tuple[int, int, str]] = []

    @staticmethod
    def _check(text: str) -> None:
        if ESC in text:
            raise ValueError("a command written into a save may not contain ESC")
        if seqenc.needs_quotes(text) or text.endswith("\\"):
            raise ValueError(f"command text would need quoting: {text[:60]!r}")

    @staticmethod
    def _editable(leaf: Leaf) -> None:
        if leaf.quoted:
            raise ValueError("cannot edit a command inside a quoted token in place")

    def replace(self, leaf: Leaf, text: str) -> None:
        self._editable(leaf)
        self._check(text)
        self._edits.append((leaf.start, leaf.end, text))

    def insert_after(self, leaf: Leaf, text: str) -> None:
        """A new command right after `leaf`, in the same list."""
        self._editable(leaf)
        self._check(text)
        self._edits.append((leaf.end, leaf.end, "\\" * leaf.level + ESC + text))

    def insert_before(self, leaf: Leaf, text: str) -> None:
        self._editable(leaf)
        self._check(text)
        self._edits.append((leaf.start, leaf.start, text + "\\" * leaf.level + ESC))

    def delete(self, leaf: Leaf) -> None:
        """Remove `leaf` and the delimiter after it (or before it when last)."""
        self._editable(leaf)
        text = self.stream.text
        sep = "\\" * leaf.level + ESC
        if text.startswith(sep, leaf.end):
            self._edits.append((leaf.start, leaf.end + len(sep), ""))
        elif leaf.start >= len(sep) and text[leaf.start - len(sep) : leaf.start] == sep:
            self._edits.append((leaf.start - len(sep), leaf.end, ""))
        else:
            self._edits.append((leaf.start, leaf.end, ""))

    def insert_raw(self, offset: int, raw: str) -> None:
        """Insert already-encoded text (delimiters included) at an offset."""
        self._edits.append((offset, offset, raw))

    @property
    def changed(self) -> bool:
        return bool(self._edits)

    def _sorted(self) -> list[tuple[int, int, str]]:
        edits = sorted(self._edits, key=lambda e: (e[0], e[1]))
        cursor = 0
        for a, b, _new in edits:
            if a < cursor:
                raise ValueError(f"overlapping edits at offset {a}")
            cursor = b
        return edits

    def apply(self) -> str:
        text = self.stream.text
        if not self._edits:
            return text
        out: list[str] = []
        cursor = 0
        for a, b, new in self._sorted():
            out.append(text[cursor:a])
            out.append(new)
            cursor = b
        out.append(text[cursor:])
        return "".join(out)

    def apply_encoded(self, entry: bytes, enc: Encoding) -> bytes:
        """The savedGame entry of the edited stream, from the entry `entry` the
        stream was decoded from (with encoding `enc`): the unchanged stretches
        keep their encoded bytes, only the edits are encoded. Equal to encoding
        `apply()` from scratch, without encoding tens of MB again."""
        text = self.stream.text
        head, width = layout(enc)
        ascii_only = text.isascii()  # O(1) in CPython: then char offsets are byte offsets
        out: list[bytes | memoryview] = [entry[:head]]
        view = memoryview(entry)
        cursor = 0  # char offset in text
        bcursor = 0  # byte offset in the UTF-8 text
        for a, b, new in self._sorted():
            ba = a if ascii_only else bcursor + len(text[cursor:a].encode("utf-8"))
            out.append(view[head + width * bcursor : head + width * ba])
            out.append(encode_fragment(new, enc))
            bcursor = b if ascii_only else ba + len(text[a:b].encode("utf-8"))
            cursor = b
        out.append(view[head + width * bcursor :])
        return b"".join(out)


def build_list(items: list[str], level: int = 0) -> str:
    """An ESC list of already-encoded tokens at `level` (for new streams)."""
    return ("\\" * level + ESC).join(items)


def nest(encoded: str) -> str:
    """Escape an encoded list one level deeper (to append it as one token)."""
    return encoded.replace(ESC, "\\" + ESC) if ESC in encoded else encoded
