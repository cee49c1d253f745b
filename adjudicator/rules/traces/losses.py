"""Step losses with their victory points, HQ relocation (2.3, 12.2) and the
stacking limit (5.0).

13.1: the Allied player loses 5 VP per HQ, 4 per mechanized and 2 per
non-mechanized unit eliminated (in combat, by supply or off the map), and 1 per
unit not on its full-strength side, "at the moment it happens" (A-32: once,
when it flips). 2.3: an HQ is never eliminated: it is relocated, which costs
the Allies 2 VP (Allied HQ) or gives them 2 (German HQ); A-5 decides what a
destroyed Allied HQ costs.
"""

from __future__ import annotations

from adjudicator.core.combat import steps_of
from adjudicator.core.stacking import StackLimit
from adjudicator.rules.traces.cite import TV
from adjudicator.rules.traces.model import ELIMINATED, OFF_MAP, RELOCATING, Game
from umpire.v1 import common_pb2

# 5.0: "A maximum of two combat units (full or reduced-strength) and one HQ".
STACK = StackLimit(({"combat": 2, "hq": 1},))


def category(g: Game, uid: str) -> str:
    return "hq" if g.is_hq(uid) else "combat"


def fits(g: Game, h: int, arriving: list[str], leaving: list[str] | tuple[str, ...] = ()) -> bool:
    """5.0: the hex holds no enemy unit and, with `arriving` added and `leaving`
    gone, at most 2 combat units and 1 HQ ("An HQ cannot be stacked with another HQ")."""
    if not arriving:
        return True
    b = g.belligerent(arriving[0])
    here = [u for u in g.units_at(h) if u not in leaving and u not in arriving]
    if any(g.belligerent(u) != b for u in here):
        return False
    counts: dict[str, int] = {}
    for u in here + arriving:
        c = category(g, u)
        counts[c] = counts.get(c, 0) + 1
    return STACK.fits(counts)


def take_steps(g: Game, uid: str, n: int, cause: str, cite: common_pb2.Citation) -> int:
    """Remove up to `n` steps (2.2: flip, then eliminate); returns steps taken.
    Losses beyond the steps a unit has are ignored (A-61)."""
    us = g.us[uid]
    left = g.steps_left(uid)
    taken = min(n, left)
    if taken <= 0:
        return 0
    allied = g.belligerent(uid) == "allied"
    was_full = us.steps_lost == 0
    us.steps_lost += taken
    where = us.location
    if g.steps_left(uid) > 0:
        g.emit("STEP_LOSS", f"{g.name(uid)} in {where} loses {taken} step(s) ({cause}): reduced", [cite], units=[uid],
               from_location=where)
        if allied and was_full:
            g.vp(-1, f"{g.name(uid)} not on its full-strength side", TV.cite("13.1"))
        return taken
    if g.is_hq(uid):
        relocate_hq(g, uid, cause, cite, destroyed=True)
        return taken
    g.remove(uid, ELIMINATED)
    g.emit("ELIMINATED", f"{g.name(uid)} in {where} is eliminated ({cause})", [cite], units=[uid],
           from_location=where)
    if allied:
        g.vp(-4 if g.is_mech(uid) else -2,
             f"{'mechanized' if g.is_mech(uid) else 'non-mechanized'} unit {g.name(uid)} eliminated",
             TV.cite("13.1"))
    return taken


def relocate_hq(g: Game, uid: str, cause: str, cite: common_pb2.Citation, *, destroyed: bool = False) -> None:
    """2.3: "An HQ unit is relocated if it is destroyed in combat or if it cannot
    trace a line of supply." It leaves the map and returns on its reduced side
    (A-46) where its owner chooses (pending decision, see relocation.py)."""
    us = g.us[uid]
    where = us.location
    g.tv.relocate_from[uid] = where
    g.remove(uid, OFF_MAP)
    us.steps_lost = max(0, steps_of(g.defs[uid]) - 1)
    g.add_marker(uid, RELOCATING)
    if uid not in g.tv.relocate:
        g.tv.relocate.append(uid)
    g.emit("HQ_RELOCATION", f"{g.name(uid)} leaves {where} to be relocated ({cause})", [cite, TV.cite("2.3")],
           units=[uid], from_location=where)
    if g.belligerent(uid) == "german":
        g.vp(2, f"German HQ {g.name(uid)} relocated", TV.cite("2.3"))
    elif destroyed:
        rule = g.opts.allied_hq_destroyed
        loss = {"5": -5, "2": -2, "both": -7}[rule]
        g.vp(loss, f"Allied HQ {g.name(uid)} destroyed (A-5: {rule})", TV.cite("13.1"))
    else:
        g.vp(-2, f"Allied HQ {g.name(uid)} relocated", TV.cite("2.3"))
