"""The compiled model of one Patton's 3rd Army state: units by hex and side,
counter values, markers, zones of control and the map, with the derived
fields memoized until a unit moves.

The same class serves questions (a read-only model shared through
`Position.model()`, possibly over a side's view) and `apply` (a writable
model over a private copy of the state). Everything a question reads must be
in the side's view: chits of enemy units are absent there (`held` is None),
so rule code never needs to know whether it runs on a view.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from adjudicator.core.decisions import decision
from adjudicator.core.hexmap import HexMap, compile_map
from adjudicator.core.zoc import zoc_field
from adjudicator.rules.pattons.cite import GERMAN, P3, US, other
from adjudicator.rules.pattons.counters import Counter, check_units
from adjudicator.rules.pattons.options import PattonsOptions
from umpire.v1 import common_pb2, state_pb2, pattons_pb2

ON_MAP = state_pb2.UnitState.ON_MAP
OFF_MAP = state_pb2.UnitState.OFF_MAP
ELIMINATED = state_pb2.UnitState.ELIMINATED

# Hex features and tags the map may carry (docs/rules/pattons-3rd-army.md).
METZ = "metz"
ENTRENCHMENT = "entrenchment"
IMPROVED = "improved-position"
RIVER = "river"
STREAM = "stream"
WEST_OF_MOSELLE = "west-of-moselle"
EAST_OF_SAAR = "east-of-saar"


class Game:
    """Units by hex over the compiled map of one state (see module doc)."""

    def __init__(self, state: state_pb2.GameState) -> None:
        self.state = state
        self.events: list[state_pb2.Event] = []
        self.ext = state.pattons
        self.sc = state.scenario.pattons
        self.defs = {u.id: u for u in state.scenario.definition.units}
        self.counters: dict[str, Counter] = check_units(state.scenario.definition.units)
        self.opts = PattonsOptions(state.options)
        self.hm: HexMap = compile_map(state.scenario.definition.map)
        self.viewer = state.viewer
        self.units: dict[str, state_pb2.UnitState] = {u.unit_id: u for u in state.units}
        self.at: dict[int, list[str]] = {}
        self.hex_of: dict[str, int] = {}
        for u in state.units:
            if u.status == ON_MAP and u.location:
                h = self.hm.hex_id(u.location, f"units[{u.unit_id}].location")
                self.at.setdefault(h, []).append(u.unit_id)
                self.hex_of[u.unit_id] = h
        self._held = {x.unit_id: x for x in self.ext.held}
        self._memo: dict[Any, Any] = {}

    # -- basic facts
    @property
    def turn(self) -> int:
        return self.state.turn

    @property
    def phase(self) -> str:
        return self.state.phase

    def c(self, uid: str) -> Counter:
        return self.counters[uid]

    def side_of(self, uid: str) -> str:
        return self.counters[uid].side

    def label(self, h: int) -> str:
        return self.hm.labels[h]

    def hex(self, label: str, where: str = "") -> int:
        return self.hm.hex_id(label, where)

    def stack(self, h: int, side: str | None = None) -> list[str]:
        return [u for u in self.at.get(h, ()) if side is None or self.side_of(u) == side]

    def on_map(self, side: str | None = None) -> list[str]:
        return [u for u, h in self.hex_of.items() if side is None or self.side_of(u) == side]

    def has(self, uid: str, marker: str) -> bool:
        return marker in self.units[uid].markers

    def mark(self, uid: str, marker: str) -> None:
        if marker not in self.units[uid].markers:
            self.units[uid].markers.append(marker)

    def unmark(self, uid: str, marker: str) -> None:
        ms = self.units[uid].markers
        if marker in ms:
            ms.remove(marker)

    def markers_with(self, prefix: str, uid: str) -> list[str]:
        return [m for m in self.units[uid].markers if m.startswith(prefix)]

    def mud(self) -> bool:
        """20.2.1: mud on a rain turn and the three turns after it."""
        return any(r <= self.turn <= r + 3 for r in self.ext.rain_turns)

    def features(self, h: int) -> frozenset[str]:
        return self.hm.features[h]

    def entrenched(self, h: int) -> bool:
        """12.0, 19.B: entrenchment and improved-position hexes."""
        f = self.hm.features[h]
        return ENTRENCHMENT in f or IMPROVED in f

    def metz_area(self) -> set[int]:
        """17.2.2: the three Metz hexes and the entrenchment hexes around them."""
        hit = self._memo.get("metz-area")
        if hit is None:
            metz = {h for h in range(self.hm.n) if METZ in self.hm.features[h]}
            ring = {t for h in metz for t in self.hm.neighbours(h) if ENTRENCHMENT in self.hm.features[t]}
            hit = metz | ring
            self._memo["metz-area"] = hit
        return set(hit)

    # -- chits (8.3): only what the model's state holds (a view lacks the enemy's)
    def held(self, uid: str) -> pattons_pb2.PattonsHeld | None:
        return self._held.get(uid)

    def cadre(self, uid: str) -> bool:
        return self.has(uid, "cadre")

    def tried(self, uid: str) -> bool:
        return self.has(uid, "tried")

    # -- sizes for the rules that read them
    def large(self, uid: str, purpose: str = "stacking") -> bool:
        """A regiment/brigade for combat stacking (7.2) and divisional integrity:
        a cadre counts as a battalion (7.1.3, 10.C) unless the owner chose its
        original size under optional rule 10.D."""
        c = self.counters[uid]
        if not c.large:
            return False
        if self.cadre(uid):
            return self.opts.cadre_size == "owner" and self.has(uid, "cadre-original")
        return True

    def exerts_zoc(self, uid: str) -> bool:
        """6.1, 10.C: not cadres, artillery or battalions; 9.9.7.B: not breakthrough retreaters."""
        c = self.counters[uid]
        return c.large and not c.artillery and not self.cadre(uid) and not self.has(uid, "no-zoc")

    # -- derived fields
    def occupied(self, side: str) -> bytes:
        key = ("occupied", side)
        hit: bytes | None = self._memo.get(key)
        if hit is None:
            mask = bytearray(self.hm.n)
            for h, us in self.at.items():
                if any(self.side_of(u) == side for u in us):
                    mask[h] = 1
            hit = bytes(mask)
            self._memo[key] = hit
        return hit

    def zoc(self, side: str) -> bytes:
        """Hexes controlled by `side` (6.0): the six around each unit that exerts a
        ZOC (terrain never matters, 6.2.C). A unit's own hex is not controlled by it."""
        key = ("zoc", side)
        hit: bytes | None = self._memo.get(key)
        if hit is None:
            sources = [(h, True) for h, us in self.at.items()
                       if any(self.side_of(u) == side and self.exerts_zoc(u) for u in us)]
            field = zoc_field(self.hm, sources)
            for h, _ in sources:  # zoc_field counts a source's own hex; 6.0 names the six around it
                field[h] -= 1
            hit = bytes(1 if v else 0 for v in field)
            self._memo[key] = hit
        return hit

    def enemy_zoc(self, side: str) -> bytes:
        return self.zoc(other(side))

    def distance_to(self, side: str) -> list[int]:
        """Hex distance from every hex to the nearest unit of `side` (-1: none on the map)."""
        key = ("distance", side)
        hit: list[int] | None = self._memo.get(key)
        if hit is None:
            sources = [h for h, us in self.at.items() if any(self.side_of(u) == side for u in us)]
            hit = self.hm.distance_field(sources)
            self._memo[key] = hit
        return hit

    def memo(self, key: Any, build: Any) -> Any:
        if key not in self._memo:
            self._memo[key] = build()
        return self._memo[key]

    # -- changes (writable models only)
    def invalidate(self) -> None:
        self._memo.clear()

    def place(self, uid: str, h: int) -> None:
        old = self.hex_of.get(uid)
        if old is not None:
            self.at[old].remove(uid)
            if not self.at[old]:
                del self.at[old]
        self.at.setdefault(h, []).append(uid)
        self.hex_of[uid] = h
        us = self.units[uid]
        us.status = ON_MAP
        us.location = self.hm.labels[h]
        self.invalidate()

    def remove(self, uid: str, status: int = ELIMINATED) -> None:
        old = self.hex_of.pop(uid, None)
        if old is not None:
            self.at[old].remove(uid)
            if not self.at[old]:
                del self.at[old]
        self.units[uid].status = status  # type: ignore[assignment]
        self.invalidate()

    def set_held(self, uid: str, held: pattons_pb2.PattonsHeld | None) -> None:
        kept = [x for x in self.ext.held if x.unit_id != uid]
        if held is not None:
            kept.append(held)
        del self.ext.held[:]
        self.ext.held.extend(sorted(kept, key=lambda x: x.unit_id))
        self._held = {x.unit_id: x for x in self.ext.held}

    # -- output
    def event(self, kind: str, text: str, cites: Sequence[str] = (), units: Iterable[str] = (), *,
              to: str = "", frm: str = "", visible_to: Iterable[str] = (), side: str = "") -> state_pb2.Event:
        e = state_pb2.Event(kind=kind, text=text, citations=[P3.cite(c) for c in cites], units=list(units),
                            to_location=to, from_location=frm, visible_to=list(visible_to), side=side)
        self.events.append(e)
        return e

    def ask(self, side: str, kind: str, prompt: str, case: str, options: Sequence[state_pb2.DecisionOption], *,
            min_choices: int = 1, max_choices: int = 1, allow_repeats: bool = False,
            wants_assignments: bool = False, assign_units: Iterable[str] = (),
            context: dict[str, str] | None = None) -> None:
        self.ext.decision_counter += 1
        self.state.pending.CopyFrom(decision(
            f"d{self.ext.decision_counter}", side, kind, prompt, P3.cite(case), options, min_choices=min_choices,
            max_choices=max_choices, allow_repeats=allow_repeats, wants_assignments=wants_assignments,
            assign_units=assign_units, context=context))


def sides() -> tuple[str, str]:
    return US, GERMAN


def cite(case: str) -> common_pb2.Citation:
    return P3.cite(case)
