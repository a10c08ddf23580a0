"""The common engine interface: pure rules, no I/O, no web, no database."""

from .base import Action, Event, Game, GameOptions, Outcome, Parts, State, public_part
from .board import load_board
from .errors import IllegalAction
from .info import ChanceMode, GameInfo, Information
from .registry import all_games, game_ids, get
from .rng import Rng

__all__ = [
    "Action",
    "ChanceMode",
    "Event",
    "Game",
    "GameInfo",
    "GameOptions",
    "IllegalAction",
    "Information",
    "Outcome",
    "Parts",
    "Rng",
    "State",
    "all_games",
    "game_ids",
    "get",
    "load_board",
    "public_part",
]
