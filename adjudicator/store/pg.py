"""PostgreSQL specifics of the store: the submit's one statement sent straight to
the driver, and what happens when the database drops connections.

Why straight to the driver: the submit is the hot path (issue 12's load goal),
and going through SQLAlchemy's `Connection.execute(text(...))` cost more server
CPU than the driver call itself (a Connection object, the compiled-statement
cache, parameter processing, the result wrapper). Here the state blob goes to
psycopg2 once, as the statement's parameter, on a pooled DBAPI connection.

Why a retry: PostgreSQL kills connections (`pg_terminate_backend`, a restart,
a failover, an idle timeout). Without pre-ping (a round trip per use) the pool
hands out the dead ones, and every pooled connection fails once. A request
whose connection was dropped is tried once more on a fresh connection; only
when that fails too (the database is really down) does the caller get
`Unavailable` (gRPC UNAVAILABLE, service/errors.py), a transient condition
clients retry, instead of an INTERNAL error.

A write is only retried when retrying cannot apply it twice: the submit's
statement is guarded by the version (a second try that finds its own action
already committed, because the first try's commit went through before the
connection broke, reports success: the record bytes are compared), and game
creation checks that a duplicate id is its own row (`GameStore.create_game`).
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable
from typing import Any, TypeVar

from sqlalchemy.engine import Engine
from sqlalchemy.exc import DBAPIError

from adjudicator.core.errors import Unavailable

log = logging.getLogger("umpire.store")

T = TypeVar("T")
F = TypeVar("F", bound=Callable[..., Any])

UNAVAILABLE = "the database is unavailable (connection refused or dropped); try again"

# The guarded UPDATE, the action row, the snapshot and the NOTIFY as one
# statement, hence one implicit transaction and one round trip (data-modifying
# CTEs run exactly once, all or nothing). One row back when it was written.
# The state is sent once: the snapshot takes it from the UPDATE's RETURNING
# (the row as written), not from a second copy of the parameter, which would
# double the statement (psycopg2 sends bytea as hex text: 2 bytes a byte) that
# the server process builds and PostgreSQL parses on every submit.
# It is prepared once per connection (`prepared`): PostgreSQL then neither
# parses nor plans the three-part statement again for every submit (about a
# fifth of the database's CPU per submit, measured: docs/deploy.md).
APPEND_NAME = "umpire_append"
APPEND_PREPARE = f"""
    PREPARE {APPEND_NAME} (text, integer, integer, bytea, boolean, boolean, text, text, bytea, boolean, text, text) AS
    WITH u AS (
        UPDATE games SET version = $3, state = $4, finished = $5
        WHERE id = $1 AND version = $2 AND seed_revealed = $6
        RETURNING id, state
    ), a AS (
        INSERT INTO actions (game_id, version, side, accepted_at, record)
        SELECT id, $3, $7, $8, $9 FROM u
        RETURNING game_id
    ), s AS (
        INSERT INTO snapshots (game_id, version, state)
        SELECT u.id, $3, u.state FROM u JOIN a ON a.game_id = u.id WHERE $10
    )
    SELECT pg_notify($11, $12) FROM a
"""
APPEND = (f"EXECUTE {APPEND_NAME} (%(id)s, %(v0)s, %(v1)s, %(state)s, %(fin)s, %(open)s, %(side)s, %(at)s, "
          "%(rec)s, %(snap)s, %(chan)s, %(payload)s)")
OWN_RECORD = "SELECT record FROM actions WHERE game_id = %(id)s AND version = %(v1)s"


def dropped(e: BaseException) -> bool:
    """Whether `e` means the connection is gone or cannot be made (not a
    statement the database refused)."""
    import psycopg2

    if isinstance(e, DBAPIError):
        return bool(e.connection_invalidated) or isinstance(e.orig, (psycopg2.OperationalError,
                                                                       psycopg2.InterfaceError))
    return isinstance(e, (psycopg2.OperationalError, psycopg2.InterfaceError))


def _warn(e: BaseException) -> None:
    log.warning("database connection lost (%s); trying once more on a fresh connection",
                " ".join(str(e).split())[:300])


def reconnecting(fn: F) -> F:
    """A GameStore method (through SQLAlchemy) tried once more when PostgreSQL
    dropped its connection; `Unavailable` when the second try fails the same
    way. SQLAlchemy discards every connection of the pool older than a
    disconnect it saw, so the second try gets a fresh one. SQLite: unchanged."""

    @functools.wraps(fn)
    def wrapper(self: Any, *args: Any, **kw: Any) -> Any:
        if not self.is_postgres:
            return fn(self, *args, **kw)
        try:
            return fn(self, *args, **kw)
        except DBAPIError as e:
            if not dropped(e):
                raise
            _warn(e)
        try:
            return fn(self, *args, **kw)
        except DBAPIError as e:
            if not dropped(e):
                raise
            log.error("database unavailable: %s", " ".join(str(e).split())[:300])
            raise Unavailable(UNAVAILABLE) from None

    return wrapper  # type: ignore[return-value]


def run_direct(engine: Engine, work: Callable[[Any, bool, set[str]], T]) -> T:
    """`work(cursor, retried, prepared)` on a pooled DBAPI connection of
    `engine` (an AUTOCOMMIT engine: each statement is its own transaction);
    once more on a fresh connection when the first was dropped, then
    `Unavailable`. `prepared`: the names of the statements prepared on that
    connection (kept in the pool's record of it: a new connection has none)."""
    import psycopg2

    for attempt in range(2):
        try:
            conn = engine.raw_connection()
        except (DBAPIError, psycopg2.Error) as e:  # cannot connect at all
            if not dropped(e) or attempt:
                if dropped(e):
                    raise Unavailable(UNAVAILABLE) from None
                raise
            _warn(e)
            continue
        try:
            cur = conn.cursor()
            try:
                prepared: set[str] = conn.info.setdefault("umpire_prepared", set())
                return work(cur, attempt > 0, prepared)
            finally:
                try:
                    cur.close()
                except psycopg2.Error:
                    pass
        except psycopg2.Error as e:
            if not dropped(e):
                raise
            conn.invalidate(e)
            # Every idle connection of the pool was most likely dropped with
            # this one (a restart, pg_terminate_backend): start a new pool.
            engine.dispose()
            if attempt:
                log.error("database unavailable: %s", " ".join(str(e).split())[:300])
                raise Unavailable(UNAVAILABLE) from None
            _warn(e)
        finally:
            conn.close()
    raise AssertionError("unreachable")  # pragma: no cover


def append(engine: Engine, params: dict[str, Any]) -> bool:
    """The submit's statement; True when this action was written (by this
    call, or by a first try whose commit went through before its connection
    broke), False when the guard matched no row."""

    def work(cur: Any, retried: bool, prepared: set[str]) -> bool:
        execute_prepared(cur, prepared, APPEND_NAME, APPEND_PREPARE, APPEND, params)
        if cur.fetchall():
            return True
        if retried:
            cur.execute(OWN_RECORD, params)
            got = cur.fetchone()
            return got is not None and bytes(got[0]) == params["rec"]
        return False

    return run_direct(engine, work)


def execute_prepared(cur: Any, prepared: set[str], name: str, prepare: str, execute: str,
                     params: dict[str, Any] | tuple[Any, ...]) -> None:
    """`execute` (an EXECUTE of the statement `name`), preparing it first on
    this connection when it is not in `prepared` (the names prepared on it). A
    connection whose prepared statements were dropped meanwhile (DISCARD ALL)
    prepares it again. Prepared statements
    live in the session, as the change feed's LISTEN does: Umpire needs direct
    (or session-pooled) connections to PostgreSQL either way."""
    import psycopg2

    if name not in prepared:
        cur.execute(prepare)
        prepared.add(name)
    try:
        cur.execute(execute, params)
    except psycopg2.errors.InvalidSqlStatementName:
        cur.execute(prepare)
        cur.execute(execute, params)
