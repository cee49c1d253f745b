"""Retreats (11.6.3, 13.11) and advances (11.7.0, 13.12): where a stack may go,
the retreat priorities, and what a retreat costs on the way.

A retreat is not movement (13.11.0): no MP, no halts. A stack retreats
together, never into enemy units or terrain prohibited to it (a hex entered
only by road needs the road), Mech units not across an unbridged river except
at a ford, Leg units not across major or great rivers (11.6.3, 13.11.0). Among
the legal hexes the owner follows the priorities in order (11.6.3a, 13.11.0):
not next to an enemy unit, closer to the unit's superior HQ, covering
terrain, along a road, not into an overstack; each criterion that more than
one hex meets narrows the choice; ties left after all five are the owner's.
For a GA retreat of several hexes the criteria apply hex by hex, each hex
farther from the start, never re-entering one (13.11.0); a retreat may not be
cut short while a longer one exists (13.10.4a).
"""

from __future__ import annotations

from collections.abc import Sequence

from adjudicator.core.retreat import RetreatRules, retreat_paths
from adjudicator.rules.lucky_forward import stacking, terrain
from adjudicator.rules.lucky_forward.costs import entry_allowed
from adjudicator.rules.lucky_forward.model import MECH, STRAT, Model, U

GUNS_THAT_RETREAT = ("75", "105", "150", "155", "25lb")  # 11.6.3e, 13.11.4


def art_cannot_retreat(u: U) -> bool:
    """11.6.3e, 13.11.4: IB horse-drawn and static Art, and IB towed Art other
    than 75mm, 105mm/105H, 150mm/155H and 25lb, cannot retreat."""
    if not u.is_art or not u.in_battery or u.c.self_propelled:
        return False
    if u.c.horse_drawn or u.c.movement_class == 3:
        return True
    gun = u.c.gun.replace(" ", "").lower()
    return not any(g in gun for g in GUNS_THAT_RETREAT)


def can_enter(m: Model, units: Sequence[U], h: int, t: int) -> bool:
    side = units[0].side
    if any(x.side != side for x in m.stack(t)):
        return False
    along = bool(terrain.road(m, h, t))
    for u in units:
        if u.is_leader:
            continue
        if not along and not entry_allowed(m, u, t):
            return False
        river = terrain.river(m, h, t)
        bridged = terrain.bridged(m, h, t)
        if river and u.movement_class == MECH and not (bridged or terrain.ford(m, h, t)):
            return False
        if river in ("major river", "great river") and u.movement_class != MECH and not bridged:
            return False
        if u.st.mode == STRAT and not (along or _clear_dry(m, t)):
            return False  # 5.5.6: Strat units retreat along roads (clear hexes in dry weather)
    return True


def _clear_dry(m: Model, h: int) -> bool:
    return (m.lf.weather.ground or "dry") == "dry" and terrain.terrains(m, h) == ["clear"]


def _key(m: Model, units: Sequence[U], frm: int, t: int) -> tuple[int, int, int, int, int]:
    side = units[0].side
    adj = 1 if m.enemy_adjacent(side)[t] else 0
    hqs = [m.hq_unit_hex(u.hq) for u in units if not u.is_leader]
    dist = min((m.hm.distance(t, h) for h in hqs if h >= 0), default=0)
    ct = 0 if terrain.covering(m, t) else 1
    road = 0 if terrain.road(m, frm, t) else 1
    over = 0 if stacking.hex_fits(m, t, extra=[u for u in units if u.hex != t]) else 1
    return adj, dist, ct, road, over


def one_hex(m: Model, units: Sequence[U]) -> list[int]:
    """The hexes an FS retreat (exactly one hex, 11.6.3) may go to: the legal
    ones that best meet the priorities."""
    h = units[0].hex
    legal = [t for t in m.hm.neighbours(h) if can_enter(m, units, h, t)]
    if not legal:
        return []
    keys = {t: _key(m, units, h, t) for t in legal}
    best = min(keys.values())
    return sorted((t for t in legal if keys[t] == best), key=lambda x: m.label(x))


def ga_paths(m: Model, units: Sequence[U], length: int) -> list[tuple[int, ...]]:
    """GA retreat paths (13.11.0): the longest achievable up to `length`, each
    hex farther from the start, never re-entered; Mech units stop in the first
    woods/forest/marsh/... hex not entered by road (13.11.1 b), Leg units after
    crossing an unbridged river (13.11.0); then the priorities, hex by hex."""
    start = units[0].hex
    mech = any(u.movement_class == MECH for u in units)
    enterable = bytearray(m.hm.n)
    for t in range(m.hm.n):
        enterable[t] = 0 if any(x.side != units[0].side for x in m.stack(t)) else 1
    dist0 = m.hm.distance

    def side_open_at(step: int, e: int) -> bool:
        return True

    rules = RetreatRules(enterable=enterable, side_open_at=side_open_at)
    best: list[tuple[int, ...]] = []
    for n in range(length, 0, -1):
        raw = retreat_paths(m.hm, start, n, rules)
        ok = []
        for p in raw:
            hexes = list(p.hexes)
            prev = start
            good = True
            for i, t in enumerate(hexes):
                if dist0(start, t) <= dist0(start, prev) and i > 0 or dist0(start, t) < 1:
                    good = False
                    break
                if not can_enter(m, units, prev, t):
                    good = False
                    break
                last = i == len(hexes) - 1
                along = bool(terrain.road(m, prev, t))
                stop_mech = mech and terrain.mech_stop(m, t) and not along
                stop_leg = (not mech and terrain.river(m, prev, t) and not terrain.bridged(m, prev, t)
                            and not terrain.ford(m, prev, t))
                if (stop_mech or stop_leg) and not last:
                    good = False
                    break
                prev = t
            if good:
                ok.append(tuple(hexes))
        if ok:
            best = ok
            break
    if not best:
        return []
    keyed = {p: tuple(x for i, t in enumerate(p) for x in _key(m, units, p[i - 1] if i else start, t)) for p in best}
    top = min(keyed.values())
    return sorted((p for p in best if keyed[p] == top), key=lambda p: [m.label(x) for x in p])


def adjacent_loss_due(m: Model, units: Sequence[U], t: int) -> bool:
    """11.6.3d / 13.11.3: entering a non-MCT hex next to an enemy unit costs
    the retreating stack a step, unless those enemies are all HQs, OoB Art,
    Z-steps or AS-marked units."""
    if terrain.mct(m, t):
        return False
    enemies = m.adjacent_enemies(units[0].side, t)
    live = [e for e in enemies if not (e.is_hq or e.is_leader or (e.is_art and not e.in_battery) or e.is_z
                                       or e.st.artillery_shifts)]
    return bool(live)
