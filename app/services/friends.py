"""Friends: friend requests, friendships and friend links (issue 38, item 3).

One ``friendships`` row per pair of accounts: ``pending`` while the requester waits for the
addressee's answer, ``accepted`` once they are friends. A request to someone who has already
asked you is their request accepted: the pair never keeps two rows (the two accounts' rows
are locked in id order on PostgreSQL while a pair changes; SQLite's writes take turns).

Two ways to ask:

- **By name** (names are public display names): a request the other accepts or declines;
  its addressee gets a ``friend_request`` nudge.
- **By friend link** (``/friends/add/{code}``, the code secret to the account): the link is
  handed out by its owner like a phone number, so whoever opens it and says yes is the
  owner's friend at once, with no request left to answer. The owner renews the code
  (``renew_link``) to stop a link passed on too far; friendships made stay.

Refusals (docs/API.md, "Friends"): 404 ``unknown_account`` (no account of that name, an
unknown or renewed link, a disabled account), 400 ``not_yourself``, 409 ``already_friends``,
409 ``already_asked``, 404 ``unknown_request``, 404 ``unknown_friend``, 429
``rate_limited`` (``RATE_FRIEND_REQUESTS`` attempts an hour per account, per server process).
What another account sees of you is your name: never your id, e-mail or anything else.
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import ColumnElement, and_, delete, or_, select
from sqlalchemy.orm import Session, aliased

from app.core.errors import ApiError
from app.db.models import AccountRow, FriendshipRow, utcnow
from app.db.session import Database
from app.services import nudges
from app.services.account_names import find_account, new_friend_code
from app.services.chat import WindowRate
from app.services.snapshots import as_utc

HOUR = 3600.0
MAX_ID = 2**31 - 1
"""Ids past this are no request of any database (an INTEGER column): ``unknown_request``."""


def friend_link(base: str, code: str) -> str:
    """The account's friend link: ``{base}/friends/add/{code}`` (``base``: ``PUBLIC_URL``
    or the address the request came to)."""
    return f"{base.rstrip('/')}/friends/add/{code}"


@dataclass(frozen=True, slots=True)
class Friend:
    name: str
    since: datetime


@dataclass(frozen=True, slots=True)
class Request:
    """A pending friend request as one side sees it: ``name`` is the other side's."""

    id: int
    name: str
    at: datetime


@dataclass(frozen=True, slots=True)
class Overview:
    """``GET /api/me/friends``: friends by name, requests newest first, the link's code."""

    friends: list[Friend]
    incoming: list[Request]
    outgoing: list[Request]
    code: str


@dataclass(frozen=True, slots=True)
class Asked:
    """What a friend request came to: ``pending`` (the other may accept) or ``accepted``
    (friends now); ``name`` is the other account's."""

    status: str
    name: str


def are_friends(session: Session, a: int, b: int) -> bool:
    """Whether accounts ``a`` and ``b`` are friends (an accepted friendship either way)."""
    return (
        session.scalar(
            select(FriendshipRow.id).where(FriendshipRow.status == "accepted", _pair(a, b))
        )
        is not None
    )


def friendships(
    session: Session, account_id: int, *, with_disabled: bool = False
) -> list[tuple[FriendshipRow, AccountRow]]:
    """The account's friendships and requests, made by it or to it, each with the account
    on its other side, oldest first; those of disabled accounts only ``with_disabled``."""
    other = aliased(AccountRow)
    sent = and_(FriendshipRow.requester_id == account_id, other.id == FriendshipRow.addressee_id)
    got = and_(FriendshipRow.addressee_id == account_id, other.id == FriendshipRow.requester_id)
    query = select(FriendshipRow, other).join(other, or_(sent, got)).order_by(FriendshipRow.id)
    if not with_disabled:
        query = query.where(other.disabled_at.is_(None))
    return [(row, account) for row, account in session.execute(query)]


def _pair(a: int, b: int) -> ColumnElement[bool]:
    """The rows between accounts ``a`` and ``b``, whichever asked."""
    return or_(
        and_(FriendshipRow.requester_id == a, FriendshipRow.addressee_id == b),
        and_(FriendshipRow.requester_id == b, FriendshipRow.addressee_id == a),
    )


class Friends:
    """Friend requests and friendships of signed-in accounts. Each method writes in one
    transaction of its own (``Database.write``) and raises ``ApiError`` with nothing
    changed when it refuses."""

    def __init__(
        self, db: Database, per_hour: int, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.db = db
        self.per_hour = per_hour
        self._budgets = WindowRate(per_hour, HOUR, clock)  # by account id
        self._lock = threading.Lock()

    # ---- reading ----------------------------------------------------------------------

    def overview(self, session: Session, account_id: int) -> Overview:
        """The account's friends (by name), its requests received and sent (newest
        first) and its friend link's code. Disabled accounts are left out."""
        rows = friendships(session, account_id)
        friends: list[tuple[str, Friend]] = []
        incoming: list[tuple[datetime, Request]] = []
        outgoing: list[tuple[datetime, Request]] = []
        for row, account in rows:
            if row.status == "accepted":
                since = as_utc(row.accepted_at or row.created_at)
                friends.append((account.name_key, Friend(account.name, since)))
                continue
            at = as_utc(row.created_at)
            request = Request(row.id, account.name, at)
            (outgoing if row.requester_id == account_id else incoming).append((at, request))
        code = session.scalar(select(AccountRow.friend_code).where(AccountRow.id == account_id))
        session.commit()  # end the read transaction: nothing is held while FastAPI answers
        return Overview(
            friends=[f for _, f in sorted(friends, key=lambda p: (p[0], p[1].name))],
            incoming=_newest_first(incoming),
            outgoing=_newest_first(outgoing),
            code=code or "",
        )

    # ---- asking -----------------------------------------------------------------------

    def ask(
        self,
        session: Session,
        account_id: int,
        *,
        name: str | None = None,
        code: str | None = None,
    ) -> Asked:
        """Ask the account named ``name`` to be friends, or become friends with the owner of
        friend link ``code``. Every attempt spends one of the account's
        ``RATE_FRIEND_REQUESTS`` an hour, refused ones too (429 ``rate_limited`` first)."""
        self._spend(account_id)
        with self.db.write(session):
            if code is not None:
                other = self._by_code(session, code)
            else:
                other = self._by_name(session, name or "")
            if other.id == account_id:
                raise ApiError("not_yourself", "that is you: ask someone else to be your friend")
            self._lock_pair(session, account_id, other.id)
            rows = self._rows(session, account_id, other.id)
            if any(r.status == "accepted" for r in rows):
                raise ApiError("already_friends", f"you and {other.name} are friends already")
            mine = next((r for r in rows if r.requester_id == account_id), None)
            theirs = next((r for r in rows if r.requester_id == other.id), None)
            if theirs is not None:  # they asked first: this is a yes
                if mine is not None:
                    session.delete(mine)
                _accept(theirs)
                return Asked("accepted", other.name)
            if code is not None:  # the owner handed the link out: friends at once
                if mine is not None:
                    _accept(mine)
                else:
                    session.add(
                        FriendshipRow(
                            requester_id=account_id,
                            addressee_id=other.id,
                            status="accepted",
                            created_at=utcnow(),
                            accepted_at=utcnow(),
                        )
                    )
                return Asked("accepted", other.name)
            if mine is not None:
                raise ApiError(
                    "already_asked", f"you asked {other.name} already: wait for their answer"
                )
            row = FriendshipRow(
                requester_id=account_id,
                addressee_id=other.id,
                status="pending",
                created_at=utcnow(),
            )
            session.add(row)
            session.flush()
            me = session.get(AccountRow, account_id)
            nudges.emit(
                session,
                other.id,
                "friend_request",
                request_dedupe_key(account_id, other.id, row.created_at),
                {"by": me.name if me else "", "request_id": row.id},
            )
            return Asked("pending", other.name)

    def _spend(self, account_id: int) -> None:
        with self._lock:
            wait = self._budgets.take(str(account_id))
        if wait is not None:
            seconds = max(1, math.ceil(wait))
            raise ApiError(
                "rate_limited",
                f"too many friend requests: at most {self.per_hour} an hour; try again in "
                f"{math.ceil(seconds / 60)} min",
                retry_after=seconds,
            )

    # ---- answering --------------------------------------------------------------------

    def accept(self, session: Session, account_id: int, request_id: int) -> Asked:
        """Accept a request made to this account (404 ``unknown_request`` for any other)."""
        with self.db.write(session):
            row, other = self._request(session, request_id, addressee_id=account_id)
            for leftover in self._rows(session, account_id, other.id):
                if leftover.id != row.id:  # a request of ours that crossed theirs
                    session.delete(leftover)
            _accept(row)
            return Asked("accepted", other.name)

    def decline(self, session: Session, account_id: int, request_id: int) -> None:
        """Decline a request made to this account: it is gone; its requester is not told
        (it leaves their list of requests sent) and may ask again."""
        with self.db.write(session):
            row, _ = self._request(session, request_id, addressee_id=account_id)
            session.delete(row)

    def withdraw(self, session: Session, account_id: int, request_id: int) -> None:
        """Take back a request this account made and that is still unanswered."""
        with self.db.write(session):
            row, _ = self._request(session, request_id, requester_id=account_id)
            session.delete(row)

    def unfriend(self, session: Session, account_id: int, name: str) -> None:
        """End the friendship with the account named ``name`` (either may end it)."""
        with self.db.write(session):
            other = find_account(session, name)
            ended = None
            if other is not None:
                self._lock_pair(session, account_id, other.id)
                ended = session.execute(
                    delete(FriendshipRow).where(
                        FriendshipRow.status == "accepted", _pair(account_id, other.id)
                    )
                )
            if ended is None or not getattr(ended, "rowcount", 0):
                raise ApiError("unknown_friend", "you have no friend of that name")

    # ---- the friend link --------------------------------------------------------------

    def renew_link(self, session: Session, account_id: int) -> str:
        """A new friend link's code for the account; the old link names nobody any more."""
        with self.db.write(session):
            account = session.get(AccountRow, account_id)
            if account is None:
                raise ApiError("not_signed_in", "sign in first (POST /api/auth/login)")
            account.friend_code = new_friend_code()
            return account.friend_code

    # ---- lookups ----------------------------------------------------------------------

    def _by_name(self, session: Session, name: str) -> AccountRow:
        account = find_account(session, name)
        if account is None or account.disabled_at is not None:
            raise ApiError("unknown_account", "there is no account of that name here")
        return account

    def _by_code(self, session: Session, code: str) -> AccountRow:
        account = None
        if code and len(code) <= 64:
            account = session.scalar(
                select(AccountRow).where(
                    AccountRow.friend_code == code, AccountRow.disabled_at.is_(None)
                )
            )
        if account is None:
            raise ApiError(
                "unknown_account",
                "this friend link names nobody (any more): ask its owner for their new link",
            )
        return account

    def _rows(self, session: Session, a: int, b: int) -> list[FriendshipRow]:
        query = select(FriendshipRow).where(_pair(a, b)).order_by(FriendshipRow.id)
        return list(session.scalars(query.execution_options(populate_existing=True)))

    def _lock_pair(self, session: Session, a: int, b: int) -> None:
        """PostgreSQL: hold both accounts' rows (in id order, so two requests crossing
        cannot deadlock) until the transaction ends, so that a pair changes one request at a
        time. SQLite's write transaction holds the whole database already."""
        if session.get_bind().dialect.name == "postgresql":
            session.execute(
                select(AccountRow.id)
                .where(AccountRow.id.in_(sorted((a, b))))
                .order_by(AccountRow.id)
                .with_for_update()
            )

    def _request(
        self,
        session: Session,
        request_id: int,
        *,
        addressee_id: int | None = None,
        requester_id: int | None = None,
    ) -> tuple[FriendshipRow, AccountRow]:
        """The pending request ``request_id`` made to ``addressee_id`` (or by
        ``requester_id``) and the account on its other side; 404 ``unknown_request``
        otherwise, whoever else's request it is. Its pair is locked first and the row read
        again after, so a request its other side answered or withdrew meanwhile is unknown
        here (rather than accepted after its withdrawal, or deleted after its acceptance)."""
        found = session.get(FriendshipRow, request_id) if request_id <= MAX_ID else None
        if found is None:
            raise ApiError("unknown_request", "you have no such friend request")
        self._lock_pair(session, found.requester_id, found.addressee_id)
        row = session.scalar(
            select(FriendshipRow)
            .where(FriendshipRow.id == request_id)
            .execution_options(populate_existing=True)
        )
        if row is not None and row.status == "pending":
            if addressee_id is not None and row.addressee_id == addressee_id:
                other = session.get(AccountRow, row.requester_id)
            elif requester_id is not None and row.requester_id == requester_id:
                other = session.get(AccountRow, row.addressee_id)
            else:
                other = None
            if other is not None and other.disabled_at is None:
                return row, other
        raise ApiError("unknown_request", "you have no such friend request")


def request_dedupe_key(requester_id: int, addressee_id: int, at: datetime) -> str:
    """The ``friend_request`` nudge's key: one per pair of accounts and (UTC) day, so a
    request withdrawn and made again, or declined and made again, nudges its addressee
    at most once a day."""
    return f"friend_request:{requester_id}:{addressee_id}:{as_utc(at).date().isoformat()}"


def _accept(row: FriendshipRow) -> None:
    row.status = "accepted"
    row.accepted_at = utcnow()


def _newest_first(requests: list[tuple[datetime, Request]]) -> list[Request]:
    return [r for _, r in sorted(requests, key=lambda p: (p[0], p[1].id), reverse=True)]
