"""``/ws/games/{game_id}``: one connection's conversation about its game, as a small state
machine: connect → (optional ``auth`` as the first message) → open → closed. The transport
under it (receive loop, sender, outbox, falling behind) is app/ws/transport.py; what each
message means is here. Close codes: 1003 for a malformed message (also JSON nested too
deeply to parse), 1008 for an unknown game, 4401 (``unauthorized``) and 4403 (``forbidden``)
for a refused token (4401 also when the host gives the connection's seat back), 1009 for a
message over ``WS_MAX_MESSAGE_BYTES`` (uvicorn closes it), 1011 for an internal error, 1013
when the client fell behind, while the database is unavailable and for one connection too
many (``too_many_connections``), 4029 after ``rate_limited``. Only 4401 and 4403 tell a
client its token is no good; after any other code it may come back with it. A refused
action is answered with an ``error`` message and the socket stays open.

Connections are counted as watchers' (per game, per client address) or as their seat's
(``SocketCounter``), so watchers never crowd a seat out. A seat's token mostly comes in the
first message, after the socket is open: a connection over the watchers' caps is therefore
refused only if its first message, within ``WS_AUTH_SECONDS``, is not a seat's ``auth``.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Mapping
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.websockets import WebSocket, WebSocketDisconnect

from app.core import jsontext
from app.core.errors import DATABASE_ERRORS, ApiError, database_failed, database_unavailable
from app.core.inputs import PLAIN_NUMBER, plain_int
from app.core.limits import RateLimiter, SocketCounter, client_address
from app.services.base import Caller
from app.services.chat import ChatService
from app.services.games import GameService
from app.services.snapshots import Snapshot
from app.ws.chat import ChatSender
from app.ws.messages import MAX_REF_LENGTH, action_ref, decode, state_message
from app.ws.rooms import Room, Rooms
from app.ws.transport import (
    MALFORMED,
    POLICY,
    RATE_LIMITED,
    TRY_AGAIN_LATER,
    Close,
    Outbox,
    Phase,
    SocketTransport,
    error_message,
    refused_with,
)

log = logging.getLogger(__name__)


WATCHING = -1
"""``GameSocket.held`` of a connection counted as a watcher's."""


_COUNTING_OUT: set[asyncio.Future[None]] = set()
"""Tasks counting closed sockets out of their seats' connections, kept until they finish."""


class GameSocket(SocketTransport):
    # Slots, not an instance dict: every open socket of every live game has one (issue 16).
    __slots__ = (
        "_push_lock",
        "auth_seconds",
        "caller",
        "chat",
        "client",
        "counted",
        "events_from",
        "held",
        "limiter",
        "room",
        "rooms",
        "sent",
        "service",
        "since_at_connect",
        "sockets",
        "table_from",
        "wants_presence",
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

    # ---- hooks of the transport -------------------------------------------------------

    def ping(self) -> None:
        """``ping`` the client after a heartbeat of its silence (app/ws/heartbeat.py); a
        connection still open keeps its seat's presence fresh."""
        self._queue({"type": "ping"})
        self.service.seen(self.counted)

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
        try:
            return decode(message)
        except (ValueError, RecursionError) as exc:
            raise Close(MALFORMED) from exc

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
            await self.send(error_message(err, action_ref(message)))
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
