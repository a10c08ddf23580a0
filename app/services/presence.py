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
from collections.abc import Iterable, Mapping
from typing import Generic, Protocol, TypeVar

from app.core.errors import DATABASE_ERRORS
from app.core.threads import in_thread

log = logging.getLogger(__name__)


class Caller(Protocol):
    """A seat token's holder (``app.services.games.Caller``)."""

    @property
    def game_id(self) -> str: ...

    @property
    def token_hash(self) -> str | None: ...


C = TypeVar("C", bound=Caller)
C_contra = TypeVar("C_contra", bound=Caller, contravariant=True)


class PresenceStore(Protocol[C_contra]):
    """What writes presence (``GameService``; named here, not imported: it owns us)."""

    def mark_seen(self, caller: C_contra | None) -> bool: ...

    def forget_seen(self, digests: Iterable[str]) -> None: ...

    def write_presence(self, changes: Mapping[str, tuple[str, int]]) -> None: ...


class PresenceWrites(Generic[C]):
    """The changes of one process's seat counts waiting to be written, and their writer."""

    def __init__(self, service: PresenceStore[C]) -> None:
        self.service = service
        self._changes: dict[str, tuple[str, int]] = {}
        """token digest -> (game id, change of its count of open WebSockets)."""
        self._waiting: list[asyncio.Future[None]] = []
        self._writer: asyncio.Task[None] | None = None

    async def count(self, caller: C, delta: int) -> None:
        """A WebSocket with the caller's token opened (+1) or closed (-1): returns once that
        is written (with whatever else was waiting); raises what the write raised."""
        if caller.token_hash is None:
            return  # the server's own bots hold no token
        self._add(caller, delta)
        done = asyncio.get_running_loop().create_future()
        self._waiting.append(done)
        self._start()
        await done

    def seen(self, caller: C | None) -> None:
        """The caller's player is here: written with the next batch when due (at most every
        ``PRESENCE_REFRESH`` seconds per token); nobody waits for it."""
        if caller is not None and self.service.mark_seen(caller):
            self._add(caller, 0)
            self._start()

    def _add(self, caller: C, delta: int) -> None:
        assert caller.token_hash is not None
        _, before = self._changes.get(caller.token_hash, ("", 0))
        self._changes[caller.token_hash] = (caller.game_id, before + delta)

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
                await in_thread(self.service.write_presence, changes)
            except Exception as exc:
                if not isinstance(exc, DATABASE_ERRORS):
                    log.exception("presence of %d seats not written", len(changes))
                else:  # presence is best effort: a seen player is written next time
                    # The type only: SQLAlchemy's message carries the statement's parameters.
                    log.warning(
                        "presence of %d seats not written: %s", len(changes), type(exc).__name__
                    )
                self.service.forget_seen(changes)
                for done in waiting:
                    if not done.done():
                        done.set_exception(exc)
            else:
                for done in waiting:
                    if not done.done():
                        done.set_result(None)
