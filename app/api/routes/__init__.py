"""One module per resource: kinds, games, seats, actions, history (and the browser pages)."""

from . import actions, games, history, kinds, rematch, seats

__all__ = ["actions", "games", "history", "kinds", "rematch", "seats"]
