"""Ratings: an account's rating per kind of game and what its rated games did to it, the
ladder of each kind and the players' profiles (docs/API.md, "Ratings" and "Ladder and
profiles"; the logic is app/services/ratings.py and app/services/ladder.py)."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query
from pydantic import BaseModel, Field

from app.api.deps import AccountDep, PlainDigits, ServiceDep, SessionDep
from app.api.schemas import ERRORS, Error
from app.services import ladder as ladders
from app.services.ladder import LADDER_MAX, LADDER_MIN_GAMES, shown_account
from app.services.ratings import account_ratings

router = APIRouter(
    prefix="/api",
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


@router.get("/accounts/{name}/ratings", response_model=Ratings)
def ratings(name: str, _signed: AccountDep, session: SessionDep) -> dict[str, Any]:
    """An account's ratings, for a signed-in caller (401 ``not_signed_in``); 404
    ``unknown_account`` for a name no account (or a disabled one) has."""
    return account_ratings(session, shown_account(session, name))


BotKind = Literal["server", "author"] | None


class Who(BaseModel):
    name: str
    bot: BotKind = Field(
        description='null: a person; "server": one of the server\'s bot levels; '
        '"author": a bot a person made.'
    )
    bot_level: str | None = Field(description="A server bot's level (easy, medium, hard).")


class LadderEntry(Who):
    rank: int = Field(description="1 for the best.")
    rating: int = Field(description="The number shown: 1000 + 40 (mu - 3 sigma), rounded.")
    mu: float
    sigma: float
    games: int = Field(description="Rated games of this kind that counted.")
    won: int = Field(description="Of them, those it finished first in (ties included).")
    last_game_at: datetime = Field(description="When its last rated game of the kind ended.")


class Ladder(BaseModel):
    kind: str
    min_games: int
    players: list[LadderEntry] = Field(description="Best first, by the number shown.")


class ChartPoint(BaseModel):
    game: str
    at: datetime = Field(description="When the game ended.")
    before: int
    rating: int = Field(description="The number shown after the game.")


class ByPlayers(BaseModel):
    players: int = Field(description="Seats at the table.")
    played: int
    won: int


class KindProfile(BaseModel):
    kind: str
    rating: int
    mu: float
    sigma: float
    rank: int | None = Field(
        description=f"Its place on the kind's ladder; null below {LADDER_MIN_GAMES} games."
    )
    played: int = Field(description="Rated games of the kind that counted.")
    won: int = Field(description="Of them, those it finished first in (ties included).")
    by_players: list[ByPlayers]
    chart: list[ChartPoint] = Field(description="Its rated games of the kind, oldest first.")


class TablePlayer(Who):
    seat: int
    place: int
    before: int
    after: int


class RecentGame(BaseModel):
    game: str
    kind: str
    at: datetime
    place: int
    before: int
    after: int
    players: list[TablePlayer] = Field(description="Every seat, best place first.")
    replay: str = Field(description="The game's page: its replay.")


class HeadToHeadKind(BaseModel):
    kind: str
    games: int = Field(description="Rated games both played.")
    ahead: int = Field(description="Games it placed ahead of the other.")
    behind: int
    level: int = Field(description="Games they shared a place in.")


class HeadToHead(BaseModel):
    against: Who
    kinds: list[HeadToHeadKind]


class Profile(Who):
    owner: str | None = Field(description="Who made this bot (bots of people only).")
    since: datetime = Field(description="When the account was made.")
    kinds: list[KindProfile] = Field(description="One per kind it finished a rated game of.")
    recent: list[RecentGame] = Field(description="Its latest rated games (10), newest first.")
    head_to_head: HeadToHead | None = Field(description="With ?against=NAME; else null.")


@router.get("/accounts/{name}/profile", response_model=Profile)
def profile(
    name: str,
    _signed: AccountDep,
    session: SessionDep,
    against: Annotated[
        str | None, Query(max_length=200, description="Another account: the head-to-head.")
    ] = None,
) -> dict[str, Any]:
    """An account's profile from its rated games (signed in; 404 ``unknown_account`` for
    ``name`` or ``against``)."""
    return ladders.profile(session, name, against)


@router.get("/ladder/{kind}", response_model=Ladder)
def ladder(
    kind: str,
    _signed: AccountDep,
    session: SessionDep,
    service: ServiceDep,
    min_games: Annotated[
        int, Query(ge=1, le=1000, description="Rated games needed to stand on it."), PlainDigits
    ] = LADDER_MIN_GAMES,
    limit: Annotated[
        int, Query(ge=1, le=LADDER_MAX, description="Entries, best first."), PlainDigits
    ] = LADDER_MAX,
) -> dict[str, Any]:
    """A kind's ladder (signed in; 404 ``unknown_kind``)."""
    return ladders.ladder(session, service.game(kind).id, min_games, limit)
