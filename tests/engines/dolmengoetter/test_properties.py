"""Random play-throughs (seeded loops): scores add up from the events, stones and dolmens are
conserved, and games end both ways (DG-10). What every engine promises (legal actions, round
trips, determinism, refusals, sampling) is checked for all games in
``tests/engines/test_contract.py``."""

from __future__ import annotations

import pytest

from engines.core import Rng
from engines.dolmengoetter.constants import SUPPLIES

from .helpers import GAME

GAMES_PER_COUNT = 600
"""2400 random games in all (about 10 s on one core)."""
CONSERVED_AT_EVERY_STEP = 15
"""Games per player count whose conservation is checked at every step, not only at the end."""
MAX_PLIES = 2000


def play_random(players: int, seed: int, step_check=None):
    """Play one random game; returns (state, actions, score_deltas)."""
    state = GAME.new(players, seed)
    rng = Rng(seed ^ 0xD01)
    actions = []
    deltas = [0] * players
    while not state.is_over:
        assert len(actions) < MAX_PLIES, f"{players}p seed {seed} does not end"
        (seat,) = state.to_act()
        action = rng.choice(state.legal_actions(seat))
        events = state.apply(seat, action)
        actions.append((seat, action))
        for e in events:
            if e.type == "stone_declined":
                deltas[e.data["seat"]] -= e.data["penalty"]
            elif e.type == "circle_scored":
                for d in e.data["dolmens"]:
                    deltas[d["owner"]] += d["points"]
        if step_check:
            step_check(state, events)
    return state, actions, deltas


def assert_conserved(state):
    """Stones and dolmens are neither made nor lost (DG-2): board + supply = start."""
    n = state.num_players
    supply = SUPPLIES[n]
    for s in range(n):
        assert state.stone.count(s) + state.stones_left[s] == supply.stones
        counts = list(state.hands[s])
        for stack in state.stacks:
            for owner, value in stack:
                if owner == s:
                    counts[value - 1] += 1
        for rows in state.scored:
            for owner, value, _, _ in rows or ():
                if owner == s:
                    counts[value - 1] += 1
        assert tuple(counts) == supply.dolmens
        assert state.dolmens_placed[s] == sum(supply.dolmens) - sum(state.hands[s])
        druids = sum(1 for d in state.druid if d == s)
        assert druids == 3 or (state.phase == "druids" and druids < 3)


def conserved(state, events) -> None:
    assert_conserved(state)


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_end_with_scores_from_events_and_every_piece_conserved(players):
    """DG-5/DG-8/DG-10: final score = 4 + the sum of penalties and scoring events."""
    for seed in range(GAMES_PER_COUNT):
        every_step = seed < CONSERVED_AT_EVERY_STEP
        state, _, deltas = play_random(players, seed, conserved if every_step else None)
        assert state.is_over
        assert state.scores() == [4 + d for d in deltas]
        assert min(state.scores()) >= 1  # DG-5: never below 1 by declining
        assert_conserved(state)
        assert all(not stack for stack in state.stacks)  # everything scored at the end
        # DG-10: the game ends on empty stone supplies exactly when they are all empty.
        assert (not any(state.stones_left)) == (state.end_reason == "stones_used_up")


@pytest.mark.parametrize("players", [4, 5])
def test_DG10_both_endings_happen_when_players_build_every_dolmen_they_may(players):
    """DG-10: uniformly random play rarely places a last dolmen (it declines half its rights),
    so here every right is taken: then games end both ways, and each way only when it should."""
    reasons = set()
    for seed in range(100):
        state = GAME.new(players, seed)
        rng = Rng(seed + 1)
        while not state.is_over:
            seat = state.to_act()[0]
            actions = state.legal_actions(seat)
            dolmens = [a for a in actions if a.type == "place_dolmen"]
            state.apply(seat, rng.choice(dolmens or actions))
        assert (not any(state.stones_left)) == (state.end_reason == "stones_used_up")
        if state.end_reason == "final_round_done":
            assert any(not any(hand) for hand in state.hands)  # someone placed their last
        reasons.add(state.end_reason)
    assert reasons == {"stones_used_up", "final_round_done"}
