"""A flat Monte Carlo player: a benchmark opponent for hard (issue 42), not a level.

It is the plain player of the outside tournament that beat hard in Dschingis Khan, written
from its description and using nothing else of ``bots/`` (no estimate, no tree): draw a full
state consistent with the seat's view (``Game.sample``), apply each legal move to it, play
the rest of the game out with uniformly random moves for every seat, and keep the move with
the best mean final margin (its own score minus the best rival's). Every candidate meets the
same sampled states and the same random numbers in its playouts (common random numbers), so
their means differ by the move and not by the luck.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import engines
from engines.core import Action, Game, Rng, State

from .api import ActionJson, Legal, View

_MAX_PLAYOUT_PLIES = 2000
"""A playout stops here even if the game is not over (no game of either engine is as long)."""


Playout = Callable[[State, random.Random], None]
"""Plays a state to the end in place."""
PlayoutValue = Callable[[State, int], float]
"""What a played-out state is worth to a seat."""


def random_playout(state: State, rng: random.Random) -> None:
    """Every seat plays uniformly random legal moves until the game is over."""
    for _ in range(_MAX_PLAYOUT_PLIES):
        if state.is_over:
            return
        actor = state.to_act()[0]
        state.apply(actor, rng.choice(state.legal_actions(actor)))


def final_margin(state: State, seat: int) -> float:
    """``seat``'s score minus the best other seat's (the scores so far if not over)."""
    scores = state.scores()
    return scores[seat] - max(s for i, s in enumerate(scores) if i != seat)


def sampled_margins(
    game: Game[Any],
    view: View,
    actions: Sequence[Action],
    indices: Iterable[int],
    rng: random.Random,
    out_of_time: Callable[[], bool],
    playout: Playout = random_playout,
    value: PlayoutValue = final_margin,
) -> dict[int, float]:
    """One round: a full state sampled from ``view``, and on it each action of ``indices``
    played and the rest of the game played out with the same random numbers (common random
    numbers): its final margin, by index. Stops before an action when ``out_of_time()``,
    so a round cut short has fewer values than ``indices``."""
    seat = view["seat"]
    state = game.sample(view, seat, Rng(rng.getrandbits(64)))
    luck = rng.getrandbits(64)
    values: dict[int, float] = {}
    for i in indices:
        if out_of_time():
            break
        after = state.clone()
        after.apply(seat, actions[i])
        playout(after, random.Random(luck))
        values[i] = value(after, seat)
    return values


class FlatMonteCarlo:
    """Flat Monte Carlo over sampled states with random playouts to the end; see the module.

    ``think_ms`` bounds the wall time and ``iterations`` the number of sampled states every
    legal move is played out on (one round); the first round always completes, a later one
    only if the deadline has not passed, so every move's mean is over the same samples.
    ``clock`` (seconds, ``time.monotonic`` by default) is injectable for tests; with
    ``think_ms=None`` the choice depends only on the view, the legal actions and the rng.
    ``playout`` and ``value`` (random playouts, the final margin: the player described
    above) are for benchmarks that change how a move is judged and not how the time is spent.
    """

    def __init__(
        self,
        think_ms: float | None = 1000,
        iterations: int | None = None,
        *,
        clock: Callable[[], float] = time.monotonic,
        playout: Playout = random_playout,
        value: PlayoutValue = final_margin,
    ) -> None:
        if think_ms is None and iterations is None:
            raise ValueError(f"{type(self).__name__} needs think_ms or iterations (or both)")
        self.think_ms = think_ms
        self.iterations = iterations
        self.clock = clock
        self.playout = playout
        self.value = value
        self.rounds = 0
        """Rounds completed by the last call (for benchmarks)."""

    def __call__(self, view: View, legal: Legal, rng: random.Random) -> ActionJson:
        self.rounds = 0
        if len(legal) == 1:
            return legal[0]["action"]
        deadline = None if self.think_ms is None else self.clock() + self.think_ms / 1000
        game = engines.get(view["game"])
        actions = [game.parse_action(item["action"]) for item in legal]
        totals = [0.0] * len(actions)

        def out_of_time() -> bool:  # the first round always completes
            return bool(self.rounds) and deadline is not None and self.clock() >= deadline

        while self.iterations is None or self.rounds < self.iterations:
            values = sampled_margins(
                game, view, actions, range(len(actions)), rng, out_of_time, self.playout, self.value
            )
            if len(values) < len(actions):
                break
            totals = [t + values[i] for i, t in enumerate(totals)]
            self.rounds += 1
        best = max(range(len(actions)), key=lambda i: (totals[i], -i))
        return legal[best]["action"]
