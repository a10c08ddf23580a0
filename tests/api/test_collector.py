"""A running server collects its young garbage on a timer (app/core/collector.py), so no
pass of the cyclic collector holds the event loop for long, however many games are live."""

import gc
import time

from app.core.collector import YOUNG_SECONDS


def young_objects() -> int:
    return len(gc.get_objects(0)) + len(gc.get_objects(1))


def test_states_replaced_move_by_move_are_collected_while_young(client) -> None:
    # Like live games moving: every new object replaces an old one, so CPython's count
    # (allocations minus deallocations) stays where it was and never starts a pass itself.
    states = [[seat] for seat in range(100_000)]
    gc.collect()
    count_before = gc.get_count()[0]
    for seat in range(len(states)):
        states[seat] = [seat]
    assert gc.get_count()[0] - count_before < 1_000

    deadline = time.monotonic() + 50 * YOUNG_SECONDS
    while young_objects() > 10_000 and time.monotonic() < deadline:
        time.sleep(YOUNG_SECONDS / 2)
    assert young_objects() <= 10_000, "the young generations were left to grow"
