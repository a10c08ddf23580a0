"""``Flag``, ``Inbox`` and ``OnDemand`` (app/core/flag.py): ``asyncio.Event`` and
``asyncio.Queue`` without their deques, and a task only while there is work (issue 16,
memory per live game), for the outboxes' "something to do" signals, each WebSocket's "may
write" signal and received messages (app/core/serving.py), and the rooms' and feeds' runs.
What the room, the sockets and uvicorn's protocol rely on: a set flag is seen by a wait
that comes later, a set wakes every waiting task, a cancelled wait leaves the flag usable;
an inbox gives its items in order, each to one getter, and a getter waits until there is
one; wakes during a run give one more run, never a lost or a concurrent one."""

from __future__ import annotations

import asyncio

import pytest

from app.core.flag import Flag, Inbox, OnDemand


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


def test_a_set_wakes_every_waiting_task() -> None:
    async def main() -> None:
        flag = Flag()
        waiting = [asyncio.create_task(flag.wait()) for _ in range(3)]
        await asyncio.sleep(0)
        assert not any(task.done() for task in waiting)
        flag.set()
        flag.clear()  # cleared before they run: each still returns, as with asyncio.Event
        assert await asyncio.wait_for(asyncio.gather(*waiting), 1) == [True, True, True]
        assert not flag.is_set()

    asyncio.run(main())


def test_an_inbox_gives_each_item_once_in_order_to_whoever_waits() -> None:
    async def main() -> None:
        inbox: Inbox[int] = Inbox()
        assert inbox.empty() and inbox.qsize() == 0
        getters = [asyncio.create_task(inbox.get()) for _ in range(2)]
        await asyncio.sleep(0)
        assert not any(task.done() for task in getters)
        for item in (1, 2, 3):
            inbox.put_nowait(item)
        assert inbox.qsize() == 3
        got = await asyncio.wait_for(asyncio.gather(*getters), 1)
        assert sorted(got) == [1, 2]  # each item to one getter only
        assert await asyncio.wait_for(inbox.get(), 1) == 3
        assert inbox.empty()
        late = asyncio.create_task(inbox.get())
        for _ in range(10):  # turns of the loop, no time: a getter with an item would be done
            await asyncio.sleep(0)
        assert not late.done()  # nothing to give: it waits
        inbox.put_nowait(4)
        assert await asyncio.wait_for(late, 1) == 4

    asyncio.run(main())


def test_wakes_during_a_run_give_one_more_run_and_an_idle_one_holds_no_task() -> None:
    async def main() -> None:
        runs: list[int] = []
        running = 0
        gate = asyncio.Event()

        async def work() -> None:
            nonlocal running
            running += 1
            assert running == 1  # never two runs at once
            runs.append(len(runs))
            await gate.wait()
            running -= 1

        on_demand = OnDemand(work, "test")
        assert on_demand._task is None
        on_demand.wake()
        await asyncio.sleep(0)
        assert runs == [0]
        for _ in range(5):  # while the first run waits: coalesced into one more
            on_demand.wake()
        gate.set()
        for _ in range(10):
            await asyncio.sleep(0)
        assert runs == [0, 1]
        assert on_demand._task is None  # idle: no task held
        on_demand.wake()  # and woken again later, it runs again
        for _ in range(10):
            await asyncio.sleep(0)
        assert runs == [0, 1, 2] and on_demand._task is None

    asyncio.run(main())


def test_a_closed_one_cancels_its_run_and_runs_no_more() -> None:
    async def main() -> None:
        started = asyncio.Event()

        async def work() -> None:
            started.set()
            await asyncio.Event().wait()  # a run that only ends when cancelled

        on_demand = OnDemand(work, "test")
        on_demand.wake()
        await asyncio.wait_for(started.wait(), 1)
        task = on_demand._task
        assert task is not None
        on_demand.close()
        with pytest.raises(asyncio.CancelledError):
            await task
        started.clear()
        on_demand.wake()
        for _ in range(10):  # turns of the loop in which a run would have started
            await asyncio.sleep(0)
        assert not started.is_set() and on_demand._task is None

    asyncio.run(main())
