"""Presence on the WebSocket: ``{"type": "presence", "seats": [...]}`` to each connection of
a room that asked for it (``?presence=1``) whenever a seat's count of open WebSockets was
written, in any server process.

The hub's presence notices (``Hub.publish_presence``: a socket opened or closed, a seat
joined or given back) wake the room's ``PresenceFeed``; it reads the seats' presence from
the database once (``GameService.presence``, what ``GET .../presence`` answers) and sends it
to the room's connections that want it when it changed, and to all of them when one such
joined the room. So a page learns that a player closed theirs within a moment, without
asking every few seconds (at a thousand live games, two pages each asking every 3 s made
more requests than the moves did). Presence is public: every connection gets the same
message. It is asked for, so clients that follow only the game's states (bots) get none.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from typing import Any, Protocol

from app.core.threads import in_thread
from app.hub.base import Hub
from app.services.games import GameService
from app.ws.feeds import Feed, Listener

log = logging.getLogger(__name__)


class PresenceListener(Listener, Protocol):
    wants_presence: bool


class PresenceFeed(Feed[PresenceListener]):
    """One room's presence notices → the room's connections that asked for presence."""

    kind = "presence"

    def __init__(
        self,
        game_id: str,
        service: GameService,
        hub: Hub,
        listeners: Iterable[PresenceListener],
    ) -> None:
        self.service = service
        self._last: list[dict[str, Any]] | None = None
        self._everyone = True
        """Send the next reading even if unchanged: a connection joined the room since."""
        super().__init__(game_id, hub, listeners)

    def _subscribe(self, hub: Hub) -> Callable[[], None]:
        return hub.subscribe_presence(self.game_id, self.notify)

    def joined(self, listener: PresenceListener) -> None:
        """A connection entered the room: if it wants presence, it gets it as it is now."""
        if listener.wants_presence:
            self._everyone = True
            self.notify(self.game_id, 0)

    def _read(self) -> list[dict[str, Any]]:
        with self.service.db.session() as session:
            return self.service.presence(session, self.game_id)

    async def _pass(self) -> None:
        everyone, self._everyone = self._everyone, False
        listeners = [c for c in self.listeners if c.wants_presence]
        if not listeners:
            self._last = None  # nobody to tell; a reading made later is news
            return
        try:
            seats = await in_thread(self._read)
        except Exception:
            log.exception("presence of game %s could not be read", self.game_id)
            return
        if seats == self._last and not everyone:
            return
        self._last = seats
        await self._send(listeners, [{"type": "presence", "seats": seats}])
