"""Retreat paths with ordered priorities, and advance-after-combat paths.

Retreat rules share a shape across hex games: a stack retreats N hexes through
hexes it may enter, never into enemy units, paying a price for enemy ZOC hexes
entered, and must follow an ordered list of preferences "as much as possible"
(Nordwind 6.6.1: out of enemy ZOC, toward the friendly edge, away from the
enemy; Traces 10.4: stacking at the end, fewest EZOC hexes, closer to supply).
This module enumerates the legal paths of exactly N hexes, scores each path with
the ruleset's ordered priorities (lexicographic: lower is better), and returns
the best ones, which are the paths the owner may choose among.

Advances follow the retreat path (any split branch) up to a length; some units
(Nordwind 6.6.2 armour/mech) may leave it after the first hex.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from adjudicator.core.hexmap import HexMap

OFF_MAP = -1


@dataclass(frozen=True)
class RetreatPath:
    """Hexes entered in order (the start excluded); ``OFF_MAP`` as the last entry
    when the path leaves the map. `ezoc` counts the hexes entered that are in enemy
    ZOC and not negated (the step-loss count of Nordwind 4.3 / 6.6.1)."""

    hexes: tuple[int, ...]
    ezoc: int
    key: tuple[int, ...] = field(default=(), compare=False)

    @property
    def off_map(self) -> bool:
        return bool(self.hexes) and self.hexes[-1] == OFF_MAP

    @property
    def end(self) -> int:
        """The last on-map hex of the path."""
        for h in reversed(self.hexes):
            if h != OFF_MAP:
                return h
        return OFF_MAP


# A priority scores a path; lower is better. Priorities apply in order.
Priority = Callable[[RetreatPath], int]


def fewest_ezoc() -> Priority:
    """Fewer enemy-ZOC hexes entered is better (Nordwind 6.6.1 #1, Traces 10.4)."""
    return lambda p: p.ezoc


def toward(field: Sequence[int], off_map_value: int = -1) -> Priority:
    """Ending nearer a target set is better; `field` is a distance field
    (:meth:`HexMap.distance_field`), -1 = unreachable (worst). Off-map ends score
    `off_map_value` (leaving over that edge is the nearest one can get)."""
    big = 1 << 20

    def score(p: RetreatPath) -> int:
        if p.off_map:
            return off_map_value
        d = field[p.end]
        return big if d < 0 else d

    return score


def away_from(field: Sequence[int]) -> Priority:
    """Ending farther from a set (e.g. enemy units) is better."""
    big = 1 << 20

    def score(p: RetreatPath) -> int:
        if p.off_map:
            return -big
        d = field[p.end]
        return -big if d < 0 else -d

    return score


def ends_where(ok: Sequence[int]) -> Priority:
    """Ending in a hex where `ok` holds (e.g. stacking allows it) is better."""
    return lambda p: 0 if (p.off_map or ok[p.end]) else 1


@dataclass
class RetreatRules:
    """What a retreating stack may enter and what counts as enemy ZOC."""

    enterable: Sequence[int]  # per hex, truthy = may enter (not enemy-occupied, not impassable)
    side_open: Sequence[int] | None = None  # per edge, truthy = may cross (None = all)
    zoc: Sequence[int] | None = None  # per hex, enemy ZOC
    negates: Sequence[int] | None = None  # per hex, friendly units that negate the ZOC for retreat
    off_map_from: Sequence[int] | None = None  # per hex, truthy = may retreat off the map from here
    revisit: bool = False  # may a path re-enter a hex (incl. the start)?
    side_open_at: Callable[[int, int], bool] | None = None  # (step index, edge) -> may cross (Traces rivers)


def retreat_paths(hexmap: HexMap, start: int, length: int, rules: RetreatRules, limit: int = 20000) -> list[RetreatPath]:
    """Every legal retreat path of exactly `length` hexes (or leaving the map on
    the way), without scores. Enumeration is depth-first, at most `limit` paths."""
    out: list[RetreatPath] = []
    nbr = hexmap.nbr
    zoc = rules.zoc
    neg = rules.negates
    path: list[int] = []

    def counts(h: int) -> int:
        return 1 if (zoc is not None and zoc[h] and not (neg is not None and neg[h])) else 0

    def walk(h: int, depth: int, ezoc: int, visited: set[int]) -> None:
        if len(out) >= limit:
            return
        if depth == length:
            out.append(RetreatPath(tuple(path), ezoc))
            return
        base = h * 6
        for d in range(6):
            e = base + d
            t = nbr[e]
            if t < 0:
                if rules.off_map_from is not None and rules.off_map_from[h]:
                    out.append(RetreatPath(tuple(path) + (OFF_MAP,), ezoc))
                continue
            if not rules.enterable[t]:
                continue
            if rules.side_open is not None and not rules.side_open[e]:
                continue
            if rules.side_open_at is not None and not rules.side_open_at(depth, e):
                continue
            if not rules.revisit and t in visited:
                continue
            path.append(t)
            visited.add(t)
            walk(t, depth + 1, ezoc + counts(t), visited)
            visited.discard(t)
            path.pop()

    if length <= 0:
        return [RetreatPath((), 0)]
    walk(start, 0, 0, {start})
    # Off-map exits found at several depths through the same cells are the same choice.
    uniq: dict[tuple[int, ...], RetreatPath] = {}
    for p in out:
        uniq.setdefault(p.hexes, p)
    return list(uniq.values())


def score(paths: Sequence[RetreatPath], priorities: Sequence[Priority]) -> list[RetreatPath]:
    """The paths with their priority keys, best first."""
    scored = [RetreatPath(p.hexes, p.ezoc, tuple(f(p) for f in priorities)) for p in paths]
    scored.sort(key=lambda p: p.key)
    return scored


def best(paths: Sequence[RetreatPath], priorities: Sequence[Priority]) -> list[RetreatPath]:
    """The paths that follow the priorities "as much as possible": those whose
    lexicographic key is the minimum."""
    scored = score(paths, priorities)
    if not scored:
        return []
    top = scored[0].key
    return [p for p in scored if p.key == top]


def advance_paths(
    hexmap: HexMap,
    vacated: int,
    retreat_routes: Sequence[Sequence[int]],
    length: int,
    *,
    free_after_first: bool = False,
    enterable: Sequence[int] | None = None,
    side_open: Sequence[int] | None = None,
) -> set[tuple[int, ...]]:
    """Every advance path of 1..`length` hexes (hexes entered in order).

    The first hex is the vacated hex. Then the advance follows a retreat route
    (any branch of a split retreat), or, when `free_after_first`, any chain of
    adjacent enterable hexes (Nordwind 6.6.2: armour and mech need not follow
    the path after the first hex).
    """
    if length <= 0:
        return set()
    out: set[tuple[int, ...]] = {(vacated,)}
    for route in retreat_routes:
        prefix = [vacated]
        for h in route[: length - 1]:
            if h == OFF_MAP:
                break
            prefix.append(h)
            out.add(tuple(prefix))
    if free_after_first and length > 1:
        nbr = hexmap.nbr

        def walk(path: list[int]) -> None:
            if len(path) >= length:
                return
            h = path[-1]
            for d in range(6):
                t = nbr[h * 6 + d]
                if t < 0 or t in path:
                    continue
                if enterable is not None and not enterable[t]:
                    continue
                if side_open is not None and not side_open[h * 6 + d]:
                    continue
                path.append(t)
                out.add(tuple(path))
                walk(path)
                path.pop()

        walk([vacated])
    return out
