"""One task pings the silent connections (app/ws/heartbeat.py; docs/API.md: a ``ping``
after ``WS_HEARTBEAT`` seconds in which the client sent nothing, and again after as long).
tests/ws/test_protocol.py checks the pings of a real server process."""

from __future__ import annotations

import asyncio

from app.ws.heartbeat import CHECKS_PER_BEAT, Heartbeat

BEAT = 0.3


class Connection:
    def __init__(self) -> None:
        self.heard_at = 0.0
        self.pings: list[float] = []

    def ping(self) -> None:
        self.pings.append(asyncio.get_running_loop().time())


class Broken(Connection):
    def ping(self) -> None:
        super().ping()
        raise RuntimeError("this connection's ping fails")


async def pinged(connection: Connection, times: int, within: float = 5.0) -> None:
    async def wait() -> None:
        while len(connection.pings) < times:
            await asyncio.sleep(0.01)

    await asyncio.wait_for(wait(), within)


def test_a_silent_connection_is_pinged_after_each_heartbeat_of_silence() -> None:
    async def run() -> None:
        beat, silent = Heartbeat(BEAT), Connection()
        beat.watch(silent)
        start = silent.heard_at
        await pinged(silent, 2)
        # Never sooner than a heartbeat; later by a check's interval, and a busy machine's
        # scheduling slack.
        late = BEAT / CHECKS_PER_BEAT + 0.15
        first, second = (t - start for t in silent.pings[:2])
        assert BEAT <= first <= BEAT + late
        assert BEAT <= second - first <= BEAT + late
        beat.stop()

    asyncio.run(run())


def test_a_connection_that_talks_is_not_pinged_and_a_forgotten_one_never() -> None:
    async def run() -> None:
        beat, talking, gone = Heartbeat(BEAT), Connection(), Connection()
        beat.watch(talking)
        beat.watch(gone)
        beat.forget(gone)
        loop = asyncio.get_running_loop()
        for _ in range(3 * 8):  # a message every eighth of a heartbeat, for three of them
            await asyncio.sleep(BEAT / 8)
            talking.heard_at = loop.time()
        assert talking.pings == []
        await pinged(talking, 1)  # now silent: pinged
        assert gone.pings == []
        beat.stop()

    asyncio.run(run())


def test_its_task_ends_with_the_last_connection_and_starts_again_with_the_next() -> None:
    async def run() -> None:
        beat, one = Heartbeat(BEAT), Connection()
        beat.watch(one)
        task = beat._task
        assert task is not None
        beat.forget(one)
        await asyncio.wait_for(task, 2 * BEAT)  # nothing left to watch: it ends by itself
        other = Connection()
        beat.watch(other)
        await pinged(other, 1)
        beat.stop()

    asyncio.run(run())


def test_a_connection_whose_ping_fails_does_not_stop_the_others() -> None:
    async def run() -> None:
        beat, broken, fine = Heartbeat(BEAT), Broken(), Connection()
        beat.watch(broken)
        beat.watch(fine)
        await pinged(fine, 2)
        assert len(broken.pings) >= 2  # tried again a heartbeat later, like the others
        beat.stop()

    asyncio.run(run())
