"""`umpire convert SAVE OUT.json --module MOD` imports only what reading a save
needs (issue 13: the whole process is measured against a floor in
benchmarks/bench_vassal.py). Deterministic, not timed: a fresh interpreter
runs the command and `sys.modules` is looked at afterwards."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from exporters.vassal.module_build import build_module
from tests.cli.test_startup import RUNNER, ROOT, loaded, run_cli
from tests.support.vassal import hex_scenario, module_for

# What a save read without a binding naming a ruleset or a scenario never needs:
# the kernel's engine and ruleset registry, the rulesets, the studio's completion
# (only for --map / --counters), the VASSAL writers and the service's libraries.
NOT_NEEDED = ("adjudicator.core.engine", "adjudicator.core.ruleset", "adjudicator.core.authoring", "adjudicator.rules",
              "adjudicator.service", "adjudicator.store", "importers.vassal.completion", "exporters.vassal", "studio",
              "sqlalchemy", "sqlmodel", "grpc", "fastapi", "pydantic", "rich")


def _save_and_module(tmp_path: Path) -> tuple[Path, Path]:
    sc = hex_scenario()
    module = tmp_path / "game.vmod"
    module.write_bytes(build_module(sc.definition, sc))
    mod = module_for(sc)
    setup = next(p for p in mod.views.predefined if p.use_file)
    save = tmp_path / "start.vsav"
    save.write_bytes(mod.archive.read(setup.file))
    return save, module


def test_converting_a_save_to_json_loads_no_kernel_ruleset_writer_or_service_code(tmp_path: Path) -> None:
    save, module = _save_and_module(tmp_path)
    out = tmp_path / "state.json"

    entry = run_cli([["convert", str(save), str(out), "--module", str(module)]])[1]
    assert entry["code"] == 0, entry["output"]
    assert out.stat().st_size > 0
    # (adjudicator.service.defaults: the serve command's option defaults, a constants module)
    assert [m for m in loaded(entry["modules"], NOT_NEEDED) if m not in ("adjudicator.service",
                                                                       "adjudicator.service.defaults")] == []
    assert "importers.vassal.to_canonical" in entry["modules"]  # the conversion did run in that process


def test_the_console_script_freezes_what_is_left_so_shutdown_does_not_collect_it(tmp_path: Path) -> None:
    """`cli.main.main` (the `umpire` script) ends with gc.freeze: the objects a
    command leaves (a convert's module tree and views, in reference cycles)
    are freed with the process, not collected first by the interpreter's
    shutdown (docs/vassal.md §11: ~40 ms of a 0.5 s monster convert). Atexit
    handlers still run, after the freeze, whether the command succeeded or not."""
    probe = (
        "import atexit, gc, sys\n"
        "atexit.register(lambda: print('frozen', gc.get_freeze_count() > 0, flush=True))\n"
        "from cli.main import main\n"
        "sys.argv = ['umpire'] + sys.argv[1:]\n"
        "main()\n"
    )
    for args, code in ((["--version"], 0), (["convert", str(tmp_path / "missing.vsav"), str(tmp_path / "o.json")], 2)):
        r = subprocess.run([sys.executable, "-c", probe, *args], capture_output=True, text=True, cwd=ROOT, timeout=120)
        assert r.returncode == code, r.stderr[-2000:]
        assert r.stdout.strip().endswith("frozen True"), (args, r.stdout, r.stderr[-500:])


# Before anything else is imported, every class made by `dataclasses.dataclass`
# is noted (its module and name, written to argv[2] at exit); then RUNNER.
DATACLASS_SPY = r"""
import atexit, dataclasses, json, sys
made = []
original = dataclasses.dataclass
def spy(cls=None, /, **kwargs):
    def wrap(c):
        made.append(c.__module__ + "." + c.__qualname__)
        return original(c, **kwargs)
    return wrap if cls is None else wrap(cls)
dataclasses.dataclass = spy
atexit.register(lambda path=sys.argv.pop(2): open(path, "w").write(json.dumps(made)))
"""
OURS = ("adjudicator", "importers", "exporters", "cli", "studio")


def test_converting_a_save_creates_no_dataclass_of_ours(tmp_path: Path) -> None:
    """Creating a dataclass exec()s its generated methods, ~0.5 ms a class: the
    convert path's value classes are Records (adjudicator/core/record.py).
    Third-party modules (typer) may still make theirs."""
    save, module = _save_and_module(tmp_path)
    out, made = tmp_path / "state.json", tmp_path / "made.json"
    runs = [["convert", str(save), str(out), "--module", str(module)]]
    code = DATACLASS_SPY + RUNNER.replace("MODE", repr("lazy"))
    r = subprocess.run([sys.executable, "-c", code, json.dumps(runs), str(made)], capture_output=True, text=True,
                       cwd=ROOT, timeout=120)
    assert r.returncode == 0, r.stderr[-2000:]
    entry = json.loads(r.stdout)[1]
    assert entry["code"] == 0, entry["output"]
    assert "importers.vassal.to_canonical" in entry["modules"]  # the conversion did run
    classes: list[str] = json.loads(made.read_text())
    assert any(not c.startswith(tuple(p + "." for p in OURS)) for c in classes)  # the spy does see dataclasses
    assert [c for c in classes if c.startswith(tuple(p + "." for p in OURS))] == []
