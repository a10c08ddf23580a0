"""SQLite through Python's ``sqlite3``, each transaction begun the way this app needs it.

The driver's own transaction handling is off (``isolation_level = None`` on connect, in
app/db/session.py), so SQLAlchemy's ``begin`` must send SQLite a ``BEGIN`` itself: a plain
one for reads, ``BEGIN IMMEDIATE`` for writes (the write lock taken up front, see
app/db/session.py), and foreign keys off first while a migration rebuilds tables.

SQLAlchemy's recipe does that in a ``begin`` event on the engine. But an engine with any
connection event dispatches every execute event for every statement (all of them empty
here), and the ``BEGIN`` went through a whole statement execution of its own: together
about 60 µs of the 160 µs a move's write took (CHANGELOG.md, 0.1.0, "Stop 32";
benchmarks/write.py). So the dialect begins the transaction itself (``do_begin``, the hook
SQLAlchemy calls for every ``BEGIN``), told which kind by a connection's execution options.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sqlalchemy import Connection, Engine
from sqlalchemy.dialects import registry
from sqlalchemy.dialects.sqlite.pysqlite import SQLiteDialect_pysqlite
from sqlalchemy.engine import URL, make_url

WRITE = "tafelrunde_write"
"""Execution option: this connection's transactions write (``BEGIN IMMEDIATE``)."""
MIGRATE = "tafelrunde_migrate"
"""Execution option: this connection migrates the schema (foreign keys off, see below)."""
KEYS_OFF = "tafelrunde_foreign_keys_off"
"""Kept in a pooled connection's ``info`` while its foreign keys are off: turned on again
when it goes back to the pool (``restore``), before it serves anyone else."""
OPTIONS = (WRITE, MIGRATE)
WRITING = {WRITE: True}
"""The execution options of a write's connection."""


class TafelrundeSQLite(SQLiteDialect_pysqlite):
    """pysqlite, beginning each transaction as its connection's options ask."""

    supports_statement_cache = True

    def set_connection_execution_options(
        self, connection: Connection, opts: Mapping[str, Any]
    ) -> None:
        super().set_connection_execution_options(connection, opts)
        # Kept with the pooled connection, where ``do_begin`` can read it (it is given
        # nothing else); ``restore`` clears it when the connection goes back to the pool.
        info = connection.connection.info
        for option in OPTIONS:
            if option in opts:
                info[option] = bool(opts[option])

    def set_engine_execution_options(self, engine: Engine, opts: Mapping[str, Any]) -> None:
        if any(option in opts for option in OPTIONS):
            raise ValueError(
                f"{', '.join(OPTIONS)}: set them on a connection (Connection.execution_options),"
                " where the dialect sees them before BEGIN"
            )
        super().set_engine_execution_options(engine, opts)

    def do_begin(self, dbapi_connection: Any) -> None:
        info = dbapi_connection.info
        cursor = dbapi_connection.cursor()
        try:
            if info.get(MIGRATE):
                # Alembic's batch mode rebuilds a table (create a copy, DROP the old one):
                # with foreign keys on, that DROP cascades and deletes every row that refers
                # to it (dropping ``games`` emptied ``seats`` and ``actions``). The pragma only
                # takes effect outside a transaction, so it goes right before BEGIN.
                cursor.execute("PRAGMA foreign_keys=OFF")
                info[KEYS_OFF] = True
            cursor.execute("BEGIN IMMEDIATE" if info.get(WRITE) else "BEGIN")
        finally:
            cursor.close()


def restore(dbapi_connection: Any, info: dict[Any, Any]) -> None:
    """A connection back in the pool: no options left for its next user, foreign keys on."""
    for option in OPTIONS:
        info.pop(option, None)
    if info.pop(KEYS_OFF, False):
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()


registry.register("sqlite.tafelrunde", __name__, "TafelrundeSQLite")


def with_dialect(url: str) -> URL:
    """``url`` (a SQLite URL of Python's ``sqlite3``) served by ``TafelrundeSQLite``."""
    parsed = make_url(url)
    if parsed.get_driver_name() != "pysqlite":
        raise ValueError(
            f"SQLite is used through Python's sqlite3 (sqlite:///PATH), not {parsed.drivername}"
        )
    return parsed.set(drivername="sqlite+tafelrunde")
