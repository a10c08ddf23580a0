"""Table chat across two server processes on one PostgreSQL database: a message written
on one process (over REST or on a WebSocket) reaches the sockets held by the other, through
the hub's chat notices (LISTEN/NOTIFY), and so does the host's switch."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Awaitable, Callable
from typing import Any

import httpx
import psycopg
import pytest

from app.db.migrate import upgrade
from app.db.session import Database
from app.hub.postgres import PostgresHub
from tests.postgres.harness import ServerProcess, Socket

pytestmark = pytest.mark.postgres

DEADLINE = 30.0
"""A deadline for a loaded machine, not a measurement."""


def next_of(socket: Socket, kind: str) -> dict[str, Any]:
    """The next message of type ``kind`` on ``socket`` (states in between are skipped)."""
    deadline = time.monotonic() + DEADLINE
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError(f"no {kind} message in time")
        message = json.loads(socket.conn.recv(timeout=left))
        if message["type"] == kind:
            return message


def new_table(server: ServerProcess) -> tuple[str, dict[int, str], str]:
    """A two-seat game with both seats joined: its id, the seat tokens, the host token."""
    with httpx.Client(base_url=server.url, timeout=30) as http:
        r = http.post("/api/games", json={"kind": "dolmengoetter", "num_seats": 2})
        assert r.status_code == 201, r.text
        game_id, host = r.json()["id"], r.json()["host_token"]
        keys = {i["seat"]: i["key"] for i in r.json()["invites"]}
        tokens = {
            seat: http.post(
                f"/api/games/{game_id}/seats/{seat}/join",
                json={"name": f"P{seat}", "key": keys[seat]},
            ).json()["token"]
            for seat in (0, 1)
        }
    return game_id, tokens, host


def test_a_message_written_on_one_process_reaches_sockets_on_the_other(servers) -> None:
    a, b = servers
    game_id, tokens, host = new_table(a)
    p0_on_a = a.ws(game_id, tokens[0])
    watcher_on_a = a.ws(game_id)
    p1_on_b = b.ws(game_id, tokens[1])
    try:
        r = httpx.post(
            f"{b.url}/api/games/{game_id}/chat",
            headers={"Authorization": f"Bearer {tokens[1]}"},
            json={"text": "hello from B"},
            timeout=10,
        )
        assert r.status_code == 201, r.text
        for socket in (p0_on_a, watcher_on_a, p1_on_b):
            assert next_of(socket, "chat")["message"] == r.json()

        # A watcher's message on A's socket reaches the seat on B, marked as a watcher's.
        watcher_on_a.conn.send(json.dumps({"type": "chat", "text": "hi all", "name": "Ada"}))
        heard = next_of(p1_on_b, "chat")["message"]
        assert (heard["text"], heard["watcher"], heard["seat"]) == ("hi all", True, None)

        r = httpx.put(
            f"{a.url}/api/games/{game_id}/chat/settings",
            headers={"Authorization": f"Bearer {host}"},
            json={"watchers": False},
            timeout=10,
        )
        assert r.status_code == 200, r.text
        assert next_of(p1_on_b, "chat_settings")["watchers"] is False
    finally:
        for socket in (p0_on_a, watcher_on_a, p1_on_b):
            socket.close()
    page = httpx.get(f"{b.url}/api/games/{game_id}/chat", timeout=10).json()
    assert [m["text"] for m in page["messages"]] == ["hello from B", "hi all"]


# ---- the hub's chat notices on their own (two hubs standing for two processes) -------------

FAST = {"resync_interval": 0.5, "probe_interval": 0.2, "backoff_first": 0.05}


async def until(predicate: Callable[[], bool]) -> None:
    deadline = time.monotonic() + DEADLINE
    while not predicate():
        if time.monotonic() > deadline:
            raise TimeoutError
        await asyncio.sleep(0.01)


def with_hubs(url: str, body: Callable[[PostgresHub, PostgresHub], Awaitable[None]]) -> None:
    db = Database(url)
    upgrade(db)
    db.dispose()

    async def main() -> None:
        a, b = PostgresHub(url, **FAST), PostgresHub(url, **FAST)
        await a.start()
        await b.start()
        try:
            await body(a, b)
        finally:
            await a.stop()
            await b.stop()

    asyncio.run(main())


def test_chat_notices_reach_the_other_hub_each_once_and_wake_no_game_subscriber(pg_url) -> None:
    async def body(a: PostgresHub, b: PostgresHub) -> None:
        chat_a: list[int] = []
        chat_b: list[int] = []
        games: list[tuple[str, int]] = []
        a.subscribe_chat("g1", lambda g, m: chat_a.append(m))
        b.subscribe_chat("g1", lambda g, m: chat_b.append(m))
        b.subscribe_changes("g1", lambda g, v, local: games.append((g, v)))
        b.subscribe_all_changes(lambda g, v, local: games.append((g, v)))
        for message_id in (11, 12, 13):  # one notice per message: none is coalesced
            a.publish_chat("g1", message_id)
        await until(lambda: chat_b == [11, 12, 13])
        assert chat_a == [11, 12, 13]  # its own subscribers at once, and only once
        b.publish("g1", 1)  # a game notice after them: the chat subscribers hear nothing
        await until(lambda: ("g1", 1) in games)
        assert games == [("g1", 1), ("g1", 1)], "a chat notice woke a game subscriber"
        assert chat_a == [11, 12, 13] and chat_b == [11, 12, 13]

    with_hubs(pg_url, body)


def test_chat_subscribers_look_again_after_the_listener_reconnects(pg_url) -> None:
    """Notices sent while a listener was gone are lost: after reconnecting it tells its chat
    subscribers (``0``) to read what they missed from the database."""

    async def body(a: PostgresHub, b: PostgresHub) -> None:
        heard: list[int] = []
        b.subscribe_chat("g1", lambda g, m: heard.append(m))
        reconnects = b.reconnects
        with psycopg.connect(pg_url.replace("+psycopg", ""), autocommit=True) as conn:
            conn.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                " WHERE application_name LIKE 'tafelrunde-hub-listen%%'"
            )
        await until(lambda: b.reconnects > reconnects and b.listening.is_set())
        await until(lambda: 0 in heard)

    with_hubs(pg_url, body)
