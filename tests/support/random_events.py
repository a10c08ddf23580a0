"""Random complete games' events and what objects hold, for the event log's tests and its
benchmark (tests/api/test_event_log.py, benchmarks/event_log.py)."""

from __future__ import annotations

import random
import sys
from typing import Any

import engines
from engines.core import Event


def random_game_events(kind: str, players: int, seed: int) -> list[tuple[Event, ...]]:
    """What each action of a random complete game caused, in order."""
    rng = random.Random(seed)
    state = engines.get(kind).new(players, seed, {})
    batches = []
    while not state.is_over:
        seat = state.to_act()[0]
        batches.append(tuple(state.apply(seat, rng.choice(state.legal_actions(seat)))))
    return batches


def held_by_objects(value: Any, seen: set[int]) -> int:
    """Bytes of ``value`` and what it holds, each object once; strings and numbers are
    shared by all and not counted."""
    if isinstance(value, (str, int, bool, float, type(None))) or id(value) in seen:
        return 0
    seen.add(id(value))
    size = sys.getsizeof(value)
    if isinstance(value, dict):
        size += sum(held_by_objects(k, seen) + held_by_objects(v, seen) for k, v in value.items())
    elif isinstance(value, (list, tuple, set, frozenset)):
        size += sum(held_by_objects(v, seen) for v in value)
    return size
