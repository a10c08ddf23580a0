"""Who has a game open (``PresenceTracking``: each seat's open WebSockets and when its
player was last seen), and those seats' presence written in batches: one transaction for
every socket that opened or closed (and every player seen) while the previous one was being
written.

Each WebSocket counts itself in and out of its seat in the database (the host may not give
a seat back while its player is connected, in any process), and a live socket or a request
with a seat's token refreshes the seat's ``last_seen`` now and then. Written one by one,
2,000 sockets closing at once (a proxy restarting, a network blip) were 2,000 transactions
in a row on SQLite's one writer: the moves of every other game waited behind them, and
requests that needed the database waited long enough to be refused. ``PresenceWrites``
gathers them instead: the first change starts a write; changes that come while it runs wait
for the next one, which takes them all (a group commit). When the server is quiet, a change
is written at once, as before.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable, Iterable, Mapping
from datetime import timedelta
from typing import Any

from sqlalchemy import bindparam, case, select, update
from sqlalchemy.orm import Session

from app.core.errors import DATABASE_ERRORS
from app.core.threads import in_thread
from app.db.models import SeatRow, utcnow
from app.services.base import SEATS, Caller, ServiceBase
from app.services.snapshots import as_utc

log = logging.getLogger(__name__)

Changes = Mapping[str, tuple[str, int]]
"""token digest -> (game id, change of its count of open WebSockets; 0: only seen)."""


class PresenceWrites:
    """The changes of one process's seat counts waiting to be written, and their writer.

    It knows tokens only by their digests; ``GameService`` decides who is counted or due to
    be seen, and gives the two calls that write a batch and take back a failed one's
    "seen" marks (``write_presence``, ``forget_seen``).
    """

    def __init__(
        self, write: Callable[[Changes], None], forget: Callable[[Iterable[str]], None]
    ) -> None:
        self._write = write
        self._forget = forget
        self._changes: dict[str, tuple[str, int]] = {}
        self._waiting: list[asyncio.Future[None]] = []
        self._writer: asyncio.Task[None] | None = None

    async def count(self, game_id: str, digest: str, delta: int) -> None:
        """A WebSocket with this token opened (+1) or closed (-1): returns once that is
        written (with whatever else was waiting); raises what the write raised."""
        self._add(game_id, digest, delta)
        done = asyncio.get_running_loop().create_future()
        self._waiting.append(done)
        self._start()
        await done

    def seen(self, game_id: str, digest: str) -> None:
        """The token's player is here: written with the next batch; nobody waits for it."""
        self._add(game_id, digest, 0)
        self._start()

    def _add(self, game_id: str, digest: str, delta: int) -> None:
        _, before = self._changes.get(digest, ("", 0))
        self._changes[digest] = (game_id, before + delta)

    def _start(self) -> None:
        loop = asyncio.get_running_loop()
        writer = self._writer
        if writer is None or writer.done() or writer.get_loop() is not loop:
            self._writer = loop.create_task(self._write_all(), name="presence-writes")

    async def _write_all(self) -> None:
        loop = asyncio.get_running_loop()
        while self._changes:
            changes, self._changes = self._changes, {}
            # Only this loop's: a test's client may have run an earlier loop, now closed.
            waiting = [done for done in self._waiting if done.get_loop() is loop]
            self._waiting = []
            try:
                await in_thread(self._write, changes)
            except Exception as exc:
                if not isinstance(exc, DATABASE_ERRORS):
                    log.exception("presence of %d seats not written", len(changes))
                else:  # presence is best effort: a seen player is written next time
                    # The type only: SQLAlchemy's message carries the statement's parameters.
                    log.warning(
                        "presence of %d seats not written: %s", len(changes), type(exc).__name__
                    )
                self._forget(changes)
                for done in waiting:
                    if not done.done():
                        done.set_exception(exc)
            else:
                for done in waiting:
                    if not done.done():
                        done.set_result(None)


PRESENCE = (
    update(SEATS)
    .where(SeatRow.token_hash == bindparam("digest"))
    .values(
        connections=case(
            (SeatRow.connections + bindparam("delta") < 0, 0),
            else_=SeatRow.connections + bindparam("delta"),
        ),
        last_seen=bindparam("now"),
    )
)
"""A token's count of open WebSockets changed by ``delta`` (never below 0) and its player
seen ``now``; executed once for many tokens (``GameService.write_presence``)."""


PRESENCE_REFRESH = 30.0
"""Seconds between two writes of a seat's ``last_seen`` by one process (a request or a
live WebSocket): presence costs a write now and then, not one per move."""


class PresenceTracking(ServiceBase):
    """Who has the game open: each seat's open WebSockets and when its player was last
    seen, written in batches (``PresenceWrites``)."""

    _seen: dict[str, float]
    presence_writes: PresenceWrites

    def presence(self, session: Session, game_id: str) -> list[dict[str, Any]]:
        """Whether each joined human seat's player has a WebSocket open now (in any
        process), else since when they are away. Read fresh from the seats, not from the
        cached snapshot: presence changes without a new version. A count left by a process
        that died stops counting once its ``last_seen`` is ``stale_seconds`` old."""
        now = utcnow()
        rows = session.scalars(
            select(SeatRow).where(SeatRow.game_id == game_id).order_by(SeatRow.seat)
        )
        out: list[dict[str, Any]] = []
        for row in rows:
            if row.bot or row.joined_at is None:
                out.append(
                    {"seat": row.seat, "connected": None, "away_since": None, "release_from": None}
                )
                continue
            last = as_utc(row.last_seen or row.joined_at)
            live = row.connections > 0 and (now - last).total_seconds() < self.stale_seconds
            # The host may give the seat back once its player has been away away_seconds
            # (Seating._check_away): the page shows "Invite again" from then on.
            free_from = None if live else last + timedelta(seconds=self.away_seconds)
            out.append(
                {
                    "seat": row.seat,
                    "connected": live,
                    "away_since": None if live else last,
                    "release_from": free_from,
                }
            )
        return out

    def seen(self, caller: Caller | None) -> None:
        """The caller's player is here (a request, a live WebSocket): their seat's
        ``last_seen`` is written with the next batch of presence, at most every
        ``PRESENCE_REFRESH`` seconds per token and process. Marked as written from now on;
        a failed write takes the mark back (``forget_seen``)."""
        if caller is None or caller.token_hash is None:
            return
        digest, now = caller.token_hash, time.monotonic()
        with self._tokens_lock:
            if now - self._seen.get(digest, -1e9) < self._refresh():
                return
            if len(self._seen) > 100_000:
                self._seen.clear()
            self._seen[digest] = now
        self.presence_writes.seen(caller.game_id, digest)

    async def count_socket(self, caller: Caller, delta: int) -> None:
        """A WebSocket of the caller's seat opened (+1) or closed (-1); returns once that is
        written (``PresenceWrites.count``). The server's own bots hold no token: not
        counted."""
        if caller.token_hash is not None:
            await self.presence_writes.count(caller.game_id, caller.token_hash, delta)

    def forget_seen(self, digests: Iterable[str]) -> None:
        """These tokens' last write failed: write them again at the next chance."""
        with self._tokens_lock:
            for digest in digests:
                self._seen.pop(digest, None)

    def _refresh(self) -> float:
        # Often enough that a player who is here never looks away for ``away_seconds``.
        return min(PRESENCE_REFRESH, max(self.away_seconds / 2, 1.0))

    def write_presence(self, changes: Mapping[str, tuple[str, int]]) -> None:
        """Several seats' presence in one transaction (``PresenceWrites`` gathers them):
        ``changes`` maps a token's digest to its game and the change of its count of open
        WebSockets, in any process (``0``: only seen now). Each row's ``last_seen`` becomes
        now. A released seat's token matches no row, so its closing sockets count for
        nobody. Then each game whose counts changed gets a presence notice."""
        now = utcnow()
        rows = [{"digest": d, "delta": n, "now": now} for d, (_, n) in changes.items()]
        with self.db.session() as session, self.db.write(session):
            session.connection().execute(PRESENCE, rows)
        written = time.monotonic()
        with self._tokens_lock:
            for digest in changes:
                self._seen[digest] = written
        for game_id in {game_id for game_id, delta in changes.values() if delta}:
            self.hub.publish_presence(game_id)
