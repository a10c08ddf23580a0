"""One module per resource: kinds, games, seats, actions (and the browser pages)."""

from . import actions, games, kinds, seats

__all__ = ["actions", "games", "kinds", "seats"]
