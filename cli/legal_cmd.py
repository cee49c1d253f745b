"""`umpire legal STATE [--side S]`: what a side may do now, offline.

The answer is computed where the service's Query(legal_actions) computes it,
on the side's own position (core/disclosure.py `legal_actions_for`): a side
never learns the other side's secrets from its legal actions, offline or not.
Without --side the side to act is asked (every side when none is to act).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Optional

import typer

from cli.console import out
from cli.errors import run
from cli.json_out import JSON_HELP

if TYPE_CHECKING:
    from adjudicator.core.position import Position
    from umpire.v1 import service_pb2


def legal_response(pos: Position, side: str) -> service_pb2.QueryResponse:
    """The QueryResponse the service gives `side` for legal_actions on this position."""
    from adjudicator.core import disclosure
    from umpire.v1 import service_pb2

    return service_pb2.QueryResponse(legal_actions=disclosure.legal_actions_for(pos, side), version=pos.version)


def register(app: typer.Typer) -> None:
    @app.command()
    def legal(
        state_file: Annotated[Path, typer.Argument(metavar="STATE", help="state file")],
        side: Annotated[Optional[str], typer.Option(help="the side asking (default: the side to act)")] = None,
        tables: Annotated[Optional[Path], typer.Option(help="table file filling unknown cells")] = None,
        as_json: Annotated[bool, typer.Option("--json", help=JSON_HELP)] = False,
    ) -> None:
        """What a side may do now, with submittable example actions (offline Query legal_actions)."""

        def go() -> None:
            from google.protobuf import text_format

            from adjudicator.core import engine
            from adjudicator.core.errors import MalformedInput
            from adjudicator.core.position import Position
            from cli.json_out import emit
            from cli.tables_opt import load_state

            s = load_state(state_file, tables)
            sides = engine.side_ids(s)
            if side is not None and side not in sides:
                raise MalformedInput(f"unknown side {side!r} (sides: {', '.join(sides)})", "--side")
            asking = [side] if side else ([s.active_side] if s.active_side else sides)
            if as_json and len(asking) > 1:
                raise MalformedInput(f"no single side is to act: give --side ({', '.join(sides)})", "--side")
            pos = Position(s)
            for who in asking:
                resp = legal_response(pos, who)
                if as_json:
                    emit(resp)
                    continue
                out.print(f"{who} (version {resp.version}):", style="bold", highlight=False, markup=False)
                if not resp.legal_actions:
                    out.print("  nothing to do now", highlight=False, markup=False)
                for la in resp.legal_actions:
                    example = text_format.MessageToString(la.example, as_one_line=True) if la.example.ByteSize() else ""
                    out.print(f"  {la.kind}: {la.description}"
                              + (f"\n      --action-text '{example}'" if example else ""),
                              highlight=False, markup=False)

        run(go)
