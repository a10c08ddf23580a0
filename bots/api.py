"""The server's JSON as a policy and the bot kit read it (docs/API.md has every field).

Types only, no checks: the answers come from a Tafelrunde server, whose schemas
(``app.api.schemas``) they mirror. A view is a plain JSON object because each game's
observer builds its own (``State.view``); an action is the JSON of one of the game's
actions, which ``Game.parse_action`` reads back.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, TypedDict

View = dict[str, Any]
"""A seat's view (``State.view(seat)``): ``game``, ``seat``, ``is_over`` and the game's own
fields."""

ActionJson = dict[str, Any]
"""One action as JSON, ``{"type": ..., ...}``: what a policy returns and the API takes."""


class LabelledAction(TypedDict):
    """One entry of ``legal_actions``."""

    action: ActionJson
    label: str


Legal = list[LabelledAction]

Policy = Callable[[View, Legal, random.Random], ActionJson]
"""``policy(view, legal, rng) -> action``: the one signature of every bot."""


class Joined(TypedDict):
    """The answer of ``POST /api/games/{id}/seats/{seat}/join``."""

    seat: int
    token: str


class Result(TypedDict):
    """The answer of ``GET /api/games/{id}/result``."""

    scores: list[int]
    winners: list[int]
    resigned: list[int]
