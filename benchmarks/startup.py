"""How long a restarted server takes to answer (issue 15, item 9).

Starts ``python -m app`` N times on one SQLite database that already holds a game (so the
schema is at head, as after a crash), and prints the median seconds from process start to
the first 200 of ``/healthz`` and of that game's view, with the machine's load average.

    .venv/bin/python benchmarks/startup.py --runs 5
    .venv/bin/python -X importtime -m app 2> importtime.txt   # where the import time goes
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from tests.support.postgres import free_port  # noqa: E402


def start(database_url: str, log: Path) -> tuple[subprocess.Popen[bytes], str, float]:
    port = free_port()
    env = {**os.environ, "HOST": "127.0.0.1", "PORT": str(port), "DATABASE_URL": database_url}
    with open(log, "ab") as out:
        began = time.perf_counter()
        proc = subprocess.Popen(
            [sys.executable, "-m", "app"], cwd=REPO, env=env, stdout=out, stderr=out
        )
    return proc, f"http://127.0.0.1:{port}", began


def wait_for(url: str, proc: subprocess.Popen[bytes], deadline: float = 120) -> float:
    end = time.perf_counter() + deadline
    while time.perf_counter() < end:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited ({proc.returncode})")
        try:
            if httpx.get(url, timeout=2).status_code == 200:
                return time.perf_counter()
        except httpx.HTTPError:
            pass
        time.sleep(0.01)
    raise RuntimeError(f"{url} did not answer in {deadline}s")


def stop(proc: subprocess.Popen[bytes]) -> None:
    proc.kill()  # SIGKILL, as in the issue: nothing is shut down cleanly
    proc.wait()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="tafelrunde-startup-") as tmp:
        url = f"sqlite:///{Path(tmp) / 'startup.db'}"
        log = Path(tmp) / "server.log"
        proc, base, _ = start(url, log)
        wait_for(f"{base}/healthz", proc)
        game = httpx.post(f"{base}/api/games", json={"kind": "dolmengoetter", "num_seats": 2})
        game_id = game.json()["id"]
        stop(proc)
        health, view = [], []
        for _ in range(args.runs):
            proc, base, began = start(url, log)
            try:
                health.append(wait_for(f"{base}/healthz", proc) - began)
                view.append(wait_for(f"{base}/api/games/{game_id}/view", proc) - began)
            finally:
                stop(proc)
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"runs: {args.runs}, load average before the last run ended: {load}")
    print(
        f"first /healthz 200:   median {statistics.median(health):.2f} s "
        f"(min {min(health):.2f}, max {max(health):.2f})"
    )
    print(
        f"first game view 200:  median {statistics.median(view):.2f} s "
        f"(min {min(view):.2f}, max {max(view):.2f})"
    )


if __name__ == "__main__":
    main()
