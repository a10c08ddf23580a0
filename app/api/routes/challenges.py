"""Challenges (docs/API.md, "Challenges"): a person (the session cookie) or a bot (its
token) asks named accounts to a game; they accept or decline; all accepted, the game
starts with the seats in random order."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Path, Request, Response
from pydantic import BaseModel, Field, StrictBool, StrictInt

from app.api.deps import MeDep, PlainDigits, SessionDep
from app.api.schemas import ERRORS, MAX_SEATS, MIN_SEATS, Strict
from app.core.inputs import FreeText
from app.core.limits import rate_limit
from app.services.challenges import Challenges
from app.services.clock_model import TimeControl, stored_time_control

router = APIRouter(prefix="/api/challenges", tags=["challenges"], responses=ERRORS)

ChallengeId = Annotated[int, Path(ge=1, description="The challenge's id."), PlainDigits]


def _challenges(request: Request) -> Challenges:
    return request.app.state.challenges


class NewChallenge(Strict):
    to: list[Annotated[FreeText, Field(min_length=1, max_length=64)]] = Field(
        min_length=1,
        max_length=MAX_SEATS - 1,
        description="The accounts asked (their names, any spelling); you play too.",
    )
    kind: str = Field(max_length=64, examples=["dolmengoetter"])
    num_seats: StrictInt = Field(
        ge=MIN_SEATS, le=MAX_SEATS, description="len(to) + 1: you and everyone asked."
    )
    time_control: TimeControl | None = Field(None, description="As for POST /api/games.")
    rated: StrictBool = Field(True, description="The game counts for the ratings.")


class Asked(BaseModel):
    name: str
    answer: Literal["accepted", "declined"] | None


class Challenge(BaseModel):
    id: int
    from_: str | None = Field(alias="from", description="Who made it.")
    to: list[Asked]
    kind: str
    num_seats: int
    time_control: dict[str, Any]
    rated: bool
    status: Literal["open", "starting", "accepted", "declined", "withdrawn"]
    game_id: str | None = Field(description="The game, once everyone accepted.")
    created_at: str | None


class ChallengeLists(BaseModel):
    offered: list[Challenge] = Field(description="Open challenges to you.")
    made: list[Challenge] = Field(description="Open challenges you made.")


@router.post(
    "",
    status_code=201,
    response_model=Challenge,
    response_model_by_alias=True,
    dependencies=[rate_limit("create")],
)
def make_challenge(
    request: Request, body: NewChallenge, caller: MeDep, session: SessionDep
) -> dict[str, Any]:
    """Challenge the accounts of ``to`` to a game of ``kind``. Each accepts or declines;
    once all accepted the game starts (see docs/API.md, "Challenges")."""
    service = request.app.state.service
    time_control = stored_time_control(body.time_control, service.clocks.min_seconds)
    return _challenges(request).make(
        session, caller, body.to, body.kind, body.num_seats, time_control, body.rated
    )


@router.get("", response_model=ChallengeLists, response_model_by_alias=True)
def list_challenges(request: Request, caller: MeDep, session: SessionDep) -> dict[str, Any]:
    return _challenges(request).listed(session, caller.account_id)


@router.post("/{challenge_id}/accept", response_model=Challenge, response_model_by_alias=True)
def accept(
    request: Request, challenge_id: ChallengeId, caller: MeDep, session: SessionDep
) -> dict[str, Any]:
    """Accept; the last acceptance starts the game (``game_id`` in the answer)."""
    return _challenges(request).accept(session, caller, challenge_id)


@router.post("/{challenge_id}/decline", response_model=Challenge, response_model_by_alias=True)
def decline(
    request: Request, challenge_id: ChallengeId, caller: MeDep, session: SessionDep
) -> dict[str, Any]:
    """Decline: the challenge closes for everyone."""
    return _challenges(request).decline(session, caller, challenge_id)


@router.delete("/{challenge_id}", status_code=204, response_class=Response)
def withdraw(
    request: Request, challenge_id: ChallengeId, caller: MeDep, session: SessionDep
) -> Response:
    """Withdraw a challenge you made while it is open."""
    _challenges(request).withdraw(session, caller, challenge_id)
    return Response(status_code=204)
