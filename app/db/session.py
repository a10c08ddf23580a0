"""Database engine and sessions for SQLite and PostgreSQL (any SQLAlchemy URL).

SQLite needs two things to behave under concurrent writers: WAL (readers never wait for
the writer) and write transactions that take the write lock up front (``BEGIN IMMEDIATE``).
A deferred transaction that reads and then writes fails at once with "database is locked"
when another connection committed in between — for any game, not just this one.
Inside one process, writers also queue on a lock so SQLite's busy handler (which sleeps
in steps of up to 100 ms) only ever arbitrates between processes.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import os
import re
import sqlite3
import threading
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager, nullcontext
from pathlib import Path
from typing import Any

from sqlalchemy import Connection, Engine, RootTransaction, create_engine, event
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.engine import ExceptionContext, make_url
from sqlalchemy.exc import DBAPIError, OperationalError
from sqlalchemy.orm import Session, sessionmaker

from app.core.errors import CommitUnknown, database_works

from . import sqlite

_WRITE = sqlite.WRITING

log = logging.getLogger(__name__)


def insert_on_conflict(dialect: str) -> Any:
    """``insert`` of ``dialect`` (an engine's ``dialect.name``) with ``on_conflict_do_*``:
    PostgreSQL's or SQLite's, the one the database speaks (SQLAlchemy's generic ``insert``
    has no ON CONFLICT)."""
    return pg_insert if dialect == "postgresql" else sqlite_insert


def is_sqlite(url: str) -> bool:
    return make_url(url).get_backend_name() == "sqlite"


def libpq_conninfo(url: str) -> str:
    """``postgresql+psycopg://...`` (SQLAlchemy) -> ``postgresql://...`` (libpq: the hub's own
    connection, pg_dump and pg_restore)."""
    return re.sub(r"^postgres(ql)?(\+\w+)?://", "postgresql://", url)


def sqlite_path(url: str) -> Path | None:
    """The file of a SQLite URL; ``None`` for an in-memory or ``file:`` URI database."""
    path = make_url(url).database
    if not path or path == ":memory:" or path.startswith("file:"):
        return None
    return Path(path)


OWNER_ONLY = 0o600


def keep_private(path: Path) -> None:
    """Make the database file (and its WAL and shared-memory files, if present) readable
    and writable by the owner only: they hold the games' secret seeds and every action, so
    anyone who reads them can see every hidden tile and dolmen. A missing database file is
    created 0600 before SQLite opens it; SQLite then creates the WAL and SHM files with the
    database file's mode. Files from before this existed are tightened here."""
    if not path.exists():
        os.close(os.open(path, os.O_CREAT | os.O_WRONLY, OWNER_ONLY))
    for file in (path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")):
        try:
            if file.stat().st_mode & 0o077:
                file.chmod(OWNER_ONLY)
        except FileNotFoundError:
            pass


POOL_SIZE = 10
MAX_OVERFLOW = 20
"""PostgreSQL's pool per process: 10 kept, up to 30 at once (the server's
``max_connections`` is shared by every process)."""

REQUEST_SESSIONS = POOL_SIZE + MAX_OVERFLOW - 6
"""PostgreSQL: HTTP requests that may hold a session at once; the others wait for a turn
on the event loop, holding nothing. A sync route keeps its session's connection until
its answer has been validated, which FastAPI does in another worker thread: with as many
such requests at once as connections, every worker thread could wait for a connection and
every connection for a worker thread (a deadlock, until the checkout timeout answered 503).
With fewer request sessions than connections, whenever every connection is out at least 6
are held by work running in a thread (WebSockets, bots, clocks, presence writes), which
gives them back, so a waiting thread always gets one."""


def make_engine(url: str) -> Engine:
    if not is_sqlite(url):
        engine = create_engine(
            url,
            pool_pre_ping=True,
            pool_size=POOL_SIZE,
            max_overflow=MAX_OVERFLOW,
            hide_parameters=True,
        )
        return engine
    # No cap on connections (SQLite's are cheap: a file handle and a page cache, and those
    # over ``pool_size`` are closed as they come back). A capped pool could deadlock: a sync
    # route's session keeps its connection until the request ends, while FastAPI validates
    # the route's answer in another worker thread; with more such requests at once than
    # connections, every worker thread waited for a connection and every connection for a
    # worker thread, until the 30 s checkout timeout answered 503 (100 clients asking GET
    # .../presence at once: benchmarks/server.py).
    engine = create_engine(
        sqlite.with_dialect(url),
        pool_size=20,
        max_overflow=-1,
        connect_args={"check_same_thread": False},
        hide_parameters=True,
    )
    path = sqlite_path(url)

    @event.listens_for(engine, "do_connect")
    def _before_connect(_dialect: Any, _record: Any, _cargs: Any, _cparams: Any) -> None:
        # Every new pooled connection (rare): the first one may be the file's creation.
        if path is not None and path.parent.is_dir():
            keep_private(path)

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: sqlite3.Connection, _record: Any) -> None:
        # The dialect sends BEGIN itself (app/db/sqlite.py), not sqlite3's legacy guesswork.
        dbapi_connection.isolation_level = None
        cur = dbapi_connection.cursor()
        cur.execute("PRAGMA journal_mode=WAL")
        cur.execute("PRAGMA synchronous=NORMAL")
        cur.execute("PRAGMA busy_timeout=10000")
        cur.execute("PRAGMA foreign_keys=ON")
        cur.close()

    @event.listens_for(engine, "checkin")
    def _on_checkin(dbapi_connection: sqlite3.Connection, record: Any) -> None:
        sqlite.restore(dbapi_connection, record.info)

    return engine


def is_read_only(exc: BaseException) -> bool:
    """SQLite says its database is read-only (``SQLITE_READONLY`` or an extended code)."""
    code = getattr(exc, "sqlite_errorcode", None)
    return code is not None and code & 0xFF == sqlite3.SQLITE_READONLY


@contextmanager
def _committing() -> Iterator[None]:
    """Around a COMMIT: a connection lost meanwhile raises ``CommitUnknown``. The database
    may have committed before the connection died (PostgreSQL restarted with ``-m
    immediate``: 7 of 32 such moves were in the log), so "not applied" would be a guess."""
    try:
        yield
    except DBAPIError as exc:
        if exc.connection_invalidated:
            raise CommitUnknown from exc
        raise
    database_works()


@contextmanager
def _committed(conn: Connection, tx: RootTransaction) -> Iterator[Connection]:
    """``conn`` inside ``tx``: committed when the block ends, rolled back if it raises."""
    try:
        yield conn
    except BaseException:
        tx.rollback()
        raise
    with _committing():
        tx.commit()


_GENERATION = "tafelrunde_generation"
"""A pooled connection's ``info``: ``Database._generation`` when it was opened."""


class WriteWouldWait(Exception):
    """``writing_now`` cannot begin without waiting (nothing was written): another write
    holds the process's gate or, from another process, SQLite's write lock."""


GATE_WAIT_ON_LOOP = 0.02
"""Seconds ``writing_now`` waits for another write of this process to end (writes in
worker threads: joins, clocks, presence, bots), a fraction of a millisecond as a rule.
Handing the move to a worker thread instead made the next moves find the gate taken as
well: under load a third of the moves went that way."""

CHECKPOINT_EVERY = 200
"""SQLite: writes on the event loop's thread between two checkpoints of the WAL, each run
in a thread of its own (``writing_now``). A move adds about five pages to the WAL (60
moves of a Dschingis Khan game: 5.1 a move), so a checkpoint comes about as often as
SQLite's own would (every 1,000 pages)."""


class KeptWriter:
    """SQLite: one write connection kept from write to write, out of the pool (its
    settings, ``pragmas``, are its own). Writes take turns at the process's gate, so one
    connection serves them all; checking one out of the pool and back per write cost about
    as much as the write's two statements (CHANGELOG.md, 0.1.0, "Stop 32"). A database error
    drops it: the next write connects afresh."""

    def __init__(self, engine: Engine, pragmas: tuple[str, ...] = ()) -> None:
        self._engine = engine
        self._pragmas = pragmas
        self._conn: Connection | None = None

    @contextmanager
    def transaction(self) -> Iterator[Connection]:
        """A write transaction (``BEGIN IMMEDIATE``) on the kept connection. The caller
        holds the gate."""
        conn = self._conn
        if conn is None:
            conn = self._conn = self._connect()
        try:
            with _committed(conn, conn.begin()):
                yield conn
        except (DBAPIError, CommitUnknown):
            self.drop()
            raise

    def _connect(self) -> Connection:
        conn = self._engine.connect()
        conn.detach()  # closing it closes it: nobody else gets its settings
        raw = conn.connection.dbapi_connection
        assert raw is not None
        for pragma in self._pragmas:
            raw.execute(f"PRAGMA {pragma}")
        return conn.execution_options(**_WRITE)

    def drop(self) -> None:
        conn, self._conn = self._conn, None
        if conn is not None:
            conn.invalidate()
            conn.close()


class Database:
    """The engine, a session factory and the in-process write gate."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine = make_engine(url)
        self.sessions = sessionmaker(self.engine, expire_on_commit=False)
        self.sqlite = is_sqlite(url)
        self._gate = threading.Lock()
        self._writer = KeptWriter(self.engine)
        """SQLite: ``writing``'s connection."""
        self._loop_writer = KeptWriter(self.engine, ("busy_timeout=0", "wal_autocheckpoint=0"))
        """SQLite: ``writing_now``'s connection: it never waits, nor checkpoints."""
        self._loop_writes = 0
        self._checkpointing = threading.Lock()
        self._turns: tuple[asyncio.AbstractEventLoop, asyncio.Semaphore] | None = None
        self._generation = 0
        """SQLite: counts the read-only errors; a connection opened before the last one
        is closed rather than used again (``read_only_seen``)."""
        self._stale_writers = False
        if self.sqlite:
            event.listen(self.engine, "handle_error", self._on_error)
            event.listen(self.engine, "connect", self._on_connect)
            event.listen(self.engine, "checkin", self._on_checkin)

    # ---- SQLite: after a read-only spell ------------------------------------------------

    def _on_error(self, context: ExceptionContext) -> None:
        if is_read_only(context.original_exception):
            context.is_disconnect = True  # this connection is closed, not pooled again
            self.read_only_seen()

    def _on_connect(self, _dbapi_connection: Any, record: Any) -> None:
        record.info[_GENERATION] = self._generation

    def _on_checkin(self, _dbapi_connection: Any, record: Any) -> None:
        if record.info.get(_GENERATION) != self._generation:
            record.invalidate()

    def read_only_seen(self) -> None:
        """SQLite reported a read-only database: close every connection of this process.

        SQLite opens a connection read-only for good when it may not write the file at
        that moment (its mode, a read-only mount), and the connections of one process
        share the file's shared-memory index: while one opened it read-only stays open,
        every new connection is refused writes as well, even after the file became
        writable again. Pooled, such connections refused every write until a restart.
        Idle ones are closed here, those in use when they come back, the kept writers
        (``KeptWriter``) at the gate."""
        self._generation += 1
        # A closed connection stays open while a statement of it lives, and a failed one
        # does, in the cycle of its exception and traceback, until the cyclic collector
        # runs: such a leftover kept refusing writes for seconds after the file recovered.
        gc.collect()
        self.engine.pool.dispose()  # the idle ones; the pool stays in use
        if self._gate.acquire(blocking=False):
            try:
                self._writer.drop()
                self._loop_writer.drop()
            finally:
                self._gate.release()
        else:
            self._stale_writers = True

    def _settle_writers(self) -> None:
        """Under the gate: drop kept writers a read-only error left stale."""
        if self._stale_writers:
            self._stale_writers = False
            self._writer.drop()
            self._loop_writer.drop()

    def prepare(self) -> None:
        """Create the directory of a SQLite file (the data directory on first start)."""
        path = sqlite_path(self.url) if self.sqlite else None
        if path is not None:
            path.parent.mkdir(parents=True, exist_ok=True)
            keep_private(path)

    def session(self) -> Session:
        return self.sessions()

    @asynccontextmanager
    async def request_session(self) -> AsyncIterator[Session]:
        """A session for one HTTP request, closed at its end. On PostgreSQL, at most
        ``REQUEST_SESSIONS`` at once per process (SQLite's pool has no cap: no wait)."""
        async with nullcontext() if self.sqlite else self._request_turns():
            with self.sessions() as session:
                yield session

    def _request_turns(self) -> asyncio.Semaphore:
        """The running event loop's ``REQUEST_SESSIONS`` turns (tests run several loops,
        one after another; a semaphore belongs to one)."""
        loop = asyncio.get_running_loop()
        if self._turns is None or self._turns[0] is not loop:
            self._turns = (loop, asyncio.Semaphore(REQUEST_SESSIONS))
        return self._turns[1]

    @contextmanager
    def write(self, session: Session) -> Iterator[Session]:
        """One write transaction: commits on success, rolls back on any exception.

        Any read transaction the session had open is ended first, so the write starts
        from a fresh snapshot (SQLite refuses to upgrade a stale one).
        """
        if session.in_transaction():
            session.commit()
        gate = self._gate if self.sqlite else nullcontext()
        with gate:
            session.connection(execution_options=_WRITE)
            try:
                yield session
                session.flush()
            except BaseException:
                session.rollback()
                raise
            try:
                with _committing():
                    session.commit()
            except BaseException:
                session.rollback()
                raise

    @contextmanager
    def writing(self) -> Iterator[Connection]:
        """One write transaction on a connection of its own, without an ORM session:
        commits on success, rolls back on any exception. For the hot write of a move, whose
        statements are all Core: a session's bookkeeping around the same transaction added
        about a fifth to its CPU (benchmarks/write.py; CHANGELOG.md, 0.1.0, "Sixth round").

        On SQLite the writes take turns at the gate, on one kept connection (``KeptWriter``)."""
        if not self.sqlite:
            with (
                self.engine.connect() as conn,
                _committed(conn, conn.execution_options(**_WRITE).begin()),
            ):
                yield conn
            return
        with self._gate:
            self._settle_writers()
            try:
                with self._writer.transaction() as conn:
                    yield conn
            finally:
                self._settle_writers()

    @contextmanager
    def writing_now(self) -> Iterator[Connection]:
        """``writing`` for the event loop's own thread (SQLite only), which must not wait
        long: raises ``WriteWouldWait``, having written nothing, if another write of this
        process holds the gate for over ``GATE_WAIT_ON_LOOP`` seconds or another process
        holds SQLite's write lock at all; the caller then writes in a worker thread
        (``writing``), which waits its turn.

        A move hopped to a worker thread for its write, and back: the two threads handing
        Python's GIL to each other several times per move (each SQLite call lets it go)
        cost a third of the server's CPU for a move (CHANGELOG.md, 0.1.0, "Stop 33"). SQLite's
        write is local and short (no ``fsync`` at commit in WAL mode with ``synchronous =
        NORMAL``); what could take long is kept off this thread: its connection never sleeps
        in SQLite's busy handler (``busy_timeout = 0``) and never checkpoints the WAL at a
        commit (``wal_autocheckpoint = 0``, whose checkpoint ends with an ``fsync``): every
        ``CHECKPOINT_EVERY`` writes a thread of its own does it (``checkpoint``)."""
        if not self.sqlite:
            raise WriteWouldWait
        if not self._gate.acquire(timeout=GATE_WAIT_ON_LOOP):
            raise WriteWouldWait
        try:
            self._settle_writers()
            with self._loop_writer.transaction() as conn:
                yield conn
        except OperationalError as exc:
            # Busy only at its BEGIN IMMEDIATE (the lock is then held): nothing written.
            if getattr(exc.orig, "sqlite_errorcode", None) == sqlite3.SQLITE_BUSY:
                raise WriteWouldWait from None
            raise
        finally:
            self._settle_writers()
            self._gate.release()
        self._loop_writes += 1
        if self._loop_writes % CHECKPOINT_EVERY == 0:
            self._checkpoint_soon()

    def _checkpoint_soon(self) -> None:
        """``checkpoint`` in a thread of its own, unless one is still running."""
        if self._checkpointing.acquire(blocking=False):
            threading.Thread(target=self._checkpoint_once, name="tafelrunde-wal").start()

    def _checkpoint_once(self) -> None:
        try:
            self.checkpoint()
        except Exception:  # the next one tries again; SQLite's WAL only grows meanwhile
            log.exception("WAL checkpoint failed")
        finally:
            self._checkpointing.release()

    def checkpoint(self) -> None:
        """Copy the WAL's pages into the database file (SQLite; ``PASSIVE``: no waiting for
        readers or writers, who go on meanwhile), outside any transaction."""
        raw = self.engine.raw_connection()
        try:
            driver = raw.driver_connection
            assert driver is not None
            driver.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()
        finally:
            raw.close()

    def dispose(self) -> None:
        with self._checkpointing:  # a checkpoint under way ends first
            pass
        with self._gate:
            self._writer.drop()
            self._loop_writer.drop()
        self.engine.dispose()
