"""A VASSAL log's steps as canonical actions (and observed effects).

VASSAL logs record what players did to pieces, not rules actions: a drag is a
MovePiece (`M/`) of a piece or of a whole stack, a counter flipped is a
ChangePiece (`D/`), a unit taken off is a RemovePiece (`-/`). This module
follows the pieces through the log (stacks formed and split as VASSAL forms
and splits them) and turns each step into:

* `MoveUnits` for moves of bound units between scenario locations (one action
  per side and destination; consecutive moves of the same units that continue
  each other are merged into one path unless the binding says not to);
* `PlaceUnits` for a unit piece added onto the scenario map;
* `EndPhase` for a turn-tracker change or a chat line the binding names;
* effects the rules do not adjudicate but the replay must mirror (a unit
  removed, steps lost or regained, layer markers, map-marker pieces added,
  moved or removed, unit-marker pieces joining or leaving a unit's stack),
  applied to the state as observed.

Die faces found in chat lines (binding `log.dice_chat`) become the rolls of the
next action.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from adjudicator.core.errors import MalformedInput
from importers.vassal import commands as C
from google.protobuf import text_format

from importers.vassal.binding import Binder, BoundPiece, Locator, fill
from importers.vassal.chains import AddPieceText
from importers.vassal.game import SavedGame
from importers.vassal.module import Module, parse_board_picker
from importers.vassal.pieces import Piece, StackState
from importers.vassal.to_canonical import ImportResult, layer_markers, steps_lost
from umpire.v1 import action_pb2, state_pb2, vassal_pb2

ACTION_CHAT = "* umpire action: "  # the chat lines exporters.vassal.logwriter writes for other actions


@dataclass
class Effect:
    """Something the log shows happening to a unit outside an action."""

    step: int
    unit_id: str
    kind: str  # "eliminated" | "steps" | "markers" | "map-marker"
    value: str = ""
    steps_lost: int = 0
    markers: list[str] = field(default_factory=list)  # markers the unit now has (of those `previous` held)
    previous: list[str] = field(default_factory=list)  # markers of this kind of source it had
    marker_id: str = ""  # map-marker: the piece id (MapMarker.id)
    marker_kind: str = ""
    location: str | None = None  # map-marker: where it is now; None = off the scenario map or removed
    removed: bool = False


@dataclass
class Item:
    steps: list[int]
    action: action_pb2.Action | None = None
    rolls: list[int] = field(default_factory=list)
    effect: Effect | None = None
    summary: str = ""
    skipped: str = ""
    origin: str = ""


@dataclass
class _World:
    """Pieces and stacks as the log has made them so far."""

    pieces: dict[str, Piece]
    parent: dict[str, str]
    stacks: dict[str, StackState]
    bound: dict[str, BoundPiece]

    def members(self, sid: str) -> list[str]:
        st = self.stacks.get(sid)
        return list(st.ids) if st else []

    def pos(self, pid: str) -> tuple[str | None, int, int]:
        par = self.parent.get(pid)
        if par in self.stacks:
            st = self.stacks[par]
            return st.map, st.x, st.y
        if pid in self.stacks:
            st = self.stacks[pid]
            return st.map, st.x, st.y
        p = self.pieces.get(pid)
        if p is None:
            return None, 0, 0
        b = p.basic
        return b.map, b.x, b.y

    def leave(self, pid: str) -> None:
        par = self.parent.pop(pid, None)
        if par in self.stacks:
            self.stacks[par].ids = [i for i in self.stacks[par].ids if i != pid]

    def join(self, pid: str, sid: str) -> None:
        self.leave(pid)
        self.stacks[sid].ids.append(pid)
        self.parent[pid] = sid

    def stack_at(self, mapid: str | None, x: int, y: int, exclude: str) -> str | None:
        for sid, st in self.stacks.items():
            if sid != exclude and st.map == mapid and st.x == x and st.y == y and st.ids:
                return sid
        return None


class LogReader:
    def __init__(self, game: SavedGame, module: Module, binding: vassal_pb2.VassalBinding, imp: ImportResult,
                 strict: bool = False) -> None:
        self.game = game
        self.strict = strict
        self.module = module
        self.binding = binding
        self.imp = imp
        self.locator: Locator = imp.locator
        sides = {s.id for s in imp.state.scenario.definition.sides}
        known = {u.id: u.name for u in imp.state.scenario.definition.units}
        self.binder = Binder(binding, module, known, sides)
        self.unit_side = {u.id: u.side for u in imp.state.scenario.definition.units}
        self.dice_rx = re.compile(binding.log.dice_chat) if binding.log.dice_chat else None
        self.end_rx = [re.compile(r) for r in binding.log.end_phase_chat]
        self.chat_rx = [re.compile(ca.pattern) for ca in binding.log.chat_actions]
        pieces = {pid: e.piece for pid, e in game.pieces.items()}
        stacks = {pid: StackState.read(p.state) for pid, p in pieces.items() if p.kind == "stack"}
        parent = {c: sid for sid, st in stacks.items() for c in st.ids}
        self.moved_units: set[str] = set()
        self.w = _World(pieces, parent, stacks, dict(imp.bound))
        self.boards = dict(game.boards)
        self.touched: set[str] = set()  # stacks whose pieces changed in the current step
        self.stack_markers: dict[str, list[str]] = {}  # unit -> unit-marker kinds its stack gives it
        for pid, b in self.w.bound.items():
            if b.kind == "unit":
                self.stack_markers[b.unit_id] = self._stack_kinds(pid)

    def _stack_kinds(self, pid: str) -> list[str]:
        """Kinds of the unit-marker pieces in the piece's stack."""
        sid = self.w.parent.get(pid)
        if sid is None:
            return []
        out: list[str] = []
        for m in self.w.members(sid):
            b = self.w.bound.get(m)
            if b is not None and b.kind == "unit_marker" and b.marker not in out:
                out.append(b.marker)
        return out

    def _marker_effects(self, step: int) -> list[Item]:
        """Units whose stack gained or lost unit-marker pieces in this step."""
        out: list[Item] = []
        w = self.w
        units = {m for sid in self.touched for m in w.members(sid)} | {
            pid for pid, sid in list(w.parent.items()) if sid in self.touched}
        units |= {pid for pid in self.moved_units}
        for pid in sorted(units):
            uid = self.unit_of(pid)
            if uid is None:
                continue
            now = self._stack_kinds(pid)
            before = self.stack_markers.get(uid, [])
            if sorted(now) != sorted(before):
                self.stack_markers[uid] = now
                out.append(Item([step], effect=Effect(step, uid, "markers", markers=now, previous=before),
                                summary=f"{uid} stack markers {now}"))
        self.touched.clear()
        self.moved_units.clear()
        return out

    def _map_marker(self, step: int, pid: str, removed: bool = False) -> list[Item]:
        b = self.w.bound.get(pid)
        if b is None or b.kind != "marker":
            return []
        loc = None if removed else self.location(*self.w.pos(pid))
        what = "removed" if removed else f"at {loc or 'off the scenario map'}"
        return [Item([step], effect=Effect(step, "", "map-marker", marker_id=pid, marker_kind=b.marker, location=loc,
                                           removed=removed, value=b.side),
                     summary=f"marker {b.marker} {pid} {what}")]

    def unit_of(self, pid: str) -> str | None:
        b = self.w.bound.get(pid)
        return b.unit_id if b is not None and b.kind == "unit" else None

    def location(self, mapid: str | None, x: int, y: int) -> str | None:
        return self.locator.place(mapid, x, y).location

    def items(self) -> list[Item]:
        out: list[Item] = []
        pending_rolls: list[int] = []
        for step in self.game.log_steps:
            moves: dict[tuple[str, str], list[tuple[str, str | None]]] = {}
            step_items: list[Item] = []
            for cmd in step.commands:
                text = cmd.text
                kind = C.kind_of(text)
                try:
                    if kind == C.MOVE:
                        step_items += self._move(step.index, C.Move.parse(text), moves)
                    elif kind == C.ADD:
                        step_items += self._add(step.index, text)
                    elif kind == C.CHANGE:
                        step_items += self._change(step.index, C.Change.parse(text))
                    elif kind == C.REMOVE:
                        step_items += self._remove(step.index, text[2:])
                    elif kind == C.BOARDS:
                        ident, pl = parse_board_picker(text)
                        self.boards[ident] = pl
                        self.locator.set_boards(ident, pl)
                    elif kind == C.TURN and self.binding.log.end_phase_on_turn:
                        step_items.append(Item([step.index], _end_phase(), summary=f"step {step.index}: turn tracker -> end phase"))
                    elif kind == C.CHAT:
                        chat_item = self._chat_action(step.index, text[4:])
                        if chat_item is not None:
                            step_items.append(chat_item)
                        if self.dice_rx is not None:
                            pending_rolls += [int(m.group(1)) for m in self.dice_rx.finditer(text) if m.group(1).isdigit()]
                        if any(rx.search(text) for rx in self.end_rx):
                            step_items.append(Item([step.index], _end_phase(), summary=f"step {step.index}: {text[4:60]!r} -> end phase"))
                except ValueError as e:
                    where = f"{self.game.name}: savedGame: offset {cmd.offset}"
                    if self.strict:
                        raise MalformedInput(f"LOG step {step.index}: bad command {text[:40]!r}: {e}", where) from None
                    step_items.append(Item([step.index], skipped=f"{where}: bad command {text[:40]!r}: {e}",
                                           summary=f"step {step.index}: unreadable command"))
            move_items = []
            for (side, dest), units in moves.items():
                uids = [u for u, _ in units]
                frm = units[0][1] or "?"
                act = action_pb2.Action(side=side)
                act.move.unit_ids.extend(uids)
                act.move.path.append(dest)
                move_items.append(Item([step.index], act, summary=move_summary(act, frm), origin=frm))
            step_items = move_items + step_items + self._marker_effects(step.index)
            for it in step_items:
                if it.action is not None and pending_rolls:
                    it.rolls, pending_rolls = pending_rolls, []
            out += step_items
        return out if self.binding.log.no_merge_moves else merge_moves(out)

    # -- chat lines that are actions
    def _chat_action(self, step: int, chat: str) -> Item | None:
        if chat.startswith(ACTION_CHAT):
            act = action_pb2.Action()
            try:
                text_format.Parse(chat[len(ACTION_CHAT):], act)
            except text_format.ParseError as e:
                raise MalformedInput(f"LOG step {step}: unreadable umpire action chat: {e}", self.game.name) from None
            return Item([step], act, summary=f"{act.side or '?'} {act.WhichOneof('kind')} (chat)")
        for i, ca in enumerate(self.binding.log.chat_actions):
            m = self.chat_rx[i].search(chat)
            if m is None:
                continue
            groups = {k: v or "" for k, v in m.groupdict().items()}
            act = action_pb2.Action()
            try:
                text_format.Parse(fill(ca.action, groups), act)
            except text_format.ParseError as e:
                raise MalformedInput(f"the action template does not parse for chat {chat[:60]!r}: {e}",
                                     f"binding log.chat_actions[{i}]") from None
            if ca.side:
                act.side = self.binder.side_of(fill(ca.side, groups))
            return Item([step], act, summary=f"{act.side or '?'} {act.WhichOneof('kind')}: {chat[:60]!r}")
        return None

    # -- commands
    def _move(self, step: int, mv: C.Move, moves: dict[tuple[str, str], list[tuple[str, str | None]]]) -> list[Item]:
        pid = mv.id or ""
        w = self.w
        movers = w.members(pid) if pid in w.stacks else [pid]
        before = {m: self.location(*w.pos(m)) for m in movers}
        if pid in w.stacks:
            st = w.stacks[pid]
            st.map, st.x, st.y = mv.new_map, mv.new_x, mv.new_y
        elif pid in w.pieces:
            if pid in w.parent:
                self.touched.add(w.parent[pid])
            under = w.parent.get(mv.new_under or "") if mv.new_under else None
            target = under or (mv.new_under if mv.new_under in w.stacks else None)
            if target is None:
                target = w.stack_at(mv.new_map, mv.new_x, mv.new_y, w.parent.get(pid, ""))
            if target is not None:
                w.join(pid, target)
                self.touched.add(target)
            else:
                w.leave(pid)
            p = w.pieces[pid]
            w.pieces[pid] = Piece(pid, p.type, p.state_with_position(mv.new_map, mv.new_x, mv.new_y))
            self.moved_units.add(pid)
        dest = self.location(mv.new_map, mv.new_x, mv.new_y)
        effects: list[Item] = []
        for m in movers:
            effects += self._map_marker(step, m) if before.get(m) != dest else []
            uid = self.unit_of(m)
            if uid is None or dest is None or before.get(m) == dest:
                continue
            side = self.unit_side.get(uid, "")
            moves.setdefault((side, dest), []).append((uid, before.get(m)))
        return effects

    def _add(self, step: int, text: str) -> list[Item]:
        ap = AddPieceText.parse(text)
        if ap.id is None:
            return []
        p = Piece(ap.id, ap.type, ap.state)
        w = self.w
        w.pieces[ap.id] = p
        if p.kind == "stack":
            st = StackState.read(p.state)
            w.stacks[ap.id] = st
            for c in st.ids:
                if c in w.parent:
                    self.touched.add(w.parent[c])
                w.leave(c)
                w.parent[c] = ap.id
            self.touched.add(ap.id)
            return []
        if p.kind != "piece" or p.problems:
            return []
        b = self.binder.bind(p, p.basic.map)
        w.bound[ap.id] = b
        if b.kind == "marker":
            return self._map_marker(step, ap.id)
        if b.kind != "unit":
            return []
        loc = self.location(p.basic.map, p.basic.x, p.basic.y)
        if loc is None:
            return []
        act = action_pb2.Action(side=self.unit_side.get(b.unit_id, b.side))
        act.place.unit_ids.append(b.unit_id)
        act.place.location = loc
        return [Item([step], act, summary=f"{act.side} places {b.unit_id} at {loc}")]

    def _change(self, step: int, ch: C.Change) -> list[Item]:
        w = self.w
        old = w.pieces.get(ch.id)
        if old is None or old.kind != "piece":
            if old is not None and old.kind == "stack":
                st = StackState.read(ch.new_state)
                for c in w.members(ch.id):
                    w.parent.pop(c, None)
                for c in st.ids:
                    w.parent[c] = ch.id
                w.stacks[ch.id] = st
                self.touched.add(ch.id)
            return []
        new = Piece(ch.id, old.type, ch.new_state)
        w.pieces[ch.id] = new
        uid = self.unit_of(ch.id)
        if uid is None:
            return []
        rule = w.bound[ch.id].rule
        out = []
        before, after = steps_lost(old, rule), steps_lost(new, rule)
        if after is not None and before != after:
            out.append(Item([step], effect=Effect(step, uid, "steps", steps_lost=after),
                            summary=f"{uid} now has {after} steps lost"))
        mb, ma = layer_markers(old, rule), layer_markers(new, rule)
        if mb != ma:
            out.append(Item([step], effect=Effect(step, uid, "markers", markers=ma, previous=mb),
                            summary=f"{uid} markers {ma}"))
        return out

    def _remove(self, step: int, pid: str) -> list[Item]:
        uid = self.unit_of(pid)
        gone = self._map_marker(step, pid, removed=True)
        if pid in self.w.parent:
            self.touched.add(self.w.parent[pid])
        self.w.leave(pid)
        self.w.pieces.pop(pid, None)
        if uid is None:
            return gone
        return [Item([step], effect=Effect(step, uid, "eliminated"), summary=f"{uid} removed from play")]


def _end_phase() -> action_pb2.Action:
    a = action_pb2.Action()
    a.end_phase.SetInParent()
    return a


def move_summary(act: action_pb2.Action, origin: str) -> str:
    return f"{act.side} moves {', '.join(act.move.unit_ids)} {origin} -> {' -> '.join(act.move.path)}"


def merge_moves(items: list[Item]) -> list[Item]:
    """Consecutive moves of the same units by the same side that continue each
    other become one MoveUnits with the whole path."""
    out: list[Item] = []
    for it in items:
        prev = out[-1] if out else None
        if (prev is not None and it.action is not None and prev.action is not None
                and it.action.WhichOneof("kind") == "move" and prev.action.WhichOneof("kind") == "move"
                and it.action.side == prev.action.side
                and list(it.action.move.unit_ids) == list(prev.action.move.unit_ids)
                and not it.rolls and not prev.rolls):
            prev.action.move.path.extend(it.action.move.path)
            prev.steps += it.steps
            prev.summary = move_summary(prev.action, prev.origin)
            continue
        out.append(it)
    return out


def with_effect(state: state_pb2.GameState, e: Effect) -> state_pb2.GameState:
    """A copy of the state mirroring what the log shows happened outside the
    rules. A copy, never an edit in place: rulesets cache derived data per state
    object and version, and an edited state would be judged from a stale cache."""
    new = state_pb2.GameState()
    new.CopyFrom(state)
    _mirror(new, e)
    return new


def _mirror(state: state_pb2.GameState, e: Effect) -> None:
    if e.kind == "map-marker":
        i = next((i for i, m in enumerate(state.markers) if m.id == e.marker_id), None)
        if e.removed:
            if i is not None:
                del state.markers[i]
            return
        m = state.markers[i] if i is not None else state.markers.add(id=e.marker_id, kind=e.marker_kind, side=e.value)
        m.location = e.location or ""
        return
    for u in state.units:
        if u.unit_id != e.unit_id:
            continue
        if e.kind == "eliminated":
            u.status = state_pb2.UnitState.ELIMINATED
        elif e.kind == "steps":
            u.steps_lost = e.steps_lost
        elif e.kind == "markers":  # those of one source (a layer, the stack's marker pieces) replaced
            kept = [m for m in u.markers if m not in e.previous]
            del u.markers[:]
            u.markers.extend(kept + [m for m in e.markers if m not in kept])
