"""``alembic upgrade head``, run programmatically when the server starts."""

from __future__ import annotations

from alembic import command
from alembic.config import Config
from sqlalchemy import text

from app.core.config import REPO_ROOT
from app.db.session import Database


def alembic_config() -> Config:
    cfg = Config(str(REPO_ROOT / "alembic.ini"))
    cfg.set_main_option("script_location", str(REPO_ROOT / "migrations"))
    cfg.attributes["configure_logger"] = False
    return cfg


def upgrade(db: Database) -> None:
    db.prepare()
    cfg = alembic_config()
    # BEGIN IMMEDIATE on SQLite: two processes starting at once migrate one after the other.
    with db.engine.execution_options(tafelrunde_write=True).begin() as conn:
        if conn.dialect.name == "postgresql":
            # Same on Postgres: replicas starting together wait here until the first is done.
            conn.execute(text("SELECT pg_advisory_xact_lock(7213001)"))
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "head")
