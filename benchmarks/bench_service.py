"""Backbone benchmark (issue 2 §9): Major Battles on a generated 2,000-town,
400-unit board.

Prints, in one run:
  1. in-process `engine.validate` p50 / p99 (target: p50 <= 100 us);
  2. ValidateAction over gRPC loopback against a no-op echo servicer answering
     the same method with a response of the same size, both servers in their own
     process, serial calls from one client (target: >= 70% of the echo's calls/s).

The board is SYNTHETIC (a generated road grid), not a published board: it only
gives the rules engine a realistic amount of work.

    python benchmarks/bench_service.py [--towns 2000] [--units 400] [--calls 3000]
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from adjudicator.core import dice as dice_mod  # noqa: E402
from adjudicator.core import engine  # noqa: E402
from adjudicator.core.ruleset import get_ruleset  # noqa: E402
from benchmarks import grpc_baseline as gb  # noqa: E402
from umpire.v1 import (  # noqa: E402
    action_pb2,
    definition_pb2,
    major_battles_pb2,
    map_pb2,
    service_pb2,
    state_pb2,
)

KINDS = ("solid", "dashed", "dotted")


def generate_scenario(n_towns: int, n_units: int, seed: int = 7) -> definition_pb2.Scenario:
    """A SYNTHETIC road grid: towns on a square lattice, roads to the right and
    below (and some diagonals), random road types; units two per town, the two
    sides on opposite halves."""
    rng = random.Random(seed)
    width = int(n_towns**0.5) or 1
    graph = map_pb2.GraphMap()
    ids = [f"t{i:05d}" for i in range(n_towns)]
    for i, tid in enumerate(ids):
        graph.towns.add(id=tid, name=tid, x=float(i % width), y=float(i // width))
    for i, tid in enumerate(ids):
        r, c = divmod(i, width)
        for j in (i + 1 if c + 1 < width else None, i + width, i + width + 1 if c + 1 < width else None):
            if j is not None and j < n_towns and (j != i + width + 1 or rng.random() < 0.3):
                graph.roads.add(id=f"{tid}--{ids[j]}", a=tid, b=ids[j], kind=rng.choice(KINDS))
    sc = definition_pb2.Scenario(
        id="bench/generated", name="SYNTHETIC generated board", ruleset="major-battles",
        major_battles=major_battles_pb2.MajorBattlesScenario(
            blue_side="us", red_side="german", blue_cards=12, red_cards=11, fixed_setup=True
        ),
    )
    d = sc.definition
    d.id = "bench/generated"
    d.sides.add(id="us", name="American")
    d.sides.add(id="german", name="German")
    d.map.CopyFrom(map_pb2.GameMap(id="generated", name="generated", source="SYNTHETIC benchmark board", graph=graph))
    half = n_units // 2
    for side, offset in (("us", 0), ("german", n_towns // 2)):
        for k in range(half):
            uid = f"{side}-{k:03d}"
            kind = "armor" if k % 3 == 0 else "infantry"
            d.units.add(id=uid, side=side, type=kind, name=uid)
            sc.setup.add(unit_id=uid, location=ids[(offset + (k // 2) * 3) % n_towns])
    return sc


def start_state(sc: definition_pb2.Scenario) -> state_pb2.GameState:
    rs = get_ruleset("major-battles")
    seed = b"\x07" * 32
    state, _ = engine.new_game(rs, sc, game_id="bench", options={}, tables=None,
                               dice=dice_mod.HmacDice(seed, "bench", 0, 0))
    # Physical-deck mode: the first player turns a real card and reports it.
    turn = action_pb2.Action(side="us", major_battles=major_battles_pb2.MajorBattlesAction(
        turn_card=major_battles_pb2.MbTurnCard(value=9)))
    return engine.apply_action(state, turn, lambda s, v: dice_mod.HmacDice(seed, "bench", s, v)).state


def candidate_moves(state: state_pb2.GameState, n: int) -> list[action_pb2.Action]:
    """Moves the rules will judge: legal examples from the ruleset, plus illegal
    variants (too long, wrong road) so both paths are measured."""
    rs = get_ruleset("major-battles")
    legal = [la.example for la in rs.legal_actions(state, "us") if la.example.WhichOneof("kind") == "move"]
    if not legal:
        raise SystemExit("no legal moves offered: the benchmark cannot run")
    out = []
    rng = random.Random(1)
    towns = [t.id for t in state.scenario.definition.map.graph.towns]
    for i in range(n):
        a = action_pb2.Action()
        a.CopyFrom(rng.choice(legal))
        if i % 4 == 3:
            a.move.path.append(rng.choice(towns))  # usually not adjacent: illegal
        out.append(a)
    return out


def bench_in_process(state: state_pb2.GameState, actions: list[action_pb2.Action]) -> gb.Timing:
    it = iter(actions * 3)
    return gb.time_calls(lambda: engine.validate(state, next(it)), len(actions), warmup=min(500, len(actions)))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--towns", type=int, default=2000)
    ap.add_argument("--units", type=int, default=400)
    ap.add_argument("--calls", type=int, default=3000)
    args = ap.parse_args()

    t0 = time.perf_counter()
    sc = generate_scenario(args.towns, args.units)
    state = start_state(sc)
    actions = candidate_moves(state, 2000)
    print(f"board: {len(sc.definition.map.graph.towns)} towns, {len(sc.definition.map.graph.roads)} roads, "
          f"{len(sc.definition.units)} units (SYNTHETIC); setup {time.perf_counter() - t0:.2f} s")

    legal_share = sum(engine.validate(state, a).legal for a in actions) / len(actions)
    ip = bench_in_process(state, actions)
    print(f"in-process validate: p50 {ip.p50_us:.1f} us, p99 {ip.p99_us:.1f} us "
          f"({legal_share:.0%} of the actions legal)  target p50 <= 100 us: "
          f"{'MET' if ip.p50_us <= 100 else 'MISSED'}")

    with tempfile.TemporaryDirectory() as tmp:
        db = f"sqlite:///{tmp}/bench.sqlite"
        umpire = gb.start_umpire(db)
        try:
            import grpc

            from umpire.v1 import service_pb2_grpc

            ch = grpc.insecure_channel(f"127.0.0.1:{umpire.port}")
            stub = service_pb2_grpc.AdjudicatorStub(ch)
            created = stub.CreateGame(service_pb2.CreateGameRequest(ruleset="major-battles", scenario=sc), timeout=120)
            token = {t.side: t.token for t in created.tokens}["us"]
            md = [("authorization", f"Bearer {token}")]
            stub.SubmitAction(service_pb2.SubmitActionRequest(
                game_id=created.game_id, expected_version=0,
                action=action_pb2.Action(major_battles=major_battles_pb2.MajorBattlesAction(
                    turn_card=major_battles_pb2.MbTurnCard(value=9)))), metadata=md, timeout=30)
            request = service_pb2.ValidateActionRequest(game_id=created.game_id, action=actions[0])
            response = stub.ValidateAction(request, metadata=md, timeout=30)
            ch.close()
            channel, call = gb.validate_caller(umpire.port, request, token)
            real = gb.time_calls(call, args.calls)
            channel.close()
        finally:
            umpire.stop()
        echo = gb.start_echo(response.SerializeToString())
        try:
            channel, call = gb.validate_caller(echo.port, request, token)
            base = gb.time_calls(call, args.calls)
            channel.close()
        finally:
            echo.stop()
    ratio = real.per_second / base.per_second
    print(f"gRPC ValidateAction: {real.per_second:,.0f} calls/s, p50 {real.p50_us:.0f} us, p99 {real.p99_us:.0f} us "
          f"(request {request.ByteSize()} B, response {response.ByteSize()} B)")
    print(f"echo baseline (same sizes): {base.per_second:,.0f} calls/s, p50 {base.p50_us:.0f} us, "
          f"p99 {base.p99_us:.0f} us")
    print(f"ratio umpire/echo throughput: {ratio:.2f}  target >= 0.70: {'MET' if ratio >= 0.7 else 'MISSED'}")


if __name__ == "__main__":
    main()
