"""Migration 0003 on a database with games from before it: nothing is lost, every human
seat gets a fresh invite key; games with a host token become private, older ones (no host,
so nobody could ever read their keys) stay public."""

from __future__ import annotations

from datetime import UTC, datetime

from alembic import command
from sqlalchemy import JSON, column, insert, select, table

from app.db.migrate import alembic_config
from app.db.models import GameRow, SeatRow
from app.db.session import Database


def migrate(db: Database, revision: str) -> None:
    cfg = alembic_config()
    with db.engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, revision)


def test_existing_games_get_fresh_keys_and_hosted_ones_become_private(database_url):
    db = Database(database_url)
    db.prepare()
    try:
        migrate(db, "0002")
        now = datetime.now(UTC)
        games = table(
            "games",
            *(
                column(c, JSON() if c == "options" else None)
                for c in (
                    "id",
                    "kind",
                    "num_seats",
                    "options",
                    "seed",
                    "status",
                    "version",
                    "seats_revision",
                    "host_token_hash",
                    "created_at",
                    "updated_at",
                )
            ),
        )
        seats = table(
            "seats",
            *(
                column(c, JSON if c == "options" else None)
                for c in ("game_id", "seat", "bot", "name")
            ),
        )
        with db.engine.begin() as conn:
            for game_id, host in (("hosted", "ab" * 32), ("older", None)):
                conn.execute(
                    insert(games).values(
                        id=game_id,
                        kind="dolmengoetter",
                        num_seats=2,
                        options={},
                        seed=1,
                        status="open",
                        version=0,
                        seats_revision=0,
                        host_token_hash=host,
                        created_at=now,
                        updated_at=now,
                    )
                )
                conn.execute(insert(seats).values(game_id=game_id, seat=0, bot=False))
                conn.execute(insert(seats).values(game_id=game_id, seat=1, bot=True, name="B"))
        migrate(db, "head")
        with db.engine.connect() as conn:
            public = dict(conn.execute(select(GameRow.id, GameRow.public)).all())
            keys = conn.execute(
                select(
                    SeatRow.game_id, SeatRow.seat, SeatRow.invite_key, SeatRow.connections
                ).order_by(SeatRow.game_id, SeatRow.seat)
            ).all()
        # Down again keeps every game and seat (no table is rebuilt and cascades).
        cfg = alembic_config()
        with db.engine.begin() as conn:
            cfg.attributes["connection"] = conn
            command.downgrade(cfg, "0002")
        with db.engine.connect() as conn:
            assert len(conn.execute(select(seats.c.game_id)).all()) == 4
    finally:
        db.dispose()
    assert public == {"hosted": False, "older": True}
    human = [k for k in keys if k.seat == 0]
    assert all(k.invite_key and len(k.invite_key) >= 20 for k in human)
    assert human[0].invite_key != human[1].invite_key
    assert [k.invite_key for k in keys if k.seat == 1] == [None, None]  # bot seats
    assert {k.connections for k in keys} == {0}
