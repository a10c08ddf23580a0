"""The Dschingis Khan ``Game``: the board, its precomputed geometry, and the action objects.

Actions are frozen, so the game hands out one shared object per distinct action where
there are few of them (walls, scout placements, setups, takes); steps are made fresh.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from engines.core import Action, Game, Rng, load_board

from .actions import (
    FACES,
    DiscardTiles,
    DKAction,
    Pass,
    PlaceScout,
    PlaceWall,
    RescueScout,
    Setup,
    Step,
    TakeTile,
    TakeWall,
)
from .state import DschingisKhanState
from .walls import WallGeometry


class DschingisKhan(Game[DschingisKhanState]):
    id: ClassVar[str] = "dschingis_khan"
    name: ClassVar[str] = "Dschingis Khan"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    action_type: ClassVar[Any] = DKAction

    def __init__(self, board: Mapping[str, Any] | None = None) -> None:
        super().__init__()
        self.board = board if board is not None else load_board("dschingis_khan")
        self.geo = WallGeometry.from_board(self.board)
        self.take_wall = TakeWall()
        self.take_tile = TakeTile()
        self.discard_tiles = DiscardTiles()
        self.rescue_scout = RescueScout()
        self.pass_turn = Pass()
        self._walls = [PlaceWall(line=line) for line in range(self.geo.num_lines)]
        self._scouts = [PlaceScout(village=v) for v in range(self.geo.num_villages)]
        self._setups: dict[tuple[Any, ...], Setup] = {}

    def place_wall(self, line: int) -> PlaceWall:
        return self._walls[line]

    def place_scout(self, village: int) -> PlaceScout:
        return self._scouts[village]

    def step_action(self, to: int, face: int, via: tuple[int, ...]) -> Step:
        # Not shared: the wall routes make tens of thousands of distinct steps.
        return Step(to=to, tile=FACES[face], via=via)

    def setup_action(self, villages: tuple[int, int], faces: tuple[str, str], scout: int) -> Setup:
        key = (villages, faces, scout)
        action = self._setups.get(key)
        if action is None:
            action = self._setups[key] = Setup(villages=villages, faces=faces, scout=scout)
        return action

    def sample(self, view: Mapping[str, Any], seat: int, rng: Rng) -> DschingisKhanState:
        from .sampling import sample

        return sample(self, view, seat, rng)

    def _new_state(self, num_players: int, rng: Rng) -> DschingisKhanState:
        return DschingisKhanState(self, num_players, rng)

    def _observe(self, state: DschingisKhanState, seat: int | None) -> dict[str, Any]:
        from .observer import observe

        return observe(state, seat)

    def _why_illegal(self, state: DschingisKhanState, seat: int, action: Action) -> str:
        from .refusals import why_illegal

        return why_illegal(state, seat, action)
