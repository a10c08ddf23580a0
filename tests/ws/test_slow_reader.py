"""One slow reader must not stall a game (docs/API.md, close code 1013).

A client that stops reading (a phone whose network stalled, a bot stuck in a long think)
lets the server's buffers for its socket fill up. The game's other sockets must still get
every move at once, and the slow one is closed with 1013 so it reconnects with ``?since=``
and catches up. The slow client here is a raw TCP socket with a tiny receive buffer that
reads nothing after the handshake; websockets' sans-I/O protocol only parses what it reads
at the end. The server is uvicorn, as ``python -m app`` runs it (``uvicorn_options``: uvicorn's
WebSocket protocol with ``app/core/flag.py``'s signals), on a listening socket
with a small send buffer (accepted sockets inherit it): on loopback the kernel would
otherwise buffer megabytes, hundreds of moves, before the server noticed anything.
"""

from __future__ import annotations

import asyncio
import json
import socket
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets
from websockets.client import ClientProtocol
from websockets.frames import Opcode
from websockets.http11 import Response
from websockets.uri import parse_uri

from app.core.config import Settings
from app.core.serving import uvicorn_options
from app.main import create_app
from tests.conftest import bearer, fresh_database_url, new_game
from tests.support.threaded import uvicorn_thread

KIND = "dschingis_khan"
MOVES_AT_MOST = 150  # several times what it takes to fill one stalled socket's buffers
DEADLINE = 60.0  # seconds any one wait may take on a loaded machine (not a measurement)


class StalledClient:
    """A WebSocket client that completes the handshake, then reads nothing until told."""

    def __init__(self, url: str) -> None:
        uri = parse_uri(url)
        self.protocol = ClientProtocol(uri, max_size=None)
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        # Before connecting, so the kernel neither autotunes it nor advertises a big window.
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        self.sock.settimeout(DEADLINE)
        self.sock.connect((uri.host, uri.port))
        self.protocol.send_request(self.protocol.connect())
        self.sock.sendall(b"".join(self.protocol.data_to_send()))
        self.events: list[Any] = []
        while not any(isinstance(e, Response) for e in self.events):
            self._read_some()
        assert self.protocol.handshake_exc is None, self.protocol.handshake_exc

    def _read_some(self) -> bool:
        try:
            data = self.sock.recv(65536)
        except ConnectionResetError:
            data = b""
        if data:
            self.protocol.receive_data(data)
        else:
            self.protocol.receive_eof()
        self.events.extend(self.protocol.events_received())
        return bool(data)

    def read_to_the_end(self) -> tuple[list[dict[str, Any]], int | None]:
        """Resume reading: every message the server sent, and its close code (``None``
        when the connection ended without a close frame)."""
        while self._read_some():
            if self.protocol.close_rcvd is not None:
                break
        texts = [e.data for e in self.events if getattr(e, "opcode", None) is Opcode.TEXT]
        close = self.protocol.close_rcvd
        self.sock.close()
        return [json.loads(t) for t in texts], close.code if close else None


async def wait_for_state(ws, version: int) -> dict[str, Any]:
    """The next ``state`` message; it must be exactly ``version`` (no move skipped)."""
    while True:
        message = json.loads(await asyncio.wait_for(ws.recv(), DEADLINE))
        if message["type"] == "state":
            assert message["version"] == version, (message["version"], version)
            return message


class Server:
    def __init__(self, app: Any, sock: socket.socket) -> None:
        self.app = app
        host, port = sock.getsockname()
        self.url, self.ws_url = f"http://{host}:{port}", f"ws://{host}:{port}"


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    settings = Settings(database_url=fresh_database_url(tmp_path), bot_delay=0, ws_send_queue=2)
    app = create_app(settings)
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 4096)
    sock.bind(("127.0.0.1", 0))
    with uvicorn_thread(app, sock, **uvicorn_options(settings)):
        yield Server(app, sock)


def test_a_stalled_reader_is_closed_while_the_other_seats_get_every_move(server):
    http = httpx.Client(base_url=server.url)
    game_id, tokens = new_game(http, KIND, 2)
    url = f"{server.ws_url}/ws/games/{game_id}"
    stalled = StalledClient(url)  # a spectator: it could only ever see public things
    rooms = server.app.state.rooms

    async def play() -> int:
        """Move after move until the server gives up on the stalled client; each move's
        state must reach seat 0's socket before the next move is made."""
        async with websockets.connect(f"{url}?token={tokens[0]}") as seat0:
            state = await wait_for_state(seat0, 0)
            for _ in range(MOVES_AT_MOST):
                if rooms.connections(game_id) == 1:  # only seat 0 left: the stalled one is out
                    return state["version"]
                to_act = state["view"]["to_act"][0]
                legal = http.get(
                    f"/api/games/{game_id}/legal-actions", headers=bearer(tokens[to_act])
                ).json()
                body = {"version": legal["version"], "action": legal["actions"][0]["action"]}
                posted = http.post(
                    f"/api/games/{game_id}/actions", json=body, headers=bearer(tokens[to_act])
                )
                assert posted.is_success, posted.text
                state = await wait_for_state(seat0, state["version"] + 1)
                assert state["status"] == "running", "the game ended before the buffers filled"
        raise AssertionError(f"{MOVES_AT_MOST} moves and the stalled client is still served")

    version = asyncio.run(play())
    messages, code = stalled.read_to_the_end()
    assert code == 1013
    seen = [m["version"] for m in messages if m["type"] == "state"]
    assert seen and seen[-1] < version  # cut off: what it missed comes with the reconnect

    async def reconnect() -> dict[str, Any]:
        async with websockets.connect(f"{url}?since={seen[-1]}") as ws:
            return await wait_for_state(ws, version)

    caught_up = asyncio.run(reconnect())
    log = http.get(f"/api/games/{game_id}/log?since={seen[-1]}").json()
    assert caught_up["events"] == [e for entry in log["entries"] for e in entry["events"]]
    http.close()
