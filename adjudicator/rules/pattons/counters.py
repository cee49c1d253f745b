"""What the counters say (2.2, 5.3, 8.1-8.2, 10.A): type, size, combat class and
morale, movement allowance, printed and cadre values, corps and division.

The counter values are not in the text: a scenario gives them on each unit
(`Unit.type`, `size`, `formation` = division, `props` "class", "morale",
"corps", `faces[0]` the front, `faces[1]` the cadre side). Creation refuses a
unit that lacks a value the rules read (`check_units`), naming the unit and
the field, instead of guessing. The rules pick different subsets of
"mechanized" (digest §1.5): each subset has its own predicate here, with the
case that names it.
"""

from __future__ import annotations

import hashlib
from collections import OrderedDict
from collections.abc import Iterable
from dataclasses import dataclass

from adjudicator.core.errors import MalformedInput
from adjudicator.rules.pattons.options import PattonsOptions
from umpire.v1 import definition_pb2

TYPES = ("tank", "recon", "mech-infantry", "sp-artillery", "infantry", "artillery", "anti-tank")
MECHANIZED = frozenset({"tank", "recon", "mech-infantry", "sp-artillery"})  # 2.2.3.1, 5.3.1.A
SUPPLY_MA = frozenset({"tank", "mech-infantry", "recon"})  # 11.3.3.C, 11.4.2.C
RIVER_RETREAT = frozenset({"tank", "mech-infantry"})  # 9.9.6.A
ADVANCE_FREE = frozenset({"tank", "mech-infantry"})  # 9.9.5
ARTILLERY = frozenset({"artillery", "sp-artillery"})
SIZES = ("II", "III", "X")  # 2.2.5
CLASSES = ("A", "B", "C")


@dataclass(frozen=True)
class Counter:
    """One unit's printed values."""

    id: str
    side: str
    type: str
    size: str
    division: str
    corps: str
    cls: str  # "A"/"B"/"C" ("" for units without a class)
    parenthesized: bool  # 9.5.2: the class letter is in parentheses
    morale: int  # 0 for units without one
    ma: int
    cs: int  # printed CS (artillery, battalions); 0 for chit units
    cadre_cs: int
    cadre_ma: int
    metz: bool  # 2.2.4.B: the M of the Metz garrison

    @property
    def mechanized(self) -> bool:
        return self.type in MECHANIZED

    @property
    def artillery(self) -> bool:
        return self.type in ARTILLERY

    @property
    def battalion(self) -> bool:
        return self.size == "II"

    @property
    def large(self) -> bool:
        """A regiment or brigade (2.2.5)."""
        return self.size in ("III", "X")

    @property
    def uses_chit(self) -> bool:
        """8.0.C, 8.6: regiments and brigades other than artillery (cadres never)."""
        return self.large and not self.artillery

    @property
    def has_cadre(self) -> bool:
        """10.A (read as 'non-artillery, non-battalion', AMBIG-27)."""
        return self.uses_chit

    @property
    def tank(self) -> bool:
        return self.type == "tank"


def _int(u: definition_pb2.Unit, key: str, lo: int, hi: int) -> int:
    text = u.props.get(key, "")
    if not text.strip().isdigit() or not lo <= int(text) <= hi:
        raise MalformedInput(f"unit {u.id}: props[{key!r}] must be {lo}..{hi}, not {text!r} (the counter value is "
                             "not in the text: give it in the scenario)", f"scenario.definition.units[{u.id}]")
    return int(text)


def counter(u: definition_pb2.Unit) -> Counter:
    """The unit's values, or MalformedInput naming the missing one."""
    where = f"scenario.definition.units[{u.id}]"
    if u.type not in TYPES:
        raise MalformedInput(f"unit {u.id}: type {u.type!r} is not one of {', '.join(TYPES)} (2.2.3)", where)
    if u.size not in SIZES:
        raise MalformedInput(f"unit {u.id}: size {u.size!r} is not II, III or X (2.2.5)", where)
    if not u.faces or not u.faces[0].HasField("movement"):
        raise MalformedInput(f"unit {u.id}: faces[0].movement (its MA) is missing", where)
    ma = u.faces[0].movement
    cls, par, morale, cs, cadre_cs, cadre_ma = "", False, 0, 0, 0, 0
    large = u.size in ("III", "X")
    if large and u.type not in ARTILLERY:
        raw = u.props.get("class", "").strip()
        par = raw.startswith("(") and raw.endswith(")")
        cls = raw.strip("()")
        if cls not in CLASSES:
            raise MalformedInput(f"unit {u.id}: props['class'] must be A, B, C or parenthesized like (A), "
                                 f"not {raw!r} (8.1, 9.5.2)", where)
        morale = _int(u, "morale", 1, 3)
        if len(u.faces) < 2 or not u.faces[1].HasField("attack"):
            raise MalformedInput(f"unit {u.id}: faces[1] (the cadre side, 10.A) needs its attack (CS)", where)
        cadre_cs = u.faces[1].attack
        cadre_ma = u.faces[1].movement if u.faces[1].HasField("movement") else ma
    else:
        if not u.faces[0].HasField("attack"):
            raise MalformedInput(f"unit {u.id}: faces[0].attack (its printed CS, 8.6) is missing", where)
        cs = u.faces[0].attack
    return Counter(id=u.id, side=u.side, type=u.type, size=u.size, division=u.formation,
                   corps=u.props.get("corps", ""), cls=cls, parenthesized=par, morale=morale, ma=ma, cs=cs,
                   cadre_cs=cadre_cs, cadre_ma=cadre_ma, metz="metz-garrison" in u.tags)


_CACHE: OrderedDict[bytes, dict[str, Counter]] = OrderedDict()


def check_units(units: Iterable[definition_pb2.Unit]) -> dict[str, Counter]:
    """Every unit's values, cached by content (a scenario's counters rarely
    change, and reading them is most of what compiling a state costs)."""
    units = list(units)
    key = hashlib.sha256(b"".join(u.SerializeToString(deterministic=True) for u in units)).digest()
    hit = _CACHE.get(key)
    if hit is None:
        hit = {u.id: counter(u) for u in units}
        _CACHE[key] = hit
        while len(_CACHE) > 16:
            _CACHE.popitem(last=False)
    else:
        _CACHE.move_to_end(key)
    return dict(hit)


def supply_ma_penalised(c: Counter, opts: PattonsOptions) -> bool:
    """11.3.3.C/11.4.2.C: tank, mechanized infantry, reconnaissance (AMBIG-23: SP artillery too, by option)."""
    return c.type in SUPPLY_MA or (opts.sp_artillery == "mechanized" and c.type == "sp-artillery")


def river_bound(c: Counter, opts: PattonsOptions) -> bool:
    """9.9.6.A: units that may not retreat or advance across rivers without a road (AMBIG-24)."""
    return c.type in RIVER_RETREAT or (opts.mech_subsets == "all-mechanized" and c.mechanized)
