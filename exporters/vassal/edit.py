"""Editing a saved game by splicing: move, change, add and delete pieces while
every command not concerned keeps its bytes.

Stacks follow VASSAL's rules (research notes §2.4, §3.5): a piece in a stack is
where its stack is, so moving a whole stack rewrites only the stack's command;
a piece leaving a stack is removed from the stack's list and put into the
stack already at its destination (as VASSAL merges pieces dropped on the same
spot) or a new stack, which is written after every piece it lists. VASSAL
restores a stack's list from pieces already read (children before stacks): a
stack that gains a piece written after it (or a new piece) is itself moved to
the end of the piece list, keeping its id.
"""

from __future__ import annotations

from importers.vassal import cmdtree
from importers.vassal.chains import AddPieceText, add_piece_text
from importers.vassal.game import SavedGame
from importers.vassal.obfuscation import Encoding, encode_saved_game
from importers.vassal.pieces import DeckState, Piece, StackState
from importers.vassal.seqenc import decode, encode_str

NEW_ID_BASE = 1_900_000_000_000


class IdAllocator:
    """New piece ids, numeric like VASSAL's (time-based) ones, above every id in use."""

    def __init__(self, used: list[str]) -> None:
        top = NEW_ID_BASE
        for u in used:
            if u.isdigit():
                top = max(top, int(u) + 1)
        self._next = top
        self._used = set(used)

    def new(self) -> str:
        while str(self._next) in self._used:
            self._next += 1
        pid = str(self._next)
        self._used.add(pid)
        self._next += 1
        return pid


Pos = tuple[str | None, int, int]


class SaveEditor:
    def __init__(self, game: SavedGame) -> None:
        self.game = game
        self.splicer = cmdtree.Splicer(game.stream)
        self.states: dict[str, str] = {}
        self.stacks: dict[str, StackState] = {}
        self.decks: dict[str, list[str]] = {}
        self.parent: dict[str, str] = {}
        self.dirty: set[str] = set()
        self.deleted: set[str] = set()
        self.new_commands: list[str] = []
        self.new_stacks: dict[str, StackState] = {}
        self.ids = IdAllocator(list(game.pieces))
        self._order: dict[str, int] = {}  # stack id -> rank (base order, then new stacks)
        self._at: dict[Pos, list[str]] = {}  # position -> stack ids there
        for pid in game.piece_order:
            p = game.pieces[pid].piece
            if p.kind == "stack":
                st = StackState.read(p.state)
                self.stacks[pid] = st
                self._index(pid, st)
                for c in st.ids:
                    self.parent[c] = pid
            elif p.kind == "deck":
                ids = DeckState.read(p.type, p.state).ids
                self.decks[pid] = list(ids)
                for c in ids:
                    self.parent[c] = pid
        self.base_ids = {sid: tuple(st.ids) for sid, st in self.stacks.items()}
        self._relocated: set[str] = set()
        self._prepared = False

    def _index(self, sid: str, st: StackState) -> None:
        self._order.setdefault(sid, len(self._order))
        self._at.setdefault((st.map, st.x, st.y), []).append(sid)

    def _unindex(self, sid: str, st: StackState) -> None:
        at = self._at.get((st.map, st.x, st.y), [])
        if sid in at:
            at.remove(sid)

    # -- reading the edited state
    def piece(self, pid: str) -> Piece:
        e = self.game.pieces[pid]
        return Piece(pid, e.piece.type, self.states.get(pid, e.piece.state))

    def stack_of(self, pid: str) -> str | None:
        par = self.parent.get(pid)
        return par if par in self.stacks or par in self.new_stacks else None

    def members(self, sid: str) -> list[str]:
        st = self.stacks.get(sid) or self.new_stacks.get(sid)
        return list(st.ids) if st else []

    def stack(self, sid: str) -> StackState:
        return self.stacks.get(sid) or self.new_stacks[sid]

    def where(self, pid: str) -> tuple[str | None, int, int]:
        par = self.parent.get(pid)
        st = self.stacks.get(par or "") or self.new_stacks.get(par or "")
        if st is not None:
            return st.map, st.x, st.y
        b = self.piece(pid).basic
        return b.map, b.x, b.y

    # -- edits
    def set_state(self, pid: str, state: str) -> None:
        if state != self.game.pieces[pid].piece.state or pid in self.states:
            self.states[pid] = state

    def _leave(self, pid: str) -> None:
        par = self.parent.pop(pid, None)
        if par is None:
            return
        if par in self.stacks or par in self.new_stacks:
            st = self.stacks.get(par) or self.new_stacks[par]
            st.ids = [i for i in st.ids if i != pid]
            self.dirty.add(par)
        elif par in self.decks:
            self.decks[par] = [i for i in self.decks[par] if i != pid]
            self.dirty.add(par)

    def _stack_at(self, mapid: str | None, x: int, y: int, exclude: str | None) -> str | None:
        cands = [sid for sid in self._at.get((mapid, x, y), [])
                 if sid != exclude and sid not in self.deleted and self.stack(sid).ids]
        return min(cands, key=self._order.__getitem__) if cands else None

    def _new_stack(self, mapid: str, x: int, y: int, ids: list[str], layer: str | None) -> str:
        sid = self.ids.new()
        st = StackState(mapid, x, y, ids, layer)
        self.new_stacks[sid] = st
        self._index(sid, st)
        for pid in ids:
            self.parent[pid] = sid
        return sid

    def ensure_stack(self, pid: str) -> str | None:
        """The stack of a piece; a piece on a map outside any stack gets a new
        stack of its own (so pieces can join it). None when it is on no map."""
        sid = self.stack_of(pid)
        if sid is not None:
            return sid
        if pid in self.parent:
            return None  # in a deck
        mapid, x, y = self.where(pid)
        if mapid is None:
            return None
        return self._new_stack(mapid, x, y, [pid], self._layer(mapid))

    def _layer(self, mapid: str | None) -> str | None:
        return next((s.layer for s in self.stacks.values() if s.map == mapid and s.layer), None)

    def move_piece(self, pid: str, mapid: str | None, x: int, y: int) -> None:
        """Move one piece out of wherever it is to (map, x, y)."""
        old = self.parent.get(pid)
        self._leave(pid)
        self._place(pid, mapid, x, y, old)
        self.set_state(pid, self.piece(pid).state_with_position(mapid, x, y))

    def move_stack(self, sid: str, mapid: str | None, x: int, y: int) -> None:
        st = self.stack(sid)
        self._unindex(sid, st)
        st.map, st.x, st.y = mapid, x, y
        self._index(sid, st)
        self.dirty.add(sid)

    def delete_piece(self, pid: str) -> None:
        self._leave(pid)
        self.deleted.add(pid)

    def add_piece(self, type_text: str, state: str, mapid: str | None, x: int, y: int) -> str:
        """A new piece (e.g. from a palette slot) placed at (map, x, y)."""
        pid = self.ids.new()
        p = Piece(pid, type_text, state)
        self.new_commands.append(add_piece_text(pid, type_text, p.state_with_position(mapid, x, y)))
        self._place(pid, mapid, x, y, None)
        return pid

    def _place(self, pid: str, mapid: str | None, x: int, y: int, old: str | None) -> None:
        """Put a piece on top of the stack at (map, x, y), or in a new stack there."""
        target = self._stack_at(mapid, x, y, old)
        if target is not None:
            st = self.stacks.get(target) or self.new_stacks[target]
            st.ids.append(pid)
            self.dirty.add(target)
            self.parent[pid] = target
        elif mapid is not None:
            self._new_stack(mapid, x, y, [pid], self._layer(mapid))

    # -- output
    def changed(self) -> bool:
        return bool(self.states or self.dirty or self.deleted or self.new_commands or self.new_stacks)

    def _prepare(self) -> None:
        if self._prepared:
            raise RuntimeError("a SaveEditor writes its result once")
        self._prepared = True
        g = self.game
        sp = self.splicer
        for pid, state in self.states.items():
            if pid in self.deleted or pid not in g.pieces:
                continue
            e = g.pieces[pid]
            if e.leaf is not None:
                sp.replace(e.leaf, e.add.with_state(state))
        relocated: list[str] = []
        for sid in sorted(self.dirty, key=lambda s: self._order.get(s, 0)):
            if sid in self.new_stacks or sid in self.deleted:
                continue
            e = g.pieces[sid]
            if e.leaf is None:
                continue
            if sid in self.stacks:
                text = e.add.with_state(self.stacks[sid].encode())
                late = [m for m in self.stacks[sid].ids if m not in g.pieces or g.pieces[m].offset > e.offset]
                if late and not e.leaf.quoted:
                    sp.delete(e.leaf)  # children before stacks: write it again after them
                    relocated.append(text)
                    self._relocated.add(sid)
                else:
                    sp.replace(e.leaf, text)
            elif sid in self.decks:
                sp.replace(e.leaf, e.add.with_state(_deck_state(e.piece.state, self.decks[sid])))
        for pid in self.deleted:
            de = g.pieces.get(pid)
            if de is not None and de.leaf is not None:
                sp.delete(de.leaf)
        new = list(self.new_commands)
        new += [add_piece_text(sid, "stack", st.encode()) for sid, st in self.new_stacks.items()]
        new += relocated
        if new:
            anchor = self._anchor()
            if anchor is not None:
                for text in new:  # insertions at one offset keep their order
                    sp.insert_after(anchor, text)
            else:
                self._insert_piece_list(new)

    def finish(self) -> str:
        """The edited command stream."""
        self._prepare()
        return self.splicer.apply()

    def finish_encoded(self, encoding: Encoding) -> bytes:
        """The edited savedGame entry; spliced from the base's entry bytes when
        it was kept and the encoding is the same (nothing else encoded again)."""
        self._prepare()
        if self.game.raw is not None and encoding == self.game.encoding:
            return self.splicer.apply_encoded(self.game.raw, encoding)
        return encode_saved_game(self.splicer.apply(), encoding)

    def _anchor(self) -> cmdtree.Leaf | None:
        """The last AddPiece of the restore part (new commands go after it)."""
        for pid in reversed(self.game.piece_order):
            e = self.game.pieces[pid]
            if pid not in self.deleted and pid not in self._relocated and e.leaf is not None and not e.leaf.quoted:
                return e.leaf
        return None

    def _insert_piece_list(self, texts: list[str]) -> None:
        """A save without pieces: add the piece list after begin_save's version check."""
        root = self.game.stream.root
        if not isinstance(root, cmdtree.Seq) or len(root.items) < 2:
            raise ValueError("the save has no restore section to add pieces to")
        anchor = root.items[1] if isinstance(root.items[1], cmdtree.Leaf) and root.items[1].text == "" else root.items[0]
        raw = cmdtree.ESC + cmdtree.nest(cmdtree.build_list(["", *texts]))
        self.splicer.insert_raw(anchor.end, raw)


def _deck_state(old: str, ids: list[str]) -> str:
    toks = decode(old, ";")
    while len(toks) < 4:
        toks.append("")
    joined = encode_str(ids, ",") if ids else ""
    return encode_str(toks[:4] + ([joined] if ids else []) + toks[5:], ";")


def stack_add_text(sid: str, st: StackState) -> str:
    return add_piece_text(sid, "stack", st.encode())


def add_text(pid: str, ap: AddPieceText) -> str:
    return add_piece_text(pid, ap.type, ap.state)
