"""Benchmark: VASSAL save import and export against the floor measured in the same run.

Generates a save like a real monster game's (5,000 pieces with rich trait
chains, tens of MB of decoded command text) for a generated hex module, then:

* floor  = zipfile read + bytes.fromhex + XOR via bytes.translate + split on ESC
* import = read the archive, decode, parse the command tree and every piece,
           bind and locate every piece, build the canonical GameState
* export = what `umpire convert state.json out.vsav --base base.vsav` does after
           reading the state: read the base save from its bytes, write the state
           (one unit moved) back onto it, zip it. The state carries what the
           import saw (GameState.import_source), so only the moved piece is
           decoded; second figure: a state without it (every piece bound again)
* peak memory of the import (tracemalloc) against the decoded text size

Targets (issue 5): import <= 5x floor, export <= 5x floor, peak <= 10x text.

Whole process (issue 13), on a real-size file: each as its own process, CPU
(user + sys, from os.wait4) and peak RSS, best of --repeat:

* floor process   = python running the floor above on the save
* `umpire convert SAVE state.json --module MOD` (the installed CLI: start-up included)
* converter alone = a python that imports cli.vassal_cmds and runs the same
  conversion (the importer's own cost, without the CLI's start-up)

The processes run without PYTHONDONTWRITEBYTECODE (as in bench_startup.py:
an installed CLI has its byte-code cached; an untimed first run of each writes
it), so what is timed is what a user sees, not compiling sixty modules each
time (the floor's standard library is compiled already).

Targets: `umpire convert` <= 3x the floor process's CPU, peak RSS <= 10x the
decoded text. `--save FILE --module FILE` runs it on a real save (the largest
we know of, the 13.9 M-character Paths of Glory save: see docs/vassal.md §11);
otherwise on the generated save.
Run: python benchmarks/bench_vassal.py [--pieces N] [--repeat R] [--save S --module M] [--whole-only]
"""

from __future__ import annotations

import argparse
import io
import os
import subprocess
import sys
import tempfile
import time
import tracemalloc
import zipfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from exporters.vassal.archive import save_entries, zip_bytes  # noqa: E402
from exporters.vassal.build import SaveBuilder  # noqa: E402
from exporters.vassal.archive import entries_with  # noqa: E402
from exporters.vassal.from_canonical import apply_state_encoded  # noqa: E402
from exporters.vassal.module_build import build_module  # noqa: E402
from importers.vassal.archive import Archive  # noqa: E402
from importers.vassal.chains import AddPieceText, join_chain, split_levels  # noqa: E402
from importers.vassal.gcpause import paused_gc  # noqa: E402
from importers.vassal.game import read_game_archive  # noqa: E402
from importers.vassal.module import Module  # noqa: E402
from importers.vassal.obfuscation import Encoding  # noqa: E402
from importers.vassal.pieces import Piece  # noqa: E402
from importers.vassal.prototypes import expand  # noqa: E402
from importers.vassal.to_canonical import import_game  # noqa: E402
from umpire.v1 import definition_pb2, map_pb2, state_pb2, vassal_pb2  # noqa: E402

# Traits of the kind real modules stack on every counter (shapes from the
# Ragnarok sample), padded with the long report formats monster games carry.
EXTRA = [
    ("AreaOfEffect;102,102,102;30;1;false;Show ZOC;90,195;;true;;ZOC;;;;;;true", "false"),
    ("footprint;84,130;Movement Trail;false;false;10;255,255,255;0,0,0;100;50;20;30;1.0;;;;", "false;null;0;;0"),
    ("rotate;6;93,130;91,130;Rotate CW;Rotate CCW;;;;;;;;true", "0"),
    ("sendto;Deadpile;69,130;DeadPile;DeadPile;50;50;;;;0;0;0;Send to Deadpile;L;;;;", ";;"),
    ("markmoved;moved.gif;35;-35;Mark Moved;77,130;;false;Mark piece as moved;;Mark piece as unmoved;", "false"),
    ("report;68\\,130;$oldPieceName$ deleted;;;Delete;false", "-1"),
    ("report;69\\,130;$oldPieceName$ eliminated;;;Eliminated;false", "-1"),
    ("report;83\\,195;$oldPieceName$ steploss;;;Steploss;false", "-1"),
    ("clone;Clone;67,130;", ""),
    ("delete;Delete;68,130;", ""),
    ("propertysheet;0Notes;Notes;;2;;;;78,130;", "~"),
    ("macro;Advance;;;;85\\,130;82\\,195;false;;;counted;;;;false;;1;1", ""),
]
# Density of a real monster-game save: the 3.7.10 Paths of Glory save of the
# research notes has 13.9 M characters for 2,256 pieces, about 6 KB per piece.
FORMATS = ",".join(f"$location$: $newPieceName$ report {i} " + "x" * 120 for i in range(30))
THIN_FORMATS = ",".join(f"$location$: $newPieceName$ report {i} " + "x" * 120 for i in range(14))


def definition(n_units: int) -> definition_pb2.GameDefinition:
    d = definition_pb2.GameDefinition(id="bench/monster", name="Bench Monster", ruleset="bench")
    d.sides.add(id="blue", color="blue")
    d.sides.add(id="red", color="red")
    d.map.hex.grid.CopyFrom(map_pb2.HexGrid(
        numbering=map_pb2.HexNumbering(column_leading=1, row_leading=1, column_offset=1, row_offset=1, stagger=True),
        columns=60, rows=50, x0=40, y0=40, dx=60.0, dy=69.0))
    for i in range(n_units):
        d.units.add(id=f"u{i}", side="blue" if i % 2 else "red", name=f"Unit {i}", steps=2)
    return d


def make_save(module: Module, n: int, formats: str = FORMATS) -> tuple[bytes, int]:
    """A .vsav with n unit pieces (rich chains), ~n/3 stacks."""
    b = SaveBuilder(module)
    geo = module.map_geometry("Main Map")
    slots = {s.gpid: s for s in module.views.slots}
    labels = [f"{c:02d}{r:02d}" for c in range(1, 61) for r in range(1, 51)]
    for i in range(n):
        ap = AddPieceText.parse(slots[str(i % len(slots) + 1)].text)
        # VASSAL expands prototypes into a piece dragged out of the palette.
        p = expand(Piece(None, ap.type, ap.state), module.views.prototypes)
        types = [t.type for t in p.traits] + [x for x, _ in EXTRA] + [f"report;70\\,130;;;{formats};Report"]
        states = [t.state for t in p.traits] + [s for _, s in EXTRA] + ["-1"]
        n_lv = len(p.traits) + 1
        basic_t = p.type_chain().values[-1]
        basic_s = split_levels(p.state, n_lv)[-1]
        x, y = geo.point_of("Map", labels[(i // 3) % len(labels)])
        b.add(join_chain(types + [basic_t]), join_chain(states + [basic_s]), "Main Map", x, y)
    text = b.text()
    return zip_bytes(save_entries(text, Encoding(), {})), len(text)


def floor(data: bytes) -> None:
    raw = zipfile.ZipFile(io.BytesIO(data)).read("savedGame")
    key = int(raw[5:7], 16)
    table = bytes(b ^ key for b in range(256))
    dec = bytes.fromhex(raw[7:].decode("ascii")).translate(table).decode("utf-8")
    dec.split("\x1b")


ROOT = Path(__file__).resolve().parent.parent
FLOOR_PROCESS = """
import sys, zipfile
raw = zipfile.ZipFile(sys.argv[1]).read("savedGame")
key = int(raw[5:7], 16)
table = bytes(b ^ key for b in range(256))
dec = bytes.fromhex(raw[7:].decode("ascii")).translate(table).decode("utf-8")
dec.split("\\x1b")
"""
CONVERTER_ALONE = """
import sys
from pathlib import Path
sys.path.insert(0, sys.argv[4])
from cli.vassal_cmds import do_convert
do_convert(Path(sys.argv[1]), Path(sys.argv[2]), Path(sys.argv[3]), None, None, None, None, None, False, None,
           None, [])
"""


# Each measured process is started by this small runner: a child forked from a
# big parent starts with the parent's resident set, and ru_maxrss would count it.
RUNNER = """
import os, subprocess, sys
p = subprocess.Popen(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
err = p.stderr.read()
_pid, status, ru = os.wait4(p.pid, 0)
code = os.waitstatus_to_exitcode(status)
if code:
    sys.stderr.buffer.write(err[-400:])
print(code, ru.ru_utime + ru.ru_stime, ru.ru_maxrss)
"""


ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def run_process(argv: list[str]) -> tuple[float, int]:
    """(CPU seconds user+sys, peak RSS bytes) of one child process."""
    r = subprocess.run([sys.executable, "-c", RUNNER] + argv, capture_output=True, text=True, cwd=ROOT, env=ENV)
    code, cpu, rss = r.stdout.split()
    if int(code) != 0:
        raise SystemExit(f"{argv[:3]} failed ({code}): {r.stderr}")
    return float(cpu), int(rss) * 1024


def umpire_argv() -> list[str]:
    exe = Path(sys.executable).with_name("umpire")
    return [str(exe)] if exe.exists() else [sys.executable, "-m", "cli.main"]


def whole_process(save: Path, module: Path, repeat: int) -> None:
    """The issue 13 figures: whole processes against the floor process, same run."""
    text_len = len(read_game_archive(Archive.open(save)).text)
    print(f"whole process on {save.name} ({save.stat().st_size / 1e6:.1f} MB, decoded {text_len / 1e6:.1f} M characters), "
          f"module {module.name}")
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "state.json"
        runs = {
            "floor process": [sys.executable, "-c", FLOOR_PROCESS, str(save)],
            "umpire convert": umpire_argv() + ["convert", str(save), str(out), "--module", str(module)],
            "converter alone": [sys.executable, "-c", CONVERTER_ALONE, str(save), str(out), str(module), str(ROOT)],
        }
        cpus: dict[str, list[float]] = {k: [] for k in runs}
        best_rss = {k: float("inf") for k in runs}
        for argv in runs.values():
            run_process(argv)  # untimed: writes the byte-code caches
        for _ in range(repeat):  # interleaved: every process sees the same machine load
            for name, argv in runs.items():
                cpu, rss = run_process(argv)
                cpus[name].append(cpu)
                best_rss[name] = min(best_rss[name], rss)
    best_cpu = {k: min(v) for k, v in cpus.items()}
    median = {k: sorted(v)[len(v) // 2] for k, v in cpus.items()}
    f, fm = best_cpu["floor process"], median["floor process"]
    for name in runs:
        ratio = "" if name == "floor process" else f" = {best_cpu[name] / f:5.2f} x floor" + (
            "  (target <= 3)" if name == "umpire convert" else "")
        med = f" (median {median[name]:.3f} s" + ("" if name == "floor process" else f" = {median[name] / fm:.2f} x") + ")"
        print(f"  {name:16s} CPU {best_cpu[name]:6.3f} s{ratio}{med}; peak RSS {best_rss[name] / 2**20:6.1f} MiB "
              f"= {best_rss[name] / text_len:5.2f} x decoded text" + ("  (target <= 10)" if name != "floor process" else ""))


def best(fn, repeat: int) -> float:  # type: ignore[no-untyped-def]
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return min(times)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--pieces", type=int, default=5000)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--thin", action="store_true", help="thinner chains (about 3.7 KB per piece)")
    ap.add_argument("--save", type=Path, help="a real save for the whole-process figures")
    ap.add_argument("--module", type=Path, help="its module (with --save)")
    ap.add_argument("--whole-only", action="store_true", help="only the whole-process figures")
    args = ap.parse_args()
    if (args.save is None) != (args.module is None):
        ap.error("--save and --module go together")
    if args.save is not None and args.whole_only:
        whole_process(args.save, args.module, args.repeat)
        return
    print(f"generating a save with {args.pieces} pieces ...", flush=True)
    mod_bytes = build_module(definition(args.pieces))
    module = Module(Archive(mod_bytes, "bench.vmod"))
    data, text_len = make_save(module, args.pieces, THIN_FORMATS if args.thin else FORMATS)
    print(f"  archive {len(data) / 1e6:.1f} MB, decoded command text {text_len / 1e6:.1f} M characters")
    if args.save is not None:
        whole_process(args.save, args.module, args.repeat)
    else:
        with tempfile.TemporaryDirectory() as tmp:
            (Path(tmp) / "bench.vsav").write_bytes(data)
            (Path(tmp) / "bench.vmod").write_bytes(mod_bytes)
            whole_process(Path(tmp) / "bench.vsav", Path(tmp) / "bench.vmod", args.repeat)
    if args.whole_only:
        return
    binding = vassal_pb2.VassalBinding(ruleset="bench")

    def do_import() -> state_pb2.GameState:
        with paused_gc():  # as `umpire convert` runs it
            game = read_game_archive(Archive(data, "bench.vsav"))
            return import_game(game, module, binding, use_engine=False).state

    state = do_import()
    moved = next(u for u in state.units if u.status == state_pb2.UnitState.ON_MAP)
    moved.location = "3030"
    bare = state_pb2.GameState()
    bare.CopyFrom(state)
    bare.ClearField("import_source")

    def export(st: state_pb2.GameState) -> bytes:
        with paused_gc():  # as `umpire convert --base` runs it
            base = read_game_archive(Archive(data, "bench.vsav"), lazy=True, keep_raw=True)
            entry, report = apply_state_encoded(base, module, binding, st)
        assert report.moved == [moved.unit_id], report.moved
        return zip_bytes(entries_with(entry, base.entries))

    out = export(state)
    again = import_game(read_game_archive(Archive(out, "out.vsav")), module, binding, use_engine=False).state
    assert next(u for u in again.units if u.unit_id == moved.unit_id).location == "3030"
    assert export(bare) == out  # the fast and the full path write the same bytes

    # Interleaved rounds, best of each: the floor and the conversions see the same machine load.
    t_floor = t_import = t_export = t_slow = float("inf")
    for _ in range(args.repeat):
        t_floor = min(t_floor, best(lambda: floor(data), 1))
        t_import = min(t_import, best(do_import, 1))
        t_export = min(t_export, best(lambda: export(state), 1))
        t_slow = min(t_slow, best(lambda: export(bare), 1))
    tracemalloc.start()
    do_import()
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    tracemalloc.start()
    export(state)
    _, peak_export = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    units_on = sum(1 for u in state.units if u.status == state_pb2.UnitState.ON_MAP)
    print(f"  imported {len(state.units)} units ({units_on} on the map), {len(state.opaque_pieces)} opaque pieces")
    print(f"floor  {t_floor * 1000:8.1f} ms")
    print(f"import {t_import * 1000:8.1f} ms  = {t_import / t_floor:5.2f} x floor  (target <= 5)")
    print(f"export {t_export * 1000:8.1f} ms  = {t_export / t_floor:5.2f} x floor  (target <= 5)  "
          "(read the base from its bytes, write the state back, zip: `umpire convert --base`)")
    print(f"export {t_slow * 1000:8.1f} ms  = {t_slow / t_floor:5.2f} x floor  "
          "(the same for a state without import_source: every piece of the base bound again)")
    print(f"peak memory of the import {peak / 1e6:8.1f} MB = {peak / text_len:5.2f} x decoded text (target <= 10)")
    print(f"peak memory of the export {peak_export / 1e6:8.1f} MB = {peak_export / text_len:5.2f} x decoded text")


if __name__ == "__main__":
    main()
