"""Strength chits (8.0-8.6, 24.2): the three morale pools, the draw at a
unit's first combat through the audited dice, the combat strength a chit
gives, steps, and the return of a chit to its pool.

The pools are server-side secrets: a chit is drawn with one die of as many
faces as the pool holds chits, picking that position in the pool's sorted
list. That die's value would tell which chit came out (and, to its owner,
something about what the pool still holds), so it is shown to nobody until
the game is over (secrecy.py). An empty pool gives the imaginary chit of
24.2 (table `pattons-3rd-army/imaginary-chit`, transcribed from the text).
"""

from __future__ import annotations

from adjudicator.core.dice import DiceSource
from adjudicator.core.errors import MalformedInput
from adjudicator.core.tables import find_table
from adjudicator.rules.pattons.cite import IMAGINARY
from adjudicator.rules.pattons.model import Game
from umpire.v1 import state_pb2, pattons_pb2

IMAGINARY_CHIT = "imaginary"
DRAW_PURPOSE = "chit draw:"  # every chit-draw roll's purpose starts with this (secrecy.py blanks them)


def chit_defs(g: Game) -> dict[str, pattons_pb2.PattonsChitDef]:
    return g.memo("chit-defs", lambda: {c.id: c for c in g.sc.chits})  # type: ignore[no-any-return]


def imaginary(g: Game, morale: int) -> pattons_pb2.PattonsChitDef:
    """24.2: the imaginary chit of a morale level (from the table in the text)."""
    t = find_table(g.state.scenario.definition.tables, IMAGINARY)
    row = str(morale)
    vals = []
    for col in ("Front A", "Front B", "Front C", "Back A", "Back B", "Back C"):
        cell = t.lookup(row, col, reason="an empty morale pool (24.2)")
        vals.append(int(cell.value))
    return pattons_pb2.PattonsChitDef(id=IMAGINARY_CHIT, morale=morale, front_a=vals[0], front_b=vals[1],
                                    front_c=vals[2], back_a=vals[3], back_b=vals[4], back_c=vals[5])


def definition(g: Game, held: pattons_pb2.PattonsHeld) -> pattons_pb2.PattonsChitDef:
    if held.chit == IMAGINARY_CHIT:
        return imaginary(g, held.morale)
    d = chit_defs(g).get(held.chit)
    if d is None:
        raise MalformedInput(f"unit {held.unit_id} holds chit {held.chit!r}, which the scenario does not list",
                             "pattons.held")
    return d


def value(d: pattons_pb2.PattonsChitDef, cls: str, reduced: bool) -> int:
    """8.3.4: the number next to the unit's class letter (8.3.5: the back once reduced)."""
    side = "back" if reduced else "front"
    return int(getattr(d, f"{side}_{cls.lower()}"))


def steps_of_chit(d: pattons_pb2.PattonsChitDef, cls: str) -> int:
    """9.8.2: three steps when the original chit's CS is 3 or more, else two."""
    return 3 if value(d, cls, False) >= 3 else 2


def reduced(g: Game, uid: str) -> bool:
    """The chit shows its back (a three-step unit that lost one step, 9.8.2.A)."""
    return not g.cadre(uid) and g.units[uid].steps_lost >= 1


def pool(g: Game, morale: int) -> pattons_pb2.PattonsPool:
    for p in g.ext.pools:
        if p.morale == morale:
            return p
    return g.ext.pools.add(morale=morale)


def init_pools(state: state_pb2.GameState) -> None:
    """8.3.2: every chit of the mix in the pool of its morale, before play."""
    by: dict[int, list[str]] = {1: [], 2: [], 3: []}
    for c in state.scenario.pattons.chits:
        if c.morale not in by:
            raise MalformedInput(f"chit {c.id}: morale {c.morale} is not 1, 2 or 3", "scenario.pattons.chits")
        by[c.morale].append(c.id)
    del state.pattons.pools[:]
    for m in (1, 2, 3):
        state.pattons.pools.add(morale=m, chits=sorted(by[m]), count=len(by[m]))


def draw(g: Game, uid: str, dice: DiceSource) -> pattons_pb2.PattonsHeld:
    """8.3.3: a chit at random from the pool of the unit's morale (24.2: the
    imaginary chit when it is empty), placed under the unit front up."""
    c = g.c(uid)
    p = pool(g, c.morale)
    if p.count <= 0:
        held = pattons_pb2.PattonsHeld(unit_id=uid, chit=IMAGINARY_CHIT, morale=c.morale)
        why = "the pool is empty: the imaginary chit of 24.2"
    else:
        k = dice.roll(p.count, f"{DRAW_PURPOSE} pool {c.morale} for {uid} (1-{p.count})")
        chit = p.chits[k - 1]
        del p.chits[k - 1]
        p.count = len(p.chits)
        held = pattons_pb2.PattonsHeld(unit_id=uid, chit=chit, morale=c.morale)
        why = f"drawn from morale pool {c.morale}"
    g.set_held(uid, held)
    g.mark(uid, "tried")
    d = definition(g, held)
    cs = value(d, c.cls, False)
    g.event("CHIT_DRAWN", f"{uid} takes chit {held.chit} ({why}): class {c.cls} gives CS {cs}, "
            f"{steps_of_chit(d, c.cls)} steps", ["8.3.3", "8.3.4", "8.3.5", "9.8.2", "24.2"], [uid],
            visible_to=[c.side])
    return held


def release(g: Game, uid: str) -> None:
    """8.5.2: a chit removed from play goes back to the pool it came from."""
    held = g.held(uid)
    if held is None:
        return
    if held.chit != IMAGINARY_CHIT:
        p = pool(g, held.morale)
        p.chits.append(held.chit)
        p.chits.sort()
        p.count = len(p.chits)
    g.set_held(uid, None)
