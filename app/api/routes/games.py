"""Games: create, list, summary, the caller's view, the log and the result."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query, Request
from sqlalchemy.orm import Session

from app.api.deps import (
    OPTIONAL_TOKEN,
    GameDep,
    GameIdDep,
    OptionalSeatDep,
    PlainDigits,
    PlayerDep,
    ServiceDep,
    SessionDep,
)
from app.api.schemas import (
    ERRORS,
    CreatedGame,
    CreateGame,
    GameSummary,
    Log,
    Result,
    Reveal,
    SeatState,
    Status,
)
from app.core.errors import ApiError
from app.core.limits import rate_limit
from app.services.account_seats import AccountSeats
from app.services.bot_games import check_bot_games
from app.services.clocks import stored_time_control
from app.services.seating import SeatSpec
from app.services.sessions import SignedIn

router = APIRouter(prefix="/api/games", tags=["games"], responses=ERRORS)


@router.post("", status_code=201, response_model=CreatedGame, dependencies=[rate_limit("create")])
def create_game(
    request: Request,
    body: CreateGame,
    service: ServiceDep,
    session: SessionDep,
    account: PlayerDep,
) -> dict[str, Any]:
    """Create a game. Bot seats are joined at once and played by the server; the game
    starts when every human seat is joined. The answer carries the host token, once.
    Signed in, a seat ``{"friend": "Name"}`` is kept for that accepted friend (400
    ``not_a_friend``), who joins it from My games. With ``ACCOUNTS_REQUIRED=1`` only a
    signed-in player may (401 ``not_signed_in``)."""
    all_bots = bool(body.seats) and all(s.bot for s in body.seats or ())
    check_bot_games(session, request.app.state.settings.max_bot_games, all_bots)
    friends = kept_for_friends(request, session, body, account)
    seats = (
        [
            SeatSpec(bot=s.bot, name=s.name, level=s.level, reserved_for=friends.get(i))
            for i, s in enumerate(body.seats)
        ]
        if body.seats
        else None
    )
    time_control = stored_time_control(body.time_control, service.clocks.min_seconds)
    snap, host_token, invites = service.create(
        session,
        body.kind,
        body.num_seats,
        body.options,
        seats,
        public=body.public,
        rated=body.rated,
        allow_bots=body.allow_bots,
        time_control=time_control,
        host_name=account.name if account else None,
    )
    return {**snap.summary(), "host_token": host_token, "invites": invites}


def kept_for_friends(
    request: Request, session: Session, body: CreateGame, account: SignedIn | None
) -> dict[int, int]:
    """Seat → the account of the friend it is kept for (``{"friend": "Name"}`` seats)."""
    named = [(i, s.friend) for i, s in enumerate(body.seats or ()) if s.friend is not None]
    if not named:
        return {}
    if account is None:
        raise ApiError("not_signed_in", "sign in to keep seats for friends")
    seats = AccountSeats(request.app.state.service, request.app.state.rematches)
    ids = seats.friends_to_seat(session, account.account_id, [name for _, name in named])
    return {i: account_id for (i, _), account_id in zip(named, ids, strict=True)}


@router.get("", response_model=list[GameSummary])
def list_games(
    service: ServiceDep,
    session: SessionDep,
    status: Annotated[Status | None, Query(description="open: has free human seats")] = None,
    limit: Annotated[int, Query(ge=1, le=500), PlainDigits] = 100,
) -> list[dict[str, Any]]:
    """The newest public games, optionally only those with a given status (a private
    table is reached only through its links)."""
    return service.list_games(session, status, limit)


@router.get("/{game_id}", response_model=GameSummary)
def get_game(game: GameDep) -> dict[str, Any]:
    return game.summary()


@router.get("/{game_id}/view", response_model=SeatState, openapi_extra=OPTIONAL_TOKEN)
def get_view(game: GameDep, caller: OptionalSeatDep) -> dict[str, Any]:
    """The state as the caller's seat sees it; without a token, as a spectator sees it."""
    return game.seat_state(caller.seat if caller else None)


@router.get("/{game_id}/log", response_model=Log, openapi_extra=OPTIONAL_TOKEN)
def get_log(
    game: GameDep,
    caller: OptionalSeatDep,
    since: Annotated[
        int, Query(ge=0, description="Only actions with seq > since."), PlainDigits
    ] = 0,
) -> dict[str, Any]:
    """What happened, action by action, as the caller may see it (events, never raw actions)."""
    seat = caller.seat if caller else None
    return {
        "version": game.version,
        "entries": game.log_for(seat, since),
        "table_events": game.table_log(since),
    }


@router.get("/{game_id}/result", response_model=Result)
def get_result(game: GameDep) -> dict[str, Any]:
    if not game.state.is_over:
        raise ApiError("game_not_over", "the game is not over yet")
    return game.result().to_json()


@router.get("/{game_id}/fairness", response_model=Reveal)
def get_fairness(game_id: GameIdDep, service: ServiceDep, session: SessionDep) -> dict[str, Any]:
    """Commit and reveal: the commitment and every seat's contribution; once the game is
    over also the server's seed and salt, the game seed and the raw action log with every
    event revealed, so ``python -m clients.verify`` can replay it (never before the end)."""
    return service.reveal(session, game_id)
