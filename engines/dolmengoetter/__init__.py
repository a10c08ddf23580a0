"""Die Dolmengötter (2–5 players): druids, stones, majorities, dolmens. Rules: RULES.md DG-1..11.

``GAME`` is the registered ``Game`` (id ``"dolmengoetter"``). Actions are in ``actions``,
the view's shape is documented in ``observer``, and ``position.build_position`` makes
positions from short descriptions (tests, bots).
"""

from .actions import (
    DeclineDolmen,
    Flight,
    Herbs,
    Pass,
    PlaceDolmen,
    PlaceDruid,
    Walk,
)
from .game import DolmengoetterGame
from .state import DolmenState

GAME = DolmengoetterGame()

__all__ = [
    "GAME",
    "DeclineDolmen",
    "DolmenState",
    "DolmengoetterGame",
    "Flight",
    "Herbs",
    "Pass",
    "PlaceDolmen",
    "PlaceDruid",
    "Walk",
]
