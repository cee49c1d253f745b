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
"""

from __future__ import annotations

import importlib
import os

# gRPC's C core logs its own lines to stderr (e.g. a failed bind) before our
# one-line error; keep the CLI to one line unless the user asks for more.
os.environ.setdefault("GRPC_VERBOSITY", "NONE")

import typer

app = typer.Typer(
    name="umpire",
    help="Umpire: a rules authority for board wargames.",
    no_args_is_help=True,
    # typer's own --install-completion / --show-completion (bash, zsh, fish, powershell).
    add_completion=True,
    pretty_exceptions_enable=False,
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
                   "cli.vassal_cmds", "cli.picture_cmds")


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


def main() -> None:
    app()


if __name__ == "__main__":
    main()
