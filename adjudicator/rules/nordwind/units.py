"""Counter values and unit traits, with honest unknowns.

The rulebook text prints no counters: strength, quality, size, type and the
armored-bonus asterisk are known only for the few units its examples and lists
name. At game creation every unit's values become cells of the table
``nordwind-1945/counters`` (row = unit id): known values from the scenario
definition, the rest *unknown*. Users fill them like any table cell (a table
file at creation, or ``--cell nordwind-1945/counters:strength:44DI-1=4`` with
an action), and every read goes through that table, so an unknown value raises
NeedsData naming the unit and the column.

Yes/no traits (is it armored? strength 1?) are read through
:class:`adjudicator.core.unknowns.Branch`, so a rule that does not actually
depend on an unknown trait still gets its answer.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from adjudicator.core.errors import MalformedInput, NeedsData
from adjudicator.core.tables import HOW_TO_SUPPLY, TableView, find_table
from adjudicator.core.unknowns import Branch
from adjudicator.rules.nordwind.cite import NW, RULESET_ID
from umpire.v1 import common_pb2, definition_pb2, state_pb2, tables_pb2

COUNTERS = f"{RULESET_ID}/counters"
COLUMNS = (
    "strength",
    "strength (reduced)",
    "quality",
    "quality (reduced)",
    "size",
    "type",
    "movement class",
    "armored bonus",
)
QUALITIES = ("A", "B", "C", "D")
SIZES = ("II", "III", "X")
CLASSES = ("foot", "mech")


def definition_value(unit: definition_pb2.Unit, types: dict[str, definition_pb2.UnitType], column: str) -> str | None:
    """A counter value as the scenario definition gives it, or None (unknown)."""
    if column in ("strength", "strength (reduced)", "quality", "quality (reduced)"):
        i = 1 if column.endswith("(reduced)") else 0
        if len(unit.faces) <= i:
            return None
        f = unit.faces[i]
        if column.startswith("strength"):
            return str(f.attack) if f.HasField("attack") else None
        return f.quality if f.HasField("quality") else None
    if column == "size":
        return unit.size or None
    if column == "type":
        return unit.type or None
    if column == "movement class":
        if unit.props.get("movement_class"):
            return unit.props["movement_class"]
        t = types.get(unit.type)
        return (t.movement_class or None) if t is not None else None
    if column == "armored bonus":
        if "armored-bonus" in unit.tags:
            return "yes"
        v = unit.props.get("armored_bonus")
        return v if v in ("yes", "no") else None
    return None


def counters_table(definition: definition_pb2.GameDefinition) -> tables_pb2.Table:
    """The counters table of a definition: a row per unit, a column per value.

    It holds no cells of its own: a value is known when the scenario definition
    gives it (unit faces, size, type, tags) or a cell of this table supplies it
    (a table file at creation, a value read off the counter with an action), the
    table's cells taking precedence. Everything else is unknown."""
    return tables_pb2.Table(
        id=COUNTERS,
        title="Counter values",
        row_label="unit",
        column_label="value",
        rows=[u.id for u in definition.units],
        columns=list(COLUMNS),
        source="values come from the scenario definition; the cells here supply or override them. The rulebook "
        "text prints no counters, so most values are unknown until supplied",
        citation=NW.cite("1.3"),
    )


class Counters:
    """Reads counter values of a game through its counters table (plus the cells
    supplied with the action being judged)."""

    def __init__(self, state: state_pb2.GameState, supplied: Sequence[common_pb2.SuppliedCell] = ()) -> None:
        d = state.scenario.definition
        self.units = {u.id: u for u in d.units}
        self.types = {t.id: t for t in d.unit_types}
        self.table: TableView = find_table(d.tables, COUNTERS)
        self.supplied = list(supplied)
        # Values read so far (the definition and the table do not change under a
        # Counters: a state with new cells gets a new one). Shared by the boards of
        # the states derived from one another, filled from any thread (idempotent).
        self._known: dict[tuple[str, str], str | None] = {}
        self._hides: bool | None = None

    @property
    def hides(self) -> bool:
        """Whether any unit hides attributes from the enemy (then a side's view
        reads other counters). Asked once per board, when a side's view is made."""
        if self._hides is None:
            self._hides = any(u.hidden_from_enemy for u in self.units.values())
        return self._hides

    def unit(self, uid: str) -> definition_pb2.Unit:
        u = self.units.get(uid)
        if u is None:
            raise MalformedInput(f"unknown unit {uid!r}")
        return u

    # -- raw cells
    def get(self, uid: str, column: str) -> str | None:
        """The known value, or None when unknown: a value given with the action,
        else the counters table's cell, else the scenario definition."""
        key = (uid, column)
        if key in self._known:
            return self._known[key]
        value = self._read(uid, column)
        self._known[key] = value
        return value

    def _read(self, uid: str, column: str) -> str | None:
        for s in self.supplied:
            if s.table_id == COUNTERS and s.row == uid and s.column == column:
                return s.value
        cell = self.table.cell(uid, column)
        if cell is not None:
            return cell.value
        unit = self.units.get(uid)
        if unit is None:
            return None
        return definition_value(unit, self.types, column)

    def needed(self, uid: str, column: str, reason: str = "") -> common_pb2.NeededCell:
        return common_pb2.NeededCell(
            table_id=COUNTERS,
            table_title="Counter values",
            column=column,
            row=uid,
            how_to_supply=HOW_TO_SUPPLY,
            reason=reason or f"{column} of {uid}",
        )

    def require(self, uid: str, column: str, reason: str = "") -> str:
        v = self.get(uid, column)
        if v is None:
            raise NeedsData([self.needed(uid, column, reason)])
        return v

    # -- typed values
    def strength(self, uid: str, us: state_pb2.UnitState, reason: str = "") -> int:
        """Printed strength of the face showing (AMB-5: the current face)."""
        col = "strength" if us.steps_lost == 0 else "strength (reduced)"
        v = self.require(uid, col, reason)
        try:
            n = int(v)
        except ValueError:
            raise MalformedInput(f"{col} of {uid} is {v!r}, not a whole number", COUNTERS) from None
        if n < 0:
            raise MalformedInput(f"{col} of {uid} is negative", COUNTERS)
        return n

    def quality(self, uid: str, us: state_pb2.UnitState, reason: str = "") -> str:
        col = "quality" if us.steps_lost == 0 else "quality (reduced)"
        v = self.get(uid, col)
        if v is None and col == "quality (reduced)":
            # A reduced face printing the same quality is not known either: ask for it.
            raise NeedsData([self.needed(uid, col, reason)])
        if v is None:
            raise NeedsData([self.needed(uid, col, reason)])
        if v not in QUALITIES:
            raise MalformedInput(f"{col} of {uid} is {v!r}, not one of A-D", COUNTERS)
        return v

    def movement_class(self, uid: str, reason: str = "") -> str:
        v = self.require(uid, "movement class", reason or f"movement allowance colour of {uid} (3.1)")
        if v not in CLASSES:
            raise MalformedInput(f"movement class of {uid} is {v!r}, not foot or mech", COUNTERS)
        return v

    def size(self, uid: str) -> str | None:
        v = self.get(uid, "size")
        if v is not None and v not in SIZES:
            raise MalformedInput(f"size of {uid} is {v!r}, not II, III or X", COUNTERS)
        return v

    def type_tags(self, uid: str) -> frozenset[str] | None:
        t = self.get(uid, "type")
        if t is None:
            return None
        ut = self.types.get(t)
        if ut is None:
            raise MalformedInput(f"type of {uid} is {t!r}, not a unit type of the game", COUNTERS)
        return frozenset(ut.tags)

    def has_tag(self, uid: str, tag: str) -> bool:
        return tag in self.unit(uid).tags

    # -- yes/no traits through a Branch (unknown -> both answers tried)
    def is_type(self, b: Branch, uid: str, tag: str) -> bool:
        """Whether the unit's type carries `tag` ("armored", "infantry", "anti-tank")."""
        tags = self.type_tags(uid)
        known = None if tags is None else tag in tags
        return b.fact(("type", uid, tag), known, lambda: self.needed(uid, "type", f"is {uid} {tag}?"))

    def armored_bonus(self, b: Branch, uid: str) -> bool:
        v = self.get(uid, "armored bonus")
        known = None if v is None else v == "yes"
        return b.fact(("asterisk", uid), known,
                      lambda: self.needed(uid, "armored bonus", f"does {uid} have an asterisk?"))

    def is_mech(self, b: Branch, uid: str) -> bool:
        v = self.get(uid, "movement class")
        known = None if v is None else v == "mech"
        return b.fact(("mech", uid), known, lambda: self.needed(uid, "movement class", f"is {uid} mechanized (3.2)?"))

    def is_regiment(self, b: Branch, uid: str) -> bool:
        """Regiment or brigade (True) vs battalion (False), for stacking and 6.2."""
        s = self.size(uid)
        known = None if s is None else s in ("III", "X")
        return b.fact(("regiment", uid), known,
                      lambda: self.needed(uid, "size", f"is {uid} a regiment/brigade or a battalion?"))

    def strength_is_one(self, b: Branch, uid: str, us: state_pb2.UnitState) -> bool:
        col = "strength" if us.steps_lost == 0 else "strength (reduced)"
        v = self.get(uid, col)
        known = None if v is None else v.strip() == "1"
        return b.fact(("strength-1", uid, col), known,
                      lambda: self.needed(uid, col, f"does lone {uid} have strength 1 (4.1)?"))


def alive(units: Iterable[state_pb2.UnitState]) -> list[state_pb2.UnitState]:
    return [u for u in units if u.status == state_pb2.UnitState.ON_MAP]
