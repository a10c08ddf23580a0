"""The LISTEN/NOTIFY hub on its own, two hubs standing for two server processes on one real
PostgreSQL database: what each delivers to its subscribers, and how it recovers."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable

import psycopg
import pytest

from app.db.migrate import upgrade
from app.db.session import Database
from app.hub.postgres import CHANNEL, PostgresHub

pytestmark = pytest.mark.postgres

FAST = {"resync_interval": 0.5, "probe_interval": 0.2, "backoff_first": 0.05}
DEADLINE = 30.0  # how long a wait may take on a loaded machine (a deadline, not a measurement)


@pytest.fixture
def url(pg_url: str) -> str:
    db = Database(pg_url)
    upgrade(db)
    db.dispose()
    return pg_url


def sql(url: str, statement: str, *params) -> list[tuple]:
    with psycopg.connect(url.replace("+psycopg", ""), autocommit=True) as conn:
        cur = conn.execute(statement, params)
        return cur.fetchall() if cur.description else []


def add_game(url: str, game_id: str) -> None:
    sql(
        url,
        "INSERT INTO games (id, kind, num_seats, options, seed, status, version,"
        " seats_revision, created_at, updated_at)"
        " VALUES (%s, 'dolmengoetter', 2, '{}', 1, 'running', 0, 0, now(), now())",
        game_id,
    )


async def until(predicate: Callable[[], bool], timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            raise TimeoutError
        await asyncio.sleep(0.01)


def with_hubs(url: str, body: Callable[[PostgresHub, PostgresHub], Awaitable[None]]) -> None:
    async def main() -> None:
        a, b = PostgresHub(url, **FAST), PostgresHub(url, **FAST)
        await a.start()
        await b.start()
        try:
            assert a.listening.is_set() and b.listening.is_set()
            await body(a, b)
        finally:
            await a.stop()
            await b.stop()

    asyncio.run(main())


def test_a_commit_reaches_the_other_process_once_and_its_own_subscribers_once(url) -> None:
    async def body(a: PostgresHub, b: PostgresHub) -> None:
        on_a, on_b = [], []
        a.subscribe_changes("g1", lambda g, v, local: on_a.append((v, local)))
        b.subscribe_changes("g1", lambda g, v, local: on_b.append((v, local)))
        a.subscribe_changes("g2", lambda g, v, local: on_a.append(("other game", v)))
        a.publish("g1", 1)
        await until(lambda: on_b == [(1, False)], DEADLINE)
        # PostgreSQL delivers notifications in commit order: once A hears B's, its own
        # (sent before B heard it) has come back too, and must not have been delivered again.
        b.publish("g1", 2)
        await until(lambda: (2, False) in on_a, DEADLINE)
        # Each hub tells its subscribers which change it published itself.
        assert on_a == [(1, True), (2, False)] and on_b == [(1, False), (2, True)]

    with_hubs(url, body)


def test_a_commit_whose_notify_was_never_sent_is_found_by_the_version_check(url) -> None:
    """A process that died between its commit and its NOTIFY: the others notice the new
    version of a game they serve at their next periodic check."""
    add_game(url, "g1")

    async def body(a: PostgresHub, b: PostgresHub) -> None:
        seen = []
        b.subscribe_changes("g1", lambda g, v, local: seen.append(v))
        # Checks with nothing new deliver nothing (beyond one look at a game first seen).
        checked = b.checks
        await until(lambda: b.checks >= checked + 2, DEADLINE)
        assert seen in ([], [0])
        before = len(seen)
        sql(url, "UPDATE games SET version = 1, updated_at = now() WHERE id = 'g1'")
        await until(lambda: seen[before:] == [1], DEADLINE)
        checked = b.checks
        await until(lambda: b.checks >= checked + 2, DEADLINE)
        assert seen[before:] == [1], "delivered once, not at every check"

    with_hubs(url, body)


def test_a_malformed_notification_is_ignored_and_the_hub_keeps_listening(url) -> None:
    async def body(a: PostgresHub, b: PostgresHub) -> None:
        seen = []
        b.subscribe_changes("g1", lambda g, v, local: seen.append(v))
        sql(
            url,
            "SELECT pg_notify(%s, 'not json'), pg_notify(%s, '{\"game\": 1}')",
            CHANNEL,
            CHANNEL,
        )
        a.publish("g1", 4)
        await until(lambda: seen == [4], DEADLINE)
        assert b.listening.is_set() and b.reconnects == 0

    with_hubs(url, body)


def test_notifications_queued_while_the_notify_connection_is_down_are_sent_after(url) -> None:
    async def body(a: PostgresHub, b: PostgresHub) -> None:
        seen = []
        b.subscribe_changes("g1", lambda g, v, local: seen.append(v))
        # Each hub opens its publishing connection in a task of its own, after listening.
        count = (
            "SELECT count(*) FROM pg_stat_activity"
            " WHERE application_name LIKE 'tafelrunde-hub-notify%%'"
        )
        await until(lambda: sql(url, count)[0][0] == 2, DEADLINE)
        killed = sql(
            url,
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
            " WHERE application_name LIKE 'tafelrunde-hub-notify%%'",
        )
        assert len(killed) == 2  # both hubs' (one process here)
        a.publish("g1", 7)
        a.publish("g1", 8)  # coalesced: the newest version is what counts
        await until(lambda: seen and seen[-1] == 8, DEADLINE)

    with_hubs(url, body)
