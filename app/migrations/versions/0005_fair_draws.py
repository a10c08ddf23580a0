"""Fair draws: games.server_seed, salt, commitment, game_seed; seats.contribution.

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-11 06:30:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0005"
down_revision: str | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Older games keep NULL everywhere: they stay keyed with games.seed and replay as before
    # (they have no commitment to check). Plain ADD COLUMNs: no table rebuild on SQLite.
    for name, length in (("server_seed", 64), ("salt", 32), ("commitment", 64), ("game_seed", 64)):
        op.add_column("games", sa.Column(name, sa.String(length=length), nullable=True))
    op.add_column("seats", sa.Column("contribution", sa.String(length=64), nullable=True))


def downgrade() -> None:
    op.drop_column("seats", "contribution")
    for name in ("game_seed", "commitment", "salt", "server_seed"):
        op.drop_column("games", name)
