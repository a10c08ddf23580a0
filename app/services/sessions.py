"""Signed-in browsers: a server-side row per sign-in, named by an HttpOnly cookie.

The cookie holds 256 random bits; the row keeps only their SHA-256 (as seat tokens are
kept), so a copy of the database signs nobody in. A sign-in lasts ``SESSION_DAYS`` after
its last use; deleting its row (sign out, sign out everywhere, an admin's revoke, a
disabled or deleted account) ends it at once in every process, since every request reads
the row.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import delete, select, update
from sqlalchemy.orm import Session

from app.core.security import hash_token, new_token
from app.db.models import AccountRow, AuthSessionRow, utcnow
from app.services.snapshots import as_utc

COOKIE = "tafelrunde_session"
"""The session cookie's name (HttpOnly, SameSite=Lax, Secure behind HTTPS)."""

TOUCH_EVERY = timedelta(minutes=1)
"""A session's ``last_seen_at`` is written at most this often: reads stay reads."""

MAX_USER_AGENT = 200


@dataclass(frozen=True, slots=True)
class SignedIn:
    """Who a request's session cookie belongs to."""

    account_id: int
    name: str
    is_admin: bool
    language: str
    session_hash: str
    """The sign-in's row (its cookie's hash); empty for a bot, which has no sign-in."""
    bot: str | None = None
    """``None``: a person with a session cookie. ``"author"``: a bot identity calling with
    one of its API tokens (app/services/bot_accounts.py)."""


def start(session: Session, account_id: int, user_agent: str = "") -> str:
    """A new sign-in for ``account_id``; returns the cookie's value (shown only now). Every
    sign-in gets a new value, so a value planted before it (fixation) signs nobody in."""
    value = new_token()
    session.add(
        AuthSessionRow(
            id_hash=hash_token(value),
            account_id=account_id,
            user_agent=user_agent[:MAX_USER_AGENT],
        )
    )
    return value


def sign_in(session: Session, account_id: int, user_agent: str, previous: str | None) -> str:
    """Sign a browser in to ``account_id`` (every sign-up and sign-in, password or passkey,
    comes here): a new sign-in (``start``: a new cookie value), and the browser's
    ``previous`` one, the cookie it sent, ended. In the caller's write transaction."""
    if previous:
        end(session, previous)
    return start(session, account_id, user_agent)


def signed_in(
    session: Session, value: str | None, idle_days: float, now: datetime | None = None
) -> SignedIn | None:
    """The account behind a cookie's value, or ``None`` (no cookie, unknown, expired,
    disabled account). An expired row is deleted; a used one is touched (once a minute)."""
    if not value:
        return None
    now = now or utcnow()
    digest = hash_token(value)
    row = session.execute(
        select(AuthSessionRow, AccountRow)
        .join(AccountRow, AccountRow.id == AuthSessionRow.account_id)
        .where(AuthSessionRow.id_hash == digest)
    ).one_or_none()
    if row is None:
        return None
    sign_in, account = row
    last_seen = as_utc(sign_in.last_seen_at)
    if account.disabled_at is not None or now - last_seen > timedelta(days=idle_days):
        session.execute(delete(AuthSessionRow).where(AuthSessionRow.id_hash == digest))
        session.commit()
        return None
    if now - last_seen >= TOUCH_EVERY:
        session.execute(
            update(AuthSessionRow).where(AuthSessionRow.id_hash == digest).values(last_seen_at=now)
        )
        session.commit()
    return SignedIn(account.id, account.name, account.is_admin, account.language, digest)


def end(session: Session, value: str) -> None:
    """Sign this browser out (nothing happens for an unknown value)."""
    session.execute(delete(AuthSessionRow).where(AuthSessionRow.id_hash == hash_token(value)))


def end_all(session: Session, account_id: int) -> int:
    """Sign the account out everywhere; returns how many sign-ins ended."""
    result = session.execute(delete(AuthSessionRow).where(AuthSessionRow.account_id == account_id))
    return int(getattr(result, "rowcount", 0) or 0)
