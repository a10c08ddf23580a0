"""Die Dolmengötter: the game description (board, players); the rest is delegated.

The state, observer, refusals and sampling each live in their own module; this one only
wires them into the core's hooks, so nothing below it ever imports it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from engines.core import Action, ChanceMode, Game, GameInfo, Information, Parts, Rng

from .actions import DolmengoetterAction
from .board import Board, standard_board
from .observer import observe
from .refusals import why_illegal, why_not_your_turn
from .sampling import sample
from .state import DolmengoetterState

INFO = GameInfo(
    short_name="dolmengoetter",
    long_name="Die Dolmengötter",
    min_players=2,  # DG-2
    max_players=5,
    chance=ChanceMode.SAMPLED,  # the start player (DG-2)
    information=Information.IMPERFECT,  # dolmen values (DG-11)
    num_distinct_actions=24633,  # engines.rl.dolmengoetter: 78 places, 28 circles
    max_game_length=2000,
)


class DolmengoetterGame(Game[DolmengoetterState]):
    info: ClassVar[GameInfo] = INFO
    id: ClassVar[str] = INFO.short_name
    name: ClassVar[str] = INFO.long_name
    min_players: ClassVar[int] = INFO.min_players
    max_players: ClassVar[int] = INFO.max_players
    action_type: ClassVar[Any] = DolmengoetterAction

    def __init__(self, board: Board | None = None) -> None:
        super().__init__()
        self.board = board or standard_board()

    def _new_state(self, num_players: int, rng: Rng) -> DolmengoetterState:
        return DolmengoetterState(self, num_players, rng, self.board)

    def _observe(
        self,
        state: DolmengoetterState,
        seat: int | None,
        reveal: bool = False,
        shared: Parts | None = None,
    ) -> dict[str, Any]:
        return observe(state, seat, reveal, shared)

    def _why_not_your_turn(
        self, state: DolmengoetterState, seat: int, action: Action, waiting: list[int]
    ) -> str:
        why = why_not_your_turn(state, action)
        return why or super()._why_not_your_turn(state, seat, action, waiting)

    def _why_illegal(self, state: DolmengoetterState, seat: int, action: Action) -> str:
        return why_illegal(state, seat, action)

    def sample(self, view: Mapping[str, Any], seat: int | None, rng: Rng) -> DolmengoetterState:
        """A full state consistent with ``seat``'s view (DG-11); see ``sampling.sample``."""
        return sample(self, view, seat, rng)
