"""CPU and wall time of one move's write transaction, with and without an ORM session.

Usage: python benchmarks/write.py [--writes N] [--runs R] [--database-url URL]

A move is written as two Core statements in one transaction (``GameService._write_once``:
the optimistic ``UPDATE`` of the game's version and the ``INSERT`` of the action row). The
server runs them in one of two ways, and this script times both on the same database,
alternating runs so both see the same machine load:

- ``session``: in an ORM ``Session`` (``Database.write``), as the server does when it must
  read the game first (not in this process's cache);
- ``connection``: on a connection of its own (``Database.writing``), as every move of a
  cached game is written.

Figures are microseconds per write (median over the runs), CPU time of this process and
wall time; the ratio is session over connection. SQLite by default (a temporary file, WAL,
as ``python -m app`` uses it); ``--database-url`` for another database, whose ``games`` and
``actions`` tables this script creates if missing and writes one throwaway game into.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from sqlalchemy.engine import make_url

from app.db.models import ActionRow, Base, GameRow, utcnow
from app.db.session import Database
from app.services.moves import BUMP, INSERT_ACTION

ACTION = {"type": "walk", "from_place": 14, "to": 19, "stone": True}


def writers(db: Database, game_id: str) -> dict[str, Callable[[], None]]:
    version = [0]

    def statements(conn: Any) -> None:
        now = utcnow()
        seen = version[0]
        bump = {
            "game_id": game_id,
            "seen": seen,
            "seen_seats": 0,
            "status": "running",
            "now": now,
            "clock": None,
            "deadline": None,
        }
        if conn.execute(BUMP, bump).rowcount != 1:
            raise SystemExit("the game's version moved under the benchmark")
        row = {"game_id": game_id, "seq": seen + 1, "seat": 0, "action": ACTION, "created_at": now}
        conn.execute(INSERT_ACTION, row)
        version[0] = seen + 1

    def session() -> None:
        with db.session() as s, db.write(s):
            statements(s.connection())

    def connection() -> None:
        with db.writing() as conn:
            statements(conn)

    return {"session": session, "connection": connection}


def timed(write: Callable[[], None], count: int) -> tuple[float, float]:
    """(CPU, wall) microseconds per write over ``count`` writes."""
    cpu, wall = time.process_time(), time.perf_counter()
    for _ in range(count):
        write()
    return (
        (time.process_time() - cpu) / count * 1e6,
        (time.perf_counter() - wall) / count * 1e6,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--writes", type=int, default=2000, help="writes per run")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--database-url", default="")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        url = args.database_url or f"sqlite:///{tmp}/write.db"
        db = Database(url)
        db.prepare()
        Base.metadata.create_all(db.engine, tables=[GameRow.__table__, ActionRow.__table__])
        game_id = uuid.uuid4().hex
        with db.session() as s, db.write(s):
            s.add(
                GameRow(
                    id=game_id,
                    kind="dolmengoetter",
                    num_seats=2,
                    options={},
                    seed=1,
                    status="running",
                    version=0,
                    seats_revision=0,
                )
            )
        ways = writers(db, game_id)
        for write in ways.values():  # warm up: pool, statement cache
            timed(write, 200)
        figures: dict[str, list[tuple[float, float]]] = {name: [] for name in ways}
        for _ in range(args.runs):
            for name, write in ways.items():
                figures[name].append(timed(write, args.writes))
        db.dispose()
    where = "SQLite (temporary file)" if not args.database_url else make_url(url).get_backend_name()
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}; {where}")
    print(f"median of {args.runs} runs of {args.writes} writes (UPDATE + INSERT, one commit)")
    medians = {
        name: (statistics.median(c for c, _ in runs), statistics.median(w for _, w in runs))
        for name, runs in figures.items()
    }
    for name, (cpu, wall) in medians.items():
        print(f"  {name:<12} {cpu:7.1f} µs CPU  {wall:7.1f} µs wall per write")
    (s_cpu, s_wall), (c_cpu, c_wall) = medians["session"], medians["connection"]
    print(f"  session / connection: {s_cpu / c_cpu:.2f}× CPU, {s_wall / c_wall:.2f}× wall")


if __name__ == "__main__":
    main()
