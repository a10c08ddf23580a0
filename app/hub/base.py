"""What every hub does: after a commit the service calls ``hub.publish(game_id, version)``;
the hub delivers ``(game_id, version)`` to the local subscribers of this process (its
WebSocket rooms and the bot runner), which then load the current state themselves.

A notification carries no game data, only "this game changed": subscribers always read
the state through the service, which catches up from the action log. So a hub differs only
in ``_announce``: ``InProcessHub`` (``memory.py``) delivers locally, ``PostgresHub``
(``postgres.py``) also sends ``NOTIFY`` and delivers what it hears from other processes.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from abc import ABC, abstractmethod
from collections.abc import Callable

log = logging.getLogger(__name__)

Callback = Callable[[str, int], None]
"""Called on the event loop with ``(game_id, version)``; must not block."""


class Hub(ABC):
    def __init__(self) -> None:
        self._games: dict[str, set[Callback]] = {}
        self._all: set[Callback] = set()
        self._lock = threading.Lock()
        self.loop: asyncio.AbstractEventLoop | None = None

    async def start(self) -> None:
        self.loop = asyncio.get_running_loop()

    async def stop(self) -> None:
        self.loop = None

    def publish(self, game_id: str, version: int) -> None:
        """Announce a committed change. Safe to call from any thread: the announcement
        itself (``_announce``) always runs on the hub's event loop."""
        loop = self.loop
        if loop is None or loop.is_closed():
            return
        try:
            running = asyncio.get_running_loop()
        except RuntimeError:
            running = None
        if running is loop:
            self._announce(game_id, version)
        else:
            loop.call_soon_threadsafe(self._announce, game_id, version)

    @abstractmethod
    def _announce(self, game_id: str, version: int) -> None:
        """Tell this process's subscribers (and, for several processes, the others)."""

    def subscribe(self, game_id: str, callback: Callback) -> Callable[[], None]:
        """Deliver changes of ``game_id``; returns the function that unsubscribes."""
        with self._lock:
            self._games.setdefault(game_id, set()).add(callback)

        def unsubscribe() -> None:
            with self._lock:
                subs = self._games.get(game_id)
                if subs is not None:
                    subs.discard(callback)
                    if not subs:
                        del self._games[game_id]

        return unsubscribe

    def subscribe_all(self, callback: Callback) -> Callable[[], None]:
        with self._lock:
            self._all.add(callback)
        return lambda: self._all.discard(callback)

    def _deliver(self, game_id: str, version: int) -> None:
        """Run the local subscribers; on the event loop."""
        with self._lock:
            callbacks = [*self._games.get(game_id, ()), *self._all]
        for callback in callbacks:
            try:
                callback(game_id, version)
            except Exception:  # one broken subscriber must not starve the others
                log.exception("hub subscriber failed for game %s", game_id)
