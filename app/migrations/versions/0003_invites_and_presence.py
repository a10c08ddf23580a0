"""Secret invites, public tables, presence and table events.

games.public, seats.invite_key / connections / last_seen, and the table_events table.

Existing games: every human seat gets a fresh invite key. Games with a host token become
private (their host's page shows the new links; links sent before carry no key and are
refused). Games from before host tokens stay public: nobody could ever read their keys.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-01 03:10:00.000000
"""

import secrets
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Plain ADD COLUMN, never a batch "move and copy": on SQLite, with foreign keys on,
    # dropping the old games table would delete every seat and action (ON DELETE CASCADE).
    op.add_column(
        "games", sa.Column("public", sa.Boolean(), nullable=False, server_default=sa.false())
    )
    op.add_column("seats", sa.Column("invite_key", sa.String(length=64), nullable=True))
    op.add_column(
        "seats", sa.Column("connections", sa.Integer(), nullable=False, server_default="0")
    )
    op.add_column("seats", sa.Column("last_seen", sa.DateTime(timezone=True), nullable=True))
    op.create_table(
        "table_events",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("game_id", sa.String(length=32), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("seats_revision", sa.Integer(), nullable=False),
        sa.Column("event", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["game_id"],
            ["games.id"],
            name=op.f("fk_table_events_game_id_games"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_table_events")),
    )
    with op.batch_alter_table("table_events", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_table_events_game_id"), ["game_id"], unique=False)

    conn = op.get_bind()
    games = sa.table("games", sa.column("host_token_hash"), sa.column("public", sa.Boolean))
    conn.execute(sa.update(games).where(games.c.host_token_hash.is_(None)).values(public=True))
    seats = sa.table("seats", sa.column("id"), sa.column("bot"), sa.column("invite_key"))
    ids = conn.execute(sa.select(seats.c.id).where(seats.c.bot.is_(False))).scalars().all()
    for seat_id in ids:
        conn.execute(
            sa.update(seats)
            .where(seats.c.id == seat_id)
            .values(invite_key=secrets.token_urlsafe(16))
        )


def downgrade() -> None:
    # Plain DROP COLUMN (SQLite 3.35+), for the same reason as above.
    with op.batch_alter_table("table_events", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_table_events_game_id"))
    op.drop_table("table_events")
    op.drop_column("seats", "last_seen")
    op.drop_column("seats", "connections")
    op.drop_column("seats", "invite_key")
    op.drop_column("games", "public")
