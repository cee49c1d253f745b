"""Backbone benchmark (issue 2 §9): Major Battles on a generated 2,000-town,
400-unit board.

Prints, in one run:
  1. in-process `engine.validate` on the game's `Position` p50 / p99 (target: p50 <=
     100 us), and on a side's position, as ValidateAction asks it;
  2. ValidateAction over gRPC loopback against a no-op echo servicer answering
     the same method with a response of the same size, both servers in their own
     process, serial calls from one client, alternating short rounds between the
     two so background load hits both alike (target: median >= 70% of the echo).

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
from adjudicator.core import disclosure, engine  # noqa: E402
from adjudicator.core.position import Position  # noqa: E402
from adjudicator.core.ruleset import get_ruleset  # noqa: E402
from adjudicator.rules.major_battles.synthetic import synthetic_scenario  # noqa: E402
from benchmarks import grpc_baseline as gb  # noqa: E402
from umpire.v1 import action_pb2, definition_pb2, major_battles_pb2, service_pb2, state_pb2  # noqa: E402

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


def bench_in_process(pos: Position, actions: list[action_pb2.Action], side: str = "") -> gb.Timing:
    """`engine.validate` on one position (the service keeps one per hot game), or with
    `side` as ValidateAction asks it: on that side's position (core/disclosure.py)."""
    it = iter(actions * 3)
    if side:
        return gb.time_calls(lambda: disclosure.validate_for(pos, side, next(it)), len(actions),
                             warmup=min(500, len(actions)))
    return gb.time_calls(lambda: engine.validate(pos, next(it)), len(actions), warmup=min(500, len(actions)))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--towns", type=int, default=2000)
    ap.add_argument("--units", type=int, default=400)
    ap.add_argument("--calls", type=int, default=6000, help="gRPC calls per server, split into rounds")
    ap.add_argument("--rounds", type=int, default=10)
    args = ap.parse_args()

    t0 = time.perf_counter()
    sc = synthetic_scenario(args.towns, args.units)
    state = start_state(sc)
    actions = candidate_moves(state, 2000)
    print(f"board: {len(sc.definition.map.graph.towns)} towns, {len(sc.definition.map.graph.roads)} roads, "
          f"{len(sc.definition.units)} units (SYNTHETIC); setup {time.perf_counter() - t0:.2f} s")

    pos = Position(state, get_ruleset("major-battles"))
    legal_share = sum(engine.validate(pos, a).legal for a in actions) / len(actions)
    ip = bench_in_process(pos, actions)
    print(f"in-process validate: p50 {ip.p50_us:.1f} us, p99 {ip.p99_us:.1f} us "
          f"({legal_share:.0%} of the actions legal)  target p50 <= 100 us: "
          f"{'MET' if ip.p50_us <= 100 else 'MISSED'}")
    side = bench_in_process(pos, actions, "us")
    print(f"in-process validate on the side's view (ValidateAction's path): p50 {side.p50_us:.1f} us, "
          f"p99 {side.p99_us:.1f} us")

    with tempfile.TemporaryDirectory() as tmp:
        umpire = gb.start_umpire(f"sqlite:///{tmp}/bench.sqlite")
        echo = None
        try:
            request, response, token = prepare_game(umpire.port, sc, actions[0])
            echo = gb.start_echo(response.SerializeToString())
            real_ch, real_call = gb.validate_caller(umpire.port, request, token)
            echo_ch, echo_call = gb.validate_caller(echo.port, request, token)
            # Alternate short blocks so background load hits both sides alike;
            # the ratio is the median of the per-round ratios.
            rounds = max(3, args.rounds)
            per = max(200, args.calls // rounds)
            ratios, reals, echos = [], [], []
            for _ in range(rounds):
                r = gb.time_calls(real_call, per, warmup=50)
                e = gb.time_calls(echo_call, per, warmup=50)
                reals.append(r)
                echos.append(e)
                ratios.append(r.per_second / e.per_second)
            real_ch.close()
            echo_ch.close()
        finally:
            umpire.stop()
            if echo is not None:
                echo.stop()
    ratio = gb.median(ratios)
    real = reals[ratios.index(sorted(ratios)[len(ratios) // 2])]
    base = echos[ratios.index(sorted(ratios)[len(ratios) // 2])]
    print(f"gRPC ValidateAction: {gb.median([x.per_second for x in reals]):,.0f} calls/s median, "
          f"p50 {real.p50_us:.0f} us, p99 {real.p99_us:.0f} us "
          f"(request {request.ByteSize()} B, response {response.ByteSize()} B)")
    print(f"echo baseline (same method, same sizes): {gb.median([x.per_second for x in echos]):,.0f} calls/s median, "
          f"p50 {base.p50_us:.0f} us, p99 {base.p99_us:.0f} us")
    print(f"ratio umpire/echo throughput over {len(ratios)} alternating rounds: median {ratio:.2f} "
          f"(min {min(ratios):.2f}, max {max(ratios):.2f})  target >= 0.70: {'MET' if ratio >= 0.7 else 'MISSED'}")


def prepare_game(
    port: int, sc: definition_pb2.Scenario, action: action_pb2.Action
) -> tuple[service_pb2.ValidateActionRequest, service_pb2.ValidateActionResponse, str]:
    import grpc

    from umpire.v1 import service_pb2_grpc

    with grpc.insecure_channel(f"127.0.0.1:{port}") as ch:
        stub = service_pb2_grpc.AdjudicatorStub(ch)
        created = stub.CreateGame(service_pb2.CreateGameRequest(ruleset="major-battles", scenario=sc), timeout=120)
        token = {t.side: t.token for t in created.tokens}["us"]
        md = [("authorization", f"Bearer {token}")]
        stub.SubmitAction(service_pb2.SubmitActionRequest(
            game_id=created.game_id, expected_version=0,
            action=action_pb2.Action(major_battles=major_battles_pb2.MajorBattlesAction(
                turn_card=major_battles_pb2.MbTurnCard(value=9)))), metadata=md, timeout=30)
        request = service_pb2.ValidateActionRequest(game_id=created.game_id, action=action)
        response = stub.ValidateAction(request, metadata=md, timeout=30)
    return request, response, token


if __name__ == "__main__":
    main()
