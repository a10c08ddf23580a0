"""uvicorn's HTTP protocol with a deadline for reading each request (slow headers or body).

uvicorn closes idle keep-alive connections (``timeout_keep_alive``) but waits forever for a
request that is sent a byte at a time: a few hundred such connections (slowloris) hold the
server's sockets. Here each request must arrive whole, headers and body, within
``request_timeout`` seconds of its first byte (or of the connection opening); otherwise the
connection is closed without an answer. A WebSocket upgrade ends the deadline: from then on
the heartbeat and uvicorn's pings govern the connection.
"""

from __future__ import annotations

import asyncio

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol


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
