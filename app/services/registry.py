"""The games this server plays, found through the engine registry and nothing else."""

from __future__ import annotations

from typing import Any

import engines
from engines.core import Game


def available_games() -> dict[str, Game[Any]]:
    """Every registered game. An engine that fails to import stops the server from starting
    (``ImportError`` naming its module) rather than leaving a game silently missing."""
    return {game.id: game for game in engines.all_games()}
