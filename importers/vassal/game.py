"""A saved game (.vsav) or log (.vlog): the command tree read into pieces, board
layouts, players, properties, turn state and, for logs, the ordered replay steps.

Structure (research notes §3.5-3.6): `begin_save`, the restore commands of
every component (pieces first, children before their stacks), `end_save`; a
log then appends one `LOG` entry per recorded action (its sub-commands nested
as `LOG` entries one level deeper) and `UNDO` entries.

Reading is lenient by default: a problem with one piece or command is recorded
(file, entry, offset) and the reader goes on, keeping the command raw; with
`strict=True` the first problem raises `MalformedInput`.

`lazy=True` (for writing a save back) skips decoding every piece's trait
chain while reading; `decode_pieces()` does it later when needed. `keep_raw`
keeps the savedGame entry's bytes, so an edited save can be encoded by
splicing those bytes instead of encoding the whole stream again.
"""

from __future__ import annotations

import zlib
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

from adjudicator.core.errors import MalformedInput
from adjudicator.core.record import Record
from importers.vassal import commands as C
from importers.vassal.archive import DEFAULT_LIMITS, Archive, Limits
from importers.vassal.chains import AddPieceReader, AddPieceText
from importers.vassal.gcpause import paused_gc
from importers.vassal.cmdtree import Command, Leaf, Stream, semantic
from importers.vassal.module import BoardPlacement, Metadata, parse_board_picker
from importers.vassal.obfuscation import Encoding, decode_saved_game, deobfuscate, deobfuscate_stream, utf8_text
from importers.vassal.pieces import Piece
from importers.vassal.seqenc import decode

SAVEFILE = "savedGame"


class Problem(Record):
    __slots__ = ("where", "message")

    where: str
    message: str

    def __init__(self, where: str, message: str) -> None:
        self.where = where
        self.message = message

    def line(self) -> str:
        return f"{self.where}: {self.message}"


class PieceEntry(Record):
    __slots__ = ("piece", "leaf", "add", "offset")

    piece: Piece
    leaf: Leaf | None
    add: AddPieceText
    offset: int

    def __init__(self, piece: Piece, leaf: Leaf | None, add: AddPieceText, offset: int) -> None:
        self.piece = piece
        self.leaf = leaf
        self.add = add
        self.offset = offset


class LogStep(Record):
    """One replay step: the logged command and its sub-commands, in order."""

    __slots__ = ("index", "commands", "offset")

    index: int  # 1-based position among the file's LOG entries
    commands: list[Command]  # payloads ("LOG\t" stripped), head first
    offset: int

    def __init__(self, index: int, commands: list[Command], offset: int) -> None:
        self.index = index
        self.commands = commands
        self.offset = offset

    @property
    def texts(self) -> list[str]:
        return [c.text for c in self.commands]


class SavedGame(Record):
    __slots__ = ("name", "encoding", "stream", "root", "pieces", "piece_order", "boards", "players",
                 "global_properties", "turns", "notes", "setup_stack", "counts", "other", "log_steps", "extensions",
                 "after_end", "problems", "entries", "metadata", "module_metadata", "raw", "fingerprint", "decoded",
                 "strict")

    name: str
    encoding: Encoding
    stream: Stream
    root: Command
    pieces: dict[str, PieceEntry]
    piece_order: list[str]
    boards: dict[str, list[BoardPlacement]]
    players: list[C.Player]
    global_properties: list[C.GlobalProperty]
    turns: list[C.Turn]
    notes: list[str]  # NOTES / PNOTES / PNOTE / SNOTE commands, raw
    setup_stack: bool
    counts: Counter[str]
    other: Counter[str]
    log_steps: list[LogStep]
    extensions: list[tuple[str, str]]  # (name, version) of EXT commands
    after_end: list[Command]
    problems: list[Problem]
    entries: dict[str, bytes]
    metadata: Metadata | None
    module_metadata: Metadata | None
    raw: bytes | None  # the savedGame entry (keep_raw)
    fingerprint: str  # CRC-32 and size of the savedGame entry
    decoded: bool  # every piece's chain decoded and checked
    strict: bool

    def __init__(
        self,
        name: str,
        encoding: Encoding,
        stream: Stream,
        root: Command,
        pieces: dict[str, PieceEntry] | None = None,
        piece_order: list[str] | None = None,
        boards: dict[str, list[BoardPlacement]] | None = None,
        players: list[C.Player] | None = None,
        global_properties: list[C.GlobalProperty] | None = None,
        turns: list[C.Turn] | None = None,
        notes: list[str] | None = None,
        setup_stack: bool = False,
        counts: Counter[str] | None = None,
        other: Counter[str] | None = None,
        log_steps: list[LogStep] | None = None,
        extensions: list[tuple[str, str]] | None = None,
        after_end: list[Command] | None = None,
        problems: list[Problem] | None = None,
        entries: dict[str, bytes] | None = None,
        metadata: Metadata | None = None,
        module_metadata: Metadata | None = None,
        raw: bytes | None = None,
        fingerprint: str = "",
        decoded: bool = True,
        strict: bool = False,
    ) -> None:
        self.name = name
        self.encoding = encoding
        self.stream = stream
        self.root = root
        self.pieces = {} if pieces is None else pieces
        self.piece_order = [] if piece_order is None else piece_order
        self.boards = {} if boards is None else boards
        self.players = [] if players is None else players
        self.global_properties = [] if global_properties is None else global_properties
        self.turns = [] if turns is None else turns
        self.notes = [] if notes is None else notes
        self.setup_stack = setup_stack
        self.counts = Counter() if counts is None else counts
        self.other = Counter() if other is None else other
        self.log_steps = [] if log_steps is None else log_steps
        self.extensions = [] if extensions is None else extensions
        self.after_end = [] if after_end is None else after_end
        self.problems = [] if problems is None else problems
        self.entries = {} if entries is None else entries
        self.metadata = metadata
        self.module_metadata = module_metadata
        self.raw = raw
        self.fingerprint = fingerprint
        self.decoded = decoded
        self.strict = strict

    @property
    def text(self) -> str:
        return self.stream.text

    @property
    def is_log(self) -> bool:
        return bool(self.log_steps)

    def where(self, offset: int, what: str = "") -> str:
        return f"{self.name}: {SAVEFILE}: offset {offset}" + (f": {what}" if what else "")

    def stacks(self) -> list[PieceEntry]:
        return [e for e in self.pieces.values() if e.piece.kind == "stack"]

    def decode_pieces(self) -> None:
        """Decode and check every piece a lazy read left encoded (problems are
        recorded, or raised in strict mode, as a full read does)."""
        if self.decoded:
            return
        r = _Reader(self, self.strict)
        for entry in self.pieces.values():
            r.check(entry)
        self.decoded = True


class _Reader:
    def __init__(self, game: SavedGame, strict: bool, lazy: bool = False) -> None:
        self.g = game
        self.strict = strict
        self.lazy = lazy
        self.types: dict[str, str] = {}
        self.adds = AddPieceReader()

    def problem(self, offset: int, message: str, what: str = "") -> None:
        p = Problem(self.g.where(offset, what), message)
        if self.strict:
            raise MalformedInput(p.message, p.where)
        self.g.problems.append(p)

    def restore(self, cmd: Command) -> None:
        for c in cmd.walk():
            self.leaf(c)

    def leaf(self, c: Command) -> None:
        g = self.g
        span = c.source_span()
        if span is not None and span[0].startswith("+/", span[1], span[2]):
            g.counts[C.ADD] += 1  # what kind_of says of "+/...", without copying the command to ask
            self.add_at(c, *span)
            return
        text = c.text  # a slice of the stream: made once
        kind = C.kind_of(text)
        g.counts[kind] += 1
        if kind == C.ADD:
            self.add(c)
        elif kind == C.BOARDS:
            ident, placements = parse_board_picker(text)
            g.boards[ident] = placements
        elif kind == C.PLAYER:
            g.players.append(C.Player.parse(text))
        elif kind == C.GLOBAL_PROPERTY:
            g.global_properties.append(C.GlobalProperty.parse(text))
        elif kind == C.TURN:
            g.turns.append(C.Turn.parse(text))
        elif kind == C.NOTES:
            g.notes.append(text)
        elif kind == C.SETUP_STACK:
            g.setup_stack = True
        elif kind == C.OTHER:
            g.other[C.other_label(text)] += 1
            if text.startswith("EXT\t"):  # an extension loaded when the game was saved
                f = decode(text, "\t")
                g.extensions.append((f[1] if len(f) > 1 else "", f[2] if len(f) > 2 else ""))

    def add_at(self, c: Command, src: str, a: int, b: int) -> None:
        """`add` of a command that is src[a:b] of the stream, read in place.
        Memory of a monster save: the command's text stays in the stream only
        (the leaf slices it again for an edit), and a type that repeats
        (every copy of a counter) is held once."""
        assert c.leaf is not None
        ap = self.adds.parse(src, a, b)
        if ap.id is None or not ap.type:
            self.problem(c.offset, "AddPiece without an id or a type: VASSAL skips it", f"{src[a:min(b, a + 40)]!r}")
            return
        ap.keep_text_in(c.leaf)
        self.enter(c, ap)

    def add(self, c: Command) -> None:
        ap = AddPieceText.parse(c.text)
        if ap.id is None or not ap.type:
            self.problem(c.offset, "AddPiece without an id or a type: VASSAL skips it", f"{c.text[:40]!r}")
            return
        if c.leaf is not None:
            ap.keep_text_in(c.leaf)
            ap.type = self.types.setdefault(ap.type, ap.type)
        self.enter(c, ap)

    def enter(self, c: Command, ap: AddPieceText) -> None:
        assert ap.id is not None
        piece = Piece(ap.id, ap.type, ap.state)
        entry = PieceEntry(piece, c.leaf, ap, c.offset)
        if not self.lazy:
            self.check(entry)  # decode now, to find problems while we know where
        if ap.id in self.g.pieces:
            self.problem(c.offset, "a second piece with this id replaces the first", f"piece {ap.id}")
            self.g.piece_order.remove(ap.id)
        self.g.pieces[ap.id] = entry
        self.g.piece_order.append(ap.id)

    def check(self, entry: PieceEntry) -> None:
        piece = entry.piece
        if piece.kind == "piece":
            piece.levels()
            for msg in piece.problems:
                self.problem(entry.offset, msg, f"piece {piece.id}")


def _log_step(index: int, top: Command) -> LogStep:
    cmds: list[Command] = []
    for c in top.walk():
        if c.text.startswith("LOG\t"):
            cmds.append(Command(c.text[4:], [], c.leaf, c.offset))
    return LogStep(index, cmds, top.offset)


def read_saved_game(data: bytes, name: str, strict: bool = False, entries: dict[str, bytes] | None = None, *,
                    lazy: bool = False, keep_raw: bool = False, crc: int | None = None) -> SavedGame:
    """Parse the bytes of a `savedGame` entry (`crc`: its CRC-32 when the
    archive already knows it)."""
    with paused_gc():
        return _read_saved_game(data, name, strict, entries, lazy, keep_raw, crc)


def fingerprint_of(data: bytes, crc: int | None = None) -> str:
    """What identifies a savedGame entry: its CRC-32 and size."""
    return f"{zlib.crc32(data) if crc is None else crc:08x}:{len(data)}"


def _read_saved_game(data: bytes, name: str, strict: bool, entries: dict[str, bytes] | None, lazy: bool,
                     keep_raw: bool, crc: int | None) -> SavedGame:
    text, enc = decode_saved_game(data, f"{name}: {SAVEFILE}")
    return _parse_saved_game(text, enc, fingerprint_of(data, crc), data if keep_raw else None, name, strict,
                             entries, lazy)


def _parse_saved_game(text: str, enc: Encoding, fingerprint: str, raw: bytes | None, name: str, strict: bool,
                      entries: dict[str, bytes] | None, lazy: bool) -> SavedGame:
    stream = Stream(text)
    root = semantic(stream.root)
    game = SavedGame(name, enc, stream, root, entries=dict(entries or {}), raw=raw, fingerprint=fingerprint,
                     decoded=not lazy, strict=strict)
    r = _Reader(game, strict, lazy)
    if root.text != "begin_save":
        r.problem(0, f"the command stream starts with {root.text[:30]!r}, not begin_save: not a VASSAL save")
        r.restore(root)
        return game
    ended = False
    n_log = 0
    for child in root.children:
        if not ended:
            if child.text == "end_save":
                ended = True
                game.counts[C.END] += 1
                continue
            r.restore(child)
            continue
        kind = C.kind_of(child.text)
        if kind == C.LOG:
            n_log += 1
            game.log_steps.append(_log_step(n_log, child))
        game.after_end.append(child)
        game.counts["after:" + kind] += 1
    if not ended:
        r.problem(len(text), "no end_save: the save is truncated")
    return game


def _counted(pieces: Iterator[bytes], size: list[int]) -> Iterator[bytes]:
    for piece in pieces:
        size[0] += len(piece)
        yield piece


def read_game_file(path: str | Path, strict: bool = False, limits: Limits = DEFAULT_LIMITS) -> SavedGame:
    """Read a .vsav / .vlog archive (its `savedata`/`moduledata` are optional)."""
    archive = Archive.open(path, limits)
    return read_game_archive(archive, strict)


def read_game_archive(archive: Archive, strict: bool = False, *, lazy: bool = False,
                      keep_raw: bool = False) -> SavedGame:
    """`lazy` and `keep_raw`: see the module docstring (for saves written back)."""
    if not archive.has(SAVEFILE):
        raise MalformedInput("no savedGame entry: not a VASSAL save or log", archive.name)
    entries = {n: archive.read(n) for n in archive.names() if n != SAVEFILE}
    where = f"{archive.name}: {SAVEFILE}"
    with paused_gc():
        info = archive.info(SAVEFILE)
        raw: bytes | None = None
        if keep_raw:
            raw = archive.read(SAVEFILE)
            fingerprint = fingerprint_of(raw, info.CRC)
            plain, enc, start = deobfuscate(raw, where)
        else:
            # The entry (twice the text's size for !VCSK) is decoded as it is
            # inflated, never whole; the CRC the fingerprint needs is the one
            # the archive checked (the size is the inflated size).
            size = [0]
            plain, enc, start = deobfuscate_stream(_counted(archive.iter_read(SAVEFILE), size), where)
            fingerprint = f"{info.CRC:08x}:{size[0]}"
        text = utf8_text(plain, enc, start, where)
        del plain
        game = _parse_saved_game(text, enc, fingerprint, raw, archive.name, strict, entries, lazy)
    if "savedata" in entries:
        game.metadata = Metadata.parse(entries["savedata"], f"{archive.name}: savedata")
    if "moduledata" in entries:
        game.module_metadata = Metadata.parse(entries["moduledata"], f"{archive.name}: moduledata")
    return game
