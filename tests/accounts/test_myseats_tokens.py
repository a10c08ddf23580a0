"""Account seats' tokens (app/services/seat_tokens.py): derived from one server secret,
made once however many processes race to make it, and different for every join, so a
release kills a token for good even when the same account takes the seat again."""

from __future__ import annotations

import threading
from datetime import UTC, datetime, timedelta

from sqlalchemy import func, select

from app.db.migrate import upgrade
from app.db.models import ServerKeyRow
from app.db.session import Database
from app.services.seat_tokens import SECRET_NAME, SeatTokens, derive


def test_the_secret_is_made_once_and_shared(database_url, db) -> None:
    first = Database(database_url)
    upgrade(first)
    first.dispose()
    databases = [Database(database_url) for _ in range(4)]  # as four server processes
    secrets: list[bytes] = []
    start = threading.Barrier(len(databases))

    def make(database: Database) -> None:
        start.wait()
        with database.session() as session:
            secrets.append(SeatTokens(database).secret(session))

    threads = [threading.Thread(target=make, args=(d,)) for d in databases]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for database in databases:
        database.dispose()
    assert len(secrets) == 4 and len(set(secrets)) == 1 and len(secrets[0]) == 32
    with db.connect() as conn:
        assert conn.scalar(select(func.count()).select_from(ServerKeyRow)) == 1
        assert conn.scalar(select(ServerKeyRow.value).where(ServerKeyRow.name == SECRET_NAME)) == (
            secrets[0].hex()
        )


def test_a_token_depends_on_game_seat_account_and_join() -> None:
    secret = bytes(range(32))
    at = datetime(2026, 1, 2, 3, 4, 5, 678901, tzinfo=UTC)
    token = derive(secret, "g1", 0, 7, at)
    assert len(token) == 43 and token == derive(secret, "g1", 0, 7, at.replace(tzinfo=None))
    others = {
        derive(secret, "g2", 0, 7, at),
        derive(secret, "g1", 1, 7, at),
        derive(secret, "g1", 0, 8, at),
        derive(secret, "g1", 0, 7, at + timedelta(microseconds=1)),
        derive(bytes(32), "g1", 0, 7, at),
    }
    assert token not in others and len(others) == 5
