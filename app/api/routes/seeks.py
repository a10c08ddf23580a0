"""Seeks (docs/API.md, "Seeks"): a person (the session cookie) or a bot (its token) puts a
game in a public list; other accounts join it; the last place taken starts it with the
seats in random order, or its creator fills the free places with the server's bots after a
wait."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Path, Request, Response
from pydantic import BaseModel, Field, StrictBool, StrictInt

from app.api.deps import MeDep, PlainDigits, SessionDep
from app.api.schemas import ERRORS, MAX_SEATS, MIN_SEATS, Strict
from app.core.limits import rate_limit
from app.services.clock_model import TimeControl, stored_time_control
from app.services.seeks import Seeks

router = APIRouter(prefix="/api/seeks", tags=["seeks"], responses=ERRORS)

SeekId = Annotated[int, Path(ge=1, description="The seek's id."), PlainDigits]
Level = Literal["easy", "medium", "hard"]


def _seeks(request: Request) -> Seeks:
    return request.app.state.seeks


class NewSeek(Strict):
    kind: str = Field(max_length=64, examples=["dolmengoetter"])
    num_seats: StrictInt = Field(ge=MIN_SEATS, le=MAX_SEATS, description="Players, you too.")
    time_control: TimeControl | None = Field(None, description="As for POST /api/games.")
    rated: StrictBool = Field(True, description="The game counts for the ratings.")


class Fill(Strict):
    levels: list[Level] = Field(
        min_length=1,
        max_length=MAX_SEATS - 1,
        description="One server bot level per free place; in a rated game each level once.",
    )


class Seek(BaseModel):
    id: int
    from_: str | None = Field(alias="from", description="Who made it.")
    players: list[str] = Field(description="The accounts in it so far, the creator first.")
    free: int = Field(description="Places still free (0 once it is no longer open).")
    kind: str
    num_seats: int
    time_control: dict[str, Any]
    rated: bool
    status: Literal["open", "starting", "started", "withdrawn"]
    game_id: str | None = Field(description="The game, once it started.")
    created_at: str
    fill_at: str = Field(description="From when its creator may fill it with bots.")


@router.post(
    "",
    status_code=201,
    response_model=Seek,
    response_model_by_alias=True,
    dependencies=[rate_limit("create")],
)
def make_seek(
    request: Request, body: NewSeek, caller: MeDep, session: SessionDep
) -> dict[str, Any]:
    """Put a game of ``kind`` in the public list; you hold its first place."""
    service = request.app.state.service
    time_control = stored_time_control(body.time_control, service.clocks.min_seconds)
    return _seeks(request).make(
        session, caller, body.kind, body.num_seats, time_control, body.rated
    )


@router.get("", response_model=list[Seek], response_model_by_alias=True)
def list_seeks(request: Request, caller: MeDep, session: SessionDep) -> list[dict[str, Any]]:
    """Every open seek, oldest first."""
    return _seeks(request).listed(session)


@router.post(
    "/{seek_id}/join",
    response_model=Seek,
    response_model_by_alias=True,
    dependencies=[rate_limit("join")],
)
def join(request: Request, seek_id: SeekId, caller: MeDep, session: SessionDep) -> dict[str, Any]:
    """Take a free place; the last one starts the game (``game_id`` in the answer)."""
    return _seeks(request).join(session, caller, seek_id)


@router.post("/{seek_id}/leave", response_model=Seek, response_model_by_alias=True)
def leave(request: Request, seek_id: SeekId, caller: MeDep, session: SessionDep) -> dict[str, Any]:
    """Give your place back (not its creator's: withdraw it instead)."""
    return _seeks(request).leave(session, caller, seek_id)


@router.post(
    "/{seek_id}/fill",
    response_model=Seek,
    response_model_by_alias=True,
    dependencies=[rate_limit("create")],
)
def fill(
    request: Request, seek_id: SeekId, body: Fill, caller: MeDep, session: SessionDep
) -> dict[str, Any]:
    """Give the free places to the server's bots and start the game (its creator, once
    ``SEEK_FILL_MINUTES`` have passed)."""
    return _seeks(request).fill(session, caller, seek_id, body.levels)


@router.delete("/{seek_id}", status_code=204, response_class=Response)
def withdraw(request: Request, seek_id: SeekId, caller: MeDep, session: SessionDep) -> Response:
    """Withdraw a seek you made while it is open."""
    _seeks(request).withdraw(session, caller, seek_id)
    return Response(status_code=204)
