"""The Major Battles data pack (data/): the illustrative boards and the
movement deck table, read through the platform's one loader
(core/datapack.py): parsed once, handed out as fresh copies."""

from __future__ import annotations

from pathlib import Path

from adjudicator.core.datapack import DataPack
from umpire.v1 import map_pb2, tables_pb2

PACK = DataPack(Path(__file__).resolve().parent / "data")
BOARDS = PACK.path("boards")


def board(name: str) -> map_pb2.GameMap:
    """A shipped board (data/boards/<name>.textproto)."""
    return PACK.map(f"boards/{name}.textproto")


def deck_table() -> tables_pb2.Table:
    """The movement deck as the text gives it (data/movement-deck.textproto)."""
    return PACK.tables("movement-deck.textproto")[0]
