"""Limits that only a real uvicorn process enforces (issue 15): WebSocket messages over
``WS_MAX_MESSAGE_BYTES`` close with 1009, and connections that send a request too slowly
(slowloris) or sit idle after one are closed by the server."""

from __future__ import annotations

import asyncio
import json
import socket
import time
from collections.abc import Iterator

import httpx
import pytest
import websockets
from websockets.exceptions import ConnectionClosed

from tests.conftest import fresh_database_url, new_game
from tests.support.server import ServerProcess


@pytest.fixture(scope="module")
def small_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    directory = tmp_path_factory.mktemp("limits")
    server = ServerProcess(
        fresh_database_url(directory),
        directory / "server.log",
        WS_MAX_MESSAGE_BYTES="1024",
        MAX_BODY_BYTES="1024",
        REQUEST_TIMEOUT="1",
        TIMEOUT_KEEP_ALIVE="1",
    ).start()
    yield server
    server.stop()


def closed_by_server(sock: socket.socket, deadline: float = 30) -> bool:
    """Whether the server closes ``sock`` (reads until EOF) before ``deadline`` seconds."""
    sock.settimeout(1)
    end = time.monotonic() + deadline
    while time.monotonic() < end:
        try:
            if sock.recv(4096) == b"":
                return True
        except TimeoutError:
            continue
        except ConnectionResetError:
            return True
    return False


def test_a_websocket_message_over_the_limit_closes_with_1009(small_server):
    with httpx.Client(base_url=small_server.url) as http:
        game_id, _ = new_game(http, "dolmengoetter", 2)

    async def run() -> int:
        async with websockets.connect(f"{small_server.ws_url}/ws/games/{game_id}") as ws:
            await asyncio.wait_for(ws.recv(), 10)
            await ws.send('{"type": "ping", "pad": "' + "x" * 2000 + '"}')
            with pytest.raises(ConnectionClosed) as closed:
                while True:
                    await asyncio.wait_for(ws.recv(), 10)
            return closed.value.rcvd.code

    assert asyncio.run(run()) == 1009


def test_a_body_over_the_limit_gets_413_over_the_wire(small_server):
    r = httpx.post(
        f"{small_server.url}/api/games", json={"kind": "x", "pad": "x" * 2000}, timeout=10
    )
    assert r.status_code == 413
    assert r.json()["error"]["code"] == "payload_too_large"


def test_a_request_whose_headers_never_end_is_closed(small_server):
    with socket.create_connection(("127.0.0.1", small_server.port), timeout=10) as sock:
        sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: ")
        assert closed_by_server(sock)


def test_a_connection_that_never_sends_a_byte_is_closed(small_server):
    with socket.create_connection(("127.0.0.1", small_server.port), timeout=10) as sock:
        assert closed_by_server(sock)


def test_an_idle_keep_alive_connection_is_closed_after_its_answer(small_server):
    with socket.create_connection(("127.0.0.1", small_server.port), timeout=10) as sock:
        sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        sock.settimeout(10)
        assert sock.recv(4096).startswith(b"HTTP/1.1 200")
        assert closed_by_server(sock)


def test_a_request_sent_in_parts_is_answered(small_server):
    with socket.create_connection(("127.0.0.1", small_server.port), timeout=10) as sock:
        sock.sendall(b"GET /healthz HTTP/1.1\r\n")
        sock.sendall(b"Host: x\r\n\r\n")
        sock.settimeout(10)
        assert sock.recv(4096).startswith(b"HTTP/1.1 200")


def test_a_websocket_outlives_the_request_deadline(small_server):
    with httpx.Client(base_url=small_server.url) as http:
        game_id, _ = new_game(http, "dolmengoetter", 2)

    def deadline_passed() -> None:
        """A request whose headers never end is cut at REQUEST_TIMEOUT (1 s here, as
        TIMEOUT_KEEP_ALIVE): once the server closes it, the deadline has passed there."""
        with socket.create_connection(("127.0.0.1", small_server.port), timeout=30) as slow:
            slow.sendall(b"GET /healthz HTTP/1.1\r\n")
            while slow.recv(4096):
                pass

    async def run() -> dict:
        async with websockets.connect(f"{small_server.ws_url}/ws/games/{game_id}") as ws:
            await asyncio.wait_for(ws.recv(), 10)
            await asyncio.to_thread(deadline_passed)
            await ws.send('{"type": "ping"}')
            return json.loads(await asyncio.wait_for(ws.recv(), 10))

    assert asyncio.run(run()) == {"type": "pong"}
