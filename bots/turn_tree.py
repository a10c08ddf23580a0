"""A tree over the seat's own turn, random playouts to the end: a probe for Dschingis Khan's
hard (issue 42).

A Dschingis Khan turn is several decisions of one seat (two supplies taken, then the walls
one by one or the scout's steps one by one). Flat Monte Carlo judges each decision with the
rest of its own turn played at random; this search builds a tree over the rest of the turn
instead (the decisions of the seat until another seat is to act) and plays only from there
at random to the end, scoring every iteration by the final margin (its score minus the best
rival's). Each iteration draws a full state from the view (``Game.sample``); a node counts
how often its move was legal (availability), as in information-set MCTS.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable

import engines
from engines.core import Action, Rng, State

from .api import ActionJson, Legal, View
from .evaluation import best_on_estimate
from .flat import FlatMonteCarlo, Playout, final_margin, random_playout


class _Node:
    __slots__ = ("avail", "children", "n", "w")

    def __init__(self) -> None:
        self.n = 0
        self.w = 0.0
        self.avail = 0
        self.children: dict[Action, _Node] = {}


class TurnTree(FlatMonteCarlo):
    """See the module. ``candidates`` keeps that many first moves, the best on medium's
    estimate (one sampled state), when the turn offers more; ``exploration`` weighs UCB's
    bonus against margins scaled to [0, 1] by the range seen so far; the budget as
    ``FlatMonteCarlo``'s (its first iteration always completes)."""

    def __init__(
        self,
        think_ms: float | None = 1000,
        iterations: int | None = None,
        *,
        candidates: int | None = 24,
        exploration: float = 0.5,
        playout: Playout = random_playout,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        super().__init__(think_ms, iterations, clock=clock)
        self.candidates = candidates
        self.exploration = exploration
        self.playout = playout

    def __call__(self, view: View, legal: Legal, rng: random.Random) -> ActionJson:
        if len(legal) == 1:
            return legal[0]["action"]
        deadline = None if self.think_ms is None else self.clock() + self.think_ms / 1000
        seat = view["seat"]
        game = engines.get(view["game"])
        actions = [game.parse_action(item["action"]) for item in legal]
        index = {a: i for i, a in enumerate(actions)}
        first = game.sample(view, seat, Rng(rng.getrandbits(64)))
        allowed = set(actions)
        if self.candidates is not None and len(actions) > self.candidates:
            best = best_on_estimate(first, seat, actions, self.candidates)
            allowed = {actions[i] for i in best}
        root = _Node()
        low, high = math.inf, -math.inf
        done = 0
        while (self.iterations is None or done < self.iterations) and (
            deadline is None or not done or self.clock() < deadline
        ):
            state = first if done == 0 else game.sample(view, seat, Rng(rng.getrandbits(64)))
            value = self._iterate(state, seat, root, allowed, rng, low, high)
            low, high = min(low, value), max(high, value)
            done += 1
        chosen = max(
            (a for a in root.children if a in allowed),
            key=lambda a: (root.children[a].n, root.children[a].w, -index[a]),
        )
        return legal[index[chosen]]["action"]

    def _iterate(
        self,
        state: State,
        seat: int,
        root: _Node,
        allowed: set[Action],
        rng: random.Random,
        low: float,
        high: float,
    ) -> float:
        path = [root]
        node = root
        while not state.is_over and state.to_act()[0] == seat:
            legal = state.legal_actions(seat)
            if node is root:
                legal = [a for a in legal if a in allowed]
            untried = []
            for action in legal:
                child = node.children.get(action)
                if child is None:
                    child = node.children[action] = _Node()
                child.avail += 1
                if child.n == 0:
                    untried.append(action)
            if untried:
                action = rng.choice(untried)
                state.apply(seat, action)
                path.append(node.children[action])
                break
            action = max(legal, key=lambda a: self._ucb(node.children[a], low, high))
            state.apply(seat, action)
            node = node.children[action]
            path.append(node)
        self.playout(state, rng)
        value = final_margin(state, seat)
        for visited in path:
            visited.n += 1
            visited.w += value
        return value

    def _ucb(self, node: _Node, low: float, high: float) -> float:
        spread = high - low if high > low else 1.0
        mean = (node.w / node.n - low) / spread
        return mean + self.exploration * math.sqrt(math.log(node.avail) / node.n)
