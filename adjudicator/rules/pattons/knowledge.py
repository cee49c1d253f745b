"""What a side may know of strength chits, and the distribution of combat
totals over the chits it cannot see (docs/rules/pattons-3rd-army.md,
"Knowledge model").

A side always knows its own units' chits (8.4.2.A) and, while a combat's
chits are shown, those of the committed enemy units (8.4.2.B). It may keep no
record of an enemy chit once hidden again (8.4.2.D), so everything else it
knows is public: the printed chit mix, how many chits each pool holds, which
units have been tried, which have lost a step, which are cadres. From that:

* the *candidates* of a pool are its printed chits minus those the side
  sees (its own units' and the shown ones);
* an untried unit draws from the pool: uniformly among the candidates, or the
  imaginary chit of 24.2 once the pool's public count is used up;
* a tried enemy unit hidden again holds the imaginary chit with the public
  share of imaginary chits among the enemy's hidden tried units of that
  morale, otherwise a candidate, uniformly, restricted to three-step chits
  when it has visibly lost a step (9.8.2.A);
* the units of one combat take distinct chits: they are drawn in turn without
  replacement (held chits first, then the draws in the order the server
  draws them: attackers, then defenders).

Only fields present in the side's view are read, so the same answer comes
out on the full state and on the view, and the true chit is never used for
a hidden unit.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from adjudicator.rules.pattons import chits
from adjudicator.rules.pattons.model import ON_MAP, Game
from umpire.v1 import state_pb2, pattons_pb2

Totals = tuple[int, int, int]  # (attack, attack of out-of-supply units halved as a stack, defence)
Values = tuple[int, int, int, int, int, int]  # front A B C, back A B C


def shown(g: Game) -> set[str]:
    """Units whose chits the combat in progress shows to both sides (8.4.2.B)."""
    if not g.ext.HasField("combat") or g.ext.combat.stage != "revealed":
        return set()
    return set(g.ext.combat.attackers) | set(g.ext.combat.defenders)


def known_chit(g: Game, uid: str, viewer: str) -> pattons_pb2.PattonsHeld | None:
    """The chit `viewer` sees under `uid`, or None (none yet, or hidden from it)."""
    if not viewer or g.side_of(uid) == viewer or uid in shown(g):
        return g.held(uid)
    return None


def known_cs(g: Game, uid: str, viewer: str) -> int | None:
    """The unit's current CS as `viewer` knows it (printed, cadre or a seen chit), else None."""
    c = g.c(uid)
    if not c.uses_chit:
        return c.cs
    if g.cadre(uid):
        return c.cadre_cs
    held = known_chit(g, uid, viewer)
    if held is None:
        return None
    return chits.value(chits.definition(g, held), c.cls, chits.reduced(g, uid))


@dataclass(frozen=True)
class Slot:
    """A unit of the combat whose chit `viewer` does not know."""

    uid: str
    morale: int
    cls: str
    draws: bool  # untried: draws now; else a tried unit hidden from the viewer
    reduced: bool  # shows its back (it visibly lost a step)
    term: Callable[[int], Totals]  # CS -> its contribution to the totals


def _values(d: pattons_pb2.PattonsChitDef) -> Values:
    return (d.front_a, d.front_b, d.front_c, d.back_a, d.back_b, d.back_c)


def _cs(v: Values, cls: str, reduced: bool) -> int:
    i = "ABC".index(cls) + (3 if reduced else 0)
    return v[i]


@dataclass(frozen=True)
class PoolKnowledge:
    types: tuple[Values, ...]
    counts: tuple[int, ...]
    pool_count: int  # public: chits in the pool now
    imaginary_share: Fraction  # of a hidden tried enemy unit
    imaginary: Values


def pool_knowledge(g: Game, viewer: str, morale: int) -> PoolKnowledge:
    seen: set[str] = set()
    for x in g.ext.held:
        if x.morale == morale and x.chit != chits.IMAGINARY_CHIT and known_chit(g, x.unit_id, viewer) is not None:
            seen.add(x.chit)
    counts: dict[Values, int] = {}
    for d in g.sc.chits:
        if d.morale == morale and d.id not in seen:
            v = _values(d)
            counts[v] = counts.get(v, 0) + 1
    p = chits.pool(g, morale) if any(x.morale == morale for x in g.ext.pools) else None
    pool_count = p.count if p is not None else 0
    manifest = sum(1 for d in g.sc.chits if d.morale == morale)
    hidden = [u for u, us in g.units.items()
              if us.status == ON_MAP and g.c(u).uses_chit and g.c(u).morale == morale and g.tried(u)
              and not g.cadre(u) and known_chit(g, u, viewer) is None]
    hidden_real = max(0, (manifest - pool_count) - len(seen))
    share = Fraction(max(0, len(hidden) - hidden_real), len(hidden)) if hidden else Fraction(0)
    types = tuple(sorted(counts))
    return PoolKnowledge(types, tuple(counts[t] for t in types), pool_count, share,
                         _values(chits.imaginary(g, morale)))


def _add(dist: dict[Totals, Fraction], t: Totals, p: Fraction) -> None:
    dist[t] = dist.get(t, Fraction(0)) + p


def pool_distribution(k: PoolKnowledge, slots: Sequence[Slot]) -> dict[Totals, Fraction]:
    """The distribution of the slots' summed contributions (see module doc)."""
    order = [s for s in slots if not s.draws] + [s for s in slots if s.draws]

    @lru_cache(maxsize=None)
    def go(i: int, counts: tuple[int, ...], drawn: int) -> tuple[tuple[Totals, Fraction], ...]:
        if i == len(order):
            return (((0, 0, 0), Fraction(1)),)
        s = order[i]
        out: dict[Totals, Fraction] = {}

        def branch(v: Values, p: Fraction, new_counts: tuple[int, ...], new_drawn: int) -> None:
            a, o, d = s.term(_cs(v, s.cls, s.reduced))
            for (ra, ro, rd), q in go(i + 1, new_counts, new_drawn):
                _add(out, (a + ra, o + ro, d + rd), p * q)

        if s.draws:
            total = sum(counts)
            if drawn >= k.pool_count or total == 0:
                branch(k.imaginary, Fraction(1), counts, drawn)
            else:
                for j, n in enumerate(counts):
                    if n:
                        branch(k.types[j], Fraction(n, total), counts[:j] + (n - 1,) + counts[j + 1:], drawn + 1)
            return tuple(out.items())
        allowed = [j for j, n in enumerate(counts)
                   if n and (not s.reduced or _cs(k.types[j], s.cls, False) >= 3)]
        imag_ok = not s.reduced or _cs(k.imaginary, s.cls, False) >= 3
        p_imag = k.imaginary_share if imag_ok else Fraction(0)
        if not allowed:
            p_imag = Fraction(1)
        if p_imag:
            branch(k.imaginary, p_imag, counts, drawn)
        rest = Fraction(1) - p_imag
        total = sum(counts[j] for j in allowed)
        if rest and total:
            for j in allowed:
                branch(k.types[j], rest * Fraction(counts[j], total),
                       counts[:j] + (counts[j] - 1,) + counts[j + 1:], drawn)
        return tuple(out.items())

    return dict(go(0, k.counts, 0))


def totals_distribution(g: Game, viewer: str, known: Totals, slots: Sequence[Slot]) -> dict[Totals, Fraction]:
    """The totals with their probabilities: the known part plus every pool's
    slots (pools are independent of each other)."""
    dist: dict[Totals, Fraction] = {known: Fraction(1)}
    for m in (1, 2, 3):
        mine = [s for s in slots if s.morale == m]
        if not mine:
            continue
        part = pool_distribution(pool_knowledge(g, viewer, m), mine)
        nxt: dict[Totals, Fraction] = {}
        for (a, o, d), p in dist.items():
            for (pa, po, pd), q in part.items():
                _add(nxt, (a + pa, o + po, d + pd), p * q)
        dist = nxt
    return dist
