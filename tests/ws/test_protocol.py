"""The WebSocket protocol of docs/API.md: tokens, refusals, malformed messages, spectators,
reconnecting and heartbeats (the ``websockets`` library against a real server process)."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import httpx
import pytest
import websockets
from websockets.exceptions import ConnectionClosed

from tests.conftest import bearer


async def receive(ws, timeout: float = 10) -> dict[str, Any]:
    return json.loads(await asyncio.wait_for(ws.recv(), timeout))


async def closed_with(ws) -> int:
    with pytest.raises(ConnectionClosed) as closed:
        while True:
            await asyncio.wait_for(ws.recv(), 10)
    return closed.value.rcvd.code


@pytest.fixture
def game(live_server, kit, kind):
    """A running two-seat game: (http client, game id, tokens, seat to act)."""
    with httpx.Client(base_url=live_server.url) as http:
        game_id, tokens = kit.new_game(http, kind, 2)
        view = http.get(f"/api/games/{game_id}/view").json()
        yield http, game_id, tokens, view["view"]["to_act"][0]


def ws_url(live_server, game_id: str, query: str = "") -> str:
    return f"{live_server.ws_url}/ws/games/{game_id}{query}"


def test_token_in_query_or_first_message_gives_the_seat_view(live_server, game):
    http, game_id, tokens, _ = game

    async def run() -> None:
        async with websockets.connect(ws_url(live_server, game_id, f"?token={tokens[1]}")) as ws:
            first = await receive(ws)
            assert first["type"] == "state" and first["seat"] == 1
            assert (
                first["view"]
                == http.get(
                    f"/api/games/{game_id}/view", headers={"Authorization": f"Bearer {tokens[1]}"}
                ).json()["view"]
            )
        async with websockets.connect(ws_url(live_server, game_id)) as ws:
            spectator = await receive(ws)
            assert spectator["seat"] is None and spectator["legal_actions"] == []
            assert spectator["view"] == http.get(f"/api/games/{game_id}/view").json()["view"]
            await ws.send(json.dumps({"type": "auth", "token": tokens[0]}))
            seated = await receive(ws)
            assert seated["seat"] == 0
            # auth only as the first message
            await ws.send(json.dumps({"type": "auth", "token": tokens[1]}))
            refused = await receive(ws)
            assert refused == {
                "type": "error",
                "code": "bad_request",
                "message": refused["message"],
            }

    asyncio.run(run())


def test_auth_message_with_since_sends_the_events_as_the_seat_sees_them(live_server, game):
    """The browser keeps its token out of the URL (proxies log URLs): it connects with
    ``?since=`` only and authenticates in its first message. The seat's first state must
    then carry the events since ``since`` filtered for that seat, not the spectator's."""
    http, game_id, tokens, seat = game
    for _ in range(3):  # a few moves, so there are events with secrets to filter
        to_act = http.get(f"/api/games/{game_id}/view").json()["view"]["to_act"][0]
        legal = http.get(f"/api/games/{game_id}/legal-actions", headers=bearer(tokens[to_act]))
        body = {"version": legal.json()["version"], "action": legal.json()["actions"][0]["action"]}
        assert http.post(
            f"/api/games/{game_id}/actions", json=body, headers=bearer(tokens[to_act])
        ).is_success
    mine = http.get(f"/api/games/{game_id}/log?since=0", headers=bearer(tokens[seat])).json()
    public = http.get(f"/api/games/{game_id}/log?since=0").json()
    mine_events = [e for entry in mine["entries"] for e in entry["events"]]
    public_events = [e for entry in public["entries"] for e in entry["events"]]

    async def run() -> None:
        async with websockets.connect(ws_url(live_server, game_id, "?since=0")) as ws:
            spectator = await receive(ws)
            assert spectator["seat"] is None and spectator["events"] == public_events
            # Grouped by action, under the seat that took it, exactly as /log has them.
            assert spectator["actions"] == public["entries"]
            await ws.send(json.dumps({"type": "auth", "token": tokens[seat]}))
            seated = await receive(ws)
            assert seated["seat"] == seat and seated["events"] == mine_events
            assert seated["actions"] == mine["entries"]

    asyncio.run(run())


@pytest.mark.parametrize(
    ("token", "code", "close"),
    [("wrong", "unauthorized", 4401), ("other-game", "forbidden", 4403)],
)
def test_bad_tokens_are_refused_and_closed(live_server, kit, game, kind, token, code, close):
    """A refused token closes with a code of its own, which tells a page to let the seat go."""
    http, game_id, _, _ = game
    if token == "other-game":
        _, other_tokens = kit.new_game(http, kind, 2)
        token = other_tokens[0]

    async def run() -> None:
        async with websockets.connect(ws_url(live_server, game_id, f"?token={token}")) as ws:
            error = await receive(ws)
            assert error["type"] == "error" and error["code"] == code
            assert await closed_with(ws) == close
        async with websockets.connect(ws_url(live_server, game_id)) as ws:
            await receive(ws)
            await ws.send(json.dumps({"type": "auth", "token": token}))
            error = await receive(ws)
            assert error["code"] == code
            assert await closed_with(ws) == close

    asyncio.run(run())


def test_unknown_game_is_refused_and_closed(live_server):
    async def run() -> None:
        async with websockets.connect(ws_url(live_server, "nosuchgame")) as ws:
            error = await receive(ws)
            assert error["code"] == "unknown_game"
            assert await closed_with(ws) == 1008

    asyncio.run(run())


@pytest.mark.parametrize("path", ["/ws/games/", "/ws/games/nosuchgame/extra", "/ws/nothing"])
def test_other_socket_paths_are_refused_before_the_handshake(live_server, path):
    """Game sockets are served before the router (app/main.py); every other path still
    reaches it and is refused there, without opening a socket."""

    async def run() -> None:
        with pytest.raises(websockets.exceptions.InvalidStatus) as refused:
            async with websockets.connect(live_server.ws_url + path):
                pass
        assert refused.value.response.status_code == 403

    asyncio.run(run())


@pytest.mark.parametrize("bad", ["{not json", "[1, 2]", '{"type": "dance"}', b"\x00\x01"])
def test_malformed_messages_close_with_1003(live_server, game, bad):
    _, game_id, tokens, _ = game

    async def run() -> None:
        async with websockets.connect(ws_url(live_server, game_id, f"?token={tokens[0]}")) as ws:
            await receive(ws)
            await ws.send(bad)
            assert await closed_with(ws) == 1003

    asyncio.run(run())


def test_refused_actions_are_answered_and_the_socket_stays_open(live_server, game):
    http, game_id, tokens, seat = game
    other = 1 - seat
    version_before = http.get(f"/api/games/{game_id}").json()["version"]

    async def run() -> None:
        mine = await websockets.connect(ws_url(live_server, game_id, f"?token={tokens[seat]}"))
        theirs = await websockets.connect(ws_url(live_server, game_id, f"?token={tokens[other]}"))
        spectator = await websockets.connect(ws_url(live_server, game_id))
        state = await receive(mine)
        await receive(theirs)
        await receive(spectator)
        good = state["legal_actions"][0]["action"]
        version = state["version"]
        refusals = [
            (theirs, {"type": "action", "version": version, "action": good}, "not_your_turn"),
            (mine, {"type": "action", "version": version - 1, "action": good}, "stale_version"),
            (mine, {"type": "action", "version": version, "action": {"type": "x"}}, "bad_action"),
            (mine, {"type": "action", "version": "7", "action": good}, "bad_request"),
            (mine, {"type": "action", "version": version}, "bad_request"),
            (spectator, {"type": "action", "version": version, "action": good}, "unauthorized"),
        ]
        for ws, message, code in refusals:
            await ws.send(json.dumps(message))
            error = await receive(ws)
            assert (error["type"], error["code"]) == ("error", code), error
        for ws in (mine, theirs, spectator):  # still open and answering
            await ws.send(json.dumps({"type": "ping"}))
            assert await receive(ws) == {"type": "pong"}
        # Nothing changed; then the good action goes through and everyone hears of it.
        assert http.get(f"/api/games/{game_id}").json()["version"] == version_before
        await mine.send(json.dumps({"type": "action", "version": version, "action": good}))
        for ws in (mine, theirs, spectator):
            update = await receive(ws)
            assert update["type"] == "state" and update["version"] == version + 1
            assert update["events"]
        for ws in (mine, theirs, spectator):
            await ws.close()

    asyncio.run(run())


def test_an_action_refused_on_the_socket_comes_back_with_its_ref(live_server, game):
    """docs/API.md: an action message may carry ``ref``; its refusal echoes it, so a page
    tells the answer to its move from any other error. A bad ``ref`` refuses the action."""
    http, game_id, tokens, seat = game

    async def run() -> None:
        async with websockets.connect(
            ws_url(live_server, game_id, f"?token={tokens[seat]}")
        ) as mine:
            state = await receive(mine)
            good, version = state["legal_actions"][0]["action"], state["version"]
            move = {"type": "action", "version": version, "action": good}
            await mine.send(json.dumps({**move, "version": version - 1, "ref": "move-7"}))
            assert await receive(mine) == {
                "type": "error",
                "code": "stale_version",
                "message": f"the game is at version {version}; "
                f"your action was based on version {version - 1}",
                "ref": "move-7",
            }
            await mine.send(json.dumps({**move, "version": version - 1}))
            assert "ref" not in await receive(mine)  # none sent, none echoed
            for bad in ("", "x" * 65, 7, ["move-7"]):
                await mine.send(json.dumps({**move, "ref": bad}))
                error = await receive(mine)
                assert (error["code"], "ref" in error) == ("bad_request", False), error
                assert "ref: a string of 1 to 64 characters" in error["message"]
            assert http.get(f"/api/games/{game_id}").json()["version"] == version
            # Accepted: the answer is the next state (shared by the seat's connections).
            await mine.send(json.dumps({**move, "ref": "x" * 64}))
            update = await receive(mine)
            assert update["type"] == "state" and update["version"] == version + 1
            assert "ref" not in update

    asyncio.run(run())


def test_a_reconnecting_client_gets_the_current_state(live_server, kit, game):
    http, game_id, tokens, seat = game

    async def run() -> None:
        async with websockets.connect(ws_url(live_server, game_id, f"?token={tokens[seat]}")) as ws:
            state = await receive(ws)
        # While disconnected, the seat acts over REST.
        r = http.post(
            f"/api/games/{game_id}/actions",
            headers=kit.bearer(tokens[seat]),
            json={"version": state["version"], "action": state["legal_actions"][0]["action"]},
        )
        assert r.status_code == 200
        query = f"?token={tokens[seat]}&since={state['version']}"
        async with websockets.connect(ws_url(live_server, game_id, query)) as ws:
            again = await receive(ws)
            assert again["version"] == state["version"] + 1
            assert (
                again["view"]
                == http.get(f"/api/games/{game_id}/view", headers=kit.bearer(tokens[seat])).json()[
                    "view"
                ]
            )
            assert again["events"] == r.json()["events"]  # what it missed, asked with since

    asyncio.run(run())


def test_the_server_pings_idle_connections(server_factory, kit, kind):
    server = server_factory(WS_HEARTBEAT="0.3")
    with httpx.Client(base_url=server.url) as http:
        game_id, _ = kit.new_game(http, kind, 2)

    async def run() -> None:
        async with websockets.connect(f"{server.ws_url}/ws/games/{game_id}") as ws:
            assert (await receive(ws))["type"] == "state"
            assert await receive(ws, timeout=5) == {"type": "ping"}
            await ws.send(json.dumps({"type": "pong"}))
            assert await receive(ws, timeout=5) == {"type": "ping"}

    asyncio.run(run())


def test_an_internal_error_closes_with_1011_and_changes_nothing(client, kit, kind):
    """In-process (Starlette's TestClient) so the test can make the service fail."""
    game_id, tokens = kit.new_game(client, kind, 2)
    seat = client.get(f"/api/games/{game_id}/view").json()["view"]["to_act"][0]
    service = client.app.state.service

    def broken(*args, **kwargs):
        raise RuntimeError("the database went away")

    with client.websocket_connect(f"/ws/games/{game_id}?token={tokens[seat]}") as ws:
        state = ws.receive_json()
        # Instance attributes shadow the methods for this app only: the move's write fails
        # whether it is written on the event loop's thread or in a worker thread.
        service.db.writing_now = service.db.writing = broken
        action = state["legal_actions"][0]["action"]
        ws.send_json({"type": "action", "version": state["version"], "action": action})
        closing = ws.receive()
        assert closing["type"] == "websocket.close" and closing["code"] == 1011
    del service.db.writing_now, service.db.writing
    assert client.get(f"/api/games/{game_id}").json()["version"] == state["version"]
