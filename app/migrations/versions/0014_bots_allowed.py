"""Tables that allow bots (issue 39): games.allow_bots, chosen at creation; a bot account
(a person's bot identity) may join only a table that allows bots. Every existing game
allows them, as it did.

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


def downgrade() -> None:
    op.drop_column("games", "allow_bots")
