"""Limits that keep one client from starving the others (issue 15; settings in config.py).

- ``BodyLimit``: an ASGI middleware that answers 413 ``payload_too_large`` before anything
  parses a body larger than ``MAX_BODY_BYTES`` (by ``Content-Length``, or by counting a
  streamed body).
- ``RateLimiter``: token buckets per client address and budget (``create``, ``join``,
  ``action``, ``ws``), refused with 429 ``rate_limited`` and ``Retry-After``.
- ``SocketCounter``: watchers' WebSocket connections per game and per client address,
  and each seat's apart from them (issue 36).

All of it is in-process: with several server processes each has its own budgets. The client
address is ``request.client``, which uvicorn takes from ``X-Forwarded-For`` only when the
peer is in ``FORWARDED_ALLOW_IPS``.
"""

from __future__ import annotations

import math
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

from fastapi import Depends, Request
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from app.core.errors import ApiError, error_response

# ---- request bodies --------------------------------------------------------------------


class BodyLimit:
    """Reads a request's body up to ``max_bytes`` before the app sees it; one byte more
    and the answer is 413 without the rest being read or anything parsed. Bodies this
    small cost nothing to hold, and buffering them is what lets the refusal come first."""

    def __init__(self, app: ASGIApp, max_bytes: int) -> None:
        self.app = app
        self.max_bytes = max_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not _has_body(scope):
            await self.app(scope, receive, send)
            return
        length = _content_length(scope)
        if length is not None and length > self.max_bytes:
            await self._refuse(scope, receive, send)
            return
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":  # the client went away
                await self.app(scope, replay([message], receive), send)
                return
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.max_bytes:
                await self._refuse(scope, receive, send)
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body = {"type": "http.request", "body": b"".join(chunks), "more_body": False}
        await self.app(scope, replay([body], receive), send)

    async def _refuse(self, scope: Scope, receive: Receive, send: Send) -> None:
        response = error_response(
            "payload_too_large", f"the request body is larger than {self.max_bytes} bytes"
        )
        # The unread rest of the body makes the connection useless for another request.
        response.headers["Connection"] = "close"
        await response(scope, receive, send)


def _has_body(scope: Scope) -> bool:
    return any(name in (b"content-length", b"transfer-encoding") for name, _ in scope["headers"])


def _content_length(scope: Scope) -> int | None:
    for name, value in scope["headers"]:
        if name == b"content-length":
            try:
                return int(value)
            except ValueError:
                return None
    return None


def replay(messages: list[Message], receive: Receive) -> Receive:
    """``receive`` that hands out ``messages`` first (a body already read), then the rest."""

    async def replayed() -> Message:
        if messages:
            return messages.pop(0)
        return await receive()

    return replayed


# ---- rates -----------------------------------------------------------------------------


class RateLimiter:
    """Token buckets: each (budget, client) may spend ``per_minute`` at once and earns them
    back evenly over a minute. A budget of 0 is no limit."""

    MAX_CLIENTS = 10_000
    """Buckets kept per budget; beyond that, full ones (clients at rest) are forgotten."""

    def __init__(
        self, per_minute: dict[str, int], clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.per_minute = per_minute
        self.clock = clock
        self._buckets: dict[str, dict[str, tuple[float, float]]] = {b: {} for b in per_minute}

    def take(self, budget: str, client: str) -> float | None:
        """Spend one token; ``None`` if there was one, else the seconds until there is."""
        capacity = self.per_minute.get(budget, 0)
        if not capacity:
            return None
        rate = capacity / 60.0
        now = self.clock()
        buckets = self._buckets[budget]
        tokens, at = buckets.get(client, (float(capacity), now))
        tokens = min(float(capacity), tokens + (now - at) * rate)
        if tokens < 1:
            buckets[client] = (tokens, now)
            return (1 - tokens) / rate
        if len(buckets) >= self.MAX_CLIENTS and client not in buckets:
            self._forget_full(budget, now)
        buckets[client] = (tokens - 1, now)
        return None

    def check(self, budget: str, client: str) -> None:
        """``take``, raising 429 ``rate_limited`` with ``Retry-After`` when refused."""
        wait = self.take(budget, client)
        if wait is not None:
            raise ApiError(
                "rate_limited",
                f"too many requests ({budget}): at most {self.per_minute[budget]} a minute",
                retry_after=max(1, math.ceil(wait)),
            )

    def _forget_full(self, budget: str, now: float) -> None:
        capacity = self.per_minute[budget]
        rate = capacity / 60.0
        buckets = self._buckets[budget]
        for client, (tokens, at) in list(buckets.items()):
            if tokens + (now - at) * rate >= capacity:
                del buckets[client]


def client_address(scope_owner: Any) -> str:
    """The client's address (a ``Request`` or ``WebSocket``), as uvicorn resolved it."""
    client = scope_owner.client
    return client.host if client else "unknown"


def rate_limit(budget: str) -> Any:
    """A route dependency spending one token of ``budget`` before anything else runs."""

    async def spend(request: Request) -> None:
        request.app.state.limiter.check(budget, client_address(request))

    return Depends(spend)


# ---- WebSocket connections ---------------------------------------------------------------


class SocketCounter:
    """Open WebSocket connections: watchers' per game and per client address, and each
    seat's apart from them. Watchers never crowd a seat out: a seat's connection counts
    against ``per_seat`` only, however many watchers (from whatever address) are in."""

    def __init__(self, per_game: int, per_client: int, per_seat: int = 0) -> None:
        self.per_game = per_game
        self.per_client = per_client
        self.per_seat = per_seat
        self.games: Counter[str] = Counter()  # watchers per game
        self.clients: Counter[str] = Counter()  # watchers per client address
        self.seats: Counter[tuple[str, int]] = Counter()

    def admit_watcher(self, game_id: str, client: str) -> str | None:
        """Count a watcher's connection in; ``None`` when admitted, else why it is not."""
        if self.per_game and self.games[game_id] >= self.per_game:
            return f"this game has {self.per_game} watchers' connections already"
        if self.per_client and self.clients[client] >= self.per_client:
            return f"this client has {self.per_client} watchers' connections already"
        self.games[game_id] += 1
        self.clients[client] += 1
        return None

    def release_watcher(self, game_id: str, client: str) -> None:
        _count_out(self.games, game_id)
        _count_out(self.clients, client)

    def admit_seat(self, game_id: str, seat: int) -> str | None:
        """Count a connection of ``seat`` in; ``None`` when admitted, else why it is not."""
        if self.per_seat and self.seats[game_id, seat] >= self.per_seat:
            return f"this seat has {self.per_seat} connections already"
        self.seats[game_id, seat] += 1
        return None

    def release_seat(self, game_id: str, seat: int) -> None:
        _count_out(self.seats, (game_id, seat))


def _count_out(counter: Counter[Any], key: Any) -> None:
    counter[key] -= 1
    if counter[key] <= 0:
        del counter[key]
