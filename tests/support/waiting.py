"""Waiting for what a server does by itself (a bot's move, a clock's expiry, a socket
counted out): poll with a bound. The bound is how long a loaded machine may take, not a
measurement; tests never time anything."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any


def wait_for(check: Callable[[], Any], what: str, seconds: float = 30.0) -> Any:
    """``check()``'s first true value; fails naming ``what`` after ``seconds``."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        found = check()
        if found:
            return found
        time.sleep(0.05)
    raise AssertionError(f"waited {seconds} s for {what}")
