"""Resigning, the server's bot standing in for a seat, and clocks (docs/API.md "Clocks").

A game's time control is chosen at creation and stored on its row (``time_control``), with
its ``clock`` (which seats' clocks run, since when, each live seat's time left) and the
``deadline`` when the first running clock runs out. Every write that can start or stop a
clock (an action, a take-back, a seat taken or released, a resignation, a timeout) computes
the next clock in its own transaction, so the deadline in the database is always the one
to enforce: restarts lose nothing, and no timer lives only in memory.

Every server process runs a ``ClockRunner``: every ``CLOCK_POLL_SECONDS`` it looks for
running games whose deadline has passed and claims each with a conditional UPDATE (``WHERE
deadline = <the one seen> AND version = <the one seen>``), so exactly one process acts on
one expiry. Correspondence: the server's bot plays that seat's move (the seat's policy,
medium, seeded by app/bots/randomness.py as for any bot seat), then the clock restarts for
whoever acts next. Live: the seat's time is 0, its ``stand_in`` becomes "timeout" and the
bot plays it from then on, until its player acts again or posts ``.../back``.

Simultaneous decisions (``to_act()`` holding several seats) run all their clocks at once;
the deadline is the earliest, and each expired seat is handled by a claim of its own.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Sequence
from datetime import datetime, timedelta
from typing import Any, Protocol

from sqlalchemy import Connection, insert, select, update
from sqlalchemy.orm import Session
from starlette.concurrency import run_in_threadpool

from app.core.errors import ApiError
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
    def expire_reveals(self, now: datetime | None = None) -> list[str]: ...


log = logging.getLogger(__name__)

LEASE_SECONDS = 30.0
"""How long a claimed correspondence expiry is held by the process that claimed it: if that
process dies before its bot moves, another one claims the expiry again after this."""
MAX_DUE = 50
"""Expired deadlines one poll handles (the next poll takes the rest)."""


def entry_clock(
    snap: Snapshot, state: State, status: str, caller: Caller, stored: dict[str, Any]
) -> tuple[dict[str, Any] | None, datetime | None, bool]:
    """For the action-log write (``GameService._write_entry``): the clock after the
    caller's entry and whether it takes its seat back from the bot (a live timeout)."""
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
        now_ms(),
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


def mark_back(conn: Connection, game_id: str, seat: int, version: int) -> None:
    """Inside a move's write (``conn`` holds its transaction): the seat's player plays it
    again (a table event, a new seats revision). Its caller checks that ``stand_in`` was
    "timeout"."""
    conn.execute(
        update(SeatRow)
        .where(SeatRow.game_id == game_id, SeatRow.seat == seat)
        .values(stand_in=None)
    )
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
            "event": {"type": "seat_back", "seat": seat},
            "created_at": utcnow(),
        },
    )


# ---- the service: resign, take back, restart clocks, expiries -----------------------


class ClockService:
    """Seat changes around the clock; built on ``GameService``'s database, cache and hub."""

    def __init__(self, games: Games, min_seconds: float):
        self.games = games
        self.min_seconds = min_seconds

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
            now_ms(),
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
            .where(GameRow.deadline.is_not(None), GameRow.deadline <= utcnow())
            .where(GameRow.status == "running")
            .order_by(GameRow.deadline)
            .limit(MAX_DUE)
        ).all()
        session.commit()
        return [(r.id, r.deadline, r.version) for r in rows]

    def expire(
        self, session: Session, game_id: str, deadline: datetime, version: int
    ) -> tuple[str, int, int] | None:
        """Claim one expiry seen by ``due`` (only one process succeeds) and act on it.

        Live: the expired seats time out (the bot takes them over) in the claim itself.
        Correspondence: the claim holds the deadline for ``LEASE_SECONDS`` and returns
        ``("move", seat, version)``: the caller has the bot play that move."""
        service = self.games
        with service.db.write(session):
            snap = service.cache.load(session, game_id)
            tc, clock = snap.time_control, snap.clock
            if snap.version != version or tc is None or clock is None or snap.status != "running":
                return None
            late = expired(tc, clock, now_ms())
            if not late:
                return None  # a stale deadline: the claim below recomputes it
            claim = GameRow.deadline == deadline  # with the version, in _change_seats
            try:
                if tc["type"] == "live":
                    self._change_seats(
                        session,
                        snap,
                        dict.fromkeys(late, "timeout"),
                        [{"type": "seat_timeout", "seat": s} for s in late],
                        timed_out=late,
                        where=claim,
                    )
                    move = None
                else:
                    seat = late[0]
                    self._change_seats(
                        session,
                        snap,
                        {},
                        [{"type": "clock_expired", "seat": seat}],
                        where=claim,
                        deadline=utcnow() + timedelta(seconds=LEASE_SECONDS),
                    )
                    move = ("move", seat, version)
            except ApiError:
                return None  # another process claimed it, or the game moved on
        snap = service.load(session, game_id)
        service.hub.publish(game_id, snap.version)
        return move


class ClockRunner:
    """Polls for expired deadlines in this process (started in the app's lifespan)."""

    def __init__(
        self,
        clocks: ClockService,
        play_for: Callable[[str, int, int], None],
        poll_seconds: float,
    ):
        self.clocks = clocks
        self.play_for = play_for
        """``BotRunner.play_for``: the server's bot plays one move of a seat."""
        self.poll = poll_seconds
        self._task: asyncio.Task[None] | None = None

    async def start(self) -> None:
        self._task = asyncio.create_task(self._loop(), name="clocks")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
            self._task = None

    async def _loop(self) -> None:
        while True:
            try:
                await run_in_threadpool(self.tick)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("clock poll failed")
            await asyncio.sleep(self.poll)

    def tick(self) -> int:
        """One poll: handle every expired deadline this process can claim; how many."""
        db = self.clocks.games.db
        handled = len(self.clocks.games.expire_reveals())  # its own deadline (fair draws)
        with db.session() as session:
            due = self.clocks.due(session)
        for game_id, deadline, version in due:
            with db.session() as session:
                try:
                    move = self.clocks.expire(session, game_id, deadline, version)
                except ApiError:
                    continue
            handled += 1
            if move is not None:
                _, seat, _ = move
                snap = self.clocks.games.snapshot(game_id)
                self.play_for(game_id, seat, snap.version)
        return handled
