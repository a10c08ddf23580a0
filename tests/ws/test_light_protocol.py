"""``LightWebSocketProtocol`` (app/core/serving.py): uvicorn's WebSocket protocol as
``python -m app`` runs it, holding less per open connection (issue 16, memory per live
game), and still a WebSocket in every way the game sockets use one.

Each test serves a small echo app with uvicorn in a thread on a free loopback port, as
``python -m app`` does (``uvicorn_options``), and talks to it with the ``websockets``
client.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import socket
import time
import tracemalloc
from collections.abc import Iterator
from typing import Any

import pytest
import uvicorn
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.asyncio.client import connect

from app.core.config import Settings
from app.core.serving import LightWebSocketProtocol, uvicorn_options
from tests.support.threaded import uvicorn_thread

DEADLINE = 30.0  # seconds any one wait may take on a loaded machine (not a measurement)
CONNECTIONS = 20


async def echo(scope: dict[str, Any], receive: Any, send: Any) -> None:
    """Accept, then send every text back until the client leaves."""
    assert (await receive())["type"] == "websocket.connect"
    await send({"type": "websocket.accept"})
    while (message := await receive())["type"] == "websocket.receive":
        await send({"type": "websocket.send", "text": message["text"]})


class Served:
    def __init__(self, server: uvicorn.Server, port: int) -> None:
        self.server = server
        self.url = f"ws://127.0.0.1:{port}/"

    def protocols(self) -> list[Any]:
        connections = self.server.server_state.connections
        return [c for c in connections if isinstance(c, WebSocketsSansIOProtocol)]


@contextlib.contextmanager
def serve(**options: Any) -> Iterator[Served]:
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    with uvicorn_thread(echo, sock, lifespan="off", **options) as server:
        yield Served(server, port)


def on_server_loop(protocol: Any, call: Any) -> None:
    """``call()`` on the server's event loop (its thread), returning once it has run."""
    done: concurrent.futures.Future[None] = concurrent.futures.Future()
    protocol.loop.call_soon_threadsafe(lambda: (call(), done.set_result(None)))
    done.result(DEADLINE)


@pytest.fixture
def light() -> Iterator[Served]:
    with serve(**uvicorn_options(Settings())) as served:
        yield served


def test_python_m_app_serves_websockets_with_the_light_protocol() -> None:
    assert uvicorn_options(Settings())["ws"] is LightWebSocketProtocol


def test_messages_come_back_in_order_and_a_close_ends_the_app(light: Served) -> None:
    async def main() -> None:
        async with connect(light.url) as ws:
            for i in range(100):  # all sent before any is read: the inbox holds them
                await ws.send(f"m{i}")
            got = [await asyncio.wait_for(ws.recv(), DEADLINE) for _ in range(100)]
            assert got == [f"m{i}" for i in range(100)]
            (protocol,) = light.protocols()
            assert isinstance(protocol, LightWebSocketProtocol)
            # The handshake's request and response went once the connection was open, and
            # the scope's headers were emptied (the app read them before accepting, or never).
            assert not hasattr(protocol, "request") and not hasattr(protocol, "response")
            assert protocol.scope["headers"] == []
            # Every attribute uvicorn's protocol sets is a slot: an attribute in the instance
            # dict (a later uvicorn's new one) costs a dict of its own per connection.
            assert vars(protocol) == {}
        deadline = time.monotonic() + DEADLINE
        while light.protocols():  # the app saw the disconnect and ended
            assert time.monotonic() < deadline, "the connection was not closed"
            await asyncio.sleep(0.02)

    asyncio.run(main())


def test_a_send_waits_while_the_transport_is_full_and_goes_out_when_it_drains(
    light: Served,
) -> None:
    async def main() -> None:
        async with connect(light.url) as ws:
            await ws.send("first")
            assert await asyncio.wait_for(ws.recv(), DEADLINE) == "first"
            (protocol,) = light.protocols()
            # What the transport calls when its buffer passes the high-water mark.
            on_server_loop(protocol, protocol.pause_writing)
            await ws.send("held")
            with pytest.raises(TimeoutError):
                await asyncio.wait_for(ws.recv(), 0.3)  # the echo waits to be writable
            on_server_loop(protocol, protocol.resume_writing)
            assert await asyncio.wait_for(ws.recv(), DEADLINE) == "held"

    asyncio.run(main())


def held_per_connection(options: dict[str, Any]) -> float:
    """Bytes uvicorn's protocol code holds per open, idle connection (traced)."""
    with serve(**options) as served:

        async def main() -> float:
            clients = []
            # One connection first, so what the first one sets up once is not counted.
            async with connect(served.url) as warm:
                await warm.send("x")
                await warm.recv()
                tracemalloc.start(40)
                try:
                    before = tracemalloc.take_snapshot()
                    for _ in range(CONNECTIONS):
                        ws = await connect(served.url)
                        await ws.send("x")
                        assert await asyncio.wait_for(ws.recv(), DEADLINE) == "x"
                        clients.append(ws)
                    for ws in clients:  # a second round trip each: past their set-up
                        await ws.send("x")
                        assert await asyncio.wait_for(ws.recv(), DEADLINE) == "x"
                    after = tracemalloc.take_snapshot()
                finally:
                    tracemalloc.stop()
                for ws in clients:
                    await ws.close()
            in_uvicorn = tracemalloc.Filter(True, "*/uvicorn/*", all_frames=True)
            held = after.filter_traces([in_uvicorn]).compare_to(
                before.filter_traces([in_uvicorn]), "filename"
            )
            return sum(stat.size_diff for stat in held) / CONNECTIONS

        return asyncio.run(main())


def test_an_open_connection_holds_kilobytes_less_than_with_uvicorns_own_protocol() -> None:
    options = uvicorn_options(Settings())
    light = held_per_connection(options)
    stock = held_per_connection({**options, "ws": WebSocketsSansIOProtocol})
    # The queue's and the event's deques (about 3.5 KB) and the handshake's headers.
    assert light < stock - 3000, (light, stock)


KEEPALIVE = {"ws_ping_interval": 0.2, "ws_ping_timeout": 0.4}  # one shared timer, every 0.05 s


def test_an_idle_client_that_answers_is_pinged_again_and_again_and_stays(light_pings) -> None:
    async def main() -> None:
        async with connect(light_pings.url) as ws:  # the client answers pings by itself
            (protocol,) = light_pings.protocols()
            pinged_at = {0.0}  # before the first ping
            deadline = time.monotonic() + DEADLINE
            # With a timeout for answers the next ping is only scheduled once the last one
            # was answered (an unanswered one closes): four pings, three answers heard.
            while len(pinged_at) < 5:
                assert time.monotonic() < deadline, "no pings"
                pinged_at.add(protocol.ping_sent_at)
                await asyncio.sleep(0.02)
            # No timer of its own for either (KeepalivePings keeps them all).
            assert protocol.ping_timer is None and protocol.pong_timer is None
            await ws.send("still here")
            assert await asyncio.wait_for(ws.recv(), DEADLINE) == "still here"

    asyncio.run(main())


def test_a_client_that_stops_answering_pings_is_closed(light_pings) -> None:
    async def main() -> None:
        async with connect(light_pings.url, ping_interval=None) as ws:
            await ws.send("x")
            assert await asyncio.wait_for(ws.recv(), DEADLINE) == "x"
            ws.transport.pause_reading()  # it reads nothing more, so it answers no ping
            deadline = time.monotonic() + DEADLINE
            while light_pings.protocols():
                assert time.monotonic() < deadline, "the silent client was not closed"
                await asyncio.sleep(0.05)
            ws.transport.resume_reading()  # to read the close, not wait for it to time out

    asyncio.run(main())


@pytest.fixture
def light_pings() -> Iterator[Served]:
    with serve(**{**uvicorn_options(Settings()), **KEEPALIVE}) as served:
        yield served
