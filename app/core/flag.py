"""``Flag`` and ``Inbox``: ``asyncio.Event`` and ``asyncio.Queue`` for what a live game
holds many of; ``OnDemand``: a task only while there is work.

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
from collections.abc import Awaitable, Callable
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


class OnDemand:
    """Runs ``work`` in a task of its own while there is something to do, and holds no
    task otherwise: ``wake`` (on the event loop) asks for one more run, however often it
    is called while a run is on. A room and its feeds (app/ws/rooms.py, app/ws/feeds.py)
    are idle nearly always, and a task waiting with its frame and future is about 0.7 KB."""

    __slots__ = ("_closed", "_name", "_pending", "_task", "_work")

    def __init__(self, work: Callable[[], Awaitable[None]], name: str) -> None:
        self._work = work
        self._name = name
        self._pending = False
        self._closed = False
        self._task: asyncio.Task[None] | None = None

    def wake(self) -> None:
        self._pending = True
        if self._task is None and not self._closed:
            self._task = asyncio.get_running_loop().create_task(self._run(), name=self._name)

    async def _run(self) -> None:
        try:
            while self._pending:
                self._pending = False
                await self._work()
        finally:
            self._task = None

    def close(self) -> None:
        """No more runs; one that is on is cancelled."""
        self._closed = True
        if self._task is not None:
            self._task.cancel()
