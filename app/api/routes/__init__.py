"""One module per resource: kinds, games, seats, actions, history, chat (and the pages)."""

from . import accounts, actions, admin, chat, clocks, games, history, kinds, rematch, seats

__all__ = [
    "accounts",
    "actions",
    "admin",
    "chat",
    "clocks",
    "games",
    "history",
    "kinds",
    "rematch",
    "seats",
]
