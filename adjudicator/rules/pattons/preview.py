"""The odds preview of a combat before its roll (`Verdict.combat`): strengths,
columns and the probability of every result, over the chits the acting side
cannot see (knowledge.py) and the two dice.

Before the defender has announced, its choices are not known: which regiment
defends a hex holding several (7.2.2.A) and, when its hexes lie on different
terrain lines, which line applies (9.2.6); the preview weighs each possible
choice equally and says so. The defender's artillery and Air Point, announced
after the attacker's (9.6.4.D, 13.2.3), are left out with a note saying how
many columns they could take.
"""

from __future__ import annotations

import itertools
from fractions import Fraction

from adjudicator.core.crt import Distribution, lookup_distribution
from adjudicator.core.errors import NeedsData
from adjudicator.core.verdicts import VerdictBuilder
from adjudicator.rules.pattons import strength
from adjudicator.rules.pattons.cite import P3
from adjudicator.rules.pattons.knowledge import Slot, pool_knowledge, totals_distribution
from adjudicator.rules.pattons.model import Game
from adjudicator.rules.pattons.strength import Setup
from umpire.v1 import action_pb2, common_pb2

MAX_CHOICES = 64


def setups(g: Game, base: Setup, choices: dict[int, list[str]], fixed: dict[int, list[str]]) -> list[Setup]:
    """Every combination of the defender's open choices (participants, terrain line)."""
    hexes = sorted(choices)
    picks = [choices[h] if len(choices[h]) > 1 else (choices[h] or [""]) for h in hexes]
    lines = sorted({g.hm.terrain[h] for h in base.targets})
    out = []
    for combo in itertools.islice(itertools.product(*picks), MAX_CHOICES):
        defenders = [u for h in sorted(fixed) for u in fixed[h]] + [u for u in combo if u]
        others = [u for h in hexes for u in choices[h] if u not in combo]
        for line in lines if not base.line else [base.line]:
            out.append(Setup(base.side, base.targets, base.attackers, sorted(defenders),
                             base.bystanders + others, base.att_support, base.def_support, base.att_air,
                             base.def_air, line))
    return out


def describe_slots(g: Game, viewer: str, slots: list[Slot], s: Setup) -> None:
    for sl in slots:
        k = pool_knowledge(g, viewer, sl.morale)
        if sl.draws:
            what = (f"draws from morale pool {sl.morale} ({k.pool_count} chits; one of {sum(k.counts)} it may hold)"
                    if k.pool_count else f"finds pool {sl.morale} empty: the imaginary chit")
            case = "8.3.3" if k.pool_count else "24.2"
        else:
            what = f"holds a chit of pool {sl.morale} hidden from {viewer}" + (
                " (three-step: it has lost a step)" if sl.reduced else "")
            case = "8.4.2.C"
        strength.note(s, f"{sl.uid} (class {sl.cls}, morale {sl.morale}) {what}", case)


def details(g: Game, viewer: str, setups_: list[Setup], b: VerdictBuilder,
            supplied: list[common_pb2.SuppliedCell], defender_may: list[str]) -> action_pb2.CombatDetails:
    """Fill `b` with the preview of a combat over `setups_` (equally likely)."""
    first = setups_[0]
    cd = action_pb2.CombatDetails(target=",".join(g.label(h) for h in first.targets),
                                  attackers=first.attackers,
                                  defenders=sorted({u for s in setups_ for u in s.defenders}))
    try:
        crt = strength.crt(g)
    except NeedsData as e:
        for c in e.cells:
            b.need(c)
        cd.outcomes.add(result="unknown: Combat Results Table (not in the text)", probability=1.0)
        crt = None
    dist = Distribution()
    bases: set[str] = set()
    column_p: dict[str, Fraction] = {}
    att_values: set[int] = set()
    def_values: set[int] = set()
    weight = Fraction(1, len(setups_))
    for i, s in enumerate(setups_):
        known, slots = strength.terms(g, s, viewer)
        net, shifts = strength.net(g, s)
        if i == 0:
            cd.shifts.extend(shifts)
            describe_slots(g, viewer, slots, s)
        for t, p in totals_distribution(g, viewer, known, slots).items():
            a, d = strength.final_totals(t)
            att_values.add(a)
            def_values.add(d)
            if crt is None:
                continue
            base_col, col = strength.odds_column(g, crt, a, d, net)
            bases.add(base_col)
            column_p[col] = column_p.get(col, Fraction(0)) + p * weight
            lookup_distribution(crt, col, strength.rows(g, crt, s.line), supplied, weight=p * weight,
                                when_prefix=f"{col}|", into=dist, reason=f"combat at {cd.target}")
    if len(att_values) == 1 and len(def_values) == 1:
        cd.attack_strength = next(iter(att_values))
        cd.defense_strength = next(iter(def_values))
    if len(column_p) == 1 and crt is not None:
        cd.final_column = next(iter(column_p))
        if len(bases) == 1:
            cd.base_column = next(iter(bases))
    for n in first.notes:
        cd.notes.append(n)
    if len(att_values) > 1 or len(def_values) > 1:
        cd.notes.add(text=f"totals over the chits: attack {min(att_values)}-{max(att_values)}, defence "
                     f"{min(def_values)}-{max(def_values)}", citation=P3.cite("8.4.2"))
    if len(column_p) > 1:
        spread = ", ".join(f"{c} {float(p):.1%}" for c, p in sorted(column_p.items(), key=lambda x: -x[1]))
        cd.notes.add(text=f"final odds column over the chits {viewer} cannot see: {spread}", citation=P3.cite("8.4.2"))
    if len(setups_) > 1:
        cd.notes.add(text=f"the defender has still to choose ({len(setups_)} possibilities: the regiment defending a "
                     "hex of several, or the terrain line): each is weighted equally", citation=P3.cite("7.2.2.A"))
    for m in defender_may:
        cd.notes.add(text=m, citation=P3.cite("9.6.4.D"))
    if crt is not None:
        for result, whens in dist.when.items():
            dist.when[result] = _summary(whens, crt.table.row_label or "row")
        cd.outcomes.extend(dist.outcomes())
        for c in dist.needs:
            b.need(c)
    return cd


def _summary(whens: list[str], row_label: str) -> list[str]:
    """"3:1|roll clear 7" ... -> ["3:1 clear: rolls 7-9, 11"]: one line per column and line."""
    by: dict[tuple[str, str], set[int]] = {}
    order: list[tuple[str, str]] = []
    for w in whens:
        col, _, rest = w.partition("|")
        line, _, roll = rest[len(row_label) + 1:].rpartition(" ")
        key = (col, line)
        if key not in by:
            by[key] = set()
            order.append(key)
        by[key].add(int(roll) if roll.isdigit() else 0)
    out = []
    for col, line in order:
        rolls = sorted(by[(col, line)])
        spans: list[str] = []
        start = prev = rolls[0]
        for r in rolls[1:] + [-1]:
            if r == prev + 1:
                prev = r
                continue
            spans.append(f"{start}" if start == prev else f"{start}-{prev}")
            start = prev = r
        out.append(f"{col} on the {line} line: roll {', '.join(spans)}")
    return out
