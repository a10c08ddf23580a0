"""An account's event stream (docs/API.md, "Event stream"): ``GET /api/me/events``, NDJSON,
for a bot (its token) or a person (the session cookie); ``/ws/me``, the same messages on a
WebSocket, for a bot (its token in the handshake's ``Authorization`` header)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Annotated, Any

import anyio
from fastapi import APIRouter, Query, Request, WebSocket
from fastapi.responses import StreamingResponse
from sqlalchemy.orm import Session

from app.api.deps import account_or_bot, bot_bearer
from app.api.schemas import ERRORS
from app.core.errors import ApiError
from app.core.threads import in_thread
from app.services import sessions
from app.services.account_events import AccountEvents, ndjson
from app.services.bot_accounts import is_bot_token

router = APIRouter(tags=["bots"], responses=ERRORS)

SeeksQuery = Annotated[
    bool,
    Query(description='Also send {"type": "seeks_changed"} when the public list of seeks changes.'),
]


def _token_still_valid(bots: Any, token: str) -> Callable[[Session], bool]:
    """Whether the bot token that opened a stream still holds (not revoked, its bot and
    owner still there)."""

    def bot_valid(session: Session) -> bool:
        try:
            bots.authenticate(session, token)
        except ApiError:
            return False
        return True

    return bot_valid


def _still_valid(request: Request) -> Callable[[Session], bool]:
    """Whether what opened the stream (a bot's token, a session cookie) still holds."""
    settings = request.app.state.settings
    token = bot_bearer(request)
    if token is not None:
        return _token_still_valid(request.app.state.bot_accounts, token)
    cookie = request.cookies.get(sessions.COOKIE)

    def signed_in(session: Session) -> bool:
        return sessions.signed_in(session, cookie, settings.session_days) is not None

    return signed_in


@router.get(
    "/api/me/events",
    response_class=StreamingResponse,
    responses={200: {"content": {"application/x-ndjson": {}}}},
)
async def events(request: Request, seeks: SeeksQuery = False) -> StreamingResponse:
    """Every game of the account and every challenge to or by it, as one JSON object a
    line, until the client goes: first the current state, then each change. 401
    ``bot_token_invalid`` or ``not_signed_in`` before the stream starts."""
    service = request.app.state.service
    # Its own session, closed before streaming: a stream lasts hours and must not hold one
    # of the requests' database turns (PostgreSQL) all that time.
    async with service.db.request_session() as session:
        signed = await in_thread(account_or_bot, request, session)
    if signed is None:
        raise ApiError(
            "not_signed_in",
            "sign in first, or send a bot's token: Authorization: Bearer tfbot_...",
        )
    stream = AccountEvents(
        service,
        signed.account_id,
        request.app.state.settings.events_keepalive,
        request.app.state.challenges.for_stream,
        _still_valid(request),
        seeks=seeks,
    )
    return StreamingResponse(
        ndjson(stream.messages()),
        media_type="application/x-ndjson",
        headers={"cache-control": "no-store", "x-accel-buffering": "no"},
    )


UNAUTHORIZED = 4401
"""The close of a socket whose token the server refuses (as the game's socket closes)."""


@router.websocket("/ws/me")
async def events_socket(websocket: WebSocket, seeks: SeeksQuery = False) -> None:
    """The stream's messages as WebSocket text frames (JSON), for a bot whose token is in
    the handshake's ``Authorization: Bearer tfbot_...``. Only a bot token opens it: a
    browser cannot set that header, so another site's page cannot open it with a person's
    cookie. Refused (no token, unknown, revoked): closed with 4401 before it opens."""
    app = websocket.app
    token = _bot_token(websocket.headers.get("authorization"))
    if token is None:
        await websocket.close(code=UNAUTHORIZED)
        return
    service = app.state.service
    bots = app.state.bot_accounts
    async with service.db.request_session() as session:
        try:
            signed = await in_thread(bots.authenticate, session, token)
        except ApiError:
            await websocket.close(code=UNAUTHORIZED)
            return

    await websocket.accept()
    stream = AccountEvents(
        service,
        signed.account_id,
        app.state.settings.events_keepalive,
        app.state.challenges.for_stream,
        _token_still_valid(bots, token),
        seeks=seeks,
    )

    async with anyio.create_task_group() as group:

        async def send_all() -> None:
            async for message in stream.messages():
                await websocket.send_text(json.dumps(message, separators=(",", ":"), default=str))
                if message["type"] == "closed":
                    await websocket.close(code=UNAUTHORIZED)
                    break
            group.cancel_scope.cancel()

        async def until_gone() -> None:
            # Client frames are read only to see the client go (they tell the stream nothing).
            while (await websocket.receive())["type"] != "websocket.disconnect":
                pass
            group.cancel_scope.cancel()

        group.start_soon(send_all)
        group.start_soon(until_gone)


def _bot_token(header: str | None) -> str | None:
    if header is None:
        return None
    scheme, _, token = header.partition(" ")
    token = token.strip()
    return token if scheme.lower() == "bearer" and is_bot_token(token) else None
