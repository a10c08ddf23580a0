"""One room per game with live connections in this process.

The hub tells a room "game changed"; the room loads the current snapshot once (catching
up from the log, in the threadpool) and hands it to each of its connections, which send
their own seat's view. Notifications that arrive while a push is running are coalesced:
a connection gets every event anyway, because it asks for all events since the version
it last sent.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Protocol

from starlette.concurrency import run_in_threadpool

from app.hub.base import Hub
from app.services.games import GameService
from app.services.snapshots import Snapshot

log = logging.getLogger(__name__)


class Listener(Protocol):
    @property
    def seat(self) -> int | None: ...

    async def push(self, snap: Snapshot) -> None: ...


class Room:
    def __init__(self, game_id: str, service: GameService, unsubscribe: Callable[[], None]):
        self.game_id = game_id
        self.service = service
        self.listeners: set[Listener] = set()
        self._dirty = asyncio.Event()
        self._unsubscribe = unsubscribe
        self._task = asyncio.create_task(self._run(), name=f"room-{game_id}")

    def notify(self, game_id: str, version: int) -> None:
        self._dirty.set()

    def _prepare(self, seats: set[int | None]) -> Snapshot:
        # Build the views here, in the threadpool, so the event loop only sends.
        snap = self.service.snapshot(self.game_id)
        for seat in seats:
            snap.seat_state(seat)
        return snap

    async def _run(self) -> None:
        while True:
            await self._dirty.wait()
            self._dirty.clear()
            try:
                snap = await run_in_threadpool(self._prepare, {c.seat for c in self.listeners})
            except Exception:
                log.exception("room %s could not load the game", self.game_id)
                continue
            for listener in list(self.listeners):
                try:
                    await listener.push(snap)
                except Exception:  # one connection's failure must not silence the others
                    log.exception("room %s could not update a connection", self.game_id)

    def close(self) -> None:
        self._unsubscribe()
        self._task.cancel()


class Rooms:
    def __init__(self, service: GameService, hub: Hub) -> None:
        self.service = service
        self.hub = hub
        self._rooms: dict[str, Room] = {}

    def enter(self, game_id: str, listener: Listener) -> Room:
        room = self._rooms.get(game_id)
        if room is None:
            holder: list[Room] = []
            unsubscribe = self.hub.subscribe(game_id, lambda g, v: holder[0].notify(g, v))
            room = Room(game_id, self.service, unsubscribe)
            holder.append(room)
            self._rooms[game_id] = room
        room.listeners.add(listener)
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

    def close_all(self) -> None:
        for room in self._rooms.values():
            room.close()
        self._rooms.clear()
