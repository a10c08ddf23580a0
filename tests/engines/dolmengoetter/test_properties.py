"""Random play-throughs (seeded loops): every game ends, every applied action was legal,
scores add up from the events, states round-trip through JSON, and replays are exact."""

from __future__ import annotations

import json

import pytest

from engines.core import Rng
from engines.dolmengoetter.constants import SUPPLIES

from .helpers import GAME

GAMES_PER_COUNT = 600
"""2400 random games in all (about 10 s on one core)."""
ROUND_TRIP_GAMES = 15
"""Games per player count checked with a JSON round trip and replay at every step."""
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
        legal = state.legal_actions(seat)
        assert legal, "a seat to act always has an action (DG-9: at least a pass)"
        for other in range(players):
            if other != seat:
                assert state.legal_actions(other) == []
        action = rng.choice(legal)
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


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_finish_with_legal_actions_and_scores_from_events(players):
    """DG-5/DG-8/DG-10: final score = 4 + the sum of penalties and scoring events."""
    for seed in range(GAMES_PER_COUNT):
        state, _, deltas = play_random(players, seed)
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


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_json_round_trip_and_conservation_at_every_step(players):
    for seed in range(ROUND_TRIP_GAMES):

        def check(state, events):
            data = state.to_json()
            text = json.dumps(data)
            loaded = GAME.from_json(json.loads(text))
            assert loaded.to_json() == data
            for seat in range(players):
                assert loaded.legal_actions(seat) == state.legal_actions(seat)
            assert loaded.view(None) == state.view(None)
            assert_conserved(state)

        play_random(players, 5000 + seed, check)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_same_seed_and_actions_give_the_same_states_and_events(players):
    for seed in range(ROUND_TRIP_GAMES):
        states: list = []

        def record(state, events, states=states):
            states.append((state.to_json(), [e.to_json() for e in events]))

        final, actions, _ = play_random(players, 9000 + seed, record)
        replay = GAME.new(players, 9000 + seed)
        for (seat, action), (expected, events) in zip(actions, states, strict=True):
            got = replay.apply(seat, action.model_dump())  # as JSON, the way the server replays
            assert (replay.to_json(), [e.to_json() for e in got]) == (expected, events)
        assert replay.scores() == final.scores()
