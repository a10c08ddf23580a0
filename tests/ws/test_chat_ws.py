"""Table chat on the WebSocket (a real server process): ``{"type": "chat", "text": ...}``
from any socket reaches every socket at the table as ``{"type": "chat", "message": ...}``,
players' and watchers' alike; refusals come back as ``error`` messages on the writer's
socket only, which stays open, and store nothing; the host's switch reaches everyone."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
import websockets

from tests.conftest import bearer, fresh_database_url, invite_keys
from tests.support.server import ServerProcess

WAIT = 10


@pytest.fixture(scope="module")
def chat_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """A server whose chat allows 3 messages per minute per connection."""
    directory = tmp_path_factory.mktemp("chat")
    server = ServerProcess(
        fresh_database_url(directory), directory / "server.log", CHAT_RATE="3", CHAT_WINDOW="60"
    ).start()
    yield server
    server.stop()


@pytest.fixture
def table(chat_server) -> Iterator[tuple[httpx.Client, str, dict[int, str], str]]:
    """A running two-seat game: (http client, game id, seat tokens, host token)."""
    with httpx.Client(base_url=chat_server.url) as http:
        r = http.post("/api/games", json={"kind": "dolmengoetter", "num_seats": 2})
        game_id, keys = r.json()["id"], invite_keys(r.json())
        tokens = {
            seat: http.post(
                f"/api/games/{game_id}/seats/{seat}/join",
                json={"name": f"P{seat}", "key": keys[seat]},
            ).json()["token"]
            for seat in (0, 1)
        }
        yield http, game_id, tokens, r.json()["host_token"]


async def next_of(ws, *types: str) -> dict[str, Any]:
    """The next message of one of ``types`` (states in between are skipped)."""
    while True:
        message = json.loads(await asyncio.wait_for(ws.recv(), WAIT))
        if message["type"] in types:
            return message


async def connect(server: ServerProcess, game_id: str, token: str | None = None):
    ws = await websockets.connect(
        f"{server.ws_url}/ws/games/{game_id}" + (f"?token={token}" if token else "")
    )
    await next_of(ws, "state")  # in the room from here on
    return ws


def send(ws, text: Any, **extra: Any):
    return ws.send(json.dumps({"type": "chat", "text": text, **extra}))


def texts(http: httpx.Client, game_id: str) -> list[str]:
    return [m["text"] for m in http.get(f"/api/games/{game_id}/chat").json()["messages"]]


def test_a_message_reaches_every_seat_and_watcher_live(chat_server, table):
    http, game_id, tokens, _ = table

    async def run() -> None:
        p0 = await connect(chat_server, game_id, tokens[0])
        p1 = await connect(chat_server, game_id, tokens[1])
        watcher = await connect(chat_server, game_id)
        sockets = (p0, p1, watcher)

        await send(p0, "<b>hello</b> table")
        got = [await next_of(ws, "chat") for ws in sockets]
        message = got[0]["message"]
        assert all(g == got[0] for g in got)
        assert (message["seat"], message["watcher"], message["name"]) == (0, False, "P0")
        assert message["text"] == "<b>hello</b> table"

        await send(watcher, "nice opening", name="Ada")
        got = [await next_of(ws, "chat") for ws in sockets]
        assert all(g["message"]["watcher"] is True for g in got)
        assert got[1]["message"]["seat"] is None and got[1]["message"]["name"] == "Ada"

        # A message posted over REST reaches the sockets too.
        r = http.post(f"/api/games/{game_id}/chat", headers=bearer(tokens[1]), json={"text": "ty"})
        assert r.status_code == 201
        got = [await next_of(ws, "chat") for ws in sockets]
        assert all(g["message"] == r.json() for g in got)

        for ws in sockets:
            await ws.close()

    asyncio.run(run())
    assert texts(http, game_id) == ["<b>hello</b> table", "nice opening", "ty"]


@pytest.mark.parametrize(
    ("text", "code"),
    [("   ", "chat_empty"), ("y" * 501, "chat_too_long"), (42, "bad_request")],
)
def test_a_refused_message_is_answered_on_its_socket_only_and_not_stored(
    chat_server, table, text, code
):
    http, game_id, tokens, _ = table

    async def run() -> None:
        p0 = await connect(chat_server, game_id, tokens[0])
        p1 = await connect(chat_server, game_id, tokens[1])
        await send(p0, text)
        refused = await next_of(p0, "error", "chat")
        assert refused["type"] == "error" and refused["code"] == code
        # The socket stays open and the next message goes through; p1 saw only that one.
        await send(p0, "sorry")
        assert (await next_of(p0, "chat"))["message"]["text"] == "sorry"
        assert (await next_of(p1, "chat", "error"))["message"]["text"] == "sorry"
        await p0.close()
        await p1.close()

    asyncio.run(run())
    assert texts(http, game_id) == ["sorry"]


def test_too_fast_is_per_connection_with_retry_after(chat_server, table):
    http, game_id, tokens, _ = table

    async def run() -> None:
        first = await connect(chat_server, game_id, tokens[0])
        for i in range(3):
            await send(first, f"m{i}")
            assert (await next_of(first, "chat"))["message"]["text"] == f"m{i}"
        await send(first, "one too many")
        refused = await next_of(first, "error", "chat")
        assert refused["type"] == "error" and refused["code"] == "chat_too_fast"
        assert 1 <= refused["retry_after"] <= 60
        assert "at most 3 messages in 60 seconds" in refused["message"]
        # Another connection (the same seat in another tab) has a budget of its own.
        second = await connect(chat_server, game_id, tokens[0])
        await send(second, "from my phone")
        assert (await next_of(second, "chat", "error"))["message"]["text"] == "from my phone"
        await first.close()
        await second.close()

    asyncio.run(run())
    assert texts(http, game_id) == ["m0", "m1", "m2", "from my phone"]


def test_host_closes_watchers_chat_everyone_sees_it_players_still_talk(chat_server, table):
    http, game_id, tokens, host = table

    async def run() -> None:
        p1 = await connect(chat_server, game_id, tokens[1])
        watcher = await connect(chat_server, game_id)
        r = http.put(
            f"/api/games/{game_id}/chat/settings", headers=bearer(host), json={"watchers": False}
        )
        assert r.status_code == 200
        for ws in (p1, watcher):
            assert await next_of(ws, "chat_settings") == {
                "type": "chat_settings",
                "watchers": False,
            }
        await send(watcher, "can I still talk?")
        refused = await next_of(watcher, "error", "chat")
        assert refused["code"] == "chat_closed"
        await send(p1, "players only now")
        for ws in (p1, watcher):
            assert (await next_of(ws, "chat", "error"))["message"]["text"] == "players only now"
        await p1.close()
        await watcher.close()

    asyncio.run(run())
    assert texts(http, game_id) == ["players only now"]
