"""PA movement (5.2.3) and IB towed Art's one-hex movement (5.6.1): moves
that count hexes, not MP."""

from __future__ import annotations

from typing import TYPE_CHECKING

from adjudicator.core.verdicts import VerdictBuilder
from adjudicator.rules.lucky_forward import terrain
from adjudicator.rules.lucky_forward.cite import GOSS
from adjudicator.rules.lucky_forward.costs import Part, entry_allowed, halts, strongpoints
from adjudicator.rules.lucky_forward.model import Model, U

if TYPE_CHECKING:
    from adjudicator.rules.lucky_forward.movement import Plan

PS = ("primary", "secondary")


def pairs(p: Plan) -> list[tuple[int, int]]:
    out = []
    h = p.start
    for t in p.path:
        out.append((h, t))
        h = t
    return out


def ib_one_hex(m: Model, p: Plan, h: int, t: int) -> tuple[str, str, str] | None:
    """5.6.1: IB towed Art moves one hex only (German <= 150mm incl. NW, others
    <= 155mm, British <= 25lb; not 'G' nor mixed Art Bn.s), never across a
    stream or ford, never into constricted terrain or next to the enemy unless
    it started next to one and has no other hex."""
    u = p.lead
    if u.c.self_propelled:
        return None
    gun = u.c.gun.replace(" ", "")
    limit = 150 if u.side == "axis" else 155
    size = _mm(gun)
    ok = not gun.upper().endswith("G") and not u.c.mixed_artillery and (
        ("lb" in gun and size <= 25) or (size and "lb" not in gun and size <= limit) or u.c.nebelwerfer)
    if not ok or len(p.path) != 1:
        return ("IB_ART", "IB towed Art moves only by IB one-hex movement (German 150mm and less, others 155mm and "
                "less, British 25lb and less; not 'G' or mixed Art Bn.s), one hex", "5.6.1")
    f = terrain.side(m, h, t)
    if "stream" in f or "ford" in f:
        return ("IB_ART", "IB one-hex movement does not cross a stream or use a ford", "5.6.1")
    if terrain.constricted(m, t):
        return ("IB_ART", "IB one-hex movement never enters constricted terrain", "5.6.1")
    adj = m.enemy_adjacent(u.side)
    if adj[t] and not (adj[h] and all(adj[x] for x in m.hm.neighbours(h) if not m.stack(x) or
                                      all(y.side == u.side for y in m.stack(x)))):
        return ("IB_ART", "IB one-hex movement does not move next to the enemy", "5.6.1")
    return None


def _mm(gun: str) -> int:
    digits = "".join(ch for ch in gun if ch.isdigit())
    return int(digits) if digits else 0


def check_pa(m: Model, p: Plan, b: VerdictBuilder) -> None:
    """5.2.3: PA movement counts hexes: Leg 1 (Leg CDO 2 but in mud or at
    night), Mech 2 by day, 1 at night, in mud (unless entirely along
    primary/secondary roads) or with a low/no-fuel formation; halts on moving
    next to an enemy unit; Mech units halt entering woods etc. off a road."""
    u = p.lead
    limit = pa_limit(m, u, p)
    if len(p.path) > limit:
        b.violation("PA_HEXES", f"{u.d.name or u.id} PA-moves at most {limit} hex(es) now", GOSS.cite("5.2.3"))
        return
    adj = m.enemy_adjacent(u.side)
    sp = set(strongpoints(m, u.side))
    h = p.start
    for i, t in enumerate(p.path):
        if t not in m.hm.neighbours(h) or any(x.side != u.side for x in m.stack(t)):
            b.violation("PA_STEP", f"{m.label(t)} is not an adjacent hex free of enemy units", GOSS.cite("5.2.3"))
            return
        if p.stop_at >= 0:
            b.violation("HALTED", f"the PA move halted in {m.label(h)}", GOSS.cite("5.2.3"))
            return
        if not entry_allowed(m, u, t):
            b.violation("PROHIBITED", f"{m.label(t)} is prohibited terrain", GOSS.cite("5.2.3"))
            return
        f = terrain.side(m, h, t)
        if u.mech and terrain.river(m, h, t) and not (terrain.bridged(m, h, t) or terrain.ford(m, h, t)):
            b.violation("HEXSIDE", "a Mech unit crosses a river only at a ford or bridge", GOSS.cite("7.11.0"))
            return
        if not u.mech and {"major river", "great river"} & f and not terrain.bridged(m, h, t):
            b.violation("HEXSIDE", "Leg units cross a major river only by bridge or ferry", GOSS.cite("7.11.0"))
            return
        if any(n in sp for n in m.hm.neighbours(h)) and any(n in sp and n in m.hm.neighbours(h)
                                                            for n in m.hm.neighbours(t)):
            b.violation("STRONGPOINT", "both hexes are next to the same enemy ET-3 / Fort / Ft Area",
                        GOSS.cite("7.9.0"))
            return
        stops = []
        if adj[t]:
            stops.append(("moved next to an enemy unit", "5.2.3"))
        if u.mech and terrain.mech_stop(m, t) and not terrain.road(m, h, t):
            stops.append(("a Mech unit entering woods/forest/marsh/... off a road", "5.2.3"))
        stops.extend(halts(m, u, t))
        p.steps.append((t, i + 1, [Part(0, "PA movement (hexes)", "5.2.3")]))
        if stops:
            p.stop_at = i
            for text, case in stops:
                b.note(f"halts in {m.label(t)}: {text}", GOSS.cite(case))
        h = t


def pa_limit(m: Model, u: U, p: Plan | None = None) -> int:
    ground = m.lf.weather.ground or "dry"
    if ground == "deep-mud":
        return 1  # LF 19.4.3b
    if not u.mech:
        return 2 if u.has("commando") and ground != "mud" and not m.night else 1
    along_ps = p is not None and all(set(terrain.road(m, a, t)) & set(PS) for a, t in pairs(p))
    if m.night or (ground == "mud" and not along_ps) or m.fuel_state(u) != "normal":
        return 1
    return 2


def pa_reach(m: Model, u: U) -> set[int]:
    """Hexes a PA move could reach (5.2.1 g), ignoring halts beyond the first step."""
    out: set[int] = set()
    frontier = {u.hex}
    for _ in range(pa_limit(m, u)):
        nxt = set()
        for h in frontier:
            for t in m.hm.neighbours(h):
                if t not in out and not any(x.side != u.side for x in m.stack(t)):
                    nxt.add(t)
        out |= nxt
        frontier = {t for t in nxt if not m.enemy_adjacent(u.side)[t]}
    return out
