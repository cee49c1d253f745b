"""Fixtures for the reliability tests: database URLs (SQLite always,
PostgreSQL when reachable, each in its own schema) and real server processes."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.databases import database_url


@pytest.fixture(params=["sqlite", "postgres"])
def any_db(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    with database_url(request.param, tmp_path, "reliability.sqlite") as u:
        yield u


@pytest.fixture(scope="module", params=["sqlite", "postgres"])
def shared_db(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """One database for a module's tests (server processes are slow to start)."""
    with database_url(request.param, tmp_path_factory.mktemp("shared"), "shared.sqlite") as u:
        yield u
