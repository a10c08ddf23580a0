"""One module per resource: kinds, games, seats, actions, history (and the browser pages)."""

from . import actions, clocks, games, history, kinds, seats

__all__ = ["actions", "clocks", "games", "history", "kinds", "seats"]
