"""Seats: joining one returns its token, once; the host may give a joined seat back."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request

from app.api.deps import (
    BearerDep,
    GameDep,
    GameIdDep,
    SeatNumber,
    ServiceDep,
    SessionDep,
    bearer_token,
)
from app.api.schemas import ERRORS, GameSummary, Joined, JoinSeat
from app.core.errors import ApiError
from app.core.limits import rate_limit

router = APIRouter(prefix="/api/games/{game_id}/seats", tags=["seats"], responses=ERRORS)


@router.post(
    "/{seat}/join", status_code=201, response_model=Joined, dependencies=[rate_limit("join")]
)
def join_seat(
    game: GameDep,
    seat: SeatNumber,
    body: JoinSeat,
    service: ServiceDep,
    session: SessionDep,
) -> dict[str, Any]:
    """Take a free human seat. The token is shown only now; only its hash is stored."""
    _, token = service.join(session, game.game_id, seat, body.name)
    return {"seat": seat, "token": token}


@router.post("/{seat}/release", response_model=GameSummary)
def release_seat(
    request: Request,
    game_id: GameIdDep,
    seat: SeatNumber,
    _doc: BearerDep,
    service: ServiceDep,
    session: SessionDep,
) -> dict[str, Any]:
    """With the host token: give a joined human seat back. Its token stops working at once,
    its open WebSockets are closed, and its invite link takes a new player; the game keeps
    its state and waits until the seat is taken again."""
    token = bearer_token(request)
    if token is None:
        raise ApiError("unauthorized", "the host token is required: Authorization: Bearer <token>")
    return service.release(session, game_id, seat, token).summary()
