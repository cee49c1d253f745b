"""The game store: SQLite by default, any SQLAlchemy URL (PostgreSQL for several
server processes).

Each submit is one transaction: a conditional `UPDATE games ... WHERE version =
expected` (the optimistic-concurrency guard that also works across processes),
the append-only action row (unique on game + version) and, every
`SNAPSHOT_EVERY` actions, a snapshot row. A conflict raises `StaleVersion` with
the current version and writes nothing.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from sqlalchemy import event, update
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError, OperationalError
from sqlmodel import Session, SQLModel, create_engine, select

from adjudicator.core.errors import MalformedInput, NotFound, StaleVersion
from adjudicator.store.models import ActionRow, GameRow, SnapshotRow
from umpire.v1 import state_pb2

SNAPSHOT_EVERY = 50
DEFAULT_URL = "sqlite:///umpire-data/umpire.sqlite"


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def _state(blob: bytes) -> state_pb2.GameState:
    s = state_pb2.GameState()
    s.ParseFromString(blob)
    return s


def _blob(msg: state_pb2.GameState | state_pb2.RecordedAction) -> bytes:
    return msg.SerializeToString(deterministic=True)


@dataclass
class StoredGame:
    id: str
    ruleset: str
    version: int
    seed: bytes
    seed_commitment: str
    seed_revealed: bool
    reveal_requests: set[str]
    token_hashes: dict[str, str]
    parameters: dict[str, str]
    finished: bool
    initial: state_pb2.GameState
    state: state_pb2.GameState = field(repr=False)


def _to_stored(row: GameRow) -> StoredGame:
    return StoredGame(
        id=row.id,
        ruleset=row.ruleset,
        version=row.version,
        seed=bytes.fromhex(row.seed),
        seed_commitment=row.seed_commitment,
        seed_revealed=row.seed_revealed,
        reveal_requests={s for s in row.reveal_requests.split(",") if s},
        token_hashes=json.loads(row.token_hashes),
        parameters=json.loads(row.parameters),
        finished=row.finished,
        initial=_state(row.initial_state),
        state=_state(row.state),
    )


def make_engine(url: str) -> Engine:
    if url.startswith("sqlite:///") and not url.startswith("sqlite:///:memory:"):
        path = Path(url.removeprefix("sqlite:///"))
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise MalformedInput(f"cannot create the database directory: {e.strerror}", str(path.parent)) from None
    try:
        if url.startswith("sqlite"):
            engine = create_engine(url, connect_args={"check_same_thread": False})

            @event.listens_for(engine, "connect")
            def _pragmas(dbapi_conn, _record):  # type: ignore[no-untyped-def]
                cur = dbapi_conn.cursor()
                cur.execute("PRAGMA journal_mode=WAL")
                cur.execute("PRAGMA synchronous=FULL")
                cur.execute("PRAGMA busy_timeout=5000")
                cur.close()

        else:
            engine = create_engine(url, pool_pre_ping=True)
    except Exception as e:  # bad URL, missing driver
        raise MalformedInput(f"cannot use database URL: {' '.join(str(e).split())}", "--db") from None
    return engine


class GameStore:
    """Games, their action logs and snapshots in one SQL database."""

    def __init__(self, url: str = DEFAULT_URL) -> None:
        self.url = url
        self.engine = make_engine(url)
        try:
            SQLModel.metadata.create_all(self.engine)
        except OperationalError as e:
            raise MalformedInput(f"cannot open the database: {' '.join(str(e.orig).split())}", url) from None

    def close(self) -> None:
        self.engine.dispose()

    # -- games
    def create_game(
        self,
        *,
        game_id: str,
        seed: bytes,
        seed_commitment: str,
        token_hashes: dict[str, str],
        parameters: dict[str, str],
        initial: state_pb2.GameState,
    ) -> None:
        row = GameRow(
            id=game_id,
            ruleset=initial.ruleset,
            ruleset_version=initial.ruleset_version,
            created_at=now(),
            version=initial.version,
            seed=seed.hex(),
            seed_commitment=seed_commitment,
            token_hashes=json.dumps(token_hashes, sort_keys=True),
            parameters=json.dumps(parameters, sort_keys=True),
            finished=initial.finished,
            initial_state=_blob(initial),
            state=_blob(initial),
        )
        with Session(self.engine) as session:
            session.add(row)
            session.commit()

    def load(self, game_id: str) -> StoredGame:
        with Session(self.engine) as session:
            row = session.get(GameRow, game_id)
            if row is None:
                raise NotFound(f"no game {game_id!r}")
            return _to_stored(row)

    def current_version(self, game_id: str) -> int:
        with Session(self.engine) as session:
            v = session.exec(select(GameRow.version).where(GameRow.id == game_id)).first()
            if v is None:
                raise NotFound(f"no game {game_id!r}")
            return int(v)

    def game_ids(self) -> list[str]:
        with Session(self.engine) as session:
            return list(session.exec(select(GameRow.id).order_by(GameRow.created_at)))

    # -- actions
    def append(
        self,
        game_id: str,
        expected_version: int,
        record: state_pb2.RecordedAction,
        new_state: state_pb2.GameState,
    ) -> None:
        """Commit one accepted action, or raise StaleVersion and write nothing."""
        if new_state.version != expected_version + 1 or record.version != new_state.version:
            raise ValueError("append: versions do not line up")
        record.accepted_at = record.accepted_at or now()
        state_blob = _blob(new_state)
        with Session(self.engine) as session:
            result = session.exec(
                update(GameRow)
                .where(GameRow.id == game_id)  # type: ignore[arg-type]
                .where(GameRow.version == expected_version)  # type: ignore[arg-type]
                .values(version=new_state.version, state=state_blob, finished=new_state.finished)
            )
            if result.rowcount != 1:
                session.rollback()
                raise StaleVersion(expected_version, self.current_version(game_id))
            session.add(
                ActionRow(
                    game_id=game_id,
                    version=record.version,
                    side=record.action.side,
                    accepted_at=record.accepted_at,
                    record=_blob(record),
                )
            )
            if new_state.version % SNAPSHOT_EVERY == 0:
                session.add(SnapshotRow(game_id=game_id, version=new_state.version, state=state_blob))
            try:
                session.commit()
            except IntegrityError:
                session.rollback()
                raise StaleVersion(expected_version, self.current_version(game_id)) from None

    def actions(self, game_id: str, after_version: int = 0) -> list[state_pb2.RecordedAction]:
        with Session(self.engine) as session:
            rows = session.exec(
                select(ActionRow)
                .where(ActionRow.game_id == game_id)
                .where(ActionRow.version > after_version)
                .order_by(ActionRow.version)  # type: ignore[arg-type]
            )
            out = []
            for row in rows:
                rec = state_pb2.RecordedAction()
                rec.ParseFromString(row.record)
                out.append(rec)
            return out

    def record(self, game_id: str) -> state_pb2.GameRecord:
        game = self.load(game_id)
        rec = state_pb2.GameRecord(game_id=game_id, initial=game.initial, final=game.state)
        rec.actions.extend(self.actions(game_id))
        rec.parameters.update(game.parameters)
        return rec

    # -- dice seed
    def request_reveal(self, game_id: str, side: str, sides: Iterable[str]) -> tuple[bool, set[str]]:
        """Record that `side` asks for the seed; reveal when the game is over or all sides asked."""
        with Session(self.engine) as session:
            row = session.get(GameRow, game_id)
            if row is None:
                raise NotFound(f"no game {game_id!r}")
            asked = {s for s in row.reveal_requests.split(",") if s} | {side}
            row.reveal_requests = ",".join(sorted(asked))
            if row.finished or set(sides) <= asked:
                row.seed_revealed = True
            session.add(row)
            session.commit()
            return row.seed_revealed, asked
