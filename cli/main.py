"""The `umpire` command line.

Commands live in small modules, each with a `register(app)` function, so game,
hex-kernel and VASSAL commands stay next to what they use:

* cli/serve_cmd.py    serve (the gRPC server)
* cli/game_cmds.py    rulesets, new, show, adjudicate, verify-dice
* cli/legal_cmd.py    legal (offline, through the per-side disclosure layer)
* cli/client_cmds.py  client ... (play against a running server)
* cli/hex_cmds.py     reach and other hex-kernel queries
* cli/vassal_cmds.py  convert, inspect, check-log
* cli/picture_cmds.py render, report, studio

Shared by them: cli/position.py (`--position` files), cli/json_out.py (`--json`),
cli/roads.py (roads of a point-to-point board in `show`).

Every user-caused failure is a typed `UmpireError`, printed as one line with
exit code 2 (bad input) or 1 (illegal); `cli.errors.run` does the mapping.

Start-up (issue 13: `umpire --help` <= 0.25 s, an offline `adjudicate` <= 0.5 s;
benchmarks/bench_startup.py measures it). A command module imports only typer
and what its options need at the top (defaults from adjudicator/service/defaults.py);
the kernel, the one ruleset a state names, grpc, SQLAlchemy, lxml, the importers,
the studio and rich are imported inside the command that uses them
(cli/console.py is the lazily created rich console). `main` then builds only
the command being run: the others are listed in the help by name and help
text, without typer reading their parameters (`build_command`). Typer's
pydantic coercion is bypassed for plain values (cli/fastparams.py).
tests/cli/test_startup.py checks which modules a start-up imports.
"""

from __future__ import annotations

import copy
import gc
import importlib
import inspect
import os
import sys
from collections.abc import Sequence
from typing import Any

# gRPC's C core logs its own lines to stderr (e.g. a failed bind) before our
# one-line error; keep the CLI to one line unless the user asks for more.
os.environ.setdefault("GRPC_VERBOSITY", "NONE")

import typer
import typer.main

from cli import fastparams


# Plain option values are converted without pydantic (cli/fastparams.py), by
# `main` and by typer's test runner alike.
fastparams.enable()

app = typer.Typer(
    name="umpire",
    help="Umpire: a rules authority for board wargames.",
    no_args_is_help=True,
    # typer's own --install-completion / --show-completion (bash, zsh, fish, powershell).
    add_completion=True,
    pretty_exceptions_enable=False,
    # Plain help, formatted by click: typer's rich help would import rich (and
    # markdown-it) for every --help, a third of its start-up.
    rich_markup_mode=None,
)


def version_string() -> str:
    """`umpire --version`: the installed package's version (pyproject.toml)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return f"umpire {version('umpire')}"
    except PackageNotFoundError:
        return "umpire (not installed: version unknown)"


def _version(value: bool) -> None:
    if value:
        print(version_string())
        raise typer.Exit(0)


@app.callback()
def _root(
    show_version: bool = typer.Option(False, "--version", help="print the version and exit", is_eager=True,
                                      callback=_version),
) -> None:
    """Umpire: a rules authority for board wargames."""

COMMAND_MODULES = ("cli.serve_cmd", "cli.game_cmds", "cli.legal_cmd", "cli.client_cmds", "cli.hex_cmds",
                   "cli.vassal_cmds", "cli.check_log_cmd", "cli.picture_cmds")


def _register_all() -> None:
    for name in COMMAND_MODULES:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as e:
            if e.name == name:
                continue  # that command group is not part of this build
            raise
        module.register(app)


_register_all()


def _placeholder() -> None:
    """Stands for a command that is not being run (listed in the help only)."""
    raise RuntimeError("internal: a command placeholder was invoked")  # build_command routes by name: never


def _command_name(info: Any) -> str:
    return str(info.name or typer.main.get_command_name(info.callback.__name__))


def _listed_only(info: Any) -> Any:
    """A copy of a command's registration that typer builds without reading its
    parameters: same name and help text (so the same line in `umpire --help`)."""
    stub = copy.copy(info)
    stub.name = _command_name(info)
    stub.help = inspect.cleandoc(info.help) if info.help is not None else inspect.getdoc(info.callback)
    stub.callback = _placeholder
    return stub


def _group_listed_only(info: Any) -> Any:
    """A copy of a subcommand group's registration with no commands of its own."""
    stub = copy.copy(info)
    sub = info.typer_instance
    empty = typer.Typer(name=sub.info.name, help=typer.main.solve_typer_info_help(info), no_args_is_help=True,
                        rich_markup_mode=sub.rich_markup_mode)
    stub.typer_instance = empty
    return stub


def build_command(args: Sequence[str]) -> Any:
    """The click command for `umpire ARGS`: the command named in ARGS built in
    full, every other one listed only. Shell completion (typer's `_UMPIRE_COMPLETE`
    variable) reads the words being completed from the environment, not ARGS:
    then everything is built, as by typer."""
    if any(k.startswith("_") and k.endswith("_COMPLETE") for k in os.environ):
        return typer.main.get_command(app)
    wanted = next((a for a in args if not a.startswith("-")), None)
    lazy = copy.copy(app)
    try:
        lazy.registered_commands = [c if _command_name(c) == wanted else _listed_only(c)
                                    for c in app.registered_commands]
        lazy.registered_groups = [g if g.name == wanted else _group_listed_only(g) for g in app.registered_groups]
    except (AttributeError, TypeError):  # a typer whose registrations look otherwise: build it all, as typer would
        return typer.main.get_command(app)
    return typer.main.get_command(lazy)


def main() -> None:
    """The console script: `umpire ...` (typer's `app()`, building only the command run)."""
    try:
        build_command(sys.argv[1:])()
    finally:
        # What is left when the command ends is freed with the process: frozen,
        # the interpreter's shutdown does not collect it (a monster convert
        # leaves the module's lxml tree and view objects in reference cycles:
        # collecting and freeing them at exit cost ~40 ms of a 0.5 s run,
        # docs/vassal.md §11). Files are closed by then (every write is atomic),
        # and atexit handlers still run.
        gc.freeze()


if __name__ == "__main__":
    main()
