"""`--position FILE` for `umpire new` (and the text `umpire client create`
sends in CreateGameRequest.position): read a position file (docs/position.md)
and apply it over a newly created state, all or nothing.

Reading is here (the CLI does the I/O); parsing, checking and applying are
the pure `adjudicator.core.posfile`, which the service calls with the same
text, so a position accepted offline is accepted by a server.
"""

from __future__ import annotations

from pathlib import Path

from adjudicator.core.errors import MalformedInput
from adjudicator.core.posfile import MAX_BYTES, position_game
from umpire.v1 import state_pb2


def read_position_text(path: Path) -> str:
    """The file's text: UTF-8, at most MAX_BYTES; one-line errors otherwise."""
    try:
        if path.stat().st_size > MAX_BYTES:
            raise MalformedInput(f"file is over the {MAX_BYTES} byte limit of a position file", str(path))
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise MalformedInput("no such file", str(path)) from None
    except IsADirectoryError:
        raise MalformedInput("is a directory, not a position file", str(path)) from None
    except UnicodeDecodeError as e:
        raise MalformedInput(f"not UTF-8 at byte {e.start}", str(path)) from None


def with_position(state: state_pb2.GameState, path: Path | None) -> state_pb2.GameState:
    """`state` with the position file applied (the state itself when none is given)."""
    if path is None:
        return state
    return position_game(state, read_position_text(path), str(path))
