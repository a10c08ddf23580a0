"""The hard bot's shortcuts (bots/rollout.py) agree with medium, which they model.

The rollout algorithm is only an improvement over medium if its playouts play like medium:
the state-read estimate must equal the view-read one, and grouping actions by
``same_estimate_key`` must leave the set of greedy choices unchanged.
"""

from __future__ import annotations

import random

import pytest

import engines
from bots.evaluation import estimate, estimate_state, margin
from bots.rollout import PolicyRollout, greedy_choices, playout
from engines.core import Rng
from tests.bots.test_policies import CASES, legal_json, positions


@pytest.mark.parametrize(("game_id", "n"), CASES)
def test_estimate_from_state_is_the_estimate_from_each_view(game_id: str, n: int) -> None:
    for state, _seat in positions(game_id, n, seed=20 + n, every=3):
        for seat in range(n):
            assert estimate_state(state, seat) == estimate(state.view(seat))


def medium_best(state, seat: int) -> set:
    """Medium's judgement spelled out: every legal action applied, the view estimated."""
    scores = {}
    for action in state.legal_actions(seat):
        after = state.clone()
        after.apply(seat, action)
        scores[action] = margin(estimate(after.view(seat)), seat)
    top = max(scores.values())
    return {a for a, s in scores.items() if s >= top - 1e-9}


@pytest.mark.parametrize("n", [2, 5])
def test_greedy_choices_are_mediums(n: int) -> None:
    for state, seat in positions("dolmengoetter", n, seed=40 + n, every=7):
        assert set(greedy_choices(state, seat)) == medium_best(state, seat)


def test_playout_stops_after_the_seats_next_turn() -> None:
    """From a turn of seat 0 in 4 players: the three others' turns, then seat 0's own,
    then stop as the turn passes on (dolmen rights answered on the way are no turns)."""
    game = engines.get("dolmengoetter")
    for state, seat in positions("dolmengoetter", 4, seed=5):
        if state.phase == "turn" and seat == 0 and state.ply > 20:
            break
    view = state.view(0)
    sample = game.sample(view, 0, Rng(1))
    sample.apply(0, sample.legal_actions(0)[0])
    playout(sample, 0, random.Random(2))
    assert sample.is_over or (sample.phase == "turn" and sample.current == 1)


def test_rollout_choice_is_legal_and_repeatable() -> None:
    game = engines.get("dolmengoetter")
    hard = PolicyRollout(think_ms=None, iterations=3)
    for state, seat in positions("dolmengoetter", 5, seed=9, every=20):
        view, legal = state.view(seat), legal_json(state, seat)
        choice = hard(view, legal, random.Random(4))
        assert game.parse_action(choice) in state.legal_actions(seat)
        assert hard(view, legal, random.Random(4)) == choice


def test_playout_of_a_finished_game_does_nothing() -> None:
    *_, (state, _seat) = positions("dolmengoetter", 3, seed=8)
    assert state.is_over
    playout(state, 0, random.Random(0))
    assert state.is_over
