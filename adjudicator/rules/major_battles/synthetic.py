"""SYNTHETIC large boards for benchmarks and load tests (not a game board):
a grid of towns with roads of every kind and units of both sides, under the
general rules with a fixed setup. Deterministic for a given seed."""

from __future__ import annotations

import random

from adjudicator.rules.major_battles.board import ROAD_COSTS
from adjudicator.rules.major_battles.model import ARMOR, INFANTRY
from adjudicator.rules.major_battles.scenarios import RULESET_ID, complete
from umpire.v1 import definition_pb2

KINDS = tuple(ROAD_COSTS)


def synthetic_scenario(towns: int = 2000, units: int = 400, seed: int = 1) -> definition_pb2.Scenario:
    """`towns` towns on a grid (roads to the right and down neighbours), `units`
    units: half blue in the left half, half red in the right half, at most 4 per town."""
    rng = random.Random(seed)
    width = max(2, int(towns ** 0.5))
    sc = definition_pb2.Scenario(id=f"major-battles/synthetic-{towns}-{units}", name="SYNTHETIC benchmark board",
                                 ruleset=RULESET_ID)
    sc.major_battles.fixed_setup = True
    g = sc.definition.map
    g.id = sc.id
    g.source = "SYNTHETIC: generated for benchmarks; not a game board"
    ids = [f"t{i:05d}" for i in range(towns)]
    for i, tid in enumerate(ids):
        g.graph.towns.add(id=tid, name=tid, x=i % width, y=i // width)
    for i, tid in enumerate(ids):
        right, down = i + 1, i + width
        if right < towns and right % width:
            g.graph.roads.add(id=f"{tid}-{ids[right]}", a=tid, b=ids[right], kind=rng.choice(KINDS))
        if down < towns:
            g.graph.roads.add(id=f"{tid}-{ids[down]}", a=tid, b=ids[down], kind=rng.choice(KINDS))
    left = [t for i, t in enumerate(ids) if i % width < width // 2]
    right_half = [t for i, t in enumerate(ids) if i % width >= width // 2]
    count: dict[str, int] = {}
    for n in range(units):
        side = "us" if n % 2 == 0 else "german"
        pool = left if side == "us" else right_half
        while True:
            town = rng.choice(pool)
            if count.get(town, 0) < 4:
                break
        count[town] = count.get(town, 0) + 1
        uid = f"{'us' if side == 'us' else 'de'}-{n:04d}"
        sc.definition.units.add(id=uid, side=side, type=ARMOR if n % 3 == 0 else INFANTRY)
        sc.setup.add(unit_id=uid, location=town)
    return complete(sc)
