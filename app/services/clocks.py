"""Resigning, the server's bot standing in for a seat, and clocks (docs/API.md "Clocks").

A game's time control is chosen at creation and stored on its row (``time_control``), with
its ``clock`` (which seats' clocks run, since when, each live seat's time left) and the
``deadline`` when the first running clock runs out. Every write that can start or stop a
clock (an action, a take-back, a seat taken or released, a resignation, a timeout) computes
the next clock in its own transaction, so the deadline in the database is always the one
to enforce: restarts lose nothing, and no timer lives only in memory.

Every server process runs a ``ClockRunner``: every ``CLOCK_POLL_SECONDS`` it looks for
running games whose deadline has passed and claims each with a conditional UPDATE, so
exactly one process acts on one expiry. Correspondence: the server's bot's move for that
seat (the seat's policy, medium, seeded by app/bots/randomness.py as for any bot seat: the
same in every process) is chosen first, then written in one transaction with the
``clock_expired`` table event and the next clock; the optimistic lock of that write (the
version and seats revision the expiry was seen at) is the claim. So an expiry is never
written without its move, and a process that dies on the way leaves nothing behind that
would hold the expiry back from the others. Live: the seat's time is 0, its ``stand_in``
becomes "timeout" and the bot plays it from then on, until its player acts again or posts
``.../back``.

Every action the server's bot plays is marked ``by_server`` in the log; it is never the
seat's to take back (``refuse_server_move``), or a lapsed clock would be one take-back away
from a fresh one.

Clock time comes from ``ClockService.now`` (the wall clock; tests set their own).

Simultaneous decisions (``to_act()`` holding several seats) run all their clocks at once;
the deadline is the earliest, and each expired seat is handled by a claim of its own.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Any, Protocol

from sqlalchemy import Connection, insert, select, update
from sqlalchemy.orm import Session
from starlette.concurrency import run_in_threadpool

from app.core.errors import DATABASE_FAILURES, ApiError, database_failed
from app.db.models import GameRow, SeatRow, TableEventRow, utcnow
from app.db.session import Database
from app.hub.base import Hub
from app.services.clock_model import (
    TimeControl,
    clock_view,
    expired,
    next_clock,
    now_ms,
    stored_time_control,
    timed_seats,
)
from app.services.snapshots import UNDO_ENTRY, Snapshot, StateCache
from engines.core import State

__all__ = [  # the values, for the routes and the game service
    "TimeControl",
    "clock_view",
    "stored_time_control",
]


class Caller(Protocol):
    """A seat's caller (``app.services.games.Caller``), as far as clocks need it."""

    @property
    def game_id(self) -> str: ...
    @property
    def seat(self) -> int: ...
    @property
    def token_hash(self) -> str | None: ...


class Games(Protocol):
    """What clocks use of ``GameService`` (which builds ``ClockService`` on itself)."""

    db: Database
    cache: StateCache
    hub: Hub

    def confirm(self, session: Session | Connection, caller: Any, seats_revision: int) -> Any: ...
    def load(self, session: Session, game_id: str) -> Snapshot: ...
    def snapshot(self, game_id: str) -> Snapshot: ...
    def play_for_lapsed_clock(
        self, game_id: str, seat: int, version: int, action: dict[str, Any]
    ) -> Snapshot: ...

    def expire_reveals(self, now: datetime | None = None) -> list[str]: ...


Choose = Callable[[Snapshot, int], dict[str, Any]]
"""``BotRunner.choose_for``: the action the server's bot plays for a seat of a snapshot."""


log = logging.getLogger(__name__)

POLL_MOST = 10.0
"""Seconds: the longest wait between two polls while the database fails (it doubles)."""

MAX_DUE = 50
"""Expired deadlines one poll handles (the next poll takes the rest)."""


def entry_clock(
    snap: Snapshot,
    state: State,
    status: str,
    caller: Caller,
    stored: dict[str, Any],
    now: datetime,
) -> tuple[dict[str, Any] | None, datetime | None, bool]:
    """For the action-log write (``GameService._write_entry``): the clock after the
    caller's entry at ``now`` (``ClockService.now``) and whether it takes its seat back
    from the bot (a live timeout)."""
    seat = snap.seats[caller.seat]
    back = caller.token_hash is not None and seat.stand_in == "timeout"
    stand = [s.stand_in for s in snap.seats]
    if back:
        stand[caller.seat] = None
    running = timed_seats(state, status, [s.bot for s in snap.seats], stand)
    clock, deadline = next_clock(
        snap.time_control,
        snap.clock,
        running,
        now_ms(now),
        acted=caller.seat,
        undo=stored == UNDO_ENTRY,
        back=caller.seat if back else None,
        num_seats=snap.num_seats,
    )
    return clock, deadline, back


def refuse_resigned(snap: Snapshot, caller: Caller) -> None:
    """409 ``already_resigned`` for a resigned seat's token (the server's bot has none)."""
    if caller.token_hash is not None and snap.seats[caller.seat].stand_in == "resigned":
        raise ApiError(
            "already_resigned",
            f"seat {caller.seat} resigned; the server's bot plays it to the end",
        )


def refuse_server_move(snap: Snapshot, caller: Caller) -> None:
    """409 ``played_by_server`` for a seat's token taking back an action the server's bot
    played for the seat (a lapsed clock, a live timeout): the engine allows it (the seat
    acted last), the server does not."""
    if caller.token_hash is not None and snap.server_moved_last():
        raise ApiError(
            "played_by_server",
            f"seat {caller.seat}'s last action was played by the server's bot (its time ran "
            "out, or the bot stood in for it); only the seat's own actions can be taken back",
        )


def lapsed_seat(snap: Snapshot, seat: int, now: datetime) -> None:
    """Inside the write of the bot's move for a lapsed correspondence clock: 409
    ``stale_version`` (nothing written) unless ``seat``'s time is up in ``snap``, the game
    as that write's optimistic lock holds it."""
    tc, clock = snap.time_control, snap.clock
    if (
        tc is None
        or clock is None
        or tc["type"] != "correspondence"
        or snap.status != "running"
        or seat not in expired(tc, clock, now_ms(now))
    ):
        raise ApiError("stale_version", f"seat {seat}'s clock has not run out at this version")


def table_event(conn: Connection, game_id: str, version: int, event: dict[str, Any]) -> None:
    """Inside a write (``conn`` holds its transaction): ``event`` as a table event at
    ``version``, with a new seats revision so every connection gets it."""
    revision = conn.scalar(
        update(GameRow)
        .where(GameRow.id == game_id)
        .values(seats_revision=GameRow.seats_revision + 1)
        .returning(GameRow.seats_revision)
    )
    conn.execute(
        insert(TableEventRow),
        {
            "game_id": game_id,
            "version": version,
            "seats_revision": revision,
            "event": event,
            "created_at": utcnow(),
        },
    )


def mark_expired(conn: Connection, game_id: str, seat: int, version: int) -> None:
    """Inside the write of the bot's move for a lapsed correspondence clock: the table
    event ``clock_expired`` at ``version`` (the one the clock ran out at)."""
    table_event(conn, game_id, version, {"type": "clock_expired", "seat": seat})


def mark_back(conn: Connection, game_id: str, seat: int, version: int) -> None:
    """Inside a move's write (``conn`` holds its transaction): the seat's player plays it
    again (a table event, a new seats revision). Its caller checks that ``stand_in`` was
    "timeout"."""
    conn.execute(
        update(SeatRow)
        .where(SeatRow.game_id == game_id, SeatRow.seat == seat)
        .values(stand_in=None)
    )
    table_event(conn, game_id, version, {"type": "seat_back", "seat": seat})


# ---- the service: resign, take back, restart clocks, expiries -----------------------


class ClockService:
    """Seat changes around the clock; built on ``GameService``'s database, cache and hub."""

    def __init__(self, games: Games, min_seconds: float):
        self.games = games
        self.min_seconds = min_seconds
        self.now: Callable[[], datetime] = utcnow
        """Clock time: every clock and deadline is computed and enforced from it."""

    def _change_seats(
        self,
        session: Session,
        snap: Snapshot,
        stand: dict[int, str | None],
        events: list[dict[str, Any]],
        *,
        timed_out: Sequence[int] = (),
        back: int | None = None,
        where: Any = None,
        deadline: datetime | None = None,
    ) -> None:
        """Inside a write: set seats' ``stand_in``, recompute the clock, bump the seats
        revision (only if the game is still at ``snap``'s version and seats revision, and
        ``where`` holds) and record ``events``. 409 ``stale_version`` if it changed."""
        stand_in = [stand.get(s.seat, s.stand_in) for s in snap.seats]
        running = timed_seats(snap.state, snap.status, [s.bot for s in snap.seats], stand_in)
        clock, new_deadline = next_clock(
            snap.time_control,
            snap.clock,
            running,
            now_ms(self.now()),
            timed_out=timed_out,
            back=back,
            num_seats=snap.num_seats,
        )
        query = update(GameRow).where(
            GameRow.id == snap.game_id,
            GameRow.version == snap.version,
            GameRow.seats_revision == snap.seats_revision,
        )
        if where is not None:
            query = query.where(where)
        done = session.execute(
            query.values(
                seats_revision=snap.seats_revision + 1,
                clock=clock,
                deadline=deadline or new_deadline,
                updated_at=utcnow(),
            )
        )
        if getattr(done, "rowcount", 0) != 1:
            raise ApiError("stale_version", "the game changed meanwhile; look again")
        for seat, value in stand.items():
            session.execute(
                update(SeatRow)
                .where(SeatRow.game_id == snap.game_id, SeatRow.seat == seat)
                .values(stand_in=value)
            )
        for event in events:
            session.add(
                TableEventRow(
                    game_id=snap.game_id,
                    version=snap.version,
                    seats_revision=snap.seats_revision + 1,
                    event=event,
                    created_at=utcnow(),
                )
            )

    def _seat_change(
        self, session: Session, caller: Caller, check: Callable[[Snapshot], None], **kw: Any
    ) -> Snapshot:
        service = self.games
        with service.db.write(session):
            snap = service.cache.load(session, caller.game_id)
            service.confirm(session, caller, snap.seats_revision)
            check(snap)
            self._change_seats(session, snap, **kw)
        snap = service.load(session, caller.game_id)
        service.hub.publish(caller.game_id, snap.version)
        return snap

    def resign(self, session: Session, caller: Caller) -> Snapshot:
        """The caller's seat resigns: the server's bot plays it to the end, its token may
        not act any more. 409 ``already_resigned``, ``game_over``, ``game_not_started``."""
        seat = caller.seat

        def check(snap: Snapshot) -> None:
            if snap.seats[seat].stand_in == "resigned":
                raise ApiError("already_resigned", f"seat {seat} has already resigned")
            if snap.status == "over":
                raise ApiError("game_over", "the game is over; there is nothing to resign")
            if snap.status != "running":
                raise ApiError("game_not_started", "the game starts once every seat is taken")

        return self._seat_change(
            session,
            caller,
            check,
            stand={seat: "resigned"},
            events=[{"type": "seat_resigned", "seat": seat}],
        )

    def back(self, session: Session, caller: Caller) -> Snapshot:
        """The caller takes its seat back from the bot after a live timeout (409
        ``already_resigned``, ``not_stood_in``, ``game_over``)."""
        seat = caller.seat

        def check(snap: Snapshot) -> None:
            stand_in = snap.seats[seat].stand_in
            if stand_in == "resigned":
                raise ApiError(
                    "already_resigned", f"seat {seat} resigned; the bot plays it to the end"
                )
            if snap.status == "over":
                raise ApiError("game_over", "the game is over")
            if stand_in is None:
                raise ApiError("not_stood_in", f"seat {seat} is played by its player already")

        return self._seat_change(
            session,
            caller,
            check,
            stand={seat: None},
            events=[{"type": "seat_back", "seat": seat}],
            back=seat,
        )

    def resync(self, session: Session, game_id: str) -> None:
        """After a seat was taken or given back: start or stop the clocks the game's new
        status asks for (a new seats revision, so every cache sees it)."""
        service = self.games
        with service.db.write(session):
            snap = service.cache.load(session, game_id)
            if snap.time_control is None:
                return
            stand_in = [s.stand_in for s in snap.seats]
            running = timed_seats(snap.state, snap.status, [s.bot for s in snap.seats], stand_in)
            if running == list((snap.clock or {}).get("running", [])):
                return
            self._change_seats(session, snap, {}, [])
        service.load(session, game_id)

    # ---- expiries ---------------------------------------------------------------------

    def due(self, session: Session) -> list[tuple[str, datetime, int]]:
        """Running games whose deadline has passed: (id, deadline, version)."""
        rows = session.execute(
            select(GameRow.id, GameRow.deadline, GameRow.version)
            .where(GameRow.deadline.is_not(None), GameRow.deadline <= self.now())
            .where(GameRow.status == "running")
            .order_by(GameRow.deadline)
            .limit(MAX_DUE)
        ).all()
        session.commit()
        return [(r.id, r.deadline, r.version) for r in rows]

    def expire(
        self, session: Session, game_id: str, deadline: datetime, version: int, choose: Choose
    ) -> bool:
        """Act on one expiry seen by ``due``, if this process claims it first (only one
        does); whether it did.

        Live: the expired seats time out (the bot takes them over) in the claim itself.
        Correspondence: the bot's move for the seat is chosen first (``choose``), then
        written with the ``clock_expired`` event in one transaction, which is the claim."""
        service = self.games
        try:
            snap = service.load(session, game_id)
            late = self._late(snap, version)
            if not late:
                return False
            if snap.time_control and snap.time_control["type"] == "correspondence":
                service.play_for_lapsed_clock(game_id, late[0], version, choose(snap, late[0]))
                return True
            with service.db.write(session):
                snap = service.cache.load(session, game_id)
                late = self._late(snap, version)
                if not late:
                    return False
                self._change_seats(
                    session,
                    snap,
                    dict.fromkeys(late, "timeout"),
                    [{"type": "seat_timeout", "seat": s} for s in late],
                    timed_out=late,
                    where=GameRow.deadline == deadline,  # with the version, in _change_seats
                )
        except ApiError:
            return False  # another process claimed it, or the game moved on
        snap = service.load(session, game_id)
        service.hub.publish(game_id, snap.version)
        return True

    def _late(self, snap: Snapshot, version: int) -> list[int]:
        """The seats whose time is up in ``snap``, if it is still the game ``due`` saw."""
        tc, clock = snap.time_control, snap.clock
        if snap.version != version or tc is None or clock is None or snap.status != "running":
            return []
        return expired(tc, clock, now_ms(self.now()))


class ClockRunner:
    """Polls for expired deadlines in this process (started in the app's lifespan)."""

    def __init__(
        self,
        clocks: ClockService,
        choose: Choose,
        poll_seconds: float,
        deadlines: Sequence[Callable[[datetime], int]] = (),
    ):
        self.clocks = clocks
        self.choose = choose
        """``BotRunner.choose_for``: the server's bot's move for a seat whose time ran out."""
        self.poll = poll_seconds
        self.deadlines = deadlines
        """Other deadlines polled with the clocks, each given the clock's now and answering
        how many it handled (``challenges.finish_stale_starts``)."""
        self._task: asyncio.Task[None] | None = None

    async def start(self) -> None:
        self._task = asyncio.create_task(self._loop(), name="clocks")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
            self._task = None

    async def _loop(self) -> None:
        failures = 0
        while True:
            wait = self.poll
            try:
                await run_in_threadpool(self.tick)
                failures = 0
            except asyncio.CancelledError:
                raise
            except DATABASE_FAILURES as exc:
                # What failed is still due (nothing of it was written): the next poll retries
                # it, later and later while the database stays away.
                failures += 1
                wait = min(self.poll * 2**failures, max(self.poll, POLL_MOST))
                database_failed(log, "clock poll failed", exc)
            except Exception:
                log.exception("clock poll failed")
            await asyncio.sleep(wait)

    def tick(self) -> int:
        """One poll: handle every expired deadline this process can claim; how many."""
        db = self.clocks.games.db
        handled = len(self.clocks.games.expire_reveals())  # its own deadline (fair draws)
        handled += sum(deadline(self.clocks.now()) for deadline in self.deadlines)
        with db.session() as session:
            due = self.clocks.due(session)
        for game_id, deadline, version in due:
            with db.session() as session:
                handled += self.clocks.expire(session, game_id, deadline, version, self.choose)
        return handled
