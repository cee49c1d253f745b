"""The non-interference property, run long (the suite runs it bounded:
tests/properties/test_noninterference.py).

Usage: python scripts/noninterference.py [--games N] [--steps S] [--check-every K]
                                          [--ruleset ID ...] [--seed SEED]

Plays N random games of every setup of every registered ruleset (and the
toy-line test ruleset) for S actions each, checks the property at every K-th
position for every side, and prints per ruleset the positions checked, the
twins compared, the named reveal moments met and every leak. Exit 1 on a leak.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main(argv: list[str] | None = None) -> int:
    from adjudicator.core.ruleset import register, ruleset_ids
    from tests.support import noninterference as ni

    register("toy-line", "tests.support.synthetic_ruleset:RULESET")
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=int, default=20, help="games per setup (default 20)")
    p.add_argument("--steps", type=int, default=150, help="actions per game (default 150)")
    p.add_argument("--check-every", type=int, default=3, help="check every K-th position (default 3)")
    p.add_argument("--ruleset", action="append", help="only this ruleset (repeatable)")
    p.add_argument("--seed", type=int, default=1, help="first game seed (default 1)")
    args = p.parse_args(argv)
    budget = ni.Budget(steps=args.steps, check_every=args.check_every)
    wanted = args.ruleset or sorted(set(ruleset_ids()) | {"toy-line"})
    leaks = 0
    for rid in wanted:
        total = ni.Report()
        started = time.perf_counter()
        for setup in ni.setups(rid):
            for g in range(args.games):
                total.merge(ni.play(setup, args.seed + g, budget))
        took = time.perf_counter() - started
        print(f"{rid}: {total.positions} positions, {total.twins} twins, {total.compared} answers compared, "
              f"{len(total.leaks)} leaks ({took:.1f}s)")
        for name, n in sorted(total.reveals.items()):
            print(f"  reveal moment met {n}x: {name}")
        for leak in total.leaks[:50]:
            print(f"  LEAK {leak}")
        leaks += len(total.leaks)
    return 1 if leaks else 0


if __name__ == "__main__":
    raise SystemExit(main())
