"""seats.bot_level: a bot seat's level (easy, medium, hard).

Revision ID: 0004_bot_level
Revises: 0002
Create Date: 2026-12-10 10:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0004_bot_level"
down_revision: str | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Bot seats of older games keep NULL and play as the default level, medium.
    with op.batch_alter_table("seats", schema=None) as batch_op:
        batch_op.add_column(sa.Column("bot_level", sa.String(length=16), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("seats", schema=None) as batch_op:
        batch_op.drop_column("bot_level")
