"""Seats' presence written in batches: one transaction for every socket that opened or
closed (and every player seen) while the previous one was being written.

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
from collections.abc import Callable, Iterable, Mapping

from app.core.errors import DATABASE_ERRORS
from app.core.threads import in_thread

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
