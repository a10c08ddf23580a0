"""The cyclic garbage collector, paced for a server that holds many live games.

CPython starts a young collection when allocations minus deallocations pass a threshold,
and counts every deallocation, old objects' too. A server that replaces each game's state
move by move frees about as many old objects as it makes new ones, so that count hardly
moves while the young generation fills with every new state. With 1,000 live games at
300 moves/s (``benchmarks/server.py --many-games 1000``), young passes found 70,000 to
170,000 objects and held the event loop for 50 to 180 ms each: every player waiting on a
move waited that long too. Collecting the young generations on a timer bounds each pass to
the objects of one interval (a few milliseconds), whatever the count says.
"""

from __future__ import annotations

import asyncio
import gc
import time

YOUNG_SECONDS = 0.1
"""How often the young generations are collected: a pass then finds what one tenth of a
second of moves left alive."""

FULL_SECONDS = 600.0
"""How often everything is collected. A full pass walks every live object (about half a
second with 1,000 live games), so it is rare; it only has to free reference cycles that
reached the oldest generation, and ten minutes of those are small."""


def settle_startup() -> None:
    """Keep what startup loaded out of every later pass, and leave the rest to ``pace``.

    Everything loaded so far (FastAPI, SQLAlchemy, pydantic, the engines) lives as long
    as the process: frozen, no pass walks it again. The thresholds stay high so that
    CPython's own passes (counted in allocations, see the module's docstring) run rarely:
    with the defaults, full passes paused the server for 100+ ms every few seconds.
    """
    gc.collect()
    gc.freeze()
    gc.set_threshold(50_000, 50, 100)


async def pace(young_seconds: float = YOUNG_SECONDS, full_seconds: float = FULL_SECONDS) -> None:
    """Collect the young generations every ``young_seconds``, everything every
    ``full_seconds``, until cancelled (the app's lifespan runs it)."""
    last_full = time.monotonic()
    while True:
        await asyncio.sleep(young_seconds)
        if time.monotonic() - last_full >= full_seconds:
            gc.collect()
            last_full = time.monotonic()
        else:
            # Generations 0 and 1 together: a survivor is walked once on its way to the
            # oldest generation instead of once per young generation.
            gc.collect(1)
