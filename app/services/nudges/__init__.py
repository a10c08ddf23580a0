"""Nudges: telling a player with no page open that something at their tables needs them.

``emit`` records what happened as one delivery row per channel the account has switched on
(``deliveries``, unique per event and channel: however many processes see an event, it is
delivered once per channel). The runner (runner.py) sends due rows later, outside any
transaction that a move or a request holds.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from app.db.models import AccountRow, DeliveryRow, PushSubscriptionRow, utcnow
from app.db.session import insert_on_conflict

KINDS = (
    "your_turn",  # a turn passed to the account's seat (after NUDGE_DELAY, unless seen)
    "time_low",  # a clock of the account's seat has 10% of its time left
    "game_over",
    "rematch_offer",
    "friend_request",
    "seat_given",  # a seat was kept for the account (a friend's table, the host's invite)
    "challenge",  # the account was challenged to a game (app/services/challenges.py)
    "digest",  # correspondence games where it is the account's turn, at most every N hours
)


def channels_of(session: Session, account: AccountRow) -> list[str]:
    """The channels ``account`` has switched on and that can reach it now."""
    notify = account.notify or {}
    on: list[str] = []
    if notify.get("push"):
        has_subscription = session.scalar(
            select(func.count())
            .select_from(PushSubscriptionRow)
            .where(PushSubscriptionRow.account_id == account.id)
        )
        if has_subscription:
            on.append("push")
    if notify.get("email") and notify.get("email_confirmed"):
        on.append("email")
    if notify.get("webhook_url"):
        on.append("webhook")
    return on


def emit(
    session: Session,
    account_id: int,
    kind: str,
    dedupe_key: str,
    facts: dict[str, Any],
    due_at: datetime | None = None,
) -> int:
    """Record event ``kind`` for ``account_id`` on each of its channels, once: a second
    ``emit`` with the same ``dedupe_key`` (from this process or another) adds nothing.
    ``facts`` are public (game id, kind, names); never anything hidden of a game. Returns
    how many rows were added. The caller commits."""
    if kind not in KINDS:
        raise ValueError(f"unknown nudge kind {kind!r}")
    account = session.get(AccountRow, account_id)
    if account is None or account.disabled_at is not None:
        return 0
    insert = insert_on_conflict(session.get_bind().dialect.name)
    added = 0
    for channel in channels_of(session, account):
        statement = (
            insert(DeliveryRow)
            .values(
                account_id=account_id,
                channel=channel,
                dedupe_key=dedupe_key,
                event={"kind": kind, **facts},
                status="pending",
                due_at=due_at or utcnow(),
                attempts=0,
                created_at=utcnow(),
            )
            .on_conflict_do_nothing(index_elements=["dedupe_key", "channel"])
        )
        added += int(getattr(session.execute(statement), "rowcount", 0) or 0)
    return added
