"""The same Alembic migrations on SQLite and PostgreSQL: both end at exactly the tables the
models describe, go down and up again, and several processes may migrate at once."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pytest
from alembic import command
from sqlalchemy import inspect

from app.db.migrate import alembic_config, upgrade
from app.db.session import Database

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(params=["sqlite", "postgres"])
def database(request: pytest.FixtureRequest, tmp_path: Path):
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'db.sqlite'}"
    else:
        request.applymarker(pytest.mark.postgres)
        url = request.getfixturevalue("pg_url")
    db = Database(url)
    yield db
    db.dispose()


def run_alembic(db: Database, fn, *args) -> None:
    cfg = alembic_config()
    with db.engine.begin() as conn:
        cfg.attributes["connection"] = conn
        fn(cfg, *args)


def schema(db: Database) -> dict[str, tuple]:
    insp = inspect(db.engine)
    return {
        table: (
            sorted(c["name"] for c in insp.get_columns(table)),
            sorted(tuple(u["column_names"]) for u in insp.get_unique_constraints(table)),
        )
        for table in sorted(insp.get_table_names())
    }


def test_upgrade_reaches_exactly_the_models(database: Database) -> None:
    upgrade(database)
    assert {"games", "seats", "actions", "alembic_version"} <= set(schema(database))
    # Raises if autogenerate would find anything to change between the models and the DB.
    run_alembic(database, command.check)


def test_downgrade_to_base_and_up_again(database: Database) -> None:
    upgrade(database)
    before = schema(database)
    run_alembic(database, command.downgrade, "base")
    assert set(schema(database)) <= {"alembic_version"}
    upgrade(database)
    assert schema(database) == before


MIGRATE_AT = """
import sys, time
from app.db.migrate import upgrade
from app.db.session import Database
db = Database(sys.argv[1])
db.engine.connect().close()  # connected and imported: only the migration itself is left
start = float(sys.argv[2])
while time.time() < start:
    pass
upgrade(db)
"""


@pytest.mark.postgres
def test_processes_migrating_the_same_empty_database_at_once_all_succeed(pg_url: str) -> None:
    """Replicas start together and each runs the migrations on start: one must create the
    tables while the others wait for it, not fail on tables that appeared meanwhile."""
    for _ in range(3):  # the race is narrow; several rounds make a lost one unlikely
        start = time.time() + 2.5
        procs = [
            subprocess.Popen(
                [sys.executable, "-c", MIGRATE_AT, pg_url, str(start)],
                cwd=ROOT,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )
            for _ in range(3)
        ]
        results = [(p.wait(timeout=120), p.stderr.read()) for p in procs]
        for p in procs:
            p.stdout.close()
            p.stderr.close()
        assert [rc for rc, _ in results] == [0, 0, 0], [err[-1500:] for _, err in results]
        db = Database(pg_url)
        try:
            run_alembic(db, command.check)
            run_alembic(db, command.downgrade, "base")  # empty again for the next round
        finally:
            db.dispose()
