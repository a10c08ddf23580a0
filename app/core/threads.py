"""The hop into a worker thread for the per-move path (issue 16).

Starlette's ``run_in_threadpool`` goes through anyio: a capacity limiter, a cancel scope
and a queue guarded by a Python ``Condition``; on a quiet machine it costs about 70 µs of
CPU per call, against about 13 µs for ``loop.run_in_executor`` on a plain
``ThreadPoolExecutor`` (its queue is C). A move used to take three such hops (the write,
the room's reload, the bots' look); the hot paths use this one instead. Everything else
keeps ``run_in_threadpool``: a few hops per connection are not worth a second idiom. On
SQLite a move of a cached game takes no hop at all (``GameService.act_on_loop``): this one
is for the moves that must read or wait, and for PostgreSQL's.

The pool is sized by ``THREADS`` (app/core/config.py), like anyio's. Work here blocks on
the database; a call that must see the caller's context variables gets a copy, as with
anyio.
"""

from __future__ import annotations

import asyncio
import contextvars
import functools
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import ParamSpec, TypeVar

P = ParamSpec("P")
T = TypeVar("T")

_pool: ThreadPoolExecutor | None = None
_size = 40


def configure(max_workers: int) -> None:
    """Size the pool (before its first use; a pool already running keeps its size)."""
    global _size
    _size = max_workers


def _executor() -> ThreadPoolExecutor:
    global _pool
    if _pool is None:
        _pool = ThreadPoolExecutor(max_workers=_size, thread_name_prefix="tafelrunde-io")
    return _pool


async def in_thread(func: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
    """``func(*args, **kwargs)`` in a worker thread, awaited on the event loop."""
    call = functools.partial(contextvars.copy_context().run, func, *args, **kwargs)
    return await asyncio.get_running_loop().run_in_executor(_executor(), call)
