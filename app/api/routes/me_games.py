"""My games: seats that belong to accounts (docs/API.md, "My games"). The account's games
on every device, a seat taken up on a new device, an anonymous seat claimed, a seat kept
for an account joined, and the host keeping a free seat for an account."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Path, Request
from pydantic import BaseModel, Field, StrictInt

from app.api.deps import (
    AccountDep,
    BearerDep,
    GameIdDep,
    MeDep,
    OptionalAccountDep,
    SeatNumber,
    SessionDep,
    bearer_token,
)
from app.api.schemas import ERRORS, Strict
from app.core.errors import ApiError
from app.core.inputs import FreeText
from app.core.limits import rate_limit
from app.services.account_seats import AccountSeats
from engines.core.fairness import CONTRIBUTION_MAX, SEAT_COMMITMENT_PATTERN

router = APIRouter(tags=["my games"], responses=ERRORS)


def _account_seats(request: Request) -> AccountSeats:
    return AccountSeats(request.app.state.service, request.app.state.rematches)


def _game_id(game_id: Annotated[str, Path(description="The game's id")]) -> str:
    """A game id as written in the path; one no game has (none holds NUL, which PostgreSQL
    refuses even to compare) is the account's game no more than any other unknown id."""
    if "\x00" in game_id or len(game_id) > 32:
        raise ApiError("not_your_game", f"your account holds no seat of game {game_id!r}")
    return game_id


MyGameId = Annotated[str, Depends(_game_id)]


# ---- bodies and answers -----------------------------------------------------------------


class ClaimSeat(Strict):
    game_id: str = Field(max_length=32, description="The game whose seat this browser holds.")
    token: str = Field(max_length=128, description="The seat's token, as this browser keeps it.")


class SeatAccess(BaseModel):
    seat: int
    token: str = Field(
        description="The seat's token for the account: the same on each of its devices, "
        "until the seat is given back. Keep it like any seat token."
    )


class ListedSeat(BaseModel):
    seat: int
    name: str | None = Field(description="The player's name; null while the seat is free.")
    bot: bool
    you: bool = Field(description="The account's seat (or the one kept for it).")


class MyGame(BaseModel):
    game_id: str
    kind: str
    status: Literal["open", "running", "over", "abandoned"]
    seat: int = Field(description="The account's seat, or the one kept for it.")
    your_turn: bool = Field(description="The game waits for this seat now (its to_act).")
    invited: bool = Field(
        description="The seat is kept for the account and free: join it with POST "
        "/api/me/games/{game_id}/join."
    )
    seats: list[ListedSeat]
    time_control: dict[str, Any] = Field(
        description='As stored: {"type": "none"}, {"type": "correspondence", "seconds": per '
        'move} or {"type": "live", "seconds": per seat, "increment": s}.'
    )
    deadline: datetime | None = Field(description="When the first running clock runs out.")
    updated_at: datetime = Field(description="The last move, join or release.")
    link: str = Field(description="The game's page (no secret in it).")


class MyGames(BaseModel):
    games: list[MyGame]


class TakeSeat(Strict):
    seat: StrictInt | None = Field(
        None, ge=0, description="Which seat, when the account holds (or is kept) several."
    )


class JoinKept(Strict):
    seat: StrictInt | None = Field(
        None, ge=0, description="Which kept seat, when several are kept for the account."
    )
    name: FreeText | None = Field(
        None, min_length=1, max_length=64, description="Default: the account's name."
    )
    commitment: str | None = Field(
        None,
        pattern=SEAT_COMMITMENT_PATTERN,
        description='As for joining a seat (docs/API.md "Fair draws").',
    )
    contribution: str | None = Field(
        None,
        max_length=CONTRIBUTION_MAX,
        description="Refused (400), as for joining a seat.",
        json_schema_extra={"deprecated": True},
    )


class InviteAccount(Strict):
    account: FreeText | None = Field(
        max_length=64,
        description="The account's name (as it signs in; case does not matter). null: the "
        "seat is kept for nobody any more.",
    )


class SeatKept(BaseModel):
    seat: int
    account: str | None = Field(description="The account the seat is kept for now.")


# ---- routes -----------------------------------------------------------------------------


@router.get("/api/me/games", response_model=MyGames)
def my_games(request: Request, account: MeDep, session: SessionDep) -> dict[str, Any]:
    """The signed-in account's games, on every device: every live one (open or running)
    and its 200 newest finished ones (over or abandoned), with the seats kept for it
    (``invited``: by a friend who created the table, by a host, or by a rematch of its
    game). Those where the game waits for the account come first, then the most recently
    changed. Only what every player at the table sees: no token, no invite key."""
    return {"games": _account_seats(request).games(session, account.account_id)}


@router.post("/api/me/games/{game_id}/access", response_model=SeatAccess)
def access(
    request: Request,
    game_id: MyGameId,
    account: MeDep,
    session: SessionDep,
    body: TakeSeat | None = None,
) -> dict[str, Any]:
    """Take the account's seat up on this device: its token, the same on every device of
    the account. 404 ``not_your_game`` when the account holds no seat in the game."""
    seat = body.seat if body else None
    return _account_seats(request).access(session, account.account_id, game_id, seat)


@router.post(
    "/api/me/games/{game_id}/join",
    status_code=201,
    response_model=SeatAccess,
    dependencies=[rate_limit("join")],
)
def join_kept(
    request: Request,
    game_id: MyGameId,
    account: MeDep,
    session: SessionDep,
    body: JoinKept | None = None,
) -> dict[str, Any]:
    """Join the seat kept for the account (a friend's table, a host's invite, a rematch
    of its game while the rematch keeps it): no invite link. 404 ``not_your_game`` when
    none is kept for it; otherwise as joining a seat (409 ``seat_taken``,
    ``rematch_expired``, ``game_abandoned``)."""
    body = body or JoinKept()
    return _account_seats(request).join_kept(
        session,
        account.account_id,
        account.name,
        game_id,
        body.seat,
        body.name,
        body.commitment,
        body.contribution,
    )


@router.post("/api/me/claim", response_model=SeatAccess)
def claim(
    request: Request, body: ClaimSeat, account: AccountDep, session: SessionDep
) -> dict[str, Any]:
    """Link a seat this browser took anonymously (its token) to the signed-in account. Its
    token becomes the account's (in the answer): the old one stops working at once and its
    WebSockets are closed (4401), as after a release. 404 ``unknown_game``; 401
    ``unauthorized`` for a token that holds no seat of the game; 409 ``seat_has_account``
    when another account holds the seat."""
    return _account_seats(request).claim(session, account.account_id, body.game_id, body.token)


@router.post(
    "/api/games/{game_id}/seats/{seat}/invite",
    response_model=SeatKept,
    dependencies=[rate_limit("join")],
)
def invite_account(
    request: Request,
    game_id: GameIdDep,
    seat: SeatNumber,
    body: InviteAccount,
    _doc: BearerDep,
    account: OptionalAccountDep,
    session: SessionDep,
) -> dict[str, Any]:
    """With the host token: keep a free seat (one never taken, or given back) for an
    account, which joins it from My games and gets a ``seat_given`` nudge; anyone else is
    refused it (403 ``seat_kept``). ``"account": null`` keeps it for nobody again. 404
    ``unknown_account``; 409 ``seat_taken``, ``bot_seat``, ``game_over``,
    ``game_abandoned``."""
    token = bearer_token(request)
    if token is None:
        raise ApiError("unauthorized", "the host token is required: Authorization: Bearer <token>")
    by = account.name if account else None
    return _account_seats(request).invite(session, game_id, seat, token, body.account, by)
