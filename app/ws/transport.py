"""A game WebSocket's transport (``SocketTransport``): one receive loop and one sender. Every
message goes through the connection's ``Outbox`` (at most ``WS_SEND_QUEUE`` waiting), which
its own task writes to the network, so a room's push to a game's connections never waits for
any one client. A client that stops reading falls behind: once its outbox is full the server
drops what was waiting and closes it with 1013 (try again later). The close codes are
listed in app/ws/endpoint.py's docstring and docs/API.md.
"""

from __future__ import annotations

import asyncio
import contextlib
import enum
import logging
from collections.abc import Mapping
from typing import Any

from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from app.core import jsontext
from app.core.errors import DATABASE_ERRORS, ApiError, database_unavailable
from app.core.flag import Flag
from app.ws.heartbeat import Heartbeat

log = logging.getLogger(__name__)

MALFORMED = 1003


POLICY = 1008


INTERNAL = 1011


TRY_AGAIN_LATER = 1013  # fell behind, the database is down, too many connections: reconnect


RATE_LIMITED = 4029


TOKEN_REFUSED = {"unauthorized": 4401, "forbidden": 4403}
"""The close codes that tell a client its token is no good (and only these)."""


def refused_with(err: ApiError) -> Close:
    """The close after ``err`` refused a connection: its token's own code, else 1008."""
    return Close(TOKEN_REFUSED.get(err.code, POLICY))


class Phase(enum.Enum):
    CONNECTING = "connecting"
    AWAITING_AUTH = "awaiting_auth"  # spectating; an ``auth`` message may still come first
    AUTHENTICATING = "authenticating"  # an ``auth`` came: no spectator state from now on
    OPEN = "open"
    CLOSED = "closed"


def error_message(err: ApiError, ref: str | None = None) -> dict[str, Any]:
    message: dict[str, Any] = {"type": "error", "code": err.code, "message": err.message}
    if err.retry_after is not None:  # rate_limited, chat_too_fast: seconds to wait
        message["retry_after"] = err.retry_after
    if ref is not None:  # the refused action message's own ``ref``
        message["ref"] = ref
    return message


class Close(Exception):
    def __init__(self, code: int) -> None:
        self.code = code


class Outbox:
    """One connection's messages waiting for the network: at most ``limit``, then a close.

    ``put`` never waits, so whoever sends (the room, the receive loop) never waits for
    this client. ``get`` hands the sender the next message, or ``None`` once the outbox is
    closed and empty (then ``close_code`` says how to close the socket).
    """

    __slots__ = ("_messages", "_ready", "close_code", "ended", "limit")

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.close_code: int | None = None
        # A list: an empty deque takes about 600 bytes, and an outbox holds 0 to 2 messages
        # nearly always (``limit`` at most), so taking from the front costs nothing.
        self._messages: list[str] = []
        self._ready = Flag()
        self.ended = False
        """Ended by ``end``: the client left, so nothing more is sent, not even a close."""

    def put(self, text: str) -> bool:
        """Queue ``text``; ``False`` (nothing queued) when the outbox is full."""
        if len(self._messages) >= self.limit:
            return False
        if self.close_code is None and not self.ended:
            self._messages.append(text)
            self._ready.set()
        return True

    def close(self, code: int, *, drop_waiting: bool = False) -> None:
        """Close after what is waiting (or at once, ``drop_waiting``); the first code wins."""
        if drop_waiting:
            self._messages.clear()
        if self.close_code is None:
            self.close_code = code
        self._ready.set()

    def end(self) -> None:
        """Stop at once, dropping what is waiting and sending no close (the client left)."""
        self._messages.clear()
        self.ended = True
        self._ready.set()

    async def get(self) -> str | None:
        while not self._messages:
            if self.close_code is not None or self.ended:
                return None
            self._ready.clear()
            await self._ready.wait()
        return self._messages.pop(0)


class SocketTransport:
    """A WebSocket's transport: one receive loop and one sender writing the ``Outbox``, the
    close codes, falling behind. What the messages mean is the subclass's (``GameSocket``):
    it fills in the hooks below."""

    __slots__ = ("_receiver", "beat", "game_id", "heard_at", "outbox", "phase", "ws")

    ws: WebSocket
    outbox: Outbox
    phase: Phase
    heard_at: float
    beat: Heartbeat
    game_id: str
    _receiver: asyncio.Task[int | None] | None

    # ---- the hooks of the conversation ---------------------------------------------------

    async def on_connect(self) -> None:
        raise NotImplementedError

    async def on_receive(self, message: Mapping[str, Any]) -> None:
        raise NotImplementedError

    async def _present(self) -> None:
        """After each message received (the seat's presence)."""
        raise NotImplementedError

    def on_disconnect(self) -> None:
        raise NotImplementedError

    def _release(self) -> None:
        """Give back what the connection held (its place under the caps)."""
        raise NotImplementedError

    def _leave_room(self) -> None:
        raise NotImplementedError

    def ping(self) -> None:
        raise NotImplementedError

    # ---- the loops ------------------------------------------------------------------

    async def run(self) -> None:
        await self.ws.accept()
        # The send loop runs in this task and the receive loop in one of its own, so a
        # connection holds one task besides uvicorn's and no ``asyncio.wait`` (with their
        # futures and callbacks, about 2 KB of each open socket; benchmarks/memory.py).
        receiver = asyncio.create_task(self._receive_forever(), name=f"ws-recv-{self.game_id}")
        self._receiver = receiver
        receiver.add_done_callback(self._received_all)
        try:
            try:
                await self._send_forever()
            finally:
                # The sender ended: the outbox closed (the receiver asked for it, or the
                # client fell behind) or the socket broke; the receiver is no longer needed.
                receiver.cancel()
                self._release()
                # Counting out runs on by itself, started before anything here awaits: a
                # connection cancelled while closing (server shutdown, a client leaving) is still
                # counted out, and the connection never waits on the database to end.
                self.on_disconnect()
                await asyncio.gather(receiver, return_exceptions=True)
        except asyncio.CancelledError:
            # Cancelled from outside (server shutdown; Starlette's TestClient cancels right
            # after the client's disconnect) after or while cleaning up: the clean-up above
            # has run, so the connection ends as a closed one does. Letting the cancellation
            # out of an already finished connection made the TestClient report its session
            # as cancelled now and then.
            return

    def _received_all(self, receiver: asyncio.Task[int | None]) -> None:
        """The receive loop ended: tell the send loop how to end."""
        if receiver.cancelled():
            return  # the client fell behind: its outbox is closed already (``_fall_behind``)
        code = INTERNAL if receiver.exception() is not None else receiver.result()
        if code is None:  # the client left: nothing more to send, and no close to send
            self.outbox.end()
        else:  # what is waiting (an ``error``, say) goes out before the close
            self.outbox.close(code)

    async def _receive_forever(self) -> int | None:
        """Receive until the client leaves (``None``) or must be closed (the close code)."""
        try:
            await self.on_connect()
            clock = asyncio.get_running_loop().time
            self.beat.watch(self)  # pings while the client is silent, without a timer here
            while True:
                message = await self.ws.receive()
                self.heard_at = clock()
                if message["type"] == "websocket.disconnect":
                    return None
                await self.on_receive(message)
                await self._present()
        except Close as close:
            return close.code
        except WebSocketDisconnect:
            return None
        except DATABASE_ERRORS as exc:
            await self.send_error(database_unavailable(exc))
            return TRY_AGAIN_LATER
        except Exception:
            log.exception("websocket for game %s failed", self.game_id)
            return INTERNAL
        finally:
            self.beat.forget(self)

    async def _send_forever(self) -> None:
        """Write the outbox to the network in order; close the socket when it closes."""
        while (text := await self.outbox.get()) is not None:
            if self.ws.application_state is not WebSocketState.CONNECTED:
                return
            try:
                await self.ws.send_text(text)
            except (WebSocketDisconnect, RuntimeError, OSError):
                self.phase = Phase.CLOSED
                return
            # Else this frame holds the last message sent while it waits for the next one:
            # a whole state, 10-20 KB per idle connection (benchmarks/memory.py).
            del text
        code = None if self.outbox.ended else self.outbox.close_code
        self.phase = Phase.CLOSED
        if code is not None and self.ws.application_state is WebSocketState.CONNECTED:
            # Against a client that reads nothing this waits until it reads again or its
            # connection dies; by then it is out of its room and holds nothing else.
            with contextlib.suppress(RuntimeError, OSError, WebSocketDisconnect):
                await self.ws.close(code)

    # ---- sending --------------------------------------------------------------------

    async def send(self, message: dict[str, Any]) -> None:
        self._queue(message)

    async def send_error(self, err: ApiError) -> None:
        await self.send(error_message(err))

    def _queue(self, message: dict[str, Any]) -> None:
        self._queue_text(jsontext.text(message))

    def _queue_text(self, text: str) -> None:
        if self.phase is Phase.CLOSED and self.outbox.close_code is not None:
            return
        if not self.outbox.put(text):
            self._fall_behind()

    def _fall_behind(self) -> None:
        """The client stopped reading: stop everything for it at once (see the docstring
        of the module) so its game's other connections never wait for it."""
        log.warning(
            "websocket for game %s fell %d messages behind; closing it (%d)",
            self.game_id,
            self.outbox.limit,
            TRY_AGAIN_LATER,
        )
        self.phase = Phase.CLOSED
        self.outbox.close(TRY_AGAIN_LATER, drop_waiting=True)
        self._leave_room()
        if self._receiver is not None and self._receiver is not asyncio.current_task():
            self._receiver.cancel()
        elif self._receiver is not None:
            raise Close(TRY_AGAIN_LATER)
