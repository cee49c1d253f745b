"""Proficiency rating checks (4.4.1): 1d10 + DRMs; less than the PR passes,
equal or more fails. A friendly active leader in the hex gives -1 (4.4.1,
23.2.1e; inactive leaders give nothing, 23.1.0)."""

from __future__ import annotations

from adjudicator.core.dice import DiceSource
from adjudicator.rules.lucky_forward.model import Model, U


def leader_in_hex(m: Model, u: U) -> U | None:
    for x in m.stack(u.hex):
        if x.side == u.side and x.is_leader and x.st.leader_active:
            return x
    return None


def rating(m: Model, u: U, which: str, reason: str = "") -> int:
    """The unit's offensive or defensive PR; a unit without an offensive PR uses
    its defensive one where the rules let it act (3.4.2b)."""
    if which == "offensive" and not u.c.HasField("offensive_pr") and u.c.HasField("defensive_pr"):
        which = "defensive"
    return int(m.value(u, f"{which}_pr", reason))


def check(m: Model, dice: DiceSource, u: U, which: str, drm: int, purpose: str, *, case: str = "4.4.1",
          pr_bonus: int = 0, pr_cap: int = 9, leader: bool = True) -> tuple[bool, str]:
    """Roll a PRC for `u` against its `which` PR (+ pr_bonus, capped); returns
    (passed, a line saying how)."""
    pr = min(pr_cap, rating(m, u, which, purpose) + pr_bonus)
    mod = drm
    ldr = leader_in_hex(m, u) if leader else None
    if ldr is not None:
        mod -= 1
    roll = dice.roll(10, purpose) % 10
    total = roll + mod
    passed = total < pr
    parts = [f"roll {roll}"]
    if mod:
        parts.append(f"{mod:+d}")
    text = (f"PRC {' '.join(parts)} = {total} vs {which} PR {pr}" + (" (leader -1)" if ldr is not None else "")
            + f": {'passed' if passed else 'failed'} ({case})")
    return passed, text
