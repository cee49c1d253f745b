"""The game store: SQLite by default, any SQLAlchemy URL (PostgreSQL for several
server processes).

Each submit is one transaction: a conditional `UPDATE games ... WHERE version =
expected AND seed_revealed = <what the dice assumed>` (the optimistic-concurrency
guard that also works across processes), the append-only action row (unique on
game + version) and, every `SNAPSHOT_EVERY` actions, a snapshot row. A conflict
raises `StaleVersion` with the current version and writes nothing. On
PostgreSQL the same transaction sends `NOTIFY` on the database's channel, so
other server processes learn of the change when it commits (service/notify.py).

Read-modify-write of a row is never done blindly: the reveal-request set is
changed by compare-and-set (`request_reveal`), so concurrent requests, in one
process or several, are all kept.

On PostgreSQL every call is tried once more on a fresh connection when the
database dropped its connection, and fails with `Unavailable` when the
database is really down (store/pg.py says why that is safe for the writes).
"""

from __future__ import annotations

import hashlib
import json
import secrets
import sqlite3
import threading
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from sqlalchemy import event, inspect, text, update
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError, OperationalError, ProgrammingError
from sqlmodel import Session, SQLModel, create_engine, select

from adjudicator.core.errors import MalformedInput, NotFound, StaleVersion
from adjudicator.store import pg
from adjudicator.store.models import ActionRow, GameRow, SnapshotRow
from adjudicator.store.pg import reconnecting
from umpire.v1 import state_pb2

SNAPSHOT_EVERY = 50
DEFAULT_URL = "sqlite:///umpire-data/umpire.sqlite"
# Compare-and-set attempts before a reveal request gives up (each retry means
# another request changed the row in between; a handful is already unusual).
REVEAL_ATTEMPTS = 50


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def _state(blob: bytes) -> state_pb2.GameState:
    s = state_pb2.GameState()
    s.ParseFromString(blob)
    return s


def _blob(msg: state_pb2.GameState | state_pb2.RecordedAction) -> bytes:
    return msg.SerializeToString(deterministic=True)


class RevealedMeanwhile(Exception):
    """The seed was revealed between reading the game and appending to it: the
    dice were thrown as secret but are not. Nothing was written; throw again."""


@dataclass(frozen=True)
class VersionInfo:
    """What a cached game must match to be current."""

    version: int
    seed_revealed: bool


@dataclass(frozen=True)
class RevealState:
    revealed: bool
    asked: frozenset[str]
    # The game's version when the seed was revealed; None while secret.
    at_version: int | None


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
    state: state_pb2.GameState = field(repr=False)
    # Only read when asked for (exports): a hot game does not keep a second state.
    initial: state_pb2.GameState | None = field(default=None, repr=False)
    revealed_at_version: int | None = None


def _to_stored(row: GameRow, with_initial: bool) -> StoredGame:
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
        state=_state(row.state),
        initial=_state(row.initial_state) if with_initial else None,
        revealed_at_version=row.revealed_at_version,
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
            # No pre-ping: it costs a round trip per transaction. A connection
            # broken by a database restart fails one request, and SQLAlchemy then
            # discards every connection of the pool older than that failure.
            engine = create_engine(url, pool_size=8, max_overflow=8)
    except Exception as e:  # bad URL, missing driver
        raise MalformedInput(f"cannot use database URL: {' '.join(str(e).split())}", "--db") from None
    return engine


def _add_missing_columns(engine: Engine) -> None:
    """Databases written by an older Umpire lack newer (nullable) columns: add
    them. Two servers starting at once may race; the loser finds them there."""
    insp = inspect(engine)
    for table in (GameRow.__table__, ActionRow.__table__, SnapshotRow.__table__):  # type: ignore[attr-defined]
        have = {c["name"] for c in insp.get_columns(table.name)}
        for col in table.columns:
            if col.name in have:
                continue
            ddl = f"ALTER TABLE {table.name} ADD COLUMN {col.name} {col.type.compile(engine.dialect)}"
            try:
                with engine.begin() as c:
                    c.execute(text(ddl))
            except (OperationalError, ProgrammingError):
                if col.name not in {c["name"] for c in inspect(engine).get_columns(table.name)}:
                    raise


def channel_name(database: str, schema: str) -> str:
    """The NOTIFY channel of one database + schema: servers on another schema
    (a parallel test run, another deployment) never hear this one's changes."""
    return "umpire_" + hashlib.sha256(f"{database}\x00{schema}".encode()).hexdigest()[:24]


class GameStore:
    """Games, their action logs and snapshots in one SQL database."""

    def __init__(self, url: str = DEFAULT_URL) -> None:
        self.url = url
        self.engine = make_engine(url)
        try:
            SQLModel.metadata.create_all(self.engine)
            _add_missing_columns(self.engine)
        except OperationalError as e:
            raise MalformedInput(f"cannot open the database: {' '.join(str(e.orig).split())}", url) from None
        self.is_postgres = self.engine.dialect.name == "postgresql"
        db = self.engine.url.database
        # A SQLite file (not :memory:) for the fast version read, one connection per thread.
        self._sqlite_file = db if self.engine.dialect.name == "sqlite" and db and db != ":memory:" else None
        self._local = threading.local()
        # Reads and PostgreSQL's one-statement append: no BEGIN / COMMIT round
        # trips (a pool of its own, so no connection switches modes per use).
        self._auto = (
            create_engine(url, isolation_level="AUTOCOMMIT", pool_size=8, max_overflow=8)
            if self.is_postgres else self.engine
        )
        # Tags this store's notifications, so its own process can skip them
        # (it has updated its cache and woken its watchers already).
        self.origin = secrets.token_hex(4)
        # The LISTEN/NOTIFY channel (PostgreSQL only; SQLite has no push).
        self.notify_channel: str | None = None
        if self.is_postgres:
            with self.engine.connect() as c:
                db, schema = c.execute(text("select current_database(), current_schema()")).one()
            self.notify_channel = channel_name(str(db), str(schema))

    def close(self) -> None:
        self.engine.dispose()
        self._auto.dispose()

    def _notify(self, conn: Connection, game_id: str, version: int, revealed: bool) -> None:
        """Tell other processes (on commit of `conn`'s transaction) that a game changed."""
        if self.notify_channel is not None:
            conn.execute(
                text("SELECT pg_notify(:c, :p)"),
                {"c": self.notify_channel, "p": f"{game_id} {version} {int(revealed)} {self.origin}"},
            )

    # -- games
    @reconnecting
    def create_game(
        self,
        *,
        game_id: str,
        seed: bytes,
        seed_commitment: str,
        token_hashes: dict[str, str],
        parameters: dict[str, str],
        initial: state_pb2.GameState,
        creation_events: Sequence[state_pb2.Event] = (),
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
            creation_events=_blob(state_pb2.RecordedAction(version=0, events=creation_events)),
        )
        try:
            with Session(self.engine) as session:
                session.add(row)
                session.commit()
        except IntegrityError:
            # A retry (pg.reconnecting) after a first try that committed: our own row.
            if self.load(game_id).seed_commitment != seed_commitment:
                raise

    @reconnecting
    def load(self, game_id: str, *, with_initial: bool = False) -> StoredGame:
        with Session(self._auto) as session:
            row = session.get(GameRow, game_id)
            if row is None:
                raise NotFound(f"no game {game_id!r}")
            return _to_stored(row, with_initial)

    def current_version(self, game_id: str) -> int:
        return self.version_info(game_id).version

    @reconnecting
    def version_info(self, game_id: str) -> VersionInfo:
        """One indexed read: what a cached copy of the game must match. Asked
        before every answer, so on a SQLite file it skips SQLAlchemy (a pooled
        connection costs 60 times the read itself)."""
        if self._sqlite_file is not None:
            con = getattr(self._local, "con", None)
            if con is None:
                con = self._local.con = sqlite3.connect(self._sqlite_file, timeout=5.0)
            got = con.execute("SELECT version, seed_revealed FROM games WHERE id = ?", (game_id,)).fetchone()
            if got is None:
                raise NotFound(f"no game {game_id!r}")
            return VersionInfo(int(got[0]), bool(got[1]))
        with self._auto.connect() as c:
            row = c.execute(
                select(GameRow.version, GameRow.seed_revealed).where(GameRow.id == game_id)
            ).first()
        if row is None:
            raise NotFound(f"no game {game_id!r}")
        return VersionInfo(int(row[0]), bool(row[1]))

    @reconnecting
    def versions(self, game_ids: Iterable[str]) -> dict[str, VersionInfo]:
        """Version checks for several games in one read (missing games are absent)."""
        ids = list(set(game_ids))
        if not ids:
            return {}
        with self._auto.connect() as c:
            rows = c.execute(
                select(GameRow.id, GameRow.version, GameRow.seed_revealed).where(
                    GameRow.id.in_(ids)  # type: ignore[attr-defined]
                )
            ).all()
        return {str(r[0]): VersionInfo(int(r[1]), bool(r[2])) for r in rows}

    @reconnecting
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
        *,
        dice_open: bool = False,
    ) -> None:
        """Commit one accepted action, or raise StaleVersion (another action got
        there first) / RevealedMeanwhile (the dice were thrown as secret, the
        seed is public now) and write nothing."""
        if new_state.version != expected_version + 1 or record.version != new_state.version:
            raise ValueError("append: versions do not line up")
        record.accepted_at = record.accepted_at or now()
        state_blob = _blob(new_state)
        if self.is_postgres:
            self._append_one_statement(game_id, expected_version, record, new_state, state_blob, dice_open)
            return
        games = GameRow.__table__  # type: ignore[attr-defined]
        actions = ActionRow.__table__  # type: ignore[attr-defined]
        try:
            with self.engine.begin() as c:
                result = c.execute(
                    update(games)
                    .where(games.c.id == game_id)
                    .where(games.c.version == expected_version)
                    .where(games.c.seed_revealed == dice_open)
                    .values(version=new_state.version, state=state_blob, finished=new_state.finished)
                )
                if result.rowcount != 1:
                    raise _NoRow
                c.execute(
                    actions.insert().values(
                        game_id=game_id,
                        version=record.version,
                        side=record.action.side,
                        accepted_at=record.accepted_at,
                        record=_blob(record),
                    )
                )
                if new_state.version % SNAPSHOT_EVERY == 0:
                    c.execute(
                        SnapshotRow.__table__.insert().values(  # type: ignore[attr-defined]
                            game_id=game_id, version=new_state.version, state=state_blob
                        )
                    )
                self._notify(c, game_id, new_state.version, dice_open)
        except _NoRow:
            info = self.version_info(game_id)
            if info.version != expected_version:
                raise StaleVersion(expected_version, info.version) from None
            raise RevealedMeanwhile(game_id) from None
        except IntegrityError:
            raise StaleVersion(expected_version, self.current_version(game_id)) from None

    def _append_one_statement(
        self,
        game_id: str,
        expected_version: int,
        record: state_pb2.RecordedAction,
        new_state: state_pb2.GameState,
        state_blob: bytes,
        dice_open: bool,
    ) -> None:
        """PostgreSQL: the guarded UPDATE, the action row, the snapshot and the
        NOTIFY as one statement (pg.APPEND), sent straight to the driver."""
        import psycopg2

        params = {
            "id": game_id, "v0": expected_version, "v1": new_state.version, "state": state_blob,
            "fin": new_state.finished, "open": dice_open, "side": record.action.side, "at": record.accepted_at,
            "rec": _blob(record), "snap": new_state.version % SNAPSHOT_EVERY == 0, "chan": self.notify_channel,
            "payload": f"{game_id} {new_state.version} {int(dice_open)} {self.origin}",
        }
        try:
            written = pg.append(self._auto, params)
        except psycopg2.IntegrityError:
            raise StaleVersion(expected_version, self.current_version(game_id)) from None
        if not written:
            info = self.version_info(game_id)
            if info.version != expected_version:
                raise StaleVersion(expected_version, info.version)
            raise RevealedMeanwhile(game_id)

    @reconnecting
    def actions(self, game_id: str, after_version: int = 0) -> list[state_pb2.RecordedAction]:
        actions = ActionRow.__table__  # type: ignore[attr-defined]
        with self._auto.connect() as c:
            rows = c.execute(
                select(actions.c.record)
                .where(actions.c.game_id == game_id)
                .where(actions.c.version > after_version)
                .order_by(actions.c.version)
            ).all()
        out = []
        for (blob,) in rows:
            rec = state_pb2.RecordedAction()
            rec.ParseFromString(blob)
            out.append(rec)
        return out

    @reconnecting
    def creation_events(self, game_id: str) -> list[state_pb2.Event]:
        """The events of the game's creation (empty for games stored before they were kept)."""
        with self._auto.connect() as c:
            row = c.execute(select(GameRow.creation_events).where(GameRow.id == game_id)).first()
        if row is None:
            raise NotFound(f"no game {game_id!r}")
        if not row[0]:
            return []
        return list(state_pb2.RecordedAction.FromString(row[0]).events)

    def record(self, game_id: str) -> state_pb2.GameRecord:
        game = self.load(game_id, with_initial=True)
        rec = state_pb2.GameRecord(game_id=game_id, initial=game.initial, final=game.state)
        # The log is append-only: what was read after the state, up to its version, is its log.
        rec.actions.extend(a for a in self.actions(game_id) if a.version <= game.state.version)
        rec.parameters.update(game.parameters)
        rec.creation_events.extend(self.creation_events(game_id))
        return rec

    # -- dice seed
    @reconnecting
    def request_reveal(self, game_id: str, side: str, sides: Iterable[str]) -> RevealState:
        """Record that `side` asks for the seed; reveal when the game is over or
        all sides asked. Compare-and-set on the request list, so two sides asking
        at once (through one server or two) are both counted."""
        games = GameRow.__table__  # type: ignore[attr-defined]
        wanted = set(sides)
        for _ in range(REVEAL_ATTEMPTS):
            with self.engine.begin() as c:
                row = c.execute(
                    select(games.c.reveal_requests, games.c.seed_revealed, games.c.finished,
                           games.c.revealed_at_version).where(games.c.id == game_id)
                ).first()
                if row is None:
                    raise NotFound(f"no game {game_id!r}")
                old, revealed, finished, at = str(row[0]), bool(row[1]), bool(row[2]), row[3]
                asked = {s for s in old.split(",") if s} | {side}
                new = ",".join(sorted(asked))
                if revealed and new == old:
                    return RevealState(True, frozenset(asked), at)
                reveal = revealed or finished or wanted <= asked
                values: dict[str, object] = {"reveal_requests": new, "seed_revealed": reveal}
                if reveal and not revealed:
                    # The version at the moment of the reveal, read by the UPDATE itself.
                    values["revealed_at_version"] = games.c.version
                result = c.execute(
                    update(games)
                    .where(games.c.id == game_id)
                    .where(games.c.reveal_requests == old)
                    .where(games.c.seed_revealed == revealed)
                    .values(**values)
                    .returning(games.c.version, games.c.revealed_at_version)
                )
                got = result.first()
                if got is None:
                    continue  # another request changed the row first: read it again
                if reveal and not revealed:
                    self._notify(c, game_id, int(got[0]), True)
                return RevealState(reveal, frozenset(asked), None if got[1] is None else int(got[1]))
        raise RuntimeError(f"reveal request for {game_id!r} kept conflicting")


class _NoRow(Exception):
    """The guarded UPDATE matched no row (internal to `append`)."""
