"""``/ws/games/{game_id}``: one connection, as a small state machine.

connect → (optional ``auth`` as the first message) → open → closed. One receive loop and
one sender: every message goes through the connection's ``Outbox`` (at most
``WS_SEND_QUEUE`` waiting), which its own task writes to the network, so a room's push to a
game's connections never waits for any one client. A client that stops reading falls
behind: once its outbox is full the server drops what was waiting and closes it with 1013
(try again later); it reconnects with ``?since=`` and gets every event it missed. Other
close codes: 1003 for a malformed message (also JSON nested too deeply to parse), 1008 for
an unknown game, 4401 (``unauthorized``) and 4403 (``forbidden``) for a refused token (4401
also when the host gives the connection's seat back: its token no longer holds the seat),
1009 for a message over ``WS_MAX_MESSAGE_BYTES`` (uvicorn closes it), 1011 for an internal
error, 1013 while the database is unavailable and for one connection too many
(``too_many_connections``), 4029 after ``rate_limited``. Only 4401 and 4403 tell a client
its token is no good; after any other code it may come back with it. A refused action is
answered with an ``error`` message and the socket stays open.

Connections are counted as watchers' (per game, per client address) or as their seat's
(``SocketCounter``), so watchers never crowd a seat out. A seat's token mostly comes in the
first message, after the socket is open: a connection over the watchers' caps is therefore
refused only if its first message, within ``WS_AUTH_SECONDS``, is not a seat's ``auth``.
"""

from __future__ import annotations

import asyncio
import contextlib
import enum
import json
import logging
from collections.abc import Mapping
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from app.core import jsontext
from app.core.errors import DATABASE_ERRORS, ApiError, database_failed, database_unavailable
from app.core.flag import Flag
from app.core.inputs import PLAIN_NUMBER, plain_int
from app.core.limits import RateLimiter, SocketCounter, client_address
from app.services.chat import ChatService
from app.services.games import Caller, GameService
from app.services.snapshots import Snapshot
from app.ws.chat import ChatSender
from app.ws.rooms import Room, Rooms

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


WATCHING = -1
"""``GameSocket.held`` of a connection counted as a watcher's."""

MAX_REF_LENGTH = 64
"""Longest ``ref`` an action message may carry (docs/API.md)."""


def error_message(err: ApiError, ref: str | None = None) -> dict[str, Any]:
    message: dict[str, Any] = {"type": "error", "code": err.code, "message": err.message}
    if err.retry_after is not None:  # rate_limited, chat_too_fast: seconds to wait
        message["retry_after"] = err.retry_after
    if ref is not None:  # the refused action message's own ``ref``
        message["ref"] = ref
    return message


def state_message(
    snap: Snapshot, seat: int | None, events_from: int, table_from: int
) -> dict[str, Any]:
    """The ``state`` message of ``snap`` for ``seat``, with the events of actions after
    ``events_from`` and the table events after seats revision ``table_from``."""
    # The same events twice over: flat (``events``, as before) and grouped by the action
    # that caused them, with its seat (``actions``, the entries of /log).
    actions = snap.log_for(seat, events_from)
    return {
        "type": "state",
        **snap.message_state(seat),
        "events": [
            *(e for entry in actions for e in entry["events"]),
            *snap.table_events_after(table_from),
        ],
        "actions": actions,
    }


class Close(Exception):
    def __init__(self, code: int) -> None:
        self.code = code


_COUNTING_OUT: set[asyncio.Future[None]] = set()
"""Tasks counting closed sockets out of their seats' connections, kept until they finish."""


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


class GameSocket:
    # Slots, not an instance dict: every open socket of every live game has one (issue 16).
    __slots__ = (
        "_push_lock",
        "_receiver",
        "auth_seconds",
        "beat",
        "caller",
        "chat",
        "client",
        "counted",
        "events_from",
        "game_id",
        "heard_at",
        "held",
        "limiter",
        "outbox",
        "phase",
        "room",
        "rooms",
        "sent",
        "service",
        "since_at_connect",
        "sockets",
        "table_from",
        "wants_presence",
        "ws",
    )

    def __init__(
        self,
        websocket: WebSocket,
        service: GameService,
        rooms: Rooms,
        heartbeat: float,
        send_queue: int = 64,
        limiter: RateLimiter | None = None,
        sockets: SocketCounter | None = None,
        chat: ChatService | None = None,
        auth_seconds: float = 5.0,
    ):
        self.ws = websocket
        self.limiter = limiter
        self.sockets = sockets
        self.auth_seconds = auth_seconds  # WS_AUTH_SECONDS: the wait for a seat over the caps
        self.held: int | None = None  # counted in ``sockets``: WATCHING, or the seat
        self.client = client_address(websocket)
        self.chat = ChatSender(chat, self.client) if chat is not None else None
        self.service = service
        self.rooms = rooms
        self.beat = rooms.heartbeat(heartbeat)
        self.heard_at = 0.0  # the loop's time of the client's last message (app/ws/heartbeat.py)
        self.game_id: str = websocket.path_params["game_id"]
        self.phase = Phase.CONNECTING
        self.caller: Caller | None = None
        self.sent: tuple[int, int] = (-1, -1)  # (version, seats_revision) last pushed
        self.events_from: int | None = None  # events of actions with seq > this are to be sent
        self.since_at_connect: int | None = None
        self.outbox = Outbox(send_queue)
        self._push_lock = asyncio.Lock()
        self._receiver: asyncio.Task[int | None] | None = None
        self.room: Room | None = None
        self.table_from: int | None = None  # table events after this seats revision are new
        self.counted: Caller | None = None  # the seat this socket counts as a connection of
        self.wants_presence = False  # ``?presence=1``: send ``presence`` messages (docs/API.md)

    @property
    def seat(self) -> int | None:
        return self.caller.seat if self.caller else None

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

    def ping(self) -> None:
        """``ping`` the client after a heartbeat of its silence (app/ws/heartbeat.py); a
        connection still open keeps its seat's presence fresh."""
        self._queue({"type": "ping"})
        self.service.seen(self.counted)

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

    # ---- hooks ----------------------------------------------------------------------

    async def on_connect(self) -> None:
        params = self.ws.query_params
        try:
            snap, caller = await run_in_threadpool(
                self.service.snapshot_as, self.game_id, params.get("token")
            )
        except ApiError as err:
            await self.send_error(err)
            raise refused_with(err) from None
        since = params.get("since")
        # Without ``since`` the first message carries no events: it is the current state.
        self.events_from = plain_int(since) if since is not None else None
        if since is not None and self.events_from is None:
            await self.send_error(ApiError("bad_request", f"since: {PLAIN_NUMBER}"))
            raise Close(POLICY)
        # An ``auth`` message restarts the events from here, so the seat's first state
        # carries them as the seat sees them (the spectator state before it is skipped).
        self.since_at_connect = self.events_from
        self.wants_presence = params.get("presence") == "1"
        self.phase = Phase.OPEN if caller else Phase.AWAITING_AUTH
        if caller is not None:
            await self._seat(caller)
        elif (refusal := self._admit(WATCHING)) is not None:
            await self._seat_or_refuse(refusal)
        self.room = self.rooms.enter(self.game_id, self)
        # The room sends the first state like every later one, so none can overtake it.
        self.room.notify(self.game_id, snap.version)

    async def on_receive(self, message: Mapping[str, Any]) -> None:
        await self._spend(message)
        data = self._decode(message)
        kind = data.get("type")
        first = self.phase is Phase.AWAITING_AUTH
        if first:
            # Set before the token is checked (which awaits): a room push meanwhile must not
            # send the spectator's state to a client that has asked for its seat's.
            self.phase = Phase.AUTHENTICATING if kind == "auth" else Phase.OPEN
        if kind == "ping":
            await self.send({"type": "pong"})
        elif kind == "pong":
            pass
        elif kind == "auth":
            await self._auth(data, first)
        elif kind == "action":
            await self._action(data)
        elif kind == "chat" and self.chat is not None:
            refused = await self.chat.receive(self.game_id, self.caller, data)
            if refused is not None:
                await self.send_error(refused)
        else:
            await self.send_error(ApiError("bad_request", f"unknown message type {kind!r}"))
            raise Close(MALFORMED)

    def on_disconnect(self) -> None:
        """Leave the room and count this socket out of its seat's connections (the host may
        release a seat only while nobody is connected to it), in a task of its own."""
        self.phase = Phase.CLOSED
        self._leave_room()
        if self.counted is None:
            return
        counted, self.counted = self.counted, None
        task = asyncio.ensure_future(self._count_out(counted))
        _COUNTING_OUT.add(task)  # a reference until done: the loop keeps only weak ones
        task.add_done_callback(_COUNTING_OUT.discard)

    async def _count_out(self, counted: Caller) -> None:
        try:
            await self.service.count_socket(counted, -1)
        # Presence is best effort; a count left behind goes stale by itself.
        except DATABASE_ERRORS as exc:  # one line each while the database is away
            database_failed(log, f"websocket for game {self.game_id}: presence not updated", exc)
        except Exception:
            log.exception("websocket for game %s: presence not updated", self.game_id)

    def _release(self) -> None:
        """Count this socket out of the connections it was admitted as."""
        held, self.held = self.held, None
        if self.sockets is None or held is None:
            return
        if held == WATCHING:
            self.sockets.release_watcher(self.game_id, self.client)
        else:
            self.sockets.release_seat(self.game_id, held)

    def _leave_room(self) -> None:
        if self.room is not None:
            self.rooms.leave(self.game_id, self)
            self.room = None

    # ---- admission ------------------------------------------------------------------

    def _admit(self, held: int) -> str | None:
        """Count this socket in as a watcher's (``WATCHING``) or as ``held``'s seat, instead
        of what it held so far; ``None`` when admitted, else why it is not."""
        if self.sockets is None or self.held == held:
            return None
        if self.phase is Phase.CLOSED:  # closed meanwhile: its count is released already
            return "this connection is closed"
        if held == WATCHING:
            refusal = self.sockets.admit_watcher(self.game_id, self.client)
        else:
            refusal = self.sockets.admit_seat(self.game_id, held)
        if refusal is None:
            self._release()
            self.held = held
        return refusal

    async def _seat(self, caller: Caller) -> None:
        """Admit this socket as a connection of ``caller``'s seat, or refuse it (1013)."""
        refusal = self._admit(caller.seat)
        if refusal is not None:
            await self.send_error(ApiError("too_many_connections", refusal))
            raise Close(TRY_AGAIN_LATER)
        # Counted before the seat is served, so whoever sees its state sees it present.
        await self._count(caller)
        self.caller = caller

    async def _seat_or_refuse(self, refusal: str) -> None:
        """Over the watchers' caps, only a seat still comes in: its ``auth`` must be the
        first message, within ``auth_seconds``. Anything else is refused (1013)."""
        message: Mapping[str, Any] | None = None
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(self.auth_seconds):
                message = await self.ws.receive()
        if message is not None:
            if message["type"] == "websocket.disconnect":
                raise WebSocketDisconnect()
            await self._spend(message)
            data = self._decode(message)
            if data.get("type") == "auth" and isinstance(data.get("token"), str):
                self.phase = Phase.AUTHENTICATING
                await self._auth(data, first=True)
                return
        await self.send_error(ApiError("too_many_connections", refusal))
        raise Close(TRY_AGAIN_LATER)

    # ---- presence -------------------------------------------------------------------

    async def _count(self, caller: Caller) -> None:
        """Count this socket as a live connection of ``caller``'s seat (the host may not
        release a seat in use; docs/API.md)."""
        if self.counted is None:
            self.counted = caller
            await self.service.count_socket(caller, +1)

    async def _present(self) -> None:
        self.service.seen(self.counted)

    # ---- messages -------------------------------------------------------------------

    def _decode(self, message: Mapping[str, Any]) -> dict[str, Any]:
        text = message.get("text")
        try:
            if text is None:
                raise ValueError("binary frames are not understood")
            data = json.loads(text)
            if not isinstance(data, dict):
                raise ValueError("a message is a JSON object")
        except (ValueError, RecursionError) as exc:  # RecursionError: nested too deeply
            raise Close(MALFORMED) from exc
        return data

    async def _auth(self, data: dict[str, Any], first: bool) -> None:
        token = data.get("token")
        if not first or self.caller is not None or not isinstance(token, str):
            if self.phase is Phase.AUTHENTICATING:
                self.phase = Phase.OPEN  # no token to check: it stays a spectator
            await self.send_error(
                ApiError("bad_request", "auth must be the first message and carry a token")
            )
            return
        try:
            caller = await run_in_threadpool(self.service.authenticate, self.game_id, token)
        except ApiError as err:
            await self.send_error(err)
            raise refused_with(err) from None
        await self._seat(caller)
        self.sent = (-1, -1)  # the same state again, now as the seat sees it
        self.events_from = self.since_at_connect
        self.phase = Phase.OPEN
        if self.room is not None:
            self.room.notify(self.game_id, -1)

    async def _action(self, data: dict[str, Any]) -> None:
        version, action, ref = data.get("version"), data.get("action"), data.get("ref")
        # ``ref`` lets a client tell this action's refusal from any other error (a page
        # waits for the answer to its move, docs/API.md); an accepted action is answered
        # by the room's next state, which every connection of the seat shares.
        if ref is not None and not (isinstance(ref, str) and 0 < len(ref) <= MAX_REF_LENGTH):
            ref = None
            err = ApiError("bad_request", f"ref: a string of 1 to {MAX_REF_LENGTH} characters")
        elif self.caller is None:
            err = ApiError("unauthorized", "spectators cannot act; connect with a seat token")
        elif not isinstance(version, int) or isinstance(version, bool):
            err = ApiError("bad_request", "version: an integer is required")
        elif not isinstance(action, dict):
            err = ApiError("bad_request", "action: a JSON object is required")
        else:
            try:
                await self.service.act_on_loop(self.caller, version, action)
            except ApiError as refused:
                err = refused
            except DATABASE_ERRORS as exc:
                await self.send(error_message(database_unavailable(exc), ref))
                raise Close(TRY_AGAIN_LATER) from None
            else:
                return  # the room pushes the new state to everyone, this socket included
        await self.send(error_message(err, ref))

    async def _spend(self, message: Mapping[str, Any]) -> None:
        """Spend one of the client's WebSocket messages (``RATE_WS_MESSAGES``); past the
        rate, answer ``rate_limited`` (with the refused action's ``ref``) and close."""
        if self.limiter is None:
            return
        try:
            self.limiter.check("ws", self.client)
        except ApiError as err:
            await self.send(error_message(err, _action_ref(message)))
            raise Close(RATE_LIMITED) from None

    # ---- sending --------------------------------------------------------------------

    async def push(self, snap: Snapshot) -> None:
        """Queue ``snap`` as this seat sees it, with the events it has not had yet."""
        async with self._push_lock:
            stamp = (snap.version, snap.seats_revision)
            if self.phase in (Phase.CLOSED, Phase.AUTHENTICATING) or stamp <= self.sent:
                return  # never step back to an older state, nor repeat one
            if not await self._still_seated(snap):
                return
            if self.events_from is None:
                self.events_from = snap.version
            if self.table_from is None:  # earlier table events are in /log
                self.table_from = snap.seats_revision
            seat, events_from, table_from = self.seat, self.events_from, self.table_from
            # Built and encoded once per version for every connection of the same seat that
            # is as far (a seat's several tabs, the spectators): the text is all it depends on.
            text = snap.remember(
                ("message", seat, events_from, table_from),
                lambda: jsontext.text(state_message(snap, seat, events_from, table_from)),
            )
            self.sent = stamp
            self.events_from = max(events_from, snap.version)
            self.table_from = max(table_from, snap.seats_revision)
            self._queue_text(text)

    async def _still_seated(self, snap: Snapshot) -> bool:
        """Whether this connection may still see its seat's view of ``snap``. The seats
        changed since its token was checked: check it again; if the host gave the seat
        back (in this process or another), say so and close (4401) before anything of the
        seat's is sent. The page may reconnect as a spectator."""
        caller = self.caller
        if caller is None or caller.seats_revision == snap.seats_revision:
            return True
        try:
            self.caller = await run_in_threadpool(
                self.service.reconfirm, caller, snap.seats_revision
            )
        except ApiError as err:
            self._queue(error_message(err))
            self.phase = Phase.CLOSED
            self.outbox.close(refused_with(err).code)
            return False
        return True

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


def _action_ref(message: Mapping[str, Any]) -> str | None:
    """The ``ref`` of an action message, if it is one with a valid ``ref`` (else ``None``):
    a refusal before the message is read still names the move it refuses."""
    text = message.get("text")
    if text is None:
        return None
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return None
    if not isinstance(data, dict) or data.get("type") != "action":
        return None
    ref = data.get("ref")
    return ref if isinstance(ref, str) and 0 < len(ref) <= MAX_REF_LENGTH else None
