"""An account's event stream (docs/API.md, "Event stream"): ``GET /api/me/events``, NDJSON,
for a bot (its token) or a person (the session cookie)."""

from __future__ import annotations

from collections.abc import Callable

from fastapi import APIRouter, Request
from fastapi.responses import StreamingResponse
from sqlalchemy.orm import Session

from app.api.deps import account_or_bot, bot_bearer
from app.api.schemas import ERRORS
from app.core.errors import ApiError
from app.core.threads import in_thread
from app.services import sessions
from app.services.account_events import AccountEvents, ndjson

router = APIRouter(tags=["bots"], responses=ERRORS)


def _still_valid(request: Request) -> Callable[[Session], bool]:
    """Whether what opened the stream (a bot's token, a session cookie) still holds."""
    settings = request.app.state.settings
    token = bot_bearer(request)
    if token is not None:
        bots = request.app.state.bot_accounts

        def bot_valid(session: Session) -> bool:
            try:
                bots.authenticate(session, token)
            except ApiError:
                return False
            return True

        return bot_valid
    cookie = request.cookies.get(sessions.COOKIE)

    def signed_in(session: Session) -> bool:
        return sessions.signed_in(session, cookie, settings.session_days) is not None

    return signed_in


@router.get(
    "/api/me/events",
    response_class=StreamingResponse,
    responses={200: {"content": {"application/x-ndjson": {}}}},
)
async def events(request: Request) -> StreamingResponse:
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
    )
    return StreamingResponse(
        ndjson(stream.messages()),
        media_type="application/x-ndjson",
        headers={"cache-control": "no-store", "x-accel-buffering": "no"},
    )
