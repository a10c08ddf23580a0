"""The three levels: easy (random), medium (greedy on ``evaluation.estimate``) and hard
(a search over states sampled from the view: sequential halving over medium's best moves,
played out to the end with a cheap policy, ``halving.SequentialHalving`` with
``playouts.informed_playout``, in both games). ``Ismcts`` (information-set Monte Carlo tree
search, Dschingis Khan's hard until issue 42) and the rollout algorithm
(``rollout.PolicyRollout``, Die Dolmengötter's) stay for comparison
(``benchmarks/hard_probe.py``).

Every policy has one signature, ``policy(view, legal, rng) -> action JSON``: ``view`` and
``legal`` (``[{action, label}]``) are what the API gives the seat, ``rng`` a
``random.Random`` the caller seeds. Nothing else goes in, so a policy cannot see hidden
information, and the same policy runs in the server and in ``bots.client``. Medium and hard
reason about hidden information only through ``Game.sample(view, seat, rng)``: full states
consistent with the view, drawn from the given rng.
"""

from __future__ import annotations

import math
import random
import time

import engines
from engines.core import Action, Game, Rng, State

from .api import ActionJson, Legal, Policy, View
from .concealment import conceal
from .evaluation import estimate, greedy_scores, margin
from .halving import SequentialHalving
from .playouts import informed_playout

LEVELS = ("easy", "medium", "hard")
DEFAULT_LEVEL = "medium"
HARD_CANDIDATES = 12
"""Hard plays out only medium's 12 best moves (in Dschingis Khan 24 won fewer games against
flat Monte Carlo in a 250 ms screen, docs/BOTS.md), except in Die Dolmengötter with more
than 2 players (``Hard.candidates_for``)."""


def random_policy(view: View, legal: Legal, rng: random.Random) -> ActionJson:
    """Easy: a uniformly random legal action."""
    return rng.choice(legal)["action"]


def _sample(game: Game[State], view: View, rng: random.Random) -> State:
    return game.sample(view, view["seat"], Rng(rng.getrandbits(64)))


def _best(scores: list[float], rng: random.Random) -> int:
    top = max(scores)
    return rng.choice([i for i, s in enumerate(scores) if s >= top - 1e-9])


def greedy_policy(view: View, legal: Legal, rng: random.Random) -> ActionJson:
    """Medium: the action whose next position looks best on ``evaluation.estimate``.

    The next position comes from one sampled state, so a draw the action makes (a tile
    taken, DK-8) is one guess, and what it shows the seat counts like anything it knows.
    """
    if len(legal) == 1:
        return legal[0]["action"]
    game = engines.get(view["game"])
    state = _sample(game, view, rng)
    actions = [game.parse_action(item["action"]) for item in legal]
    return legal[_best(greedy_scores(state, view["seat"], actions), rng)]["action"]


# ---- hard: single-observer ISMCTS ---------------------------------------------------------


class _Edge:
    __slots__ = ("avail", "child", "n", "w")

    def __init__(self) -> None:
        self.n = 0
        self.w = 0.0
        self.avail = 0
        self.child: dict[Action, _Edge] | None = None


def _rewards(state: State, seat: int, temperature: float) -> list[float]:
    """What a playout is worth to each seat, in [0, 1]: a share of the win once the game is
    over, else a sigmoid of each seat's estimated margin over its best rival."""
    n = state.num_players
    if state.is_over:
        winners = state.winners()
        return [1.0 / len(winners) if s in winners else 0.0 for s in range(n)]
    values = estimate(state.view(seat))
    return [1.0 / (1.0 + math.exp(-margin(values, s) / temperature)) for s in range(n)]


class Ismcts:
    """Hard: information-set MCTS (Cowling, Powley, Whitehouse 2012, SO-ISMCTS).

    Every iteration draws a full state consistent with the seat's view
    (``Game.sample``), walks one shared tree keyed by action, choosing among the actions
    legal in that sample by UCB with availability counts, expands one edge, plays
    ``rollout_depth`` random moves and scores the result with ``evaluation.estimate``.
    Each edge holds the value for the seat that takes that action, so every player in the
    tree plays for itself (multi-player). The root only considers the ``candidates``
    actions that the medium evaluation ranks best, which keeps wide turns (hundreds of
    scout steps) searchable in a second. The answer is the most visited root action.

    ``think_ms`` bounds the wall time, ``iterations`` the work; with ``think_ms=None`` the
    choice depends only on the view, the legal actions and the rng.
    """

    def __init__(
        self,
        think_ms: float | None = 1000,
        iterations: int | None = None,
        *,
        candidates: int = 8,
        rollout_depth: int = 6,
        exploration: float = 0.7,
        temperature: float = 4.0,
        bias: float = 1.0,
    ) -> None:
        if think_ms is None and iterations is None:
            raise ValueError("Ismcts needs think_ms or iterations (or both)")
        self.think_ms = think_ms
        self.iterations = iterations
        self.candidates = candidates
        self.rollout_depth = rollout_depth
        self.exploration = exploration
        self.temperature = temperature
        self.bias = bias

    def __call__(self, view: View, legal: Legal, rng: random.Random) -> ActionJson:
        if len(legal) == 1:
            return legal[0]["action"]
        start = time.monotonic()
        seat = view["seat"]
        game = engines.get(view["game"])
        actions = [game.parse_action(item["action"]) for item in legal]
        first = _sample(game, view, rng)
        ranked = greedy_scores(first, seat, actions)
        order = sorted(range(len(actions)), key=lambda i: -ranked[i])
        allowed = {actions[i]: i for i in order[: self.candidates]}
        # Progressive bias (Chaslot et al. 2008): the medium estimate guides the root until
        # visits speak; with many players a few noisy playouts would otherwise overrule it.
        prior = {
            a: 1.0 / (1.0 + math.exp(-ranked[i] / self.temperature)) for a, i in allowed.items()
        }
        root: dict[Action, _Edge] = {}
        deadline = None if self.think_ms is None else start + self.think_ms / 1000
        done = 0
        while (self.iterations is None or done < self.iterations) and (
            deadline is None or time.monotonic() < deadline
        ):
            state = first if done == 0 else _sample(game, view, rng)
            self._iterate(state, seat, root, prior, rng)
            done += 1
        best = max(allowed, key=lambda a: (root[a].n if a in root else 0, ranked[allowed[a]]))
        return legal[allowed[best]]["action"]

    def _iterate(
        self,
        state: State,
        seat: int,
        root: dict[Action, _Edge],
        prior: dict[Action, float],
        rng: random.Random,
    ) -> None:
        """One ISMCTS iteration on ``state`` (a sample it may change)."""
        path: list[tuple[_Edge, int]] = []
        node = root
        expanded = False
        while not state.is_over and not expanded:
            actor = state.to_act()[0]
            legal = state.legal_actions(actor)
            if node is root:
                legal = [a for a in legal if a in prior]
            untried = []
            for action in legal:
                edge = node.get(action)
                if edge is None:
                    edge = node[action] = _Edge()
                edge.avail += 1
                if edge.n == 0:
                    untried.append(action)
            if untried:
                action = (
                    max(untried, key=lambda a: prior.get(a, 0.0))
                    if node is root
                    else rng.choice(untried)
                )
                expanded = True
            elif node is root:
                action = max(
                    legal, key=lambda a: self._ucb(node[a]) + self._bias(node[a], prior[a])
                )
            else:
                action = max(legal, key=lambda a: self._ucb(node[a]))
            edge = node[action]
            state.apply(actor, action)
            path.append((edge, actor))
            if edge.child is None:
                edge.child = {}
            node = edge.child
        for _ in range(self.rollout_depth):
            if state.is_over:
                break
            actor = state.to_act()[0]
            state.apply(actor, rng.choice(state.legal_actions(actor)))
        rewards = _rewards(state, seat, self.temperature)
        for edge, actor in path:
            edge.n += 1
            edge.w += rewards[actor]

    def _bias(self, edge: _Edge, prior: float) -> float:
        return self.bias * prior / (edge.n + 1)

    def _ucb(self, edge: _Edge) -> float:
        return edge.w / edge.n + self.exploration * math.sqrt(math.log(edge.avail) / edge.n)


class Hard(SequentialHalving):
    """Hard, in both games (issue 42, docs/BOTS.md): sequential halving over medium's 12 best
    moves (every legal move in Die Dolmengötter of more than 2 players), each played out to
    the end on the same sampled states with the cheap policy of ``playouts.informed_playout``
    (in Dschingis Khan the scout step that gains most of a few, in Die Dolmengötter random
    moves that decline nothing they may place). The searches it replaced stay for
    comparison: ``Ismcts`` (Dschingis Khan's hard until issue 42) and the rollout algorithm
    ``rollout.PolicyRollout`` (Die Dolmengötter's, until it lost to flat Monte Carlo at the
    default budget)."""

    def __init__(self, think_ms: float | None = 1000, iterations: int | None = None) -> None:
        super().__init__(think_ms, iterations, candidates=HARD_CANDIDATES, playout=informed_playout)

    def candidates_for(self, view: View) -> int | None:
        # Die Dolmengötter with 3 or more players: a move medium ranks below 12th is worth
        # playing out there (against three flat players, 40 games: 28 won without the short
        # list, 14 with it; docs/BOTS.md "In 4 players").
        if view["game"] == "dolmengoetter" and view["num_players"] > 2:
            return None
        return self.candidates


class Concealed:
    """``policy`` choosing the public move, its hidden part (a dolmen's value, a tile's face)
    then drawn from the rng among the variants of close worth (``concealment.conceal``), so
    the pattern of the policy does not tell others what it laid face down."""

    def __init__(self, policy: Policy) -> None:
        self.policy = policy

    def __call__(self, view: View, legal: Legal, rng: random.Random) -> ActionJson:
        return conceal(view, legal, self.policy(view, legal, rng), rng)


def policy_for(
    level: str,
    think_ms: float | None = 1000,
    iterations: int | None = None,
    *,
    concealed: bool = True,
) -> Policy:
    """The built-in policy of ``level``; ``think_ms``/``iterations`` budget the hard one.
    ``concealed=False`` gives medium and hard as they were before issue 36 (their hidden
    choices follow from the view): for benchmarks only, never for a seat in a game. Easy
    needs no wrapping: a uniform choice among the legal actions hides as much."""
    if level == "easy":
        return random_policy
    if level == "medium":
        policy: Policy = greedy_policy
    elif level == "hard":
        policy = Hard(think_ms, iterations)
    else:
        raise ValueError(f"unknown bot level {level!r} (one of {', '.join(LEVELS)})")
    return Concealed(policy) if concealed else policy
