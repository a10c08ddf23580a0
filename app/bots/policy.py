"""Bot policies. A policy sees exactly what a remote bot gets from the API — the seat's
view and its legal actions (``[{action, label}]``) — and returns one action's JSON."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

Policy = Callable[[dict[str, Any], list[dict[str, Any]], random.Random], dict[str, Any]]


def random_policy(
    view: dict[str, Any], legal: list[dict[str, Any]], rng: random.Random
) -> dict[str, Any]:
    """A uniformly random legal action."""
    return rng.choice(legal)["action"]
