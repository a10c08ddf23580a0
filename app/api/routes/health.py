"""Probes: ``/healthz`` and ``/api/health`` (liveness), ``/readyz`` (readiness).

The two liveness routes answer the same and never touch the database, so a slow or absent
database never gets a live process restarted. ``/healthz`` is for operators and
orchestrators (the image's ``HEALTHCHECK``, a load balancer); ``/api/health`` is the same
answer under the API's prefix, for clients that only reach ``/api`` (bots behind a proxy
that forwards ``/api`` only, the benchmarks' trivial request). ``/readyz`` asks the database
to write: it rewrites the one row of ``alembic_version`` with its own value and rolls back
(SQLite: on a connection opened for the probe, so a file gone read-only shows; refused as
read-only, it asks once more after closing the process's connections, one of which may have
opened the file's shared-memory index while the file was read-only), so a database that
answers reads but refuses writes (read-only SQLite file, PostgreSQL in recovery or
read-only, a schema that was never migrated) is unready too. 200 when the write
goes through, 503 with the API's error body (code ``database_unavailable``, ``Retry-After``)
when it does not. The message names only the kind of failure; the details (host, user) go to
the server log.
"""

from __future__ import annotations

import logging
import sqlite3
from pathlib import Path
from typing import Any

from fastapi import APIRouter
from fastapi.responses import JSONResponse
from sqlalchemy import text

from app.api.deps import ServiceDep
from app.core.config import VERSION
from app.core.errors import DATABASE_RETRY_AFTER, database_failed, database_works, error_response
from app.db.session import is_read_only, sqlite_path
from app.db.sqlite import WRITING

log = logging.getLogger(__name__)

router = APIRouter(tags=["health"])

PROBE = "UPDATE alembic_version SET version_num = version_num"
"""The write ``/readyz`` asks for and rolls back."""

PROBE_BUSY_MS = 5000
"""SQLite: how long ``/readyz`` waits for another writer's lock."""


def _sqlite_takes_a_write(path: Path) -> None:
    """The probe on a connection of its own, opened as the pool would open a new one. A
    pooled connection proves nothing about the file: its descriptors stay writable after
    the file's mode changed, and a rolled-back write never reaches the file. SQLite opens
    a file it may not write read-only, and the write is then refused (``mode=rw``: a
    missing file is an error, not created)."""
    conn = sqlite3.connect(
        f"{path.resolve().as_uri()}?mode=rw",
        uri=True,
        isolation_level=None,
        timeout=PROBE_BUSY_MS / 1000,
    )
    cursor = conn.cursor()
    try:
        cursor.execute("BEGIN IMMEDIATE")
        cursor.execute(PROBE)
        cursor.execute("ROLLBACK")
    finally:
        cursor.close()  # its statement would keep the file open past ``close``
        conn.close()


@router.get("/healthz")
async def healthz() -> dict[str, str]:
    """Liveness for operators: the process serves requests. Never touches the database."""
    return {"status": "ok"}


@router.get("/api/health")
def api_health() -> dict[str, str]:
    """Liveness under the API's prefix (as ``/healthz``). Never touches the database."""
    # A plain ``def`` like the API's other routes (worker thread), so the benchmarks'
    # "trivial request" still measures what an API request costs without the database.
    return {"status": "ok", "version": VERSION}


@router.get(
    "/readyz",
    responses={503: {"description": "The database is not reachable (`database_unavailable`)."}},
)
def readyz(service: ServiceDep) -> Any:
    """Readiness: the database takes a write. Also says how live updates travel (``hub``)."""
    try:
        path = sqlite_path(service.db.url) if service.db.sqlite else None
        if path is not None:
            try:
                _sqlite_takes_a_write(path)
            except sqlite3.Error as exc:
                if not is_read_only(exc):
                    raise
                # The refusal may be a pooled connection's, not the file's: one that opened
                # the shared-memory index while the file was read-only makes every new one
                # share it read-only. Closed, the index is opened anew: ask once more.
                service.db.read_only_seen()
                _sqlite_takes_a_write(path)
        else:
            # BEGIN IMMEDIATE on SQLite: the write lock is part of what a write needs.
            engine = service.db.engine
            with engine.connect() as conn, conn.execution_options(**WRITING).begin() as tx:
                conn.execute(text(PROBE))
                tx.rollback()
    except Exception as exc:
        database_failed(log, "readyz: database not reachable", exc)
        response: JSONResponse = error_response(
            "database_unavailable",
            f"the database is not reachable ({type(exc).__name__})",
            503,
            retry_after=DATABASE_RETRY_AFTER,
        )
        return response
    database_works()
    hub = service.hub
    listening = getattr(hub, "listening", None)
    return {
        "status": "ok",
        "database": service.db.engine.dialect.name,
        "hub": type(hub).__name__,
        # A Postgres hub that lost its listener still serves; it catches up on reconnecting.
        **({"listening": listening.is_set()} if listening is not None else {}),
    }
