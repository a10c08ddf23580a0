"""``POST /api/games/{game_id}/actions`` without FastAPI's routing and dependency solving.

A move is the request the server answers most, and FastAPI's own work around it (matching
the path against every route, solving the route's dependencies, reading and validating the
body through its generic machinery) was about a fifth of a POSTed move's CPU (CHANGELOG.md,
0.1.0, "Fifth round"). The lane takes the common case: a game this process holds, a token it has
already checked, and a JSON body the route's schema accepts. It then runs the route's own
code (``posting_caller``, then ``play``), so the checks, their order and the answers are the
route's. Anything else (a game or token this process does not know yet, another content
type, a body the schema refuses) goes to the router untouched, with the body already read,
and is answered there exactly as before. The lane sits inside FastAPI's exception
middleware, so whatever it raises is answered by the same handlers as the route's.
"""

from __future__ import annotations

import json

from pydantic import ValidationError
from starlette.requests import Request
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from app.api.deps import bearer_token, posting_caller
from app.api.routes.actions import play
from app.api.schemas import PostAction
from app.core.errors import ApiError
from app.core.limits import replay
from app.services.games import GameService

PREFIX = "/api/games/"
SUFFIX = "/actions"


def action_game_id(scope: Scope) -> str | None:
    """The game id of a ``POST /api/games/{game_id}/actions`` (one non-empty path segment,
    as the router matches it), or ``None`` for any other request."""
    if scope["type"] != "http" or scope["method"] != "POST" or scope.get("root_path"):
        return None
    path: str = scope["path"]
    if not (path.startswith(PREFIX) and path.endswith(SUFFIX)):
        return None
    game_id = path[len(PREFIX) : -len(SUFFIX)]
    return game_id if game_id and "/" not in game_id else None


class ActionLane:
    """The router, with the moves it can take answered first (the module's docstring)."""

    def __init__(self, app: ASGIApp, service: GameService) -> None:
        self.app = app
        self.service = service

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        game_id = action_game_id(scope)
        if game_id is None:
            await self.app(scope, receive, send)
            return
        messages, body = await read_body(receive)
        move = self.takes(scope, game_id, body) if body is not None else None
        if move is None:
            await self.app(scope, replay(messages, receive), send)
            return
        # From here on exactly what the route does: the rate limit, the game, the token,
        # then the move, each refusal raised for the exception handlers.
        caller = await posting_caller(Request(scope, receive), game_id, "action")
        response = await play(self.service, caller, move)
        await response(scope, receive, send)

    def takes(self, scope: Scope, game_id: str, body: bytes) -> PostAction | None:
        """The move, if the route would get past its body and its token with nothing to
        look up: the game is held here and the token is one this process has checked.
        Nothing is spent or changed, so the router can still answer anything else."""
        if self.service.cache.peek(game_id) is None:
            return None
        request = Request(scope)
        if not is_json(request.headers.get("content-type")):
            return None
        try:
            token = bearer_token(request)
            if token is None or self.service.known_caller(game_id, token) is None:
                return None
            return PostAction.model_validate(json.loads(body))
        except (ApiError, ValidationError, ValueError, RecursionError):
            return None  # the router gives the refusal, in its documented order


def is_json(content_type: str | None) -> bool:
    """``application/json``, with or without parameters; the router decides the rest."""
    return content_type is not None and (
        content_type.partition(";")[0].strip().lower() == "application/json"
    )


async def read_body(receive: Receive) -> tuple[list[Message], bytes | None]:
    """The request's messages and its whole body (``None`` if the client went away)."""
    messages: list[Message] = []
    chunks: list[bytes] = []
    while True:
        message = await receive()
        messages.append(message)
        if message["type"] != "http.request":
            return messages, None
        chunks.append(message.get("body", b""))
        if not message.get("more_body", False):
            return messages, b"".join(chunks)
