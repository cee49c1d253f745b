"""The working model of a Traces of Victory game: one `umpire.v1.GameState`
with indexes the rules read all the time (units by id and by hex, who is friend
and enemy, the compiled map), and the few writes every rule shares (placing a
unit, step losses with their victory points, events, decisions).

`validate` builds a `Game` on the state it is given and only reads it; `apply`
builds one on a copy (`Game.copy_of`) and returns that copy. Nothing here
mutates the argument of `validate`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from adjudicator.core import decisions as dec
from adjudicator.core.combat import steps_of
from adjudicator.core.hexmap import HexMap, compile_map
from adjudicator.core.tables import TableView, find_table
from adjudicator.rules.traces.board import Board, board_of, in_play_mask
from adjudicator.rules.traces.cite import TV
from adjudicator.rules.traces.options import TracesOptions
from umpire.v1 import common_pb2, definition_pb2, state_pb2, traces_pb2

ON_MAP = state_pb2.UnitState.ON_MAP
OFF_MAP = state_pb2.UnitState.OFF_MAP
ELIMINATED = state_pb2.UnitState.ELIMINATED
EXITED = state_pb2.UnitState.EXITED

# Unit markers (UnitState.markers).
OOS = "out-of-supply"  # 8.1 Out of Supply marker
DRIVEN_OUT = "driven-from-metz"  # 12.7: the garrison restriction no longer applies
RELOCATING = "relocating"  # HQ waiting for its relocation hex (2.3)

BELLIGERENTS = ("allied", "german")


def other(b: str) -> str:
    return "german" if b == "allied" else "allied"


class Game:
    def __init__(self, state: state_pb2.GameState) -> None:
        self.state = state
        self.tv: traces_pb2.TracesState = state.traces
        self.sc = state.scenario
        self.ext = state.scenario.traces
        self.hm: HexMap = compile_map(state.scenario.definition.map)
        self.opts = TracesOptions(state.options)
        self.defs: dict[str, definition_pb2.Unit] = {u.id: u for u in state.scenario.definition.units}
        self.us: dict[str, state_pb2.UnitState] = {u.unit_id: u for u in state.units}
        self.types = {t.id: t for t in state.scenario.definition.unit_types}
        self.events: list[state_pb2.Event] = []
        self._at: dict[int, list[str]] | None = None
        self._hq_of_chit: dict[str, str] = {
            u.props["hq"]: u.id for u in state.scenario.definition.units if u.props.get("hq")
        }
        self._tables: dict[str, TableView] = {}
        self.board: Board = board_of(self.hm)
        self._in_play: bytearray | None = None

    @classmethod
    def copy_of(cls, state: state_pb2.GameState) -> "Game":
        new = state_pb2.GameState()
        new.CopyFrom(state)
        return cls(new)

    # -- players and belligerents
    def belligerent(self, uid: str) -> str:
        u = self.defs[uid]
        return u.props.get("belligerent", u.side)

    def player_belligerent(self, side: str) -> str:
        for p in self.tv.players:
            if p.side == side:
                return p.belligerent
        return side

    def lead(self, belligerent: str) -> str:
        for p in self.tv.players:
            if p.belligerent == belligerent and p.lead:
                return p.side
        return belligerent

    def player_of_army(self, army: str, belligerent: str) -> str:
        for p in self.tv.players:
            if p.belligerent == belligerent and army in p.armies:
                return p.side
        return self.lead(belligerent)

    def player_of_chit(self, name: str, owner: str) -> str:
        """Who plays a chit: an HQ chit goes to the player commanding the HQ's
        army (15.1); special chits to the belligerent's first player."""
        hq = self._hq_of_chit.get(name)
        if hq is not None:
            return self.player_of_army(self.defs[hq].props.get("army", ""), owner)
        return self.lead(owner)

    def controls_unit(self, side: str, uid: str) -> bool:
        return self.defs[uid].side == side

    # -- units
    def hq_of_chit(self, name: str) -> str | None:
        return self._hq_of_chit.get(name)

    def is_hq(self, uid: str) -> bool:
        return "hq" in self.types[self.defs[uid].type].tags

    def is_mech(self, uid: str) -> bool:
        """2.2: Armor/Panzer, Mechanized Infantry/Panzergrenadier, Armored Cavalry.
        HQs move as non-mechanized units (A-47)."""
        return "mechanized" in self.types[self.defs[uid].type].tags

    def face(self, uid: str) -> definition_pb2.UnitFace:
        u = self.defs[uid]
        return u.faces[min(self.us[uid].steps_lost, len(u.faces) - 1)]

    def attack_strength(self, uid: str) -> int:
        f = self.face(uid)
        return f.attack if f.HasField("attack") else f.defense

    def defense_strength(self, uid: str) -> int:
        f = self.face(uid)
        return f.defense if f.HasField("defense") else f.attack

    def movement(self, uid: str) -> int:
        return self.face(uid).movement

    def command_range(self, uid: str) -> int:
        """12.2: "Command Range (6 hexes)"; the counter's rating where given (A-37)."""
        v = self.face(uid).values.get("command_range", "")
        return int(v) if v.isdigit() else 6

    def steps_left(self, uid: str) -> int:
        return max(0, steps_of(self.defs[uid]) - self.us[uid].steps_lost)

    def full_strength(self, uid: str) -> bool:
        return self.us[uid].steps_lost == 0

    def on_map(self, uid: str) -> bool:
        return self.us[uid].status == ON_MAP

    def hex_of(self, uid: str) -> int:
        us = self.us[uid]
        return self.hm.hex_id(us.location, f"unit {uid}") if us.status == ON_MAP else -1

    def label(self, h: int) -> str:
        return self.hm.labels[h]

    def name(self, uid: str) -> str:
        return self.defs[uid].name or uid

    def army(self, uid: str) -> str:
        return self.defs[uid].props.get("army", "")

    def corps(self, uid: str) -> str:
        return self.defs[uid].props.get("corps", "")

    def division(self, uid: str) -> str:
        return self.defs[uid].formation

    def has_tag(self, uid: str, tag: str) -> bool:
        return tag in self.defs[uid].tags

    # -- where units are
    @property
    def at(self) -> dict[int, list[str]]:
        if self._at is None:
            at: dict[int, list[str]] = {}
            for u in self.state.units:
                if u.status == ON_MAP:
                    at.setdefault(self.hm.hex_id(u.location, f"unit {u.unit_id}"), []).append(u.unit_id)
            self._at = at
        return self._at

    def units_at(self, h: int) -> list[str]:
        return list(self.at.get(h, ()))

    def units_of(self, belligerent: str) -> list[str]:
        return [u.unit_id for u in self.state.units if u.status == ON_MAP and self.belligerent(u.unit_id) == belligerent]

    def occupied(self, belligerent: str) -> bytearray:
        mask = bytearray(self.hm.n)
        for h, ids in self.at.items():
            if any(self.belligerent(u) == belligerent for u in ids):
                mask[h] = 1
        return mask

    def enemy_at(self, h: int, belligerent: str) -> bool:
        return any(self.belligerent(u) != belligerent for u in self.at.get(h, ()))

    def invalidate(self) -> None:
        self._at = None

    @property
    def in_play(self) -> bytearray:
        """Hexes on the scenario's map (14.1, 14.2 limits; A-35)."""
        if self._in_play is None:
            self._in_play = in_play_mask(self.hm, list(self.ext.limits), self.opts.limit_line == "inside")
        return self._in_play

    # -- state helpers
    def table(self, table_id: str) -> TableView:
        tv = self._tables.get(table_id)
        if tv is None:
            tv = find_table(self.sc.definition.tables, table_id)
            self._tables[table_id] = tv
        return tv

    @property
    def turn(self) -> int:
        return self.state.turn

    def mud(self) -> bool:
        """4.1.5, 4.1.6: a mud marker on the current turn."""
        return self.turn in self.tv.mud_turns

    def control(self, h: int) -> str:
        return self.tv.control.get(self.hm.labels[h], "")

    def set_control(self, h: int, belligerent: str, why: str) -> None:
        label = self.hm.labels[h]
        if label in self.tv.control and self.tv.control[label] != belligerent:
            self.tv.control[label] = belligerent
            self.emit("CONTROL", f"{label} passes to {belligerent} control ({why})", [TV.cite("6.1")],
                      to_location=label)

    # -- writes
    def emit(
        self,
        kind: str,
        text: str,
        cites: Sequence[common_pb2.Citation] = (),
        *,
        units: Iterable[str] = (),
        from_location: str = "",
        to_location: str = "",
        dice: Iterable[common_pb2.DieRoll] = (),
        visible_to: Iterable[str] = (),
        side: str = "",
    ) -> state_pb2.Event:
        e = state_pb2.Event(kind=kind, text=text, citations=list(cites), units=list(units),
                            from_location=from_location, to_location=to_location, dice=list(dice),
                            visible_to=list(visible_to), side=side)
        self.events.append(e)
        return e

    def ask(self, d: state_pb2.Decision) -> None:
        self.tv.decisions_asked += 1
        d.id = dec.next_id(self.tv.decisions_asked)
        self.state.pending.CopyFrom(d)

    def clear_pending(self) -> None:
        self.state.ClearField("pending")

    def place(self, uid: str, h: int, *, why: str = "moves") -> None:
        """Put a unit on hex h (entering the map if it was off it)."""
        us = self.us[uid]
        old = self.hex_of(uid)
        us.status = ON_MAP
        us.location = self.hm.labels[h]
        if self._at is not None:
            if old >= 0 and uid in self._at.get(old, []):
                self._at[old].remove(uid)
            self._at.setdefault(h, []).append(uid)
        self.entered(uid, h, why)

    def entered(self, uid: str, h: int, why: str) -> None:
        """6.1: control of a City, Town or Supply Source hex changes the instant
        an enemy unit enters it (A-43 'enter'; 'end' calls this at the end only)."""
        b = self.belligerent(uid)
        if self.control(h) and self.control(h) != b:
            self.set_control(h, b, f"{self.name(uid)} {why}")

    def remove(self, uid: str, status: int = ELIMINATED) -> None:
        us = self.us[uid]
        old = self.hex_of(uid)
        us.status = status  # type: ignore[assignment]
        if self._at is not None and old >= 0 and uid in self._at.get(old, []):
            self._at[old].remove(uid)

    def add_marker(self, uid: str, marker: str) -> None:
        if marker not in self.us[uid].markers:
            self.us[uid].markers.append(marker)

    def drop_marker(self, uid: str, marker: str) -> None:
        m = self.us[uid].markers
        if marker in m:
            m.remove(marker)

    def has_marker(self, uid: str, marker: str) -> bool:
        return marker in self.us[uid].markers

    def vp(self, delta: int, reason: str, cite: common_pb2.Citation) -> None:
        """13.1: Allied victory points change at the moment it happens."""
        if not delta:
            return
        self.tv.allied_vp += delta
        self.emit("VP", f"Allied VP {delta:+d} ({reason}): now {self.tv.allied_vp}", [cite])
