"""Advance after a GA (13.12): which participants may advance, how far, and
along which hexes."""

from __future__ import annotations

from adjudicator.rules.lucky_forward import stacking, terrain
from adjudicator.rules.lucky_forward.costs import entry_allowed, halts
from adjudicator.rules.lucky_forward.ga_results import units
from adjudicator.rules.lucky_forward.model import MECH, PA, Model, U


def distance(m: Model, u: U) -> int:
    """13.12.3: Tac and Exploit 1, PA Leg 2, PA Mech 4; mud 1 (19.4.3), night/ENA
    1 (13.12.5c); Mech units of a no-fuel formation none, low fuel 1 (13.12.5d);
    LF deep mud 1 (LF 19.4.3b). Leader bonuses (23.2.1f) are stage 4."""
    if u.st.mode == PA:
        n = 4 if u.movement_class == MECH else 2
    else:
        n = 1
    if u.st.dismounted and u.has("anti-tank"):
        n = 1  # 7.12.4b
    ground = m.lf.weather.ground or "dry"
    if ground in ("mud", "deep-mud") or m.night:
        n = min(n, 1)
    if u.movement_class == MECH:
        fuel = m.fuel_state(u)
        if fuel == "no":
            return 0
        if fuel == "low":
            n = min(n, 1)
    return n


def _retreat_routes(m: Model) -> list[list[int]]:
    out = []
    for p in m.lf.ga.defender.retreat_paths:
        body = p.split("|")[0]
        if ">" in body:
            out.append([m.hex_id(x) for x in body.split(">")[1:]])
    return out


def paths_for(m: Model, u: U) -> list[list[int]]:
    ga = m.lf.ga
    start = m.hex_id(ga.hex)
    n = distance(m, u)
    if n <= 0:
        return []
    routes = _retreat_routes(m)
    eliminated_first = not routes
    unresolved = ga.defender.mandatory + ga.defender.discretionary
    if eliminated_first:
        n = min(n, max(1, unresolved))  # 13.12.3: no more than the unresolved hits
    out: list[list[int]] = [[start]]
    frontier = [[start]]
    while frontier:
        path = frontier.pop()
        if len(path) >= n or _stops(m, u, path):
            continue
        h = path[-1]
        nexts: list[int] = []
        for r in routes:
            idx = len(path) - 1
            if idx < len(r) and (idx == 0 or r[idx - 1] == h):
                nexts.append(r[idx])
        if u.movement_class == MECH or eliminated_first:
            for t in m.hm.neighbours(h):
                if eliminated_first or terrain.road(m, h, t) or terrain.terrains(m, t) == ["clear"]:
                    nexts.append(t)
        for t in sorted(set(nexts)):
            if t in path or any(x.side != u.side for x in m.stack(t)):
                continue
            if not (terrain.road(m, h, t) or entry_allowed(m, u, t)):
                continue
            p2 = path + [t]
            out.append(p2)
            frontier.append(p2)
    return out


def _stops(m: Model, u: U, path: list[int]) -> bool:
    """13.12.5: the advance stops next to an ET, Fort or enemy intact Ft Area
    (13.12.5a), in the Mech stop terrain off a road, after a Leg unit crosses
    a river without an intact bridge; halts apply from the defender's hex on."""
    h = path[-1]
    prev = path[-2] if len(path) > 1 else u.hex
    for n in m.hm.neighbours(h):
        kinds = set(terrain.works(m, n))
        if kinds & {"ET-2", "ET-3", "fort"} or (terrain.ft_area(m, n) and any(x.side != u.side for x in m.stack(n))):
            return True
    if u.movement_class == MECH and terrain.mech_stop(m, h) and not terrain.road(m, prev, h):
        return True
    if u.movement_class != MECH and terrain.river(m, prev, h) and not terrain.bridged(m, prev, h):
        return True
    return bool(halts(m, u, h))


def candidates(m: Model) -> list[U]:
    ga = m.lf.ga
    h = m.hex_id(ga.hex)
    if any(x.side != ga.attacker.side and not x.is_leader for x in m.stack(h)):
        return []
    # 13.12.1: participating units still next to the hex (not those that retreated away)
    return [u for u in units(m, list(ga.attacker.units)) if u.id not in ga.attacker.standoff
            and u.id not in ga.attacker.retreat_done and m.hm.distance(u.hex, h) == 1]


def options(m: Model) -> list[tuple[str, str]]:
    out = []
    for u in candidates(m):
        for p in paths_for(m, u):
            out.append((f"{u.id}@{'>'.join(m.label(x) for x in p)}",
                        f"{u.d.name or u.id} advances {' -> '.join(m.label(x) for x in p)}"))
    return out[:200]


def check(m: Model, choices: list[str]) -> str | None:
    seen = set()
    ends: dict[int, list[U]] = {}
    for c in choices:
        uid = c.split("@")[0]
        if uid in seen:
            return f"{uid} advances along one path only"
        seen.add(uid)
        end = m.hex_id(c.split("@")[1].split(">")[-1])
        ends.setdefault(end, []).append(m.units[uid])
    for h, us in ends.items():
        if not stacking.hex_fits(m, h, extra=[u for u in us if u.hex != h], without=[u.id for u in us]):
            return f"the units advancing to {m.label(h)} would break its stacking limit (13.12.2)"
    return None


def apply(m: Model, choices: list[str]) -> None:
    for c in choices:
        uid, _, body = c.partition("@")
        u = m.units[uid]
        path = body.split(">")
        frm = m.label(u.hex)
        m.place(u, m.hex_id(path[-1]))
        m.emit("ADVANCE", f"{u.d.name or u.id} advances {frm} -> {' -> '.join(path)}", ["13.12.0"], units=[uid],
               frm=frm, to=path[-1])
