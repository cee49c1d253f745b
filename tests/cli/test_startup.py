"""The CLI's start-up imports only what the command run needs (issue 13).

Deterministic checks, not timings (benchmarks/bench_startup.py times it): each
runs the CLI in a fresh interpreter and looks at `sys.modules` afterwards.
`umpire --help`, `--version` and a command's `--help` load no database, gRPC,
XML, web, pydantic or rich code and no kernel; an offline `adjudicate` loads
the one ruleset its state names and no service library. The lazily built
command tree (cli/main.py `build_command`) prints what typer's full one prints,
and the pydantic-free value conversion (cli/fastparams.py) converts as typer's
own does.
"""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]

# Libraries no start-up and no offline command may import.
SERVICE_LIBS = ("sqlalchemy", "sqlmodel", "grpc", "grpc_status", "grpc_health", "grpc_reflection", "lxml", "fastapi",
                "starlette", "uvicorn", "pydantic", "pydantic_core")
# ... and those that `--help` / `--version` need not either.
HELP_FREE = SERVICE_LIBS + ("rich", "google", "umpire", "markdown_it")
KERNEL = ("adjudicator.core", "adjudicator.rules", "adjudicator.store", "importers", "exporters", "studio")

# Runs `umpire ARGS` the way the console script does (cli.main.main), for each
# argument list in argv[1] (JSON), and prints per run the exit code, the output
# and the modules loaded so far, as JSON on the real stdout.
RUNNER = r"""
import contextlib, io, json, sys
sys.argv[0] = "umpire"
runs = json.loads(sys.argv[1])
import cli.main
report = [{"args": None, "modules": sorted(sys.modules)}]
for args in runs:
    sys.argv[1:] = args
    buf = io.StringIO()
    code = 0
    with contextlib.redirect_stdout(buf), contextlib.redirect_stderr(buf):
        try:
            cli.main.main() if MODE == "lazy" else cli.main.app()
        except SystemExit as e:
            code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
    report.append({"args": args, "code": code, "output": buf.getvalue(), "modules": sorted(sys.modules)})
sys.__stdout__.write(json.dumps(report))
"""


def run_cli(runs: list[list[str]], mode: str = "lazy", env: dict[str, str] | None = None) -> list[dict[str, Any]]:
    """The RUNNER's report: [import of cli.main, then one entry per run]."""
    code = RUNNER.replace("MODE", repr(mode))
    r = subprocess.run([sys.executable, "-c", code, json.dumps(runs)], capture_output=True, text=True, cwd=ROOT,
                       env={**os.environ, "COLUMNS": "100", **(env or {})}, timeout=120)
    assert r.returncode == 0, r.stderr[-2000:]
    report: list[dict[str, Any]] = json.loads(r.stdout)
    return report


def loaded(modules: list[str], prefixes: tuple[str, ...]) -> list[str]:
    return sorted({m for m in modules if m.split(".")[0] in prefixes or m.startswith(tuple(p + "." for p in prefixes))
                   or m in prefixes})


def test_importing_the_cli_loads_no_library_of_the_service_the_kernel_or_rich() -> None:
    first = run_cli([])[0]
    assert loaded(first["modules"], HELP_FREE) == []
    assert loaded(first["modules"], KERNEL) == []


HELP_RUNS = [["--help"], ["--version"], [], ["adjudicate", "--help"], ["serve", "--help"], ["client", "--help"],
             ["client", "create", "--help"], ["legal", "--help"], ["check-log", "--help"], ["convert", "--help"],
             ["new", "--help"], ["show", "--help"], ["reach", "--help"], ["render", "--help"], ["studio", "--help"]]


def test_help_and_version_load_no_library_of_the_service_the_kernel_or_rich() -> None:
    report = run_cli(HELP_RUNS)
    for entry in report[1:]:
        assert entry["code"] in (0, 2), entry  # bare `umpire` shows the help with exit 2 (no_args_is_help)
        assert "Usage:" in entry["output"] or entry["output"].startswith("umpire "), entry
        assert loaded(entry["modules"], HELP_FREE) == [], entry["args"]
        assert loaded(entry["modules"], KERNEL) == [], entry["args"]
    assert report[2]["output"].startswith("umpire ")  # --version


def test_serve_help_shows_the_service_defaults_without_importing_the_service() -> None:
    from adjudicator.core.ruleset import HOT_STATES
    from adjudicator.service import cache, defaults, ratelimit

    entry = run_cli([["serve", "--help"]])[1]
    assert str(defaults.DEFAULT_PORT) in entry["output"] and defaults.DEFAULT_DB in entry["output"]
    assert not [m for m in entry["modules"] if m.startswith(("adjudicator.service.", "adjudicator.store"))
                and m != "adjudicator.service.defaults"]
    # One value each: the modules that use the defaults read them from defaults.py.
    assert defaults.HOT_SIZE == HOT_STATES
    assert cache.GameCache().size == defaults.CACHE_SIZE
    assert ratelimit.CreationPolicy().rate == defaults.DEFAULT_RATE
    assert ratelimit.CreationPolicy().burst == defaults.DEFAULT_BURST


@pytest.fixture(scope="module")
def demo_state(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("startup") / "state.json"
    entry = run_cli([["new", "major-battles/normandy", "-o", str(path)]])[1]
    assert entry["code"] == 0, entry["output"]
    return path


PLACE = 'side: "us" place { unit_ids: "us-arm-01" location: "lessay" }'


def test_offline_adjudicate_loads_the_one_ruleset_of_its_state_and_no_service_library(demo_state: Path,
                                                                                       tmp_path: Path) -> None:
    out = tmp_path / "after.json"
    entry = run_cli([["adjudicate", str(demo_state), "--action-text", PLACE, "-o", str(out)]])[1]
    assert entry["code"] == 0 and "LEGAL" in entry["output"] and out.exists(), entry["output"]
    assert loaded(entry["modules"], SERVICE_LIBS) == []
    rulesets = {m.split(".")[2] for m in entry["modules"] if m.startswith("adjudicator.rules.") and
                m != "adjudicator.rules.registry"}
    assert rulesets == {"major_battles"}
    assert not [m for m in entry["modules"] if m.startswith(("adjudicator.service.", "adjudicator.store",
                                                             "importers.vassal", "exporters.vassal", "studio"))
                and m != "adjudicator.service.defaults"]


def test_offline_legal_and_show_load_no_service_library(demo_state: Path) -> None:
    report = run_cli([["legal", str(demo_state)], ["show", str(demo_state)]])
    for entry in report[1:]:
        assert entry["code"] == 0, entry["output"]
        assert loaded(entry["modules"], SERVICE_LIBS) == [], entry["args"]


LISTINGS = [["--help"], [], ["client", "--help"], ["client"], ["adjudicat"], ["client", "creat"],
            ["adjudicate", "--help"], ["serve", "--port", "x"], ["check-log"]]


def test_the_lazily_built_cli_prints_what_typers_full_one_prints() -> None:
    lazy = run_cli(LISTINGS, "lazy")[1:]
    full = run_cli(LISTINGS, "full")[1:]
    for a, b in zip(lazy, full):
        assert (a["code"], a["output"]) == (b["code"], b["output"]), a["args"]
    assert "Did you mean 'adjudicate'?" in lazy[4]["output"]


def test_shell_completion_completes_commands_and_options() -> None:
    def complete(words: str, cword: int) -> str:
        entry = run_cli([[]], env={"_UMPIRE_COMPLETE": "complete_bash", "COMP_WORDS": words,
                                   "COMP_CWORD": str(cword)})[1]
        assert entry["code"] == 0, entry["output"]
        return str(entry["output"])

    assert complete("umpire adju", 1).split() == ["adjudicate"]
    assert "--action-text" in complete("umpire adjudicate --act", 2).split()
    assert complete("umpire client cre", 2).split() == ["create"]


# --- cli/fastparams.py against typer's own conversion --------------------------------

CORPUS: list[tuple[Any, list[Any]]] = [
    (int, ["0", "-3", "+4", "007", "1_000", " 5", "5.0", "abc", "1e3", "", "\u0663", "99999999999999999999", 7]),
    (float, ["0", "-3.5", ".5", "5.", "1e3", "-2E-3", "inf", "nan", " 5", "1_0", "abc", "", 10, 2.5]),
    (str, ["x", "", "é", "a b", "--x", "\udcff"]),
    (bool, [True, False, "true", "0"]),
    (Path, ["a/b", "", "-", Path("x/y"), "/"]),
    (list[str], [("a", "b"), ["x"], (), "one"]),
    (list[int], [("1", "2"), ("1", "x"), ()]),
    (list[Path], [("a", "b/c"), ()]),
]


def _typer_converters() -> tuple[Any, Any, Any]:
    from cli import fastparams

    if not fastparams.enable():
        pytest.skip("this typer converts values without a runtime-parameter builder: nothing to compare")
    import typer.core
    from typer import _coercion
    from typer.models import OptionInfo

    build = typer.core.build_runtime_param  # type: ignore[attr-defined]
    return build, build.typer_original, lambda ann: _coercion.resolve_type_descriptor(ann, OptionInfo())


def _outcome(fn: Any) -> tuple[str, str]:
    try:
        v = fn()
    except Exception as e:  # noqa: BLE001 - the error's type and message are what is compared
        return "error " + type(e).__name__, str(e)
    return "value " + type(v).__name__, "nan" if isinstance(v, float) and math.isnan(v) else repr(v)


@pytest.mark.parametrize("annotation,values", CORPUS, ids=[str(a) for a, _ in CORPUS])
def test_fast_conversion_gives_what_typers_gives(annotation: Any, values: list[Any]) -> None:
    fast_build, typer_build, descriptor = _typer_converters()
    fast, typers = fast_build(descriptor(annotation)), typer_build(descriptor(annotation))
    assert type(fast).__name__ == "FastRuntimeParam"  # every type the CLI uses has the fast path
    for v in values:
        assert _outcome(lambda: fast._coerce_value(v, None, None)) == _outcome(
            lambda: typers._coerce_value(v, None, None)), (annotation, v)


def test_every_cli_parameter_gets_the_fast_conversion() -> None:
    """So no command imports pydantic to read its options (a new option of an
    unusual type would: then extend cli/fastparams.py)."""
    import typer.main

    from cli.main import app
    from cli import fastparams

    fast_build, _, _ = _typer_converters()
    group = typer.main.get_command(app)

    def params(cmd: Any) -> list[Any]:
        return list(cmd.params) + [p for sub in getattr(cmd, "commands", {}).values() for p in params(sub)]

    slow = [(p.name, p.type_descriptor.annotation) for p in params(group) if hasattr(p, "type_descriptor")
            and fastparams.converter(p.type_descriptor.annotation, p.type_descriptor.parameter_info) is None]
    assert slow == []
    assert fast_build is typer.core.build_runtime_param  # type: ignore[attr-defined]
