#!/usr/bin/env python3
"""Long reliability runs: the trials of tests/reliability/ (which the normal
suite runs small), at length, against real `umpire serve` processes.

    python scripts/reliability.py kill9    [--db sqlite|postgres|URL] [--kills 20] [--seconds 3]
    python scripts/reliability.py race     [--db ...] [--rounds 200]
    python scripts/reliability.py coherence [--db ...] [--steps 200]
    python scripts/reliability.py latency  [--db ...] [--actions 500]
    python scripts/reliability.py reveal   [--db ...] [--games 30]
    python scripts/reliability.py fuzz     [--requests 3000] [--seed 0]
    python scripts/reliability.py tokens   [--steps 40]
    python scripts/reliability.py all      (each of the above with its defaults, both databases)

Each prints what it counted and ends with PASS or FAIL; the exit code is 1 if
anything failed. PostgreSQL runs use the local server (a schema of their own,
dropped afterwards; UMPIRE_TEST_PG_URL to point elsewhere).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.reliability import trials  # noqa: E402
from tests.reliability.fuzz import cross_side_tokens, fuzz_requests  # noqa: E402
from tests.reliability.harness import ServerProcess  # noqa: E402
from umpire.v1 import service_pb2  # noqa: E402


@contextmanager
def database(which: str) -> Iterator[str]:
    if which not in ("sqlite", "postgres"):
        yield which
        return
    if which == "sqlite":
        with tempfile.TemporaryDirectory() as tmp:
            yield f"sqlite:///{tmp}/reliability.sqlite"
        return
    from tests.support.databases import postgres_unavailable_reason, schema_url

    reason = postgres_unavailable_reason()
    if reason:
        raise SystemExit(reason)
    with schema_url("umpire_rel") as u:
        yield u


@contextmanager
def two_servers(url: str) -> Iterator[tuple[ServerProcess, ServerProcess]]:
    a = ServerProcess(url, "--create-rate", "0")
    try:
        b = ServerProcess(url, "--create-rate", "0")
        try:
            yield a, b
        finally:
            b.stop()
    finally:
        a.stop()


def verdict(ok: bool) -> bool:
    print("PASS" if ok else "FAIL")
    return ok


def run_kill9(args: argparse.Namespace) -> bool:
    with database(args.db) as url:
        total = trials.KillResult()
        for k in range(args.kills):
            r = trials.kill9_trial(url, clients=args.clients, seconds=args.seconds, seed=args.seed + k)
            for f in ("acknowledged", "lost", "changed", "replays_equal", "games", "restarted_versions_match"):
                setattr(total, f, getattr(total, f) + getattr(r, f))
            print(f"  kill {k + 1}/{args.kills}: {r.acknowledged} acknowledged, {r.lost} lost, {r.changed} changed")
    print(f"kill -9 x{args.kills} ({args.db}): {total.acknowledged} acknowledged actions, {total.lost} lost, "
          f"{total.changed} changed; {total.replays_equal}/{total.games} logs replay to their state; "
          f"{total.restarted_versions_match}/{total.games} versions match after restart")
    return verdict(total.acknowledged > 0 and total.lost == 0 and total.changed == 0
                   and total.replays_equal == total.games == total.restarted_versions_match)


def run_race(args: argparse.Namespace) -> bool:
    with database(args.db) as url, two_servers(url) as (a, b):
        r = trials.race_trial(a, b, url, rounds=args.rounds, seed=args.seed)
    print(f"race ({args.db}): {r.rounds} rounds, outcomes {dict(r.outcomes)}; log {r.log_length} actions, "
          f"replays equal: {r.replays_equal}")
    return verdict(dict(r.outcomes) == {"ABORTED+OK": r.rounds} and r.replays_equal)


def run_coherence(args: argparse.Namespace) -> bool:
    with database(args.db) as url, two_servers(url) as (a, b):
        r = trials.coherence_trial(a, b, steps=args.steps, seed=args.seed)
    print(f"coherence ({args.db}): {r.steps} submits on A; answers on B older than A's commit: {r.stale_answers}; "
          f"answers differing from A's: {r.different_answers}; stale submits on B ABORTED: "
          f"{r.stale_aborted}/{r.stale_aborted + r.stale_not_aborted}")
    return verdict(r.stale_answers == 0 and r.different_answers == 0 and r.stale_not_aborted == 0)


def run_latency(args: argparse.Namespace) -> bool:
    with database(args.db) as url, two_servers(url) as (a, b):
        r = trials.latency_trial(a, b, actions=args.actions, seed=args.seed)
    print(f"watch latency A -> B ({args.db}): {r.events} events, {r.missing} missing; "
          f"p50 {r.p50:.1f} ms, p99 {r.p99:.1f} ms, max {r.max:.1f} ms (goal p99 <= 50 ms on PostgreSQL)")
    return verdict(r.missing == 0 and (r.p99 <= 50 or not url.startswith("postgresql")))


def run_reveal(args: argparse.Namespace) -> bool:
    with database(args.db) as url, two_servers(url) as (a, b):
        r = trials.reveal_trial(a, b, games=args.games)
        one = trials.reveal_trial(a, a, games=args.games)
    print(f"concurrent reveal ({args.db}): through two servers {r.revealed}/{r.games} games revealed, "
          f"through one server {one.revealed}/{one.games}; "
          f"{r.seed_matches_commitment + one.seed_matches_commitment} seeds match their commitment")
    r.games += one.games
    r.revealed += one.revealed
    r.seed_matches_commitment += one.seed_matches_commitment
    return verdict(r.revealed == r.games == r.seed_matches_commitment)


def _one_server(args: argparse.Namespace, body: Callable[[ServerProcess], bool]) -> bool:
    with database(args.db) as url:
        s = ServerProcess(url, "--create-rate", "0")
        try:
            return body(s)
        finally:
            s.stop()


def run_fuzz(args: argparse.Namespace) -> bool:
    def body(s: ServerProcess) -> bool:
        t0 = time.perf_counter()
        r = fuzz_requests(s, requests=args.requests, seed=args.seed)
        health = s.health()
        print(f"fuzz ({args.db}): {r.requests} requests in {time.perf_counter() - t0:.0f} s; codes {dict(r.codes)}; "
              f"improper answers: {len(r.bad)}; health afterwards: {'SERVING' if health == 1 else health}")
        for line in r.bad[:20]:
            print("  ", line)
        return verdict(not r.bad and health == 1)

    return _one_server(args, body)


def run_tokens(args: argparse.Namespace) -> bool:
    def body(s: ServerProcess) -> bool:
        listed = s.stub.ListRulesets(service_pb2.ListRulesetsRequest(), timeout=30).rulesets
        cases = [(r.id, sid) for r in listed for sid in r.scenarios]
        r = cross_side_tokens(s, cases, steps=args.steps, seed=args.seed)
        print(f"cross-side tokens: {len(cases)} scenarios, {r.sent} examples sent with the other side's token; "
              f"accepted {r.accepted}, judged legal {r.judged_legal}; codes {dict(r.codes)}")
        for line in r.accepted_examples[:10]:
            print("  ", line)
        return verdict(r.accepted == 0 and r.judged_legal == 0)

    return _one_server(args, body)


COMMANDS: dict[str, Callable[[argparse.Namespace], bool]] = {
    "kill9": run_kill9, "race": run_race, "coherence": run_coherence, "latency": run_latency,
    "reveal": run_reveal, "fuzz": run_fuzz, "tokens": run_tokens,
}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("command", choices=[*COMMANDS, "all"])
    ap.add_argument("--db", default="postgres", help="sqlite, postgres or a database URL")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--kills", type=int, default=20)
    ap.add_argument("--clients", type=int, default=4)
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--rounds", type=int, default=200)
    ap.add_argument("--steps", type=int, default=200)
    ap.add_argument("--actions", type=int, default=500)
    ap.add_argument("--games", type=int, default=30)
    ap.add_argument("--requests", type=int, default=3000)
    args = ap.parse_args()
    if args.command != "all":
        return 0 if COMMANDS[args.command](args) else 1
    ok = True
    for db in ("sqlite", "postgres"):
        args.db = db
        for name in ("kill9", "race", "coherence", "latency", "reveal", "fuzz"):
            print(f"== {name} on {db}")
            ok &= COMMANDS[name](argparse.Namespace(**{**vars(args), "steps": 200 if name == "coherence" else 40}))
    print("== tokens")
    ok &= run_tokens(argparse.Namespace(**{**vars(args), "steps": 40}))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
