"""Every position of a seeded random game, through the engine interface."""

from __future__ import annotations

import random
from collections.abc import Iterator

import engines
from engines.core import State


def positions(kind: str, players: int, seed: int) -> Iterator[State]:
    """Every position of one seeded random game, from the start to the end (the same
    state object, moved on: copy what must outlive the next step)."""
    state = engines.get(kind).new(players, seed=seed)
    rng = random.Random(seed)
    yield state
    while not state.is_over:
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        yield state
