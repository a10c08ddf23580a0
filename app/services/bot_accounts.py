"""Bot identities of people and their API tokens (issue 39; docs/API.md, "Bot accounts").

A person (a signed-in account that is no bot) makes bot identities: accounts with
``bot = 'author'`` and ``owner_id`` the person, named by the one name rule, unique among
every account. A bot has no password and no passkey, so nobody signs in as it; it acts
only through its API tokens (``Authorization: Bearer tfbot_...``), which are 256 random
bits shown once and kept as their SHA-256, like seat tokens and session cookies.

Tokens carry the prefix ``tfbot_`` so that a request's bearer token says what it is
without a query: on the routes that take a seat token (a game's) a bot token is never
looked up, and on the account's routes a seat token is never taken for a bot's.
"""

from __future__ import annotations

import logging
import secrets
from datetime import datetime
from typing import Any

from sqlalchemy import func, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from app.core.errors import ApiError
from app.core.security import hash_token
from app.db.models import AccountRow, BotTokenRow, utcnow
from app.db.session import Database
from app.services.account_names import account_fields, clean_name, find_account, name_taken
from app.services.sessions import TOUCH_EVERY, SignedIn
from app.services.snapshots import as_utc

log = logging.getLogger(__name__)

TOKEN_PREFIX = "tfbot_"
"""Every bot token starts so (the module's docstring)."""

MAX_BOTS = 5
"""Bot identities one person may have at once."""
MAX_TOKENS = 10
"""Tokens one bot may have that are not revoked."""
LABEL_MAX = 64

INVALID_TOKEN = "this bot token is not valid (unknown, or revoked by the bot's owner)"


def is_bot_token(token: str) -> bool:
    return token.startswith(TOKEN_PREFIX)


def new_bot_token() -> str:
    return TOKEN_PREFIX + secrets.token_urlsafe(32)


def _iso(moment: datetime | None) -> str | None:
    return as_utc(moment).isoformat() if moment is not None else None


def bot_view(row: AccountRow) -> dict[str, Any]:
    return {"name": row.name, "created_at": _iso(row.created_at)}


def token_view(row: BotTokenRow) -> dict[str, Any]:
    """A token as its owner sees it: never its value (which the server does not have)."""
    return {
        "id": row.id,
        "label": row.label,
        "created_at": _iso(row.created_at),
        "last_used_at": _iso(row.last_used_at),
        "revoked": row.revoked_at is not None,
    }


def owned_bots(session: Session, owner_id: int) -> list[AccountRow]:
    """The person's bot identities, oldest first."""
    return list(
        session.scalars(
            select(AccountRow)
            .where(AccountRow.owner_id == owner_id, AccountRow.bot == "author")
            .order_by(AccountRow.created_at, AccountRow.id)
        )
    )


def own_bot(session: Session, owner: SignedIn, name: str) -> AccountRow:
    """The owner's bot of ``name`` (any spelling); 404 ``unknown_bot`` otherwise, also for
    another person's bot (nobody learns whose bots exist)."""
    person_only(owner)
    bot = find_account(session, name)
    if bot is None or bot.bot != "author" or bot.owner_id != owner.account_id:
        raise ApiError("unknown_bot", f"you have no bot named {name!r}")
    return bot


def lock_account(session: Session, account_id: int) -> None:
    """Hold the account's row until the write ends (``FOR UPDATE`` on PostgreSQL; SQLite's
    write transaction holds the whole database already), so a limit counted after it is
    not passed by a request running at the same moment."""
    session.execute(select(AccountRow.id).where(AccountRow.id == account_id).with_for_update())


def person_only(signed: SignedIn) -> None:
    """403 ``not_a_person`` for a bot: what only a person may do (make bots, their tokens)."""
    if signed.bot is not None:
        raise ApiError("not_a_person", "a bot account cannot do this; its owner can")


class BotAccounts:
    """Making, listing and deleting bot identities and their tokens; finding the bot of a
    token."""

    def __init__(self, db: Database) -> None:
        self.db = db

    # ---- identities ---------------------------------------------------------------------

    def create(self, session: Session, owner: SignedIn, name: str) -> dict[str, Any]:
        """A new bot identity of ``owner`` named ``name`` (400 for a name the rule refuses,
        409 ``name_taken``, 409 ``too_many_bots`` beyond ``MAX_BOTS``)."""
        person_only(owner)
        name = clean_name(name)
        with self.db.write(session):
            lock_account(session, owner.account_id)  # two at once count each other
            count = session.scalar(
                select(func.count())
                .select_from(AccountRow)
                .where(AccountRow.owner_id == owner.account_id)
            )
            if (count or 0) >= MAX_BOTS:
                raise ApiError(
                    "too_many_bots",
                    f"an account may have at most {MAX_BOTS} bots: delete one first",
                )
            if find_account(session, name) is not None:
                raise name_taken(name)
            bot = AccountRow(**account_fields(name, bot="author", owner_id=owner.account_id))
            session.add(bot)
            try:
                session.flush()
            except IntegrityError:  # the same name, made by another request meanwhile
                raise name_taken(name) from None
            view = bot_view(bot)
        log.info("account %d made bot %d", owner.account_id, bot.id)
        return view

    def listed(self, session: Session, owner: SignedIn) -> list[dict[str, Any]]:
        person_only(owner)
        bots = owned_bots(session, owner.account_id)
        session.commit()
        return [bot_view(b) for b in bots]

    def _own_bot(self, session: Session, owner: SignedIn, name: str) -> AccountRow:
        return own_bot(session, owner, name)

    # ---- tokens -------------------------------------------------------------------------

    def make_token(
        self, session: Session, owner: SignedIn, name: str, label: str
    ) -> dict[str, Any]:
        """A new token of the owner's bot: its value shown only now (kept as its hash).
        409 ``too_many_tokens`` beyond ``MAX_TOKENS`` tokens not revoked."""
        token = new_bot_token()
        with self.db.write(session):
            bot = self._own_bot(session, owner, name)
            lock_account(session, bot.id)  # two at once count each other
            live = session.scalar(
                select(func.count())
                .select_from(BotTokenRow)
                .where(BotTokenRow.account_id == bot.id, BotTokenRow.revoked_at.is_(None))
            )
            if (live or 0) >= MAX_TOKENS:
                raise ApiError(
                    "too_many_tokens",
                    f"a bot may have at most {MAX_TOKENS} tokens: revoke one first",
                )
            row = BotTokenRow(account_id=bot.id, token_hash=hash_token(token), label=label)
            session.add(row)
            session.flush()
            view = token_view(row)
        log.info("bot %d: token %d made", bot.id, row.id)
        return {**view, "token": token}

    def tokens(self, session: Session, owner: SignedIn, name: str) -> list[dict[str, Any]]:
        bot = self._own_bot(session, owner, name)
        rows = session.scalars(
            select(BotTokenRow).where(BotTokenRow.account_id == bot.id).order_by(BotTokenRow.id)
        ).all()
        session.commit()
        return [token_view(r) for r in rows]

    def revoke_token(self, session: Session, owner: SignedIn, name: str, token_id: int) -> None:
        """Revoke one token of the owner's bot (404 ``unknown_token``); at once, in every
        process (each request reads the row). Revoking a revoked one changes nothing."""
        with self.db.write(session):
            bot = self._own_bot(session, owner, name)
            row = session.get(BotTokenRow, token_id)
            if row is None or row.account_id != bot.id:
                raise ApiError("unknown_token", f"bot {bot.name!r} has no token {token_id}")
            if row.revoked_at is None:
                row.revoked_at = utcnow()
        log.info("bot %d: token %d revoked", bot.id, token_id)

    # ---- who calls ----------------------------------------------------------------------

    def authenticate(self, session: Session, token: str, now: datetime | None = None) -> SignedIn:
        """The bot of ``token``; 401 ``bot_token_invalid`` for an unknown or revoked one
        (or a bot whose owner was disabled). Its ``last_used_at`` is written at most once a
        minute, so a bot's requests stay reads."""
        now = now or utcnow()
        digest = hash_token(token)
        found = session.execute(
            select(BotTokenRow, AccountRow)
            .join(AccountRow, AccountRow.id == BotTokenRow.account_id)
            .where(BotTokenRow.token_hash == digest)
        ).one_or_none()
        if found is None or found[0].revoked_at is not None or found[1].disabled_at is not None:
            session.commit()
            raise ApiError("bot_token_invalid", INVALID_TOKEN)
        row, bot = found
        if bot.owner_id is not None:
            owner = session.get(AccountRow, bot.owner_id)
            if owner is None or owner.disabled_at is not None:
                session.commit()
                raise ApiError("bot_token_invalid", INVALID_TOKEN)
        last = row.last_used_at
        if last is None or now - as_utc(last) >= TOUCH_EVERY:
            session.execute(
                update(BotTokenRow).where(BotTokenRow.id == row.id).values(last_used_at=now)
            )
        session.commit()
        return SignedIn(bot.id, bot.name, False, bot.language, "", bot=bot.bot)
