"""Dependencies as ``Annotated`` aliases: a route names what it needs, FastAPI provides it."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Annotated, Any

from fastapi import Depends, Path, Request
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from pydantic import BeforeValidator
from pydantic_core import PydanticCustomError
from sqlalchemy.orm import Session
from starlette.concurrency import run_in_threadpool

from app.core.errors import ApiError
from app.core.inputs import PLAIN_NUMBER, plain_int
from app.core.limits import client_address
from app.core.threads import in_thread
from app.services import sessions
from app.services.accounts import Accounts
from app.services.base import Caller
from app.services.bot_accounts import BotAccounts, is_bot_token
from app.services.games import GameService
from app.services.sessions import SignedIn
from app.services.snapshots import Snapshot

# Dependencies without I/O are ``async def``: FastAPI runs a plain ``def`` in the
# threadpool, and each hop there costs more than these functions do.


async def get_service(request: Request) -> GameService:
    return request.app.state.service


ServiceDep = Annotated[GameService, Depends(get_service)]


async def get_session(service: ServiceDep) -> AsyncIterator[Session]:
    # Creating a Session does no I/O; it connects on first use, in the threadpool.
    async with service.db.request_session() as session:
        yield session


SessionDep = Annotated[Session, Depends(get_session)]

GameId = Annotated[str, Path(description="The game's id", examples=["3f9a0c21b7d4"])]


def _plain_number(value: Any) -> Any:
    if isinstance(value, str):
        number = plain_int(value)
        if number is None:
            raise PydanticCustomError("plain_number", PLAIN_NUMBER)
        return number
    return value


PlainDigits = BeforeValidator(_plain_number)
"""Put last in the ``Annotated`` of an integer in a path or query (after its ``Query`` or
``Path``, so that its bounds still reach the OpenAPI document): plain ASCII digits only.
``+1``, ``01``, ``1.0``, `` 1``, ``1_0`` or ``1e3`` are refused (400), not read as a number:
one number has one spelling (caches, logs and invite links agree on it)."""

SeatNumber = Annotated[int, Path(ge=0, description="Seat number, from 0"), PlainDigits]
"""A seat number of any length: one the game does not have is the route's 404
``unknown_seat`` (or, resigning, the 403 of a seat that is not the token's)."""

_bearer = HTTPBearer(auto_error=False, description="The seat token from joining a seat.")
BearerDep = Annotated[HTTPAuthorizationCredentials | None, Depends(_bearer)]

OPTIONAL_TOKEN: dict[str, Any] = {"security": [{}]}
"""``openapi_extra`` of a route whose token is optional: FastAPI lists the bearer scheme as
a requirement; the empty alternative tells OpenAPI clients that no token is fine too."""


def load_game(game_id: GameId, service: ServiceDep, session: SessionDep) -> Snapshot:
    """The game, caught up with the database; 404 ``unknown_game`` first of all checks."""
    return service.load(session, game_id)


GameDep = Annotated[Snapshot, Depends(load_game)]


async def existing_game(game_id: GameId, service: ServiceDep) -> str:
    """The id of a game that exists (404 ``unknown_game`` otherwise), without catching up:
    enough for routes whose service call loads the game itself, like posting an action.
    No session of the request's: a cached game needs none (each dependency costs FastAPI
    time on every move), an uncached one is loaded in a session of its own."""
    if service.cache.peek(game_id) is None:  # games are never deleted: a cached one exists
        await in_thread(service.snapshot, game_id)
    return game_id


GameIdDep = Annotated[str, Depends(existing_game)]


def bearer_token(request: Request) -> str | None:
    """The token of ``Authorization: Bearer <token>``; ``None`` without the header."""
    header = request.headers.get("authorization")
    if header is None:
        return None
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise ApiError("unauthorized", "send the token as Authorization: Bearer <token>")
    return token.strip()


async def check_before_body(request: Request) -> None:
    """The checks documented before the body's (404 ``unknown_game``, then a presented
    token's 401/403) for a request whose JSON could not be read; ``errors`` calls it."""
    game_id = request.path_params.get("game_id")
    if not isinstance(game_id, str):
        return
    service: GameService = request.app.state.service
    await existing_game(game_id, service)
    token = bearer_token(request)
    if token is not None and is_bot_token(token):
        return  # an account's token (joining as a bot), no seat's: the route checks it
    if token is not None and service.known_caller(game_id, token) is None:
        await in_thread(service.authenticate, game_id, token)


async def token_seat(
    request: Request, game_id: GameIdDep, service: ServiceDep, _doc: BearerDep
) -> Caller | None:
    """The seat the token was given for, or ``None`` for a spectator (no token). A bad
    token is refused. Not yet checked against the game's seats now (see ``checked_seat``)."""
    return await _token_caller(request, game_id, service)


async def _token_caller(request: Request, game_id: str, service: GameService) -> Caller | None:
    token = bearer_token(request)
    if token is None:
        return None
    caller = service.known_caller(game_id, token)
    if caller is None:  # first use of this token in this process: ask the database
        caller = await in_thread(service.authenticate, game_id, token)
    service.seen(caller)  # presence: the host may not release a seat in use
    return caller


async def checked_seat(
    game: GameDep,
    caller: Annotated[Caller | None, Depends(token_seat)],
    service: ServiceDep,
    session: SessionDep,
) -> Caller | None:
    """``token_seat``, confirmed against the game as just loaded: a token remembered from
    before a release (by this process or another) is refused, 401."""
    if caller is None or caller.seats_revision == game.seats_revision:
        return caller
    return await run_in_threadpool(service.reconfirm, caller, game.seats_revision, session)


def _required(caller: Caller | None) -> Caller:
    if caller is None:
        raise ApiError("unauthorized", "a seat token is required: Authorization: Bearer <token>")
    return caller


async def required_seat(caller: Annotated[Caller | None, Depends(checked_seat)]) -> Caller:
    return _required(caller)


async def acting_seat(caller: Annotated[Caller | None, Depends(token_seat)]) -> Caller:
    return _required(caller)


OptionalSeatDep = Annotated[Caller | None, Depends(checked_seat)]
SeatDep = Annotated[Caller, Depends(required_seat)]
ActingSeatDep = Annotated[Caller, Depends(acting_seat)]
"""For posting an action: the service confirms the token inside its write transaction."""


def posting_seat(budget: str) -> Any:
    """``ActingSeatDep`` with the route's rate limit spent first, as ONE dependency: what
    ``dependencies=[rate_limit(budget)]`` and the chain ``acting_seat`` → ``token_seat`` →
    ``existing_game`` → ``get_service`` did, in the same order (the limit, 404
    ``unknown_game``, the token's 401/403), for the routes every move takes (POST /actions,
    /undo). FastAPI's work per dependency (cache keys, signatures, the solving) was a tenth
    of a move's CPU; the parameters (the path's ``game_id``, the bearer scheme) are the
    same, so the OpenAPI document is too."""

    async def posting(request: Request, game_id: GameId, _doc: BearerDep) -> Caller:
        return await posting_caller(request, game_id, budget)

    return Depends(posting)


async def posting_caller(request: Request, game_id: str, budget: str) -> Caller:
    """``posting_seat``'s checks in their order; app/api/lane.py runs them too."""
    request.app.state.limiter.check(budget, client_address(request))
    service: GameService = request.app.state.service
    await existing_game(game_id, service)
    return _required(await _token_caller(request, game_id, service))


# ---- accounts: the session cookie (app/services/sessions.py) --------------------------


def _signed_in(request: Request, session: SessionDep) -> SignedIn | None:
    settings = request.app.state.settings
    return sessions.signed_in(session, request.cookies.get(sessions.COOKIE), settings.session_days)


def _require_account(signed: Annotated[SignedIn | None, Depends(_signed_in)]) -> SignedIn:
    if signed is None:
        raise ApiError("not_signed_in", "sign in first (POST /api/auth/login)")
    return signed


OptionalAccountDep = Annotated[SignedIn | None, Depends(_signed_in)]
"""The signed-in account of the request's session cookie, or ``None``."""
AccountDep = Annotated[SignedIn, Depends(_require_account)]
"""The signed-in account; 401 ``not_signed_in`` without a valid session cookie."""


def bot_bearer(request: Request) -> str | None:
    """The bot token of ``Authorization: Bearer tfbot_...``; ``None`` without one (no
    header, or a seat's or host's token, which some of the same routes take)."""
    header = request.headers.get("authorization")
    if header is None:
        return None
    scheme, _, token = header.partition(" ")
    token = token.strip()
    if scheme.lower() != "bearer" or not is_bot_token(token):
        return None
    return token


def account_or_bot(request: Request, session: SessionDep) -> SignedIn | None:
    token = bot_bearer(request)
    if token is not None:  # a bot token that fails is refused, never read as "nobody"
        return request.app.state.bot_accounts.authenticate(session, token)
    return _signed_in(request, session)


def _require_account_or_bot(
    signed: Annotated[SignedIn | None, Depends(account_or_bot)],
) -> SignedIn:
    if signed is None:
        raise ApiError(
            "not_signed_in",
            "sign in first (POST /api/auth/login), or send a bot's token: "
            "Authorization: Bearer tfbot_...",
        )
    return signed


OptionalMeDep = Annotated[SignedIn | None, Depends(account_or_bot)]
"""A bot by its token (``Authorization: Bearer tfbot_...``; 401 ``bot_token_invalid`` for
an unknown or revoked one), else the account of the session cookie, else ``None``."""
MeDep = Annotated[SignedIn, Depends(_require_account_or_bot)]
"""``OptionalMeDep``, required: 401 ``not_signed_in`` with neither. The routes a bot uses
for its own purposes (its games, its event stream, challenges, joining seats) take it;
``signed.bot`` tells a bot from a person."""


def _admin(signed: AccountDep) -> SignedIn:
    if not signed.is_admin:
        raise ApiError("admin_only", "only an admin of this server may do this")
    return signed


AdminDep = Annotated[SignedIn, Depends(_admin)]
"""A signed-in admin; 401 ``not_signed_in``, then 403 ``admin_only``."""


def _account_if_required(request: Request, signed: OptionalMeDep) -> SignedIn | None:
    if signed is None and request.app.state.settings.accounts_required:
        raise ApiError(
            "not_signed_in",
            "this server lets only signed-in players create or join tables: sign in first",
        )
    return signed


PlayerDep = Annotated[SignedIn | None, Depends(_account_if_required)]
"""Whoever creates or joins a table: the signed-in account or a bot (``OptionalMeDep``),
or ``None``; with ``ACCOUNTS_REQUIRED=1`` a request with neither a valid session cookie
nor a bot's token is refused (401 ``not_signed_in``)."""


def link_base(request: Request) -> str:
    """Where links handed out start (a friend link): ``PUBLIC_URL``, or the address this
    request came to."""
    return request.app.state.settings.public_url or str(request.base_url)


async def accounts(request: Request) -> Accounts:
    return request.app.state.accounts


AccountsDep = Annotated[Accounts, Depends(accounts)]


async def bot_accounts(request: Request) -> BotAccounts:
    return request.app.state.bot_accounts


BotAccountsDep = Annotated[BotAccounts, Depends(bot_accounts)]
