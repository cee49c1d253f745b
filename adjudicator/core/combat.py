"""Combat arithmetic shared by odds-CRT games: odds columns, column shifts,
clamping, strength scaling with a game's rounding, and step losses.

* Odds are rounded *in the defender's favour* to a column of the table (Nordwind
  6.4: 13 vs 5 = 2.6 -> 2/1; 5 vs 12 -> 1/3; Traces 10.2.1 likewise): the column
  is the largest printed ratio not above the real one. Ratios beyond the printed
  ends get a *virtual* index continuing the n/1 or 1/n pattern, so shifts can
  bring them back onto the table before clamping (Nordwind AMB-20).
* Shifts are claims by a side with a type. Types say whether several claims of
  that type add up (terrain) or only the largest counts ("one modifier of each
  type", Nordwind 6.2), the cap per side, and whether the two sides' claims of
  the type cancel. The result lists every claim, with cancelled ones flagged,
  for the audit trail (`umpire.v1.Shift`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import ceil, floor

from adjudicator.core.errors import MalformedInput
from umpire.v1 import action_pb2, common_pb2, definition_pb2, state_pb2

ATTACKER = "attacker"
DEFENDER = "defender"


def parse_column(label: str) -> Fraction:
    """"7/1" -> 7, "1/4" -> 1/4 (a ratio column label as printed).

    Charts print ratios with a slash (Nordwind "7/1") or a colon (Traces of
    Victory "6:1"), and an open top column as "10+" (Traces 10.2.2): its value
    is its lower bound, 10.
    """
    text = label.strip()
    try:
        if text.endswith("+") and text[:-1].isdigit():
            return Fraction(int(text[:-1]))
        sep = ":" if ":" in text else "/"
        a, _, d = text.partition(sep)
        return Fraction(int(a), int(d or "1"))
    except (ValueError, ZeroDivisionError):
        raise MalformedInput(f"{label!r} is not an odds column like '3/1', '3:1' or '10+'") from None


@dataclass(frozen=True)
class Odds:
    """The basic odds column: `index` into the table's columns, possibly virtual
    (< 0 below the first column, >= len(columns) above the last)."""

    index: int
    ratio: Fraction
    columns: tuple[str, ...]

    @property
    def on_table(self) -> bool:
        return 0 <= self.index < len(self.columns)

    @property
    def label(self) -> str:
        if self.on_table:
            return self.columns[self.index]
        r = self.ratio
        sep = ":" if any(":" in c for c in self.columns) else "/"
        if r >= 1:
            return f"{floor(r)}{sep}1"
        return f"1{sep}{ceil(1 / r)}" if r > 0 else f"0{sep}1"


def odds(attack: Fraction | int, defense: Fraction | int, columns: Sequence[str]) -> Odds:
    """Odds column rounded in the defender's favour (see module doc)."""
    cols = tuple(columns)
    if not cols:
        raise MalformedInput("the table has no columns")
    a, d = Fraction(attack), Fraction(defense)
    if d <= 0:
        return Odds(len(cols) + 1_000, Fraction(10**9), cols)
    ratio = a / d
    values = [parse_column(c) for c in cols]
    idx = -1
    for i, v in enumerate(values):
        if v <= ratio:
            idx = i
    if idx == len(cols) - 1 and len(values) >= 2 and values[-1].denominator == 1 and values[-2] == values[-1] - 1:
        idx += floor(ratio) - int(values[-1])  # virtual columns 9/1, 10/1 ... above an n/1 top
    if idx == -1:
        first = values[0]
        if len(values) >= 2 and first.numerator == 1 and values[1].numerator == 1 and (
            values[1].denominator == first.denominator - 1
        ) and ratio > 0:
            idx = -(ceil(1 / ratio) - first.denominator)  # virtual 1/5, 1/6 ... below a 1/n bottom
        elif ratio <= 0:
            idx = -1_000
    return Odds(idx, ratio, cols)


def clamp_column(index: int, n_columns: int) -> tuple[int, bool]:
    """Clamp a (virtual) column index to the table; True when it was outside."""
    clamped = min(max(index, 0), n_columns - 1)
    return clamped, clamped != index


@dataclass(frozen=True)
class ShiftType:
    kind: str
    cumulative: bool = False  # several claims of this type by one side add up
    cap: int | None = None  # most columns one side may gain from this type
    cancels: bool = True  # both sides' claims of this type offset each other


@dataclass
class ShiftClaim:
    kind: str
    side: str  # ATTACKER or DEFENDER
    columns: int  # in favour of `side` (negative = a penalty to that side)
    reason: str
    citation: common_pb2.Citation


@dataclass
class ShiftResult:
    net: int  # columns in the attacker's favour
    shifts: list[action_pb2.Shift]


def net_shifts(claims: Iterable[ShiftClaim], types: Sequence[ShiftType]) -> ShiftResult:
    """Resolve claims type by type, in the order of `types` (the rulebook's order)."""
    by_kind: dict[str, list[ShiftClaim]] = {}
    for c in claims:
        by_kind.setdefault(c.kind, []).append(c)
    known = {t.kind for t in types}
    unknown = set(by_kind) - known
    if unknown:
        raise MalformedInput(f"shift of unknown type(s) {sorted(unknown)}")
    out: list[action_pb2.Shift] = []
    net = 0
    for t in types:
        claims_t = by_kind.get(t.kind, [])
        if not claims_t:
            continue
        side_total: dict[str, int] = {}
        kept: list[tuple[ShiftClaim, bool]] = []
        for side in (ATTACKER, DEFENDER):
            mine = [c for c in claims_t if c.side == side]
            if not mine:
                continue
            if t.cumulative:
                total = sum(c.columns for c in mine)
                kept.extend((c, False) for c in mine)
            else:
                top = max(mine, key=lambda c: c.columns)
                total = top.columns
                kept.extend((c, c is not top) for c in mine)
            if t.cap is not None and total > t.cap:
                total = t.cap
            side_total[side] = total
        a = side_total.get(ATTACKER, 0)
        d = side_total.get(DEFENDER, 0)
        offset = t.cancels and ATTACKER in side_total and DEFENDER in side_total and a == d and a != 0
        for c, dropped in kept:
            favour = c.columns if c.side == ATTACKER else -c.columns
            out.append(
                action_pb2.Shift(
                    columns=favour,
                    kind=c.kind,
                    reason=c.reason + (" (only one modifier of this type counts)" if dropped else "")
                    + (" (both sides: they cancel)" if offset else ""),
                    citation=c.citation,
                    cancelled=dropped or offset,
                )
            )
        net += a - d
    return ShiftResult(net, out)


def scale(value: int, num: int, den: int, rounding: str = "up") -> int:
    """value * num / den rounded "up", "down" or "nearest" (halves up)."""
    q = Fraction(value * num, den)
    if rounding == "up":
        return ceil(q)
    if rounding == "down":
        return floor(q)
    if rounding == "nearest":
        return floor(q + Fraction(1, 2))
    raise ValueError(f"unknown rounding {rounding!r}")


def steps_of(unit: definition_pb2.Unit) -> int:
    """Steps a unit has at full strength (`steps`, else one per face, else 1)."""
    if unit.steps:
        return unit.steps
    return max(1, len(unit.faces))


def steps_left(unit: definition_pb2.Unit, us: state_pb2.UnitState) -> int:
    return max(0, steps_of(unit) - us.steps_lost)


def take_step_losses(unit: definition_pb2.Unit, us: state_pb2.UnitState, n: int) -> int:
    """Apply up to `n` step losses; returns how many were taken. A unit that loses
    its last step is ELIMINATED."""
    taken = min(n, steps_left(unit, us))
    us.steps_lost += taken
    if steps_left(unit, us) == 0:
        us.status = state_pb2.UnitState.ELIMINATED
    return taken


def face(unit: definition_pb2.Unit, us: state_pb2.UnitState) -> definition_pb2.UnitFace | None:
    """The face showing now (faces[steps_lost]), None when the definition has none."""
    if not unit.faces:
        return None
    return unit.faces[min(us.steps_lost, len(unit.faces) - 1)]


def index_units(units: Iterable[definition_pb2.Unit]) -> Mapping[str, definition_pb2.Unit]:
    return {u.id: u for u in units}
