"""Actions: what the caller may do, and doing it."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Request, Response

from app.api.deps import GameDep, SeatDep, posting_seat
from app.api.schemas import ERRORS, Applied, LegalActions, PostAction, PostUndo
from app.core import jsontext
from app.services.base import Caller
from app.services.games import GameService
from app.services.snapshots import Snapshot
from engines.core import Event

router = APIRouter(prefix="/api/games/{game_id}", tags=["actions"], responses=ERRORS)

PostingSeatDep = Annotated[Caller, posting_seat("action")]
"""The caller's seat, after the ``action`` rate limit, as one dependency (app/api/deps.py)."""


def _service(request: Request) -> GameService:
    service: GameService = request.app.state.service
    return service


@router.get("/legal-actions", response_model=LegalActions)
def legal_actions(game: GameDep, caller: SeatDep) -> dict[str, Any]:
    """Every legal action of the caller's seat now, with labels (empty when not its turn)."""
    return {
        "version": game.version,
        "seat": caller.seat,
        "actions": game.offered_actions(caller.seat),
        "can_undo": game.can_undo(caller.seat) and not game.resigned(caller.seat),
    }


@router.post("/actions", response_model=Applied)
async def post_action(request: Request, caller: PostingSeatDep, body: PostAction) -> Response:
    """Play one action for the caller's seat, based on ``version`` (409 ``stale_version``
    if the game has moved on). The body's ``action`` is one of the caller's game kind's
    actions; the schema lists every kind's."""
    return await play(_service(request), caller, body)


async def play(service: GameService, caller: Caller, body: PostAction) -> Response:
    """The move itself, once the caller is known; app/api/lane.py runs it too."""
    snap, events = await service.act_on_loop(caller, body.version, body.action)
    return applied(snap, events, caller.seat)


def applied(snap: Snapshot, events: list[Event], seat: int) -> Response:
    """The ``Applied`` answer, encoded here: it is built from plain JSON values, so FastAPI's
    validation of the returned dict against the model (a tenth of a move's CPU) adds nothing."""
    reveal = snap.state.is_over
    body = {"version": snap.version, "events": [snap.event_view(e, seat, reveal) for e in events]}
    return Response(jsontext.dumps(body), media_type="application/json")


@router.post("/undo", response_model=Applied)
async def post_undo(request: Request, caller: PostingSeatDep, body: PostUndo) -> Response:
    """Take back the caller's seat's last action, based on ``version``. The engine decides
    (``can_undo`` in legal-actions): only the last action of the game, and only one that drew
    nothing at random, showed nothing hidden and did not end the game; otherwise 409
    ``not_undoable`` with the reason. A take-back is an entry of its own in the log: the
    version goes up by one, as for an action."""
    snap, events = await _service(request).take_back_on_loop(caller, body.version)
    return applied(snap, events, caller.seat)
