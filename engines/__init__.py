"""Game engines. ``engines.get("dolmengoetter")`` returns that game's ``Game``."""

from .core import IllegalAction, all_games, game_ids, get

__all__ = ["IllegalAction", "all_games", "game_ids", "get"]
