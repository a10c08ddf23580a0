"""Accounts (issue 38): signing up and in with a password, the account's own settings
(name, language, password, its sign-ins), its data (export, deletion), and what an admin
does (invite codes, disabling an account, revoking its sign-ins).

Accounts are an offer, never a gate: no game needs one unless the operator sets
``ACCOUNTS_REQUIRED=1``. Secrets are kept only as hashes (passwords argon2id, sign-ins and
invite codes SHA-256 of 256- and 128-bit random values) and leave the server only once, in
the answer that made them. Password hashing runs outside any write transaction: it takes
tens of milliseconds, and on SQLite a write transaction holds every other writer back.

Sign-ins answer the same for an unknown name, a wrong password and an account without a
password (``login_failed``, after the same argon2 work: app/core/passwords.py). Only a
correct password learns that an account is disabled.
"""

from __future__ import annotations

import hashlib
import logging
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import delete, or_, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from app.core.errors import ApiError
from app.core.passwords import (
    PasswordRefused,
    check_new_password,
    hash_password,
    needs_rehash,
    verify_password,
)
from app.core.security import hash_token
from app.db.models import (
    AccountRow,
    AuthSessionRow,
    BotTokenRow,
    ChallengeRow,
    ChallengeSeatRow,
    ChatMessageRow,
    DeliveryRow,
    FriendshipRow,
    GameRow,
    InviteCodeRow,
    PasskeyRow,
    PushSubscriptionRow,
    RatingHistoryRow,
    RatingRow,
    SeatRow,
    SeekRow,
    SeekSeatRow,
    WebAuthnChallengeRow,
    utcnow,
)
from app.db.session import Database
from app.services import sessions
from app.services.account_names import (
    account_fields,
    clean_name,
    find_account,
    name_key,
    name_taken,
)
from app.services.bot_accounts import bot_view, own_bot, owned_bots, token_view
from app.services.friends import friend_link, friendships
from app.services.ratings import account_ratings
from app.services.sessions import SignedIn
from app.services.snapshots import as_utc

log = logging.getLogger(__name__)

LANGUAGES = ("en", "de", "cs")
DELETED_PLAYER = "deleted player"
"""The name a deleted account's seats keep (and its chat lines show)."""
LOGIN_FAILED = "the name or the password is wrong"
NOTIFY_KEYS = ("webhook_url", "email", "email_confirmed", "push", "always", "digest_hours")
"""The nudge choices an export shows (``accounts.notify``; anything else there is the
server's own bookkeeping, e.g. an e-mail confirmation's secret)."""

SeatsChanged = Callable[[Session, list[str]], None]
"""Told the games whose seats' names changed (after the commit), to refresh their pages."""


def opaque_id(id_hash: str) -> str:
    """The id a sign-in is shown under: derived from its row's key, never the key itself
    (which names the cookie's hash)."""
    return hashlib.sha256(f"tafelrunde-session:{id_hash}".encode()).hexdigest()[:16]


def new_invite_code() -> str:
    return secrets.token_urlsafe(16)


def _checked_password(password: str, name: str) -> None:
    try:
        check_new_password(password, name)
    except PasswordRefused as refused:
        raise ApiError(refused.code, refused.message) from None


def _iso(moment: datetime | None) -> str | None:
    return as_utc(moment).isoformat() if moment is not None else None


def account_passkeys(session: Session, account_id: int) -> list[PasskeyRow]:
    """The account's passkeys, oldest first."""
    return list(
        session.scalars(
            select(PasskeyRow)
            .where(PasskeyRow.account_id == account_id)
            .order_by(PasskeyRow.created_at, PasskeyRow.id)
        )
    )


def passkey_view(row: PasskeyRow) -> dict[str, Any]:
    """A passkey as its account sees it (never its key)."""
    return {
        "id": row.id,
        "label": row.label,
        "created_at": _iso(row.created_at),
        "last_used_at": _iso(row.last_used_at),
    }


@dataclass(frozen=True, slots=True)
class NewAccount:
    """An account that may be made (``Accounts.check_new``): its name as it will be kept
    and the hash of the invite code it will use up (``SIGNUP=invite``)."""

    name: str
    invite_hash: str | None


@dataclass(frozen=True, slots=True)
class SignedUp:
    """A new sign-in: the account and the session cookie's value (shown only now)."""

    account_id: int
    cookie: str


class Accounts:
    """Every change to accounts; routes and the ``tafelrunde admin`` command call it."""

    def __init__(
        self,
        db: Database,
        signup: str = "open",
        seats_changed: SeatsChanged | None = None,
    ) -> None:
        self.db = db
        self.signup = signup
        self.seats_changed = seats_changed

    # ---- creating accounts --------------------------------------------------------------

    def check_signup(self, invite_code: str | None) -> None:
        """403 ``signup_closed`` or ``invite_code_required`` when ``SIGNUP`` forbids a
        sign-up now (the invite code itself is checked when the account is made)."""
        if self.signup == "closed":
            raise ApiError(
                "signup_closed", "this server makes no new accounts; ask its operator for one"
            )
        if self.signup == "invite" and not invite_code:
            raise ApiError(
                "invite_code_required",
                "this server makes accounts by invitation: enter the invite code you were given",
            )

    def invite_hash(self, invite_code: str | None) -> str | None:
        """The hash of the invite code a sign-up uses up (``SIGNUP=invite``), else ``None``:
        a code sent to a server open to everyone is not looked at."""
        if self.signup != "invite" or not invite_code:
            return None
        return hash_token(invite_code.strip())

    def check_new(self, session: Session, name: str, invite_code: str | None) -> NewAccount:
        """Whether an account of ``name`` may be made now, without making it (a passkey
        sign-up asks before its ceremony): the refusals of ``sign_up`` in its order but
        the password's, and the invite code looked at (403 ``invite_code_invalid``)
        without using it up. ``create`` checks name and code again."""
        self.check_signup(invite_code)
        name = clean_name(name)
        if find_account(session, name) is not None:
            raise name_taken(name)
        digest = self.invite_hash(invite_code)
        if digest is not None:
            unused = session.scalar(
                select(InviteCodeRow.code_hash).where(
                    InviteCodeRow.code_hash == digest, InviteCodeRow.used_at.is_(None)
                )
            )
            if unused is None:
                raise _invite_code_invalid()
        session.commit()  # no read transaction held
        return NewAccount(name, digest)

    def create(
        self,
        session: Session,
        name: str,
        password_hash: str | None,
        language: str = "en",
        *,
        is_admin: bool = False,
        invite_hash: str | None = None,
    ) -> AccountRow:
        """The one way accounts are made (password and passkey sign-ups, the admin
        command): inserted inside the caller's write transaction (``db.write``), flushed,
        so it has its id. ``SIGNUP`` is checked (an admin is made whatever it says), the
        name's rules (``clean_name``), 409 ``name_taken`` if the name (by ``name_key``) is
        anybody's; with ``SIGNUP=invite`` the invite code (``invite_hash``) is used up here
        (403 ``invite_code_invalid`` if unknown or used), so a refused sign-up keeps its
        code."""
        if not is_admin:
            self.check_signup(invite_hash)
        name = clean_name(name)
        if find_account(session, name) is not None:
            raise name_taken(name)
        account = AccountRow(
            **account_fields(
                name, password_hash=password_hash, language=language, is_admin=is_admin
            )
        )
        session.add(account)
        try:
            session.flush()
        except IntegrityError:  # the same name, made by another request meanwhile
            raise name_taken(name) from None
        if invite_hash is not None and not is_admin:
            used = session.execute(
                update(InviteCodeRow)
                .where(InviteCodeRow.code_hash == invite_hash, InviteCodeRow.used_at.is_(None))
                .values(used_by=account.id, used_at=utcnow())
            )
            if getattr(used, "rowcount", 0) != 1:
                raise _invite_code_invalid()
        return account

    def sign_up(
        self,
        session: Session,
        name: str,
        password: str,
        language: str = "en",
        invite_code: str | None = None,
        user_agent: str = "",
        old_cookie: str | None = None,
    ) -> SignedUp:
        """A new account with a password, signed in at once (``sessions.sign_in``)."""
        self.check_signup(invite_code)
        name = clean_name(name)
        _checked_password(password, name)
        hashed = hash_password(password)  # before the write: it takes a while
        with self.db.write(session):
            account = self.create(
                session, name, hashed, language, invite_hash=self.invite_hash(invite_code)
            )
            cookie = sessions.sign_in(session, account.id, user_agent, old_cookie)
        log.info("account %d signed up", account.id)
        return SignedUp(account.id, cookie)

    # ---- signing in ---------------------------------------------------------------------

    def log_in(
        self,
        session: Session,
        name: str,
        password: str,
        user_agent: str = "",
        old_cookie: str | None = None,
    ) -> SignedUp:
        """A new sign-in for the account of ``name`` and ``password``. 401 ``login_failed``
        for an unknown name, a wrong password and an account with passkeys only (the same
        answer after the same work); 403 ``account_disabled`` only after a right password.
        Every sign-in gets a new cookie value; the one the browser sent, if any, ends."""
        account = find_account(session, name)
        session.commit()  # no read transaction held while argon2 works
        if account is not None and account.bot is not None:
            account = None  # a bot acts by its tokens only: the same answer as a stranger's
        stored = account.password_hash if account is not None else None
        right = verify_password(stored, password)  # always: the same work for every name
        if account is None or stored is None or not right:
            raise ApiError("login_failed", LOGIN_FAILED)
        if account.disabled_at is not None:
            raise ApiError("account_disabled", "an admin of this server disabled this account")
        fresh = hash_password(password) if needs_rehash(stored) else None
        with self.db.write(session):
            if fresh is not None:
                session.execute(
                    update(AccountRow)
                    .where(AccountRow.id == account.id, AccountRow.password_hash == stored)
                    .values(password_hash=fresh)
                )
            cookie = sessions.sign_in(session, account.id, user_agent, old_cookie)
        return SignedUp(account.id, cookie)

    def log_out(self, session: Session, cookie: str | None) -> None:
        if cookie:
            with self.db.write(session):
                sessions.end(session, cookie)

    def log_out_everywhere(self, session: Session, account_id: int) -> int:
        with self.db.write(session):
            return sessions.end_all(session, account_id)

    # ---- the account's own page --------------------------------------------------------

    def _account(self, session: Session, account_id: int) -> AccountRow:
        account = session.get(AccountRow, account_id)
        if account is None:  # deleted by another request since the cookie was checked
            raise ApiError("not_signed_in", "sign in first (POST /api/auth/login)")
        return account

    def view(
        self, session: Session, account_id: int, current_hash: str | None, link_base: str
    ) -> dict[str, Any]:
        """``{"account": ...}`` of ``GET /api/me`` and of every sign-in (password or
        passkey): who it is, its passkeys, its sign-ins (``current_hash``: this request's)
        and its friend link (``link_base``: ``PUBLIC_URL`` or the address asked)."""
        account = self._account(session, account_id)
        view = {
            "id": account.id,
            "name": account.name,
            "language": account.language,
            "is_admin": account.is_admin,
            "has_password": account.password_hash is not None,
            "created_at": _iso(account.created_at),
            "passkeys": [passkey_view(p) for p in account_passkeys(session, account_id)],
            "sessions": self.sign_ins(session, account_id, current_hash),
            "friend_link": friend_link(link_base, account.friend_code),
        }
        session.commit()  # no read transaction held while the answer is sent
        return {"account": view}

    def sign_ins(
        self, session: Session, account_id: int, current_hash: str | None
    ) -> list[dict[str, Any]]:
        """The account's sign-ins, the latest used first, each under its opaque id."""
        rows = session.scalars(
            select(AuthSessionRow)
            .where(AuthSessionRow.account_id == account_id)
            .order_by(AuthSessionRow.last_seen_at.desc())
        ).all()
        return [
            {
                "id": opaque_id(row.id_hash),
                "created_at": _iso(row.created_at),
                "last_seen_at": _iso(row.last_seen_at),
                "user_agent": row.user_agent,
                "current": row.id_hash == current_hash,
            }
            for row in rows
        ]

    def end_sign_in(self, session: Session, signed: SignedIn, shown_id: str) -> bool:
        """End one of the account's sign-ins by its opaque id (404 ``unknown_session``);
        returns whether it was the request's own."""
        with self.db.write(session):
            hashes = session.scalars(
                select(AuthSessionRow.id_hash).where(AuthSessionRow.account_id == signed.account_id)
            ).all()
            match = next((h for h in hashes if opaque_id(h) == shown_id), None)
            if match is None:
                raise ApiError("unknown_session", "this account has no such sign-in")
            session.execute(delete(AuthSessionRow).where(AuthSessionRow.id_hash == match))
        return match == signed.session_hash

    def update(
        self,
        session: Session,
        account_id: int,
        name: str | None = None,
        language: str | None = None,
    ) -> None:
        """Rename the account (409 ``name_taken``) and/or change its language. Seats it
        holds keep the name they were joined under."""
        new_name = clean_name(name) if name is not None else None
        with self.db.write(session):
            account = self._account(session, account_id)
            if new_name is not None:
                other = find_account(session, new_name)
                if other is not None and other.id != account_id:
                    raise name_taken(new_name)
                account.name, account.name_key = new_name, name_key(new_name)
            if language is not None:
                account.language = language
            try:
                session.flush()
            except IntegrityError:
                raise name_taken(new_name or "") from None

    def set_password(
        self,
        session: Session,
        signed: SignedIn,
        password: str,
        current_password: str | None,
    ) -> int:
        """Give the account a password (one with passkeys only), or change it: then
        ``current_password`` must be right (403 ``wrong_password``), and every other
        sign-in of the account ends. Returns how many sign-ins ended."""
        account = self._account(session, signed.account_id)
        stored = account.password_hash
        session.commit()
        if stored is not None and (
            current_password is None or not verify_password(stored, current_password)
        ):
            raise ApiError(
                "wrong_password",
                "the current password is wrong"
                if current_password is not None
                else "send current_password to change the password",
            )
        _checked_password(password, account.name)
        hashed = hash_password(password)
        with self.db.write(session):
            changed = session.execute(
                update(AccountRow)
                .where(AccountRow.id == signed.account_id, _same_hash(stored))
                .values(password_hash=hashed)
            )
            if getattr(changed, "rowcount", 0) != 1:  # changed by another request meanwhile
                raise ApiError("wrong_password", "the password was changed meanwhile")
            ended = 0
            if stored is not None:
                ended = int(
                    getattr(
                        session.execute(
                            delete(AuthSessionRow).where(
                                AuthSessionRow.account_id == signed.account_id,
                                AuthSessionRow.id_hash != signed.session_hash,
                            )
                        ),
                        "rowcount",
                        0,
                    )
                    or 0
                )
        return ended

    # ---- the account's data -------------------------------------------------------------

    def export(self, session: Session, account_id: int, link_base: str) -> dict[str, Any]:
        """Everything the server keeps about the account, as JSON, without any secret:
        no password hash, no sign-in's key, no passkey's key, no push subscription's keys.
        Chat lines are those its seats wrote while it held them."""
        account = self._account(session, account_id)
        seats = session.execute(
            select(SeatRow, GameRow)
            .join(GameRow, GameRow.id == SeatRow.game_id)
            .where(SeatRow.account_id == account_id)
            .order_by(GameRow.created_at, SeatRow.seat)
        ).all()
        chat: list[dict[str, Any]] = []
        for seat, _ in seats:
            query = select(ChatMessageRow).where(
                ChatMessageRow.game_id == seat.game_id, ChatMessageRow.seat == seat.seat
            )
            if seat.joined_at is not None:
                query = query.where(ChatMessageRow.created_at >= seat.joined_at)
            chat.extend(
                {
                    "game_id": line.game_id,
                    "seat": line.seat,
                    "name": line.name,
                    "text": line.text,
                    "at": _iso(line.created_at),
                }
                for line in session.scalars(query.order_by(ChatMessageRow.id))
            )
        notify = account.notify or {}
        return {
            "account": {
                "id": account.id,
                "name": account.name,
                "language": account.language,
                "is_admin": account.is_admin,
                "has_password": account.password_hash is not None,
                "created_at": _iso(account.created_at),
                "disabled_at": _iso(account.disabled_at),
                "friend_link": friend_link(link_base, account.friend_code),
            },
            "passkeys": [
                {
                    "label": p.label,
                    "created_at": _iso(p.created_at),
                    "last_used_at": _iso(p.last_used_at),
                }
                for p in account_passkeys(session, account_id)
            ],
            "sessions": [
                {
                    "created_at": _iso(s.created_at),
                    "last_seen_at": _iso(s.last_seen_at),
                    "user_agent": s.user_agent,
                }
                for s in session.scalars(
                    select(AuthSessionRow).where(AuthSessionRow.account_id == account_id)
                )
            ],
            "notifications": {key: notify.get(key) for key in NOTIFY_KEYS},
            "push_subscriptions": [
                {"created_at": _iso(p.created_at)}
                for p in session.scalars(
                    select(PushSubscriptionRow).where(PushSubscriptionRow.account_id == account_id)
                )
            ],
            "friends": self._friends(session, account_id),
            "seats": [
                {
                    "game_id": game.id,
                    "kind": game.kind,
                    "status": game.status,
                    "seat": seat.seat,
                    "name": seat.name,
                    "joined_at": _iso(seat.joined_at),
                    "game_created_at": _iso(game.created_at),
                    "link": f"/play/{game.id}",
                }
                for seat, game in seats
            ],
            "chat": chat,
            "ratings": {
                k: v for k, v in account_ratings(session, account, None).items() if k != "name"
            },
            "bots": [
                {
                    **bot_view(bot),
                    "tokens": [
                        {k: v for k, v in token_view(t).items() if k != "id"}
                        for t in session.scalars(
                            select(BotTokenRow)
                            .where(BotTokenRow.account_id == bot.id)
                            .order_by(BotTokenRow.id)
                        )
                    ],
                }
                for bot in owned_bots(session, account_id)
            ],
        }

    def _friends(self, session: Session, account_id: int) -> list[dict[str, Any]]:
        return [
            {
                "name": other.name,
                "status": row.status,
                "asked_by_you": row.requester_id == account_id,
                "since": _iso(row.accepted_at or row.created_at),
            }
            for row, other in friendships(session, account_id, with_disabled=True)
        ]

    def delete(self, session: Session, account_id: int, confirm: str) -> list[str]:
        """Delete the account: its sign-ins, passkeys, settings, friendships, push
        subscriptions, pending nudges, ratings and its bots (app/services/bot_accounts.py,
        each deleted as an account is, tokens included) go; ``confirm`` must be its name (422
        ``confirm_mismatch``). Every seat it holds stays with its game under the name
        "deleted player", no longer linked to an account: a finished game keeps its
        result, and in a live game the seat plays on for whoever holds its token (a
        browser that took it up). Its chat lines show "deleted player" too. Returns the
        games whose seats changed."""
        with self.db.write(session):
            account = self._account(session, account_id)
            if name_key(confirm) != account.name_key:
                raise ApiError("confirm_mismatch", "type the account's name exactly to delete it")
            games: set[str] = set()
            # Its bots go with it, each as an account of its own (seats, ratings, tokens).
            for bot in owned_bots(session, account_id):
                games |= self._remove(session, bot)
            games |= self._remove(session, account)
        log.info("account %d deleted", account_id)
        changed = sorted(games)
        if changed and self.seats_changed is not None:
            self.seats_changed(session, changed)
        return changed

    def _remove(self, session: Session, account: AccountRow) -> set[str]:
        """Delete ``account`` and what belongs to it, in the caller's write transaction
        (``delete``'s docstring); returns the games whose seats changed."""
        account_id = account.id
        seats = session.scalars(select(SeatRow).where(SeatRow.account_id == account_id)).all()
        games: set[str] = set()
        for seat in seats:
            if seat.name is not None:
                query = update(ChatMessageRow).where(
                    ChatMessageRow.game_id == seat.game_id, ChatMessageRow.seat == seat.seat
                )
                if seat.joined_at is not None:
                    query = query.where(ChatMessageRow.created_at >= seat.joined_at)
                session.execute(query.values(name=DELETED_PLAYER))
                seat.name = DELETED_PLAYER
            seat.account_id = None
            games.add(seat.game_id)
        session.execute(
            update(SeatRow).where(SeatRow.reserved_for == account_id).values(reserved_for=None)
        )
        if games:
            session.execute(
                update(GameRow)
                .where(GameRow.id.in_(games))
                .values(seats_revision=GameRow.seats_revision + 1)
            )
        session.execute(
            update(InviteCodeRow).where(InviteCodeRow.used_by == account_id).values(used_by=None)
        )
        session.execute(
            update(InviteCodeRow)
            .where(InviteCodeRow.created_by == account_id)
            .values(created_by=None)
        )
        # Open challenges it is in close, as if withdrawn: nobody waits for its answer.
        session.execute(
            update(ChallengeRow)
            .where(
                ChallengeRow.status == "open",
                ChallengeRow.id.in_(
                    select(ChallengeSeatRow.challenge_id).where(
                        ChallengeSeatRow.account_id == account_id
                    )
                ),
            )
            .values(status="withdrawn", updated_at=utcnow())
        )
        for table, column in (
            (ChallengeSeatRow, ChallengeSeatRow.account_id),
            (ChallengeRow, ChallengeRow.from_id),
            # Its seeks leave the public list (with whoever had joined them); a place it
            # took in another's is free again.
            (SeekSeatRow, SeekSeatRow.account_id),
            (SeekRow, SeekRow.from_id),
            (AuthSessionRow, AuthSessionRow.account_id),
            (PasskeyRow, PasskeyRow.account_id),
            (WebAuthnChallengeRow, WebAuthnChallengeRow.account_id),
            (PushSubscriptionRow, PushSubscriptionRow.account_id),
            (DeliveryRow, DeliveryRow.account_id),
            (RatingRow, RatingRow.account_id),
            (RatingHistoryRow, RatingHistoryRow.account_id),
            (BotTokenRow, BotTokenRow.account_id),
        ):
            session.execute(delete(table).where(column == account_id))
        session.execute(
            delete(FriendshipRow).where(
                or_(
                    FriendshipRow.requester_id == account_id,
                    FriendshipRow.addressee_id == account_id,
                )
            )
        )
        session.delete(account)
        session.flush()  # a bot before its owner: the owner's row is still referenced
        return games

    def delete_bot(self, session: Session, owner: SignedIn, name: str) -> list[str]:
        """Delete the owner's bot ``name`` (404 ``unknown_bot``) as an account is deleted:
        its tokens stop working at once, its seats stay with their games as "deleted
        player". Returns the games whose seats changed."""
        with self.db.write(session):
            bot = own_bot(session, owner, name)
            bot_id = bot.id
            games = self._remove(session, bot)
        log.info("bot %d deleted by account %d", bot_id, owner.account_id)
        changed = sorted(games)
        if changed and self.seats_changed is not None:
            self.seats_changed(session, changed)
        return changed

    # ---- admins -------------------------------------------------------------------------

    def find(self, session: Session, name: str) -> AccountRow:
        """The account of ``name`` (by ``name_key``); 404 ``unknown_account``."""
        account = find_account(session, name)
        if account is None:
            raise ApiError("unknown_account", "no account has this name")
        return account

    def create_admin(
        self, session: Session, name: str, password: str, language: str = "en"
    ) -> AccountRow:
        """An admin account (``tafelrunde admin create``), whatever ``SIGNUP`` says."""
        name = clean_name(name)
        _checked_password(password, name)
        hashed = hash_password(password)
        with self.db.write(session):
            account = self.create(session, name, hashed, language, is_admin=True)
        log.info("admin account %d created", account.id)
        return account

    def make_invite_code(self, session: Session, by: int | None = None) -> str:
        """A new invite code, good for one sign-up (shown only now; kept as a hash)."""
        code = new_invite_code()
        with self.db.write(session):
            session.add(InviteCodeRow(code_hash=hash_token(code), created_by=by))
        log.info("invite code made (by account %s)", by)
        return code

    def set_disabled(self, session: Session, name: str, disabled: bool) -> AccountRow:
        """Disable an account (no sign-in, every sign-in ended at once) or enable it."""
        with self.db.write(session):
            account = self.find(session, name)
            if disabled:
                account.disabled_at = account.disabled_at or utcnow()
                sessions.end_all(session, account.id)
            else:
                account.disabled_at = None
        log.info("account %d %s", account.id, "disabled" if disabled else "enabled")
        return account

    def revoke(self, session: Session, name: str) -> int:
        """End every sign-in of an account; returns how many ended."""
        with self.db.write(session):
            account = self.find(session, name)
            ended = sessions.end_all(session, account.id)
        log.info("account %d: %d sign-ins revoked", account.id, ended)
        return ended


def _same_hash(stored: str | None) -> Any:
    return (
        AccountRow.password_hash.is_(None) if stored is None else AccountRow.password_hash == stored
    )


def _invite_code_invalid() -> ApiError:
    return ApiError(
        "invite_code_invalid", "this invite code is not valid (mistyped, or used already)"
    )
