"""Dice counts, casualties and which units pay for them: the arithmetic of
MB "Battles" ¶2-¶3 and "Casualties" ¶1-¶2, as pure functions so the worked
examples can be tested on their own."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import lru_cache

MAX_DICE = 5  # MB "Battles" ¶2: "The maximum number of dice that a player can throw is 5"


def dice_for(armor: int, infantry: int, bonus: int = 0) -> int:
    """Dice a force throws: 1 per Armored Unit, 1 per 2 Infantry Units (a single
    Infantry Unit adds nothing), capped at 5 (MB "Battles" ¶2). A defender with
    only 1 Infantry Unit therefore throws none (MB "Battles" ¶3). `bonus` is the
    advanced-retreat enemy's 2 extra dice, under the same cap."""
    return min(MAX_DICE, armor + infantry // 2 + bonus)


def casualties_inflicted(faces: list[int]) -> int:
    """MB "Casualties" ¶1: one die inflicts 1 casualty on a 6; with 2 or more
    dice every set of n equal faces inflicts n - 1 casualties (a double 1, a
    triple 2, four of a kind 3, five of a kind 4)."""
    if not faces:
        return 0
    if len(faces) == 1:
        return 1 if faces[0] == 6 else 0
    return sum(n - 1 for n in Counter(faces).values() if n >= 2)


@dataclass(frozen=True)
class Removal:
    infantry: int
    armor: int


def removal(casualties: int, infantry: int, armor: int) -> Removal:
    """MB "Casualties" ¶2: 1 Infantry Unit per casualty; when Infantry runs
    out, 1 Armored Unit per 2 remaining casualties, and a single remaining
    casualty still costs a whole Armored Unit (no "change"). Never more than
    the units there are."""
    inf = min(casualties, infantry)
    rest = casualties - inf
    arm = min(armor, (rest + 1) // 2)
    return Removal(inf, arm)


@lru_cache(maxsize=None)
def total_distribution(n: int) -> tuple[float, ...]:
    """P(sum of n d6 = s) for s = 0..6n."""
    dist = [1.0]
    for _ in range(n):
        nxt = [0.0] * (len(dist) + 6)
        for s, p in enumerate(dist):
            for face in range(1, 7):
                nxt[s + face] += p / 6
        dist = nxt
    return tuple(dist)


def totals_odds(attacker_dice: int, defender_dice: int) -> tuple[float, float, float]:
    """(P attacker total higher, P tie, P defender higher) of one round, before
    casualties and the elimination exception are taken into account."""
    a = total_distribution(attacker_dice)
    d = total_distribution(defender_dice)
    cum = [0.0] * (len(d) + 1)
    for s, p in enumerate(d):
        cum[s + 1] = cum[s] + p
    higher = tie = 0.0
    for s, p in enumerate(a):
        if p == 0:
            continue
        higher += p * cum[min(s, len(d))]
        if s < len(d):
            tie += p * d[s]
    return higher, tie, max(0.0, 1.0 - higher - tie)
