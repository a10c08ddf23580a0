"""Alembic environment: the app's metadata and settings; works for SQLite and Postgres.

Run by ``alembic upgrade head`` (URL from DATABASE_URL) or by the server on start
(app/db/migrate.py hands over its own connection).
"""

from __future__ import annotations

from logging.config import fileConfig

from alembic import context
from sqlalchemy import Connection

from app.core.config import get_settings
from app.db import sqlite
from app.db.models import Base
from app.db.session import Database

config = context.config
if config.config_file_name is not None and config.attributes.get("configure_logger", True):
    fileConfig(config.config_file_name, disable_existing_loggers=False)

target_metadata = Base.metadata


def _run(connection: Connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=target_metadata,
        # SQLite cannot ALTER most things in place; batch mode copies the table instead.
        render_as_batch=connection.dialect.name == "sqlite",
        compare_type=True,
    )
    with context.begin_transaction():
        context.run_migrations()


def run_migrations_offline() -> None:
    url = config.get_main_option("sqlalchemy.url") or get_settings().database_url
    context.configure(url=url, target_metadata=target_metadata, literal_binds=True)
    with context.begin_transaction():
        context.run_migrations()


def run_migrations_online() -> None:
    connection = config.attributes.get("connection")
    if connection is not None:
        _run(connection)
        return
    db = Database(config.get_main_option("sqlalchemy.url") or get_settings().database_url)
    db.prepare()
    # Foreign keys off while SQLite tables are rebuilt (see app/db/sqlite.py).
    with db.engine.connect() as conn:
        _run(conn.execution_options(**{sqlite.MIGRATE: True}))
    db.dispose()


if context.is_offline_mode():
    run_migrations_offline()
else:
    run_migrations_online()
