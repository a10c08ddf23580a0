"""Table chat across two server processes on one PostgreSQL database: a message written
on one process (over REST or on a WebSocket) reaches the sockets held by the other, through
the hub's chat notices (LISTEN/NOTIFY), and so does the host's switch."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.postgres.harness import ServerProcess, Socket

pytestmark = pytest.mark.postgres

DEADLINE = 30.0
"""A deadline for a loaded machine, not a measurement."""


@pytest.fixture
def servers(pg_url: str, tmp_path: Path) -> Iterator[tuple[ServerProcess, ServerProcess]]:
    a = ServerProcess("a", pg_url, tmp_path, BOT_DELAY="0").start()
    b = ServerProcess("b", pg_url, tmp_path, BOT_DELAY="0")
    try:
        b.start()
        yield a, b
    finally:
        a.stop()
        b.stop()


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
