"""Flat Monte Carlo with sequential halving (Karnin, Koren and Somekh 2013): a probe for
Dschingis Khan's hard (issue 42).

Like ``bots.flat`` it plays moves out to the end with uniformly random moves on states
sampled from the view, common random numbers across moves; but instead of spreading the
budget evenly over every legal move (a wide turn in Dschingis Khan has 200 scout steps, two
playouts each in a second), it splits the time into phases and keeps the better half of the
moves after each, so the last few moves meet many samples.
"""

from __future__ import annotations

import math
import random
from typing import Any

import engines
from engines.core import Rng

from .api import ActionJson, Legal, View
from .evaluation import best_on_estimate
from .flat import FlatMonteCarlo, sampled_margins


class SequentialHalving(FlatMonteCarlo):
    """See the module text. The budget as ``FlatMonteCarlo``'s, spent otherwise:
    ``think_ms`` bounds the wall time (each phase gets an equal share of what is left; only
    the first phase's first round always completes), ``iterations`` the rounds of each
    phase; with ``think_ms=None`` the choice depends only on the view, the legal actions
    and the rng. ``candidates`` keeps only that many moves, the best on medium's estimate
    (one sampled state), before the first phase."""

    def __init__(self, *args: Any, candidates: int | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.candidates = candidates

    def candidates_for(self, view: View) -> int | None:
        """How many of medium's best moves to play out at ``view`` (None: every legal one)."""
        return self.candidates

    def __call__(self, view: View, legal: Legal, rng: random.Random) -> ActionJson:
        if len(legal) == 1:
            return legal[0]["action"]
        start = self.clock()
        game = engines.get(view["game"])
        actions = [game.parse_action(item["action"]) for item in legal]
        alive = list(range(len(actions)))
        candidates = self.candidates_for(view)
        if candidates is not None and len(alive) > candidates:
            seat = view["seat"]
            state = game.sample(view, seat, Rng(rng.getrandbits(64)))
            alive = best_on_estimate(state, seat, actions, candidates)
        totals = [0.0] * len(actions)
        # Phases from the moves still in play: counted from every legal move, a wide turn's
        # last phases would spend their share of the time on one move already chosen.
        phases = max(1, math.ceil(math.log2(len(alive))))
        for phase in range(phases):
            phase_end = None
            if self.think_ms is not None:
                left = start + self.think_ms / 1000 - self.clock()
                phase_end = self.clock() + max(0.0, left) / (phases - phase)
            rounds = 0
            while self.iterations is None or rounds < self.iterations:
                # Every move meets one sample; after that, only whole rounds in time count.
                first = not (rounds or phase)

                def out_of_time(first: bool = first, phase_end: float | None = phase_end) -> bool:
                    return not first and phase_end is not None and self.clock() >= phase_end

                values = sampled_margins(
                    game, view, actions, alive, rng, out_of_time, self.playout, self.value
                )
                if len(values) < len(alive):
                    break
                for i, value in values.items():
                    totals[i] += value
                rounds += 1
            alive.sort(key=lambda i: (-totals[i], i))
            if len(alive) > 1 and phase < phases - 1:
                alive = alive[: max(1, (len(alive) + 1) // 2)]
        return legal[alive[0]]["action"]
