"""The hard bots' search pool (app/bots/thinking.py) does not outlive its server.

A server killed outright (SIGKILL, the kernel's OOM killer) never shuts its pool down; its
worker processes must still end by themselves instead of staying behind as orphans."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from app.core.config import Settings
from tests.support.waiting import wait_for

ROOT = Path(__file__).resolve().parents[2]

SERVER = """
import os, time
from app.bots.thinking import Thinker
thinker = Thinker(workers=1, think_ms=10)
print(thinker._get_pool().submit(os.getpid).result(), flush=True)
time.sleep(120)
"""


def running(pid: int) -> bool:
    """Whether ``pid`` runs (a zombie nobody reaped has ended)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def test_a_killed_servers_search_workers_end_by_themselves() -> None:
    server = subprocess.Popen(
        [sys.executable, "-c", SERVER], cwd=ROOT, stdout=subprocess.PIPE, text=True
    )
    try:
        assert server.stdout is not None
        worker = int(server.stdout.readline())
        assert worker != server.pid and running(worker)
        os.kill(server.pid, signal.SIGKILL)
        server.wait()
        wait_for(lambda: not running(worker), "the search worker to end", seconds=15)
    finally:
        server.kill()
        server.wait()


@pytest.mark.parametrize(("cores", "workers"), [(1, 1), (2, 2), (6, 6), (64, 8)])
def test_hard_bots_search_on_every_core_by_default(monkeypatch, cores, workers):
    """Issue 42: with one worker on a 2-core machine three tables' hard bots took turns."""
    monkeypatch.delenv("BOT_WORKERS", raising=False)
    monkeypatch.setattr("os.sched_getaffinity", lambda pid: set(range(cores)))
    assert Settings().bot_workers == workers
    monkeypatch.setenv("BOT_WORKERS", "1")  # the operator's choice wins
    assert Settings().bot_workers == 1
