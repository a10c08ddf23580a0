"""Bot policies for Tafelrunde, pure (no I/O): the server and a remote client run the same.

A policy sees only what a remote bot gets from the API for its seat — the view and the
legal actions ``[{action, label}]`` — plus a ``random.Random`` it is given, and returns one
action's JSON. ``policy_for("easy" | "medium" | "hard")`` gives the built-in levels.
"""

from .api import Policy
from .policies import (
    DEFAULT_LEVEL,
    LEVELS,
    Hard,
    Ismcts,
    greedy_policy,
    policy_for,
    random_policy,
)
from .rollout import PolicyRollout

__all__ = [
    "DEFAULT_LEVEL",
    "LEVELS",
    "Hard",
    "Ismcts",
    "Policy",
    "PolicyRollout",
    "greedy_policy",
    "policy_for",
    "random_policy",
]
