"""Accounts and sign-ins for the friends' tests, made straight in the database (part AUTH
makes them through its routes; these tests only need them to exist).

``Player`` is one signed-in browser: the shared ``TestClient`` with this account's session
cookie on each request (the same origin, as the browser's own page sends it)."""

from __future__ import annotations

import secrets
import unicodedata
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import httpx
from fastapi.testclient import TestClient
from sqlalchemy import Engine
from sqlalchemy.orm import Session

from app.db.models import AccountRow
from app.main import create_app
from app.services import sessions
from tests.conftest import settings_for


def make_account(db: Engine, name: str, **columns: Any) -> int:
    """An account named ``name`` (``columns``: e.g. ``notify``, ``disabled_at``); its id."""
    with Session(db) as session:
        account = AccountRow(
            name=name,
            name_key=unicodedata.normalize("NFKC", name).casefold(),
            friend_code=secrets.token_urlsafe(16),
            **columns,
        )
        session.add(account)
        session.commit()
        return account.id


def sign_in(db: Engine, account_id: int) -> str:
    """A session cookie's value for ``account_id``."""
    with Session(db) as session:
        value = sessions.start(session, account_id, "test")
        session.commit()
        return value


@dataclass
class Player:
    """A signed-in account in one browser: requests go out with its session cookie."""

    http: httpx.Client
    account_id: int
    name: str
    cookie: str

    def _headers(self) -> dict[str, str]:
        return {"Cookie": f"{sessions.COOKIE}={self.cookie}"}

    def get(self, path: str) -> httpx.Response:
        return self.http.get(path, headers=self._headers())

    def post(self, path: str, json: Any = None) -> httpx.Response:
        return self.http.post(path, json=json, headers=self._headers())

    def delete(self, path: str) -> httpx.Response:
        return self.http.delete(path, headers=self._headers())

    def friends(self) -> dict[str, Any]:
        r = self.get("/api/me/friends")
        assert r.status_code == 200, r.text
        return r.json()

    def ask(self, name: str) -> httpx.Response:
        return self.post("/api/me/friends", {"name": name})


def player(http: httpx.Client, db: Engine, name: str, **columns: Any) -> Player:
    """A new account named ``name``, signed in."""
    account_id = make_account(db, name, **columns)
    return Player(http, account_id, name, sign_in(db, account_id))


def error_code(r: httpx.Response) -> str:
    return r.json()["error"]["code"]


@contextmanager
def app_client(database_url: str, **settings: Any) -> Iterator[TestClient]:
    """A TestClient of an app on the test database with these settings."""
    with TestClient(create_app(settings_for(database_url, **settings))) as http:
        yield http
