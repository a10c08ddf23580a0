"""A benchmark's measurement run on another git ref's code, side by side with the working tree's.

``export`` writes a ref's folders (``git archive``) into a temporary folder; a ``Worker`` is a
process of the benchmark script itself, started with ``--worker SOURCE``, whose ``sys.path``
starts with SOURCE, so it imports that source's code whatever the current folder or
``PYTHONPATH``. The script's ``--worker`` branch calls ``serve``; the parent sends each
measurement as a JSON list of arguments and reads its JSON answer, alternating workers so
both see the same machine load (benchmarks/engine.py, benchmarks/messages.py).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


def export(ref: str, into: str, folders: list[str]) -> Path:
    """``folders`` of git ref ``ref``, as files under ``into``."""
    archive = subprocess.run(
        ["git", "archive", ref, *folders], cwd=ROOT, capture_output=True, check=True
    )
    subprocess.run(["tar", "-x", "-C", into], input=archive.stdout, check=True)
    return Path(into)


def serve(source: str, measure: Callable[..., Any]) -> None:
    """The worker's side: ``measure(*arguments)`` for each JSON list read from stdin, with
    ``source``'s code first on ``sys.path``."""
    sys.path.insert(0, source)
    for line in sys.stdin:
        print(json.dumps(measure(*json.loads(line))), flush=True)


class Worker:
    """A process of ``script`` measuring with the code under ``source``."""

    def __init__(self, script: str, source: Path) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, script, "--worker", str(source)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            cwd=source,
        )

    def run(self, *arguments: Any) -> Any:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(json.dumps(arguments) + "\n")
        self.proc.stdin.flush()
        answer = self.proc.stdout.readline()
        if not answer:
            raise RuntimeError(f"benchmark worker exited ({self.proc.wait()})")
        return json.loads(answer)

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait()


@contextmanager
def workers(script: str, ref: str | None, folders: list[str]) -> Iterator[dict[str, Worker]]:
    """Workers of ``script``: the working tree's (``"now"``) and, given ``ref``, that ref's
    ``folders`` exported to a temporary folder (``"ref"``, listed first); closed at the end."""
    with tempfile.TemporaryDirectory(prefix="bench-ref-") as tmp:
        started = {"now": Worker(script, ROOT)}
        if ref is not None:
            started = {"ref": Worker(script, export(ref, tmp, folders)), **started}
        try:
            yield started
        finally:
            for worker in started.values():
                worker.close()


def alternate(
    workers: dict[str, Worker],
    runs: int,
    warm_up: tuple[Any, ...],
    arguments: Callable[[int], tuple[Any, ...]],
) -> dict[str, list[Any]]:
    """Each worker's answers to ``arguments(r)`` for runs ``r = 0 .. runs - 1``, after one
    ``warm_up`` each (tables built on first use). The workers take turns run by run, so a
    burst of load from elsewhere hits all of them alike."""
    for worker in workers.values():
        worker.run(*warm_up)
    results: dict[str, list[Any]] = {name: [] for name in workers}
    for r in range(runs):
        for name, worker in workers.items():
            results[name].append(worker.run(*arguments(r)))
    return results


def load() -> str:
    return "load average " + " ".join(f"{x:.2f}" for x in os.getloadavg())
