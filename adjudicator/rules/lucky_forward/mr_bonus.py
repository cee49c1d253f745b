"""The MR bonus period's movement bonus (5.4.4a): at the beginning of each
friendly Movement or Exploit Phase of the bonus period, one 1d10 on the
Maneuver Reserve MA Bonus Table for each formation/Rgt (or Recon unit) in it,
+1 in the first GT after it left MR; the result is extra MP for its Mech and
Recon units that phase (Leg units get none). The table is MISSING from the
text: its one data point is the 7.6.1b example (option lf.a25-mr-example);
any other row is an unknown cell, asked for when rolled.
"""

from __future__ import annotations

from adjudicator.core.dice import DiceSource
from adjudicator.rules.lucky_forward import modes
from adjudicator.rules.lucky_forward.model import Model, U
from adjudicator.rules.lucky_forward.sop import Step

TABLE = "lucky-forward/mr-bonus"


def _groups(m: Model, side: str, only: set[str] | None) -> dict[str, list[U]]:
    """Who rolls: a formation/Rgt, or a Recon unit on its own (5.4.4a)."""
    out: dict[str, list[U]] = {}
    for u in m.side_units(side):
        if only is not None and u.id not in only:
            continue
        u.st.mr_bonus_mp = 0  # the bonus is for one phase
        if not u.on_map or not modes.in_bonus(m, u) or not (u.mech or u.has("recon")):
            continue
        key = f"{u.hq}:{u.regiment}" if u.regiment else f"{u.hq}:"
        out.setdefault(key, []).append(u)
    return out


def roll(m: Model, dice: DiceSource, side: str, only: set[str] | None = None) -> None:
    for key, units in sorted(_groups(m, side, only).items()):
        first = any(u.st.mr_released_gt == m.lf.gt for u in units)
        die = dice.roll(10, f"MR bonus {key}") % 10
        row = str(min(10, die + (1 if first else 0)))
        cell = m.table(TABLE).lookup(row, "MP", reason=f"MR bonus of {key.rstrip(':')}: 1d10 {die}"
                                     + (" +1 (first GT after MR)" if first else ""))
        mp = int(cell.value)
        for u in units:
            u.st.mr_bonus_mp = mp
        m.emit("MR_BONUS_ROLL", f"{key.rstrip(':')}: MR bonus roll {die}{' +1' if first else ''} -> +{mp} MP this "
               "phase", ["5.4.4a"], units=[u.id for u in units])


def at_movement(m: Model, dice: DiceSource, step: Step) -> None:
    roll(m, dice, m.lf.phasing)


def at_exploit(m: Model, dice: DiceSource, step: Step) -> None:
    roll(m, dice, m.state.active_side)
