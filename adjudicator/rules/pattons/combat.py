"""Forming a combat (9.0-9.2, 7.2, 9.6, 13.2): who may attack which hexes,
who defends, the supports each side may announce, and who must attack
(9.0.A, 9.1.3; the obligation itself is obligation.py).

A combat is declared with `attack` (one defending hex) or `pattons.attack`
(several, 9.2): the attackers, and in `supports` the attacker's artillery
(support bonuses, 9.6) and "air" (an Air Point, 13.2). Then the defender
announces (a DEFEND decision when it has anything to choose: which regiment
defends a hex holding several (7.2.2.A), artillery support, an Air Point),
then the chits are drawn and shown (resolve.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from adjudicator.core.verdicts import VerdictBuilder
from adjudicator.rules.pattons.cite import GERMAN, P3, US, other
from adjudicator.rules.pattons.model import Game

AIR = "air"


@dataclass
class Declaration:
    side: str
    targets: list[int]
    attackers: list[str]
    support: list[str]
    air: bool
    # Per defending hex: the battalion-sized defenders (always in, 7.2.1.B) and the
    # regiments/brigades of which one defends (7.2.1.A, 7.2.2.A).
    fixed: dict[int, list[str]] = field(default_factory=dict)
    choices: dict[int, list[str]] = field(default_factory=dict)
    bystanders: list[str] = field(default_factory=list)

    @property
    def defender(self) -> str:
        return other(self.side)


def air_points(g: Game, side: str) -> int:
    return g.ext.air_points.get(side, 0)


def support_eligible(g: Game, art: str, side: str, targets: list[int], stack: list[str]) -> str:
    """Why `art` may not give `side` a support bonus in this combat ("" = it may), 9.6."""
    c = g.c(art)
    if not c.artillery or c.side != side:
        return "not a friendly artillery unit (9.6)"
    if art not in g.hex_of:
        return "not on the map"
    if g.has(art, "art-adjacent"):
        return "adjacent to the enemy at the start of the Combat Phase: it must fight with its CS (9.6.1)"
    if g.has(art, "support-used"):
        return "already gave a support bonus this Combat Phase (9.6.4.A)"
    if g.has(art, "attacked") or g.has(art, "defended"):
        return "took part in a combat this phase (9.0.B)"
    if not any(g.hm.distance(g.hex_of[art], t) <= 3 for t in targets):
        return "not within three hexes of the defending unit (9.6.2.A)"
    hexes = {g.hex_of[u] for u in stack if u in g.hex_of}
    if not any(g.c(u).corps == c.corps for h in hexes for u in g.stack(h, side)):
        return f"no unit of its corps ({c.corps or 'none'}) in the friendly stack (9.6.3)"
    if side == US and g.turn == 1 and g.sc.us_corps_oos_turn1 and c.corps == g.sc.us_corps_oos_turn1:
        return f"no {c.corps} Corps artillery support on Turn 1 (18.4.1.B)"
    if side == US and zero_support(g, art):
        return f"its corps has no Support Points left (18.3.1.B)"
    return ""


def zero_support(g: Game, uid: str) -> bool:
    """18.3.1: the unit's US corps is at 0 SP or below (AMBIG-26: 'all-next'
    waits for the next supply determination, which sets the "zero-sp" marker)."""
    c = g.c(uid)
    if c.side != US:
        return False
    if g.opts.zero_sp_timing == "all-next":
        return g.has(uid, "zero-sp")
    return c.corps in g.ext.support and g.ext.support[c.corps] <= 0


def exempt_from_attacking(g: Game, h: int, side: str) -> bool:
    """9.1.3.A, 12.2.3, 19.B: units in towns (AMBIG-11: either side) and German
    units in entrenchments or improved positions need not attack."""
    town = g.hm.terrain[h] == "town" and (side == GERMAN or g.opts.town_exemption == "both-sides")
    return town or (side == GERMAN and g.entrenched(h))


def may_attack(g: Game, uid: str) -> bool:
    """Whether `uid` could still attack this Combat Phase (9.1.4, 7.2)."""
    if uid not in g.hex_of or g.has(uid, "attacked") or g.has(uid, "sitout") or g.has(uid, "defended"):
        return False
    if g.opts.strategic_combat == "forbidden" and g.has(uid, "moved-strategic"):
        return False
    if g.c(uid).artillery and g.has(uid, "support-used"):
        return False
    return not counts_as_large(g, uid) or _slot_free(g, uid)


def obliged(g: Game, uid: str) -> bool:
    """9.0.A, 9.6.1: a unit that must attack an adjacent enemy (artillery only
    when it was adjacent at the start of the phase; otherwise it may support)."""
    return may_attack(g, uid) and (not g.c(uid).artillery or g.has(uid, "art-adjacent"))


def counts_as_large(g: Game, uid: str) -> bool:
    """A unit that takes the hex's one regiment/brigade slot (7.2.1.A, AMBIG-13)."""
    c = g.c(uid)
    if c.artillery:
        return g.opts.adjacent_artillery == "counts"
    return g.large(uid)


def _slot_free(g: Game, uid: str) -> bool:
    return g.label(g.hex_of[uid]) not in g.ext.attack_slots


def defenders_of(g: Game, h: int, side: str) -> tuple[list[str], list[str], list[str]]:
    """(battalion-sized defenders, regiment/brigade candidates, units that may not be attacked)."""
    fixed, large, out = [], [], []
    for u in sorted(g.stack(h, side)):
        if g.has(u, "sitout") or g.has(u, "defended") or g.has(u, "retreated-in"):
            out.append(u)
        elif counts_as_large(g, u):
            large.append(u)
        else:
            fixed.append(u)
    return fixed, large, out


def check(g: Game, side: str, targets: list[str], attackers: list[str], supports: list[str],
          b: VerdictBuilder) -> Declaration | None:
    """9.0-9.2, 7.2, 9.6, 13.2: may `side` declare this attack now?"""
    if g.phase != f"{side}-combat":
        b.violation("NOT_COMBAT_PHASE", f"{side} attacks in its own Combat Phase (now {g.phase})", P3.cite("4.2"))
        return None
    if g.ext.HasField("combat"):
        b.violation("COMBAT_IN_PROGRESS", "finish the combat being resolved first", P3.cite("9.0.G"))
        return None
    if not targets or len(set(targets)) != len(targets):
        b.violation("TARGETS", "name the defending hex(es), each once", P3.cite("9.2"))
        return None
    enemy = other(side)
    hexes = [g.hex(t, "action.attack.target") for t in targets]
    for t, h in zip(targets, hexes):
        if not g.stack(h, enemy):
            b.violation("NO_ENEMY", f"no enemy unit in {t}", P3.cite("9.1.1"), t)
        elif t in g.ext.attacked_hexes:
            b.violation("HEX_ALREADY_ATTACKED", f"{t} was attacked already this Combat Phase", P3.cite("9.1.4"), t)
    if not attackers or len(set(attackers)) != len(attackers):
        b.violation("ATTACKERS", "name the attacking units, each once", P3.cite("9.0.E"))
    if not b.ok:
        return None
    slots: dict[int, str] = {}
    for uid in attackers:
        c = g.counters.get(uid)
        if c is None or c.side != side:
            b.violation("NOT_YOUR_UNIT", f"{uid!r} is not a unit of {side}", P3.cite("9.0.E"), uid)
            continue
        if uid not in g.hex_of:
            b.violation("NOT_ON_MAP", f"{uid} is not on the map", P3.cite("9.0.A"), uid)
            continue
        h = g.hex_of[uid]
        far = [g.label(t) for t in hexes if g.hm.distance(h, t) != 1]
        if far:
            b.violation("NOT_ADJACENT", f"{uid} in {g.label(h)} is not adjacent to {', '.join(far)}: every "
                        "attacker must be adjacent to every defender", P3.cite("9.2.5"), uid)
            continue
        before = len(b.verdict.violations)
        if g.has(uid, "attacked"):
            b.violation("ALREADY_ATTACKED", f"{uid} has attacked already this Combat Phase", P3.cite("9.1.4"), uid)
        elif g.has(uid, "sitout"):
            b.violation("SAT_OUT", f"{uid} did not take part in its hex's combat and may not attack this phase",
                        P3.cite("7.2.2.C"), uid)
        elif g.has(uid, "defended"):
            b.violation("ALREADY_FOUGHT", f"{uid} already fought this phase", P3.cite("9.0.B"), uid)
        elif c.artillery and g.has(uid, "support-used"):
            b.violation("SUPPORT_USED", f"{uid} gave a support bonus this phase", P3.cite("9.6.4.A"), uid)
        elif g.opts.strategic_combat == "forbidden" and g.has(uid, "moved-strategic"):
            b.violation("STRATEGIC_MOVER", f"{uid} moved strategically (AMBIG-6 option 'forbidden')",
                        P3.cite("5.4.1"), uid)
        if counts_as_large(g, uid) and len(b.verdict.violations) == before:
            if g.label(h) in g.ext.attack_slots:
                b.violation("ONE_LARGE_PER_HEX", f"a regiment or brigade already attacked from {g.label(h)} this "
                            "Combat Phase", P3.cite("7.2.1.A"), uid)
            elif h in slots:
                b.violation("ONE_LARGE_PER_HEX", f"{slots[h]} and {uid} are both regiments/brigades of "
                            f"{g.label(h)}: only one may attack from a hex", P3.cite("7.2.1.A"), uid)
            slots[h] = uid
    air = AIR in supports
    art = [s for s in supports if s != AIR]
    if supports.count(AIR) > 1:
        b.violation("ONE_AIR_POINT", "at most one Air Point per side per combat", P3.cite("13.2.2"))
    if air and air_points(g, side) <= 0:
        b.violation("NO_AIR_POINT", f"{side} has no Air Point left this turn (weather {g.ext.weather or 'n/a'})",
                    P3.cite("22.1" if g.turn > 1 else "20.3.B"))
    if len(art) > 2:
        b.violation("TOO_MANY_SUPPORTS", "at most two support bonuses when an enemy stack defends", P3.cite("9.6.4.B"))
    if len(set(art)) != len(art):
        b.violation("REPEATED_SUPPORT", "an artillery unit is named twice", P3.cite("9.6.4.A"))
    for a in art:
        if a not in g.counters:
            b.violation("UNKNOWN_UNIT", f"no unit {a!r}", P3.cite("9.6"), a)
            continue
        if a in attackers:
            b.violation("SUPPORT_AND_ATTACK", f"{a} cannot both attack and support", P3.cite("9.6"), a)
            continue
        why = support_eligible(g, a, side, hexes, [u for u in attackers if u in g.counters])
        if why:
            b.violation("NO_SUPPORT", f"{a} cannot support: {why}", P3.cite("9.6"), a)
    if not b.ok:
        return None
    d = Declaration(side, hexes, list(attackers), art, air)
    for h in hexes:
        fixed, large, out = defenders_of(g, h, enemy)
        if not fixed and not large:
            b.violation("NO_DEFENDER", f"every unit in {g.label(h)} already fought or sat out this phase",
                        P3.cite("7.2.2.C"), g.label(h))
            return None
        d.fixed[h] = fixed
        d.choices[h] = large
        d.bystanders.extend(out)
    return d


def defender_art_options(g: Game, d: Declaration, defenders: list[str]) -> list[str]:
    """Artillery that may support the defence (9.6: one bonus, AMBIG-12 order)."""
    side = d.defender
    return sorted(u for u in g.on_map(side) if g.c(u).artillery and u not in defenders
                  and not support_eligible(g, u, side, d.targets, defenders))
