"""Games by id. Game packages are imported on first use so the core never depends on them."""

from __future__ import annotations

import importlib

from .base import Game

_MODULES = {
    "dolmengoetter": "engines.dolmengoetter",
    "dschingis_khan": "engines.dschingis_khan",
}


def game_ids() -> list[str]:
    return list(_MODULES)


def get(game_id: str) -> Game:
    """The ``Game`` registered under ``game_id`` (each game package exposes ``GAME``)."""
    try:
        module = _MODULES[game_id]
    except KeyError:
        raise KeyError(f"unknown game {game_id!r}; known: {', '.join(_MODULES)}") from None
    return importlib.import_module(module).GAME


def all_games() -> list[Game]:
    return [get(game_id) for game_id in _MODULES]
