"""Dschingis Khan: Bewegung an der Großen Mauer, 2–4 players (RULES.md DK-1..DK-17).

Modules: ``walls`` (the wall geometry, DK-1..6), ``scouting`` (scout steps, DK-10),
``state`` (turn and supplies), ``scoring`` (DK-17), ``observer`` (the views, DK-14/15),
``sampling`` (``Game.sample``), ``refusals`` (why an action is illegal), ``position``
(short position setups for tests and tools).
"""

from .actions import (
    DiscardTiles,
    Pass,
    PlaceScout,
    PlaceWall,
    RescueScout,
    Setup,
    Step,
    TakeTile,
    TakeWall,
)
from .game import DschingisKhan

GAME = DschingisKhan()

__all__ = [
    "GAME",
    "DiscardTiles",
    "DschingisKhan",
    "Pass",
    "PlaceScout",
    "PlaceWall",
    "RescueScout",
    "Setup",
    "Step",
    "TakeTile",
    "TakeWall",
]
