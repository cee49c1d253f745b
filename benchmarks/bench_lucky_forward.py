"""Lucky Forward (GOSS) benchmark: a stack-heavy position, 2,400 units on a
generated 100x100-hex (10,000-hex) map, in the Allied Ground Assault Segment.

Prints, in one run, against a plain-Python baseline measured in the same
process on the same questions:

  1. the MA pipeline (7.6.1: base MA, fuel, MR and leader bonuses, halving and
     quartering, ground) for one unit — p50 of `allowance.allowance` on the
     compiled model against a plain implementation of the same steps that
     reads the protobuf state directly (linear look-ups, labels parsed into
     coordinates), which must give the same MA for every sample;
  2. GA validation (13.2-13.5: designations, adjacency, entry, river and
     stacking rules, the lead PR unit, the 13.2.0 ordering check) — p50 of
     `engine.validate` on a Position whose compiled model is cached (warm,
     as the service's hot games) against the same validation with the model
     compiled for every call (cold: what a per-call implementation costs).

The map, the counters and the tables are SYNTHETIC (random terrain and
counters; the shipped SYNTHETIC scenario's tables for the cells the text
lacks), not the published game: they only give the rules a realistic amount
of work.

    python benchmarks/bench_lucky_forward.py [--size 100] [--stacks 700] [--samples 300] [--seed 5]
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from adjudicator.core import dice as dice_mod  # noqa: E402
from adjudicator.core import engine  # noqa: E402
from adjudicator.core.hexmap import HexMap  # noqa: E402
from adjudicator.core.position import Position  # noqa: E402
from adjudicator.core.ruleset import get_ruleset  # noqa: E402
from adjudicator.rules.lucky_forward import sop  # noqa: E402
from adjudicator.rules.lucky_forward.allowance import allowance  # noqa: E402
from adjudicator.rules.lucky_forward.model import Model  # noqa: E402
from benchmarks.bench_hex import ms, pct, random_roads, timed  # noqa: E402
from umpire.v1 import action_pb2, definition_pb2, lucky_forward_pb2 as lf, map_pb2, state_pb2  # noqa: E402

RS = get_ruleset("lucky-forward")
SIDES = ("allied", "axis")
PA, TAC = lf.LF_MODE_PREPARED_ASSAULT, lf.LF_MODE_TACTICAL


def generate_map(size: int, rng: random.Random) -> map_pb2.GameMap:
    gm = map_pb2.GameMap(id=f"bench/lf-{size}", name="SYNTHETIC generated map", source="SYNTHETIC benchmark")
    g = gm.hex.grid
    g.columns = g.rows = size
    g.numbering.column_leading = g.numbering.row_leading = 2  # "001001"
    g.numbering.column_offset = g.numbering.row_offset = 1
    gm.hex.default_terrain = "clear"
    plain = HexMap(gm)
    for h in range(plain.n):
        r = rng.random()
        if r < 0.2:
            gm.hex.hexes.add(id=plain.labels[h], terrain="woods")
        elif r < 0.28:
            gm.hex.hexes.add(id=plain.labels[h], terrain="forest")
        elif r < 0.33:
            gm.hex.hexes.add(id=plain.labels[h], terrain="clear", features=["town"])
    random_roads(gm, plain, rng, (("primary", size // 5, size), ("secondary", size // 2, size // 2)))
    return gm


def generate_state(size: int, stacks: int, rng: random.Random) -> state_pb2.GameState:
    gm = generate_map(size, rng)
    hm = HexMap(gm)
    sc = definition_pb2.Scenario(id="bench/lucky-forward", name="SYNTHETIC benchmark", ruleset="lucky-forward")
    d = sc.definition
    d.map.CopyFrom(gm)
    d.sides.add(id="allied")
    d.sides.add(id="axis")
    d.tables.extend(RS.load_scenario("lucky-forward/synthetic").definition.tables)  # SYNTHETIC fills
    x = sc.lucky_forward
    x.first_game_day, x.last_game_day = 1, 3
    x.weather.add(game_day=1, time="AM", atmosphere="clear", ground="dry")
    n_uid = [0]

    def unit(side: str, h: int, c: lf.LfCounter, hq: str, rgt: str = "", status: dict[str, object] | None = None,
             uid: str = "") -> str:
        uid = uid or f"{side[:2]}{n_uid[0]:05d}"
        n_uid[0] += 1
        d.units.add(id=uid, side=side, name=uid, nationality="US" if side == "allied" else "DE")
        c.unit_id = uid
        x.counters.add().CopyFrom(c)
        sc.setup.add(unit_id=uid, location=hm.labels[h])
        if hq:
            x.assignments.add(unit_id=uid, hq=hq, regiment=rgt)
        if status:
            st = x.initial.add(unit_id=uid)
            for k, v in status.items():
                setattr(st, k, v)
        return uid

    def hq(side: str, uid: str, h: int, level: int, parent: str) -> None:
        unit(side, h, lf.LfCounter(size=lf.LF_SIZE_COMPANY, steps=1, types=["hq"], movement=12, defense=1,
                                   defensive_pr=5, movement_class=lf.LF_CLASS_MECH), parent, uid=uid)
        x.hqs.add(unit_id=uid, level=level, parent=parent, mech_formation=level == lf.LF_HQ_DIVISION)

    half = size // 2
    divisions: dict[str, list[str]] = {s: [] for s in SIDES}
    for side in SIDES:
        col = 5 if side == "allied" else size - 6
        hq(side, f"{side}-army", hm.hex_id(f"{col + 1:03d}{half:03d}"), lf.LF_HQ_ARMY, "")
        x.hq_status.add(unit_id=f"{side}-army", amp=6)
        for c in range(4):
            corps = f"{side}-c{c}"
            hq(side, corps, hm.hex_id(f"{col + 1:03d}{10 + c * 20:03d}"), lf.LF_HQ_CORPS, f"{side}-army")
            x.hq_status.add(unit_id=corps, adv=rng.randint(1, 4))
            for k in range(4):
                div = f"{corps}-d{k}"
                dh = hm.hex_id(f"{col + (3 if side == 'allied' else -3):03d}{5 + c * 20 + k * 4:03d}")
                hq(side, div, dh, lf.LF_HQ_DIVISION, corps)
                divisions[side].append(div)
                if rng.random() < 0.3:
                    x.hq_status.add(unit_id=div, fuel="low", fuel_value=rng.randint(4, 9), fuel_option=1)
                if rng.random() < 0.5:
                    unit(side, dh, lf.LfCounter(size=lf.LF_SIZE_COMPANY, steps=1, types=["leader"], leader_hq=div,
                                                leader_activation=6), "", status={"leader_active": True})
    # the stacks: a front down the middle, stacks two to five units deep on both sides of it
    free = {s: [(c, r) for c in (range(half - 4, half) if s == "allied" else range(half, half + 4))
                for r in range(size)] for s in SIDES}
    for s in SIDES:
        rng.shuffle(free[s])
    for i in range(min(stacks, 8 * size)):
        side = SIDES[i % 2]
        col, row = free[side].pop()
        h = hm.hex_id(f"{col + 1:03d}{row + 1:03d}")
        div = rng.choice(divisions[side])
        mech = rng.random() < 0.4
        front = (side == "allied" and col == half - 1)
        mode = PA if front and rng.random() < 0.6 else TAC
        for j, kind in enumerate(rng.choice((("bn", "bn", "co", "z", "z"), ("bn", "co", "co", "z"),
                                             ("bn", "bn", "co"), ("bn", "co")))):
            steps = {"bn": 3, "co": 2, "z": 1}[kind]
            ctr = lf.LfCounter(size={"bn": lf.LF_SIZE_BATTALION, "co": lf.LF_SIZE_COMPANY, "z": lf.LF_SIZE_Z_STEP}[kind],
                             steps=steps, types=["infantry"], personnel=True,
                             movement_class=lf.LF_CLASS_MECH if mech else lf.LF_CLASS_LEG,
                             attack=rng.randint(2, 9), defense=rng.randint(2, 9), movement=12 if mech else 6,
                             offensive_pr=rng.randint(4, 8), defensive_pr=rng.randint(4, 8))
            if steps > 1:
                ctr.reduced_attack, ctr.reduced_defense = max(1, ctr.attack // 2), max(1, ctr.defense // 2)
            st: dict[str, object] = {"mode": mode if kind != "z" else TAC}
            roll = rng.random()
            if roll < 0.15:
                st["fatigue"] = 1
            elif roll < 0.2:
                st["supply"] = 2
            elif roll < 0.25:
                st["out_of_command"] = True
            unit(side, h, ctr, div, rgt=f"r{j % 2}", status=st)
    state, _ = engine.new_game(RS, sc, game_id="bench", options={}, tables=None, dice=dice_mod.ScriptedDice([5] * 50))
    return at_segment(state, "allied", "combat", "ground-assault")


def at_segment(state: state_pb2.GameState, owner: str, phase: str, segment: str) -> state_pb2.GameState:
    m = Model(state)
    prog = sop.program(m)
    i = next(i for i, st in enumerate(prog) if st.turn == owner and st.phase == phase and st.segment == segment)
    step = prog[i]
    m.lf.step = i
    state.phase, state.segment = step.phase, step.segment
    m.lf.phasing = sop.phasing_of(m, step)
    state.active_side = sop.actor_of(m, step)
    state.ClearField("pending")
    return state


# -- the plain-Python baseline for the MA pipeline: the same steps, read from the protobuf state


def _coords(label: str) -> tuple[int, int]:
    return int(label[:3]) - 1, int(label[3:]) - 1


def hex_distance(odd_lower: bool) -> Callable[[str, str], int]:
    """Hex distance between two labels on a column-staggered grid (the odd or
    the even raw columns half a hex lower), by cube coordinates."""

    def cube(c: int, r: int) -> tuple[int, int, int]:
        z = r - (c - (c & 1)) // 2 if odd_lower else r - (c + (c & 1)) // 2
        return c, z, -c - z

    def distance(a: str, b: str) -> int:
        x1, z1, y1 = cube(*_coords(a))
        x2, z2, y2 = cube(*_coords(b))
        return max(abs(x1 - x2), abs(y1 - y2), abs(z1 - z2))

    return distance


def grid_distance(hm: HexMap, rng: random.Random) -> Callable[[str, str], int]:
    """The plain distance that agrees with the map's stagger (checked on pairs)."""
    pairs = [(rng.randrange(hm.n), rng.randrange(hm.n)) for _ in range(200)]
    for odd in (True, False):
        f = hex_distance(odd)
        if all(f(hm.labels[a], hm.labels[b]) == hm.distance(a, b) for a, b in pairs):
            return f
    raise AssertionError("no stagger matches the map")


def plain_allowance(state: state_pb2.GameState, uid: str, distance: Callable[[str, str], int]) -> int:
    sc, lfs = state.scenario.lucky_forward, state.lucky_forward
    c = next(x for x in sc.counters if x.unit_id == uid)
    st = next(x for x in lfs.units if x.unit_id == uid)
    a = next((x for x in sc.assignments if x.unit_id == uid), None)
    hq = a.hq if a else ""
    loc = next(x.location for x in state.units if x.unit_id == uid)
    ma = c.movement
    mech = c.movement_class == lf.LF_CLASS_MECH
    hs = next((x for x in lfs.hqs if x.unit_id == hq), None)
    fuel = (hs.fuel if hs is not None else "") or "normal"
    if mech and fuel != "normal" and hs is not None and hs.HasField("fuel_value"):
        ma = min(ma, hs.fuel_value)  # option 1
    if st.mr_bonus_mp and mech:
        ma += st.mr_bonus_mp
    for ldr in sc.counters:  # 23.2.1a: an active leader of the formation stacked with its HQ, or next to the unit
        if "leader" not in ldr.types or ldr.leader_hq != hq:
            continue
        ls = next(x for x in lfs.units if x.unit_id == ldr.unit_id)
        if not ls.leader_active:
            continue
        lloc = next(x.location for x in state.units if x.unit_id == ldr.unit_id)
        hloc = next((x.location for x in state.units if x.unit_id == hq), "")
        if lloc == hloc or distance(loc, lloc) <= 1:
            ma += 1
            break
    halvings = (st.supply == 2) + bool(st.out_of_command) + (st.fatigue == 1)
    if st.fatigue >= 2 or halvings >= 2:
        ma = max(math.ceil(ma / 4), math.ceil(c.movement / 4))
    elif halvings:
        ma = math.ceil(ma / 2)
    return ma


def ga_actions(m: Model, rng: random.Random, n: int) -> list[action_pb2.Action]:
    out = []
    stacks: dict[int, list[str]] = {}
    for u in m.side_units("allied"):
        if u.st.mode == PA:
            stacks.setdefault(u.hex, []).append(u.id)
    for h, ids in stacks.items():
        for t in m.hm.neighbours(h):
            if any(x.side == "axis" for x in m.stack(t)):
                a = action_pb2.Action(side="allied")
                g = a.lucky_forward.ground_assault
                g.hex, g.lead_pr = m.label(t), ids[0]
                g.attackers.extend(ids)
                out.append(a)
                break
    rng.shuffle(out)
    return out[:n]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--size", type=int, default=100)
    ap.add_argument("--stacks", type=int, default=700)
    ap.add_argument("--samples", type=int, default=300)
    ap.add_argument("--seed", type=int, default=5)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    t0 = time.perf_counter()
    state = generate_state(args.size, args.stacks, rng)
    pos = Position(state, RS)
    t_compile = timed(pos.model)
    m: Model = pos.model()
    n_units = sum(1 for _ in m.units.values())
    deep = sum(1 for us in m.by_hex.values() if len(us) >= 3)
    print(f"map {args.size}x{args.size}: {m.hm.n} hexes; {n_units} units, {len(m.by_hex)} occupied hexes, {deep} "
          f"stacks of three or more (generated in {time.perf_counter() - t0:.1f} s); model compiled in "
          f"{ms(t_compile).strip()}")

    # 1. the MA pipeline
    dist = grid_distance(m.hm, rng)
    movers = [u for u in m.units.values() if u.on_map and not u.is_hq and not u.is_leader]
    rng.shuffle(movers)
    movers = movers[: args.samples]
    t_ours, t_plain = [], []
    for u in movers:
        t = time.perf_counter()
        got = allowance(m, u).ma
        t_ours.append(time.perf_counter() - t)
        t = time.perf_counter()
        want = plain_allowance(state, u.id, dist)
        t_plain.append(time.perf_counter() - t)
        assert got == want, (u.id, got, want)
    ours, plain = pct(t_ours, 0.5), pct(t_plain, 0.5)
    print(f"\n1. MA pipeline (7.6.1), {len(movers)} units, same MA from both for every one")
    print(f"   allowance() on the compiled model  p50 {ms(ours)}  p99 {ms(pct(t_ours, 0.99))}")
    print(f"   plain Python on the protobuf state p50 {ms(plain)}")
    print(f"   ratio plain/compiled {plain / ours:8.1f}x")

    # 2. GA validation
    acts = ga_actions(m, rng, args.samples)
    t_warm, t_cold, legal = [], [], 0
    for a in acts:
        t = time.perf_counter()
        v = engine.validate(pos, a)
        t_warm.append(time.perf_counter() - t)
        legal += v.legal
    for a in acts[: max(10, len(acts) // 10)]:
        t = time.perf_counter()
        v2 = engine.validate(state, a)  # a throw-away Position: the model compiled for this call
        t_cold.append(time.perf_counter() - t)
        assert v2.legal == engine.validate(pos, a).legal
    warm, cold = pct(t_warm, 0.5), pct(t_cold, 0.5)
    bad = [v for v in (engine.validate(pos, a) for a in acts) if not v.legal]
    print(f"\n2. GA validation (13.2-13.5), {len(acts)} assaults by PA stacks ({legal} legal)")
    print(f"   engine.validate, compiled model cached on the Position  p50 {ms(warm)}  p99 {ms(pct(t_warm, 0.99))}")
    print(f"   engine.validate, model compiled per call (baseline)     p50 {ms(cold)}")
    print(f"   ratio per-call/cached {cold / warm:8.1f}x")
    if bad:
        v0 = bad[0].violations[0]
        print(f"   (one refused: {v0.message} [{v0.citation.label}])")


if __name__ == "__main__":
    main()
