"""Upgrading a SQLite database keeps every game's seats and moves.

Alembic's batch mode rebuilds a table on SQLite (copy, DROP the old one, rename). With
foreign keys on, dropping ``games`` cascaded to ``seats`` and ``actions``: upgrading from
0001 emptied both. Migrations now run with foreign keys off (app/db/session.py).
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from sqlalchemy import JSON, column, func, insert, select, table, text

from app.db.migrate import upgrade
from app.db.session import Database


def test_upgrading_from_the_first_revision_keeps_seats_and_moves(tmp_path: Path) -> None:
    db = Database(f"sqlite:///{tmp_path / 'old.db'}")
    try:
        upgrade(db, "0001")
        now = datetime.now(UTC)
        games = table(
            "games",
            *(column(c) for c in ("id", "kind", "num_seats", "seed", "status", "version")),
            *(column(c) for c in ("seats_revision", "created_at", "updated_at")),
            column("options", JSON()),
        )
        seats = table("seats", *(column(c) for c in ("game_id", "seat", "bot", "name")))
        actions = table("actions", *(column(c) for c in ("game_id", "seq", "seat", "created_at")))
        actions.append_column(column("action", JSON()))
        with db.engine.begin() as conn:
            conn.execute(
                insert(games).values(
                    id="old", kind="dolmengoetter", num_seats=2, options={}, seed=7,
                    status="running", version=1, seats_revision=2, created_at=now, updated_at=now,
                )
            )  # fmt: skip
            for seat in (0, 1):
                conn.execute(insert(seats).values(game_id="old", seat=seat, bot=False, name="P"))
            conn.execute(
                insert(actions).values(
                    game_id="old", seq=1, seat=0, action={"type": "pass"}, created_at=now
                )
            )

        upgrade(db)

        with db.engine.connect() as conn:
            assert conn.scalar(select(func.count()).select_from(seats)) == 2
            assert conn.scalar(select(func.count()).select_from(actions)) == 1
            # The connection that migrated serves others with foreign keys on again.
            assert conn.execute(text("PRAGMA foreign_keys")).scalar() == 1
    finally:
        db.dispose()
