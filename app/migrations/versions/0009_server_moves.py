"""Server moves: actions.by_server, the log's mark of a move the server's bot played.

Revision ID: 0009
Revises: 0008 (the integrator chains it after the other helpers' migrations)
Create Date: 2026-12-04 16:30:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0009"
down_revision: str | None = "0008"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # A plain ADD COLUMN (no batch rebuild on SQLite: see 0003). Rows written before are
    # not known to be the server's; they keep false, as before this column.
    op.add_column(
        "actions",
        sa.Column("by_server", sa.Boolean(), nullable=False, server_default=sa.false()),
    )


def downgrade() -> None:
    op.drop_column("actions", "by_server")
