"""HQ relocation (2.3): where an HQ may be put, and the owner's choice.

"The new location of the HQ: must be at least five hexes away from the initial
hex; must not be in an enemy ZOC; the HQ must be able to trace a line of
supply to a friendly supply source." Stacking still holds (one HQ per hex).
Supply is judged as it will be once the HQ is in its new hex (supplied_after).
A forced relocation (last step lost, 2.3/12.2; or out of supply under A-4
'relocate') asks the owner for the hex; with no legal hex the HQ waits off the
map until one exists (A-46).
"""

from __future__ import annotations

from collections.abc import Callable

from adjudicator.core import decisions as dec
from adjudicator.core.supply import trace
from adjudicator.core.verdicts import VerdictBuilder
from adjudicator.rules.traces import supply
from adjudicator.rules.traces.cite import TV
from adjudicator.rules.traces.losses import fits
from adjudicator.rules.traces.model import RELOCATING, Game
from umpire.v1 import action_pb2

KIND = "HQ_RELOCATION"
MIN_DISTANCE = 5


def supplied_after(g: Game, uid: str) -> Callable[[int], bool]:
    """Whether the HQ could trace a supply line from a hex once relocated there
    (2.3), judged as after the move: its old hex no longer has the HQ to negate
    an enemy ZOC there (8.1), so a line that only ran through it is cut; a hex
    it takes from the enemy is its side's (6.1)."""
    b = g.belligerent(uid)
    reached = trace(g.board.supply_net, supply.sources(g, b), supply.blocked(g, b, leaving=uid))

    def ok(h: int) -> bool:
        if reached[h]:
            return True
        # Only a hex blocked for being enemy-controlled can change by the HQ's entering it (a relocation
        # hex is never in an enemy ZOC): judge that rare case with the hex taken.
        return bool(supply.taken_on_the_way(g, uid, [h])) and bool(supply.reach_after(g, uid, [h])[h])

    return ok


def legal_hexes(g: Game, uid: str, origin: int) -> list[int]:
    b = g.belligerent(uid)
    z = supply.ezoc(g, b)
    supplied = supplied_after(g, uid)
    out = []
    for h in range(g.hm.n):
        if not g.in_play[h] or g.hm.distance(origin, h) < MIN_DISTANCE or z[h]:
            continue
        if fits(g, h, [uid], [uid]) and supplied(h):
            out.append(h)
    return out


def why_not(g: Game, uid: str, origin: int, h: int) -> str | None:
    """Why `uid` may not relocate from `origin` to `h`, or None."""
    if not g.in_play[h]:
        return f"{g.label(h)} is not on the scenario's map"
    if g.hm.distance(origin, h) < MIN_DISTANCE:
        return f"{g.label(h)} is {g.hm.distance(origin, h)} hexes from {g.label(origin)}; at least {MIN_DISTANCE}"
    b = g.belligerent(uid)
    if supply.ezoc(g, b)[h]:
        return f"{g.label(h)} is in an enemy ZOC"
    if not supplied_after(g, uid)(h):
        return f"no line of supply can be traced from {g.label(h)} once the HQ has left {g.label(origin)}"
    if not fits(g, h, [uid], [uid]):
        return f"{g.label(h)} would be over the stacking limit (one HQ, two combat units; no enemy)"
    return None


def next_decision(g: Game) -> bool:
    """Ask for the first queued HQ that has a legal hex; True when a decision is pending."""
    while g.tv.relocate:
        uid = g.tv.relocate[0]
        origin = g.hm.hex_id(g.tv.relocate_from[uid])
        hexes = legal_hexes(g, uid, origin)
        if not hexes:
            g.tv.relocate.pop(0)
            g.emit("HQ_WAITS", f"{g.name(uid)} has no legal relocation hex and stays off the map until one exists",
                   [TV.cite("2.3")], units=[uid])
            continue
        options = [dec.option(g.label(h), g.label(h), units=[uid]) for h in hexes]
        g.ask(dec.decision("", g.defs[uid].side, KIND,
                           f"relocate {g.name(uid)}: a hex at least {MIN_DISTANCE} from {g.label(origin)}, not in an "
                           "enemy ZOC, able to trace supply", TV.cite("2.3"), options,
                           context={"hq": uid, "from": g.label(origin)}))
        return True
    return False


def waiting(g: Game) -> list[str]:
    """HQs off the map for want of a relocation hex (A-46)."""
    return [u for u in g.defs if g.has_marker(u, RELOCATING) and u not in g.tv.relocate]


def requeue_waiting(g: Game) -> None:
    for uid in waiting(g):
        g.tv.relocate.append(uid)


def validate_answer(g: Game, answer: action_pb2.AnswerDecision, b: VerdictBuilder) -> None:
    d = g.state.pending
    dec.check_answer(d, answer, b)


def apply_answer(g: Game, answer: action_pb2.AnswerDecision) -> None:
    uid = g.state.pending.context["hq"]
    h = g.hm.hex_id(answer.choices[0])
    g.clear_pending()
    g.tv.relocate.remove(uid)
    del g.tv.relocate_from[uid]
    g.drop_marker(uid, RELOCATING)
    g.place(uid, h, why="is relocated")
    g.emit("HQ_RELOCATED", f"{g.name(uid)} relocated to {g.label(h)} on its reduced side", [TV.cite("2.3")],
           units=[uid], to_location=g.label(h))
