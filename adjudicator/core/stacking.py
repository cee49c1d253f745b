"""Stacking limits as data: alternatives of per-category maxima.

Nordwind 5 allows "3 regiments/brigades + 1 battalion, or 2 regiments/brigades +
2 battalions": two alternatives over the categories "regiment" and "battalion".
Traces of Victory 5.0 allows 2 combat units + 1 HQ: one alternative. A stack
fits when *any* alternative holds for it. Rules name *when* limits are checked
(end of movement, end of retreat...); the ruleset calls :func:`overstacked` at
those points and lets the owner pick the eliminations (:func:`valid_removal`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations


@dataclass(frozen=True)
class StackLimit:
    """Alternatives of maxima per unit category; categories not named count 0
    (uncounted: markers, or units the game does not stack-limit)."""

    alternatives: tuple[Mapping[str, int], ...]

    def categories(self) -> set[str]:
        return {c for alt in self.alternatives for c in alt}

    def fits(self, counts: Mapping[str, int]) -> bool:
        counted = {c: n for c, n in counts.items() if c in self.categories() and n}
        return any(all(n <= alt.get(c, 0) for c, n in counted.items()) for alt in self.alternatives)

    def describe(self) -> str:
        return " or ".join(" + ".join(f"{n} {c}" for c, n in alt.items()) for alt in self.alternatives)


def count(units: Iterable[str], category: Callable[[str], str]) -> Counter[str]:
    return Counter(category(u) for u in units)


def overstacked(
    stacks: Mapping[str, Sequence[str]], limit: StackLimit, category: Callable[[str], str]
) -> dict[str, list[str]]:
    """Locations whose units exceed the limit, with those units."""
    return {loc: list(units) for loc, units in stacks.items() if not limit.fits(count(units, category))}


def valid_removal(
    units: Sequence[str], removed: Iterable[str], limit: StackLimit, category: Callable[[str], str]
) -> str | None:
    """Why removing `removed` from the stack `units` is not a valid answer, or None.

    Valid: the removed units are in the stack, the rest fits, and no removed unit
    could have stayed (owners eliminate the excess, not more).
    """
    return valid_removal_by(units, removed, lambda rest: limit.fits(count(rest, category)),
                            f"the remaining units still exceed the limit ({limit.describe()})")


def valid_removal_by(
    units: Sequence[str], removed: Iterable[str], fits: Callable[[list[str]], bool],
    still_over: str = "the remaining units still exceed the stacking limit",
) -> str | None:
    """`valid_removal` for a limit that is any predicate on the units kept
    (limits with free stacking, GOSS 6.2, are no per-category maxima)."""
    removed = list(removed)
    if len(set(removed)) != len(removed):
        return "a unit is named twice"
    stray = [u for u in removed if u not in units]
    if stray:
        return f"{', '.join(stray)} not in the stack"
    rest = [u for u in units if u not in removed]
    if not fits(rest):
        return still_over
    for u in removed:
        if fits(rest + [u]):
            return f"{u} could stay: eliminate only the excess"
    return None


def minimal_removals(
    units: Sequence[str], limit: StackLimit, category: Callable[[str], str], max_options: int = 200
) -> list[tuple[str, ...]]:
    """The smallest sets of units whose removal makes the stack fit (for decision options)."""
    return minimal_removals_by(units, lambda rest: limit.fits(count(rest, category)), max_options)


def minimal_removals_by(
    units: Sequence[str], fits: Callable[[list[str]], bool], max_options: int = 200
) -> list[tuple[str, ...]]:
    """`minimal_removals` for any predicate on the units kept."""
    if fits(list(units)):
        return [()]
    for k in range(1, len(units) + 1):
        found = [combo for combo in combinations(units, k) if fits([u for u in units if u not in combo])]
        if found:
            return found[:max_options]
    return [tuple(units)]
