"""The `umpire` command line.

Commands live in small modules, each with a `register(app)` function, so game,
hex-kernel and VASSAL commands stay next to what they use:

* cli/serve_cmd.py    serve (the gRPC server)
* cli/game_cmds.py    rulesets, new, show, adjudicate, verify-dice
* cli/client_cmds.py  client ... (play against a running server)
* cli/hex_cmds.py     reach and other hex-kernel queries
* cli/vassal_cmds.py  convert, inspect, check-log
* cli/picture_cmds.py render, report, studio

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
    add_completion=False,
    pretty_exceptions_enable=False,
)

COMMAND_MODULES = ("cli.serve_cmd", "cli.game_cmds", "cli.client_cmds", "cli.hex_cmds", "cli.vassal_cmds",
                   "cli.picture_cmds")


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
