"""Where a bot's decision is computed: hard searches in worker processes, the rest inline.

A hard bot searches for ``BOT_THINK_MS`` per move; in the server process that would hold
the GIL and stall every request. So its search runs in a ``ProcessPoolExecutor`` of
``BOT_WORKERS`` processes (spawned, not forked: the server has threads), and the calling
thread (a threadpool worker, never the event loop) waits for the answer. Several hard bots
at once queue for the workers: the bound is on CPU, not on games. Easy and medium bots
decide in milliseconds and run inline.

Only the seat's view, its legal actions and the bot's RNG cross to the worker; the
worker's answer is an action's JSON. A worker that dies (or a pool that cannot start) must
not stall the game: the bot then plays medium for that move and a new pool is made.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import random
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from bots import DEFAULT_LEVEL, policy_for
from bots.api import ActionJson, Legal, View

log = logging.getLogger(__name__)


PARENT_CHECK_SECONDS = 1.0
"""How often a worker checks that the server that started it still runs."""


def _exit_with_parent(parent: int) -> None:
    """Runs in each worker as it starts: a thread that ends the worker once the server
    process that started it is gone. A server killed outright (SIGKILL, the kernel's OOM
    killer) never shuts its pool down, and its workers, waiting on a queue nobody writes
    to any more, would stay behind as orphans, each holding a Python process's memory."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_CHECK_SECONDS)
        os._exit(0)

    threading.Thread(target=watch, name="exit-with-parent", daemon=True).start()


def _search(view: View, legal: Legal, rng: random.Random, think_ms: float) -> ActionJson:
    """Runs in a worker process."""
    return policy_for("hard", think_ms=think_ms)(view, legal, rng)


class Thinker:
    def __init__(self, workers: int, think_ms: float) -> None:
        self.workers = workers
        self.think_ms = think_ms
        self._pool: ProcessPoolExecutor | None = None
        self._lock = threading.Lock()

    def choose(
        self,
        level: str | None,
        view: View,
        legal: Legal,
        rng: random.Random,
    ) -> ActionJson:
        """The bot's action; blocks the calling thread while a hard bot searches."""
        level = level or DEFAULT_LEVEL
        if level != "hard" or len(legal) == 1:
            return policy_for(level)(view, legal, rng)
        try:
            return self._get_pool().submit(_search, view, legal, rng, self.think_ms).result()
        except (BrokenProcessPool, OSError) as err:
            log.warning("bot search pool failed (%s); this move is played as medium", type(err))
            self._reset()
            return policy_for("medium")(view, legal, rng)

    def _get_pool(self) -> ProcessPoolExecutor:
        with self._lock:
            if self._pool is None:
                self._pool = ProcessPoolExecutor(
                    self.workers,
                    mp_context=multiprocessing.get_context("spawn"),
                    initializer=_exit_with_parent,
                    initargs=(os.getpid(),),
                )
            return self._pool

    def _reset(self) -> None:
        with self._lock:
            pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)

    def close(self) -> None:
        self._reset()
