"""Small named rules of the turn (DK-8, DK-16), on plain counts.

The wall rules (DK-1..DK-6) live in ``walls``, the scout's steps (DK-10) in ``scouting``,
the village scores (DK-17) in ``scoring``; these are the few left, shared by the state (to
run the turn) and the refusals (to say why something is not allowed).
"""

from __future__ import annotations

from collections.abc import Sequence

from .constants import MAX_ACTIVE


def can_take_wall(common: int, active_walls: int) -> bool:
    """DK-8: a wall can be taken while the common supply has one and the active supply
    holds fewer than ``MAX_ACTIVE``."""
    return common > 0 and active_walls < MAX_ACTIVE


def can_take_tile(passive: int, active_tiles: int) -> bool:
    """DK-8: a tile can be drawn while the passive supply has one and the active supply
    holds fewer than ``MAX_ACTIVE``."""
    return passive > 0 and active_tiles < MAX_ACTIVE


def final_phase_begins(common: int, passives: Sequence[Sequence[int]]) -> bool:
    """DK-16: two supplies (the common wall supply, any passive tile supply) are empty."""
    empty = (common == 0) + list(map(any, passives)).count(False)
    return empty >= 2
