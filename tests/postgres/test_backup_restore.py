"""scripts/backup.sh and scripts/restore.sh, run as an operator runs them, on a real server.

A game is played, backed up, played further (or the database is lost), restored: the server
then shows every seat exactly what it showed at backup time, and play goes on from there.
Natively against PostgreSQL (pg_dump/pg_restore) and SQLite (Python's sqlite3 backup API).

The ``--compose`` mode runs the same commands inside the ``db`` container through
``docker compose exec``. There is no Docker daemon here, so that test puts a stand-in
``docker`` first on PATH which runs the container's command on this machine against the
throwaway PostgreSQL (with the container's POSTGRES_USER/POSTGRES_DB) and records
``stop``/``start``: the script's own quoting, redirections and ordering are what is tested.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from tests.postgres.harness import ServerProcess, Table, playable_kind
from tests.support.postgres import PostgresServer

ROOT = Path(__file__).resolve().parents[2]


def run_script(name: str, *args: str, env: dict[str, str]) -> subprocess.CompletedProcess:
    result = subprocess.run(
        ["bash", str(ROOT / "scripts" / name), *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, f"{name} failed:\n{result.stdout}\n{result.stderr}"
    return result


def script_env(database_url: str, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("TAFELRUNDE_")}
    return {**env, "DATABASE_URL": database_url, **extra}


def views(table: Table, server: ServerProcess) -> dict[int | None, dict]:
    return {seat: table.view(server, seat) for seat in [*range(table.num_seats), None]}


def play_and_back_up(
    server: ServerProcess, dump: Path, *backup_args: str, env: dict[str, str]
) -> tuple[Table, dict[int | None, dict]]:
    """A new game on the running server, one move, then backup.sh into ``dump``: the table and
    what every seat saw at backup time."""
    table = Table.create(server, playable_kind(server))
    table.play(server)
    before = views(table, server)
    run_script("backup.sh", *backup_args, str(dump), env=env)
    return table, before


def back_up_play_on_restore(database_url: str, tmp_path: Path, **server_env: str) -> None:
    server = ServerProcess("app", database_url, tmp_path, BOT_DELAY="0", **server_env).start()
    try:
        table = Table.create(server, playable_kind(server))
        for i in range(3):
            table.play(server, pick=i)
        before = views(table, server)
        dump = tmp_path / "tafelrunde.backup"
        run_script("backup.sh", str(dump), env=script_env(database_url))  # while it serves
        assert dump.stat().st_size > 0
        for i in range(2):
            table.play(server, pick=i)
        assert views(table, server)[None]["version"] == 5
    finally:
        server.stop()

    run_script("restore.sh", str(dump), env=script_env(database_url))
    server.start()
    try:
        assert views(table, server) == before
        assert table.play(server) == 4, "play goes on from the restored version"
    finally:
        server.stop()


@pytest.mark.postgres
def test_postgres_backup_and_restore(pg_url: str, tmp_path: Path) -> None:
    back_up_play_on_restore(pg_url, tmp_path)


@pytest.mark.postgres
def test_postgres_restore_into_an_empty_database(
    pg_server: PostgresServer, pg_url: str, tmp_path: Path
) -> None:
    """Disaster recovery: the backup brings a brand-new database to the same game."""
    server = ServerProcess("old", pg_url, tmp_path, BOT_DELAY="0").start()
    dump = tmp_path / "tafelrunde.backup"
    try:
        table, before = play_and_back_up(server, dump, env=script_env(pg_url))
    finally:
        server.stop()
    new_url = pg_server.create_database("recovered")
    try:
        run_script("restore.sh", str(dump), env=script_env(new_url))
        fresh = ServerProcess("new", new_url, tmp_path, BOT_DELAY="0").start()
        try:
            assert views(table, fresh) == before
        finally:
            fresh.stop()
    finally:
        pg_server.drop_database("recovered")


def test_sqlite_backup_and_restore(tmp_path: Path) -> None:
    back_up_play_on_restore(f"sqlite:///{tmp_path / 'data' / 'tafelrunde.db'}", tmp_path)


FAKE_DOCKER = """#!/usr/bin/env bash
# Stand-in for `docker compose` (see the module docstring of the test that writes it).
set -euo pipefail
echo "$*" >> "$FAKE_DOCKER_LOG"
[ "$1" = compose ] || exit 64
shift
case "$1" in
  version) echo "Docker Compose version (stand-in)" ;;
  config) [ "$2" = --services ] && printf 'db\\napp1\\napp2\\nproxy\\n' ;;
  stop|start) ;;
  exec)
    shift
    [ "$1" = -T ] && [ "$2" = db ] && [ "$3" = sh ] && [ "$4" = -c ] || exit 64
    POSTGRES_USER=postgres POSTGRES_DB="$FAKE_DB" PGHOST=127.0.0.1 PGPORT="$FAKE_PORT" \\
      exec sh -c "$5"
    ;;
  *) exit 64 ;;
esac
"""


def fake_compose_env(pg_server: PostgresServer, pg_url: str, tmp_path: Path) -> dict[str, str]:
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "docker").write_text(FAKE_DOCKER)
    (bin_dir / "docker").chmod(0o755)
    return script_env(
        "sqlite:///nowhere.db",  # --compose must not look at the host's DATABASE_URL
        PATH=f"{bin_dir}:{os.environ['PATH']}",
        FAKE_DOCKER_LOG=str(tmp_path / "docker.log"),
        FAKE_DB=pg_url.rsplit("/", 1)[1],
        FAKE_PORT=str(pg_server.port),
    )


@pytest.mark.postgres
def test_compose_mode_dumps_and_restores_inside_the_db_container(
    pg_server: PostgresServer, pg_url: str, tmp_path: Path
) -> None:
    env = fake_compose_env(pg_server, pg_url, tmp_path)
    calls = tmp_path / "docker.log"
    server = ServerProcess("app", pg_url, tmp_path, BOT_DELAY="0").start()
    dump = tmp_path / "compose.backup"
    try:
        table, before = play_and_back_up(server, dump, "--compose", env=env)
        table.play(server)
    finally:
        server.stop()
    run_script("restore.sh", "--compose", str(dump), env=env)
    server.start()
    try:
        assert views(table, server) == before
    finally:
        server.stop()
    steps = [line.split()[1:3] for line in calls.read_text().splitlines()]
    steps = [s for s in steps if s[0] != "version"]
    # The app services are stopped before the restore and started after it; db keeps running.
    assert steps == [
        ["exec", "-T"],
        ["config", "--services"],
        ["stop", "app1"],
        ["exec", "-T"],
        ["start", "app1"],
    ]
    log = calls.read_text()
    assert "compose stop app1 app2 proxy" in log and "compose start app1 app2 proxy" in log


@pytest.mark.postgres
def test_failed_compose_restore_changes_nothing_and_starts_the_app_again(
    pg_server: PostgresServer, pg_url: str, tmp_path: Path
) -> None:
    env = fake_compose_env(pg_server, pg_url, tmp_path)
    server = ServerProcess("app", pg_url, tmp_path, BOT_DELAY="0").start()
    dump = tmp_path / "good.backup"
    try:
        table, before = play_and_back_up(server, dump, "--compose", env=env)
        broken = tmp_path / "broken.backup"  # a dump cut off halfway (disk full, say)
        broken.write_bytes(dump.read_bytes()[: dump.stat().st_size // 2])
    finally:
        server.stop()
    result = subprocess.run(
        ["bash", str(ROOT / "scripts" / "restore.sh"), "--compose", str(broken)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode != 0
    assert "the database is unchanged" in result.stderr
    steps = [line.split()[1] for line in (tmp_path / "docker.log").read_text().splitlines()]
    steps = [step for step in steps if step != "version"]
    assert steps[-3:] == ["stop", "exec", "start"], "the app is started again"
    server.start()
    try:
        assert views(table, server) == before
    finally:
        server.stop()
