"""The rollout algorithm over medium, a one-step policy improvement: Die Dolmengötter's hard
until issue 42 (flat Monte Carlo beat it at 1 s a move; ``benchmarks/hard_probe.py`` keeps it).

Monte Carlo tree search with random playouts (``policies.Ismcts``) lost to three or four
medium bots there: random moves are no model of opponents who play greedily, and a few
noisy playouts overrule the estimate. The rollout algorithm (Bertsekas, Tsitsiklis and Wu
1997; Tesauro and Galperin 1997) instead asks, for each of the few best candidate moves,
what happens when everyone then plays like medium: over many states sampled from the
seat's view (``Game.sample``), it plays the candidate, lets every seat (itself included)
choose greedily on ``evaluation.estimate`` until its own next turn is over, judges the
estimate there and averages. A policy improved this way plays at least as well as its base
policy, up to sampling noise; here it also sees what medium's one-move look misses: the
dolmen rights a stone hands to whom (DG-6, DG-7), and where its druids can go next.

Every candidate meets the same sampled state and the same random tie-breaks of the playout
(common random numbers), so their averages differ by the move and not by the luck.
"""

from __future__ import annotations

import random
import time
from collections.abc import Hashable

import engines
from engines.core import Action, Rng, State

from .api import ActionJson, Legal, View
from .evaluation import estimate_state, margin, same_estimate_key

_MAX_PLAYOUT_PLIES = 60
"""A playout stops here even before its seat's next turn is over (it never should)."""


def greedy_choices(state: State, seat: int) -> list[Action]:
    """The actions medium would choose among for ``seat`` in ``state`` (a full state, not
    changed): those with the best ``estimate`` margin after them. Actions with one
    ``same_estimate_key`` are judged once."""
    legal = state.legal_actions(seat)
    if len(legal) == 1:
        return legal
    groups: dict[Hashable, list[Action]] = {}
    for action in legal:
        groups.setdefault(same_estimate_key(action), []).append(action)
    best: list[Action] = []
    top = -float("inf")
    for members in groups.values():
        after = state.clone()
        after.apply(seat, members[0])
        score = margin(estimate_state(after, seat), seat)
        if score > top + 1e-9:
            top, best = score, list(members)
        elif score >= top - 1e-9:
            best += members
    return best


def greedy_move(state: State, seat: int, rng: random.Random) -> Action:
    """Medium's move for ``seat`` in ``state``: one of ``greedy_choices`` at random."""
    return rng.choice(greedy_choices(state, seat))


def playout(state: State, seat: int, rng: random.Random) -> None:
    """Everyone plays ``greedy_move`` until ``seat`` has passed the turn on twice, counting
    the turn its candidate move (just applied to ``state``) belongs to (or until the game
    is over). For a move in its own turn that is the end of its next turn; for a dolmen
    right answered in another's turn, or a druid placed, the end of the turn after that
    (the version measured in docs/BOTS.md; stopping one turn earlier there would be cheaper
    and was not tried)."""
    if state.is_over:
        return
    turns_away = 0
    # Whose turn, as the engine says (``State.turn_holder``): while seats answer the dolmen
    # rights of a stone it stays with the stone's player (DG-7: answering is not a turn).
    holder = state.turn_holder()
    for _ in range(_MAX_PLAYOUT_PLIES):
        if state.is_over:
            return
        now = state.turn_holder()
        if now != holder:
            if holder == seat:
                turns_away += 1
                if turns_away == 2:
                    return
            holder = now
        actor = state.to_act()[0]
        state.apply(actor, greedy_move(state, actor, rng))


def _candidates(
    state: State, seat: int, actions: list[Action], limit: int, rng: random.Random
) -> list[int]:
    """Up to ``limit`` indexes of ``actions``: the best by medium's judgement on one sample,
    one of each ``same_estimate_key`` first (those differ in what the estimate sees), then
    more of the best keys; within a key in random order, as medium would pick."""
    scores: dict[Hashable, float] = {}
    members: dict[Hashable, list[int]] = {}
    order = list(range(len(actions)))
    rng.shuffle(order)
    for i in order:
        action = actions[i]
        key = same_estimate_key(action)
        if key not in scores:
            after = state.clone()
            after.apply(seat, action)
            scores[key] = margin(estimate_state(after, seat), seat)
        members.setdefault(key, []).append(i)
    keys = sorted(scores, key=lambda k: -scores[k])
    out: list[int] = []
    for depth in range(max(len(m) for m in members.values())):
        for key in keys:
            if len(out) == limit:
                return out
            if depth < len(members[key]):
                out.append(members[key][depth])
    return out


class PolicyRollout:
    """The rollout algorithm over medium; see the module text.

    ``think_ms`` bounds the wall time, ``iterations`` the number of sampled states each
    candidate is played out on; with ``think_ms=None`` the choice depends only on the view,
    the legal actions and the rng. The answer is the candidate with the best mean margin.
    """

    def __init__(
        self,
        think_ms: float | None = 1000,
        iterations: int | None = None,
        *,
        candidates: int = 10,
    ) -> None:
        if think_ms is None and iterations is None:
            raise ValueError("PolicyRollout needs think_ms or iterations (or both)")
        self.think_ms = think_ms
        self.iterations = iterations
        self.candidates = candidates

    def __call__(self, view: View, legal: Legal, rng: random.Random) -> ActionJson:
        if len(legal) == 1:
            return legal[0]["action"]
        start = time.monotonic()
        deadline = None if self.think_ms is None else start + self.think_ms / 1000
        seat = view["seat"]
        game = engines.get(view["game"])
        actions = [game.parse_action(item["action"]) for item in legal]
        first = game.sample(view, seat, Rng(rng.getrandbits(64)))
        picks = _candidates(first, seat, actions, self.candidates, rng)
        if len(picks) == 1:
            return legal[picks[0]]["action"]
        totals = [0.0] * len(picks)
        done = 0  # the first sample always completes, whatever the deadline
        while self.iterations is None or done < self.iterations:
            state = first if done == 0 else game.sample(view, seat, Rng(rng.getrandbits(64)))
            moves = [actions[i] for i in picks]
            values = self._play_out(state, seat, moves, rng, deadline if done else None)
            if values is None:
                break
            totals = [t + v for t, v in zip(totals, values, strict=True)]
            done += 1
        best = max(range(len(picks)), key=lambda k: (totals[k], -k))
        return legal[picks[best]]["action"]

    def _play_out(
        self,
        state: State,
        seat: int,
        moves: list[Action],
        rng: random.Random,
        deadline: float | None,
    ) -> list[float] | None:
        """Each move's margin after its playout on one sample (``state``, not changed), all
        with the same luck; ``None`` once the deadline passes, so every candidate's mean
        is over the same samples."""
        luck = rng.getrandbits(64)
        values = []
        for move in moves:
            if deadline is not None and time.monotonic() >= deadline:
                return None
            after = state.clone()
            after.apply(seat, move)
            playout(after, seat, random.Random(luck))
            values.append(margin(estimate_state(after, seat), seat))
        return values
