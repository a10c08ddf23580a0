"""What a room's chat and presence feeds share: a hub notice wakes the feed, the feed reads
what changed once (in a worker thread, off the event loop) and sends the same messages to
the room's connections. Notices that come while it reads are coalesced into the next pass,
so a burst of them costs one read.
"""

from __future__ import annotations

import asyncio
import logging
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable
from typing import Any, Generic, Protocol, TypeVar

from app.hub.base import Hub

log = logging.getLogger(__name__)


class Listener(Protocol):
    """A room's connection, as a feed sees it."""

    async def send(self, message: dict[str, Any]) -> None: ...


L = TypeVar("L", bound=Listener)


class Feed(ABC, Generic[L]):
    """One room's notices of one kind → the room's connections (``listeners``, the room's
    own set, read at each pass). Subclasses subscribe and read; the base runs the loop."""

    kind: str
    """Names the feed's task and its log lines (``chat``, ``presence``)."""

    def __init__(self, game_id: str, hub: Hub, listeners: Iterable[L]) -> None:
        self.game_id = game_id
        self.listeners = listeners
        self._dirty = False
        self._closed = False
        # A task only while there is something to read: a live game's two feeds are idle
        # nearly always, and a waiting task with its frame and future is about 0.7 KB
        # (issue 16, benchmarks/memory.py).
        self._task: asyncio.Task[None] | None = None
        self._unsubscribe = self._subscribe(hub)

    @abstractmethod
    def _subscribe(self, hub: Hub) -> Callable[[], None]:
        """Subscribe ``notify`` to the hub's notices of this kind; returns the unsubscribe."""

    @abstractmethod
    async def _pass(self) -> None:
        """Read what the notices since the last pass announced, and send it."""

    def notify(self, game_id: str, value: int) -> None:
        """A notice (on the event loop: the hub hands them over there)."""
        self._dirty = True
        if self._task is None and not self._closed:
            self._task = asyncio.get_running_loop().create_task(
                self._run(), name=f"{self.kind}-{self.game_id}"
            )

    async def _run(self) -> None:
        try:
            while self._dirty:
                self._dirty = False
                await self._pass()
        finally:
            self._task = None

    async def _send(self, listeners: Iterable[L], messages: list[dict[str, Any]]) -> None:
        """Every message to every listener; one failing connection stops no other."""
        for listener in listeners:
            for message in messages:
                try:
                    await listener.send(message)
                except Exception:
                    log.exception("%s of game %s: a connection failed", self.kind, self.game_id)

    def close(self) -> None:
        self._closed = True
        self._unsubscribe()
        if self._task is not None:
            self._task.cancel()
