"""``Flag`` (app/ws/flag.py): the rooms', feeds' and outboxes' "something to do" signal,
an ``asyncio.Event`` for one waiter without the Event's deque of waiters (issue 16, memory
per live game). What the room and the sockets rely on: a set flag is seen by a wait that
comes later, a wait is woken by a later set, a cancelled wait leaves the flag usable."""

from __future__ import annotations

import asyncio

import pytest

from app.ws.flag import Flag


def test_a_wait_after_set_returns_at_once_until_cleared() -> None:
    async def main() -> None:
        flag = Flag()
        flag.set()
        await asyncio.wait_for(flag.wait(), 1)
        assert flag.is_set()
        flag.clear()
        with pytest.raises(TimeoutError):
            await asyncio.wait_for(flag.wait(), 0.05)

    asyncio.run(main())


def test_a_set_wakes_the_waiting_task_and_a_cancelled_wait_leaves_no_waiter() -> None:
    async def main() -> None:
        flag = Flag()
        waiting = asyncio.create_task(flag.wait())
        await asyncio.sleep(0)
        assert not waiting.done()
        flag.set()
        await asyncio.wait_for(waiting, 1)
        flag.clear()
        cancelled = asyncio.create_task(flag.wait())
        await asyncio.sleep(0)
        cancelled.cancel()
        with pytest.raises(asyncio.CancelledError):
            await cancelled
        flag.set()  # nobody waits: nothing to wake, and no error
        await asyncio.wait_for(flag.wait(), 1)

    asyncio.run(main())


def test_two_tasks_may_not_wait_at_once() -> None:
    async def main() -> None:
        flag = Flag()
        first = asyncio.create_task(flag.wait())
        await asyncio.sleep(0)
        with pytest.raises(RuntimeError, match="one waiter"):
            await flag.wait()
        flag.set()
        await first

    asyncio.run(main())
