"""The store on the real PostgreSQL after the database dropped its connections
(`pg_terminate_backend`, as a restart or failover does): the next submit,
state read and game creation still succeed (tried once more on a fresh
connection, store/pg.py), nothing is written twice, and a database that stays
down is `Unavailable`, not an unexpected exception.

Only this test's own connections are terminated: they carry an
application_name of their own (other test runs share the server)."""

from __future__ import annotations

import secrets
from collections.abc import Iterator

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import Connection

from adjudicator.core.errors import StaleVersion, Unavailable
from adjudicator.store.store import GameStore
from tests.support.databases import PG_URL, postgres_schema_url
from umpire.v1 import action_pb2, state_pb2


def terminate(app: str, admin: Connection | None = None) -> int:
    """Kill every backend of application `app`; how many there were. `admin`:
    a connection opened beforehand (when new connections are refused)."""
    sql = text("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = :a")
    if admin is not None:
        return len(admin.execute(sql, {"a": app}).all())
    engine = create_engine(PG_URL, isolation_level="AUTOCOMMIT")
    try:
        with engine.connect() as c:
            return len(c.execute(sql, {"a": app}).all())
    finally:
        engine.dispose()


@pytest.fixture
def pg_store() -> Iterator[tuple[GameStore, str]]:
    with postgres_schema_url() as url:
        app = f"umpire_reconnect_{secrets.token_hex(4)}"
        store = GameStore(f"{url}&application_name={app}")
        try:
            yield store, app
        finally:
            store.close()


def _initial(game_id: str) -> state_pb2.GameState:
    return state_pb2.GameState(game_id=game_id, ruleset="toy", version=0)


def _create(store: GameStore, game_id: str) -> None:
    store.create_game(game_id=game_id, seed=b"\x01" * 32, seed_commitment=f"c-{game_id}",
                      token_hashes={"a": "h"}, parameters={}, initial=_initial(game_id))


def _submit(store: GameStore, game_id: str, version: int) -> None:
    new = _initial(game_id)
    new.version = version + 1
    rec = state_pb2.RecordedAction(version=version + 1, action=action_pb2.Action(side="a", comment=f"v{version}"))
    store.append(game_id, version, rec, new)


def _warm(store: GameStore, game_id: str) -> None:
    """Use every pool once, so there are idle connections for the kill to break."""
    store.load(game_id)
    store.version_info(game_id)
    store.actions(game_id)


def test_submit_after_the_database_killed_the_connections(pg_store: tuple[GameStore, str]) -> None:
    store, app = pg_store
    _create(store, "g1")
    _submit(store, "g1", 0)
    _warm(store, "g1")
    assert terminate(app) >= 2
    _submit(store, "g1", 1)  # the hot path: one statement straight to the driver
    assert store.version_info("g1").version == 2
    assert [a.version for a in store.actions("g1")] == [1, 2]  # written once
    with pytest.raises(StaleVersion):
        _submit(store, "g1", 1)


def test_reads_and_creation_after_the_database_killed_the_connections(pg_store: tuple[GameStore, str]) -> None:
    store, app = pg_store
    _create(store, "g1")
    _warm(store, "g1")
    assert terminate(app) >= 2
    assert store.load("g1").version == 0
    assert terminate(app) >= 1
    assert store.version_info("g1").version == 0
    assert terminate(app) >= 1
    _create(store, "g2")
    assert store.load("g2").seed_commitment == "c-g2"
    assert terminate(app) >= 1
    assert store.request_reveal("g2", "a", ["a", "b"]).asked == frozenset({"a"})


def test_a_database_that_stays_down_is_unavailable(pg_store: tuple[GameStore, str],
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    store, app = pg_store
    _create(store, "g1")
    _warm(store, "g1")
    terminate(app)
    # Down: every connection attempt is refused (as while PostgreSQL restarts).
    import psycopg2

    def refuse(*args: object, **kw: object) -> None:
        raise psycopg2.OperationalError("connection refused")

    monkeypatch.setattr(psycopg2, "connect", refuse)
    with pytest.raises(Unavailable):
        store.version_info("g1")
    with pytest.raises(Unavailable):
        _submit(store, "g1", 0)
    monkeypatch.undo()
    _submit(store, "g1", 0)  # back up: the next call succeeds
    assert store.version_info("g1").version == 1
