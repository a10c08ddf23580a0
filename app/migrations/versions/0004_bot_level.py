"""seats.bot_level: a bot seat's level (easy, medium, hard).

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-10 10:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0004"
down_revision: str | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Bot seats of older games keep NULL and play as the default level, medium.
    # A plain ADD COLUMN: no table rebuild needed on SQLite.
    op.add_column("seats", sa.Column("bot_level", sa.String(length=16), nullable=True))


def downgrade() -> None:
    op.drop_column("seats", "bot_level")
