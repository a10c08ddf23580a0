"""Sending due nudges: claimed atomically, decided when due, sent outside any transaction,
marked, retried with backoff.

**Claim.** A process takes due rows with one conditional UPDATE (``pending`` and due, or
``sending`` with its lease run out) → ``sending``, ``claimed_by`` (this claim's own name),
``claimed_until`` = now + ``NUDGE_LEASE_SECONDS``, ``attempts`` + 1, and commits before it
sends anything. Two processes that pick the same rows meet on the rows' locks; the second
finds them no longer due and takes nothing (PostgreSQL re-checks the condition on the row it
waited for; SQLite has one writer).

**Decide.** Only when a row is due does the process look whether it still should go: your
turn and not acted, no page of the game open, ... (``Deliveries._verdict``); else it is
``skipped``, with the reason in ``last_error``.

**Send.** Outside any transaction, in a worker thread, through the channel's sender; then
the row is marked ``sent`` at once, in a transaction of its own (conditional on this
claim). A failure puts it back to ``pending``, due again 30 s later, doubling to an hour,
``failed`` after ``MAX_ATTEMPTS`` or a failure the channel says will not pass.

**Exactly once, and its limit.** A process that dies after its claim and before sending
leaves the row ``sending``: once its lease has run out, another process claims and sends
it, once. A process that dies between the channel's answer and the mark (a few
milliseconds) leaves a sent row that another process sends again after the lease; so every
message carries its delivery's id as an idempotency key (``Recipient.delivery_id``: Web
Push ``Topic``, the e-mail's ``Message-ID``, the webhook's ``X-Tafelrunde-Delivery``) by
which a receiver can drop the repeat. A send that outlives the lease may also be repeated:
keep ``NUDGE_LEASE_SECONDS`` above every channel's timeout.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import and_, or_, select, update
from sqlalchemy.orm import Session

from app.core.errors import DATABASE_FAILURES, ApiError
from app.db.models import AccountRow, ChallengeRow, DeliveryRow, GameRow, SeatRow, utcnow
from app.services.clock_model import now_ms, seat_end
from app.services.games import GameService
from app.services.nudges import channels_of, texts
from app.services.nudges.watch import (
    TIME_LOW,
    digest_hours,
    is_correspondence,
    turn_started,
)
from app.services.snapshots import Snapshot, as_utc

log = logging.getLogger(__name__)

MAX_ATTEMPTS = 10
"""Tries of one row (30 s, 1, 2, 4, 8, 16, 32 min, then hourly: about three hours)."""

BACKOFF_FIRST = 30.0
BACKOFF_MOST = 3600.0

SEEN_GRACE = timedelta(seconds=5)
"""A player seen this soon after the event does not count as having seen it: that mark
may be their own last action being written (presence is written in batches)."""

LATE = 0.25
"""A claimed row is not sent once this share of its lease is left: the lease may run out
while it sends, and another process could send it too. It is left to the next claim."""


@dataclass(frozen=True, slots=True)
class Recipient:
    """Who a nudge goes to, as a sender needs it."""

    account_id: int
    name: str
    language: str
    notify: Mapping[str, Any]
    """The account's choices (``webhook_url``, ``email``, ...): secrets for the sender only."""
    delivery_id: int
    """The idempotency key: the same for every try of one delivery (and only for it)."""


Sender = Callable[[str, Recipient, texts.Message], None]
"""``sender(channel, recipient, message)``: delivers or raises (``DeliveryFailed``)."""


@dataclass(frozen=True, slots=True)
class Claim:
    id: int
    account_id: int
    channel: str
    event: dict[str, Any]
    attempts: int
    claimed_by: str
    claimed_until: datetime


def backoff(attempts: int) -> timedelta:
    """The wait after the ``attempts``-th try failed: 30 s, doubling, at most an hour."""
    return timedelta(seconds=min(BACKOFF_FIRST * 2 ** max(0, attempts - 1), BACKOFF_MOST))


_URL = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*://\S+")


def error_note(exc: BaseException) -> str:
    """What ``last_error`` keeps of a failure: a sender's own message (any address in it
    cut out), else only the exception's type (its text may quote a URL with a secret)."""
    if hasattr(exc, "retry"):
        return _URL.sub("<url>", str(exc))[:200] or type(exc).__name__
    return type(exc).__name__


class Deliveries:
    """Claims, decides, sends and marks this process's share of the due rows."""

    def __init__(
        self,
        service: GameService,
        send: Sender,
        *,
        base_url: str,
        lease: float,
        clock: Callable[[], datetime],
        name: str,
    ) -> None:
        self.service = service
        self.db = service.db
        self.send = send
        self.base_url = base_url.rstrip("/")
        self.lease = timedelta(seconds=lease)
        self.clock = clock
        self.name = name
        """This process's part of ``claimed_by`` (host, pid and a random tag)."""
        self._claims = 0

    # ---- claiming ----------------------------------------------------------------------

    def claim(self, limit: int) -> list[Claim]:
        """Take up to ``limit`` due rows for this process (committed before returning)."""
        now = self.clock()
        self._claims += 1
        token = f"{self.name}:{self._claims}"
        due = or_(
            and_(DeliveryRow.status == "pending", DeliveryRow.due_at <= now),
            and_(DeliveryRow.status == "sending", DeliveryRow.claimed_until < now),
        )
        with self.db.session() as session:
            ids = list(
                session.scalars(
                    select(DeliveryRow.id).where(due).order_by(DeliveryRow.due_at).limit(limit)
                )
            )
            if not ids:
                session.commit()
                return []
            with self.db.write(session):
                session.execute(
                    update(DeliveryRow)
                    .where(DeliveryRow.id.in_(ids), due)
                    .values(
                        status="sending",
                        claimed_by=token,
                        claimed_until=now + self.lease,
                        attempts=DeliveryRow.attempts + 1,
                    )
                    .execution_options(synchronize_session=False)
                )
            rows = session.execute(
                select(
                    DeliveryRow.id,
                    DeliveryRow.account_id,
                    DeliveryRow.channel,
                    DeliveryRow.event,
                    DeliveryRow.attempts,
                    DeliveryRow.claimed_until,
                ).where(DeliveryRow.claimed_by == token)
            ).all()
            session.commit()
        until = now + self.lease
        return [
            Claim(r.id, r.account_id, r.channel, r.event, r.attempts, token, until) for r in rows
        ]

    # ---- one row -----------------------------------------------------------------------

    def deliver(self, claim: Claim) -> str:
        """Decide, send and mark one claimed row; what became of it (``sent``,
        ``skipped``, ``pending`` for a retry, ``failed``, or ``left`` to a later claim)."""
        if claim.attempts > MAX_ATTEMPTS:  # a row whose tries all died with their process
            return self._finish(claim, "failed", "given up: no try came back")
        try:
            with self.db.session() as session:
                verdict = self._verdict(session, claim)
                session.commit()
        except DATABASE_FAILURES:
            log.warning("nudge %d left for later: the database failed", claim.id)
            return "left"  # still ``sending``: claimed again once its lease runs out
        except Exception as exc:  # malformed facts: no later try will do better
            log.exception("nudge %d cannot be worded", claim.id)
            return self._finish(claim, "failed", type(exc).__name__)
        if isinstance(verdict, str):
            return self._finish(claim, "skipped", verdict)
        recipient, message = verdict
        if self.clock() >= claim.claimed_until - self.lease * LATE:
            return "left"
        try:
            self.send(claim.channel, recipient, message)
        except Exception as exc:
            return self._failed(claim, exc)
        return self._finish(claim, "sent")

    def _finish(self, claim: Claim, status: str, note: str | None = None) -> str:
        now = self.clock()
        values: dict[str, Any] = {"status": status, "claimed_until": None, "last_error": note}
        if status == "sent":
            values["sent_at"] = now
        marked = self._mark(claim, values)
        if not marked:
            log.warning("nudge %d was claimed again before it was marked %s", claim.id, status)
        return status

    def _failed(self, claim: Claim, exc: BaseException) -> str:
        note = error_note(exc)
        retry = bool(getattr(exc, "retry", True))
        log.warning(
            "nudge %d over %s failed (try %d): %s", claim.id, claim.channel, claim.attempts, note
        )
        if not retry or claim.attempts >= MAX_ATTEMPTS:
            return self._finish(claim, "failed", note)
        due = self.clock() + backoff(claim.attempts)
        self._mark(
            claim,
            {"status": "pending", "due_at": due, "claimed_until": None, "last_error": note},
        )
        return "pending"

    def _mark(self, claim: Claim, values: dict[str, Any]) -> bool:
        with self.db.session() as session, self.db.write(session):
            done = session.execute(
                update(DeliveryRow)
                .where(
                    DeliveryRow.id == claim.id,
                    DeliveryRow.claimed_by == claim.claimed_by,
                    DeliveryRow.status == "sending",
                )
                .values(**values)
                .execution_options(synchronize_session=False)
            )
            return getattr(done, "rowcount", 0) == 1

    # ---- should it still go? -----------------------------------------------------------

    def _verdict(self, session: Session, claim: Claim) -> tuple[Recipient, texts.Message] | str:
        """The recipient and the message, or why the row is skipped."""
        account = session.get(AccountRow, claim.account_id)
        if account is None or account.disabled_at is not None:
            return "the account is disabled"
        if claim.channel not in channels_of(session, account):
            return "the channel was switched off"
        event = claim.event
        words = {
            "your_turn": self._your_turn,
            "time_low": self._time_low,
            "game_over": self._game_over,
            "rematch_offer": self._rematch_offer,
            "digest": self._digest,
            "friend_request": self._friend_request,
            "seat_given": self._seat_given,
            "challenge": self._challenge,
        }
        word = words.get(event.get("kind", ""))
        if word is None:
            raise ValueError(f"unknown nudge kind {event.get('kind')!r}")
        outcome = word(session, account, event)
        if isinstance(outcome, str):
            return outcome
        recipient = Recipient(
            account.id, account.name, account.language, dict(account.notify or {}), claim.id
        )
        return recipient, outcome

    def _your_turn(
        self, session: Session, account: AccountRow, event: dict[str, Any]
    ) -> texts.Message | str:
        snap, seats = self._game(session, event["game"])
        if snap is None:
            return "the game is gone"
        seat = int(event["seat"])
        if (
            snap.version != event["version"]
            or not snap.must_act(seat)
            or snap.seats[seat].stand_in is not None
        ):
            return "the game moved on"
        if seats[seat].account_id != account.id:
            return "the seat is not the account's any more"
        if is_correspondence(snap.time_control) and digest_hours(account):
            return "the account gets a digest instead"
        busy = self._here(account, [s for s in seats.values() if s.account_id == account.id], event)
        if busy is not None:
            return busy
        return texts.your_turn(account.language, self._table(snap, seats, account.id))

    def _time_low(
        self, session: Session, account: AccountRow, event: dict[str, Any]
    ) -> texts.Message | str:
        snap, seats = self._game(session, event["game"])
        if snap is None:
            return "the game is gone"
        seat, tc, clock = int(event["seat"]), snap.time_control, snap.clock
        if (
            snap.status != "running"
            or tc is None
            or clock is None
            or turn_started(clock, seat) != event["started"]
        ):
            return "the turn is over"
        if seats[seat].account_id != account.id:
            return "the seat is not the account's any more"
        left = seat_end(tc, clock, seat) - now_ms(self.clock())
        if left > tc["seconds"] * 1000 * TIME_LOW + 1000:
            return "the clock is not low"
        if not self._always(account) and self._open(
            [s for s in seats.values() if s.account_id == account.id]
        ):
            return "a page of the game is open"
        table = self._table(snap, seats, account.id)
        return texts.time_low(account.language, table, timedelta(milliseconds=max(0, left)))

    def _game_over(
        self, session: Session, account: AccountRow, event: dict[str, Any]
    ) -> texts.Message | str:
        snap, seats = self._game(session, event["game"])
        if snap is None:
            return "the game is gone"
        busy = self._here(account, [s for s in seats.values() if s.account_id == account.id], event)
        if busy is not None:
            return busy
        return texts.game_over(account.language, self._table(snap, seats, account.id))

    def _rematch_offer(
        self, session: Session, account: AccountRow, event: dict[str, Any]
    ) -> texts.Message | str:
        old, seats = self._game(session, event["old"])
        new, new_seats = self._game(session, event["game"])
        if old is None or new is None or new.status == "abandoned":
            return "the rematch is gone"
        mine = [s for s in seats.values() if s.account_id == account.id]
        if not mine:
            return "the seat is not the account's any more"
        offer = next(
            (
                e
                for _, _, e in old.table_events
                if e.get("type") == "rematch_offered" and e.get("game") == event["game"]
            ),
            None,
        )
        if offer is None or self.clock() >= as_utc(datetime.fromisoformat(offer["until"])):
            return "the kept seats are free now"
        joined = {
            e.get("seat") for _, _, e in old.table_events if e.get("type") == "rematch_joined"
        }
        if any(s.account_id == account.id for s in new_seats.values()) or all(
            s.seat in joined for s in mine
        ):
            return "the player took their seat already"
        busy = self._here(account, mine, event)
        if busy is not None:
            return busy
        by = texts.seat_name(self._seat(old, int(event["by_seat"])), account.language)
        table = self._table(old, seats, account.id)
        return texts.rematch_offer(account.language, table, by)

    def _digest(
        self, session: Session, account: AccountRow, event: dict[str, Any]
    ) -> texts.Message | str:
        """Every running correspondence game whose clock runs for a seat of the account,
        the most urgent first. Sent also while a page is open: it is the summary the
        player chose, at most one per ``digest_hours``."""
        if not digest_hours(account):
            return "the digest was switched off"
        games = session.scalars(
            select(SeatRow.game_id)
            .join(GameRow, GameRow.id == SeatRow.game_id)
            .where(SeatRow.account_id == account.id, GameRow.status == "running")
            .distinct()
        ).all()
        session.commit()
        waiting: list[tuple[int, texts.Table, timedelta | None]] = []
        now = now_ms(self.clock())
        for game_id in games:
            snap, seats = self._game(session, game_id)
            if snap is None or not is_correspondence(snap.time_control) or snap.clock is None:
                continue
            tc, clock = snap.time_control, snap.clock
            assert tc is not None
            mine = [s.seat for s in seats.values() if s.account_id == account.id]
            ends = [seat_end(tc, clock, s) for s in mine if turn_started(clock, s) is not None]
            if not ends:
                continue
            left = timedelta(milliseconds=max(0, min(ends) - now))
            waiting.append((min(ends), self._table(snap, seats, account.id), left))
        if not waiting:
            return "no game waits for the player"
        waiting.sort(key=lambda w: (w[0], w[1].game_id))
        tables = [(table, left) for _, table, left in waiting]
        return texts.digest(account.language, tables, self.base_url + "/")

    def _friend_request(
        self, session: Session, account: AccountRow, event: dict[str, Any]
    ) -> texts.Message | str:
        return texts.friend_request(account.language, str(event["by"]), self.base_url + "/")

    def _seat_given(
        self, session: Session, account: AccountRow, event: dict[str, Any]
    ) -> texts.Message | str:
        snap, seats = self._game(session, event["game"])
        if snap is None or snap.status in ("over", "abandoned"):
            return "the game is gone"
        seat = seats[int(event["seat"])]
        if seat.account_id == account.id:
            return "the player took the seat already"
        if seat.reserved_for != account.id:
            return "the seat is not kept for the account any more"
        by = event.get("by")
        table = self._table(snap, seats, account.id)
        return texts.seat_given(account.language, table, str(by) if by else None)

    def _challenge(
        self, session: Session, account: AccountRow, event: dict[str, Any]
    ) -> texts.Message | str:
        status = session.scalar(
            select(ChallengeRow.status).where(ChallengeRow.id == int(event["challenge"]))
        )
        if status != "open":
            return "the challenge is no longer open"
        game = self.service.games.get(str(event["game_kind"]))
        name = game.name if game is not None else str(event["game_kind"])
        players = int(event["players"])
        return texts.challenge(
            account.language, str(event["by"]), name, players, self.base_url + "/"
        )

    # ---- helpers -----------------------------------------------------------------------

    def _game(self, session: Session, game_id: str) -> tuple[Snapshot | None, dict[int, SeatRow]]:
        try:
            snap = self.service.load(session, game_id)
        except ApiError:
            return None, {}
        rows = session.scalars(select(SeatRow).where(SeatRow.game_id == game_id))
        seats = {row.seat: row for row in rows}
        session.commit()
        return snap, seats

    @staticmethod
    def _seat(snap: Snapshot, seat: int) -> texts.Seat:
        info = snap.seats[seat]
        return texts.Seat(info.seat, info.name, info.bot)

    def _table(self, snap: Snapshot, seats: Mapping[int, SeatRow], account_id: int) -> texts.Table:
        """The game as the account's message names it: the other seats are all but those
        the account holds or that are kept for it."""
        game = self.service.games.get(snap.kind)

        def theirs(seat: int) -> bool:
            row = seats.get(seat)
            return row is not None and account_id in (row.account_id, row.reserved_for)

        others = tuple(self._seat(snap, info.seat) for info in snap.seats if not theirs(info.seat))
        return texts.Table(
            snap.game_id,
            game.name if game is not None else snap.kind,
            others,
            f"{self.base_url}/play/{snap.game_id}",
        )

    def _here(self, account: AccountRow, mine: list[SeatRow], event: dict[str, Any]) -> str | None:
        """Why the player needs no nudge of ``event`` at the table of their seats ``mine``:
        a page of it is open, or they were there since (``None``: they need it, or chose
        "always")."""
        if self._always(account):
            return None
        if self._open(mine):
            return "a page of the game is open"
        if self._seen_since(mine, event["at"]):
            return "the player was here since"
        return None

    @staticmethod
    def _always(account: AccountRow) -> bool:
        return bool((account.notify or {}).get("always"))

    def _open(self, seats: list[SeatRow]) -> bool:
        """Whether one of these seats has a page of the game open now (a WebSocket with its
        token, in any process; a count left by a process that died stops counting once
        its ``last_seen`` is stale, as in presence)."""
        now = utcnow()  # presence is written in the wall clock's time
        for seat in seats:
            last = as_utc(seat.last_seen) if seat.last_seen is not None else None
            fresh = last is not None and (now - last).total_seconds() < self.service.stale_seconds
            if seat.connections > 0 and fresh:
                return True
        return False

    @staticmethod
    def _seen_since(seats: list[SeatRow], at: str) -> bool:
        """Whether one of these seats' players was here after ``at`` (a page opened or
        closed, a request with the seat's token)."""
        since = as_utc(datetime.fromisoformat(at)) + SEEN_GRACE
        return any(s.last_seen is not None and as_utc(s.last_seen) > since for s in seats)
