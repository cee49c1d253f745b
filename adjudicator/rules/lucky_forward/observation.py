"""Observation (8.0) as far as it is decided without tracing a line of sight.

An ordinary hex's LOS range is one hex (8.1.2): its units see only adjacent
hexes, and nothing lies between adjacent hexes to block a LOS. Only observers
in towns, cities, VPs, HVPs (and LF rough-2, LF 8.1.2d) see farther, and
whether they do needs the LOS line and the terrain on it: that is stage 2
(the answer is None, "needs LOS"). Whether a unit in sight is observed
follows its covering terrain (8.2.1-8.2.3), with night and the atmosphere
limiting the range (8.1.2b-c).
"""

from __future__ import annotations

from adjudicator.rules.lucky_forward import terrain
from adjudicator.rules.lucky_forward.model import STRAT, Model, U


def los_range(m: Model, h: int) -> int:
    """8.1.2, LF 8.1.2d: 1; town/city 2; VP 3; HVP its printed number or 4;
    rough-2 3, rough-2 + VP 5, rough-2 + HVP 6. Night/ENA 1 (8.1.2b); overcast
    at most 2, snow/storm/fog 1 (8.1.2c)."""
    f = terrain.features(m, h)
    r2 = "rough-2" in f
    if terrain.hvp(m, h):
        printed = [int(t.split(":", 1)[1]) for t in m.hm.tags[h] if t.startswith("hvp:") and t[4:].isdigit()]
        rng = 6 if r2 else (printed[0] if printed else 4)
    elif terrain.vp(m, h):
        rng = 5 if r2 else 3
    elif r2:
        rng = 3
    elif f & {"town", "city"}:
        rng = 2
    else:
        rng = 1
    if m.night:
        rng = 1
    atm = m.lf.weather.atmosphere or "clear"
    if atm == "overcast":
        rng = min(rng, 2)
    elif atm in ("storm", "snow", "fog"):
        rng = 1
    return rng


def _next_to_enemy_works(m: Model, h: int, side: str) -> bool:
    for n in m.hm.neighbours(h):
        if (set(terrain.works(m, n)) & {"ET-2", "ET-3", "fort"} or terrain.ft_area(m, n)) and any(
                x.side != side for x in m.stack(n)):
            return True
    return False


def cover(m: Model, h: int, target_side: str, observer_hex: int) -> str:
    """"open", "OCT" or "MCT" for a unit in h seen from observer_hex (8.2.0:
    the best CT in the hex; 8.1.2b: at night open counts as OCT and OCT as MCT,
    except next to enemy ETs, Ft Areas and Forts; 8.2.1: bocage and hedgerow
    count as OCT against an adjacent VP observer)."""
    c = "MCT" if terrain.mct(m, h) else "OCT" if terrain.oct(m, h) else "open"
    if c == "MCT" and terrain.features(m, h) & {"bocage", "hedgerow"} and not (
            terrain.features(m, h) & (terrain.MCT_TERRAIN - {"bocage", "hedgerow"})) and not (
            set(terrain.works(m, h)) & {"ET-3", "fort"} or terrain.ft_area(m, h)):
        if terrain.vp(m, observer_hex) and m.hm.distance(h, observer_hex) == 1:
            c = "OCT"
    if m.night and not _next_to_enemy_works(m, h, target_side):
        c = {"open": "OCT", "OCT": "MCT"}.get(c, c)
    return c


def observes(m: Model, observer: U, target: U, *, moving: bool = False) -> bool | None:
    """Whether `observer` observes `target` (8.2); None when it depends on a LOS
    line (stage 2)."""
    d = m.hm.distance(observer.hex, target.hex)
    rng = los_range(m, observer.hex)
    if d < 1 or d > rng:
        return False
    adjacent = d == 1
    if adjacent and (observer.attack_designated or target.attack_designated):
        return True  # 8.2.3 2 a-b
    c = cover(m, target.hex, target.side, observer.hex)
    high = bool(terrain.features(m, observer.hex) & {"town", "city"}) or terrain.vp(m, observer.hex)
    if target.st.mode == STRAT or c == "open":
        result = True  # 8.2.3 1: within LOS range, in open terrain or Strat
    elif c == "OCT":
        result = (adjacent and moving) or (high and (moving or target.attack_designated))  # 8.2.2
    else:
        result = high and target.attack_designated  # 8.2.1 c
    if not result:
        return False
    return True if adjacent else None  # beyond adjacent hexes the LOS line decides (stage 2)


def observed_by_any(m: Model, target: U, *, moving: bool = False) -> bool | None:
    """Observed by some enemy ground unit: True, False, or None (needs LOS)."""
    unknown = False
    for x in m.units.values():
        if not x.on_map or x.side == target.side or x.is_leader:
            continue
        if m.hm.distance(x.hex, target.hex) > 6:
            continue
        r = observes(m, x, target, moving=moving)
        if r is True:
            return True
        if r is None:
            unknown = True
    return None if unknown else False
