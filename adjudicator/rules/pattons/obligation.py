"""The obligation to attack (9.0.A, 9.1.1, 9.1.2, 9.2.1, 9.1.4; exceptions 7.2,
9.1.3, 12.2.3, 19.B) and the reading of AMBIG-14 chosen by `p3.amb14-mandatory`.

An enemy hex is *open* while it is not attacked yet, still holds a unit that
may be attacked (7.2.2.C, 9.1.4), and is next to a *coverer*: a phasing unit
that must attack (9.0.A, 9.6.1: artillery only when adjacent at the start of
the phase), could still do so (9.1.4, 7.2.1.A) and is not exempt (9.1.3.A,
12.2.3, 19.B: an exempt unit may attack, never must).

'max-cover' (the digest's default: the plan that covers the most hexes) is
exact and cheap because of 9.2.5: a coverer may attack every enemy hex next
to it in one combat, so one coverer per friendly hex can meet every open hex
next to that hex in a single declaration, and the coverers of different hexes
never compete (7.2.1.A limits one regiment/brigade per hex, battalions and the
other hexes' units stay free). Hence the most hexes any plan can still cover
is exactly the number of open hexes, and a declaration lowers that maximum
exactly when it spends the last coverer of an open hex it does not attack:
the attackers themselves (9.1.4) and the regiments/brigades of their hexes
that sit out once one of them attacks (7.2.1.A, 7.2.2.C). Only the hexes next
to the attackers can lose a coverer, so a declaration costs at most
attackers x 6 hexes x 6 neighbours x the stack, whatever the front's length
(tests/rules/pattons/test_obligation.py checks the count against an
exhaustive search over engine-legal declaration sequences).
"""

from __future__ import annotations

from adjudicator.core.verdicts import VerdictBuilder
from adjudicator.rules.pattons.cite import P3, other
from adjudicator.rules.pattons.combat import (
    Declaration, check, counts_as_large, defenders_of, exempt_from_attacking, obliged,
)
from adjudicator.rules.pattons.model import Game


def attackable(g: Game, h: int, enemy: str) -> bool:
    """An enemy hex not yet attacked this phase with a unit that may still be attacked."""
    if not g.stack(h, enemy) or g.label(h) in g.ext.attacked_hexes:
        return False
    fixed, large, _ = defenders_of(g, h, enemy)
    return bool(fixed or large)


def coverers(g: Game, h: int, side: str) -> list[str]:
    """The units of `side` next to hex `h` that must and still can attack it."""
    out: list[str] = []
    for n in g.hm.neighbours(h):
        if not exempt_from_attacking(g, n, side):
            out.extend(u for u in g.stack(n, side) if obliged(g, u))
    return sorted(out)


def open_hexes(g: Game, side: str) -> list[tuple[int, list[str]]]:
    """Every open enemy hex with its coverers ([] when the obligation is 'off')."""
    if g.opts.mandatory == "off":
        return []
    enemy = other(side)
    out = []
    for h in sorted(g.at):
        if attackable(g, h, enemy):
            who = coverers(g, h, side)
            if who:
                out.append((h, who))
    return out


def left_open(g: Game, side: str, targets: list[int], attackers: list[str]) -> list[tuple[int, list[str]]]:
    """The open hexes this declaration would leave without a coverer (so the most
    hexes a plan can cover would drop by that many), with the coverers it spends."""
    spent = set(attackers)
    slots = {g.hex_of[u] for u in attackers if u in g.hex_of and counts_as_large(g, u)}
    enemy = other(side)
    near = {n for u in attackers if u in g.hex_of for n in g.hm.neighbours(g.hex_of[u])} - set(targets)
    out = []
    for h in sorted(near):
        if not attackable(g, h, enemy):
            continue
        who: list[str] = []
        kept = False
        for n in g.hm.neighbours(h):
            if kept or exempt_from_attacking(g, n, side):
                continue
            for u in g.stack(n, side):
                if not obliged(g, u):
                    continue
                if u not in spent and not (n in slots and counts_as_large(g, u)):
                    kept = True  # a coverer left: the hex can still be attacked
                    break
                who.append(u)
        if who and not kept:
            out.append((h, sorted(who)))
    return out


def check_declaration(g: Game, side: str, targets: list[int], attackers: list[str], b: VerdictBuilder) -> None:
    """AMBIG-14 'max-cover': refuse a declaration that leaves an open hex no
    coverer (9.1.1, 9.1.2, 9.2.1 with 9.1.4 and 7.2.1.A)."""
    if g.opts.mandatory != "max-cover":
        return
    named = ", ".join(g.label(t) for t in targets)
    for h, who in left_open(g, side, targets, attackers):
        label = g.label(h)
        b.violation("MANDATORY_ATTACK", f"attacking {named} with {', '.join(attackers)} would leave {label} "
                    f"unattacked: {_only(who)} that must attack it and still can, and no unit attacks twice (9.1.4) nor a second regiment/brigade from "
                    f"the same hex (7.2.1.A); attack {label} in the same combat (9.2.5) or with other units "
                    "(9.1.1, 9.1.2; AMBIG-14 'max-cover')", P3.cite("9.2.1"), label)


def _only(who: list[str]) -> str:
    return f"{who[0]} is the only unit" if len(who) == 1 else f"{', '.join(who)} are the only units"


def check_attack(g: Game, side: str, targets: list[str], attackers: list[str], supports: list[str],
                 b: VerdictBuilder) -> Declaration | None:
    """May `side` declare this attack now: forming the combat (combat.check), then the obligation."""
    d = check(g, side, targets, attackers, supports, b)
    if d is None:
        return None
    check_declaration(g, side, d.targets, d.attackers, b)
    return d if b.ok else None


def check_end(g: Game, side: str, b: VerdictBuilder) -> None:
    """9.1.1: the Combat Phase ends only when no open hex is left (both readings)."""
    for h, who in open_hexes(g, side):
        b.violation("MANDATORY_ATTACK", f"{g.label(h)} must be attacked: {who[0]} is adjacent and has not attacked",
                    P3.cite("9.1.1"), g.label(h))
