"""A table's whole life: a rematch after the end (offer, and the old players' one-click
join), and the host abandoning a game nobody plays any more."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request

from app.api.deps import BearerDep, GameIdDep, OptionalAccountDep, SessionDep, bearer_token
from app.api.schemas import ERRORS, GameSummary, RematchRequest, RematchSeat
from app.core.errors import ApiError
from app.core.limits import rate_limit
from app.services.rematch import Rematches
from app.services.seating import CLEAR_CONTRIBUTION

router = APIRouter(prefix="/api/games/{game_id}", tags=["rematch"], responses=ERRORS)


def _rematches(request: Request) -> Rematches:
    return request.app.state.rematches


def _token(request: Request, who: str) -> str:
    token = bearer_token(request)
    if token is None:
        raise ApiError("unauthorized", f"{who} is required: Authorization: Bearer <token>")
    return token


def _commitment(body: RematchRequest | None) -> str | None:
    if body is not None and body.contribution is not None:
        raise ApiError("bad_request", CLEAR_CONTRIBUTION)
    return body.commitment if body else None


@router.post("/rematch", response_model=RematchSeat, dependencies=[rate_limit("create")])
def offer_rematch(
    request: Request,
    game_id: GameIdDep,
    _doc: BearerDep,
    session: SessionDep,
    account: OptionalAccountDep,
    body: RematchRequest | None = None,
) -> dict[str, Any]:
    """With a seat token of this game, once it is over (409 ``game_not_over`` before):
    create its rematch — same kind, options, public flag and seats, old seat ``s`` at new
    seat ``(s + 1) % n``, bots staying bots — and take your seat in it. The first offer
    creates the game and makes you its host (``host_token``, once); a later offer answers
    the same game and takes your seat if it is still kept for you (``token`` null
    otherwise). Every page at this table sees the offer (table event ``rematch_offered``).
    The new seat belongs to the old seat's account, or to the signed-in one (My games)."""
    token = _token(request, "a seat token of this game")
    commitment = _commitment(body)
    account_id = account.account_id if account else None
    return _rematches(request).offer(session, game_id, token, commitment, account_id).to_json()


@router.post(
    "/rematch/join",
    status_code=201,
    response_model=RematchSeat,
    dependencies=[rate_limit("join")],
)
def join_rematch(
    request: Request,
    game_id: GameIdDep,
    _doc: BearerDep,
    session: SessionDep,
    account: OptionalAccountDep,
    body: RematchRequest | None = None,
) -> dict[str, Any]:
    """With your seat token of this (old) game: take your kept seat in its rematch, under
    your name, no invite link needed. 409 ``no_rematch`` before an offer, ``seat_taken``
    once taken, ``rematch_expired`` after ``REMATCH_MINUTES`` (ask the host for a link).
    The new seat belongs to the old seat's account, or to the signed-in one (My games)."""
    token = _token(request, "your seat token of this game")
    commitment = _commitment(body)
    account_id = account.account_id if account else None
    return _rematches(request).join(session, game_id, token, commitment, account_id).to_json()


@router.post("/abandon", response_model=GameSummary)
def abandon_game(
    request: Request, game_id: GameIdDep, _doc: BearerDep, session: SessionDep
) -> dict[str, Any]:
    """With the host token: end a game that is not over. It is kept (still readable) but
    every action is refused (409 ``game_abandoned``), it is listed nowhere, and nothing
    hidden is revealed. Pages see it live (table event ``game_abandoned``)."""
    token = _token(request, "the host token")
    return _rematches(request).abandon(session, game_id, token).summary()
