"""Accounts in tests (issue 38): one set of helpers for every part's tests.

Made straight in the database, for tests that need a signed-in player but not the sign-up
itself (``db_or_client``: the ``db`` fixture, an Engine, or a TestClient of the app):

- ``make_account(db, "Anna", language=..., notify=..., **columns)``: the account's id;
  ``sign_in(db, account_id)``: a session cookie's value (one "device");
  ``account_with_cookie(db, "Anna")``: both; ``signed_in(cookie)``: the headers a browser
  holding that cookie sends;
- ``make_friends(db, a, b)``: an accepted friendship (``status="pending"``: a request);
  ``link(db, game_id, seat, account_id)``: the seat is the account's (as a join signed in
  makes it); ``set_notify(db, account_id, **choices)``: nudge choices;
- ``player(http, db, "Anna")``: a ``Player``, one signed-in browser on the shared client
  (fixtures ``anna`` and ``bert``: two of them on the ``client`` fixture).

Checks: ``refused(r, status, code)``, ``error_code(r)``; ``table_rows`` (a game's rows, to
compare), ``seat_row``, ``deliveries`` (the nudges' rows); ``kept_from_others`` (a kept
seat is taken by nobody else).

Through the routes, as a browser signs up and in (``site`` starts an app with chosen
settings; ``Site.browser()`` is a browser with its own cookie jar and client address):
``sign_up``, ``log_in``, ``cookie``, ``with_cookie``; ``sql`` reads the test
database; ``PASSWORD`` passes every rule for a new password.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Engine, create_engine, select, text, update
from sqlalchemy.orm import Session

from app.core.config import Settings
from app.db.models import AccountRow, DeliveryRow, FriendshipRow, GameRow, SeatRow, utcnow
from app.main import Tafelrunde, create_app
from app.services import sessions
from app.services.account_names import name_key
from app.services.sessions import COOKIE
from tests.conftest import settings_for

PASSWORD = "seven dolmen under the moon"
"""A password every rule accepts."""


# ---- straight in the database ----------------------------------------------------------


def _session(db_or_client: Any) -> Session:
    """A session on the test database: ``db_or_client`` is the ``db`` fixture (an Engine)
    or a TestClient of the app (its own database)."""
    if isinstance(db_or_client, Engine):
        return Session(db_or_client, expire_on_commit=False)
    return db_or_client.app.state.service.db.session()


def make_account(
    db_or_client: Any,
    name: str,
    *,
    language: str = "en",
    notify: dict[str, Any] | None = None,
    **columns: Any,
) -> int:
    """A new account named ``name`` (no password), with nudge choices ``notify`` and any
    other ``columns`` (e.g. ``disabled_at``); its id."""
    with _session(db_or_client) as session:
        account = AccountRow(
            name=name,
            name_key=name_key(name),
            password_hash=None,
            language=language,
            is_admin=False,
            friend_code=secrets.token_urlsafe(16),
            notify=notify or {},
            created_at=utcnow(),
            **columns,
        )
        session.add(account)
        session.commit()
        return account.id


def sign_in(db_or_client: Any, account_id: int) -> str:
    """A new session cookie's value for the account (another device)."""
    with _session(db_or_client) as session:
        cookie = sessions.start(session, account_id, "tests")
        session.commit()
        return cookie


def account_with_cookie(db_or_client: Any, name: str, **options: Any) -> tuple[int, str]:
    """``make_account`` and a session cookie of it."""
    account_id = make_account(db_or_client, name, **options)
    return account_id, sign_in(db_or_client, account_id)


def signed_in(cookie: str, **headers: str) -> dict[str, str]:
    """The headers of a request from a browser signed in with ``cookie``."""
    return {"Cookie": f"{COOKIE}={cookie}", **headers}


def make_friends(db_or_client: Any, a: int, b: int, status: str = "accepted") -> None:
    """``a`` asked ``b`` to be friends; ``b`` accepted (``status="pending"``: not yet)."""
    with _session(db_or_client) as session:
        now = utcnow()
        session.add(
            FriendshipRow(
                requester_id=a,
                addressee_id=b,
                status=status,
                created_at=now,
                accepted_at=now if status == "accepted" else None,
            )
        )
        session.commit()


def link(db_or_client: Any, game_id: str, seat: int, account_id: int) -> None:
    """The seat belongs to the account (as a join while signed in makes it), nothing else
    changed: no hub notice, no new seats revision."""
    with _session(db_or_client) as session:
        session.execute(
            update(SeatRow)
            .where(SeatRow.game_id == game_id, SeatRow.seat == seat)
            .values(account_id=account_id)
        )
        session.commit()


def set_notify(db_or_client: Any, account_id: int, **notify: Any) -> None:
    """Change some of the account's nudge choices (``accounts.notify``)."""
    with _session(db_or_client) as session:
        current = session.scalar(select(AccountRow.notify).where(AccountRow.id == account_id))
        session.execute(
            update(AccountRow)
            .where(AccountRow.id == account_id)
            .values(notify={**(current or {}), **notify})
        )
        session.commit()


@dataclass
class Player:
    """A signed-in account in one browser: requests on the shared client go out with its
    session cookie (the same origin, as the browser's own page sends them)."""

    http: httpx.Client
    account_id: int
    name: str
    cookie: str

    def get(self, path: str) -> httpx.Response:
        return self.http.get(path, headers=signed_in(self.cookie))

    def post(self, path: str, json: Any = None) -> httpx.Response:
        return self.http.post(path, json=json, headers=signed_in(self.cookie))

    def delete(self, path: str) -> httpx.Response:
        return self.http.delete(path, headers=signed_in(self.cookie))

    def friends(self) -> dict[str, Any]:
        r = self.get("/api/me/friends")
        assert r.status_code == 200, r.text
        return r.json()

    def ask(self, name: str) -> httpx.Response:
        return self.post("/api/me/friends", {"name": name})


def player(http: httpx.Client, db: Engine, name: str, **options: Any) -> Player:
    """A new account named ``name`` (``make_account``'s options), signed in."""
    account_id, cookie = account_with_cookie(db, name, **options)
    return Player(http, account_id, name, cookie)


@pytest.fixture
def anna(client: TestClient, db: Engine) -> Player:
    """Anna, signed in on the ``client`` fixture's app (import the fixture and name it in
    the test module's ``__all__``)."""
    return player(client, db, "Anna")


@pytest.fixture
def bert(client: TestClient, db: Engine) -> Player:
    """Bert, signed in, as ``anna``."""
    return player(client, db, "Bert")


def error_code(r: httpx.Response) -> str:
    return r.json()["error"]["code"]


@contextmanager
def app_client(database_url: str, **settings: Any) -> Iterator[TestClient]:
    """A TestClient of an app on the test database with these settings."""
    with TestClient(create_app(settings_for(database_url, **settings))) as http:
        yield http


# ---- through the routes ----------------------------------------------------------------


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
    """Sign up with a password; the answer's account."""
    r = client.post("/api/auth/signup", json={"name": name, "password": password, **extra})
    assert r.status_code == 201, r.text
    return r.json()["account"]


def log_in(client: TestClient, name: str, password: str = PASSWORD) -> Any:
    """Sign in with a password; the answer's account."""
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


# ---- checking answers and rows ---------------------------------------------------------


def refused(response: httpx.Response, status: int, code: str) -> None:
    """The answer is the refusal ``status`` with error ``code``."""
    assert response.status_code == status, response.text
    assert response.json()["error"]["code"] == code, response.text


def table_rows(db: Engine, game_id: str) -> tuple[Any, ...]:
    """The game's row and its seats' rows, as tuples (to compare: nothing changed)."""
    with db.connect() as conn:
        game = conn.execute(select(GameRow.__table__).where(GameRow.id == game_id)).one()
        seats = conn.execute(
            select(SeatRow.__table__).where(SeatRow.game_id == game_id).order_by(SeatRow.seat)
        ).all()
    return tuple(game), [tuple(s) for s in seats]


def seat_row(db: Engine, game_id: str, seat: int) -> Any:
    with db.connect() as conn:
        return conn.execute(
            select(SeatRow.__table__).where(SeatRow.game_id == game_id, SeatRow.seat == seat)
        ).one()


def deliveries(db: Engine) -> list[Any]:
    """Every nudge's delivery row, in the order they were made."""
    with db.connect() as conn:
        return conn.execute(select(DeliveryRow.__table__).order_by(DeliveryRow.id)).all()


def kept_from_others(client: TestClient, game_id: str, seat: int, key: str, other: str) -> None:
    """Nobody takes ``seat``, kept for an account, but that account: not with the seat's
    invite ``key`` (anonymous, or signed in as another account, the cookie ``other``), nor
    from the other account's My games."""
    join = f"/api/games/{game_id}/seats/{seat}/join"
    refused(client.post(join, json={"name": "Eve", "key": key}), 403, "seat_kept")
    refused(
        client.post(join, json={"name": "Carl", "key": key}, headers=signed_in(other)),
        403,
        "seat_kept",
    )
    refused(
        client.post(f"/api/me/games/{game_id}/join", headers=signed_in(other)), 404, "not_your_game"
    )
