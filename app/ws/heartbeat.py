"""Pings for silent WebSockets, from one task per process instead of a timer per receive.

docs/API.md: the server sends ``{"type": "ping"}`` after ``WS_HEARTBEAT`` seconds in which
a connection sent nothing, and again after as long if it stays silent. Each connection's
receive loop used to wait under an ``asyncio.timeout`` of that length: a ``Timeout`` and a
timer handle made, scheduled and cancelled for every message received, and held by every
idle connection (about 3% of a move's samples on the socket and 0.7 KB per connection,
issue 16). Now a connection only notes when it last heard from its client; one task looks
at all of them a few times per heartbeat and pings the silent ones, so a ping comes
between one heartbeat and a quarter more of silence.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Protocol

log = logging.getLogger(__name__)

CHECKS_PER_BEAT = 4
"""How often a heartbeat's length the connections are looked at: a ping is late by at most
a quarter of it."""


class Silent(Protocol):
    heard_at: float
    """The event loop's time of the client's last message (or of the last ping)."""

    def ping(self) -> None: ...


class Heartbeat:
    """The connections to ping after ``seconds`` of silence; its task runs while it has
    any (``watch`` starts it, the last ``forget`` lets it end)."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self._watched: set[Silent] = set()
        self._task: asyncio.Task[None] | None = None

    def watch(self, connection: Silent) -> None:
        loop = asyncio.get_running_loop()
        connection.heard_at = loop.time()
        self._watched.add(connection)
        # A task of a loop that has ended (an app served by one test client, then another)
        # would never run: start one on this loop.
        if self._task is None or self._task.get_loop() is not loop:
            self._task = loop.create_task(self._run(), name="ws-heartbeat")

    def forget(self, connection: Silent) -> None:
        self._watched.discard(connection)

    def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()

    def check(self, now: float) -> None:
        """One look at every connection at the loop's time ``now``: ping each that has been
        silent for a heartbeat. The task calls it a few times per heartbeat; tests call it
        with the times they choose."""
        for connection in [c for c in self._watched if now - c.heard_at >= self.seconds]:
            connection.heard_at = now  # the next ping after as long again
            try:
                connection.ping()
            except Exception:  # one connection's failure must not silence the others
                log.exception("could not ping a websocket")

    async def _run(self) -> None:
        loop = asyncio.get_running_loop()
        try:
            while self._watched:
                await asyncio.sleep(self.seconds / CHECKS_PER_BEAT)
                self.check(loop.time())
        finally:
            if self._task is asyncio.current_task():
                self._task = None
