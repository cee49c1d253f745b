"""Database URLs for contract tests: SQLite always, PostgreSQL when reachable.

PostgreSQL is looked for at UMPIRE_TEST_PG_URL or, by default, the machine's
local server (127.0.0.1:5432, trust auth, database `test`). Each use gets its own
schema, dropped afterwards, so runs never see each other's tables.
"""

from __future__ import annotations

import functools
import os
import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

PG_URL = os.environ.get("UMPIRE_TEST_PG_URL", "postgresql+psycopg2://postgres@127.0.0.1:5432/test")


@functools.cache
def postgres_unavailable_reason() -> str | None:
    try:
        import psycopg2  # noqa: F401
    except ImportError:
        return "psycopg2 is not installed (pip install '.[postgres]')"
    from sqlalchemy import create_engine, text

    try:
        engine = create_engine(PG_URL, connect_args={"connect_timeout": 3})
        with engine.connect() as c:
            c.execute(text("select 1"))
        engine.dispose()
    except Exception as e:  # noqa: BLE001 - any failure means "not reachable"
        return f"no PostgreSQL reachable at {PG_URL} ({type(e).__name__}); set UMPIRE_TEST_PG_URL to test it"
    return None


@contextmanager
def schema_url(prefix: str = "umpire_test") -> Iterator[str]:
    """A URL on a fresh schema of the PostgreSQL at PG_URL, dropped afterwards
    (benchmarks and scripts use it too: it does not skip, it fails)."""
    from sqlalchemy import create_engine, text

    schema = f"{prefix}_{secrets.token_hex(4)}"
    admin = create_engine(PG_URL)
    with admin.begin() as c:
        c.execute(text(f'create schema "{schema}"'))
    sep = "&" if "?" in PG_URL else "?"
    try:
        yield f"{PG_URL}{sep}options=-csearch_path%3D{schema}"
    finally:
        with admin.begin() as c:
            c.execute(text(f'drop schema "{schema}" cascade'))
        admin.dispose()


@contextmanager
def postgres_schema_url() -> Iterator[str]:
    reason = postgres_unavailable_reason()
    if reason:
        pytest.skip(reason)
    with schema_url() as u:
        yield u


@contextmanager
def database_url(kind: str, directory: Path, name: str = "umpire.sqlite") -> Iterator[str]:
    """A test database of `kind` ("sqlite": a file in `directory`; "postgres": a schema)."""
    if kind == "sqlite":
        yield f"sqlite:///{directory / name}"
    else:
        with postgres_schema_url() as u:
            yield u
