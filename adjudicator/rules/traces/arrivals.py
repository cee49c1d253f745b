"""Entering the map (11.0-11.3): German reinforcements and Allied reserves are
placed on supply source hexes; Allied arrivals move on at their entry hexes
(moves.py).

11.2: German reinforcements "enter at full strength on any Supply Source hex"
(A-26: their own colour, German-controlled, not enemy-occupied); "A unit cannot
be placed in a hex where the stacking limit would be exceeded. Friendly units
do not negate enemy ZOCs for the purpose of placement" (6.0: ZOCs affect
reinforcement placement: not in an enemy ZOC). 11.3: Allied reserves enter
"at any controlled Supply Source hex" for 1 VP each; US VI Corps reserves only
once the VI Corps HQ is on the map; placement as 11.2 (A-28).
"""

from __future__ import annotations

from adjudicator.core.verdicts import VerdictBuilder
from adjudicator.rules.traces import supply
from adjudicator.rules.traces.activation import check_acting
from adjudicator.rules.traces.cite import TV
from adjudicator.rules.traces.losses import fits
from adjudicator.rules.traces.model import OFF_MAP, Game
from umpire.v1 import action_pb2


def reserve_hq(g: Game, uid: str) -> str:
    for r in g.ext.reserves:
        if uid in r.unit_ids:
            return r.needs_hq
    return ""


def is_reserve(g: Game, uid: str) -> bool:
    return any(uid in r.unit_ids for r in g.ext.reserves)


def placement_hexes(g: Game, uid: str) -> list[int]:
    b = g.belligerent(uid)
    z = supply.ezoc(g, b)
    return [h for h in supply.sources(g, b) if not z[h] and fits(g, h, [uid], [uid])]


def validate_place(g: Game, action: action_pb2.Action, b: VerdictBuilder) -> None:
    pl = action.place
    act = check_acting(g, action.side, b, "movement")
    if act is None:
        return
    if act.mode not in ("reinforcement", "reserve"):
        b.violation("NOTHING_TO_PLACE", "units are placed on the map with the German Reinforcement or US Reserve chit",
                    TV.cite("11.0"))
        return
    h = g.hm.hex_id(pl.location, "place.location")
    if act.mode == "reserve" and g.opts.reserves == "one":
        placed = [u for u in act.entering if g.on_map(u)]
        if len(placed) + len(pl.unit_ids) > 1:
            b.violation("ONE_RESERVE", "one reserve unit per US Reserve chit (A-28 'one')", TV.cite("11.3"))
    arriving: list[str] = []
    for uid in pl.unit_ids:
        if uid not in g.defs:
            b.violation("UNKNOWN_UNIT", f"unknown unit {uid!r}", TV.cite("11.0"), uid)
            continue
        if act.mode == "reserve":
            if not is_reserve(g, uid) or g.us[uid].status != OFF_MAP or g.belligerent(uid) != "allied":
                b.violation("NOT_RESERVE", f"{g.name(uid)} is not an Allied reserve unit waiting to enter",
                            TV.cite("11.3"), uid)
                continue
            need = reserve_hq(g, uid)
            hq = g.hq_of_chit(need) if need else None
            if need and (hq is None or not g.on_map(hq)):
                b.violation("HQ_NOT_ON_MAP", f"{g.name(uid)} may enter only once the {need} Corps HQ is on the map",
                            TV.cite("11.3"), uid)
                continue
        elif uid not in act.entering or g.us[uid].status != OFF_MAP:
            b.violation("NOT_ENTERING", f"{g.name(uid)} is not a unit of {act.division} waiting to enter",
                        TV.cite("11.2"), uid)
            continue
        arriving.append(uid)
    if not b.ok:
        return
    bel = act.belligerent
    if h not in supply.sources(g, bel):
        b.violation("NOT_A_SOURCE", f"{pl.location} is not a {bel} supply source the {bel} side controls and the enemy "
                    "does not occupy", TV.cite("11.3" if act.mode == "reserve" else "11.2"), pl.location)
        return
    if supply.ezoc(g, bel)[h]:
        b.violation("IN_EZOC", f"{pl.location} is in an enemy ZOC (friendly units do not negate it for placement)",
                    TV.cite("11.2"), pl.location)
        return
    if not fits(g, h, arriving):
        b.violation("OVERSTACKED", f"placing {len(arriving)} unit(s) in {pl.location} would exceed the stacking limit",
                    TV.cite("11.2"), pl.location)


def apply_place(g: Game, action: action_pb2.Action) -> None:
    pl = action.place
    act = g.tv.activation
    act.acted = True
    h = g.hm.hex_id(pl.location)
    for uid in pl.unit_ids:
        g.us[uid].steps_lost = 0  # 11.2: "enter at full strength"
        g.place(uid, h, why="enters the map in it")
        g.tv.entry_turn[uid] = g.turn
        if uid not in act.entering:
            act.entering.append(uid)
        if uid not in act.activated:
            act.activated.append(uid)
        if act.mode == "reserve":
            g.vp(-1, f"reserve {g.name(uid)} released", TV.cite("11.3"))
    g.emit("PLACED", f"{', '.join(g.name(u) for u in pl.unit_ids)} enter the map at {pl.location}, activated",
           [TV.cite("11.3" if act.mode == "reserve" else "11.2"), TV.cite("11.0")], units=list(pl.unit_ids),
           to_location=pl.location)
