"""``Flag``: an ``asyncio.Event`` for the one task that waits on it.

Each live game's room, its chat and presence feeds, and each of its sockets' outboxes has
one task that waits for "something to do" and others that say so. ``asyncio.Event`` keeps
a deque of waiters (about 600 bytes, empty) for that; with 1,000 live games that is
megabytes of empty deques (issue 16, ``benchmarks/memory.py``). A flag holds the one
waiter's future, only while it waits.
"""

from __future__ import annotations

import asyncio


class Flag:
    """``set``/``clear``/``is_set``/``wait`` as ``asyncio.Event`` has them, for one waiter
    at a time (a second concurrent ``wait`` is refused)."""

    __slots__ = ("_is_set", "_waiter")

    def __init__(self) -> None:
        self._is_set = False
        self._waiter: asyncio.Future[None] | None = None

    def is_set(self) -> bool:
        return self._is_set

    def set(self) -> None:
        """Set the flag and wake the task waiting for it, if any."""
        self._is_set = True
        waiter = self._waiter
        if waiter is not None and not waiter.done():
            waiter.set_result(None)

    def clear(self) -> None:
        self._is_set = False

    async def wait(self) -> None:
        """Return once the flag is set (at once if it is)."""
        if self._is_set:
            return
        if self._waiter is not None:
            raise RuntimeError("a flag has one waiter at a time")
        waiter = self._waiter = asyncio.get_running_loop().create_future()
        try:
            await waiter
        finally:
            self._waiter = None
