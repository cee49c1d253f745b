"""Patton's 3rd Army benchmark: `engine.validate` and `engine.apply_action` p50
for a mid-game position, against Nordwind 1945 measured in the same run.

Each ruleset is played from its shipped scenario by a seeded random player
(legal examples, end of phase one time in four) until the middle of the game:
Patton's 3rd Army on the ILLUSTRATIVE map and counters with the SYNTHETIC
tables of the tests (its CRT, TEC and Weather Table are not in the text),
Turn 6 (the 896-hex map, ~60 units, several chits drawn). Nordwind's shipped
scenarios stop at their first missing counter value, so Nordwind is measured
on bench_hex.py's SYNTHETIC generator at the same size (30x30 hexes, 60
units with every value known) in its Allied Movement Phase. Then, on each
position, for moves of a dozen units to the middle of their reach (and, for Patton's 3rd Army, every attack example in its
next Combat Phase, whose verdict carries the odds distribution over the chits
the attacker cannot see):

* validate: on the position the service keeps for a hot game (`Position`,
  model built once, as in `GameManager`), then on a fresh bare state (model
  built for the call);
* apply: `engine.apply_action` on the hot position.

Then the obligation to attack (AMBIG-14) on a 20-hex front: validate of
one-unit attacks and of end_phase under 'max-cover' (a check per declaration),
'coverable' and 'off', with the ratio to 'coverable', and the declaration
check alone.

Figures are p50 in milliseconds with the Patton / Nordwind ratio.

    python benchmarks/bench_pattons.py [--repeat 30] [--seed 4]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from google.protobuf import text_format  # noqa: E402

from adjudicator.core import dice as dice_mod  # noqa: E402
from adjudicator.core import engine  # noqa: E402
from adjudicator.core.errors import NeedsData, UmpireError  # noqa: E402
from adjudicator.core.position import Position  # noqa: E402
from adjudicator.core.ruleset import Ruleset, get_ruleset  # noqa: E402
from benchmarks.bench_hex import generate_state  # noqa: E402
from umpire.v1 import action_pb2, state_pb2, tables_pb2  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
SYNTHETIC = ROOT / "tests" / "rules" / "pattons" / "synthetic_tables.textproto"


def acting(st: state_pb2.GameState) -> str:
    return st.pending.side if st.HasField("pending") else st.active_side


def play(rs: Ruleset, scenario: str, tables: tables_pb2.TableSet | None, seed: int,
         stop: Callable[[state_pb2.GameState], bool], limit: int = 3000) -> state_pb2.GameState:
    sb = seed.to_bytes(32, "big")
    st, _ = engine.new_game(rs, rs.load_scenario(scenario), game_id="bench", options={}, tables=tables,
                            dice=dice_mod.HmacDice(sb, "bench", 0, 0))
    rng = random.Random(seed)
    for _ in range(limit):
        if st.finished or stop(st):
            break
        side = acting(st)
        options = [la for la in rs.legal_actions(st, side) if la.example.WhichOneof("kind")]
        if not options:
            break
        ends = [la for la in options if la.kind == "end_phase"]
        la = ends[0] if ends and rng.random() < 0.25 else rng.choice(options)
        a = action_pb2.Action()
        a.CopyFrom(la.example)
        a.side = side
        try:
            st = engine.apply_action(st, a, lambda s, v: dice_mod.HmacDice(sb, "bench", s, v)).state
        except NeedsData:
            break
    return st


def examples(rs: Ruleset, st: state_pb2.GameState, kind: str) -> list[action_pb2.Action]:
    side = acting(st)
    out = []
    for la in rs.legal_actions(st, side):
        if la.kind == kind:
            a = action_pb2.Action()
            a.CopyFrom(la.example)
            a.side = side
            out.append(a)
    return out


def reach_moves(rs: Ruleset, st: state_pb2.GameState, n: int = 12) -> list[action_pb2.Action]:
    """Moves of up to `n` units of the moving side to the middle of what each can
    reach (the same kind of question for both rulesets)."""
    side = st.active_side
    out: list[action_pb2.Action] = []
    for u in sorted(x.unit_id for x in st.units if x.side == side and x.status == 0):
        if len(out) >= n:
            break
        try:
            locs = rs.reach(st, u)
        except UmpireError:  # a unit that cannot move now (needs data) is skipped
            continue
        if not locs:
            continue
        mid = sorted(locs, key=lambda r: (r.cost, r.location))[len(locs) // 2]
        a = action_pb2.Action(side=side, move=action_pb2.MoveUnits(unit_ids=[u], path=list(mid.path)))
        if engine.validate(st, a).legal:
            out.append(a)
    return out


def p50(samples: list[float]) -> float:
    return statistics.median(samples) * 1000


def measure(rs: Ruleset, st: state_pb2.GameState, actions: list[action_pb2.Action], repeat: int,
            seed: int) -> dict[str, float]:
    hot = Position(st, rs)
    hot.model()
    warm: list[float] = []
    cold: list[float] = []
    applied: list[float] = []
    sb = seed.to_bytes(32, "big")
    for _ in range(repeat):
        for a in actions:
            t0 = time.perf_counter()
            engine.validate(hot, a)
            warm.append(time.perf_counter() - t0)
            bare = state_pb2.GameState()
            bare.CopyFrom(st)
            t0 = time.perf_counter()
            engine.validate(bare, a)
            cold.append(time.perf_counter() - t0)
            t0 = time.perf_counter()
            try:
                engine.apply_action(hot, a, lambda s, v: dice_mod.HmacDice(sb, "bench", s, v))
            except NeedsData:
                continue
            applied.append(time.perf_counter() - t0)
    return {"validate (hot)": p50(warm), "validate (fresh state)": p50(cold),
            "apply": p50(applied) if applied else float("nan")}


MANDATORY = "p3.amb14-mandatory"


def timed(samples: list[float], call: Callable[[], object]) -> None:
    t0 = time.perf_counter()
    call()
    samples.append(time.perf_counter() - t0)


def with_option(st: state_pb2.GameState, name: str, value: str) -> state_pb2.GameState:
    out = state_pb2.GameState()
    out.CopyFrom(st)
    next(o for o in out.options if o.name == name).value = value
    return out


def front_line(rs: Ruleset, tables: tables_pb2.TableSet, option: str, width: int = 20) -> state_pb2.GameState:
    """A US Combat Phase on a straight front (ILLUSTRATIVE counters): `width` US
    regiments in column 10 facing `width` German units in column 11, each US hex
    touching two German ones."""
    from adjudicator.rules.pattons.counters import check_units

    sc = rs.load_scenario("pattons-3rd-army/metz")
    counters = check_units(sc.definition.units)

    def line(side: str) -> list[str]:
        return sorted(u for u, c in counters.items() if c.side == side and c.large and not c.artillery
                      and not c.metz)[:width]

    us, german = line("us"), line("german")
    n = min(len(us), len(german))
    del sc.setup[:]
    del sc.pattons.arrivals[:]
    for r in range(n):
        sc.setup.add(unit_id=us[r], location=f"10{r + 1:02d}")
        sc.setup.add(unit_id=german[r], location=f"11{r + 1:02d}")
    sc.pattons.support["12"] = 40
    sc.pattons.support["20"] = 35
    st, _ = engine.new_game(rs, sc, game_id="front", options={MANDATORY: option}, tables=tables,
                            dice=dice_mod.ScriptedDice([]))
    st.turn, st.phase, st.active_side = 5, "us-combat", "us"
    for u in st.units:
        del u.markers[:]
    return st


def obligation_figures(rs: Ruleset, tables: tables_pb2.TableSet, repeat: int) -> None:
    """AMBIG-14 'max-cover' against 'coverable' (no check per declaration) and
    'off' on the same front, same run: validate of one-unit attacks (accepted
    or refused), of end_phase, and the declaration check alone."""
    from adjudicator.core.verdicts import VerdictBuilder
    from adjudicator.rules.pattons import obligation
    from adjudicator.rules.pattons.model import Game

    rows: dict[str, dict[str, float]] = {}
    for option in ("max-cover", "coverable", "off"):
        st = front_line(rs, tables, option)
        g = Game(st)
        us = sorted((g.hex_of[u], u) for u in g.on_map("us"))
        attacks = [action_pb2.Action(side="us", attack=action_pb2.Attack(target=g.label(t), attackers=[u]))
                   for h, u in us for t in sorted(g.hm.neighbours(h)) if g.stack(t, "german")]
        hot = Position(st, rs)
        hot.model()
        att: list[float] = []
        ends: list[float] = []
        alone: list[float] = []
        end = action_pb2.Action(side="us", end_phase=action_pb2.EndPhase())
        for _ in range(repeat):
            for a in attacks:
                timed(att, lambda: engine.validate(hot, a))
                timed(alone, lambda: obligation.check_declaration(g, "us", [g.hex(a.attack.target)],
                                                                  list(a.attack.attackers), VerdictBuilder()))
            timed(ends, lambda: engine.validate(hot, end))
        refused = sum(not engine.validate(hot, a).legal for a in attacks)
        rows[option] = {"attack": p50(att), "end_phase": p50(ends), "check alone": p50(alone),
                        "refused": refused, "attacks": len(attacks), "front": len(us)}
    base = rows["coverable"]
    print(f"\nAMBIG-14 on a front of {rows['max-cover']['front']:.0f} US hexes against as many German ones (US "
          "Combat Phase; one-unit attacks on each German neighbour; p50 ms, ratio to 'coverable' in the same run)")
    print(f"{'option':12} {'attack':>9} {'ratio':>6} {'end_phase':>10} {'ratio':>6} {'check alone':>12}  refused")
    for option, r in rows.items():
        print(f"{option:12} {r['attack']:9.3f} {r['attack'] / base['attack']:6.2f} {r['end_phase']:10.3f} "
              f"{r['end_phase'] / base['end_phase']:6.2f} {r['check alone'] * 1000:10.1f}us  "
              f"{r['refused']:.0f}/{r['attacks']:.0f}")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=30)
    ap.add_argument("--seed", type=int, default=4)
    args = ap.parse_args()
    p3 = get_ruleset("pattons-3rd-army")
    nw = get_ruleset("nordwind-1945")
    tables = text_format.Parse(SYNTHETIC.read_text(), tables_pb2.TableSet())

    mid = play(p3, "pattons-3rd-army/metz", tables, args.seed,
               lambda s: s.turn >= 6 and s.phase == "us-movement" and not s.HasField("pending"))
    p3_moves = reach_moves(p3, mid)
    combat = play(p3, "pattons-3rd-army/metz", tables, args.seed + 1,
                  lambda s: s.turn >= 6 and s.phase.endswith("-combat") and not s.HasField("pending")
                  and bool(examples(p3, s, "attack")))
    p3_attacks = examples(p3, combat, "attack")
    nw_mid = generate_state(30, 60, random.Random(args.seed))
    nw_moves = reach_moves(nw, nw_mid)
    if not p3_moves or not nw_moves:
        raise SystemExit("no move examples at the mid-game positions: the benchmark cannot run")
    held = len(mid.pattons.held)
    print(f"Patton's 3rd Army: turn {mid.turn} {mid.phase}, {sum(1 for u in mid.units if u.status == 0)} units on "
          f"the map, {held} chits drawn; {len(p3_moves)} moves, {len(p3_attacks)} attack examples "
          f"(turn {combat.turn} {combat.phase})")
    print(f"Nordwind 1945:     turn {nw_mid.turn} {nw_mid.phase}, "
          f"{sum(1 for u in nw_mid.units if u.status == 0)} units on the map (SYNTHETIC 30x30); {len(nw_moves)} moves")
    p3_m = measure(p3, mid, p3_moves, args.repeat, args.seed)
    nw_m = measure(nw, nw_mid, nw_moves, args.repeat, args.seed)
    print(f"\n{'p50 (ms)':28} {'Patton move':>12} {'Nordwind move':>14} {'ratio':>7}")
    for k in p3_m:
        ratio = p3_m[k] / nw_m[k] if nw_m[k] == nw_m[k] and nw_m[k] else float("nan")
        print(f"{k:28} {p3_m[k]:12.3f} {nw_m[k]:14.3f} {ratio:7.2f}")
    if p3_attacks:
        p3_a = measure(p3, combat, p3_attacks, args.repeat, args.seed)
        hex_by_hex = measure(p3, with_option(combat, MANDATORY, "coverable"), p3_attacks, args.repeat, args.seed)
        print(f"\n{'p50 (ms)':28} {'Patton attack':>12}   (odds preview over the hidden chits; apply draws them)")
        for k, v in p3_a.items():
            print(f"{k:28} {v:12.3f}   ({v / nw_m.get(k, float('nan')):.2f} x Nordwind's move; "
                  f"{v / hex_by_hex[k]:.2f} x the same with AMBIG-14 'coverable')")
    obligation_figures(p3, tables, args.repeat)


if __name__ == "__main__":
    main()
