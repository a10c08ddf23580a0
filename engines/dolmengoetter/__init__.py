"""Die Dolmengötter (2–5 players): druids, stones, majorities, dolmens. Rules: RULES.md DG-1..11.

``GAME`` is the registered ``Game`` (id ``"dolmengoetter"``). The modules, in import order
(each imports only from those above it):

    constants   phases, limits, dolmen values, the DG-2 supplies
    board       the board file, precomputed (DG-1)
    actions     the action classes (``DolmengoetterAction`` is their union) and the
                shared action objects of a board (``SharedActions``)
    rules       small predicates citing DG-n
    scoring     what a complete circle's dolmens score, and the winners (DG-8, DG-10)
    state       ``DolmengoetterState``: setup, legal actions, apply, dump/load, outcome
    refusals    why an action is refused
    observer    the one view builder (its docstring documents the view and the events)
    sampling    full states consistent with one seat's view
    game        ``DolmengoetterGame``: wires the above into the core's hooks
    position    ``position``: positions from short descriptions (tests, bots)
"""

from .actions import (
    DeclineDolmen,
    DolmengoetterAction,
    Flight,
    Herbs,
    Pass,
    PlaceDolmen,
    PlaceDruid,
    Walk,
)
from .game import DolmengoetterGame
from .state import DolmengoetterState

GAME = DolmengoetterGame()

__all__ = [
    "GAME",
    "DeclineDolmen",
    "DolmengoetterAction",
    "DolmengoetterGame",
    "DolmengoetterState",
    "Flight",
    "Herbs",
    "Pass",
    "PlaceDolmen",
    "PlaceDruid",
    "Walk",
]
