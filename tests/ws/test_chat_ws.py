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
    """A server whose chat allows 3 messages per minute per seat (or watcher's address)."""
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


async def answer_to(ws, text: str) -> dict[str, Any]:
    """What ``ws`` gets for its own message ``text``: the message itself, or an ``error``
    (others' messages before it are skipped)."""
    while True:
        got = await next_of(ws, "chat", "error")
        if got["type"] == "error" or got["message"]["text"] == text:
            return got


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


def test_too_fast_is_per_seat_over_all_its_sockets_with_retry_after(chat_server, table):
    """Opening more sockets buys no more messages: a seat's budget is one, whichever of its
    sockets (or REST) writes; another seat has its own."""
    http, game_id, tokens, _ = table

    async def run() -> None:
        first = await connect(chat_server, game_id, tokens[0])
        second = await connect(chat_server, game_id, tokens[0])  # the same seat, another tab
        for i, ws in enumerate((first, second, first)):
            await send(ws, f"m{i}")
            assert (await answer_to(ws, f"m{i}"))["type"] == "chat"
        for ws in (second, await connect(chat_server, game_id, tokens[0])):
            await send(ws, "one too many")
            refused = await answer_to(ws, "one too many")
            assert refused["type"] == "error" and refused["code"] == "chat_too_fast"
            assert 1 <= refused["retry_after"] <= 60
            assert "at most 3 messages in 60 seconds" in refused["message"]
        r = http.post(f"/api/games/{game_id}/chat", headers=bearer(tokens[0]), json={"text": "x"})
        assert r.status_code == 429
        # The other seat writes on.
        other = await connect(chat_server, game_id, tokens[1])
        await send(other, "my turn to talk")
        assert (await answer_to(other, "my turn to talk"))["type"] == "chat"
        for ws in (first, second, other):
            await ws.close()

    asyncio.run(run())
    assert texts(http, game_id) == ["m0", "m1", "m2", "my turn to talk"]


def test_watchers_budget_is_per_address_over_all_its_sockets(chat_server, table):
    http, game_id, _, _ = table
    # Addresses of their own, so no other test's watchers spent from these budgets.
    here, elsewhere = ("127.0.0.36", 0), ("127.0.0.37", 0)

    async def run() -> None:
        url = f"{chat_server.ws_url}/ws/games/{game_id}"
        sockets = [await websockets.connect(url, local_addr=here) for _ in range(4)]
        for ws in sockets:
            await next_of(ws, "state")
        for i, ws in enumerate(sockets[:3]):
            await send(ws, f"w{i}", name="Ada")
            assert (await answer_to(ws, f"w{i}"))["type"] == "chat"
        await send(sockets[3], "one too many", name="Ada")
        assert (await answer_to(sockets[3], "one too many"))["code"] == "chat_too_fast"
        # A watcher at another address has a budget of its own.
        other = await websockets.connect(url, local_addr=elsewhere)
        await next_of(other, "state")
        await send(other, "hi", name="Bo")
        assert (await answer_to(other, "hi"))["type"] == "chat"
        for ws in (*sockets, other):
            await ws.close()

    asyncio.run(run())
    assert texts(http, game_id) == ["w0", "w1", "w2", "hi"]


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
