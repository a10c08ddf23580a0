"""What a room's chat and presence feeds share: a hub notice wakes the feed, the feed reads
what changed once (in a worker thread, off the event loop) and sends the same messages to
the room's connections. Notices that come while it reads are coalesced into the next pass,
so a burst of them costs one read.
"""

from __future__ import annotations

import logging
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable
from typing import Any, Generic, Protocol, TypeVar

from app.core.flag import OnDemand
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
        self._runs = OnDemand(self._pass, f"{self.kind}-{game_id}")
        self._unsubscribe = self._subscribe(hub)

    @abstractmethod
    def _subscribe(self, hub: Hub) -> Callable[[], None]:
        """Subscribe ``notify`` to the hub's notices of this kind; returns the unsubscribe."""

    @abstractmethod
    async def _pass(self) -> None:
        """Read what the notices since the last pass announced, and send it."""

    def notify(self, game_id: str, value: int) -> None:
        """A notice (on the event loop: the hub hands them over there)."""
        self._runs.wake()

    async def _send(self, listeners: Iterable[L], messages: list[dict[str, Any]]) -> None:
        """Every message to every listener; one failing connection stops no other."""
        for listener in listeners:
            for message in messages:
                try:
                    await listener.send(message)
                except Exception:
                    log.exception("%s of game %s: a connection failed", self.kind, self.game_id)

    def close(self) -> None:
        self._unsubscribe()
        self._runs.close()
