"""Games by id. Game packages are imported on first use so the core never depends on them.

A registered game whose package fails to import is an error, never a game quietly missing:
``get`` raises ``ImportError`` naming the game and its module (the original error chained).
"""

from __future__ import annotations

import importlib
from typing import Any

from .base import Game

_MODULES = {
    "dolmengoetter": "engines.dolmengoetter",
    "dschingis_khan": "engines.dschingis_khan",
}


def game_ids() -> list[str]:
    return list(_MODULES)


def get(game_id: str) -> Game[Any]:
    """The ``Game`` registered under ``game_id`` (each game package exposes ``GAME``)."""
    try:
        module_name = _MODULES[game_id]
    except KeyError:
        raise KeyError(f"unknown game {game_id!r}; known: {', '.join(_MODULES)}") from None
    try:
        module = importlib.import_module(module_name)
    except Exception as exc:
        raise ImportError(
            f"the engine of game {game_id!r} failed to import: module {module_name}: "
            f"{type(exc).__name__}: {exc}",
            name=module_name,
        ) from exc
    game = getattr(module, "GAME", None)
    if not isinstance(game, Game):
        raise ImportError(
            f"the engine of game {game_id!r}: module {module_name} has no GAME (a Game)",
            name=module_name,
        )
    return game


def all_games() -> list[Game[Any]]:
    """Every registered game; raises ``ImportError`` if any engine fails to import."""
    return [get(game_id) for game_id in _MODULES]
