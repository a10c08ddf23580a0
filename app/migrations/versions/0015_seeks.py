"""Seeks (issue 39): a game waiting in a public list until enough accounts join (seeks),
and who is in each so far (seek_seats). Tables of their own rather than challenges with
nobody asked: a seek's places are taken by whoever comes, in the order they come, and it
may be filled with the server's bots; a challenge asks named accounts for an answer.

Revision ID: 0015
Revises: 0014
Create Date: 2026-12-05 22:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0015"
down_revision: str | None = "0014"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "seeks",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("from_id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=64), nullable=False),
        sa.Column("num_seats", sa.Integer(), nullable=False),
        sa.Column("time_control", sa.JSON(), nullable=True),
        sa.Column("rated", sa.Boolean(), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("game_id", sa.String(length=32), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["from_id"], ["accounts.id"], name=op.f("fk_seeks_from_id_accounts"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["game_id"], ["games.id"], name=op.f("fk_seeks_game_id_games"), ondelete="SET NULL"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_seeks")),
    )
    with op.batch_alter_table("seeks", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_seeks_from_id"), ["from_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_seeks_status"), ["status"], unique=False)
    op.create_table(
        "seek_seats",
        sa.Column("seek_id", sa.Integer(), nullable=False),
        sa.Column("account_id", sa.Integer(), nullable=False),
        sa.Column("joined_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["seek_id"], ["seeks.id"], name=op.f("fk_seek_seats_seek_id_seeks"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["account_id"],
            ["accounts.id"],
            name=op.f("fk_seek_seats_account_id_accounts"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("seek_id", "account_id", name=op.f("pk_seek_seats")),
    )
    with op.batch_alter_table("seek_seats", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_seek_seats_account_id"), ["account_id"], unique=False)


def downgrade() -> None:
    op.drop_table("seek_seats")
    op.drop_table("seeks")
