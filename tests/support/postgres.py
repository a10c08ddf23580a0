"""A throwaway PostgreSQL server for tests and benchmarks.

``initdb`` + ``pg_ctl`` from ``/usr/lib/postgresql/*/bin`` (Debian's ``postgresql`` package),
data and socket in a temporary directory, listening on a free loopback port with trust
authentication on 127.0.0.1, stopped and deleted at the end. As root the binaries run as the
``postgres`` user through ``runuser`` because ``pg_ctl`` refuses to run as root.

Use it as a context manager::

    with PostgresServer() as pg:
        url = pg.create_database("tafelrunde_test")   # a SQLAlchemy URL (psycopg 3)

or run a command with a fresh database in ``TAFELRUNDE_TEST_DATABASE_URL``::

    python -m tests.support.postgres -- python -m pytest tests/api tests/ws

(scripts/test.sh does the latter, after the whole suite has run on SQLite.)
"""

from __future__ import annotations

import atexit
import contextlib
import glob
import os
import pwd
import re
import shutil
import socket
import subprocess
import sys
import tempfile
from pathlib import Path

ENV_URL = "TAFELRUNDE_TEST_DATABASE_URL"
ENV_BIN = "TAFELRUNDE_PG_BIN"
"""Overrides where ``initdb`` and ``pg_ctl`` are looked for."""

SEARCH_GLOB = "/usr/lib/postgresql/*/bin"


class PostgresUnavailable(RuntimeError):
    """The PostgreSQL server binaries are not installed (or cannot run here)."""


def find_bin_dir() -> Path:
    """The newest installed PostgreSQL ``bin`` directory holding ``initdb`` and ``pg_ctl``."""
    candidates = [os.environ[ENV_BIN]] if os.environ.get(ENV_BIN) else glob.glob(SEARCH_GLOB)

    def version(path: str) -> tuple[int, ...]:
        return tuple(int(n) for n in re.findall(r"\d+", path)) or (0,)

    for path in sorted(candidates, key=version, reverse=True):
        bin_dir = Path(path)
        if (bin_dir / "initdb").is_file() and (bin_dir / "pg_ctl").is_file():
            return bin_dir
    where = os.environ.get(ENV_BIN) or SEARCH_GLOB
    raise PostgresUnavailable(
        f"PostgreSQL server binaries (initdb, pg_ctl) not found in {where}: install the Debian "
        "package `postgresql` (bash scripts/test.sh installs it when run as root)"
    )


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class PostgresServer:
    """One PostgreSQL cluster in a temporary directory; see the module docstring.

    ``durable=False`` (the default, for tests) turns off fsync and synchronous commit: a
    throwaway cluster has nothing to lose in a crash. Benchmarks pass ``durable=True`` so the
    figures match a real deployment.
    """

    def __init__(self, *, durable: bool = False, bin_dir: Path | None = None) -> None:
        self.bin_dir = bin_dir or find_bin_dir()
        self.durable = durable
        self.port: int | None = None
        self.tmp: Path | None = None
        self._as_postgres = os.geteuid() == 0

    # -- lifecycle ---------------------------------------------------------------------
    def start(self) -> PostgresServer:
        self.tmp = Path(tempfile.mkdtemp(prefix="tafelrunde-pg-"))
        if self._as_postgres:
            user = pwd.getpwnam("postgres")
            os.chown(self.tmp, user.pw_uid, user.pw_gid)
        data = self.tmp / "data"
        self._run(
            "initdb",
            "-D",
            str(data),
            "-U",
            "postgres",
            "--auth=trust",
            "--encoding=UTF8",
            "--locale=C",
            "--no-sync",
        )
        options = [
            "-c listen_addresses=127.0.0.1",
            f"-k {self.tmp}",
            "-c max_connections=200",
        ]
        if not self.durable:
            options += ["-c fsync=off", "-c synchronous_commit=off", "-c full_page_writes=off"]
        self._options = options
        # Another process may grab the port between free_port() and the bind: try a few.
        last_error = ""
        for _ in range(5):
            self.port = free_port()
            result = self._pg_ctl_start(check=False)
            if result.returncode == 0:
                atexit.register(self.stop)
                return self
            last_error = result.stdout + result.stderr + self.log_tail()
        self._cleanup()
        raise RuntimeError(f"PostgreSQL did not start:\n{last_error}")

    def _pg_ctl_start(self, *, check: bool) -> subprocess.CompletedProcess:
        assert self.tmp is not None and self.port is not None
        return self._run(
            "pg_ctl",
            "-D",
            str(self.tmp / "data"),
            "-l",
            str(self.tmp / "server.log"),
            "-w",
            "-t",
            "60",
            "-o",
            " ".join([f"-p {self.port}", *self._options]),
            "start",
            check=check,
        )

    def pause(self) -> None:
        """Shut the server down (as an operator's restart does), keeping its data and port."""
        assert self.tmp is not None, "not started"
        self._run("pg_ctl", "-D", str(self.tmp / "data"), "-m", "fast", "-w", "stop")

    def resume(self) -> None:
        """Start a paused server again on the same port with the same data."""
        self._pg_ctl_start(check=True)

    def stop(self) -> None:
        """Stop the server (immediate shutdown: nothing here needs to survive) and delete it."""
        if self.tmp is None:
            return
        if (self.tmp / "data" / "postmaster.pid").exists():
            self._run(
                "pg_ctl", "-D", str(self.tmp / "data"), "-m", "immediate", "-w", "stop", check=False
            )
        self._cleanup()

    def _cleanup(self) -> None:
        if self.tmp is not None:
            shutil.rmtree(self.tmp, ignore_errors=True)
            self.tmp = None

    def __enter__(self) -> PostgresServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # -- databases ---------------------------------------------------------------------
    def url(self, dbname: str = "postgres", *, driver: str = "psycopg") -> str:
        """A SQLAlchemy URL for ``dbname`` (``driver=""`` gives a plain libpq URL)."""
        scheme = f"postgresql+{driver}" if driver else "postgresql"
        return f"{scheme}://postgres@127.0.0.1:{self.port}/{dbname}"

    def execute(self, sql: str, dbname: str = "postgres") -> list[tuple]:
        """Run one statement in autocommit mode (CREATE/DROP DATABASE need that)."""
        import psycopg

        with psycopg.connect(self.url(dbname, driver=""), autocommit=True) as conn:
            cur = conn.execute(sql)
            return cur.fetchall() if cur.description else []

    def create_database(self, name: str, *, template: str | None = None) -> str:
        """Create an empty database (or a copy of ``template``); returns its SQLAlchemy URL."""
        _check_identifier(name)
        sql = f'CREATE DATABASE "{name}"'
        if template:
            _check_identifier(template)
            sql += f' TEMPLATE "{template}"'
        self.execute(sql)
        return self.url(name)

    def drop_database(self, name: str) -> None:
        _check_identifier(name)
        self.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

    # -- helpers -----------------------------------------------------------------------
    def log_tail(self, lines: int = 40) -> str:
        log = self.tmp / "server.log" if self.tmp else None
        if log is None or not log.exists():
            return ""
        return "\n".join(log.read_text(errors="replace").splitlines()[-lines:])

    def _run(self, tool: str, *args: str, check: bool = True) -> subprocess.CompletedProcess:
        cmd = [str(self.bin_dir / tool), *args]
        if self._as_postgres:
            cmd = ["runuser", "-u", "postgres", "--", *cmd]
        result = subprocess.run(
            cmd, capture_output=True, text=True, cwd=self.tmp, stdin=subprocess.DEVNULL
        )
        if check and result.returncode != 0:
            raise RuntimeError(
                f"{' '.join(cmd)} failed ({result.returncode}):\n{result.stdout}{result.stderr}"
            )
        return result


def _check_identifier(name: str) -> None:
    if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]{0,62}", name):
        raise ValueError(f"not a plain database name: {name!r}")


def unavailable_reason() -> str | None:
    """Why no throwaway server can be started here, or ``None`` when one can."""
    try:
        find_bin_dir()
    except PostgresUnavailable as exc:
        return str(exc)
    if os.geteuid() == 0 and shutil.which("runuser") is None:
        return "running as root but `runuser` is missing (util-linux): pg_ctl refuses root"
    return None


def require_postgres() -> None:
    """In a test: skip when PostgreSQL is missing, but fail under CI=true (CI must run these)."""
    import pytest

    reason = unavailable_reason()
    if reason is None:
        return
    if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
        pytest.fail(f"CI=true and PostgreSQL tests cannot run: {reason}", pytrace=False)
    pytest.skip(reason)


def main(argv: list[str] | None = None) -> int:
    """``python -m tests.support.postgres [--db NAME] -- CMD ...``: run CMD with a fresh database.

    ``python -m tests.support.postgres --check`` only tells (exit status 0 or 3) whether
    PostgreSQL is installed and usable here.

    The database's SQLAlchemy URL is in ``TAFELRUNDE_TEST_DATABASE_URL`` (and printed).
    The exit status is CMD's; the server is removed afterwards whatever happens.
    """
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv == ["--check"]:  # exit 0 when a throwaway server can be started here
        reason = unavailable_reason()
        if reason:
            print(reason, file=sys.stderr)
        return 3 if reason else 0
    dbname = "tafelrunde_test"
    if argv[:1] == ["--db"] and len(argv) >= 2:
        dbname, argv = argv[1], argv[2:]
    if argv[:1] == ["--"]:
        argv = argv[1:]
    if not argv:
        print(main.__doc__, file=sys.stderr)
        return 2
    try:
        server = PostgresServer().start()
    except PostgresUnavailable as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 3
    try:
        url = server.create_database(dbname)
        print(f"throwaway PostgreSQL: {url}", file=sys.stderr, flush=True)
        with contextlib.suppress(KeyboardInterrupt):
            return subprocess.call(argv, env={**os.environ, ENV_URL: url})
        return 130
    finally:
        server.stop()


if __name__ == "__main__":
    sys.exit(main())
