"""Resign and clocks: games.time_control, clock, deadline (indexed); seats.stand_in.

Revision ID: 0007
Revises: 0006 (the integrator chains it after 0006)
Create Date: 2026-12-01 10:40:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0007"
down_revision: str | None = "0006"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Older games keep NULL everywhere: no time control, no deadline, nobody stood in for.
    # Plain ADD COLUMNs and an index: no table rebuild on SQLite.
    op.add_column("games", sa.Column("time_control", sa.JSON(), nullable=True))
    op.add_column("games", sa.Column("clock", sa.JSON(), nullable=True))
    op.add_column("games", sa.Column("deadline", sa.DateTime(timezone=True), nullable=True))
    op.create_index("ix_games_deadline", "games", ["deadline"])
    op.add_column("seats", sa.Column("stand_in", sa.String(length=16), nullable=True))


def downgrade() -> None:
    op.drop_column("seats", "stand_in")
    op.drop_index("ix_games_deadline", table_name="games")
    op.drop_column("games", "deadline")
    op.drop_column("games", "clock")
    op.drop_column("games", "time_control")
