"""Least-cost movement on a compiled hex map: reachable hexes and path validation.

One cost model answers both questions, so "may I go there" and "where can I go"
never disagree:

* :class:`CostTable` holds the *static* costs of one movement class on one map in
  integer units (a ruleset with half-MP costs uses ``scale=2``): terrain cost to
  enter each hex, extra cost to cross each hexside, and the cost of entering along
  a road. A ruleset builds it once with :func:`build_costs` from its own terrain
  effects (pluggable callables) and caches it.
* :class:`MoveContext` holds what changes per query: enemy-occupied hexes, enemy
  ZOC with its entry/exit costs, stop-on-entry, the ZOC-to-ZOC ban and its
  exceptions, hexes where the road rate is denied (Nordwind 3.2), extra per-hex
  costs (interdiction) and the edges across which they are not charged (Traces
  7.2: not on river crossings), per-edge overrides (a ferry), where a move may end,
  the minimum-move guarantee, and a unit whose move already ended this phase.

:func:`reach` is a bucket-queue (Dial) search over integer costs; the node is the
hex alone, which is exact because every rule above depends only on the hex left
and the hex entered. :func:`validate_path` walks a proposed path with the same
rules and explains every step's cost.
"""

from __future__ import annotations

from collections.abc import Callable, Container, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from adjudicator.core.errors import MalformedInput
from adjudicator.core.hexmap import HexMap

IMPASSABLE = -1
_NO_EDGES: frozenset[int] = frozenset()
_NO_COSTS: dict[int, int] = {}


def mp_units(text: str, scale: int, where: str = "") -> int:
    """A printed movement cost ("2", "1/2", "+3") in a cost table's integer units
    (`scale` units per MP); MalformedInput naming `where` when it is not one."""
    try:
        value = Fraction(text.strip().lstrip("+"))
    except (ValueError, ZeroDivisionError):
        raise MalformedInput(f"movement cost {text!r} is not a number of MP like '2' or '1/2'", where) from None
    units = value * scale
    if units.denominator != 1 or units < 0:
        raise MalformedInput(f"movement cost {text!r} is not a multiple of 1/{scale} MP", where)
    return int(units)


@dataclass
class CostTable:
    """Static movement costs of one movement class on one map (integer units)."""

    hexmap: HexMap
    scale: int
    enter: list[int]  # per hex; IMPASSABLE = may not enter (except along a road)
    side: list[int]  # per edge; extra cost of crossing; IMPASSABLE = may not cross
    road: list[int]  # per edge; cost of entering along a road (replaces enter + side); -1 = none
    road_kind: list[str]  # per edge; the road kind the road cost came from
    # Per hex: ((target, edge, non-road cost or -1, road cost or -1), ...), statically passable edges only.
    adj: list[tuple[tuple[int, int, int, int], ...]] = field(default_factory=list)
    # The same with the last item the cheapest cost when the road rate applies
    # (road or terrain, whichever is cheaper; -1 when neither): the search's hot loop.
    fast: list[tuple[tuple[int, int, int, int], ...]] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.adj:
            self.adj = _adjacency(self)
        if not self.fast:
            self.fast = [
                tuple((t, e, nonroad, nonroad if road < 0 else (road if nonroad < 0 else min(road, nonroad)))
                      for t, e, nonroad, road in row)
                for row in self.adj
            ]

    def units(self, value: int) -> float:
        """Integer units back to movement points."""
        return value / self.scale


def _adjacency(ct: CostTable) -> list[tuple[tuple[int, int, int, int], ...]]:
    nbr = ct.hexmap.nbr
    out = []
    for h in range(ct.hexmap.n):
        row = []
        for d in range(6):
            e = h * 6 + d
            t = nbr[e]
            if t < 0:
                continue
            s = ct.side[e]
            nonroad = -1 if (s < 0 or ct.enter[t] < 0) else ct.enter[t] + s
            road = ct.road[e]
            if nonroad < 0 and road < 0:
                continue
            row.append((t, e, nonroad, road))
        out.append(tuple(row))
    return out


def build_costs(
    hexmap: HexMap,
    *,
    scale: int,
    terrain_cost: Callable[[int], int | None],
    side_cost: Callable[[int, int, frozenset[str]], int | None] | None = None,
    road_cost: Callable[[int, int, frozenset[str]], int | None] | None = None,
) -> CostTable:
    """Compile a ruleset's terrain effects into a CostTable.

    * ``terrain_cost(h)``: units to enter hex h, or None when it is impassable.
    * ``side_cost(h, d, features)``: extra units to cross the side of h towards d
      (called only for sides with features), None = may not cross.
    * ``road_cost(h, d, kinds)``: units to enter the neighbour along a road of
      these kinds (called only where a road runs), None = no road rate.
    """
    n = hexmap.n
    enter = [IMPASSABLE] * n
    for h in range(n):
        c = terrain_cost(h)
        enter[h] = IMPASSABLE if c is None else c
    side = [0] * (n * 6)
    road = [-1] * (n * 6)
    kind = [""] * (n * 6)
    for e in range(n * 6):
        if hexmap.nbr[e] < 0:
            continue
        feats = hexmap.side_features[e]
        if feats and side_cost is not None:
            c = side_cost(e // 6, e % 6, feats)
            side[e] = IMPASSABLE if c is None else c
        kinds = hexmap.roads[e]
        if kinds and road_cost is not None:
            c = road_cost(e // 6, e % 6, kinds)
            if c is not None:
                road[e] = c
                kind[e] = ",".join(sorted(kinds))
    return CostTable(hexmap, scale, enter, side, road, kind)


@dataclass
class MoveContext:
    """The dynamic rules of one move. Per-hex sequences are indexed by hex id
    (truthy = the condition holds); None means "nowhere"."""

    blocked: Sequence[int] | None = None  # may not enter (enemy units)
    zoc: Sequence[int] | None = None  # in enemy ZOC
    zoc_enter: int = 0  # extra units to enter an EZOC hex
    zoc_exit: int = 0  # extra units to leave an EZOC hex
    zoc_stop: bool = True  # entering an EZOC hex ends the move
    zoc_to_zoc: bool = False  # may move directly from an EZOC hex into another
    zoc_to_zoc_banned_edges: Container[int] = _NO_EDGES  # EZOC->EZOC banned across these edges anyway
    road_denied: Sequence[int] | None = None  # the road rate does not apply when entering this hex
    stop: Sequence[int] | None = None  # entering ends the move
    enter_extra: Mapping[int, int] = field(default_factory=dict)  # hex -> extra units to enter
    exit_extra: Mapping[int, int] = field(default_factory=dict)  # hex -> extra units to leave
    extra_exempt_edges: Container[int] = _NO_EDGES  # enter/exit extras are not charged across these edges
    edge_cost: Mapping[int, int] = field(default_factory=dict)  # edge -> cost replacing terrain/hexside/road
    edge_label: Mapping[int, str] = field(default_factory=dict)  # edge -> name of the override ("ferry")
    end_ok: Sequence[int] | None = None  # may end the move here (None = anywhere reachable)
    minimum_move: bool = False  # one hex whatever its cost, with all units (GOSS 7.3)
    stopped: bool = False  # the unit's move already ended this phase (Nordwind 4.2: it entered an enemy ZOC)


@dataclass
class Reach:
    """Result of :func:`reach`: least cost and predecessor of every reachable hex."""

    start: int
    budget: int
    cost: dict[int, int]
    parent: dict[int, int]
    minimum: set[int] = field(default_factory=set)  # hexes reached only by the minimum-move guarantee

    def path_to(self, h: int) -> list[int]:
        """Hexes entered from the start to h (start excluded)."""
        out = []
        while h != self.start:
            out.append(h)
            h = self.parent[h]
        out.reverse()
        return out


def _zero(n: int) -> bytes:
    return bytes(n)


_TO_FLAG = bytes([0] + [1] * 255)


def _flags(values: Sequence[int]) -> bytes:
    """Any per-hex sequence as bytes of 0/1 (ZOC fields count their sources)."""
    if isinstance(values, (bytes, bytearray)):
        return bytes(values).translate(_TO_FLAG)
    return bytes(1 if v else 0 for v in values)


def reach(costs: CostTable, ctx: MoveContext, start: int, budget: int) -> Reach:
    """Every hex the unit can enter from `start` within `budget` units, with the
    least cost. Hexes where the move may not end are kept (they can be passed
    through); use :func:`destinations` for end hexes."""
    if ctx.stopped:
        return Reach(start, budget, {start: 0}, {start: -1})
    n = costs.hexmap.n
    zero = _zero(n)
    blocked = ctx.blocked if ctx.blocked is not None else zero
    zoc = ctx.zoc if ctx.zoc is not None else zero
    denied = ctx.road_denied if ctx.road_denied is not None else zero
    stop = ctx.stop if ctx.stop is not None else zero
    zoc_stop = ctx.zoc_stop
    zoc_to_zoc = ctx.zoc_to_zoc
    banned = ctx.zoc_to_zoc_banned_edges
    zin = ctx.zoc_enter
    zout = ctx.zoc_exit
    enter_extra = ctx.enter_extra or _NO_COSTS
    exit_extra = ctx.exit_extra or _NO_COSTS
    exempt = ctx.extra_exempt_edges
    override = ctx.edge_cost or _NO_COSTS
    override_from = _override_edges(costs, override)
    adj = costs.fast

    # One byte per hex for the hot loop: bit 0 enemy ZOC, bit 1 blocked, bit 2 road rate denied
    # (built with whole-array integer arithmetic: the flags are 0/1, so no carries between bytes).
    mask = (
        int.from_bytes(_flags(zoc), "little")
        | int.from_bytes(_flags(blocked), "little") << 1
        | int.from_bytes(_flags(denied), "little") << 2
        | int.from_bytes(_flags(stop), "little") << 3
    ).to_bytes(n, "little")
    best = [-1] * n  # least cost so far (-1: not reached)
    parent: dict[int, int] = {start: -1}
    best[start] = 0
    reached = [start]
    buckets: list[list[int]] = [[] for _ in range(budget + 1)]
    buckets[0].append(start)
    plain = not (enter_extra or exit_extra or override_from)
    for c in range(budget + 1):
        for h in buckets[c]:  # items appended during the loop (zero-cost steps) are visited too
            if best[h] != c:
                continue
            mh = mask[h]
            hz = mh & 1
            if mh and h != start and (mh & 8 or (hz and zoc_stop)):
                continue
            out = c + zout if hz else c
            xout = 0
            if not plain:
                xout = exit_extra.get(h, 0)  # charged per edge: some edges waive it (Traces 7.2)
                edges = adj[h]
                if h in override_from:
                    edges = tuple(x for x in edges if x[1] not in override) + override_from[h]
            else:
                edges = adj[h]
            room = budget - out
            if room < 0:
                continue
            for t, e, nonroad, cheapest in edges:
                old = best[t]
                if 0 <= old <= out:
                    continue  # settled at least as cheaply: steps never cost less than 0
                k = mask[t]
                if not k:
                    step = cheapest
                    if step < 0:
                        continue
                else:
                    if k & 2:
                        continue
                    step = nonroad if k & 4 else cheapest
                    if step < 0:
                        continue
                    if k & 1:
                        if hz and (not zoc_to_zoc or (banned and e in banned)):
                            continue
                        step += zin
                if not plain and e not in exempt:
                    step += xout + enter_extra.get(t, 0)
                if step > room:
                    continue
                nc = out + step
                if old < 0 or nc < old:
                    if old < 0:
                        reached.append(t)
                    best[t] = nc
                    parent[t] = h
                    buckets[nc].append(t)
    result = Reach(start, budget, {h: best[h] for h in reached}, parent)
    if ctx.minimum_move:
        _minimum_move(costs, ctx, result)
    return result


def _override_edges(costs: CostTable, override: Mapping[int, int]) -> dict[int, tuple[tuple[int, int, int, int], ...]]:
    """Edges whose cost a context overrides, as adjacency rows (the override as the
    non-road cost): they may cross sides that are otherwise impassable (a ferry)."""
    if not override:
        return {}
    nbr = costs.hexmap.nbr
    out: dict[int, list[tuple[int, int, int, int]]] = {}
    for e, c in override.items():
        t = nbr[e]
        if t >= 0:
            out.setdefault(e // 6, []).append((t, e, c, c))
    return {h: tuple(v) for h, v in out.items()}


def _minimum_move(costs: CostTable, ctx: MoveContext, r: Reach) -> None:
    """A unit that cannot afford any neighbour may still enter one with all it has."""
    for t, e, nonroad, road in costs.adj[r.start]:
        if t in r.cost:
            continue
        if _step_error(costs, ctx, r.start, t, e) is None:
            r.cost[t] = r.budget
            r.parent[t] = r.start
            r.minimum.add(t)


def destinations(costs: CostTable, ctx: MoveContext, r: Reach) -> dict[int, int]:
    """Hexes the move may end in (start excluded), with their least cost."""
    end_ok = ctx.end_ok
    return {h: c for h, c in r.cost.items() if h != r.start and (end_ok is None or end_ok[h])}


# -- path validation ----------------------------------------------------------


@dataclass
class CostPart:
    """One component of a step's cost, for the verdict (`kind` maps to a rule)."""

    kind: str  # "terrain", "hexside", "road", "road-denied", "zoc-enter", "zoc-exit", "extra-enter", "extra-exit", "override"
    units: int
    detail: str = ""


@dataclass
class Step:
    hex: int
    cost: int
    total: int
    parts: list[CostPart]


@dataclass
class StepError:
    """Why step `index` (0-based into the path) is illegal. `code` maps to a rule."""

    index: int
    code: str  # NOT_ADJACENT, OFF_MAP, ENEMY_OCCUPIED, IMPASSABLE_TERRAIN, IMPASSABLE_HEXSIDE,
    # ZOC_TO_ZOC, STOPPED (moving on after a stop), OVER_ALLOWANCE, CANNOT_END_HERE
    message: str
    hex: int = -1


@dataclass
class PathCheck:
    steps: list[Step]
    total: int
    error: StepError | None
    minimum_move: bool = False

    @property
    def ok(self) -> bool:
        return self.error is None


def _step_error(costs: CostTable, ctx: MoveContext, h: int, t: int, e: int) -> str | None:
    """Static/dynamic legality of entering t from h (cost aside)."""
    if ctx.blocked is not None and ctx.blocked[t]:
        return "ENEMY_OCCUPIED"
    if not (ctx.edge_cost and e in ctx.edge_cost):
        denied = ctx.road_denied is not None and bool(ctx.road_denied[t])
        if costs.road[e] < 0 or denied:
            if costs.side[e] < 0:
                return "IMPASSABLE_HEXSIDE"
            if costs.enter[t] < 0:
                return "IMPASSABLE_TERRAIN"
    zoc = ctx.zoc
    if zoc is not None and zoc[h] and zoc[t]:
        if not ctx.zoc_to_zoc or e in ctx.zoc_to_zoc_banned_edges:
            return "ZOC_TO_ZOC"
    return None


def step_cost(costs: CostTable, ctx: MoveContext, h: int, t: int, e: int) -> tuple[int, list[CostPart]]:
    """The cost of entering t from h across edge e, with its parts (legality aside)."""
    hm = costs.hexmap
    parts: list[CostPart] = []
    zoc = ctx.zoc
    if zoc is not None and zoc[h] and ctx.zoc_exit:
        parts.append(CostPart("zoc-exit", ctx.zoc_exit))
    charged = e not in ctx.extra_exempt_edges
    if charged and ctx.exit_extra.get(h):
        parts.append(CostPart("extra-exit", ctx.exit_extra[h]))
    s = costs.side[e]
    nonroad = -1 if (s < 0 or costs.enter[t] < 0) else costs.enter[t] + s
    road = costs.road[e]
    denied = ctx.road_denied is not None and bool(ctx.road_denied[t])
    if ctx.edge_cost and e in ctx.edge_cost:
        parts.append(CostPart("override", ctx.edge_cost[e], ctx.edge_label.get(e, "")))
    elif road >= 0 and not denied and (nonroad < 0 or road < nonroad):
        parts.append(CostPart("road", road, costs.road_kind[e]))
    else:
        if road >= 0 and denied and nonroad >= 0:
            parts.append(CostPart("road-denied", 0, costs.road_kind[e]))
        parts.append(CostPart("terrain", costs.enter[t], hm.terrain[t]))
        if s > 0:
            parts.append(CostPart("hexside", s, ",".join(sorted(hm.side_features[e]))))
    if zoc is not None and zoc[t] and ctx.zoc_enter:
        parts.append(CostPart("zoc-enter", ctx.zoc_enter))
    if charged and ctx.enter_extra.get(t):
        parts.append(CostPart("extra-enter", ctx.enter_extra[t]))
    return sum(p.units for p in parts), parts


def validate_path(costs: CostTable, ctx: MoveContext, start: int, path: Sequence[int], budget: int) -> PathCheck:
    """Walk `path` (hexes entered after `start`) with the rules of :func:`reach`.

    Returns every legal step with its cost and parts, the total, and the first
    illegal step (if any). The checks mirror :func:`reach` exactly, so a path
    from :meth:`Reach.path_to` always validates at the cost reach reported.
    """
    hm = costs.hexmap
    steps: list[Step] = []
    total = 0
    h = start
    if ctx.stopped and path:
        return PathCheck(steps, total, StepError(0, "STOPPED", f"the move already ended in {hm.labels[start]}",
                                                 path[0]))
    stopped = False
    for i, t in enumerate(path):
        if t < 0 or t >= hm.n:
            return PathCheck(steps, total, StepError(i, "OFF_MAP", "not a hex of the map", t))
        d = hm.direction(h, t)
        if d is None:
            return PathCheck(
                steps, total, StepError(i, "NOT_ADJACENT", f"{hm.labels[t]} is not adjacent to {hm.labels[h]}", t)
            )
        if stopped:
            return PathCheck(steps, total, StepError(i, "STOPPED", f"the move ended in {hm.labels[h]}", t))
        e = h * 6 + d
        err = _step_error(costs, ctx, h, t, e)
        if err is not None:
            return PathCheck(steps, total, StepError(i, err, _message(err, hm, h, t), t))
        cost, parts = step_cost(costs, ctx, h, t, e)
        if total + cost > budget:
            if ctx.minimum_move and i == 0 and len(path) == 1:
                steps.append(Step(t, budget, budget, parts))
                return PathCheck(steps, budget, None, minimum_move=True)
            return PathCheck(
                steps,
                total,
                StepError(
                    i,
                    "OVER_ALLOWANCE",
                    f"entering {hm.labels[t]} costs {costs.units(cost):g}, "
                    f"only {costs.units(budget - total):g} left",
                    t,
                ),
            )
        total += cost
        steps.append(Step(t, cost, total, parts))
        if (ctx.stop is not None and ctx.stop[t]) or (ctx.zoc_stop and ctx.zoc is not None and ctx.zoc[t]):
            stopped = True
        h = t
    if path and ctx.end_ok is not None and not ctx.end_ok[h]:
        return PathCheck(steps, total, StepError(len(path) - 1, "CANNOT_END_HERE", f"the move may not end in {hm.labels[h]}", h))
    return PathCheck(steps, total, None)


def _message(code: str, hm: HexMap, h: int, t: int) -> str:
    a, b = hm.labels[h], hm.labels[t]
    return {
        "ENEMY_OCCUPIED": f"{b} is occupied by the enemy",
        "IMPASSABLE_HEXSIDE": f"the hexside {hm.side_label(h, hm.direction(h, t) or 0)} may not be crossed",
        "IMPASSABLE_TERRAIN": f"{b} ({hm.terrain[t]}) may not be entered",
        "ZOC_TO_ZOC": f"{a} to {b} moves directly from one enemy ZOC hex to another",
    }.get(code, f"{a} to {b}: {code}")
