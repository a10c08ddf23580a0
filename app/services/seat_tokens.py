"""Seat tokens of seats that belong to an account (docs/DESIGN.md, "Seats that belong to
accounts").

An anonymous seat's token is random and shown once; the server keeps only its hash. A seat
held by an account must be handed again to each of the account's devices
(``POST /api/me/games/{id}/access``), yet the write path keeps its one lookup,
``seats.token_hash``. So an account seat's token is derived, not drawn: HMAC-SHA256 keyed
with the server's ``seat_token_secret`` (``server_keys``, made on first use) over the game,
the seat, the account and the moment the seat was joined. The server computes it again
whenever a device of the account asks; its hash is what ``seats.token_hash`` holds, as for
any token. A release (or another join) changes the moment, so the old token dies for good,
and a claim or a join of another account gives another token.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
import threading
from datetime import UTC, datetime, timedelta

from sqlalchemy import select
from sqlalchemy.orm import Session

from app.db.models import ServerKeyRow, utcnow
from app.db.session import Database, insert_on_conflict
from app.services.snapshots import as_utc

SECRET_NAME = "seat_token_secret"
"""The ``server_keys`` row whose value keys every account seat's token."""

_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
_MICROSECOND = timedelta(microseconds=1)


def server_key(session: Session, name: str) -> str:
    """The value of server key ``name``, made (32 random bytes, hex) if there is none yet.
    Insert-or-ignore, then read: of processes that race to make it, one row wins and every
    process reads that one. The caller commits."""
    value = session.scalar(select(ServerKeyRow.value).where(ServerKeyRow.name == name))
    if value is not None:
        return value
    insert = insert_on_conflict(session.get_bind().dialect.name)
    session.execute(
        insert(ServerKeyRow)
        .values(name=name, value=secrets.token_hex(32), created_at=utcnow())
        .on_conflict_do_nothing(index_elements=["name"])
    )
    made = session.scalar(select(ServerKeyRow.value).where(ServerKeyRow.name == name))
    assert made is not None  # inserted now, or by whoever won the race
    return made


def joined_mark(joined_at: datetime) -> int:
    """A join's moment as whole microseconds since 1970 (exactly what SQLite and PostgreSQL
    keep of it: the token computed at the join and the one computed later agree)."""
    return (as_utc(joined_at) - _EPOCH) // _MICROSECOND


def derive(secret: bytes, game_id: str, seat: int, account_id: int, joined_at: datetime) -> str:
    """The token of ``seat`` of ``game_id`` held by ``account_id`` since ``joined_at``: 43
    URL-safe characters, like a random token (``app.core.security.new_token``)."""
    message = f"tafelrunde/seat-token/v1\x00{game_id}\x00{seat}\x00{account_id}\x00"
    message += str(joined_mark(joined_at))
    digest = hmac.new(secret, message.encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode()


class SeatTokens:
    """The secret, read (or made) once per process, and the tokens derived from it."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self._secret: bytes | None = None
        self._lock = threading.Lock()

    def secret(self, session: Session) -> bytes:
        """The server's seat-token secret; the first call of a process reads it (making it
        if no process has yet) in a write of its own, so call it before a write begins."""
        with self._lock:
            if self._secret is None:
                with self.db.write(session):
                    self._secret = bytes.fromhex(server_key(session, SECRET_NAME))
            return self._secret

    def token(
        self, session: Session, game_id: str, seat: int, account_id: int, joined_at: datetime
    ) -> str:
        return derive(self.secret(session), game_id, seat, account_id, joined_at)
