"""The compiled model of a Lucky Forward state: what every rule reads, indexed once.

A GOSS position is big (the campaign has 2,240 counters on about 10,000
hexes), and every question (validate a GA, the MA of a unit, the legal
actions) reads the same things: a unit's counter, markers and command chain,
the units of a hex, the hexes next to the enemy. `compile` builds these once
per `Position` (core/position.py); `apply` builds one over its private copy of
the state and writes through it (the unit records hold the state's own
messages).

Counter values the scenario does not give are asked for as cells of the
`lucky-forward/counters` table (row = unit id, column = the LfCounter field):
`value()` reads the counter, then a cell supplied for it, and otherwise raises
NeedsData naming that cell. Nothing is ever assumed.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from adjudicator.core.errors import MalformedInput, NeedsData
from adjudicator.core.hexmap import HexMap, compile_map
from adjudicator.core.tables import TableView
from adjudicator.rules.lucky_forward.cite import GOSS, SIDES, other
from adjudicator.rules.lucky_forward.options import LfOptions
from umpire.v1 import (
    common_pb2,
    definition_pb2,
    lucky_forward_pb2 as lf_pb2,
    state_pb2,
)

COUNTERS = "lucky-forward/counters"
MARKERS = "lucky-forward/markers"
ON_MAP = state_pb2.UnitState.ON_MAP
ELIMINATED = state_pb2.UnitState.ELIMINATED

BN, CO, Z = lf_pb2.LF_SIZE_BATTALION, lf_pb2.LF_SIZE_COMPANY, lf_pb2.LF_SIZE_Z_STEP
LEG, MECH, STATIC = lf_pb2.LF_CLASS_LEG, lf_pb2.LF_CLASS_MECH, lf_pb2.LF_CLASS_STATIC
TAC = lf_pb2.LF_MODE_TACTICAL
PA = lf_pb2.LF_MODE_PREPARED_ASSAULT
EXPLOIT = lf_pb2.LF_MODE_EXPLOIT
MR = lf_pb2.LF_MODE_MANEUVER_RESERVE
STRAT = lf_pb2.LF_MODE_STRATEGIC
MODE_NAMES: dict[int, str] = {TAC: "Tac", PA: "PA", EXPLOIT: "Exploit", MR: "MR", STRAT: "Strat"}
GENERAL, ON_HAND, OUT = lf_pb2.LF_SUPPLY_GENERAL, lf_pb2.LF_SUPPLY_ON_HAND, lf_pb2.LF_SUPPLY_OUT


@dataclass(eq=False)
class U:
    """One unit: its definition, counter, state and markers (the state's own
    messages: writing through a writable model edits the state)."""

    id: str
    side: str
    d: definition_pb2.Unit
    c: lf_pb2.LfCounter
    us: state_pb2.UnitState
    st: lf_pb2.LfUnitStatus
    assigned: str  # assigned superior HQ (9.1.0)
    regiment: str
    hex: int = -1

    @property
    def on_map(self) -> bool:
        return self.us.status == ON_MAP and self.hex >= 0

    @property
    def types(self) -> frozenset[str]:
        return frozenset(self.c.types)

    def has(self, t: str) -> bool:
        return t in self.c.types

    @property
    def hq(self) -> str:
        """The current superior HQ: the HQ attached to, else the assigned one (9.6.0)."""
        return self.st.attached_to or self.assigned

    @property
    def is_hq(self) -> bool:
        return "hq" in self.c.types

    @property
    def is_art(self) -> bool:
        return "artillery" in self.c.types

    @property
    def is_leader(self) -> bool:
        return "leader" in self.c.types or self.c.leader_activation > 0

    @property
    def attack_designated(self) -> bool:
        """PA mode or a TA marker (26.0 Attack Designated)."""
        return self.st.mode == PA or self.st.tactical_assault

    @property
    def is_z(self) -> bool:
        """A Z-step unit: printed so, or a Co. flipped to its Z-step reverse (4.1.3)."""
        return self.c.size == Z or (self.c.z_step_reverse and self.us.steps_lost >= 1)

    @property
    def size(self) -> int:
        return Z if self.is_z else self.c.size

    @property
    def steps(self) -> int:
        """Steps at full strength (4.2.0)."""
        return max(1, self.c.steps)

    @property
    def steps_left(self) -> int:
        if self.is_z:
            return 1
        return max(0, self.steps - self.us.steps_lost)

    @property
    def movement_class(self) -> int:
        """The class now (4.3): dismounted units are Leg, transported ones and
        Leg AT declared Mech are Mech (7.12.1, 7.12.3, 7.12.4a), OoB Art Mech (5.6.0)."""
        if self.st.dismounted:
            return LEG
        if self.st.motorized or self.st.leg_at_as_mech:
            return MECH
        if self.is_art and self.st.out_of_battery and self.c.movement_class != STATIC:
            return MECH
        return self.c.movement_class

    @property
    def mech(self) -> bool:
        return self.movement_class == MECH

    @property
    def pure_afv(self) -> bool:
        return self.c.armor_class == lf_pb2.LF_ARMOR_PURE

    @property
    def in_battery(self) -> bool:
        return self.is_art and not self.st.out_of_battery


@dataclass
class Model:
    """The compiled model of one state (read-only unless built over a writable copy)."""

    state: state_pb2.GameState
    events: list[state_pb2.Event] = field(default_factory=list)

    def __post_init__(self) -> None:
        s = self.state
        if s.WhichOneof("ruleset_state") != "lucky_forward":
            s.lucky_forward.SetInParent()
        self.lf: lf_pb2.LuckyForwardState = s.lucky_forward
        self.sc: lf_pb2.LuckyForwardScenario = s.scenario.lucky_forward
        self.opts = LfOptions(s.options)
        gm = s.scenario.definition.map
        if gm.WhichOneof("layout") != "hex":
            raise MalformedInput("Lucky Forward needs a hex map", "scenario.definition.map")
        self.hm: HexMap = compile_map(gm)
        self.defs = {u.id: u for u in s.scenario.definition.units}
        counters = {c.unit_id: c for c in self.sc.counters}
        assigns = {a.unit_id: a for a in self.sc.assignments}
        status = {st.unit_id: st for st in self.lf.units}
        self.units: dict[str, U] = {}
        self.by_hex: dict[int, list[U]] = {}
        index = self.hm.index
        blank = lf_pb2.LfCounter()
        for us in s.units:
            d = self.defs.get(us.unit_id)
            if d is None:
                continue
            st = status.get(us.unit_id)
            if st is None:
                st = self.lf.units.add(unit_id=us.unit_id)
                status[us.unit_id] = st
            a = assigns.get(us.unit_id)
            u = U(us.unit_id, us.side or d.side, d, counters.get(us.unit_id, blank), us, st,
                  a.hq if a else "", a.regiment if a else "")
            if us.status == ON_MAP and us.location:
                h = index.get(us.location)
                if h is None:
                    h = self.hm.hex_id(us.location, f"unit {us.unit_id}")
                u.hex = h
                self.by_hex.setdefault(h, []).append(u)
            self.units[u.id] = u
        self.hqs = {h.unit_id: h for h in self.sc.hqs}
        hq_status = {h.unit_id: h for h in self.lf.hqs}
        for hid in self.hqs:
            if hid not in hq_status:
                hq_status[hid] = self.lf.hqs.add(unit_id=hid)
        self.hq_status: dict[str, lf_pb2.LfHqStatus] = hq_status
        self.works: dict[int, list[lf_pb2.LfWork]] = {}
        for w in self.lf.works:
            self.works.setdefault(self.hm.hex_id(w.hex, "works"), []).append(w)
        self._tables: dict[str, TableView] = {}
        # Derived answers rules memoize for this state (validation only reads
        # them; `apply` works on a model of its own copy).
        self.memo: dict[object, object] = {}

    # -- events and decisions
    def emit(self, kind: str, text: str, cases: Iterable[str] = (), *, units: Iterable[str] = (),
             to: str = "", frm: str = "", side: str = "", visible_to: Iterable[str] = ()) -> None:
        self.events.append(state_pb2.Event(kind=kind, text=text, citations=[GOSS.cite(c) for c in cases],
                                           units=list(units), to_location=to, from_location=frm, side=side,
                                           visible_to=list(visible_to)))

    def next_decision_id(self) -> str:
        self.lf.decisions += 1
        return f"d{self.lf.decisions}"

    # -- lookups
    def unit(self, uid: str, where: str = "") -> U:
        u = self.units.get(uid)
        if u is None:
            raise MalformedInput(f"unknown unit {uid!r}", where)
        return u

    def hex_id(self, label: str, where: str = "") -> int:
        return self.hm.hex_id(label, where)

    def label(self, h: int) -> str:
        return self.hm.labels[h] if h >= 0 else "off map"

    def stack(self, h: int) -> list[U]:
        return [u for u in self.by_hex.get(h, ()) if u.on_map]

    def side_units(self, side: str) -> Iterator[U]:
        return (u for u in self.units.values() if u.side == side and u.on_map)

    def side_hexes(self, side: str) -> set[int]:
        return self._occupied[side]

    @cached_property
    def _occupied(self) -> dict[str, set[int]]:
        out: dict[str, set[int]] = {s: set() for s in SIDES}
        for h, us in self.by_hex.items():
            for u in us:
                if u.on_map:
                    out.setdefault(u.side, set()).add(h)
        return out

    @cached_property
    def leaders(self) -> list[U]:
        """The leaders on the map (23.0), for the MA pipeline's leader bonus."""
        return [u for u in self.units.values() if u.on_map and u.is_leader]

    def enemy_adjacent(self, side: str) -> bytearray:
        """Per hex: 1 when a unit of `side`'s enemy is in an adjacent hex (7.8.0)."""
        return self._adjacent[side]

    @cached_property
    def _adjacent(self) -> dict[str, bytearray]:
        nbr = self.hm.nbr
        out = {}
        for side in SIDES:
            mask = bytearray(self.hm.n)
            for h in self._occupied.get(other(side), ()):
                for t in nbr[h * 6: h * 6 + 6]:
                    if t >= 0:
                        mask[t] = 1
            out[side] = mask
        return out

    def adjacent_enemies(self, side: str, h: int) -> list[U]:
        out: list[U] = []
        for t in self.hm.neighbours(h):
            out.extend(u for u in self.stack(t) if u.side != side)
        return out

    def hq_of(self, u: U) -> lf_pb2.LfHq | None:
        return self.hqs.get(u.hq)

    def formation_of(self, u: U) -> str:
        """The formation HQ (division or BG) a unit is subordinate to, or its
        corps/army HQ for an asset unit (9.3)."""
        return u.hq

    def corps_of(self, hq_id: str) -> str:
        """The corps (or army, for army assets) above an HQ (9.3.2)."""
        seen = set()
        h = self.hqs.get(hq_id)
        while h is not None and h.level not in (lf_pb2.LF_HQ_CORPS, lf_pb2.LF_HQ_ARMY) and h.unit_id not in seen:
            seen.add(h.unit_id)
            h = self.hqs.get(h.parent)
        return h.unit_id if h is not None else ""

    def army_of(self, hq_id: str) -> str:
        h = self.hqs.get(hq_id)
        seen = set()
        while h is not None and h.level != lf_pb2.LF_HQ_ARMY and h.unit_id not in seen:
            seen.add(h.unit_id)
            h = self.hqs.get(h.parent)
        return h.unit_id if h is not None else ""

    def hq_unit_hex(self, hq_id: str) -> int:
        u = self.units.get(hq_id)
        return u.hex if u is not None and u.on_map else -1

    def fuel_state(self, u: U) -> str:
        """The fuel state that applies to a unit: its HQ's (16.4.3a); asset units
        their corps/army HQ's (16.4.3b); Mech units of Axis Leg formations their
        corps HQ's (16.4.4). A formation in MR, and after its release until
        the end of that GD (one more GD with an MR bonus), is in normal fuel
        (5.4.1)."""
        if u.st.mode == lf_pb2.LF_MODE_MANEUVER_RESERVE or u.st.mr_fuel_until >= self.lf.game_day:
            return "normal"
        h = self.hqs.get(u.hq)
        if h is not None and h.level in (lf_pb2.LF_HQ_DIVISION, lf_pb2.LF_HQ_BATTLE_GROUP) and not h.mech_formation:
            corps = self.corps_of(h.unit_id)
            st = self.hq_status.get(corps)
            return (st.fuel if st is not None else "") or "normal"
        st = self.hq_status.get(u.hq)
        return (st.fuel if st is not None else "") or "normal"

    def adv(self, hq_id: str) -> int:
        """The corps ADV that applies to units of an HQ (15.4, 16.3.3)."""
        corps = self.corps_of(hq_id) or hq_id
        st = self.hq_status.get(corps)
        return st.adv if st is not None else 0

    def unsupported(self, u: U) -> bool:
        """Units of an unsupported corps or formation are unsupported (15.4.3)."""
        for hid in (u.hq, self.corps_of(u.hq)):
            st = self.hq_status.get(hid)
            if st is not None and st.unsupported:
                return True
        return False

    # -- time
    @property
    def night(self) -> bool:
        return self.lf.time == "night" or self.lf.ena.active

    @property
    def ena(self) -> bool:
        return self.lf.ena.active

    # -- tables and counter values
    def table(self, table_id: str) -> TableView:
        t = self._tables.get(table_id)
        if t is None:
            for tb in self.state.scenario.definition.tables:
                if tb.id == table_id:
                    t = TableView(tb)
                    break
            else:
                raise MalformedInput(f"the game has no table {table_id!r}")
            self._tables[table_id] = t
        return t

    def value(self, u: U, name: str, reason: str = "") -> Any:
        """The counter field `name` of a unit; a supplied `lucky-forward/counters`
        cell when the counter lacks it; NeedsData naming the cell otherwise."""
        c = u.c
        if c.HasField(name):
            return getattr(c, name)
        tv = self.table(COUNTERS)
        if u.id in tv._row_index and name in tv._col_index:
            cell = tv.cell(u.id, name)
            if cell is not None:
                try:
                    return float(cell.value) if name.endswith(("attack", "defense")) else int(cell.value)
                except ValueError:
                    raise MalformedInput(f"{COUNTERS} {name} of {u.id} is not a number: {cell.value!r}") from None
            raise NeedsData([tv.needed(u.id, name, reason or f"{name} of {u.d.name or u.id}")])
        raise NeedsData([common_pb2.NeededCell(
            table_id=COUNTERS, column=name, row=u.id, reason=reason or f"{name} of {u.id}",
            how_to_supply="give the value in the scenario's counter (LuckyForwardScenario.counters) or a "
                          f"{COUNTERS} cell")])

    def has_value(self, u: U, name: str) -> bool:
        try:
            self.value(u, name)
        except NeedsData:
            return False
        return True

    def delay_drm(self, marker: lf_pb2.LfDelayMarker) -> int:
        if marker.HasField("drm"):
            return marker.drm
        tv = self.table(MARKERS)
        cell = tv.cell(marker.id, "drm") if marker.id in tv._row_index else None
        if cell is not None:
            return int(cell.value)
        raise NeedsData([tv.needed(marker.id, "drm", f"the DRM of delay marker {marker.id} (7.13.2)")])

    # -- units leave and move
    def place(self, u: U, h: int) -> None:
        """Move a unit to hex h (keeping the hex index and occupancy right)."""
        if u.hex >= 0:
            lst = self.by_hex.get(u.hex, [])
            if u in lst:
                lst.remove(u)
        u.hex = h
        u.us.location = self.label(h)
        self.by_hex.setdefault(h, []).append(u)
        self.invalidate()

    def eliminate(self, u: U, why: str, cases: Iterable[str]) -> None:
        u.us.status = ELIMINATED
        lst = self.by_hex.get(u.hex, [])
        if u in lst:
            lst.remove(u)
        self.emit("ELIMINATED", f"{u.d.name or u.id} is eliminated ({why})", cases, units=[u.id],
                  frm=self.label(u.hex))
        self.invalidate()

    def invalidate(self) -> None:
        for k in ("_occupied", "_adjacent"):
            self.__dict__.pop(k, None)
        self.memo.clear()
