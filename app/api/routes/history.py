"""History: a game's past positions, as one seat saw them (replays)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query, Request

from app.api.deps import OPTIONAL_TOKEN, GameDep, OptionalSeatDep, PlainDigits, SessionDep
from app.api.schemas import ERRORS, HistoryView
from app.services.history import History, check_access, has_ended, parse_seat

router = APIRouter(prefix="/api/games", tags=["games"], responses=ERRORS)


@router.get("/{game_id}/history", response_model=HistoryView, openapi_extra=OPTIONAL_TOKEN)
def get_history(
    request: Request,
    game: GameDep,
    caller: OptionalSeatDep,
    session: SessionDep,
    seat: Annotated[
        str | None,
        Query(
            description="A seat number, `watcher` or `all` (the full reveal, after the end "
            "only); absent: the token's seat, or the watcher without a token.",
        ),
    ] = None,
    version: Annotated[
        int | None,
        Query(ge=0, description="The position after this action; absent: now."),
        PlainDigits,
    ] = None,
) -> dict[str, Any]:
    """The view ``seat`` had after action ``version``. While the game runs, a seat may
    replay only its own views (its token) and anyone the watcher's; once it has ended,
    anyone may replay every seat's and the full reveal."""
    history: History = request.app.state.history
    whose = parse_seat(seat, caller, game)
    check_access(game, caller, whose)
    past = history.past(session, game, whose, game.version if version is None else version)
    return {
        "game_id": game.game_id,
        "kind": game.kind,
        "version": past.version,
        "latest": game.version,
        "ended": has_ended(game),
        "seat": past.seat,
        "actor": past.actor,
        "events": past.events,
        "seats": [s.to_json() for s in game.seats],
        "view": history.view(past),
    }
