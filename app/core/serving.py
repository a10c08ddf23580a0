"""uvicorn's protocols as this server runs them: a deadline for reading each HTTP request,
and WebSocket connections that hold less while open.

uvicorn closes idle keep-alive connections (``timeout_keep_alive``) but waits forever for a
request that is sent a byte at a time: a few hundred such connections (slowloris) hold the
server's sockets. Here each request must arrive whole, headers and body, within
``request_timeout`` seconds of its first byte (or of the connection opening); otherwise the
connection is closed without an answer. A WebSocket upgrade ends the deadline: from then on
the heartbeat and uvicorn's pings govern the connection.

A live game keeps two or more WebSockets open for as long as it is played, so what uvicorn's
protocol holds per connection is most of a live game's memory (issue 16,
``benchmarks/memory.py``). ``LightWebSocketProtocol`` is uvicorn's own (``websockets``
sans-I/O) protocol with its received-message queue and its "may write" event replaced by
``app/core/flag.py``'s ``Inbox`` and ``Flag`` (their empty deques were about 3.5 KB per
connection), and it lets the handshake's request and response go once the connection is
open (their headers are read by nothing after the handshake; the ASGI scope keeps its own
copy of the request's): about 4.8 KB less per open connection in all
(tests/ws/test_light_protocol.py).
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

from app.core.flag import Flag, Inbox

if TYPE_CHECKING:
    from app.core.config import Settings


def uvicorn_options(settings: Settings) -> dict[str, Any]:
    """How ``python -m app`` has uvicorn serve (tests that start uvicorn themselves use the
    same): the protocols below and the settings' limits."""
    return {
        "http": with_request_timeout(settings.request_timeout),
        "ws": LightWebSocketProtocol,
        "ws_max_size": settings.ws_max_message_bytes,
        "ws_per_message_deflate": settings.ws_compression,
        "timeout_keep_alive": settings.timeout_keep_alive,
        "access_log": settings.access_log,
    }


def with_request_timeout(seconds: float) -> type[asyncio.Protocol]:
    """The protocol class to pass to ``uvicorn.run(http=...)``."""

    class TimedHttpToolsProtocol(HttpToolsProtocol):
        _request_deadline: asyncio.TimerHandle | None = None

        def _arm(self) -> None:
            if self._request_deadline is None:
                self._request_deadline = self.loop.call_later(seconds, self._too_slow)

        def _disarm(self) -> None:
            if self._request_deadline is not None:
                self._request_deadline.cancel()
                self._request_deadline = None

        def _too_slow(self) -> None:
            self._request_deadline = None
            if not self.transport.is_closing():
                self.transport.close()

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            self._arm()

        def on_message_begin(self) -> None:
            super().on_message_begin()
            self._arm()

        def on_message_complete(self) -> None:
            self._disarm()
            super().on_message_complete()

        def handle_websocket_upgrade(self) -> None:
            self._disarm()
            super().handle_websocket_upgrade()

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            super().connection_lost(exc)

    return TimedHttpToolsProtocol


class LightWebSocketProtocol(WebSocketsSansIOProtocol):
    """The protocol class to pass to ``uvicorn.run(ws=...)``: uvicorn's, lighter."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.queue = Inbox()  # type: ignore[assignment]
        self.writable = Flag()  # type: ignore[assignment]
        self.writable.set()

    def start_keepalive(self) -> None:
        # uvicorn calls this once, right after it has sent the handshake's response: the
        # request and the response have done their part. The request's headers are emptied
        # as well, since websockets' parser keeps the request (a local of its generator) for
        # the connection's life.
        super().start_keepalive()
        request = self.__dict__.pop("request", None)
        if request is not None:
            request.headers.clear()
        self.__dict__.pop("response", None)
