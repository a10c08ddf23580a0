"""Actions: what the caller may do, and doing it."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from app.api.deps import ActingSeatDep, GameDep, SeatDep, ServiceDep, SessionDep
from app.api.schemas import ERRORS, Applied, LegalActions, PostAction, PostUndo
from app.core.limits import rate_limit

router = APIRouter(prefix="/api/games/{game_id}", tags=["actions"], responses=ERRORS)


@router.get("/legal-actions", response_model=LegalActions)
def legal_actions(game: GameDep, caller: SeatDep) -> dict[str, Any]:
    """Every legal action of the caller's seat now, with labels (empty when not its turn)."""
    return {
        "version": game.version,
        "seat": caller.seat,
        "actions": game.offered_actions(caller.seat),
        "can_undo": game.can_undo(caller.seat) and not game.resigned(caller.seat),
    }


@router.post("/actions", response_model=Applied, dependencies=[rate_limit("action")])
def post_action(
    caller: ActingSeatDep, body: PostAction, service: ServiceDep, session: SessionDep
) -> dict[str, Any]:
    """Play one action for the caller's seat, based on ``version`` (409 ``stale_version``
    if the game has moved on). The body's ``action`` is one of the caller's game kind's
    actions; the schema lists every kind's."""
    snap, events = service.apply(session, caller, body.version, body.action)
    reveal = snap.state.is_over
    return {"version": snap.version, "events": [e.view(caller.seat, reveal=reveal) for e in events]}


@router.post("/undo", response_model=Applied, dependencies=[rate_limit("action")])
def post_undo(
    caller: ActingSeatDep, body: PostUndo, service: ServiceDep, session: SessionDep
) -> dict[str, Any]:
    """Take back the caller's seat's last action, based on ``version``. The engine decides
    (``can_undo`` in legal-actions): only the last action of the game, and only one that drew
    nothing at random, showed nothing hidden and did not end the game; otherwise 409
    ``not_undoable`` with the reason. A take-back is an entry of its own in the log: the
    version goes up by one, as for an action."""
    snap, events = service.undo(session, caller, body.version)
    reveal = snap.state.is_over
    return {"version": snap.version, "events": [e.view(caller.seat, reveal=reveal) for e in events]}
