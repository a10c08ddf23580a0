"""``/ws/games/{game_id}``: one connection, as a small state machine.

connect → (optional ``auth`` as the first message) → open → closed. One receive loop;
pushes from the room arrive through ``push``; clean-up in ``finally``. Close codes:
1003 for a malformed message, 1008 for an unknown game or a refused token (also when the
host gives the connection's seat back: its token no longer holds the seat), 1011 for an
internal error. A refused action is answered with an ``error`` message and the socket
stays open.
"""

from __future__ import annotations

import asyncio
import contextlib
import enum
import json
import logging
from typing import Any

from pydantic_core import to_json
from starlette.concurrency import run_in_threadpool
from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from app.core.errors import ApiError
from app.services.games import Caller, GameService
from app.services.snapshots import Snapshot
from app.ws.rooms import Room, Rooms

log = logging.getLogger(__name__)

MALFORMED = 1003
POLICY = 1008
INTERNAL = 1011


class Phase(enum.Enum):
    CONNECTING = "connecting"
    AWAITING_AUTH = "awaiting_auth"  # spectating; an ``auth`` message may still come first
    OPEN = "open"
    CLOSED = "closed"


def error_message(err: ApiError) -> dict[str, Any]:
    return {"type": "error", "code": err.code, "message": err.message}


class Close(Exception):
    def __init__(self, code: int) -> None:
        self.code = code


class GameSocket:
    def __init__(self, websocket: WebSocket, service: GameService, rooms: Rooms, heartbeat: float):
        self.ws = websocket
        self.service = service
        self.rooms = rooms
        self.heartbeat = heartbeat
        self.game_id: str = websocket.path_params["game_id"]
        self.phase = Phase.CONNECTING
        self.caller: Caller | None = None
        self.sent: tuple[int, int] = (-1, -1)  # (version, seats_revision) last pushed
        self.events_from: int | None = None  # events of actions with seq > this are to be sent
        self.since_at_connect: int | None = None
        self._send_lock = asyncio.Lock()
        self.room: Room | None = None
        self.table_from: int | None = None  # table events after this seats revision are new
        self.counted: Caller | None = None  # the seat this socket counts as a connection of

    @property
    def seat(self) -> int | None:
        return self.caller.seat if self.caller else None

    # ---- the loop -------------------------------------------------------------------

    async def run(self) -> None:
        await self.ws.accept()
        try:
            await self.on_connect()
            while True:
                try:
                    message = await asyncio.wait_for(self.ws.receive(), timeout=self.heartbeat)
                except TimeoutError:
                    await self.send({"type": "ping"})
                    await self._present()
                    continue
                if message["type"] == "websocket.disconnect":
                    break
                await self.on_receive(message)
                await self._present()
        except Close as close:
            await self._close(close.code)
        except WebSocketDisconnect:
            pass
        except Exception:
            log.exception("websocket for game %s failed", self.game_id)
            await self._close(INTERNAL)
        finally:
            await self.on_disconnect()

    # ---- hooks ----------------------------------------------------------------------

    async def on_connect(self) -> None:
        params = self.ws.query_params
        try:
            snap, self.caller = await run_in_threadpool(
                self.service.snapshot_as, self.game_id, params.get("token")
            )
        except ApiError as err:
            await self.send_error(err)
            raise Close(POLICY) from None
        since = params.get("since")
        # Without ``since`` the first message carries no events: it is the current state.
        self.events_from = int(since) if since and since.isdigit() else None
        # An ``auth`` message restarts the events from here, so the seat's first state
        # carries them as the seat sees them (the spectator state before it is skipped).
        self.since_at_connect = self.events_from
        self.phase = Phase.OPEN if self.caller else Phase.AWAITING_AUTH
        if self.caller is not None:
            await self._count(self.caller)
        self.room = self.rooms.enter(self.game_id, self)
        # The room sends the first state like every later one, so none can overtake it.
        self.room.notify(self.game_id, snap.version)

    async def on_receive(self, message: dict[str, Any]) -> None:
        data = self._decode(message)
        kind = data.get("type")
        first = self.phase is Phase.AWAITING_AUTH
        if self.phase is Phase.AWAITING_AUTH:
            self.phase = Phase.OPEN
        if kind == "ping":
            await self.send({"type": "pong"})
        elif kind == "pong":
            pass
        elif kind == "auth":
            await self._auth(data, first)
        elif kind == "action":
            await self._action(data)
        else:
            await self.send_error(ApiError("bad_request", f"unknown message type {kind!r}"))
            raise Close(MALFORMED)

    async def on_disconnect(self) -> None:
        self.phase = Phase.CLOSED
        if self.room is not None:
            self.rooms.leave(self.game_id, self)
            self.room = None
        if self.counted is not None:
            counted, self.counted = self.counted, None
            # Shielded: a connection cancelled while closing (server shutdown, a client that
            # vanished) is still counted out; otherwise its seat would look present until the
            # count goes stale.
            done = asyncio.ensure_future(run_in_threadpool(self.service.connected, counted, -1))
            try:
                await asyncio.shield(done)
            except Exception:  # presence is best effort; it goes stale by itself
                log.exception("websocket for game %s: presence not updated", self.game_id)

    # ---- presence -------------------------------------------------------------------

    async def _count(self, caller: Caller) -> None:
        """Count this socket as a live connection of ``caller``'s seat (the host may not
        release a seat in use; docs/API.md)."""
        if self.counted is None:
            self.counted = caller
            await run_in_threadpool(self.service.connected, caller, +1)

    async def _present(self) -> None:
        if self.counted is not None and self.service.due_seen(self.counted):
            await run_in_threadpool(self.service.seen, self.counted)

    # ---- messages -------------------------------------------------------------------

    def _decode(self, message: dict[str, Any]) -> dict[str, Any]:
        text = message.get("text")
        try:
            if text is None:
                raise ValueError("binary frames are not understood")
            data = json.loads(text)
            if not isinstance(data, dict):
                raise ValueError("a message is a JSON object")
        except ValueError as exc:
            raise Close(MALFORMED) from exc
        return data

    async def _auth(self, data: dict[str, Any], first: bool) -> None:
        token = data.get("token")
        if not first or self.caller is not None or not isinstance(token, str):
            await self.send_error(
                ApiError("bad_request", "auth must be the first message and carry a token")
            )
            return
        try:
            caller = await run_in_threadpool(self.service.authenticate, self.game_id, token)
        except ApiError as err:
            await self.send_error(err)
            raise Close(POLICY) from None
        # Counted before the seat is served, so whoever sees its state sees it present.
        await self._count(caller)
        self.caller = caller
        self.sent = (-1, -1)  # the same state again, now as the seat sees it
        self.events_from = self.since_at_connect
        if self.room is not None:
            self.room.notify(self.game_id, -1)

    async def _action(self, data: dict[str, Any]) -> None:
        version, action = data.get("version"), data.get("action")
        if self.caller is None:
            err = ApiError("unauthorized", "spectators cannot act; connect with a seat token")
        elif not isinstance(version, int) or isinstance(version, bool):
            err = ApiError("bad_request", "version: an integer is required")
        elif not isinstance(action, dict):
            err = ApiError("bad_request", "action: a JSON object is required")
        else:
            try:
                await run_in_threadpool(self.service.act, self.caller, version, action)
            except ApiError as refused:
                err = refused
            else:
                return  # the room pushes the new state to everyone, this socket included
        await self.send_error(err)

    # ---- sending --------------------------------------------------------------------

    async def push(self, snap: Snapshot) -> None:
        """Send ``snap`` as this seat sees it, with the events it has not had yet."""
        async with self._send_lock:
            stamp = (snap.version, snap.seats_revision)
            if self.phase is Phase.CLOSED or stamp <= self.sent:
                return  # never step back to an older state, nor repeat one
            if not await self._still_seated(snap):
                return
            if self.events_from is None:
                self.events_from = snap.version
            if self.table_from is None:  # earlier table events are in /log
                self.table_from = snap.seats_revision
            message = {
                "type": "state",
                **snap.seat_state(self.seat),
                "events": [
                    *snap.events_for(self.seat, self.events_from),
                    *snap.table_events_after(self.table_from),
                ],
            }
            self.sent = stamp
            self.events_from = max(self.events_from, snap.version)
            self.table_from = max(self.table_from, snap.seats_revision)
            await self._send_locked(message)

    async def _still_seated(self, snap: Snapshot) -> bool:
        """Whether this connection may still see its seat's view of ``snap``. The seats
        changed since its token was checked: check it again; if the host gave the seat
        back (in this process or another), say so and close (1008) before anything of the
        seat's is sent. The page may reconnect as a spectator."""
        caller = self.caller
        if caller is None or caller.seats_revision == snap.seats_revision:
            return True
        try:
            self.caller = await run_in_threadpool(
                self.service.reconfirm, caller, snap.seats_revision
            )
        except ApiError as err:
            await self._send_locked(error_message(err))
            await self._close(POLICY)
            return False
        return True

    async def send(self, message: dict[str, Any]) -> None:
        async with self._send_lock:
            await self._send_locked(message)

    async def send_error(self, err: ApiError) -> None:
        await self.send(error_message(err))

    async def _send_locked(self, message: dict[str, Any]) -> None:
        if self.ws.application_state is not WebSocketState.CONNECTED:
            return
        try:
            # pydantic-core's encoder: several times faster than json.dumps on a whole view.
            await self.ws.send_text(to_json(message).decode())
        except (WebSocketDisconnect, RuntimeError, OSError):
            self.phase = Phase.CLOSED

    async def _close(self, code: int) -> None:
        self.phase = Phase.CLOSED
        if self.ws.application_state is WebSocketState.CONNECTED:
            with contextlib.suppress(RuntimeError):
                await self.ws.close(code)
