"""``Flag`` and ``Inbox``: ``asyncio.Event`` and ``asyncio.Queue`` for what a live game
holds many of.

Each of a live game's sockets has an outbox its send loop waits on for "something to do"
(a room and its chat and presence feeds start a task only when there is something to do:
app/ws/rooms.py, app/ws/feeds.py); each open WebSocket has uvicorn's "may write" event and
its queue of received messages (``app/core/serving.py``). ``asyncio.Event`` keeps a
deque of waiters (about 600 bytes, empty) and ``asyncio.Queue`` four (its items, its getters,
its putters, and its ``join`` Event's waiters): with 1,000 live games that is megabytes of
empty deques (issue 16, ``benchmarks/memory.py``). These hold their waiters' futures only
while someone waits.
"""

from __future__ import annotations

import asyncio
from typing import Generic, TypeVar

T = TypeVar("T")


class Flag:
    """``set``/``clear``/``is_set``/``wait`` as ``asyncio.Event`` has them."""

    __slots__ = ("_is_set", "_waiters")

    def __init__(self) -> None:
        self._is_set = False
        self._waiters: list[asyncio.Future[None]] | None = None

    def is_set(self) -> bool:
        return self._is_set

    def set(self) -> None:
        """Set the flag and wake every task waiting for it (each returns even if the flag is
        cleared again before it runs, as with ``asyncio.Event``)."""
        self._is_set = True
        waiters, self._waiters = self._waiters, None
        for waiter in waiters or ():
            if not waiter.done():
                waiter.set_result(None)

    def clear(self) -> None:
        self._is_set = False

    async def wait(self) -> bool:
        """Return ``True`` once the flag is set (at once if it is)."""
        if self._is_set:
            return True
        waiter = asyncio.get_running_loop().create_future()
        if self._waiters is None:
            self._waiters = [waiter]
        else:
            self._waiters.append(waiter)
        try:
            await waiter
        finally:
            if self._waiters is not None and waiter in self._waiters:  # cancelled
                self._waiters.remove(waiter)
                if not self._waiters:
                    self._waiters = None
        return True


class Inbox(Generic[T]):
    """An unbounded first-in first-out queue: ``put_nowait``, ``get``, ``empty`` and
    ``qsize`` as ``asyncio.Queue`` has them (the part uvicorn's WebSocket protocol uses for
    a connection's received messages; its items are a list: a few at most, nearly always
    none)."""

    __slots__ = ("_filled", "_items")

    def __init__(self) -> None:
        self._items: list[T] = []
        self._filled = Flag()

    def put_nowait(self, item: T) -> None:
        self._items.append(item)
        self._filled.set()

    async def get(self) -> T:
        """The oldest item, once there is one."""
        while not self._items:
            self._filled.clear()
            await self._filled.wait()
        return self._items.pop(0)

    def empty(self) -> bool:
        return not self._items

    def qsize(self) -> int:
        return len(self._items)
