"""Accounts, sign-ins and friendships written straight into the database, for tests of
parts that need a signed-in player but not the sign-up itself (issue 38).

``make_account(client_or_engine, "Anna")`` gives the account's id and a session cookie's
value; ``signed_in(cookie)`` the headers a browser holding that cookie sends (a "device":
any request with only these headers); ``make_friends`` an accepted friendship.
"""

from __future__ import annotations

import secrets
import unicodedata
from typing import Any

from sqlalchemy import Engine
from sqlalchemy.orm import Session

from app.db.models import AccountRow, FriendshipRow, utcnow
from app.services import sessions


def _session(db_or_client: Any) -> Session:
    """A session on the test database: ``db_or_client`` is the ``db`` fixture (an Engine)
    or a TestClient of the app (its own database)."""
    if isinstance(db_or_client, Engine):
        return Session(db_or_client, expire_on_commit=False)
    return db_or_client.app.state.service.db.session()


def name_key(name: str) -> str:
    return unicodedata.normalize("NFKC", name).casefold()


def make_account(
    db_or_client: Any, name: str, notify: dict[str, Any] | None = None
) -> tuple[int, str]:
    """A new account named ``name`` (no password: signed in only by the cookie made here),
    with nudge choices ``notify``; returns its id and a session cookie's value."""
    with _session(db_or_client) as session:
        account = AccountRow(
            name=name,
            name_key=name_key(name),
            password_hash=None,
            language="en",
            is_admin=False,
            friend_code=secrets.token_urlsafe(12),
            notify=notify or {},
            created_at=utcnow(),
        )
        session.add(account)
        session.flush()
        cookie = sessions.start(session, account.id, "tests")
        session.commit()
        return account.id, cookie


def sign_in(db_or_client: Any, account_id: int) -> str:
    """Another session cookie of the account (another device)."""
    with _session(db_or_client) as session:
        cookie = sessions.start(session, account_id, "tests")
        session.commit()
        return cookie


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


def signed_in(cookie: str, **headers: str) -> dict[str, str]:
    """The headers of a request from a browser signed in with ``cookie``."""
    return {"Cookie": f"{sessions.COOKIE}={cookie}", **headers}
