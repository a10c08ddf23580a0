"""``alembic upgrade head``, run programmatically when the server starts.

A restart almost always finds the database at head already. Alembic itself (and the
dialect modules it loads) is a large share of start-up time, so ``upgrade`` first compares
the database's revision with the head read straight from the migration files, and imports
Alembic only when they differ (or when the files cannot be read that simply).
"""

from __future__ import annotations

import ast
import logging
from typing import TYPE_CHECKING

from sqlalchemy import text

from app.core.config import PACKAGE_DIR
from app.db import sqlite
from app.db.session import Database

if TYPE_CHECKING:
    from alembic.config import Config

log = logging.getLogger(__name__)

MIGRATIONS = PACKAGE_DIR / "migrations"
VERSIONS = MIGRATIONS / "versions"

MIGRATING = {sqlite.WRITE: True, sqlite.MIGRATE: True}
"""A migration's connection (only SQLite reads them): BEGIN IMMEDIATE, foreign keys off."""


def alembic_config() -> Config:
    from alembic.config import Config

    # Built in code: an installed package has no alembic.ini (that file is for developers'
    # `alembic` command in a checkout).
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    cfg.attributes["configure_logger"] = False
    return cfg


def head_revision() -> str | None:
    """The one head of ``app/migrations/versions`` from each file's ``revision`` and
    ``down_revision`` assignments; ``None`` if that is not a single plain chain (branches,
    merges, computed values), in which case Alembic decides."""
    revisions: dict[str, object] = {}
    for path in VERSIONS.glob("*.py"):
        values: dict[str, object] = {}
        for node in ast.parse(path.read_text()).body:
            target: ast.expr | None = None
            value: ast.expr | None = None
            if isinstance(node, ast.AnnAssign):
                target, value = node.target, node.value
            elif isinstance(node, ast.Assign) and len(node.targets) == 1:
                target, value = node.targets[0], node.value
            if isinstance(target, ast.Name) and target.id in ("revision", "down_revision"):
                try:
                    values[target.id] = ast.literal_eval(value) if value is not None else None
                except ValueError:
                    return None
        revision = values.get("revision")
        if not isinstance(revision, str):
            return None
        revisions[revision] = values.get("down_revision")
    parents = set(revisions.values())
    heads = [r for r in revisions if r not in parents]
    return heads[0] if len(heads) == 1 else None


def current_revision(db: Database) -> str | None:
    """The database's revision, or ``None`` when it has none (a new or empty database)."""
    try:
        with db.engine.connect() as conn:
            return conn.execute(text("SELECT version_num FROM alembic_version")).scalar()
    except Exception:  # no table yet: Alembic creates it
        return None


def upgrade(db: Database, revision: str = "head") -> None:
    """Bring ``db`` to ``revision`` (the newest by default)."""
    db.prepare()
    head = head_revision()
    if revision == "head" and head is not None and current_revision(db) == head:
        return
    from alembic import command

    cfg = alembic_config()
    # BEGIN IMMEDIATE on SQLite: two processes starting at once migrate one after the other.
    # ``MIGRATE``: foreign keys off while tables are rebuilt (app/db/sqlite.py).
    with db.engine.connect() as conn, conn.execution_options(**MIGRATING).begin():
        if conn.dialect.name == "postgresql":
            # Same on Postgres: replicas starting together wait here until the first is done.
            conn.execute(text("SELECT pg_advisory_xact_lock(7213001)"))
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, revision)
