"""Unit strength and the step-loss engine (4.1.3, 4.2, 11.6.2, 13.10.3, 13.10.4).

* Combat strength by steps lost (4.2.2): full, reduced (flipped), and for a
  three-step unit the reduced side halved under a hit marker (the 4.2.2
  example rounds it up: 7-8 -> 5-6 -> 3-3); a Co. with a Z-step reverse flips
  to it (4.1.3).
* Allocating n step losses among units, the owner choosing within the rules:
  Max step loss (4.2.1a; a special stack counts as one unit, 6.2.0), equal
  spreading (4.2.1), HQ (11.6.2) and Art (11.6.3e, 13.10.3) last, the GA
  priority order (13.10.3: lead PR unit, lead Arm/AT unit, a shift-giving
  Eng unit), and the Z-step rules (4.1.3 c: Z-steps do not fulfil FS
  numerical hits beside a Co. or Bn.; GA: not at all for mandatory losses).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from adjudicator.rules.lucky_forward.model import ELIMINATED, Model, U


def cs(m: Model, u: U, which: str) -> float:
    """The unit's printed combat factor (`attack` or `defense`) for its steps
    lost (4.2.2), before any modifier (26.0 CS)."""
    if u.c.z_step_reverse and u.us.steps_lost >= 1:
        return float(m.value(u, f"z_{which}", f"the {which} of {u.id}'s Z-step side (4.1.3)"))
    lost = u.us.steps_lost
    if lost == 0 or u.steps == 1:
        return float(m.value(u, which, f"the {which} factor of {u.id} (4.2.2)"))
    reduced = float(m.value(u, f"reduced_{which}", f"the reduced {which} factor of {u.id} (4.2.2)"))
    if lost == 1:
        return reduced
    return float(math.ceil(reduced / 2))  # 4.2.2: third step, hit marker: the reduced side halved (example: 5 -> 3)


def take_loss(m: Model, u: U, why: str, cases: Sequence[str]) -> None:
    """One step loss as 4.2.2 marks it: a Z-step or one-step unit is eliminated
    (a Co. with a Z-step reverse flips to it); two- and three-step units flip,
    then (three-step) take a hit marker, then are eliminated."""
    name = u.d.name or u.id
    if u.is_z:
        u.us.steps_lost += 1
        m.eliminate(u, f"Z-step, {why}", ["4.2.2", *cases])
        return
    if u.c.z_step_reverse and u.steps == 1:
        u.us.steps_lost = 1
        m.emit("STEP_LOSS", f"{name} loses a step and flips to its Z-step side ({why})", ["4.1.3", *cases],
               units=[u.id], to=m.label(u.hex))
        return
    u.us.steps_lost += 1
    if u.us.steps_lost >= u.steps:
        m.eliminate(u, f"last step lost, {why}", ["4.2.2", *cases])
        return
    how = "flips to its reduced side" if u.us.steps_lost == 1 else "takes a hit marker (reduced side halved)"
    m.emit("STEP_LOSS", f"{name} loses a step and {how} ({why})", ["4.2.2", *cases], units=[u.id],
           to=m.label(u.hex))


def alive(u: U) -> bool:
    return u.us.status != ELIMINATED


@dataclass
class LossRules:
    """What constrains an allocation of step losses."""

    units: list[U]  # the units that may lose steps, in the owner's stack(s)
    max_step_loss: bool
    groups: dict[str, str] = field(default_factory=dict)  # unit -> its special stack's key (6.2.0)
    priority: list[str] = field(default_factory=list)  # 13.10.3 order: these first, if they can
    hq_last: bool = True  # 11.6.2
    art_last: bool = True  # 11.6.3e, 13.10.3
    hq_art_together: bool = False  # 13.10.3 (GA): HQ and Art in one last tier
    z_fulfil: bool = False  # whether Z-steps may take these losses at all (4.1.3 c, 13.10.3)
    prior: dict[str, int] = field(default_factory=dict)  # losses already taken in this combat (per unit)

    def group(self, uid: str) -> str:
        return self.groups.get(uid, uid)


def _tier(u: U, r: LossRules) -> int:
    """Loss order tiers: other units, then Art (11.6.3e), then HQs (11.6.2);
    in a GA, HQ and Art units together last (13.10.3: r.hq_art_together)."""
    if r.hq_last and u.is_hq:
        return 1 if r.hq_art_together else 2
    if r.art_last and u.is_art:
        return 1
    return 0


def _usable(u: U, r: LossRules) -> bool:
    if not alive(u):
        return False
    if u.is_z and not r.z_fulfil:
        has_big = any(alive(x) and not x.is_z for x in r.units)
        if has_big:
            return False
    return True


def legal_next(r: LossRules, taken: Counter[str]) -> list[str]:
    """The units that may take the next step loss, after `taken` (this
    allocation's losses so far, on top of r.prior)."""

    def lost(u: U) -> int:
        return r.prior.get(u.id, 0) + taken[u.id]

    live = [u for u in r.units if _usable(u, r) and not _dead_after(u, taken)]
    if not live:
        return []
    group_lost: Counter[str] = Counter()
    for u in r.units:
        group_lost[r.group(u.id)] += lost(u)
    cands = [u for u in live if not r.max_step_loss or group_lost[r.group(u.id)] == 0]
    if not cands:
        return []
    # 13.10.3 priority: the named units first, in order, whenever they can take one.
    for pid in r.priority:
        if any(u.id == pid for u in cands) and lost(next(u for u in cands if u.id == pid)) == 0:
            return [pid]
    # HQ / Art last: a unit takes a loss only once every unit of an earlier tier has lost a step.
    pool = [u for u in cands if all(lost(x) >= 1 for x in live if _tier(x, r) < _tier(u, r))]
    if not pool:
        return []
    # 4.2.1 equal spreading: no unit takes another loss while another has fewer.
    low = min(lost(u) for u in pool)
    return [u.id for u in pool if lost(u) == low]


def _dead_after(u: U, taken: Counter[str]) -> bool:
    return taken[u.id] >= max(1, u.steps_left) if not u.is_z else taken[u.id] >= 1


def check(r: LossRules, allocation: Sequence[str]) -> str | None:
    """Why `allocation` (unit ids, one per step loss, in order) breaks the
    rules, or None. An allocation may be shorter than the losses owed only when
    no unit can take another (the caller converts the rest)."""
    taken: Counter[str] = Counter()
    for i, uid in enumerate(allocation):
        ok = legal_next(r, taken)
        if uid not in ok:
            if not ok:
                return f"loss #{i + 1}: no unit can take another step loss here"
            return f"loss #{i + 1} may not go to {uid}: it must go to {' or '.join(sorted(ok))}"
        taken[uid] += 1
    return None


def capacity(r: LossRules, wanted: int) -> int:
    """How many of `wanted` losses can be taken at all (the rest convert, 13.10.3)."""
    taken: Counter[str] = Counter()
    n = 0
    while n < wanted:
        ok = legal_next(r, taken)
        if not ok:
            break
        taken[ok[0]] += 1
        n += 1
    return n


def outcomes(r: LossRules, n: int, limit: int = 200) -> list[tuple[str, ...]]:
    """The distinct allocations of n losses (as sorted multisets), for decision
    options and to see whether the owner has any choice."""
    seen: set[tuple[str, ...]] = set()
    out: list[tuple[str, ...]] = []

    def walk(taken: Counter[str], seq: list[str]) -> None:
        if len(out) >= limit:
            return
        if len(seq) == n:
            key = tuple(sorted(seq))
            if key not in seen:
                seen.add(key)
                out.append(key)
            return
        for uid in legal_next(r, taken):
            taken[uid] += 1
            seq.append(uid)
            walk(taken, seq)
            seq.pop()
            taken[uid] -= 1

    walk(Counter(), [])
    return out


def ordered(r: LossRules, multiset: Iterable[str]) -> list[str] | None:
    """An order of the chosen losses that the rules accept, or None."""
    want = Counter(multiset)
    n = sum(want.values())

    def walk(taken: Counter[str], seq: list[str]) -> list[str] | None:
        if len(seq) == n:
            return list(seq)
        for uid in legal_next(r, taken):
            if taken[uid] < want[uid]:
                taken[uid] += 1
                seq.append(uid)
                got = walk(taken, seq)
                if got is not None:
                    return got
                seq.pop()
                taken[uid] -= 1
        return None

    return walk(Counter(), [])
