"""Commit, then reveal, contributions: seats.commitment and games.reveal_deadline.

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-04 16:30:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0010"
down_revision: str | None = "0009"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Older games keep NULL: their contributions came in the clear and their seeds are
    # fixed, so they replay and verify as before. Plain ADD COLUMNs: no table rebuild.
    op.add_column("seats", sa.Column("commitment", sa.String(length=64), nullable=True))
    op.add_column("games", sa.Column("reveal_deadline", sa.DateTime(timezone=True), nullable=True))
    op.create_index("ix_games_reveal_deadline", "games", ["reveal_deadline"])


def downgrade() -> None:
    op.drop_index("ix_games_reveal_deadline", table_name="games")
    op.drop_column("games", "reveal_deadline")
    op.drop_column("seats", "commitment")
