"""Ratings: an account's rating per kind of game and what its rated games did to it
(docs/API.md, "Ratings"; the logic is app/services/ratings.py)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from fastapi import APIRouter
from pydantic import BaseModel, Field

from app.api.deps import AccountDep, SessionDep
from app.api.schemas import ERRORS, Error
from app.core.errors import ApiError
from app.services.account_names import find_account
from app.services.ratings import account_ratings

router = APIRouter(
    prefix="/api/accounts",
    tags=["ratings"],
    responses={
        **ERRORS,
        401: {"model": Error, "description": "not_signed_in: no valid session cookie"},
    },
)


class KindRating(BaseModel):
    kind: str
    rating: int = Field(description="The number shown: 1000 + 40 (mu - 3 sigma), rounded.")
    mu: float = Field(description="OpenSkill's mean of the player's skill (25 to begin).")
    sigma: float = Field(description="Its uncertainty (25/3 to begin), smaller with games.")
    games: int = Field(description="Rated games of this kind that counted.")


class RatedGame(BaseModel):
    game: str = Field(description="The game's id.")
    kind: str
    seat: int
    place: int = Field(description="1: first; seats that tied share a place.")
    before: int = Field(description="The rating shown before the game.")
    after: int = Field(description="The rating shown after it.")
    mu: float = Field(description="mu after the game.")
    sigma: float = Field(description="sigma after the game.")
    at: datetime = Field(description="When the game ended.")


class Ratings(BaseModel):
    name: str
    ratings: list[KindRating] = Field(description="One per kind it finished a rated game of.")
    history: list[RatedGame] = Field(description="Its latest rated games, newest first (100).")


@router.get("/{name}/ratings", response_model=Ratings)
def ratings(name: str, _signed: AccountDep, session: SessionDep) -> dict[str, Any]:
    """An account's ratings, for a signed-in caller (401 ``not_signed_in``); 404
    ``unknown_account`` for a name no account (or a disabled one) has."""
    account = find_account(session, name)
    if account is None or account.disabled_at is not None:
        raise ApiError("unknown_account", "there is no account of that name here")
    return account_ratings(session, account)
