"""The games this server plays, found through the engine registry and nothing else."""

from __future__ import annotations

import logging

import engines
from engines.core import Game

log = logging.getLogger(__name__)


def available_games() -> dict[str, Game]:
    """Every registered game whose package imports; a missing one is logged, not fatal."""
    out: dict[str, Game] = {}
    for game_id in engines.game_ids():
        try:
            out[game_id] = engines.get(game_id)
        except (ImportError, AttributeError) as exc:  # a game package still being written
            log.warning("game %s is not available: %s", game_id, exc)
    return out
