"""Seats: joining one returns its token, once."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path

from app.api.deps import GameDep, ServiceDep, SessionDep
from app.api.schemas import ERRORS, Joined, JoinSeat

router = APIRouter(prefix="/api/games/{game_id}/seats", tags=["seats"], responses=ERRORS)


@router.post("/{seat}/join", status_code=201, response_model=Joined)
def join_seat(
    game: GameDep,
    seat: Annotated[int, Path(description="Seat number, from 0")],
    body: JoinSeat,
    service: ServiceDep,
    session: SessionDep,
) -> dict[str, Any]:
    """Take a free human seat. The token is shown only now; only its hash is stored."""
    _, token = service.join(session, game.game_id, seat, body.name)
    return {"seat": seat, "token": token}
