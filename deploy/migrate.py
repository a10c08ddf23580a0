"""Bring the database schema up to date before the server starts (run by deploy/entrypoint.sh).

Several replicas may start at once against one PostgreSQL database: a session-level advisory
lock lets one of them run ``alembic upgrade head`` while the others wait, then find nothing
left to do. A SQLite database is served by one process (DESIGN.md), so it needs no lock.
The database URL is read by the migrations themselves (``DATABASE_URL``, as the server does).
"""

from __future__ import annotations

import os
import re
import sys
import time
from pathlib import Path

from alembic.config import main as alembic_main

ROOT = Path(__file__).resolve().parents[1]
LOCK_KEY = 0x7AF3_1201
"""Arbitrary but fixed: every replica must ask for the same advisory lock."""
CONNECT_TIMEOUT_S = 60


def upgrade() -> None:
    alembic_main(["-c", str(ROOT / "alembic.ini"), "upgrade", "head"], prog="alembic")


def connect_with_retry(url: str):
    """The database may still be starting (restart of the whole stack): retry for a minute."""
    import psycopg

    deadline = time.monotonic() + CONNECT_TIMEOUT_S
    delay = 0.5
    while True:
        try:
            return psycopg.connect(url, autocommit=True, connect_timeout=5)
        except psycopg.OperationalError as exc:
            if time.monotonic() > deadline:
                raise SystemExit(f"migrate: database not reachable: {exc}") from None
            print(f"migrate: waiting for the database ({exc.__class__.__name__})", flush=True)
            time.sleep(delay)
            delay = min(delay * 2, 5)


def main() -> None:
    url = os.environ.get("DATABASE_URL", "")
    if not re.match(r"^postgres(ql)?(\+\w+)?://", url):
        upgrade()
        return
    libpq_url = re.sub(r"^postgres(ql)?(\+\w+)?://", "postgresql://", url)
    with connect_with_retry(libpq_url) as conn:
        conn.execute("SELECT pg_advisory_lock(%s)", (LOCK_KEY,))
        try:
            upgrade()
        finally:
            conn.execute("SELECT pg_advisory_unlock(%s)", (LOCK_KEY,))


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    main()
