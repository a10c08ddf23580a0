"""The Dschingis Khan ``Game``: the board (its precomputed wall geometry) and the action objects.

The game describes and the state evolves: every state of this game gets the same geometry
and the same shared action objects through ``_new_state``. The observer, the refusals and
``sample`` live in their own modules; the game hands them its states.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from engines.core import Action, ChanceMode, Game, GameInfo, Information, Parts, Rng

from .actions import DschingisKhanAction, SharedActions
from .board import Board, standard_board
from .observer import observe
from .refusals import why_illegal
from .sampling import sample
from .state import DschingisKhanState

INFO = GameInfo(
    short_name="dschingis_khan",
    long_name="Dschingis Khan",
    min_players=2,
    max_players=4,
    chance=ChanceMode.SAMPLED,  # the start player and every tile taken (DK-7, DK-8)
    information=Information.IMPERFECT,  # tile faces (DK-14, DK-15)
    num_distinct_actions=42455,  # engines.rl.dschingis_khan: 62 lines, 38 villages
    max_game_length=2000,
)


class DschingisKhanGame(Game[DschingisKhanState]):
    info: ClassVar[GameInfo] = INFO
    id: ClassVar[str] = INFO.short_name
    name: ClassVar[str] = INFO.long_name
    min_players: ClassVar[int] = INFO.min_players
    max_players: ClassVar[int] = INFO.max_players
    action_type: ClassVar[Any] = DschingisKhanAction

    def __init__(self, board: Board | None = None) -> None:
        super().__init__()
        self.board = board or standard_board()
        self.shared = SharedActions(self.board.line_villages, self.board.num_villages)

    def sample(self, view: Mapping[str, Any], seat: int | None, rng: Rng) -> DschingisKhanState:
        """A full state consistent with ``seat``'s view (DK-14, DK-15); see ``sampling.sample``."""
        return sample(self, view, seat, rng)

    def _new_state(self, num_players: int, rng: Rng) -> DschingisKhanState:
        return DschingisKhanState(self, num_players, rng, self.board, self.shared)

    def _observe(
        self,
        state: DschingisKhanState,
        seat: int | None,
        reveal: bool = False,
        shared: Parts | None = None,
    ) -> dict[str, Any]:
        return observe(state, seat, reveal, shared)

    def _why_illegal(self, state: DschingisKhanState, seat: int, action: Action) -> str:
        return why_illegal(state, seat, action)
