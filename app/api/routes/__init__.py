"""One module per resource: kinds, games, seats, actions, history, chat (and the pages)."""

from . import (
    accounts,
    actions,
    admin,
    bots,
    chat,
    clocks,
    friends,
    games,
    history,
    kinds,
    me_games,
    notifications,
    passkeys,
    ratings,
    rematch,
    seats,
)

__all__ = [
    "accounts",
    "actions",
    "admin",
    "bots",
    "chat",
    "clocks",
    "friends",
    "games",
    "history",
    "kinds",
    "me_games",
    "notifications",
    "passkeys",
    "ratings",
    "rematch",
    "seats",
]
