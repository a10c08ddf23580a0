"""Backups of the database the server uses, and restoring one: ``tafelrunde backup FILE``,
``tafelrunde restore FILE`` (scripts/backup.sh and scripts/restore.sh call these too).

SQLite: Python's sqlite3 backup API (a consistent snapshot while the server runs; no sqlite3
command needed). PostgreSQL: ``pg_dump -Fc`` / ``pg_restore`` in one transaction. A backup is
written to ``FILE.part`` and opened again, its games counted, before it gets the name FILE:
a backup that cannot be read back is never reported as written.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import sqlite3
import subprocess
from pathlib import Path

from sqlalchemy.engine import make_url

from app.db.session import libpq_conninfo, sqlite_path


class BackupError(Exception):
    """A backup or restore that did not happen; the message says why."""


def _kind(url: str) -> str:
    try:
        backend = make_url(url).get_backend_name()
    except Exception as exc:
        raise BackupError(f"DATABASE_URL is not a database URL ({exc})") from None
    if backend not in ("sqlite", "postgresql"):
        raise BackupError(f"unsupported DATABASE_URL scheme: {backend}")
    return backend


def _sqlite_file(url: str) -> Path:
    path = sqlite_path(url)
    if path is None:
        raise BackupError("DATABASE_URL names no SQLite file")
    return path


def _tool(name: str) -> str:
    found = shutil.which(name)
    if found is None:
        raise BackupError(f"{name} is not installed (apt-get install postgresql-client)")
    return found


def _run(args: list[str]) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(args, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise BackupError(f"{Path(args[0]).name} failed: {done.stderr.strip()}")
    return done


def sqlite_games(path: Path) -> int:
    """The number of games in the SQLite file ``path``; BackupError if it holds none of
    Tafelrunde's tables (an empty or foreign file is no backup)."""
    if not path.is_file() or path.stat().st_size == 0:
        raise BackupError(f"{path} is missing or empty")
    try:
        with contextlib.closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as conn:
            return int(conn.execute("SELECT count(*) FROM games").fetchone()[0])
    except sqlite3.Error as exc:
        raise BackupError(f"{path} is not a Tafelrunde database ({exc})") from None


def dump_games(path: Path) -> int:
    """The number of games in the ``pg_dump -Fc`` file ``path``: the rows of its games table."""
    listing = _run([_tool("pg_restore"), "--list", str(path)]).stdout
    if not re.search(r"TABLE DATA \S+ games ", listing):
        raise BackupError(f"{path} holds no games table: not a Tafelrunde backup")
    data = _run([_tool("pg_restore"), "--data-only", "--table=games", "-f", "-", str(path)])
    rows, inside = 0, False
    for line in data.stdout.splitlines():
        if line.startswith("COPY "):
            inside = True
        elif line == "\\.":
            inside = False
        elif inside:
            rows += 1
    return rows


def backup(url: str, out: Path) -> int:
    """Write a backup of the database at ``url`` to ``out``; the number of games in it."""
    kind = _kind(url)
    part = out.with_name(out.name + ".part")
    try:
        # Owner-only from the first byte, like the database itself: a backup holds every
        # game's secret seed (pg_dump and sqlite3 write into the file as it is).
        part.unlink(missing_ok=True)
        os.close(os.open(part, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
        if kind == "sqlite":
            source = _sqlite_file(url)
            if not source.is_file():
                raise BackupError(f"no database at {source} (is DATA_DIR or DATABASE_URL right?)")
            with (
                contextlib.closing(sqlite3.connect(f"file:{source}?mode=ro", uri=True)) as src,
                contextlib.closing(sqlite3.connect(part)) as dst,
            ):
                src.backup(dst)
            games = sqlite_games(part)
        else:
            _run([_tool("pg_dump"), "-Fc", "-f", str(part), "-d", libpq_conninfo(url)])
            games = dump_games(part)
        os.replace(part, out)
    finally:
        part.unlink(missing_ok=True)
    return games


def restore(url: str, backup_file: Path) -> int:
    """Replace the database at ``url`` with ``backup_file``, all or nothing; its game count.
    Stop the server first: it caches replayed games in memory."""
    kind = _kind(url)
    if kind == "sqlite":
        games = sqlite_games(backup_file)
        target = _sqlite_file(url)
        target.parent.mkdir(parents=True, exist_ok=True)
        with (
            contextlib.closing(sqlite3.connect(f"file:{backup_file}?mode=ro", uri=True)) as src,
            contextlib.closing(sqlite3.connect(target)) as dst,
        ):
            src.backup(dst)  # one transaction on the target: atomic
        return games
    games = dump_games(backup_file)
    _run(
        [
            _tool("pg_restore"),
            "--clean",
            "--if-exists",
            "--no-owner",
            "--single-transaction",
            "--exit-on-error",
            "-d",
            libpq_conninfo(url),
            str(backup_file),
        ]
    )
    return games
