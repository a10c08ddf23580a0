"""SQLite transactions as the server begins them (app/db/sqlite.py): a write holds SQLite's
write lock from its BEGIN, so a move that reads and then writes cannot fail half way with
"database is locked" when another process wrote in between; a read takes no write lock; a
migration's connection has its foreign keys off and gets them back before anyone else uses
it.

A cached game's move is written on the event loop's own thread (``Database.writing_now``;
CHANGELOG.md, 0.1.0, "Stop 33"). That thread serves every player, so such a write never sits
waiting: it gives way at once to another process's write lock and, after a short wait, to
another write of this process (the move is then written by a worker thread). Its
connection's settings (no busy waiting, no checkpoints) stay its own, and what it writes
still reaches the database file."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

import pytest
from sqlalchemy import text
from sqlalchemy.exc import OperationalError

from app.db import session as db_session
from app.db import sqlite
from app.db.migrate import MIGRATING
from app.db.session import Database, WriteWouldWait


def other_writer_can_begin(path: Path) -> bool:
    """Whether another connection (another process, as far as SQLite knows) could begin a
    write right now, without waiting."""
    other = sqlite3.connect(path, timeout=0, isolation_level=None)
    try:
        other.execute("BEGIN IMMEDIATE")
    except sqlite3.OperationalError as exc:
        assert "locked" in str(exc)
        return False
    finally:
        other.close()
    return True


@pytest.fixture()
def db(tmp_path: Path) -> Database:
    database = Database(f"sqlite:///{tmp_path / 'games.db'}")
    database.prepare()
    with database.engine.connect() as conn, conn.begin():
        conn.execute(text("CREATE TABLE t (x INTEGER)"))
    yield database
    database.dispose()


def path_of(db: Database) -> Path:
    return Path(db.url.removeprefix("sqlite:///"))


def test_a_write_on_a_connection_holds_the_write_lock_from_its_begin(db: Database) -> None:
    assert other_writer_can_begin(path_of(db))
    with db.writing():
        # Nothing written yet: a deferred BEGIN would not hold the lock here.
        assert not other_writer_can_begin(path_of(db))
    assert other_writer_can_begin(path_of(db))


def test_a_write_in_a_session_holds_the_write_lock_from_its_begin(db: Database) -> None:
    with db.session() as session:
        session.execute(text("SELECT count(*) FROM t")).scalar_one()  # a read first
        assert other_writer_can_begin(path_of(db))
        with db.write(session):
            assert not other_writer_can_begin(path_of(db))
            session.execute(text("INSERT INTO t VALUES (1)"))
    assert other_writer_can_begin(path_of(db))
    with db.session() as session:
        assert session.execute(text("SELECT count(*) FROM t")).scalar_one() == 1


def test_a_read_takes_no_write_lock_and_the_next_user_reads_plainly(db: Database) -> None:
    with db.writing() as conn:
        conn.execute(text("INSERT INTO t VALUES (1)"))
    # The pooled connection the write used serves a read next: a plain BEGIN again.
    with db.engine.connect() as conn, conn.begin():
        assert conn.execute(text("SELECT count(*) FROM t")).scalar_one() == 1
        assert other_writer_can_begin(path_of(db))


def test_a_migration_turns_foreign_keys_off_and_gives_them_back(db: Database) -> None:
    with db.engine.connect() as conn, conn.execution_options(**MIGRATING).begin():
        assert conn.execute(text("PRAGMA foreign_keys")).scalar_one() == 0
        assert not other_writer_can_begin(path_of(db))
        migrated = conn.connection.dbapi_connection
    with db.engine.connect() as conn, conn.begin():
        assert conn.connection.dbapi_connection is migrated  # the same pooled connection
        assert conn.execute(text("PRAGMA foreign_keys")).scalar_one() == 1
        assert other_writer_can_begin(path_of(db))


def test_the_options_are_refused_for_a_whole_engine(db: Database) -> None:
    # The dialect only sees a connection's options before BEGIN: on an engine they would
    # silently begin plain transactions.
    with pytest.raises(ValueError, match=r"Connection\.execution_options"):
        db.engine.execution_options(**sqlite.WRITING)


def count(db: Database) -> int:
    with db.session() as session:
        return session.execute(text("SELECT count(*) FROM t")).scalar_one()


def test_writes_after_a_refused_one_and_a_failed_one_start_clean(db: Database) -> None:
    # Writes share one connection on SQLite; neither a refusal raised inside a write nor a
    # database error may leave anything behind for the next write.
    with pytest.raises(ValueError), db.writing() as conn:
        conn.execute(text("INSERT INTO t VALUES (1)"))
        raise ValueError("refused after writing")
    assert count(db) == 0 and other_writer_can_begin(path_of(db))
    with pytest.raises(OperationalError), db.writing() as conn:
        conn.execute(text("INSERT INTO t VALUES (2)"))
        conn.execute(text("INSERT INTO no_such_table VALUES (3)"))
    assert count(db) == 0 and other_writer_can_begin(path_of(db))
    with db.writing() as conn:
        conn.execute(text("INSERT INTO t VALUES (4)"))
        assert not other_writer_can_begin(path_of(db))
    assert count(db) == 1


def test_a_write_on_the_loop_gives_way_at_once_to_another_processs_write(db: Database) -> None:
    other = sqlite3.connect(path_of(db), timeout=0, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # another process writing, as far as SQLite knows
    entered = False
    with pytest.raises(WriteWouldWait), db.writing_now():
        entered = True
    assert not entered
    other.execute("ROLLBACK")
    other.close()
    with db.writing_now() as conn:
        conn.execute(text("INSERT INTO t VALUES (x'01')"))
    assert count(db) == 1


def test_a_write_on_the_loop_waits_for_a_short_write_of_this_process(
    db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(db_session, "GATE_WAIT_ON_LOOP", 30.0)
    db._gate.acquire()  # a worker thread's write, ending soon
    threading.Timer(0.05, db._gate.release).start()
    with db.writing_now() as conn:
        conn.execute(text("INSERT INTO t VALUES (x'01')"))
    assert count(db) == 1


def test_a_write_on_the_loop_gives_way_to_a_long_write_of_this_process(
    db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(db_session, "GATE_WAIT_ON_LOOP", 0.01)
    # The gate held past the wait (by this thread: it is the same lock for every thread).
    with db._gate, pytest.raises(WriteWouldWait), db.writing_now() as conn:
        conn.execute(text("INSERT INTO t VALUES (x'01')"))
    assert count(db) == 0
    with db.writing_now() as conn:
        conn.execute(text("INSERT INTO t VALUES (x'02')"))
    assert count(db) == 1


def test_the_loop_writers_settings_stay_its_own(db: Database) -> None:
    with db.writing_now() as conn:
        conn.execute(text("INSERT INTO t VALUES (x'01')"))
        assert conn.execute(text("PRAGMA busy_timeout")).scalar_one() == 0
    # A database error drops the loop's connection: closed, not given to the pool.
    with pytest.raises(OperationalError), db.writing_now() as conn:
        conn.execute(text("INSERT INTO no_such_table VALUES (1)"))
    with db.writing() as conn:
        assert conn.execute(text("PRAGMA busy_timeout")).scalar_one() == 10_000
        assert conn.execute(text("PRAGMA wal_autocheckpoint")).scalar_one() == 1000
    with db.engine.connect() as a, db.engine.connect() as b, db.engine.connect() as c:
        for conn in (a, b, c):
            assert conn.execute(text("PRAGMA busy_timeout")).scalar_one() == 10_000
            assert conn.execute(text("PRAGMA wal_autocheckpoint")).scalar_one() == 1000
    with db.writing_now() as conn:  # a new one, as quick to give way as the first
        assert conn.execute(text("PRAGMA busy_timeout")).scalar_one() == 0


def test_writes_on_the_loop_reach_the_database_file(
    db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The loop's connection never checkpoints the WAL itself (a checkpoint ends with an
    fsync); a worker thread does it every ``CHECKPOINT_EVERY`` writes, so the WAL does not
    grow without end and the rows reach the database file while the server runs."""
    monkeypatch.setattr(db_session, "CHECKPOINT_EVERY", 5)
    before = path_of(db).stat().st_size
    for _ in range(10):
        with db.writing_now() as conn:
            conn.execute(text("INSERT INTO t VALUES (randomblob(20000))"))
        # One checkpoint runs at a time (another one due meanwhile is skipped): wait for
        # each, so that the one after the tenth write runs and covers all ten.
        with db._checkpointing:
            pass
    assert path_of(db).stat().st_size >= before + 10 * 20_000
    assert count(db) == 10
