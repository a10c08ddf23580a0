"""One room per game with live connections in this process.

The hub tells a room "game changed"; the room loads the current snapshot once (catching
up from the log, in a worker thread) and hands it to each of its connections, which send
their own seat's view. A change published by this process needs no load: its publisher
left that snapshot in the service's cache (``Hub.subscribe_changes``), so the room takes it
from there, with no query and no thread hop. A change heard from another process is read
from the database, which decides. Notifications that arrive while a push is running are coalesced:
a connection gets every event anyway, because it asks for all events since the version
it last sent.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from typing import Any, Protocol

from app.core.flag import OnDemand
from app.core.threads import in_thread
from app.hub.base import Hub
from app.services.games import GameService
from app.services.snapshots import Snapshot
from app.ws.heartbeat import Heartbeat
from app.ws.presence import PresenceFeed

log = logging.getLogger(__name__)


class Listener(Protocol):
    @property
    def seat(self) -> int | None: ...

    async def push(self, snap: Snapshot) -> None: ...

    wants_presence: bool

    async def send(self, message: dict[str, Any]) -> None: ...


class Room:
    def __init__(
        self, game_id: str, service: GameService, hub: Hub, unsubscribe: Callable[[], None]
    ):
        self.game_id = game_id
        self.service = service
        self.listeners: set[Listener] = set()
        self._from_db = False
        """A change not published by this process came since the last push: read the
        database, not the cache."""
        self._wanted = -1
        """The newest version announced by this process since the last push."""
        self._unsubscribe = unsubscribe
        self._runs = OnDemand(self._push, f"room-{game_id}")
        self.chat: Any = None
        """The room's ``ChatFeed`` (app/ws/chat.py), if the server has a chat."""
        self.presence = PresenceFeed(game_id, service, hub, self.listeners)
        """Who is at the table, sent to the room's connections (app/ws/presence.py)."""

    def notify(self, game_id: str, version: int, local: bool = False) -> None:
        if local:
            self._wanted = max(self._wanted, version)
        else:
            self._from_db = True
        self._runs.wake()

    def _cached(self) -> Snapshot | None:
        """The snapshot this process's own publishers left in the cache, if every change
        since the last push was theirs and it is at least as new as they announced."""
        from_db, wanted = self._from_db, self._wanted
        self._from_db, self._wanted = False, -1
        if from_db:
            return None
        snap = self.service.cache.peek(self.game_id)
        return snap if snap is not None and snap.version >= wanted else None

    def _prepare(self, seats: set[int | None]) -> Snapshot:
        # Build the views here, in the threadpool, so the event loop only sends.
        snap = self.service.snapshot(self.game_id)
        for seat in seats:
            snap.message_state(seat)
        return snap

    async def _push(self) -> None:
        try:
            snap = self._cached()
            if snap is None:
                snap = await in_thread(self._prepare, {c.seat for c in self.listeners})
        except Exception:
            log.exception("room %s could not load the game", self.game_id)
            return
        for listener in list(self.listeners):
            try:
                await listener.push(snap)
            except Exception:  # one connection's failure must not silence the others
                log.exception("room %s could not update a connection", self.game_id)
        snap.forget_views()  # every connection has its message: keep memory per game low

    def close(self) -> None:
        self._unsubscribe()
        self._runs.close()
        if self.chat is not None:
            self.chat.close()
        self.presence.close()


class Rooms:
    def __init__(
        self,
        service: GameService,
        hub: Hub,
        chat_feed: Callable[[str, Iterable[Any]], Any] | None = None,
    ) -> None:
        self.service = service
        self.hub = hub
        self.chat_feed = chat_feed
        """Makes a new room's chat feed (``app.ws.chat.chat_feed_factory``); ``None``: no chat."""
        self._rooms: dict[str, Room] = {}
        self._heartbeats: dict[float, Heartbeat] = {}

    def enter(self, game_id: str, listener: Listener) -> Room:
        room = self._rooms.get(game_id)
        if room is None:
            holder: list[Room] = []
            unsubscribe = self.hub.subscribe_changes(
                game_id, lambda g, v, local: holder[0].notify(g, v, local)
            )
            room = Room(game_id, self.service, self.hub, unsubscribe)
            holder.append(room)
            if self.chat_feed is not None:
                room.chat = self.chat_feed(game_id, room.listeners)
            self._rooms[game_id] = room
        room.listeners.add(listener)
        room.presence.joined(listener)
        return room

    def leave(self, game_id: str, listener: Listener) -> None:
        room = self._rooms.get(game_id)
        if room is None:
            return
        room.listeners.discard(listener)
        if not room.listeners:
            room.close()
            del self._rooms[game_id]

    def connections(self, game_id: str) -> int:
        """How many connections of this process follow ``game_id``."""
        room = self._rooms.get(game_id)
        return len(room.listeners) if room is not None else 0

    def heartbeat(self, seconds: float) -> Heartbeat:
        """The one ``Heartbeat`` of this process for connections pinged after ``seconds``."""
        beat = self._heartbeats.get(seconds)
        if beat is None:
            beat = self._heartbeats[seconds] = Heartbeat(seconds)
        return beat

    def close_all(self) -> None:
        for room in self._rooms.values():
            room.close()
        self._rooms.clear()
        for beat in self._heartbeats.values():
            beat.stop()
