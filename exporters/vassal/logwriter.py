"""Canonical actions -> a VASSAL log (.vlog) the module replays step by step.

The log starts with the position (`begin_save` ... `end_save`: a base save
edited to the initial state, or a save built from the module) and then has
one `LOG` step per piece movement, written as VASSAL writes a drag: a
MovePiece of the stack when a whole stack moves, of the piece otherwise, with
the chat line VASSAL's auto-report would add. A MoveUnits along a path is one
step per location entered (so `check-log` reads the same path back);
PlaceUnits adds the unit's piece from its palette slot; EndPhase becomes the
chat line `* <side>: end of phase *` and every other action the chat line
`* umpire action: <the action in protobuf text format>`, which check-log reads
back (VASSAL has no commands for them).
"""

from __future__ import annotations

from google.protobuf import text_format

from exporters.vassal.build import build_save
from exporters.vassal.edit import IdAllocator
from exporters.vassal.from_canonical import apply_state, slot_for_unit
from importers.vassal import cmdtree
from importers.vassal.chains import add_piece_text
from importers.vassal.commands import Move
from importers.vassal.game import SavedGame, read_saved_game
from importers.vassal.module import Module
from importers.vassal.obfuscation import Encoding, encode_saved_game
from importers.vassal.pieces import Piece, StackState
from importers.vassal.to_canonical import import_game
from umpire.v1 import action_pb2, state_pb2, vassal_pb2

PLAYER = "umpire"
END_PHASE_CHAT = "end of phase"
ACTION_CHAT = "* umpire action: "  # + the Action in one-line text format (read back by check-log)


def _log(texts: list[str]) -> str:
    """One LOG step: the first command, the others as nested LOG entries."""
    items = ["LOG\t" + t for t in texts]
    return items[0] if len(items) == 1 else cmdtree.nest(cmdtree.build_list(items))


class LogWriter:
    def __init__(self, module: Module, binding: vassal_pb2.VassalBinding, initial: state_pb2.GameState,
                 base: SavedGame | None = None) -> None:
        self.module = module
        self.binding = binding
        self.state = initial
        if base is not None:
            text, self.report = apply_state(base, module, binding, initial)
        else:
            text, self.report = build_save(module, binding, initial)
        self.start = read_saved_game(encode_saved_game(text, Encoding("plain", 0)), "log start")
        imp = import_game(self.start, module, binding, scenario=initial.scenario if not base else None,
                          use_engine=False)
        self.locator = imp.locator
        self.unit_piece = dict(imp.unit_pieces)
        self.pieces = {pid: e.piece for pid, e in self.start.pieces.items()}
        self.stacks = {pid: StackState.read(p.state) for pid, p in self.pieces.items() if p.kind == "stack"}
        self.parent = {c: sid for sid, st in self.stacks.items() for c in st.ids}
        self.names = {u.id: u.name or u.id for u in initial.scenario.definition.units}
        self.ids = IdAllocator(list(self.pieces))
        self.steps: list[str] = []

    def _pos(self, pid: str) -> tuple[str | None, int, int]:
        par = self.parent.get(pid)
        st = self.stacks.get(par or "")
        if st is not None:
            return st.map, st.x, st.y
        b = self.pieces[pid].basic
        return b.map, b.x, b.y

    def _move_cmd(self, mover: str, old: tuple[str | None, int, int], new: tuple[str, int, int]) -> str:
        return Move(mover, new[0], new[1], new[2], None, old[0], old[1], old[2], None, PLAYER).encode()

    def move(self, act: action_pb2.Action) -> None:
        units = list(act.move.unit_ids)
        pids = [self.unit_piece[u] for u in units if u in self.unit_piece]
        for loc in act.move.path:
            tgt = self.locator.point(loc)
            sids = {self.parent.get(p) for p in pids}
            cmds = []
            sid = next(iter(sids)) if len(sids) == 1 else None
            unit_pids = set(self.unit_piece.values())
            if sid is not None and sid in self.stacks and {m for m in self.stacks[sid].ids if m in unit_pids} == set(pids):
                old = self._pos(pids[0])
                st = self.stacks[sid]
                st.map, st.x, st.y = tgt
                cmds.append(self._move_cmd(sid, old, tgt))
            else:
                for p in pids:
                    old = self._pos(p)
                    par = self.parent.pop(p, None)
                    if par in self.stacks:
                        self.stacks[par].ids.remove(p)
                    dest = next((s for s, st in self.stacks.items() if (st.map, st.x, st.y) == tgt and st.ids), None)
                    if dest is not None:
                        self.stacks[dest].ids.append(p)
                        self.parent[p] = dest
                    self.pieces[p] = Piece(p, self.pieces[p].type, self.pieces[p].state_with_position(*tgt))
                    cmds.append(self._move_cmd(p, old, tgt))
            names = ", ".join(self.names.get(u, u) for u in units)
            cmds.append(f"CHAT* {names} moves to {loc} *")
            self.steps.append(_log(cmds))

    def place(self, act: action_pb2.Action) -> None:
        for uid in act.place.unit_ids:
            found = slot_for_unit(self.module, self.binding, self.state, uid)
            if found is None:
                self.chat(f"* {act.side}: {uid} placed at {act.place.location} (no palette slot) *")
                continue
            mapid, x, y = self.locator.point(act.place.location)
            pid = self.ids.new()
            piece = Piece(pid, found.type, found.state)
            state = piece.state_with_position(mapid, x, y)
            sid = self.ids.new()
            self.pieces[pid] = Piece(pid, found.type, state)
            self.stacks[sid] = StackState(mapid, x, y, [pid], "@@1")
            self.parent[pid] = sid
            self.unit_piece[uid] = pid
            self.steps.append(_log([add_piece_text(pid, found.type, state),
                                    add_piece_text(sid, "stack", self.stacks[sid].encode()),
                                    f"CHAT* {self.names.get(uid, uid)} created in {act.place.location}"]))

    def chat(self, text: str) -> None:
        self.steps.append(_log(["CHAT" + text]))

    def action(self, act: action_pb2.Action) -> None:
        kind = act.WhichOneof("kind")
        if kind == "move":
            self.move(act)
        elif kind == "place":
            self.place(act)
        elif kind == "end_phase":
            self.chat(f"* {act.side}: {END_PHASE_CHAT} {act.end_phase.phase} *".replace("  ", " "))
        else:
            self.chat(ACTION_CHAT + text_format.MessageToString(act, as_one_line=True, as_utf8=True))

    def text(self) -> str:
        return self.start.text + ("" if not self.steps else cmdtree.ESC + cmdtree.build_list(self.steps))


def write_log_text(module: Module, binding: vassal_pb2.VassalBinding, initial: state_pb2.GameState,
                   actions: list[action_pb2.Action], base: SavedGame | None = None) -> str:
    w = LogWriter(module, binding, initial, base)
    for a in actions:
        w.action(a)
    return w.text()
