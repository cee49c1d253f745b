"""Database tables (sqlmodel).

A game is its creation record plus an append-only log of accepted actions; the
state column is a snapshot (a cache of replaying the log) kept so a restart does
not replay everything. Periodic snapshots keep older versions cheap to rebuild.
Protobuf messages are stored as deterministic binary blobs.
"""

from __future__ import annotations

from sqlalchemy import Column, LargeBinary, UniqueConstraint
from sqlmodel import Field, SQLModel


class GameRow(SQLModel, table=True):
    __tablename__ = "games"

    id: str = Field(primary_key=True, max_length=64)
    ruleset: str = Field(max_length=64)
    ruleset_version: str = Field(max_length=32)
    created_at: str = Field(max_length=40)
    # Number of accepted actions; the conditional UPDATE on it is the
    # optimistic-concurrency guard between server processes.
    version: int = 0
    # Secret dice seed (hex). Never sent to a client before it is revealed.
    seed: str = Field(max_length=128)
    seed_commitment: str = Field(max_length=64)
    seed_revealed: bool = False
    # The game's version when the seed was revealed (set in the same UPDATE);
    # NULL while it is secret. Rolls of later actions are DieRoll.open.
    revealed_at_version: int | None = None
    # Comma-separated sides that asked for the seed to be revealed. Changed
    # only by a compare-and-set UPDATE (store.request_reveal), never blindly.
    reveal_requests: str = ""
    # JSON object side -> sha256(token) hex.
    token_hashes: str
    # JSON object of free parameters given at creation.
    parameters: str = "{}"
    finished: bool = False
    initial_state: bytes = Field(sa_column=Column(LargeBinary, nullable=False))
    state: bytes = Field(sa_column=Column(LargeBinary, nullable=False))
    # umpire.v1.RecordedAction (version 0) holding the events of creation
    # (a deal, the first turn). NULL in databases written before it existed.
    creation_events: bytes | None = Field(default=None, sa_column=Column(LargeBinary, nullable=True))


class ActionRow(SQLModel, table=True):
    __tablename__ = "actions"
    __table_args__ = (UniqueConstraint("game_id", "version", name="uq_action_game_version"),)

    id: int | None = Field(default=None, primary_key=True)
    game_id: str = Field(index=True, max_length=64)
    # Game version after this action (1 for the first).
    version: int
    side: str = Field(max_length=64)
    accepted_at: str = Field(max_length=40)
    # umpire.v1.RecordedAction (action, dice, events).
    record: bytes = Field(sa_column=Column(LargeBinary, nullable=False))


class SnapshotRow(SQLModel, table=True):
    __tablename__ = "snapshots"
    __table_args__ = (UniqueConstraint("game_id", "version", name="uq_snapshot_game_version"),)

    id: int | None = Field(default=None, primary_key=True)
    game_id: str = Field(index=True, max_length=64)
    version: int
    state: bytes = Field(sa_column=Column(LargeBinary, nullable=False))
