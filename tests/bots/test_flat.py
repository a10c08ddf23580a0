"""The flat Monte Carlo benchmark opponent (bots/flat.py, issue 42): legal, a function of
the seat's view and legal actions only, budgeted by rounds or by an injected clock (never
by wall time in tests)."""

from __future__ import annotations

import random

import pytest

import engines
from bots.flat import FlatMonteCarlo, final_margin, random_playout
from engines.core import Rng
from tests.bots.test_policies import CASES, hidden_twin, legal_json, positions


@pytest.mark.parametrize(("game_id", "n"), CASES)
def test_flat_chooses_a_legal_action(game_id: str, n: int) -> None:
    game = engines.get(game_id)
    flat = FlatMonteCarlo(think_ms=None, iterations=1)
    asked = 0
    for state, seat in positions(game_id, n, seed=300 + n, every=40):
        choice = flat(state.view(seat), legal_json(state, seat), random.Random(asked))
        assert game.parse_action(choice) in state.legal_actions(seat)
        asked += 1
    assert asked >= 2


@pytest.mark.parametrize("game_id", engines.game_ids())
def test_same_view_different_hidden_state_same_choice(game_id: str) -> None:
    state, other, seat = hidden_twin(game_id, 3)
    flat = FlatMonteCarlo(think_ms=None, iterations=2)
    choices = [flat(s.view(seat), legal_json(s, seat), random.Random(5)) for s in (state, other)]
    assert choices[0] == choices[1]


class Clock:
    """A clock that moves on by ``step`` seconds each time it is read."""

    def __init__(self, step: float) -> None:
        self.now = 0.0
        self.step = step

    def __call__(self) -> float:
        self.now += self.step
        return self.now


def a_wide_position(game_id: str):
    for state, seat in positions(game_id, 2, seed=12):
        if len(state.legal_actions(seat)) >= 4:
            return state, seat
    raise AssertionError("no position with four moves")


@pytest.mark.parametrize("game_id", engines.game_ids())
def test_think_ms_stops_after_the_first_round_once_the_clock_is_past(game_id: str) -> None:
    state, seat = a_wide_position(game_id)
    flat = FlatMonteCarlo(think_ms=1, clock=Clock(step=1.0))  # every reading is too late
    flat(state.view(seat), legal_json(state, seat), random.Random(0))
    assert flat.rounds == 1  # the first round always completes


@pytest.mark.parametrize("game_id", engines.game_ids())
def test_think_ms_plays_rounds_while_the_clock_allows(game_id: str) -> None:
    state, seat = a_wide_position(game_id)
    moves = len(state.legal_actions(seat))
    # The clock is read once for the deadline, then before each move of every round after
    # the first; 1 ms a reading, a budget of three such rounds and half a reading more.
    flat = FlatMonteCarlo(think_ms=3 * moves + 0.5, clock=Clock(step=0.001))
    flat(state.view(seat), legal_json(state, seat), random.Random(0))
    assert flat.rounds == 4


def test_iterations_bound_the_rounds() -> None:
    state, seat = a_wide_position("dschingis_khan")
    flat = FlatMonteCarlo(think_ms=None, iterations=3)
    flat(state.view(seat), legal_json(state, seat), random.Random(0))
    assert flat.rounds == 3


def test_a_budget_is_required() -> None:
    with pytest.raises(ValueError, match="think_ms or iterations"):
        FlatMonteCarlo(think_ms=None, iterations=None)


@pytest.mark.parametrize("game_id", engines.game_ids())
def test_random_playout_ends_the_game_and_margin_reads_the_scores(game_id: str) -> None:
    state = engines.get(game_id).new(3, 4, {})
    random_playout(state, random.Random(1))
    assert state.is_over
    scores = state.scores()
    assert final_margin(state, 0) == scores[0] - max(scores[1:])


def test_flat_picks_the_best_mean_margin_over_common_samples() -> None:
    """The move flat picks has the best total margin over its rounds, every move played
    out on the same sample with the same luck (the first index among equals)."""
    state, seat = a_wide_position("dschingis_khan")
    view, legal = state.view(seat), legal_json(state, seat)
    game = engines.get("dschingis_khan")
    rng = random.Random(3)
    flat = FlatMonteCarlo(think_ms=None, iterations=2)
    choice = flat(view, legal, random.Random(3))
    # The same draws, done by hand: two samples, each move played out with one luck.
    totals = [0.0] * len(legal)
    for _ in range(2):
        sample = game.sample(view, seat, Rng(rng.getrandbits(64)))
        luck = rng.getrandbits(64)
        for i, item in enumerate(legal):
            after = sample.clone()
            after.apply(seat, item["action"])
            random_playout(after, random.Random(luck))
            totals[i] += final_margin(after, seat)
    assert choice == legal[max(range(len(legal)), key=lambda i: (totals[i], -i))]["action"]
