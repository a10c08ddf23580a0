"""games.host_token_hash: the creator's token, which may give a seat back (release).

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-03 10:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Games created before this revision have no host token: nobody can release their seats.
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.add_column(sa.Column("host_token_hash", sa.String(length=64), nullable=True))
        batch_op.create_unique_constraint(
            batch_op.f("uq_games_host_token_hash"), ["host_token_hash"]
        )


def downgrade() -> None:
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f("uq_games_host_token_hash"), type_="unique")
        batch_op.drop_column("host_token_hash")
