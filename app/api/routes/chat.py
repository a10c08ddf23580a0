"""Table chat: read and write a game's chat, and the host's switch for watchers' chat.

The WebSocket carries the same messages live (``{"type": "chat"}``, app/ws/chat.py).
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Query, Request
from pydantic import BaseModel, Field, StrictBool, StrictStr

from app.api.deps import (
    OPTIONAL_TOKEN,
    BearerDep,
    GameIdDep,
    PlainDigits,
    SessionDep,
    bearer_token,
    token_seat,
)
from app.api.schemas import ERRORS, Error, Strict
from app.core.errors import ApiError
from app.core.limits import client_address
from app.services.base import Caller
from app.services.chat import MAX_NAME, MAX_TEXT, PAGE, ChatService, rate_key

router = APIRouter(
    prefix="/api/games/{game_id}/chat",
    tags=["chat"],
    responses={
        **ERRORS,
        429: {"model": Error, "description": "chat_too_fast (with Retry-After)"},
    },
)


# ---- bodies --------------------------------------------------------------------------------


class ChatPost(Strict):
    text: StrictStr = Field(
        description=f"Plain text, 1 to {MAX_TEXT} characters after trimming (422 chat_empty, "
        "chat_too_long; control characters other than tab and newline, and bidi overrides: "
        "400); shown as text, never as HTML.",
        examples=["good luck, have fun"],
    )
    name: StrictStr | None = Field(
        None,
        max_length=200,
        description=f'A watcher\'s name (cut to {MAX_NAME} characters; none: "Watcher"; '
        "refused as a seat's name would be). A seated player always writes under the seat's "
        "name.",
    )


class ChatMessageOut(BaseModel):
    id: int = Field(description="Increasing within the server: page with ?after=")
    seat: int | None = Field(description="The writer's seat; null for a watcher.")
    watcher: bool = Field(description="Written by a watcher (no seat token).")
    name: str
    text: str
    created_at: datetime


class ChatPage(BaseModel):
    game_id: str
    watchers: bool = Field(description="Whether watchers may write (the host's switch).")
    messages: list[ChatMessageOut] = Field(
        description=f"Oldest first; at most {PAGE} (with ?after=, {PAGE}: there may be more)."
    )


class ChatSettings(Strict):
    watchers: StrictBool = Field(description="false: watchers' messages are refused.")


# ---- routes --------------------------------------------------------------------------------


def chat_service(request: Request) -> ChatService:
    return request.app.state.chat


ChatDep = Annotated[ChatService, Depends(chat_service)]


@router.get("", response_model=ChatPage)
def read_chat(
    game_id: GameIdDep,
    chat: ChatDep,
    session: SessionDep,
    after: Annotated[
        int | None,
        Query(
            ge=0,
            le=2**31 - 1,
            description=f"Page on: the first {PAGE} messages with a greater id. Absent: the "
            f"last {PAGE} messages.",
        ),
        PlainDigits,
    ] = None,
) -> dict[str, Any]:
    """The table's chat, oldest first, and whether watchers may write: without ``after``
    its last 100 messages (what a chat panel shows first), with ``after`` the first 100
    after that id (a full page: ask again after its last id). Anyone who can see the game
    can read it, after the end too."""
    if after is None:
        messages, watchers = chat.read(session, game_id, 0)
    else:
        messages, watchers = chat.read(session, game_id, after, first=True)
    return {
        "game_id": game_id,
        "watchers": watchers,
        "messages": [m.to_json() for m in messages],
    }


@router.post("", status_code=201, response_model=ChatMessageOut, openapi_extra=OPTIONAL_TOKEN)
def post_chat(
    request: Request,
    game_id: GameIdDep,
    caller: Annotated[Caller | None, Depends(token_seat)],
    body: ChatPost,
    chat: ChatDep,
    session: SessionDep,
) -> dict[str, Any]:
    """Write to the table: with a seat token as that seat's player, without one as a
    watcher (403 ``chat_closed`` when the host closed watchers' chat). Everyone at the
    table gets it live on the WebSocket. 429 ``chat_too_fast`` past ``CHAT_RATE`` messages
    per ``CHAT_WINDOW`` seconds (per seat token, or per client address for watchers)."""
    key = rate_key(caller, client_address(request))
    message = chat.post(session, game_id, caller, body.text, body.name, rate_key=key)
    return message.to_json()


@router.put("/settings", response_model=ChatSettings)
def chat_settings(
    request: Request,
    game_id: GameIdDep,
    body: ChatSettings,
    _doc: BearerDep,
    chat: ChatDep,
    session: SessionDep,
) -> dict[str, Any]:
    """With the host token: open or close the chat to watchers. Every WebSocket at the
    table gets ``{"type": "chat_settings", "watchers": ...}``."""
    token = bearer_token(request)
    if token is None:
        raise ApiError("unauthorized", "the host token is required: Authorization: Bearer <token>")
    return {"watchers": chat.set_watchers(session, game_id, token, body.watchers)}
