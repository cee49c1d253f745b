"""Benchmark: the CLI's start-up, whole processes against `python -c pass` in the same run.

Why: a player settling a dispute runs one `umpire` command at a time, so what
they wait for is mostly start-up (imports), not adjudication. Issue 13 goals,
on this machine: `umpire --help` <= 0.25 s and an offline `umpire adjudicate`
<= 0.5 s.

Each command runs as its own process, interleaved with the others (every one
sees the same machine load), --repeat times; printed are the medians of wall
time and of CPU (user + sys of the child, from os.wait4), the same figures
less the `python -c pass` baseline, and the ratio to it:

* python -c pass                     the interpreter's own start-up (baseline)
* umpire --help                      typer builds every command's options
* umpire --version
* umpire adjudicate STATE --action-text A -o OUT
                                     offline, on the demo state: `umpire new
                                     major-battles/normandy -o STATE` then the
                                     first legal action `umpire legal` offers
* umpire legal STATE, umpire show STATE, umpire rulesets (for information: no goal)

The children run without PYTHONDONTWRITEBYTECODE (an installed CLI has its
byte-code cached; the untimed first run of each command writes it), so what is
timed is the steady state a user sees, not compiling every module each time.

Run: python benchmarks/bench_startup.py [--repeat N]
(`python -X importtime -m cli.main --help` says where the time goes.)
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

GOALS = {"umpire --help": 0.25, "umpire adjudicate": 0.5}  # seconds (issue 13)


def umpire_argv() -> list[str]:
    """The installed console script (what a user runs), else `python -m cli.main`."""
    exe = Path(sys.executable).with_name("umpire")
    return [str(exe)] if exe.exists() else [sys.executable, "-m", "cli.main"]


ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def run_once(argv: list[str]) -> tuple[float, float]:
    """(wall seconds, CPU seconds user+sys) of one child process; its output is discarded."""
    t = time.perf_counter()
    p = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=ROOT, env=ENV)
    assert p.stderr is not None
    err = p.stderr.read()
    _pid, status, ru = os.wait4(p.pid, 0)
    wall = time.perf_counter() - t
    p.stderr.close()
    p.returncode = code = os.waitstatus_to_exitcode(status)
    if code != 0:
        raise SystemExit(f"{' '.join(argv[:3])} ... failed ({code}): {err.decode(errors='replace')[-400:]}")
    return wall, ru.ru_utime + ru.ru_stime


def first_legal_action(umpire: list[str], state: Path) -> str:
    """The first example action `umpire legal --json` offers, as --action-text."""
    from google.protobuf import json_format, text_format

    from umpire.v1 import service_pb2

    r = subprocess.run(umpire + ["legal", str(state), "--json"], capture_output=True, text=True, check=True, cwd=ROOT,
                       env=ENV)
    resp = json_format.Parse(r.stdout, service_pb2.QueryResponse())
    example = next(la.example for la in resp.legal_actions if la.example.ByteSize())
    return text_format.MessageToString(example, as_one_line=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--repeat", type=int, default=15, help="runs of each command (medians are printed)")
    args = ap.parse_args()
    umpire = umpire_argv()
    with tempfile.TemporaryDirectory() as tmp:
        state, after = Path(tmp) / "state.json", Path(tmp) / "after.json"
        subprocess.run(umpire + ["new", "major-battles/normandy", "-o", str(state)], check=True, cwd=ROOT,
                       stdout=subprocess.DEVNULL, env=ENV)
        action = first_legal_action(umpire, state)
        runs: dict[str, list[str]] = {
            "python -c pass": [sys.executable, "-c", "pass"],
            "umpire --help": umpire + ["--help"],
            "umpire --version": umpire + ["--version"],
            "umpire adjudicate": umpire + ["adjudicate", str(state), "--action-text", action, "-o", str(after)],
            "umpire legal": umpire + ["legal", str(state)],
            "umpire show": umpire + ["show", str(state)],
            "umpire rulesets": umpire + ["rulesets"],
        }
        wall: dict[str, list[float]] = {k: [] for k in runs}
        cpu: dict[str, list[float]] = {k: [] for k in runs}
        for name, argv in runs.items():  # once untimed: byte-compiled files written, disk cache warm
            run_once(argv)
        for _ in range(args.repeat):  # interleaved: every command sees the same machine load
            for name, argv in runs.items():
                w, c = run_once(argv)
                wall[name].append(w)
                cpu[name].append(c)
    med_w = {k: statistics.median(v) for k, v in wall.items()}
    med_c = {k: statistics.median(v) for k, v in cpu.items()}
    base_w, base_c = med_w["python -c pass"], med_c["python -c pass"]
    print(f"start-up, median of {args.repeat} runs each ({' '.join(umpire)}; action: {action})")
    print(f"  {'command':18s} {'wall s':>7s} {'-pass':>7s} {'x pass':>7s}   {'CPU s':>7s} {'-pass':>7s} {'x pass':>7s}")
    for name in runs:
        print(f"  {name:18s} {med_w[name]:7.3f} {med_w[name] - base_w:7.3f} {med_w[name] / base_w:7.1f}   "
              f"{med_c[name]:7.3f} {med_c[name] - base_c:7.3f} {med_c[name] / base_c:7.1f}")
    verdicts = {}
    for name, goal in GOALS.items():
        met_w, met_c = med_w[name] <= goal, med_c[name] <= goal
        verdicts[name] = met_w and met_c
        print(f"  goal {name} <= {goal:.2f} s: wall {med_w[name]:.3f} s {'met' if met_w else 'NOT met'}, "
              f"CPU {med_c[name]:.3f} s {'met' if met_c else 'NOT met'}")
    print(json.dumps({"wall": med_w, "cpu": med_c, "goals_met": verdicts}))


if __name__ == "__main__":
    main()
