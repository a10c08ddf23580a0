"""Helpers for the accounts' tests (tests/accounts/test_auth_*.py): an app with chosen
settings and browsers on it, each with its own cookie jar and client address."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text

from app.core.config import Settings
from app.main import Tafelrunde, create_app
from app.services.sessions import COOKIE

PASSWORD = "seven dolmen under the moon"
"""A password every rule accepts."""


class Site:
    """One app (on the test's database) and the browsers that use it."""

    def __init__(self, app: Tafelrunde) -> None:
        self.app = app

    def browser(self, address: str = "testclient", **kwargs: Any) -> TestClient:
        """A new browser (its own cookies) at ``address``."""
        return TestClient(self.app, client=(address, 50000), **kwargs)


@contextmanager
def site(database_url: str, **overrides: Any) -> Iterator[Site]:
    """The app with ``overrides`` of the tests' settings, started (its database migrated)
    for the block."""
    settings = Settings(database_url=database_url, bot_delay=0, **overrides)
    app = create_app(settings)
    with TestClient(app):  # runs the app's lifespan: migrations, hub, runners
        yield Site(app)


def sign_up(client: TestClient, name: str, password: str = PASSWORD, **extra: Any) -> Any:
    r = client.post("/api/auth/signup", json={"name": name, "password": password, **extra})
    assert r.status_code == 201, r.text
    return r.json()["account"]


def log_in(client: TestClient, name: str, password: str = PASSWORD) -> Any:
    r = client.post("/api/auth/login", json={"name": name, "password": password})
    assert r.status_code == 200, r.text
    return r.json()["account"]


def cookie(client: TestClient) -> str | None:
    return client.cookies.get(COOKIE)


def with_cookie(client: TestClient, value: str) -> None:
    """Put ``value`` in the browser's session cookie (as a planted or copied one)."""
    client.cookies.set(COOKIE, value, domain="testserver.local", path="/")


def sql(database_url: str, statement: str, **params: Any) -> list[Any]:
    """Run ``statement`` on the test database; the rows it returns (if any)."""
    engine = create_engine(database_url)
    try:
        with engine.begin() as conn:
            result = conn.execute(text(statement), params)
            return list(result) if result.returns_rows else []
    finally:
        engine.dispose()
