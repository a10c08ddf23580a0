"""Memory per live game, and where it goes, measured in the real server.

Usage: python benchmarks/memory.py [--games 100] [--seats 2] [--moves 20] [--frames 30]
                                   [--top N]

Starts the server (``python -m app`` on a free 127.0.0.1 port, temporary SQLite database)
with ``tracemalloc`` on, sets up ``--games`` games (kinds taking turns) whose seats all
hold a WebSocket, and asks the server for a snapshot of its Python heap (``SIGUSR1``)
four times: after two warm-up games (lazy imports, the engines' shared action tables),
once every game is set up and connected, after ``--moves`` moves per game, and once as
many games more have been set up and played the same moves. It prints,
per live game, the traced memory still held at each point, split by what holds it: the
game states (``engines/``), the server's own caches (``app/services``, ``app/hub``), the
connections (``app/ws`` and the HTTP/WebSocket stack below it: uvicorn, websockets,
Starlette, asyncio), the database layer, and the rest. The second batch's figure leaves
out what every game shares and the first batch filled (the engines' shared action tables,
interned as new actions are seen): what one more live game costs.

``--top N`` also lists the N allocation sites (file and line, the innermost frame outside
the standard library) that hold most of what the second batch added, with their layer.

Resident memory (``VmRSS``) is printed too, as the difference between ``--games`` and
twice as many games: a process's fixed costs (the SQLite page caches, the allocator's
per-thread arenas, thread stacks) grow with concurrency, not with games, so dividing the
whole RSS by a few games overstates a game's cost; the second batch shows the margin.

Tracing slows the server several times; this script measures memory only, never time.
Everything stays on 127.0.0.1 and the server is stopped at the end.
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import os
import signal
import sys
import sysconfig
import tempfile
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import server as bench

SERVED = """
import gc, itertools, os, signal, sys, tracemalloc
sys.path.insert(0, os.getcwd())  # the repository (the server runs there)
import app.main  # imported before tracing starts: only what serving allocates is traced
from app.__main__ import main
tracemalloc.start(int(os.environ["MEMORY_FRAMES"]))
shots = itertools.count()
def snapshot(*_):
    gc.collect()
    path = os.path.join(os.environ["MEMORY_DIR"], f"heap{next(shots)}.pickle")
    tracemalloc.take_snapshot().dump(path + ".part")
    os.replace(path + ".part", path)
signal.signal(signal.SIGUSR1, snapshot)
main()
"""

LAYERS = [
    # (label, what a frame's path contains), the innermost matching frame decides
    ("game states (engines/)", ("/engines/",)),
    ("server caches (app/services, app/hub)", ("/app/services/", "/app/hub/")),
    # app/core/jsontext.py writes the connections' messages (a held one is theirs).
    ("connections: app/ws", ("/app/ws/", "/app/core/jsontext.py")),
    ("database (app/db, SQLAlchemy)", ("/app/db/", "/sqlalchemy/")),
    (
        "connections: HTTP/WebSocket stack",
        ("/uvicorn/", "/websockets/", "/starlette/", "/asyncio/", "/app/core/", "/fastapi/"),
    ),
]


def layer_of(trace: tracemalloc.Traceback) -> str:
    for frame in reversed(trace):  # innermost first
        for label, marks in LAYERS:
            if any(mark in frame.filename for mark in marks):
                return label
    return "other"


def by_layer(before: tracemalloc.Snapshot, after: tracemalloc.Snapshot) -> dict[str, int]:
    out: collections.Counter[str] = collections.Counter()
    for stat in after.compare_to(before, "traceback"):
        out[layer_of(stat.traceback)] += stat.size_diff
    return dict(out)


class Heap:
    """Snapshots of the traced server's heap, taken on request."""

    def __init__(self, server: bench.Server, folder: Path) -> None:
        self.server = server
        self.folder = folder
        self.taken = 0

    def take(self) -> tracemalloc.Snapshot:
        path = self.folder / f"heap{self.taken}.pickle"
        self.taken += 1
        os.kill(self.server.proc.pid, signal.SIGUSR1)
        deadline = time.monotonic() + 120
        while not path.exists():
            if time.monotonic() > deadline:
                raise SystemExit("the server wrote no heap snapshot")
            time.sleep(0.2)
        return tracemalloc.Snapshot.load(str(path))


STANDARD_LIBRARY = sysconfig.get_paths()["stdlib"]


def _standard(filename: str) -> bool:
    return filename.startswith(STANDARD_LIBRARY)


def top_lines(before: tracemalloc.Snapshot, after: tracemalloc.Snapshot, n: int) -> None:
    """The ``n`` allocation sites holding most of what was added between two snapshots, by
    the innermost frame outside asyncio's and the standard library's plumbing, with their
    layer: where to look next."""
    sites: collections.Counter[tuple[str, str]] = collections.Counter()
    for stat in after.compare_to(before, "traceback"):
        frames = [f for f in reversed(stat.traceback) if not _standard(f.filename)]
        site = frames[0] if frames else stat.traceback[-1]
        sites[(layer_of(stat.traceback), f"{site.filename}:{site.lineno}")] += stat.size_diff
    for (layer, where), size in sites.most_common(n):
        print(f"  {size / 1024:8.1f} KB  {where}  ({layer})")


def show(title: str, layers: dict[str, int], games: int) -> None:
    total = sum(layers.values())
    print(f"{title}: {total / 1024 / games:6.1f} KB per game (traced)")
    for label, _ in [*LAYERS, ("other", ())]:
        print(f"  {label:40s} {layers.get(label, 0) / 1024 / games:6.1f} KB")


async def run(args: argparse.Namespace, server: bench.Server, heap: Heap) -> None:
    listeners: list[asyncio.Task[None]] = []
    warm = await bench.set_up(server, len(bench.KINDS), args.seats, listeners)
    await bench.phase(server, warm, 3, 0.0, 0)
    start, rss_start = heap.take(), server.rss_kb()
    tables = await bench.set_up(server, args.games, args.seats, listeners)
    connected, rss_connected = heap.take(), server.rss_kb()
    out = await bench.phase(server, tables, args.moves, 0.0, 1)
    played, rss_played = heap.take(), server.rss_kb()
    more = await bench.set_up(server, args.games, args.seats, listeners)
    await bench.phase(server, more, args.moves, 0.0, 2)
    twice, rss_twice = heap.take(), server.rss_kb()
    n = args.games
    print(f"load average: {bench.load_average()} ({os.cpu_count()} cores)")
    print(
        f"{n} games ({' and '.join(bench.KINDS)}), {args.seats} WebSockets each;"
        f" {out['actions']} moves played ({out['actions'] / n:.1f} per game)"
    )
    show("set up and connected", by_layer(start, connected), n)
    show(f"after {args.moves} moves each", by_layer(start, played), n)
    show(
        f"the next {n} games, after {args.moves} moves each (shared tables already filled)",
        by_layer(played, twice),
        n,
    )
    if args.top:
        print(f"the next {n} games: the {args.top} sites holding most, in all")
        top_lines(played, twice, args.top)
    print(
        f"resident (VmRSS): {rss_start / 1024:.0f} MB after the warm-up;"
        f" +{(rss_connected - rss_start) / n:.0f} KB per game set up,"
        f" +{(rss_played - rss_start) / n:.0f} KB after the moves;"
        f" the next {n} games (set up, same moves) +{(rss_twice - rss_played) / n:.0f} KB each"
    )
    await bench.hang_up(listeners)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seats", type=int, default=2)
    parser.add_argument("--moves", type=int, default=20, help="moves per game")
    parser.add_argument("--frames", type=int, default=30, help="traceback depth traced")
    parser.add_argument(
        "--top", type=int, default=0, help="also list the N biggest allocation sites"
    )
    parser.add_argument("--max-seconds", type=float, default=600)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="tafelrunde-memory-") as tmp:
        folder = Path(tmp)
        served = folder / "served.py"
        served.write_text(SERVED)
        os.environ["MEMORY_DIR"] = str(folder)
        os.environ["MEMORY_FRAMES"] = str(args.frames)
        os.environ["BENCH_SERVER_CMD"] = f"{sys.executable} {served}"
        server = bench.Server(f"sqlite:///{folder / 'memory.db'}", folder / "server.log")
        bench.drive(server, lambda server: run(args, server, Heap(server, folder)), args, 120)


if __name__ == "__main__":
    main()
