"""Hex-kernel benchmark (issue 3 §5): Nordwind's movement and supply rules on a
generated 100x100-hex map with mixed terrain, rivers, roads and 1,000 units.

Prints, in one run, each figure against a straightforward networkx answer to the
same question (same costs, ZoC stops and exits, ZoC-to-ZoC ban, road rule,
rivers, enemy units), measured in the same process:

  1. reachable hexes of a mechanized unit (MA 12 = 24 half-MP) — p50, p99;
     target <= 0.5 ms p50 and >= 2x faster than networkx;
  2. path validation (a proposed path, hex by hex, with the exact total) — p50;
  3. one side's full supply trace (all its units at once) — p50; target <= 10 ms.

Both implementations get the same precomputed per-side masks (enemy units, ZoC,
hexes where the road rate is lost); building them is timed separately, and so is
the end-to-end `Ruleset.reach` / `engine.validate`, twice: *cold* (a bare
state: its board, unit index and ZoC fields built for the call) and *warm* (one
`Position`, as the service keeps for its hot games: the board built once; every
sample asks about a different unit). Then a game in play: apply a move, and the
first question about the new position (whose board `apply` derived from the old
one), on the full state and on a side's view as the service asks it.

The map and the units are SYNTHETIC (random terrain and counters), not a
published game: they only give the rules a realistic amount of work.

    python benchmarks/bench_hex.py [--size 100] [--units 1000] [--samples 300] [--seed 3]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import networkx as nx  # noqa: E402

from adjudicator.core import dice as dice_mod  # noqa: E402
from adjudicator.core import disclosure, engine  # noqa: E402
from adjudicator.core.position import Position  # noqa: E402
from adjudicator.core.hexmap import HexMap, compile_map  # noqa: E402
from adjudicator.core.movement import reach, validate_path  # noqa: E402
from adjudicator.core.supply import trace  # noqa: E402
from adjudicator.core.unknowns import Branch  # noqa: E402
from adjudicator.core.ruleset import get_ruleset  # noqa: E402
from adjudicator.rules.nordwind import data, moves, phases  # noqa: E402
from adjudicator.rules.nordwind.board import Board, move_costs  # noqa: E402
from umpire.v1 import action_pb2, definition_pb2, map_pb2, state_pb2  # noqa: E402


def generate_map(size: int, rng: random.Random) -> map_pb2.GameMap:
    gm = map_pb2.GameMap(id=f"bench/{size}x{size}", name="SYNTHETIC generated map", source="SYNTHETIC benchmark")
    g = gm.hex.grid
    g.columns = g.rows = size
    g.numbering.column_leading = g.numbering.row_leading = 2  # "001001": unambiguous for 3-digit rows
    g.numbering.column_offset = g.numbering.row_offset = 1
    gm.hex.default_terrain = "clear"
    plain = HexMap(gm)
    for h in range(plain.n):
        r = rng.random()
        if r < 0.25:
            gm.hex.hexes.add(id=plain.labels[h], terrain="wooded")
        elif r < 0.38:
            gm.hex.hexes.add(id=plain.labels[h], terrain="difficult")
    sides: dict[tuple[int, int], list[str]] = {}
    for _ in range(size // 3):  # rivers: random walks along hexsides
        h = rng.randrange(plain.n)
        for _ in range(rng.randint(10, 40)):
            nb = plain.neighbours(h)
            t = rng.choice(nb)
            sides.setdefault((min(h, t), max(h, t)), []).append("river")
            h = rng.choice([x for x in plain.neighbours(t) if x in nb] or nb)
    for (a, b), feats in sides.items():
        gm.hex.hexsides.add(a=plain.labels[a], b=plain.labels[b], features=sorted(set(feats)))
    random_roads(gm, plain, rng, (("national", size // 5, size), ("departmental", size // 2, size // 2)))
    return gm


def random_roads(gm: map_pb2.GameMap, plain: HexMap, rng: random.Random,
                 kinds: tuple[tuple[str, int, int], ...]) -> None:
    """Roads as random walks that mostly keep their heading: (kind, how many,
    how long) each."""
    for kind, count, length in kinds:
        for _ in range(count):
            h = rng.randrange(plain.n)
            heading = rng.randrange(6)
            for _ in range(length):
                d = heading if rng.random() < 0.7 else (heading + rng.choice((-1, 1))) % 6
                t = plain.nbr[h * 6 + d]
                if t < 0:
                    break
                gm.hex.roads.add(a=plain.labels[h], b=plain.labels[t], kind=kind)
                h = t


def generate_state(size: int, n_units: int, rng: random.Random) -> state_pb2.GameState:
    gm = generate_map(size, rng)
    hm = compile_map(gm)
    sc = definition_pb2.Scenario(id="bench/hex", name="SYNTHETIC benchmark", ruleset="nordwind-1945",
                                 first_turn=1, last_turn=12)
    d = sc.definition
    d.map.CopyFrom(gm)
    d.sides.extend(data.roster().sides)
    d.unit_types.extend(data.roster().unit_types)
    types = ["infantry", "infantry", "armored", "mech-infantry"]
    half = hm.n // 2
    for i in range(n_units):
        side = "german" if i % 2 == 0 else "allied"
        # A front in the middle: Germans in the northern half, Allies in the southern half.
        while True:
            h = rng.randrange(hm.n)
            if (hm.raw[h][1] < size // 2) == (side == "german"):
                break
        strength = rng.randint(1, 6)
        u = d.units.add(id=f"u{i:04d}", side=side, type=rng.choice(types), size=rng.choice(["III", "III", "II", "X"]),
                        steps=2, nationality="DE" if side == "german" else "US")
        u.faces.add(attack=strength, defense=strength, quality=rng.choice("ABCD"))
        u.faces.add(attack=max(1, strength // 2), defense=max(1, strength // 2), quality=rng.choice("ABCD"))
        sc.setup.add(unit_id=u.id, location=hm.labels[h])
    del half
    r = get_ruleset("nordwind-1945")
    state, _ = engine.new_game(r, sc, game_id="bench", options={}, tables=None, dice=dice_mod.ScriptedDice([]))
    state.phase, state.active_side = "allied-movement", "allied"
    for us in state.units:
        del us.markers[:]
    return state


def timed(fn: Callable[[], object], repeat: int = 1) -> float:
    t = time.perf_counter()
    for _ in range(repeat):
        fn()
    return (time.perf_counter() - t) / repeat


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def ms(x: float) -> str:
    return f"{x * 1000:8.3f} ms"


class _Assume(Branch):
    """Every counter value is known in this benchmark; a plain branch suffices."""

    def __init__(self) -> None:
        super().__init__({})


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--size", type=int, default=100)
    ap.add_argument("--units", type=int, default=1000)
    ap.add_argument("--samples", type=int, default=300)
    ap.add_argument("--seed", type=int, default=3)
    args = ap.parse_args()
    rng = random.Random(args.seed)

    t0 = time.perf_counter()
    state = generate_state(args.size, args.units, rng)
    board = Board(state)
    hm = board.map
    mech_costs = move_costs(state, hm, "mech")
    ct = mech_costs.table
    print(f"map {args.size}x{args.size}: {hm.n} hexes, {len(state.scenario.definition.map.hex.hexsides)} river sides, "
          f"{len(state.scenario.definition.map.hex.roads)} road links; {args.units} units "
          f"(generated in {time.perf_counter() - t0:.1f} s)")

    movers = [u for u in board.hex_of if board.side_of(u) == "allied"
              and board.counters.get(u, "movement class") == "mech"]
    rng.shuffle(movers)
    movers = movers[: args.samples]

    # -- shared per-side precomputation (both implementations use these masks)
    b = _Assume()
    t_ctx = []
    contexts = {}
    for u in movers:
        t = time.perf_counter()
        m = moves.mover(board, u)
        contexts[u] = (m, moves.context(board, b, m))
        t_ctx.append(time.perf_counter() - t)

    # -- networkx: the same graph, the same rules through a weight function
    g = nx.DiGraph()
    for h in range(hm.n):
        for d in range(6):
            t = hm.nbr[h * 6 + d]
            if t >= 0:
                g.add_edge(h, t, e=h * 6 + d)

    def nx_weight(m: moves.Mover, ctx):  # type: ignore[no-untyped-def]
        zoc, blocked, denied = ctx.zoc, ctx.blocked, ctx.road_denied
        start = m.start

        def w(u: int, v: int, attrs: dict[str, int]) -> float | None:
            if blocked[v] or (u != start and zoc[u]):  # enemy units; ZoC entered = stop (4.2)
                return None
            if zoc[u] and zoc[v]:  # no ZoC to ZoC (4.2)
                return None
            e = attrs["e"]
            best = None
            if ct.side[e] >= 0 and ct.enter[v] >= 0:
                best = ct.enter[v] + ct.side[e]
            if ct.road[e] >= 0 and not (denied is not None and denied[v]):
                best = ct.road[e] if best is None else min(best, ct.road[e])
            if best is None:
                return None
            return best + (ctx.zoc_exit if zoc[u] else 0)

        return w

    # -- 1. reachable hexes
    t_kernel, t_nx, sizes = [], [], []
    for u in movers:
        m, ctx = contexts[u]
        t = time.perf_counter()
        r = reach(ct, ctx, m.start, m.budget)
        t_kernel.append(time.perf_counter() - t)
        w = nx_weight(m, ctx)
        t = time.perf_counter()
        ref = nx.single_source_dijkstra_path_length(g, m.start, cutoff=m.budget, weight=w)
        t_nx.append(time.perf_counter() - t)
        if ref != r.cost:
            raise SystemExit(f"mismatch for {u}: kernel and networkx disagree")
        sizes.append(len(r.cost))
    k50, n50 = pct(t_kernel, 0.5), pct(t_nx, 0.5)
    print(f"\n1. reachable hexes, MA 12 ({len(movers)} mechanized units, {statistics.mean(sizes):.0f} hexes on average)")
    print(f"   kernel reach        p50 {ms(k50)}  p99 {ms(pct(t_kernel, 0.99))}   target <= 0.5 ms: "
          f"{'met' if k50 <= 0.0005 else 'MISSED'}")
    print(f"   networkx dijkstra   p50 {ms(n50)}  p99 {ms(pct(t_nx, 0.99))}")
    print(f"   ratio networkx/kernel {n50 / k50:6.1f}x   target >= 2x: {'met' if n50 / k50 >= 2 else 'MISSED'}")
    print(f"   per-mover context (ZoC, road rule, masks) p50 {ms(pct(t_ctx, 0.5))}  (shared by both)")
    rs = get_ruleset("nordwind-1945")
    # cold: a bare state gets a throw-away position, its board and ZoC built for the call
    t_cold = [timed(partial(rs.reach, state, u)) for u in movers[:30]]
    pos = Position(state, rs)  # a hot game in the service: one position, its board built once
    rs.reach(pos, movers[-1])
    t_warm = [timed(partial(rs.reach, pos, u)) for u in movers]  # every sample a different unit
    print(f"   end-to-end Ruleset.reach(state, unit): cold p50 {ms(pct(t_cold, 0.5))}  (board, ZoC built)")
    print(f"                                          warm p50 {ms(pct(t_warm, 0.5))}  p99 {ms(pct(t_warm, 0.99))}"
          f"   target < 1 ms: {'met' if pct(t_warm, 0.5) < 0.001 else 'MISSED'}")

    # -- 2. path validation
    t_kv, t_nv, lengths = [], [], []
    for u in movers:
        m, ctx = contexts[u]
        r = reach(ct, ctx, m.start, m.budget)
        far = max(r.cost, key=lambda h: (len(r.path_to(h)), r.cost[h]))
        path = r.path_to(far)
        if not path:
            continue
        lengths.append(len(path))
        t = time.perf_counter()
        check = validate_path(ct, ctx, m.start, path, m.budget)
        t_kv.append(time.perf_counter() - t)
        w = nx_weight(m, ctx)
        t = time.perf_counter()
        total, prev, ok = 0.0, m.start, True
        for nxt in path:
            if not g.has_edge(prev, nxt):
                ok = False
                break
            step = w(prev, nxt, g[prev][nxt])
            if step is None:
                ok = False
                break
            total += step
            prev = nxt
        t_nv.append(time.perf_counter() - t)
        if not ok or total != check.total or not check.ok:
            raise SystemExit(f"path validation mismatch for {u}")
    kv, nv = pct(t_kv, 0.5), pct(t_nv, 0.5)
    print(f"\n2. path validation ({len(t_kv)} paths, {statistics.mean(lengths):.1f} hexes on average, costs explained)")
    print(f"   kernel validate_path  p50 {ms(kv)}")
    print(f"   networkx edge walk    p50 {ms(nv)}   (sum only, no per-step explanation)")
    print(f"   ratio networkx/kernel {nv / kv:6.1f}x")
    actions = []
    for u in movers:
        m, ctx = contexts[u]
        r = reach(ct, ctx, m.start, m.budget)
        far = max(r.cost, key=lambda h: len(r.path_to(h)))
        actions.append(action_pb2.Action(side="allied", move=action_pb2.MoveUnits(
            unit_ids=[u], path=[hm.labels[h] for h in r.path_to(far)])))
    t_cold = [timed(partial(engine.validate, state, action)) for action in actions[:30]]
    engine.validate(pos, actions[-1])
    t_val = [timed(partial(engine.validate, pos, action)) for action in actions]
    if not all(engine.validate(pos, a).legal for a in actions):
        raise SystemExit("a move along a path from reach was refused")
    print(f"   end-to-end engine.validate(MoveUnits): cold p50 {ms(pct(t_cold, 0.5))}  (board, ZoC built)")
    print(f"                                          warm p50 {ms(pct(t_val, 0.5))}  p99 {ms(pct(t_val, 0.99))}"
          f"   target < 1 ms: {'met' if pct(t_val, 0.5) < 0.001 else 'MISSED'}")
    # A game in play: apply a move, then ask about the new position (apply handed over its board), on
    # the full state and, as the service asks, on the side's view (primed from the full one).
    t_apply, t_next, t_next_val, t_side_val, t_side_reach = [], [], [], [], []
    cur = pos
    no_dice = lambda start, version: dice_mod.ScriptedDice([], start, version)  # noqa: E731 (moves throw none)
    for i, action in enumerate(actions[:80]):
        if i % 2 == 0:  # the first question about the state the last move made: a reach...
            t_next.append(timed(partial(rs.reach, cur, action.move.unit_ids[0])))
        t = time.perf_counter()
        verdict = engine.validate(cur, action)  # ...or this validate
        if i % 2:
            t_next_val.append(time.perf_counter() - t)
        if not verdict.legal:
            continue  # an earlier move changed this one's path (a unit in the way, the road rule)
        t = time.perf_counter()
        applied = engine.apply_action(cur, action, no_dice)
        t_apply.append(time.perf_counter() - t)
        assert applied.position is not None
        cur = applied.position
        follow = actions[i + 1]  # the side's first question on the new position (the full one is asked below)
        if i % 2:
            t_side_val.append(timed(partial(disclosure.validate_for, cur, "allied", follow)))
        else:
            t_side_reach.append(timed(partial(disclosure.reach_for, cur, "allied", follow.move.unit_ids[0])))
    print(f"   in play: engine.apply_action(MoveUnits) p50 {ms(pct(t_apply, 0.5))}; the first reach on the new state "
          f"p50 {ms(pct(t_next, 0.5))}, the first validate p50 {ms(pct(t_next_val, 0.5))}")
    print(f"            the first question on a side's view (the service's path): validate p50 "
          f"{ms(pct(t_side_val, 0.5))}, reach p50 {ms(pct(t_side_reach, 0.5))}  (view built, board primed)")

    # -- 3. one side's supply
    side = "allied"
    net = phases.supply_net(board)
    sources = [h for e in phases.EDGES[side] for h in hm.edge_hexes(e)]
    enemy = board.occupied("german")
    friendly = board.occupied(side)
    zoc = board.enemy_zoc(b, side)
    blocked = bytearray(1 if (enemy[h] or (zoc[h] and not friendly[h])) else 0 for h in range(hm.n))
    und = nx.Graph()
    und.add_nodes_from(range(hm.n))
    for h in range(hm.n):
        for t in net.adj[h]:
            und.add_edge(h, t)
    t_ks, t_ns = [], []
    for _ in range(30):
        t = time.perf_counter()
        reached = trace(net, sources, blocked)
        t_ks.append(time.perf_counter() - t)
        t = time.perf_counter()
        sub = nx.restricted_view(und, [h for h in range(hm.n) if blocked[h]], [])
        ref = nx.multi_source_dijkstra_path_length(sub, {s for s in sources if not blocked[s]})
        t_ns.append(time.perf_counter() - t)
        if set(ref) != {h for h in range(hm.n) if reached[h]}:
            raise SystemExit("supply mismatch: kernel and networkx disagree")
    ks, ns_ = pct(t_ks, 0.5), pct(t_ns, 0.5)
    units_side = sum(1 for u in board.hex_of if board.side_of(u) == side)
    print(f"\n3. supply trace for one side ({units_side} units, {sum(reached)} hexes reached)")
    print(f"   kernel multi-source trace p50 {ms(ks)}   target <= 10 ms: {'met' if ks <= 0.010 else 'MISSED'}")
    print(f"   networkx multi-source     p50 {ms(ns_)}")
    print(f"   ratio networkx/kernel {ns_ / ks:6.1f}x")
    t_zoc = [timed(partial(Board(state).enemy_zoc, b, side)) for _ in range(10)]
    print(f"   side masks (enemy ZoC from {args.units // 2} units) p50 {ms(pct(t_zoc, 0.5))}  (shared by both)")
    t_full = [timed(partial(phases.supplied_units, state, side)) for _ in range(10)]
    print(f"   end-to-end supplied_units(state, side) p50 {ms(pct(t_full, 0.5))}  (board, ZoC, trace, unit lookup)")


if __name__ == "__main__":
    main()
