"""What entering a hex costs and what stops a move, without the missing TEC
where the text decides it (costs are in half MP: GOSS roads cost 1/2 MP).

* Terrain and hexside costs come from the Movement TEC (MISSING: an unknown
  cell raises NeedsData naming it; the worked examples give forest 2 Leg / 4
  Mech and a stream +1 Leg). The most expensive hex and hexside terrain
  counts (7.2.0).
* The text's own costs: Leg units 1 MP along any road (7.6.2), +1 at a ford,
  nothing at a bridge; Mech road movement 1/2 primary, 1 secondary (LF
  19.4.3b), 1.5 trail (7.10.3 example), 1.5 a clear hex in dry weather
  (7.10.0); entering a hex adjacent to an enemy +1 Leg / +2 Mech (7.8.0);
  night +1 per hex (7.6.1f); constricted terrain +1 Leg to enter and to exit,
  a Mech unit's entire MA (7.11.3); +2 for a Mech unit entering its own intact
  Ft Area off Mech road movement (7.9.1a).
* Movement halts (7.7): the text's conditions, demonstrated by the engine.
"""

from __future__ import annotations

from dataclasses import dataclass

from adjudicator.core.errors import NeedsData
from adjudicator.rules.lucky_forward import terrain
from adjudicator.rules.lucky_forward.cite import other
from adjudicator.rules.lucky_forward.model import MECH, Model, U

ROAD_HALF_MP = {"primary": 1, "secondary": 2, "trail": 3, "railroad": 3}  # LF 19.4.3b, 7.10.3 example, 26.0
ROAD_CASE = {"primary": "LF 19.4.3b", "secondary": "LF 19.4.3b", "trail": "7.10.3", "railroad": "26.0"}
CLEAR_AS_ROAD = 3  # 7.10.0 c: 1.5 MP


def half(value: str) -> int | None:
    """'2' -> 4 half MP; 'P' (prohibited) -> None."""
    v = value.strip().lstrip("+")
    if v.upper() == "P":
        return None
    return round(float(v) * 2)


@dataclass
class Part:
    half_mp: int
    text: str
    case: str


def cls_column(u: U) -> str:
    return "Mech" if u.movement_class == MECH else "Leg"


def tec(m: Model, row: str, col: str, reason: str) -> int | None:
    cell = m.table("lucky-forward/tec").lookup(row, col, reason=reason)
    return half(cell.value)


def entry_allowed(m: Model, u: U, h: int) -> bool:
    """May the unit's class enter every terrain of the hex (the text-derived
    entry table; an unknown cell asks for it)."""
    col = cls_column(u)
    t = m.table("lucky-forward/entry")
    for row in terrain.terrains(m, h):
        if row not in t._row_index:
            continue
        cell = t.lookup(row, col, reason=f"may {col} units enter {row} ({m.label(h)})?")
        if cell.value.strip().lower() == "no":
            return False
    return True


def hex_cost(m: Model, u: U, h: int) -> tuple[int | None, Part]:
    """The most expensive terrain of the hex for the unit's class (7.2.0)."""
    col = cls_column(u)
    worst: int | None = 0
    name = ""
    for row in terrain.terrains(m, h):
        c = tec(m, row, col, f"{col} unit entering {row} at {m.label(h)}")
        if c is None:
            return None, Part(0, f"{row}: prohibited to {col} units", "7.2.0")
        if worst is not None and c >= worst:
            worst, name = c, row
    return worst, Part(worst or 0, f"{name} ({col})", "7.2.0")


def hexside_cost(m: Model, u: U, a: int, b: int, along_road: bool) -> tuple[int | None, list[Part]]:
    """The watercourse crossed, if any (7.2.0, 7.6.2, 7.10.2, 7.11.0)."""
    f = terrain.side(m, a, b)
    water = terrain.river(m, a, b) or ("stream" if "stream" in f else "")
    if not water:
        return 0, []
    col = cls_column(u)
    leg = u.movement_class != MECH
    if terrain.bridged(m, a, b):
        if leg and along_road:
            return 0, [Part(0, f"bridge over the {water}", "7.6.2")]
        if not leg and along_road:
            return 0, [Part(0, f"bridge over the {water}", "7.10.2")]
        if not leg:
            c = tec(m, "ford", col, "a bridge used off Mech road movement costs as a ford (7.11.0)")
            return c, [Part(c or 0, f"bridge used as a ford ({water})", "7.11.0")]
    if terrain.ford(m, a, b):
        if leg:
            return 2, [Part(2, f"ford over the {water}", "7.6.2")]
        c = tec(m, "ford", col, f"a Mech unit crossing the {water} at a ford")
        return c, [Part(c or 0, f"ford over the {water}", "7.10.2")]
    if water in terrain.RIVERS and not leg:
        return None, [Part(0, f"a Mech unit crosses a {water} only at a ford or bridge", "7.11.0")]
    if water in ("major river", "great river"):
        return None, [Part(0, f"Leg units cross a {water} only by bridge or Eng ferry (17.2: stage 4)", "7.11.0")]
    c = tec(m, water, col, f"{col} unit crossing a {water} hexside")
    return c, [Part(c or 0, f"{water} hexside ({col})", "7.2.0")]


def adjacency(m: Model, u: U, t: int, exploit: bool) -> Part | None:
    """7.8.0: entering a hex adjacent to at least one enemy unit costs +1 Leg
    / +2 Mech, except: in an Exploit Phase into MCT (a); into MCT with only
    pure AFVs adjacent and no road to them (b); a CDO into MCT (c)."""
    if not m.enemy_adjacent(u.side)[t]:
        return None
    mct = terrain.mct(m, t)
    if mct and exploit:
        return Part(0, "adjacent to an enemy unit, MCT in an Exploit Phase: no extra MP", "7.8.0 a")
    if mct and u.has("commando"):
        return Part(0, "a CDO entering MCT next to the enemy: no extra MP", "7.8.0 c")
    enemies = m.adjacent_enemies(u.side, t)
    if mct and enemies and all(e.pure_afv for e in enemies) and not any(
            terrain.road(m, t, e.hex) for e in enemies):
        return Part(0, "only pure AFVs adjacent, MCT, no road to them: no extra MP", "7.8.0 b")
    cost = 4 if u.movement_class == MECH else 2
    return Part(cost, f"adjacent to an enemy unit: +{cost // 2} MP", "7.8.0")


def halts(m: Model, u: U, t: int) -> list[tuple[str, str]]:
    """The movement halts (7.7) entering hex t demonstrates, with their cases."""
    out: list[tuple[str, str]] = []
    enemy = other(u.side)
    mct = terrain.mct(m, t)
    nbrs = m.hm.neighbours(t)
    if not mct:
        # 7.7.1: next to >= 2 steps of non-Art non-HQ enemy units and in range of non-AD red-hexagon enemy Art.
        near = [x for n in nbrs for x in m.stack(n) if x.side == enemy]
        steps = sum(x.steps_left for x in near if not x.is_art and not x.is_hq and not x.is_leader)
        if steps >= 2:
            for a in m.side_units(enemy):
                if a.is_art and a.c.red_hexagon and not a.st.ammo_depleted and not a.has("flak"):
                    rng = int(m.value(a, "range", f"the range of {a.id} (7.7.1)"))
                    if m.hm.distance(a.hex, t) <= rng:
                        out.append((f"next to enemy steps and within range of {a.d.name or a.id}", "7.7.1"))
                        break
        # 7.7.2: next to an enemy heavy AT or Flak unit with a red hexagon.
        for x in near:
            if x.c.red_hexagon and (x.has("anti-tank") or x.has("flak")) and not x.is_art:
                out.append((f"next to enemy heavy AT/Flak {x.d.name or x.id}", "7.7.2"))
                break
    # 7.7.3: next to an enemy unit in an ET, Fort or Ft Area (not IP); a Fort halts even empty.
    for n in nbrs:
        kinds = set(terrain.works(m, n))
        held = any(x.side == enemy for x in m.stack(n))
        if "fort" in kinds and any(w.side == enemy for w in m.works.get(n, ())):
            out.append((f"next to the enemy Fort in {m.label(n)}", "7.7.3"))
            break
        if held and (kinds & {"ET-2", "ET-3"} or terrain.ft_area(m, n)):
            out.append((f"next to enemy units in an ET / Ft Area ({m.label(n)})", "7.7.3"))
            break
    # 7.13.2: an enemy delay marker in the hex.
    for mk in m.lf.delays:
        if mk.side == enemy and m.hm.find(mk.hex) == t:
            out.append((f"enemy delay marker in {m.label(t)}", "7.13.2"))
    return out


def strongpoints(m: Model, side: str) -> list[int]:
    """7.9.0: enemy-occupied intact ET-3 and Ft Area hexes (at least one step
    of non-HQ, non-Art units), and Forts (occupied or not)."""
    enemy = other(side)
    out = []
    for h in set(m.works) | set(ft_areas(m)):
        kinds = set(terrain.works(m, h))
        if "fort" in kinds and any(w.side == enemy for w in m.works.get(h, ())):
            out.append(h)
            continue
        held = any(x.side == enemy and not x.is_hq and not x.is_art and not x.is_leader for x in m.stack(h))
        if held and ("ET-3" in kinds or terrain.ft_area(m, h)):
            out.append(h)
    return out


def ft_areas(m: Model) -> list[int]:
    """The map's Ft Area hexes (memoized with the compiled map)."""
    key = ("lucky-forward", "ft-areas")
    got = m.hm.derived.get(key)
    if got is None:
        got = [h for h in range(m.hm.n) if terrain.ft_area(m, h)]
        m.hm.derived[key] = got
    return got  # type: ignore[return-value]


def need_cells(e: NeedsData) -> list[str]:
    return [f"{c.table_id}:{c.column}:{c.row}" for c in e.cells]
