"""Fuel values (16.4.5): each HQ in low or no fuel rolls on the Fuel Level
Table (MISSING from the text: unknown cells, asked for) in the Joint Fuel
Value Determination Phase, and its owner chooses how the value is used:
option 1, every Mech unit of the HQ has that MA; option 2, up to that many
Mech units (half as many, rounded up, when the HQ has ten or fewer, counted
as 16.4.5b a-e says) get their full MA and the others cannot move."""

from __future__ import annotations

import math

from adjudicator.core import decisions as dec
from adjudicator.core.dice import DiceSource
from adjudicator.rules.lucky_forward import sop
from adjudicator.rules.lucky_forward.cite import ALLIED, GOSS
from adjudicator.rules.lucky_forward.model import BN, CO, MECH, Model, U
from adjudicator.rules.lucky_forward.sop import Step

FUEL_OPTION, FUEL_UNITS = "FUEL_OPTION", "FUEL_UNITS"


def d10(dice: DiceSource, purpose: str) -> int:
    return dice.roll(10, purpose) % 10


def fuel_value(m: Model, dice: DiceSource, step: Step) -> None:
    """16.4.5a: each HQ in low or no fuel rolls its fuel value on the Fuel
    Level Table (-2 if its GenS path is extended); the owner then chooses how
    to use it (16.4.5b)."""
    for hid, st in sorted(m.hq_status.items()):
        if (st.fuel or "normal") == "normal":
            st.ClearField("fuel_value")
            continue
        hq = m.units.get(hid)
        ext = bool(hq is not None and hq.st.extended_supply)
        roll = d10(dice, f"fuel value {hid}")
        row = str(max(-2, roll - (2 if ext else 0)))
        t = m.table("lucky-forward/fuel-level")
        cell = t.lookup(row, st.fuel, reason=f"fuel value of {hid} ({st.fuel} fuel), roll {roll}")
        st.fuel_value = int(cell.value)
        del st.full_ma_units[:]
        st.fuel_option = 0
        m.emit("FUEL_VALUE", f"{hid} ({st.fuel} fuel): roll {roll}{' -2 (extended GenS)' if ext else ''} -> "
               f"fuel value {st.fuel_value}", ["16.4.5a"])
    ask_fuel_option(m)


def ask_fuel_option(m: Model) -> None:
    for hid, st in sorted(m.hq_status.items()):
        if st.HasField("fuel_value") and not st.fuel_option:
            side = m.units[hid].side if hid in m.units else ""
            m.state.pending.CopyFrom(dec.decision(
                m.next_decision_id(), side, FUEL_OPTION,
                f"{hid} has fuel value {st.fuel_value}: option 1 (every Mech unit MA {st.fuel_value}) or option 2 "
                "(that many Mech units, or half as many with ten or fewer, get full MA; the others cannot move)?",
                GOSS.cite("16.4.5b"), [dec.option("1", "all Mech units MA = fuel value"),
                                        dec.option("2", "some Mech units full MA, the others none")],
                context={"hq": hid}))
            return


def answer_fuel_option(m: Model, choice: str, dice: DiceSource) -> None:
    hid = m.state.pending.context["hq"]
    m.state.ClearField("pending")
    m.hq_status[hid].fuel_option = int(choice)
    m.emit("FUEL_OPTION", f"{hid} uses fuel option {choice}", ["16.4.5b"])
    if choice == "2":
        ask_units(m, hid)
        return
    ask_fuel_option(m)
    sop.resume(m, dice)


def subordinates(m: Model, hid: str) -> list[U]:
    return [u for u in m.units.values() if u.on_map and u.hq == hid and not u.is_hq and not u.is_leader]


def mech_count(m: Model, hid: str) -> int:
    """16.4.5b c-e: a Bn. or three-step hybrid counts one, a Co. or two-step
    hybrid a half, a Z-step nothing, free-stacked units each; rounded down.
    Allied formations count their Leg units too (16.4.5b a)."""
    n = 0.0
    for u in subordinates(m, hid):
        if not (u.movement_class == MECH or u.side == ALLIED) or u.is_z:
            continue
        if u.size == BN or (u.has("hybrid") and u.steps == 3):
            n += 1
        elif u.size == CO or u.has("hybrid"):
            n += 0.5
    return math.floor(n)


def full_ma_limit(m: Model, hid: str) -> int:
    fv = m.hq_status[hid].fuel_value
    return math.ceil(fv / 2) if mech_count(m, hid) <= 10 else fv


def ask_units(m: Model, hid: str) -> None:
    st = m.hq_status[hid]
    limit = full_ma_limit(m, hid)
    cands = sorted(u.id for u in subordinates(m, hid) if u.movement_class == MECH)
    side = m.units[hid].side if hid in m.units else ""
    m.state.pending.CopyFrom(dec.decision(
        m.next_decision_id(), side, FUEL_UNITS,
        f"{hid}, fuel value {st.fuel_value}, option 2: choose up to {limit} Mech unit(s) to get full MA (the others "
        "cannot move)", GOSS.cite("16.4.5b"), [dec.option(u, u, units=[u]) for u in cands],
        min_choices=0, max_choices=limit, context={"hq": hid}))


def answer_units(m: Model, choices: list[str], dice: DiceSource) -> None:
    hid = m.state.pending.context["hq"]
    m.state.ClearField("pending")
    st = m.hq_status[hid]
    del st.full_ma_units[:]
    st.full_ma_units.extend(choices)
    m.emit("FUEL_OPTION", f"{hid}: full MA for {', '.join(choices) or 'no unit'}", ["16.4.5b"], units=choices)
    ask_fuel_option(m)
    sop.resume(m, dice)
