"""Steps, cadres and elimination (9.8.1-9.8.2, 10.0, 8.5.2, 22.2.3).

A unit's steps: artillery, battalions and cadres have one (9.8.1.C); a unit
with a chit has three when its original chit gives 3 or more for its class,
else two (9.8.2), the cadre side being the last (10.B). `UnitState.steps_lost`
counts from full strength (a three-step unit: 1 = chit on its back, 2 =
cadre; a two-step unit: 1 = cadre) and is public, like the "cadre" marker: a
step loss is applied in the open. The chit's values are not.
"""

from __future__ import annotations

from adjudicator.core.dice import DiceSource
from adjudicator.rules.pattons import chits
from adjudicator.rules.pattons.knowledge import known_chit
from adjudicator.rules.pattons.model import ELIMINATED, Game


def steps_left(g: Game, uid: str, viewer: str = "") -> int | None:
    """Steps the unit can still lose, as `viewer` knows it (None: depends on a chit it cannot see)."""
    c = g.c(uid)
    if not c.uses_chit or g.cadre(uid):
        return 1
    held = known_chit(g, uid, viewer) if viewer else g.held(uid)
    if held is None:
        if g.units[uid].steps_lost >= 1:
            return 2  # visibly reduced: a three-step unit on its back (9.8.2.A)
        return None
    total = chits.steps_of_chit(chits.definition(g, held), c.cls)
    return total - g.units[uid].steps_lost


def eliminate(g: Game, uid: str, why: str, cases: list[str]) -> None:
    """Remove a unit from play; its chit goes back to its pool (8.5.2)."""
    chits.release(g, uid)
    g.remove(uid, ELIMINATED)
    div = g.c(uid).division
    if div and div not in g.ext.divisions_lost:
        g.ext.divisions_lost.append(div)  # 18.2.2.B
    g.event("CASUALTY", f"{uid} eliminated: {why}", cases + ["8.5.2"], [uid])


def to_cadre(g: Game, uid: str, why: str, cases: list[str]) -> None:
    """Flip to the cadre side; the chit leaves play (9.8.2, 10.0, 8.5.2)."""
    chits.release(g, uid)
    g.mark(uid, "cadre")
    g.units[uid].steps_lost += 1
    g.event("STEP_LOST", f"{uid} is reduced to its cadre: {why}", cases + ["10.0", "8.5.2"], [uid])


def lose_step(g: Game, uid: str, dice: DiceSource, why: str, cases: list[str]) -> None:
    """One step loss (9.8.2). A regiment without a chit that must lose a step
    draws one first (AMBIG-29 'draw', shown to its owner only) or goes straight
    to cadre (option 'cadre')."""
    c = g.c(uid)
    if not c.uses_chit or g.cadre(uid):
        eliminate(g, uid, why, cases + ["9.8.2.C"])
        return
    held = g.held(uid)
    if held is None and not g.tried(uid):
        if g.opts.untried_loss == "cadre":
            g.mark(uid, "tried")
            to_cadre(g, uid, f"{why} (it had no chit: AMBIG-29 option 'cadre')", cases + ["22.2.3"])
            return
        held = chits.draw(g, uid, dice)
    if held is None:
        to_cadre(g, uid, why, cases)
        return
    total = chits.steps_of_chit(chits.definition(g, held), c.cls)
    if total == 3 and g.units[uid].steps_lost == 0:
        g.units[uid].steps_lost = 1
        g.event("STEP_LOST", f"{uid} loses a step: its chit is turned to its reduced side ({why})",
                cases + ["9.8.2.A", "8.3.5"], [uid])
        return
    to_cadre(g, uid, why, cases + ["9.8.2"])


def bomb_to_cadre(g: Game, uid: str) -> None:
    """22.2.3: reduced to cadre even without a chit."""
    g.mark(uid, "tried")
    steps = 1
    held = g.held(uid)
    if held is not None:
        steps = chits.steps_of_chit(chits.definition(g, held), g.c(uid).cls) - 1
    g.units[uid].steps_lost = max(g.units[uid].steps_lost, steps - 1)
    to_cadre(g, uid, "heavy bomber attack", ["22.2.3"])
