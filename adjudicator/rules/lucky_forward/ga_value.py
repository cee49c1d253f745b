"""GA step 4 (13.6): each unit's combat strength with its modifiers, the GAV
(unit values unrounded, the total rounded up: 1.5.0), and the odds column
(13.6.2: the highest column of the defender's terrain line at or below the
ratio; below the leftmost the leftmost, above the rightmost the rightmost).
The GAT's columns are missing from the text: the odds need only the labels
around the ratio, and a label the game lacks is asked for."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction

from adjudicator.core.combat import parse_column
from adjudicator.core.errors import NeedsData
from adjudicator.rules.lucky_forward import steps, terrain
from adjudicator.rules.lucky_forward.model import BN, MECH, ON_HAND, OUT, Model, U

LETTERS = tuple(chr(ord("A") + i) for i in range(14))


@dataclass
class Strength:
    unit: U
    base: float
    value: float
    why: list[tuple[str, str]] = field(default_factory=list)  # (modifier, case)


def combined_arms(m: Model, units: list[U]) -> set[str]:
    """13.6.1d: the pure AFV units of one hex that have combined arms: a Bn.
    personnel unit covers them all, a Co. one, a Bn. hybrid the stack, a Co.
    hybrid itself and one more; vehicular Recon counts; German RE do not."""
    afv = sorted((u for u in units if u.pure_afv), key=lambda u: u.id)
    cover = 0
    for u in units:
        if u.pure_afv or u.c.rear_echelon and u.side == "axis":
            continue
        if u.has("hybrid"):
            cover += 99 if u.size == BN else 1
        elif u.c.personnel or u.has("recon"):
            cover += 99 if u.size == BN else 1
    return {u.id for u in afv[:cover]}


def needs_combined_arms(m: Model, h: int) -> bool:
    return terrain.mct(m, h) or terrain.marsh(m, h)


def attack_strength(m: Model, u: U, target: int, standoff: bool, fatigue2: str, no_ca: bool) -> Strength:
    """13.6.1a."""
    base = 0.0 if u.c.flame else steps.cs(m, u, "attack")  # 4.6.7: flame tanks add no strength
    s = Strength(u, base, base)
    halve: list[tuple[str, str]] = []
    quarter: list[tuple[str, str]] = []
    leg = u.movement_class != MECH
    river = terrain.river(m, u.hex, target)
    bridged = terrain.bridged(m, u.hex, target)
    if not standoff:
        if river == "river" and leg:
            halve.append(("Leg unit attacking across a river", "13.6.1a"))
        elif river == "river" and not leg and (bridged or terrain.ford(m, u.hex, target)):
            halve.append(("Mech unit attacking across a river at a bridge/ford", "13.6.1a"))
        if river in ("major river", "great river") and bridged:
            quarter.append(("attacking across a major/great river by a bridge", "13.6.1a"))
    marsh = terrain.marsh(m, u.hex) or terrain.marsh(m, target)
    if marsh and leg:
        halve.append(("Leg unit attacking into/out of marsh", "13.6.1a"))
    if marsh and not leg and not (u.pure_afv and standoff):
        quarter.append(("Mech unit attacking into/out of marsh", "13.6.1a"))
    if no_ca:
        halve.append(("pure AFV without combined arms in MCT/marsh", "13.6.1d"))
    if u.st.supply == OUT:
        halve.append(("OoS", "15.6.0"))
    if u.st.fatigue == 1:
        halve.append(("fatigue 1", "14.2.1"))
    if u.st.fatigue >= 2 and fatigue2 == "quarter":
        quarter.append(("fatigue 2 (option lf.a13-fatigue2-attacker)", "14.2.2"))
    if standoff:
        halve.append(("standoff", "13.5.2"))
    _apply(s, halve, quarter)
    if u.st.dismounted:
        s.value = max(1.0, s.value - 1)
        s.why.append(("dismounted: -1", "7.12.1a"))
    return s


def defense_strength(m: Model, u: U, stack: list[U], *, standoff: bool, half: bool, ohs_full: bool,
                     no_ca: bool) -> Strength:
    """13.6.1b-c."""
    if u.is_art and u.st.ammo_depleted:
        return Strength(u, 1.0, 1.0, [("AD Art defends at 1", "13.6.1c")])
    if u.st.motorized and (u.is_art or u.has("anti-tank")):
        return Strength(u, 1.0, 1.0, [("transported AT/Art defends at 1", "7.12.5")])
    base = steps.cs(m, u, "defense")
    s = Strength(u, base, base)
    halve: list[tuple[str, str]] = []
    quarter: list[tuple[str, str]] = []
    if u.is_art and len(stack) >= 2:
        arts = [x for x in stack if x.is_art]
        if len(arts) < len(stack) or arts[0] is u:
            halve.append(("Art in a stack of two or more units", "13.6.1b"))
    if half:
        halve.append(("defending at half strength (ENA / rest GT)", "13.5.4"))
    if no_ca:
        halve.append(("pure AFV without combined arms in MCT/marsh", "13.6.1d"))
    if u.st.supply == OUT:
        halve.append(("OoS", "15.6.0"))
    if u.st.supply == ON_HAND and not ohs_full:
        halve.append(("OhS, not going OoS", "13.5.3"))
    if u.st.fatigue == 1:
        halve.append(("fatigue 1", "14.2.1"))
    if u.st.fatigue >= 2:
        quarter.append(("fatigue 2", "14.2.2"))
    if standoff:
        halve.append(("standoff", "13.5.2"))
    if u.movement_class == MECH and terrain.marsh(m, u.hex):
        quarter.append(("Mech unit in a marsh hex", "13.6.1b"))
    _apply(s, halve, quarter)
    if u.st.dismounted:
        s.value = max(1.0, s.value - 1)
        s.why.append(("dismounted: -1", "7.12.1a"))
    return s


def _apply(s: Strength, halve: list[tuple[str, str]], quarter: list[tuple[str, str]]) -> None:
    """Two or more halvings quarter; never less than a quarter (13.6.1)."""
    s.why.extend(halve + quarter)
    if quarter or len(halve) >= 2:
        s.value = s.base / 4
    elif halve:
        s.value = s.base / 2


def gav(strengths: list[Strength]) -> int:
    """13.6.0 / 1.5.0: add the unrounded values, round the total up."""
    return math.ceil(sum(s.value for s in strengths) - 1e-9)


@dataclass
class Odds:
    ratio: Fraction
    column: str  # letter
    index: int
    below_table: bool  # 13.10.3: the attacker then ignores Max step loss
    needs: list[object] = field(default_factory=list)


def column_label(m: Model, line: int, letter: str) -> str | None:
    cell = m.table("lucky-forward/gat-columns").cell(str(line), letter)
    return None if cell is None else cell.value


def letters(m: Model) -> tuple[str, ...]:
    return tuple(m.table("lucky-forward/gat-columns").columns)


def odds(m: Model, line: int, att: int, dfn: int, *, lone_zero_z: bool = False) -> Odds:
    """13.6.2 with the labels the game knows. Columns rise from left to right,
    so the answer needs only the labels around the ratio: the highest known
    column at or below it and the column just right of it; a label the
    answer depends on and the game lacks raises NeedsData naming it (a column
    the line lacks is printed '-')."""
    t = m.table("lucky-forward/gat-columns")
    cols = letters(m)
    ratio = Fraction(att, dfn) if dfn > 0 else Fraction(10**9)

    def label(i: int) -> Fraction | None | str:
        v = column_label(m, line, cols[i])
        if v is None:
            return None
        if v.strip() == "-":
            return "-"
        return parse_column(v)

    def need(i: int) -> NeedsData:
        return NeedsData([t.needed(str(line), cols[i], f"the ratio of column {cols[i]} on terrain line {line}")])

    present = [i for i in range(len(cols)) if label(i) != "-"]
    if dfn <= 0 or lone_zero_z:
        i = present[-1]  # 13.6.2 (above the rightmost), 4.1.3 e
        if label(i) is None:
            raise need(i)
        return Odds(ratio, cols[i], i, False)
    known = {i: v for i in present if isinstance(v := label(i), Fraction)}
    at_or_below = [i for i, v in known.items() if v <= ratio]
    if not at_or_below:
        first_known = min(known) if known else None
        left = [i for i in present if first_known is None or i < first_known]
        if left:
            raise need(left[-1] if first_known is not None else left[0])
        assert first_known is not None
        return Odds(ratio, cols[first_known], first_known, True)  # below the leftmost column
    lo = max(at_or_below)
    after = [i for i in present if i > lo]
    if after and after[0] not in known:
        raise need(after[0])
    return Odds(ratio, cols[lo], lo, False)


def shifted(m: Model, line: int, index: int, net: int) -> tuple[int, bool]:
    """13.7.2: shift within the line's own columns; excess shifts are ignored."""
    cols = letters(m)
    present = [i for i in range(len(cols)) if column_label(m, line, cols[i]) != "-"]
    pos = present.index(index) if index in present else 0
    new = min(max(pos + net, 0), len(present) - 1)
    return present[new], new != pos + net
