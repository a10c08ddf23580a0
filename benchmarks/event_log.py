"""What a live game's events cost kept as objects and packed (app/services/eventlog.py).

Usage: python benchmarks/event_log.py [--games N] [--reads R]

For random complete games of each kind and player count: bytes per action held by the
events as ``Event`` objects (deep size, shared strings and small numbers not counted) and
by the packed log (compressed blocks); the time to add one action's events as the server
does after each move (a new tuple of all batches before, ``EventLog.append`` now); and the
time to read a whole game's events as one seat sees them (``/log?since=0`` when a page
opens), from the tuple and from the log, in the same run.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from app.services.eventlog import EMPTY, EventLog
from tests.support.random_events import held_by_objects, random_game_events

CASES = [("dschingis_khan", 2), ("dschingis_khan", 4), ("dolmengoetter", 2), ("dolmengoetter", 5)]


def packed_size(log: EventLog) -> int:
    blocks, singles = log._blocks, log._singles  # the measurement is of the private parts
    return sum(map(sys.getsizeof, (blocks, singles, *blocks, *singles)))


def timed(run: Any, repeat: int) -> float:
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        for _ in range(repeat):
            run()
        best = min(best, (time.perf_counter() - start) / repeat)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--reads", type=int, default=20)
    args = parser.parse_args()
    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())} (2 cores)")
    for kind, players in CASES:
        games = [random_game_events(kind, players, seed) for seed in range(args.games)]
        actions = sum(map(len, games))
        objects = packed = tail = packed_actions = 0
        append_tuple = append_log = read_tuple = read_log = 0.0
        for batches in games:
            log = EventLog.of(batches)
            objects += held_by_objects(batches, set())
            packed += packed_size(log)
            tail += held_by_objects(log._newest, set())
            packed_actions += len(log) - len(log._newest)
            as_tuple = tuple(batches)

            def grow_tuple(batches: list[Any] = batches) -> None:
                held: tuple[Any, ...] = ()
                for batch in batches:
                    held = (*held, batch)

            def grow_log(batches: list[Any] = batches) -> None:
                held = EMPTY
                for batch in batches:
                    held = held.append(batch)

            append_tuple += timed(grow_tuple, 3)
            append_log += timed(grow_log, 3)
            read_tuple += timed(
                lambda t=as_tuple: [e.view(0) for b in t[0:] for e in b], args.reads
            )
            read_log += timed(lambda lg=log: [e.view(0) for b in lg[0:] for e in b], args.reads)
        n = len(games)
        print(
            f"{kind} {players}p, {actions / n:.0f} actions a game: "
            f"{objects / actions:.0f} B an action as objects, {(packed + tail) / actions:.0f} B "
            f"in the log ({packed / packed_actions:.0f} B a packed action, and the last "
            f"{(actions - packed_actions) / n:.1f} unpacked); adding an action "
            f"{append_tuple / actions * 1e6:.1f} µs as a tuple, "
            f"{append_log / actions * 1e6:.1f} µs to the log; reading a whole game for a seat "
            f"{read_tuple / n * 1e3:.2f} ms from the tuple, "
            f"{read_log / n * 1e3:.2f} ms from the log"
        )


if __name__ == "__main__":
    main()
