"""Sicily landings (MB "Special Rules for The Sicily Campaign", Allied
Landings ¶1-¶3): 1 movement point per unit placed in a landing area, at most
the area's printed number of units per turn; the units enter the connected
town at no further cost, or fight for it when the Axis holds it (a landing
battle: a lower Allied total eliminates every landing unit). Landed units do
not move along roads that turn."""

from __future__ import annotations

from adjudicator.core.errors import MalformedInput
from adjudicator.core.verdicts import VerdictBuilder
from adjudicator.rules.major_battles import citations as C
from adjudicator.rules.major_battles.board import LANDING
from adjudicator.rules.major_battles.model import LANDED, OFF_MAP, ON_MAP, Approach, Game, Unit
from adjudicator.rules.major_battles.movement import STACK_LIMIT, turn_checks
from umpire.v1 import action_pb2, major_battles_pb2 as mbp


def _units(g: Game, land: mbp.MbLand, side: str, b: VerdictBuilder) -> list[Unit]:
    if not land.unit_ids:
        raise MalformedInput("name the units to land", "action.major_battles.land.unit_ids")
    if len(set(land.unit_ids)) != len(land.unit_ids):
        raise MalformedInput("a unit is listed twice", "action.major_battles.land.unit_ids")
    out = []
    for uid in land.unit_ids:
        u = g.units.get(uid)
        if u is None:
            raise MalformedInput(f"unknown unit {uid!r}", "action.major_battles.land.unit_ids")
        if u.side != side:
            b.violation("NOT_YOUR_UNIT", f"{uid} belongs to {u.side}", C.SICILY_LANDING, subject=uid)
        elif u.status != OFF_MAP or u.reserve:
            b.violation("NOT_AT_SEA", f"{uid} is not waiting off the island to land", C.SICILY_LANDING, subject=uid)
        out.append(u)
    return out


def validate_land(g: Game, land: mbp.MbLand, side: str, b: VerdictBuilder) -> None:
    if g.campaign != "sicily":
        b.violation("NO_LANDINGS", "landings are a rule of the Sicily campaign only", C.SICILY_LANDING)
        return
    if side != g.blue:
        b.violation("NO_LANDINGS", "only the Allied player lands units", C.SICILY_LANDING)
        return
    if not turn_checks(g, side, b, "land units"):
        return
    area = g.board.areas.get(land.area)
    if area is None or area.kind != LANDING:
        raise MalformedInput(f"unknown landing area {land.area!r}", "action.major_battles.land.area")
    units = _units(g, land, side, b)
    if not b.ok:
        return
    n = len(units)
    used = g.mb.area_use.get(area.id, 0)
    if used + n > area.capacity:
        b.violation("LANDING_AREA_FULL", f"landing area {area.name or area.id} handles {area.capacity} unit(s) a turn; "
                    f"{used} landed through it this turn", C.SICILY_LANDING, subject=area.id)
        return
    if n > g.mb.mp_left:
        b.violation("NOT_ENOUGH_MP", f"landing {n} unit(s) costs {n} movement points (1 per unit); {g.mb.mp_left} left",
                    C.SICILY_LANDING)
        return
    b.verdict.mp_total = n
    b.verdict.mp_remaining = g.mb.mp_left - n
    town = area.town
    if g.occupant(town) == g.red:
        b.note(f"the Axis holds {g.board.name(town)}: the landing units fight for it (a lower Allied total "
               "eliminates every landing unit)", C.SICILY_LANDING_BATTLE)
    elif len(g.town_units(town)) + n > STACK_LIMIT:
        b.note(f"{g.board.name(town)} would hold more than 10 units: the excess is removed at the end of the turn",
               C.POSITIONING)


def apply_land(g: Game, action: action_pb2.Action) -> None:
    land = action.major_battles.land
    area = g.board.areas[land.area]
    ids = list(land.unit_ids)
    g.mb.mp_spent += len(ids)
    g.mb.area_use[area.id] = g.mb.area_use.get(area.id, 0) + len(ids)
    g.mb.area_use = dict(sorted(g.mb.area_use.items()))
    for uid in ids:
        u = g.units[uid]
        if LANDED not in u.markers:
            u.markers.append(LANDED)  # Allied Landings ¶3: no road moves this turn
    if g.occupant(area.town) == g.red:
        for uid in ids:
            u = g.units[uid]
            u.status, u.loc = ON_MAP, area.id
        for a in g.mb.approaches:
            if a.area == area.id:
                a.unit_ids.extend(ids)
                break
        else:
            g.mb.approaches.append(Approach(area.town, "", area.id, ids, area=area.id))
        g.touch()
        g.emit("LANDING_OPPOSED", f"{len(ids)} unit(s) land through {area.name or area.id} and must fight for "
               f"{g.board.name(area.town)}", C.SICILY_LANDING, C.SICILY_LANDING_BATTLE, units=ids, frm=area.id,
               to=area.town)
        return
    g.place(ids, area.town)
    g.emit("LANDED", f"{len(ids)} unit(s) land through {area.name or area.id} into {g.board.name(area.town)} "
           f"({len(ids)} MP)", C.SICILY_LANDING, units=ids, frm=area.id, to=area.town)
