"""Scoring (DG-8, DG-10): what each dolmen of a complete circle scores, and who wins, as data."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple


class DolmenScore(NamedTuple):
    """DG-8: what one dolmen scored when its circle was scored."""

    owner: int
    value: int
    factor: int
    points: int


def score_stack(stack: Sequence[tuple[int, int]], factors: Sequence[int]) -> list[DolmenScore]:
    """DG-8: the dolmen ``k`` places from the top scores value × ``factors[k]``; a short
    stack's top dolmen still gets the highest factor (rulebook 3.1)."""
    return [
        DolmenScore(owner, value, factors[k], value * factors[k])
        for k, (owner, value) in enumerate(stack)
    ]


def winners(scores: Sequence[int], dolmens_placed: Sequence[int]) -> list[int]:
    """DG-10: highest score; tie: most dolmens placed in the game; still tied: all share."""
    best = max(zip(scores, dolmens_placed, strict=True))
    return [s for s, key in enumerate(zip(scores, dolmens_placed, strict=True)) if key == best]
