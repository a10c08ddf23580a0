"""Fixtures for the PostgreSQL and multi-process tests: one throwaway server per session,
a fresh database per test. Without PostgreSQL these tests skip, or fail under CI=true."""

from __future__ import annotations

import itertools
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:  # `tests.support` when pytest is not run as `python -m pytest`
    sys.path.insert(0, str(ROOT))

from tests.support.postgres import PostgresServer, require_postgres  # noqa: E402

_names = itertools.count(1)


@pytest.fixture(scope="session")
def pg_server() -> Iterator[PostgresServer]:
    require_postgres()
    with PostgresServer() as server:
        yield server


@pytest.fixture
def pg_url(pg_server: PostgresServer) -> Iterator[str]:
    """A SQLAlchemy URL of an empty database of its own (the servers migrate it on start)."""
    name = f"t{os.getpid()}_{next(_names)}"
    url = pg_server.create_database(name)
    yield url
    pg_server.drop_database(name)


@pytest.fixture
def servers(pg_url: str, tmp_path: Path) -> Iterator[tuple[Any, Any]]:
    """Two app processes on the test's database, their bots moving without delay
    (``tests.postgres.harness.two_servers``); a module may define its own."""
    from tests.postgres.harness import two_servers

    with two_servers(pg_url, tmp_path, BOT_DELAY="0") as pair:
        yield pair
