"""One module per resource: kinds, games, seats, actions, history, chat (and the pages)."""

from . import actions, chat, clocks, games, history, kinds, notifications, rematch, seats

__all__ = [
    "actions",
    "chat",
    "clocks",
    "games",
    "history",
    "kinds",
    "notifications",
    "rematch",
    "seats",
]
