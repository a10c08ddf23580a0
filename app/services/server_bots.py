"""The server's own bots as accounts (issue 39): "Bot · easy", "Bot · medium" and
"Bot · hard" hold the server's bot seats of rated games, so their ratings show how strong
each level really is (docs/API.md, "Ratings").

They are accounts no one signs in to (no password, no passkey) and their names are no one
else's to take (``clean_name`` refuses them). Each is made the first time
a rated game seats its level, by an insert that does nothing when another process made it
first, so several processes agree on one account per level.
"""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

from app.db.models import AccountRow, utcnow
from app.db.session import insert_on_conflict
from app.services.account_names import account_fields, name_key, server_bot_name
from bots.policies import LEVELS


def server_bot_account(session: Session, level: str) -> int:
    """The id of the account that plays ``level``'s seats of rated games, made if it is
    not yet (inside the caller's write transaction)."""
    if level not in LEVELS:
        raise ValueError(f"no bot level {level!r}")
    name = server_bot_name(level)
    insert_ = insert_on_conflict(session.get_bind().dialect.name)
    session.execute(
        insert_(AccountRow)
        .values(**account_fields(name, created_at=utcnow(), bot="server", bot_level=level))
        .on_conflict_do_nothing(index_elements=["name_key"])
    )
    found = session.scalar(
        select(AccountRow.id).where(
            AccountRow.name_key == name_key(name), AccountRow.bot == "server"
        )
    )
    if found is None:  # a person took the name before the names were kept for the bots
        raise RuntimeError(f"the account {name!r} is a person's, not the server's bot")
    return found
