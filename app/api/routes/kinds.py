"""The games this server plays: options, action schemas and board files."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from app.api.deps import ServiceDep
from app.api.schemas import ERRORS, Kind
from app.core.errors import ApiError
from engines.core import load_board

router = APIRouter(prefix="/api/kinds", tags=["kinds"], responses=ERRORS)


@router.get("", response_model=list[Kind])
def list_kinds(service: ServiceDep) -> list[dict[str, Any]]:
    """Every game kind with its player counts, options schema and action schema."""
    return [
        {
            "id": game.id,
            "name": game.name,
            "min_players": game.min_players,
            "max_players": game.max_players,
            "options_schema": game.options_model.model_json_schema(),
            "action_schema": game.action_schema(),
        }
        for game in service.games.values()
    ]


@router.get("/{kind}/board")
def board(kind: str, service: ServiceDep) -> dict[str, Any]:
    """The board file (JSON) the engine of ``kind`` uses: ids in it are the ids actions use."""
    game = service.game(kind)
    try:
        return load_board(game.id)
    except FileNotFoundError:
        raise ApiError("unknown_kind", f"{game.name} has no board file") from None
