"""Tables that allow bots and challenges (issue 39): games.allow_bots, chosen at creation
(a bot account may join only a table that allows bots; every existing game allows them, as
it did); challenges (an account asks named accounts to a game) and challenge_seats (who is
asked, and each one's answer).

Revision ID: 0014
Revises: 0013
Create Date: 2026-12-05 21:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0014"
down_revision: str | None = "0013"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # A plain ADD COLUMN (no batch rebuild on SQLite: see 0003).
    op.add_column(
        "games", sa.Column("allow_bots", sa.Boolean(), nullable=False, server_default=sa.true())
    )
    op.create_table(
        "challenges",
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
            ["from_id"],
            ["accounts.id"],
            name=op.f("fk_challenges_from_id_accounts"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["game_id"],
            ["games.id"],
            name=op.f("fk_challenges_game_id_games"),
            ondelete="SET NULL",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_challenges")),
    )
    with op.batch_alter_table("challenges", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_challenges_from_id"), ["from_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_challenges_status"), ["status"], unique=False)
    op.create_table(
        "challenge_seats",
        sa.Column("challenge_id", sa.Integer(), nullable=False),
        sa.Column("account_id", sa.Integer(), nullable=False),
        sa.Column("answer", sa.String(length=16), nullable=True),
        sa.ForeignKeyConstraint(
            ["challenge_id"],
            ["challenges.id"],
            name=op.f("fk_challenge_seats_challenge_id_challenges"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["account_id"],
            ["accounts.id"],
            name=op.f("fk_challenge_seats_account_id_accounts"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("challenge_id", "account_id", name=op.f("pk_challenge_seats")),
    )
    with op.batch_alter_table("challenge_seats", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_challenge_seats_account_id"), ["account_id"], unique=False
        )


def downgrade() -> None:
    op.drop_table("challenge_seats")
    op.drop_table("challenges")
    op.drop_column("games", "allow_bots")
