"""``/healthz`` and ``/api/health`` (liveness, no database) and ``/readyz`` (the database
answers, else 503)."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from app.core.config import Settings
from app.main import create_app
from tests.support.postgres import PostgresServer, require_postgres

ROOT = Path(__file__).resolve().parents[2]


def test_sqlite_server_is_live_and_ready(tmp_path: Path) -> None:
    settings = Settings(database_url=f"sqlite:///{tmp_path / 'db.sqlite'}", bot_delay=0)
    with TestClient(create_app(settings)) as client:
        assert client.get("/healthz").json() == {"status": "ok"}
        # The release the operator installed, as pyproject.toml names it.
        release = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
        assert client.get("/api/health").json() == {"status": "ok", "version": release}
        ready = client.get("/readyz")
        assert ready.status_code == 200
        assert ready.json() == {"status": "ok", "database": "sqlite", "hub": "InProcessHub"}


@pytest.mark.postgres
def test_readyz_turns_503_when_postgres_goes_away_while_healthz_stays_200() -> None:
    require_postgres()
    pg = PostgresServer().start()  # its own server: this test stops it
    try:
        settings = Settings(database_url=pg.create_database("health"), bot_delay=0)
        with TestClient(create_app(settings)) as client:
            ready = client.get("/readyz")
            assert ready.status_code == 200
            assert ready.json() == {
                "status": "ok",
                "database": "postgresql",
                "hub": "PostgresHub",
                "listening": True,
            }
            pg.stop()
            down = client.get("/readyz")
            assert down.status_code == 503
            error = down.json()["error"]
            assert error["code"] == "database_unavailable"
            assert error["message"].startswith("the database is not reachable")
            # Where the database lives is for the log, not for whoever asks.
            assert str(pg.port) not in error["message"] and "127.0.0.1" not in error["message"]
            assert client.get("/healthz").status_code == 200
            assert client.get("/api/health").status_code == 200
    finally:
        pg.stop()


def test_probes_are_documented_together_under_the_health_tag(tmp_path: Path) -> None:
    settings = Settings(database_url=f"sqlite:///{tmp_path / 'db.sqlite'}", bot_delay=0)
    paths = create_app(settings).openapi()["paths"]
    for path in ("/healthz", "/api/health", "/readyz"):
        assert paths[path]["get"]["tags"] == ["health"], path
