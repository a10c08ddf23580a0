"""benchmarks/server.py on SQLite and on PostgreSQL, one table side by side.

Usage: python benchmarks/server_compare.py [--fast-postgres] [server.py options ...]
       e.g. python benchmarks/server_compare.py --games 50 --actions 30

Runs ``benchmarks/server.py`` twice with the same options: on its own temporary SQLite
database, then with ``--database-url`` on a throwaway PostgreSQL server started here
(tests/support/postgres.py: initdb + pg_ctl on a free loopback port, removed afterwards).
PostgreSQL keeps its durable defaults (fsync, synchronous commit), as the postgres image of
docker-compose.yml does; ``--fast-postgres`` turns them off (like SQLite's WAL with
``synchronous=NORMAL``, a commit then survives a crash of the server but not of the OS).
Both runs' own output is shown first, then the table.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.support.postgres import PostgresServer, PostgresUnavailable  # noqa: E402

NUMBER = r"([0-9]+(?:\.[0-9]+)?)"
PHASE_FIGURES = [
    # (row label, pattern within one phase's lines of server.py's output)
    ("actions/s through the API", rf"actions/s through the API\s+{NUMBER}"),
    ("server CPU ms per action", rf"server CPU {NUMBER} ms per action"),
    ("POST -> others' WS, median ms", rf"WebSocket message: median\s+{NUMBER} ms"),
    ("POST -> others' WS, p99 ms", rf"WebSocket message: median\s+[0-9.]+ ms, p99\s+{NUMBER}"),
    ("POST round trip, median ms", rf"POST round trip:\s+median\s+{NUMBER} ms"),
    ("POST round trip, p99 ms", rf"POST round trip:\s+median\s+[0-9.]+ ms, p99\s+{NUMBER}"),
]
PHASES = [("as fast as possible", "fast"), ("paced", "paced")]
RUN_FIGURES = [
    ("paced: actions/s offered", rf"paced: {NUMBER} actions/s offered"),
    ("GET /api/health before, requests/s", rf"GET /api/health just before:\s+{NUMBER} requests/s"),
    ("GET /api/health after, requests/s", rf"GET /api/health just after:\s+{NUMBER} requests/s"),
    ("load average before", rf"load average before: {NUMBER}"),
    ("load average after", rf"load average after: {NUMBER}"),
]


def run_benchmark(label: str, options: list[str]) -> str:
    cmd = [sys.executable, str(ROOT / "benchmarks" / "server.py"), *options]
    print(f"== {label}: {' '.join(cmd[1:])}", flush=True)
    result = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
    print(result.stdout, end="")
    if result.returncode != 0:
        print(result.stderr, file=sys.stderr)
        raise SystemExit(f"{label}: benchmarks/server.py failed ({result.returncode})")
    return result.stdout


def figures(output: str) -> dict[str, str]:
    """Row label -> figure; a phase's block runs from its title to the next unindented line."""
    out: dict[str, str] = {}
    blocks: dict[str, str] = {}
    current = None
    for line in output.splitlines():
        if not line.startswith(" "):
            current = next((key for title, key in PHASES if line.startswith(title)), None)
        if current:
            blocks[current] = blocks.get(current, "") + line + "\n"
    for title, key in PHASES:
        for label, pattern in PHASE_FIGURES:
            match = re.search(pattern, blocks.get(key, ""))
            out[f"{title}: {label}"] = match.group(1) if match else "?"
    for label, pattern in RUN_FIGURES:
        match = re.search(pattern, output)
        out[label] = match.group(1) if match else "?"
    return out


def main(argv: list[str]) -> None:
    fast = "--fast-postgres" in argv
    options = [a for a in argv if a != "--fast-postgres"]
    if "--database-url" in options or any(a.startswith("--database-url=") for a in options):
        raise SystemExit("--database-url is chosen here (SQLite, then a throwaway PostgreSQL)")
    sqlite = figures(run_benchmark("SQLite", options))
    try:
        pg = PostgresServer(durable=not fast).start()
    except PostgresUnavailable as exc:
        raise SystemExit(str(exc)) from None
    try:
        url = pg.create_database("bench")
        version = pg.execute("SHOW server_version")[0][0]
        postgres = figures(run_benchmark("PostgreSQL", [*options, "--database-url", url]))
    finally:
        pg.stop()

    pg_title = f"PostgreSQL {version.split()[0]}" + (" (fsync off)" if fast else "")
    width = max(len(label) for label in sqlite) + 2
    print()
    col = max(26, len(pg_title) + 2)
    print(f"{'':<{width}}{'SQLite (WAL)':>14}{pg_title:>{col}}")
    for label in sqlite:
        print(f"{label:<{width}}{sqlite[label]:>14}{postgres[label]:>{col}}")
    if "?" in sqlite.values() or "?" in postgres.values():
        print("(?: figure not found in benchmarks/server.py's output; see the runs above)")


if __name__ == "__main__":
    main(sys.argv[1:])
