"""A SQLite database that is read-only for a while, then writable again (issue 36, 4).

SQLite opens a connection read-only for good when it may not write the file at that
moment. Tests run as root, whom file modes do not stop, so the server runs here as root
without ``CAP_DAC_OVERRIDE`` (``setpriv``): like any other user, it may not write a file
whose mode says so."""

from __future__ import annotations

import contextlib
import shutil
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.support.server import ServerProcess

NO_OVERRIDE = "-dac_override,-dac_read_search"
AS_A_USER = ("setpriv", f"--bounding-set={NO_OVERRIDE}", f"--inh-caps={NO_OVERRIDE}")


def _files(db: Path) -> list[Path]:
    return [f for f in (db, Path(f"{db}-wal"), Path(f"{db}-shm")) if f.exists()]


def set_mode(db: Path, mode: int) -> None:
    for file in _files(db):
        file.chmod(mode)


@pytest.fixture
def server(tmp_path: Path, database_url: str) -> Iterator[ServerProcess]:
    if not database_url.startswith("sqlite") or shutil.which("setpriv") is None:
        pytest.skip("a SQLite file and setpriv (util-linux) are needed")
    proc = ServerProcess(database_url, tmp_path / "server.log", prefix=AS_A_USER)
    yield proc
    proc.stop()


def _db(database_url: str) -> Path:
    return Path(database_url.removeprefix("sqlite:///"))


def _table(http: httpx.Client, kind: str) -> httpx.Response:
    return http.post("/api/games", json={"kind": kind, "num_seats": 2})


def _writes_work(http: httpx.Client, kind: str, kit) -> None:
    """Create a table, join it, chat at it: each answered as when nothing happened."""
    created = _table(http, kind)
    assert created.status_code == 201, created.text
    game_id, key = created.json()["id"], kit.invite_keys(created.json())[0]
    joined = http.post(f"/api/games/{game_id}/seats/0/join", json={"name": "Ann", "key": key})
    assert joined.status_code == 201, joined.text
    said = http.post(
        f"/api/games/{game_id}/chat",
        headers=kit.bearer(joined.json()["token"]),
        json={"text": "back again"},
    )
    assert said.status_code in (200, 201), said.text


def test_readyz_fails_while_the_file_is_read_only(server, database_url, kit, kind):
    server.start()
    db = _db(database_url)
    with httpx.Client(base_url=server.url) as http:
        assert _table(http, kind).status_code == 201  # the pool holds writable connections
        set_mode(db, 0o400)
        try:
            for _ in range(5):
                r = http.get("/readyz")
                assert r.status_code == 503, r.text
                assert r.json()["error"]["code"] == "database_unavailable"
        finally:
            set_mode(db, 0o600)
        assert http.get("/readyz").status_code == 200
        _writes_work(http, kind, kit)


def test_readyz_is_ready_at_once_when_a_read_kept_a_read_only_connection(
    server, database_url, kit, kind
):
    """A read while the file was read-only (the clocks' and reminders' polls read too) can
    leave a connection in the pool that opened the shared-memory index read-only; every
    new connection of the process shares it and is refused writes, even once the file is
    writable again. /readyz answers for the file: it closes such connections and asks once
    more."""
    server.start()
    db = _db(database_url)
    with httpx.Client(base_url=server.url) as http:
        created = _table(http, kind)
        assert created.status_code == 201
        game = f"/api/games/{created.json()['id']}"
        set_mode(db, 0o400)
        try:
            for _ in range(2):
                # The probe's refusal closes the pool's connections; the read opens one
                # (the first time, it creates the index with the file's mode).
                assert http.get("/readyz").status_code == 503
                assert http.get(game).status_code == 200
        finally:
            set_mode(db, 0o600)
        assert http.get("/readyz").status_code == 200
        _writes_work(http, kind, kit)


def test_writes_work_again_once_the_file_is_writable(server, database_url, kit, kind):
    server.start()
    with httpx.Client(base_url=server.url) as http:
        _writes_work(http, kind, kit)
    server.stop()
    db = _db(database_url)
    # Another process keeps the database open, so its WAL and shared-memory files stay (as
    # under a backup, or a second server): SQLite then opens them read-only too.
    with contextlib.closing(sqlite3.connect(db)) as other:
        other.execute("SELECT count(*) FROM games").fetchall()
        set_mode(db, 0o400)
        try:
            # Started while the files are read-only: every connection it opens is read-only.
            server.start(ready="/healthz")
            with httpx.Client(base_url=server.url) as http:
                for _ in range(3):
                    r = _table(http, kind)
                    assert r.status_code == 503, r.text
                    assert r.json()["error"]["code"] == "database_unavailable"
                assert http.get("/readyz").status_code == 503
        finally:
            set_mode(db, 0o600)
        with httpx.Client(base_url=server.url) as http:
            # A write may still meet a connection opened read-only (one in use elsewhere
            # goes when it comes back); they are closed as they are met.
            for _ in range(10):
                if _table(http, kind).status_code == 201:
                    break
            for _ in range(3):
                _writes_work(http, kind, kit)
            assert http.get("/readyz").status_code == 200
