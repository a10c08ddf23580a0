"""Dschingis Khan: Bewegung an der Großen Mauer, 2–4 players (RULES.md DK-1..DK-17).

Modules, in their import order (each imports only from those before it):
``constants`` (phases, limits, faces, wall states), ``board`` (the fixed wall geometry),
``actions`` (the action classes and the game's shared action objects), ``rules`` (DK-8 and
DK-16 predicates), ``walls`` (placing wall pieces, DK-1..6), ``scouting`` (scout steps,
DK-10), ``scoring`` (DK-17), ``state`` (the position and its turn), ``refusals`` (why an
action is illegal), ``observer`` (the views, DK-14/15), ``sampling`` (``Game.sample``),
``game`` (``DschingisKhanGame``), then this package; ``position`` (short position setups
for tests and tools) sits on top and uses ``GAME``.
"""

from .actions import (
    DiscardTiles,
    DschingisKhanAction,
    Pass,
    PlaceScout,
    PlaceWall,
    RescueScout,
    Setup,
    Step,
    TakeTile,
    TakeWall,
)
from .game import DschingisKhanGame
from .state import DschingisKhanState

GAME = DschingisKhanGame()

__all__ = [
    "GAME",
    "DiscardTiles",
    "DschingisKhanAction",
    "DschingisKhanGame",
    "DschingisKhanState",
    "Pass",
    "PlaceScout",
    "PlaceWall",
    "RescueScout",
    "Setup",
    "Step",
    "TakeTile",
    "TakeWall",
]
