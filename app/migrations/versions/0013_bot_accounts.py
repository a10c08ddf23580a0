"""Bot accounts (issue 39): an account may be a bot, either one of the server's own levels
("Bot · easy", "Bot · medium", "Bot · hard": ``bot = 'server'``, ``bot_level``) or a bot
identity a person made (``bot = 'author'``, ``owner_id``); a bot identity's API tokens
(bot_tokens: stored hashed, revocable, with their last use). Every existing account stays
a person.

Revision ID: 0013
Revises: 0012
Create Date: 2026-12-05 20:50:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0013"
down_revision: str | None = "0012"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # A batch (a table rebuild on SQLite, plain ALTERs elsewhere), as 0011 did for seats:
    # SQLite cannot add a foreign key by ALTER. The accounts table is small.
    with op.batch_alter_table("accounts", schema=None) as batch_op:
        batch_op.add_column(sa.Column("bot", sa.String(length=16), nullable=True))
        batch_op.add_column(sa.Column("bot_level", sa.String(length=16), nullable=True))
        batch_op.add_column(sa.Column("owner_id", sa.Integer(), nullable=True))
        batch_op.create_index(batch_op.f("ix_accounts_owner_id"), ["owner_id"], unique=False)
        batch_op.create_foreign_key(
            batch_op.f("fk_accounts_owner_id_accounts"),
            "accounts",
            ["owner_id"],
            ["id"],
            ondelete="CASCADE",
        )
    op.create_table(
        "bot_tokens",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("account_id", sa.Integer(), nullable=False),
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("label", sa.String(length=64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("last_used_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("revoked_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["account_id"],
            ["accounts.id"],
            name=op.f("fk_bot_tokens_account_id_accounts"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_bot_tokens")),
        sa.UniqueConstraint("token_hash", name=op.f("uq_bot_tokens_token_hash")),
    )
    with op.batch_alter_table("bot_tokens", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_bot_tokens_account_id"), ["account_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("bot_tokens", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_bot_tokens_account_id"))
    op.drop_table("bot_tokens")
    with op.batch_alter_table("accounts", schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f("fk_accounts_owner_id_accounts"), type_="foreignkey")
        batch_op.drop_index(batch_op.f("ix_accounts_owner_id"))
        batch_op.drop_column("owner_id")
        batch_op.drop_column("bot_level")
        batch_op.drop_column("bot")
