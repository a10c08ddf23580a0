"""One task pings the silent connections (app/ws/heartbeat.py; docs/API.md: a ``ping``
after ``WS_HEARTBEAT`` seconds in which the client sent nothing, and again after as long).
The timing is checked by looking at the connections at chosen times (``Heartbeat.check``),
the task by awaiting what it does; tests/ws/test_protocol.py checks the pings of a real
server process."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from app.ws.heartbeat import CHECKS_PER_BEAT, Heartbeat

BEAT = 25.0


class Connection:
    def __init__(self) -> None:
        self.heard_at = 0.0
        self.pings = 0

    def ping(self) -> None:
        self.pings += 1


class Broken(Connection):
    def ping(self) -> None:
        super().ping()
        raise RuntimeError("this connection's ping fails")


def watched(beat: Heartbeat, *connections: Connection) -> None:
    """``connections`` watched, heard last at time 0, and the heartbeat's own task stopped:
    the test looks at them itself."""

    async def run() -> None:
        for connection in connections:
            beat.watch(connection)
            connection.heard_at = 0.0
        beat.stop()

    asyncio.run(run())


def test_a_silent_connection_is_pinged_after_each_heartbeat_of_silence() -> None:
    beat, silent = Heartbeat(BEAT), Connection()
    watched(beat, silent)
    beat.check(BEAT - 0.01)
    assert silent.pings == 0, "never before a heartbeat of silence"
    beat.check(BEAT)
    assert silent.pings == 1
    beat.check(BEAT + BEAT / 2)
    assert silent.pings == 1, "the ping counts as heard: the next after as long again"
    beat.check(2 * BEAT)
    assert silent.pings == 2


def test_a_ping_is_late_by_at_most_the_time_between_two_looks() -> None:
    beat, silent = Heartbeat(BEAT), Connection()
    watched(beat, silent)
    silent.heard_at = 0.3  # heard just after a look; the task looks every quarter heartbeat
    looks = [i * BEAT / CHECKS_PER_BEAT for i in range(1, 2 * CHECKS_PER_BEAT + 1)]
    for now in looks:
        beat.check(now)
        if silent.pings:
            break
    assert 0.3 + BEAT <= now <= 0.3 + BEAT + BEAT / CHECKS_PER_BEAT


def test_a_connection_that_talks_is_not_pinged_and_a_forgotten_one_never() -> None:
    beat, talking, gone = Heartbeat(BEAT), Connection(), Connection()
    watched(beat, talking, gone)
    beat.forget(gone)
    for step in range(1, 3 * 8 + 1):  # a message every eighth of a heartbeat, for three
        now = step * BEAT / 8
        talking.heard_at = now
        beat.check(now)
    assert talking.pings == 0
    beat.check(now + BEAT)  # now silent: pinged
    assert talking.pings == 1
    assert gone.pings == 0


def test_a_connection_whose_ping_fails_does_not_stop_the_others() -> None:
    beat, broken, fine = Heartbeat(BEAT), Broken(), Connection()
    watched(beat, broken, fine)
    beat.check(BEAT)
    beat.check(2 * BEAT)
    assert fine.pings == 2
    assert broken.pings == 2  # tried again a heartbeat later, like the others


async def until(done: Callable[[], bool]) -> None:
    """Let the heartbeat's task run until ``done``; the bound is for a broken task, it is
    not a timing."""
    for _ in range(10_000):
        if done():
            return
        await asyncio.sleep(0.001)
    raise AssertionError("the heartbeat's task never did it")


def test_its_task_pings_ends_with_the_last_connection_and_starts_again_with_the_next() -> None:
    async def run() -> None:
        beat = Heartbeat(0.004)  # the task's own sleeps: a heartbeat of a few milliseconds
        one = Connection()
        beat.watch(one)
        await until(lambda: one.pings >= 1)
        task = beat._task
        assert task is not None
        beat.forget(one)
        await until(task.done)  # nothing left: it ended
        other = Connection()
        beat.watch(other)
        assert beat._task is not None and beat._task is not task
        await until(lambda: other.pings >= 1)
        beat.stop()

    asyncio.run(run())
