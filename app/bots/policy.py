"""Bot policies. A policy sees exactly what a remote bot gets from the API — the seat's
view and its legal actions (``[{action, label}]``) — and returns one action's JSON. The
policies themselves live in the pure package ``bots`` (shared with ``bots.client``)."""

from bots.policies import Policy, random_policy

__all__ = ["Policy", "random_policy"]
