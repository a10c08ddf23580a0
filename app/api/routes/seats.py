"""Seats: joining one (with its invite key) returns its token, once; a joined seat can be
given back by its player, or by the host once the player has been away."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request

from app.api.deps import (
    BearerDep,
    GameDep,
    GameIdDep,
    OptionalAccountDep,
    SeatNumber,
    ServiceDep,
    SessionDep,
    bearer_token,
)
from app.api.schemas import (
    ERRORS,
    GameSummary,
    Invite,
    Joined,
    JoinSeat,
    RevealContribution,
    SeatPresence,
)
from app.core.errors import ApiError
from app.core.limits import rate_limit

router = APIRouter(prefix="/api/games/{game_id}", tags=["seats"], responses=ERRORS)


@router.post(
    "/seats/{seat}/join", status_code=201, response_model=Joined, dependencies=[rate_limit("join")]
)
def join_seat(
    game: GameDep,
    seat: SeatNumber,
    body: JoinSeat,
    service: ServiceDep,
    session: SessionDep,
    account: OptionalAccountDep,
) -> dict[str, Any]:
    """Take a free human seat with its invite key (403 ``invite_required`` without it,
    unless the table is public). The token is shown only now; only its hash is stored.
    Signed in (the session cookie), the seat is linked to the account: its other devices
    get the same token from ``POST /api/me/games/{id}/access``. A seat kept for an account
    is joined only by that account, signed in, and needs no key (403 ``seat_kept`` for
    anyone else)."""
    _, token = service.join(
        session,
        game.game_id,
        seat,
        body.name,
        body.key,
        body.commitment,
        contribution=body.contribution,
        account_id=account.account_id if account else None,
    )
    return {"seat": seat, "token": token}


@router.post("/seats/{seat}/reveal", response_model=GameSummary)
def reveal_contribution(
    request: Request,
    game_id: GameIdDep,
    seat: SeatNumber,
    body: RevealContribution,
    _doc: BearerDep,
    service: ServiceDep,
    session: SessionDep,
) -> dict[str, Any]:
    """With the seat's own token, once every seat is taken (409 ``not_revealing`` before):
    the contribution the seat committed to at its join (409 ``reveal_mismatch`` if it does
    not match). The last reveal fixes the game's seed and starts the game. A seat that has
    not revealed ``REVEAL_SECONDS`` after the last seat was taken counts as having no
    contribution (409 ``reveal_closed`` then). docs/API.md "Fair draws"."""
    token = bearer_token(request)
    if token is None:
        raise ApiError(
            "unauthorized", "the seat's token is required: Authorization: Bearer <token>"
        )
    return service.reveal_contribution(session, game_id, seat, token, body.contribution).summary()


@router.post("/seats/{seat}/release", response_model=GameSummary)
def release_seat(
    request: Request,
    game_id: GameIdDep,
    seat: SeatNumber,
    _doc: BearerDep,
    service: ServiceDep,
    session: SessionDep,
) -> dict[str, Any]:
    """Give a joined human seat back: with the seat's own token (its player agrees), or
    with the host token once the player has been away (409 ``seat_in_use`` before). Its
    token stops working at once, its open WebSockets are closed, and it gets a new invite
    key; the game keeps its state and waits until the seat is taken again."""
    token = bearer_token(request)
    if token is None:
        raise ApiError(
            "unauthorized",
            "the host token or the seat's own token is required: Authorization: Bearer <token>",
        )
    return service.release(session, game_id, seat, token).summary()


@router.get("/invites", response_model=list[Invite])
def invites(
    request: Request,
    game_id: GameIdDep,
    _doc: BearerDep,
    service: ServiceDep,
    session: SessionDep,
) -> list[dict[str, Any]]:
    """With the host token: every human seat's invite key and link (after a release, the
    seat's new one). Nobody else ever sees them."""
    token = bearer_token(request)
    if token is None:
        raise ApiError("unauthorized", "the host token is required: Authorization: Bearer <token>")
    return service.invites(session, game_id, token)


@router.get("/presence", response_model=list[SeatPresence])
def presence(game_id: GameIdDep, service: ServiceDep, session: SessionDep) -> list[dict[str, Any]]:
    """Who is at the table now: each joined human seat's player is ``connected`` while a
    WebSocket with their token is open (in any server process), else ``away_since`` when
    they were last seen. Public, like the seats. Its changes also come on the game's
    WebSocket (``?presence=1``, app/ws/presence.py), so pages ask here only now and then."""
    return service.presence(session, game_id)
