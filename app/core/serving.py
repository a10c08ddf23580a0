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
(tests/ws/test_light_protocol.py). Once accepted it also empties the scope's headers, and
its keepalive pings (uvicorn's ``ws_ping_interval`` and ``ws_ping_timeout``, 20 s each) run
on ``KeepalivePings``, one timer per event loop, instead of two timers per connection.
"""

from __future__ import annotations

import asyncio
import random
import struct
import weakref
from typing import TYPE_CHECKING, Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.frames import Frame

from app.core.flag import Flag, Inbox

if TYPE_CHECKING:
    from app.core.config import Settings


def serve() -> None:
    """Serve ``app.main:app`` at ``HOST``:``PORT`` with the options below (``python -m app``,
    ``tafelrunde serve``)."""
    import uvicorn

    from app.core.config import get_settings

    settings = get_settings()
    uvicorn.run("app.main:app", host=settings.host, port=settings.port, **uvicorn_options(settings))


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


class KeepalivePings:
    """The keepalive pings of one event loop's WebSockets: when each connection is to be
    pinged next, and by when a pinged one must answer, with one timer for all of them.

    uvicorn's protocol keeps a timer of its own per connection for its next ping and, while
    a ping is out, one for the answer (about 0.5 KB each; a cancelled answer timer stays in
    the loop's heap until its time would have come, so a connection that answers in
    milliseconds still holds it for ``ws_ping_timeout`` seconds). Here the timer runs
    every ``tick`` seconds while any connection is open, so a ping or a missed answer is
    acted on at most ``tick`` late (a quarter of the shorter of the two intervals)."""

    def __init__(self, tick: float) -> None:
        # No reference to the loop (the key this is kept under, weakly): only its timer
        # and the connections it holds reach it, and only while connections are open.
        self.tick = tick
        self.pings: dict[LightWebSocketProtocol, float] = {}
        self.answers: dict[LightWebSocketProtocol, float] = {}
        self._timer: asyncio.TimerHandle | None = None

    def ping_at(self, protocol: LightWebSocketProtocol, when: float) -> None:
        self.pings[protocol] = when
        self._arm(protocol.loop)

    def answer_by(self, protocol: LightWebSocketProtocol, when: float) -> None:
        self.answers[protocol] = when
        self._arm(protocol.loop)

    def answered(self, protocol: LightWebSocketProtocol) -> bool:
        """Whether ``protocol`` was waiting for an answer (now no longer)."""
        return self.answers.pop(protocol, None) is not None

    def forget(self, protocol: LightWebSocketProtocol) -> None:
        self.pings.pop(protocol, None)
        self.answers.pop(protocol, None)

    def _arm(self, loop: asyncio.AbstractEventLoop) -> None:
        if self._timer is None:
            self._timer = loop.call_later(self.tick, self._run)

    def _run(self) -> None:
        self._timer = None
        loop = asyncio.get_running_loop()
        now = loop.time()
        for protocol in [p for p, when in self.answers.items() if when <= now]:
            del self.answers[protocol]
            protocol.keepalive_timeout()
        for protocol in [p for p, when in self.pings.items() if when <= now]:
            del self.pings[protocol]
            protocol.send_keepalive_ping()
        if self.pings or self.answers:
            self._arm(loop)


_KEEPALIVE: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, KeepalivePings] = (
    weakref.WeakKeyDictionary()
)


class LightWebSocketProtocol(WebSocketsSansIOProtocol):
    """The protocol class to pass to ``uvicorn.run(ws=...)``: uvicorn's, lighter."""

    # Every attribute uvicorn's protocol sets, as slots: its 37 are more than an instance
    # dict shares keys for (30), so each connection had a dict of its own, about 1.5 KB,
    # against 8 bytes a slot. An attribute a later uvicorn adds lands in the instance dict
    # as before (tests/ws/test_light_protocol.py says which).
    __slots__ = (
        "app",
        "app_state",
        "asgi_version",
        "client",
        "close_sent",
        "close_timeout",
        "close_timer",
        "config",
        "conn",
        "connections",
        "curr_msg_data_type",
        "default_headers",
        "disconnected",
        "frames",
        "handshake_complete",
        "handshake_initiated",
        "initial_response",
        "last_ping_rtt",
        "logger",
        "loop",
        "pending_ping_payload",
        "ping_interval",
        "ping_sent_at",
        "ping_timeout",
        "ping_timer",
        "pong_timer",
        "queue",
        "read_paused",
        "request",
        "response",
        "root_path",
        "scheme",
        "scope",
        "server",
        "tasks",
        "transport",
        "writable",
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.queue = Inbox()  # type: ignore[assignment]
        self.writable = Flag()  # type: ignore[assignment]
        self.writable.set()

    def start_keepalive(self) -> None:
        # uvicorn calls this once, right after it has sent the handshake's response: the
        # request and the response have done their part. The request's headers are emptied
        # as well, since websockets' parser keeps the request (a local of its generator) for
        # the connection's life. So are the ASGI scope's (about 0.9 KB a connection): the
        # app has accepted the connection, and reads them before it does or not at all.
        super().start_keepalive()
        request = getattr(self, "request", None)
        if request is not None:
            request.headers.clear()
            del self.request
        if hasattr(self, "response"):
            del self.response
        headers = self.scope.get("headers")
        if isinstance(headers, list):
            headers.clear()

    def _keepalive(self) -> KeepalivePings:
        pings = _KEEPALIVE.get(self.loop)
        if pings is None:
            shorter = min(t for t in (self.ping_interval, self.ping_timeout, 60.0) if t)
            pings = _KEEPALIVE[self.loop] = KeepalivePings(shorter / 4)
        return pings

    # The keepalive as uvicorn's (``websockets_sansio_impl``), its two timers replaced by
    # ``KeepalivePings``.
    def schedule_ping(self) -> None:
        assert self.ping_interval is not None
        delay = max(0.0, self.ping_interval - self.last_ping_rtt)
        self._keepalive().ping_at(self, self.loop.time() + delay)

    def send_keepalive_ping(self) -> None:
        if self.close_sent or self.transport.is_closing():
            return
        # A random payload tells this ping's answer from stale or unsolicited pongs.
        self.pending_ping_payload = struct.pack("!I", random.getrandbits(32))
        self.ping_sent_at = self.loop.time()
        self.conn.send_ping(self.pending_ping_payload)
        self.transport.write(b"".join(self.conn.data_to_send()))
        if self.ping_timeout is not None:
            self._keepalive().answer_by(self, self.ping_sent_at + self.ping_timeout)
        else:
            self.schedule_ping()

    def handle_pong(self, event: Frame) -> None:
        if self.pending_ping_payload is None or bytes(event.data) != self.pending_ping_payload:
            return
        self.last_ping_rtt = self.loop.time() - self.ping_sent_at
        self.pending_ping_payload = None
        if self._keepalive().answered(self):
            self.schedule_ping()

    def stop_keepalive(self) -> None:
        super().stop_keepalive()
        self._keepalive().forget(self)
