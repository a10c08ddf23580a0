"""Dschingis Khan: Bewegung an der Großen Mauer, 2–4 players (RULES.md DK-1..DK-17).

``GAME`` is the registered ``Game`` (id ``"dschingis_khan"``). The modules, in import order
(each imports only from those above it):

    constants   phases, limits, tile faces, wall states
    board       the board file, precomputed as ``Board`` (DK-1, DK-6)
    actions     the action classes; ``DschingisKhanAction`` is their union;
                ``SharedActions`` the shared action objects a game hands out, and
                ``step`` for the steps along the wall, made per list
    rules       small predicates citing DK-n (taking supplies DK-8, the final phase DK-16)
    walls       the wall on the board and what a placement does (DK-1..DK-6)
    scouting    where a scout may step (DK-10)
    scoring     village scores and winners (DK-17)
    state       ``DschingisKhanState``: setup, legal actions, apply, dump/load, outcome
    refusals    why an action is refused
    observer    the one view builder (its docstring documents the view)
    sampling    full states consistent with one seat's view
    game        ``DschingisKhanGame``: wires the above into the core's hooks
    position    ``position``: positions from short setups (tests, tools, bug reports)
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
