"""`umpire convert SAVE OUT.json --module MOD` imports only what reading a save
needs (issue 13: the whole process is measured against a floor in
benchmarks/bench_vassal.py). Deterministic, not timed: a fresh interpreter
runs the command and `sys.modules` is looked at afterwards."""

from __future__ import annotations

from pathlib import Path

from exporters.vassal.module_build import build_module
from tests.cli.test_startup import loaded, run_cli
from tests.support.vassal import hex_scenario, module_for

# What a save read without a binding naming a ruleset or a scenario never needs:
# the kernel's engine and ruleset registry, the rulesets, the studio's completion
# (only for --map / --counters), the VASSAL writers and the service's libraries.
NOT_NEEDED = ("adjudicator.core.engine", "adjudicator.core.ruleset", "adjudicator.core.authoring", "adjudicator.rules",
              "adjudicator.service", "adjudicator.store", "importers.vassal.completion", "exporters.vassal", "studio",
              "sqlalchemy", "sqlmodel", "grpc", "fastapi", "pydantic", "rich")


def test_converting_a_save_to_json_loads_no_kernel_ruleset_writer_or_service_code(tmp_path: Path) -> None:
    sc = hex_scenario()
    module = tmp_path / "game.vmod"
    module.write_bytes(build_module(sc.definition, sc))
    mod = module_for(sc)
    setup = next(p for p in mod.views.predefined if p.use_file)
    save = tmp_path / "start.vsav"
    save.write_bytes(mod.archive.read(setup.file))
    out = tmp_path / "state.json"

    entry = run_cli([["convert", str(save), str(out), "--module", str(module)]])[1]
    assert entry["code"] == 0, entry["output"]
    assert out.stat().st_size > 0
    # (adjudicator.service.defaults: the serve command's option defaults, a constants module)
    assert [m for m in loaded(entry["modules"], NOT_NEEDED) if m not in ("adjudicator.service",
                                                                       "adjudicator.service.defaults")] == []
    assert "importers.vassal.to_canonical" in entry["modules"]  # the conversion did run in that process
