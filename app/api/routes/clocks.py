"""Resigning a seat and taking it back from the server's bot (docs/API.md "Clocks")."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from app.api.deps import ActingSeatDep, SeatNumber, ServiceDep, SessionDep
from app.api.schemas import ERRORS, GameSummary
from app.core.errors import ApiError
from app.services.base import Caller

router = APIRouter(prefix="/api/games/{game_id}", tags=["seats"], responses=ERRORS)


def _own(caller: Caller, seat: int) -> Caller:
    if caller.seat != seat:
        raise ApiError("forbidden", f"this token is seat {caller.seat}'s, not seat {seat}'s")
    return caller


@router.post("/seats/{seat}/resign", response_model=GameSummary)
def resign(
    seat: SeatNumber, caller: ActingSeatDep, service: ServiceDep, session: SessionDep
) -> dict[str, Any]:
    """Resign the seat (its own token): the game goes on, the server's bot (medium) plays
    the seat to the end, and the seat's token may not act any more (resigning is final:
    409 ``already_resigned`` again; 409 ``game_over`` after the end)."""
    return service.clocks.resign(session, _own(caller, seat)).summary()


@router.post("/seats/{seat}/back", response_model=GameSummary)
def take_back(
    seat: SeatNumber, caller: ActingSeatDep, service: ServiceDep, session: SessionDep
) -> dict[str, Any]:
    """Take the seat back from the server's bot after its live clock ran out (any action
    of the seat's token does it too). 409 ``not_stood_in`` if its player plays it already,
    ``already_resigned`` after a resignation."""
    return service.clocks.back(session, _own(caller, seat)).summary()
