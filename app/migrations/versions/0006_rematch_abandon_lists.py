"""Rematch, abandon, useful lists: games.last_move_at, rematch_id, rematch_of.

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-01 10:40:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0006"
down_revision: str | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Plain ADD COLUMNs: no table rebuild on SQLite. "abandoned" is a new value of
    # games.status (a plain string column): nothing to change for it.
    op.add_column("games", sa.Column("last_move_at", sa.DateTime(timezone=True), nullable=True))
    op.add_column("games", sa.Column("rematch_id", sa.String(length=32), nullable=True))
    op.add_column("games", sa.Column("rematch_of", sa.String(length=32), nullable=True))
    # Games from before: their last move is their newest action row.
    games = sa.table("games", sa.column("id"), sa.column("last_move_at"))
    actions = sa.table("actions", sa.column("game_id"), sa.column("created_at"))
    newest = (
        sa.select(sa.func.max(actions.c.created_at))
        .where(actions.c.game_id == games.c.id)
        .scalar_subquery()
    )
    op.execute(games.update().values(last_move_at=newest))


def downgrade() -> None:
    for name in ("rematch_of", "rematch_id", "last_move_at"):
        op.drop_column("games", name)
