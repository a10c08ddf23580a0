"""The ground floor of Die Dolmengötter: phases, limits and dolmen values (DG-2, DG-5..DG-10).

Every other module of the package may import from here; this module imports nothing from
the package, so a constant never drags a rule module (or an import circle) along.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final, Literal

Phase = Literal["druids", "turn", "rights", "over"]

DRUIDS: Final = "druids"
"""Phase: players place their druids one at a time (DG-2)."""
TURN: Final = "turn"
"""Phase: the current player chooses walk, herbs, flight (or passes, DG-9)."""
RIGHTS: Final = "rights"
"""Phase: dolmen rights are answered in order (DG-7); not a turn of its own."""
OVER: Final = "over"
"""Phase: the game has ended (DG-10); everything is public."""

FREE: Final = -1
"""No stone / no druid on a place."""

VALUES: Final = (1, 2, 3, 4)
"""Dolmen values; hands are stored as counts per value, index ``value - 1``."""

DRUIDS_PER_PLAYER: Final = 3
"""DG-2: three druids go on the board (the fourth marks the score)."""

START_SCORE: Final = 4
"""DG-2: scores start at 4."""


@dataclass(frozen=True, slots=True)
class Supply:
    """DG-2: what each player starts with at one player count."""

    stones: int
    dolmens: tuple[int, int, int, int]
    """How many dolmens of value 1, 2, 3, 4."""


SUPPLIES: Final[Mapping[int, Supply]] = {
    2: Supply(16, (5, 4, 3, 1)),
    3: Supply(13, (4, 3, 2, 1)),
    4: Supply(12, (4, 3, 1, 1)),
    5: Supply(10, (3, 2, 1, 1)),
}
