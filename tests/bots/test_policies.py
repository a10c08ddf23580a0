"""The bot levels (issue 12): fair (they decide from the seat's view only) and legal in
every position of random games, for every player count of both games.

Searches use tiny iteration budgets and no time budget, so a choice depends only on the
view, the legal actions and the seed, and the tests stay quick and never time anything.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import engines
from bots import LEVELS, policy_for
from bots.evaluation import estimate
from engines.core import Rng, State

HARD = {"think_ms": None, "iterations": 12}
CASES = [
    (game.id, n)
    for game in engines.all_games()
    for n in range(game.min_players, game.max_players + 1)
]


def legal_json(state: State, seat: int) -> list[dict[str, Any]]:
    return [
        {"action": a.model_dump(mode="json"), "label": a.label()} for a in state.legal_actions(seat)
    ]


def positions(game_id: str, n: int, seed: int, every: int = 1):
    """(state, seat) every ``every`` plies of one random game."""
    state = engines.get(game_id).new(n, seed, {})
    rng = random.Random(seed)
    ply = 0
    while not state.is_over:
        seat = state.to_act()[0]
        if ply % every == 0:
            yield state, seat
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        ply += 1


def hidden_twin(game_id: str, n: int) -> tuple[State, State, int]:
    """Two states of one random game that ``seat`` cannot tell apart (the real one and a
    resample of its view with other hidden tiles or dolmen values), where it has several
    actions."""
    game = engines.get(game_id)
    for state, seat in positions(game_id, n, seed=7):
        if len(state.legal_actions(seat)) <= 3:
            continue
        for i in range(5):
            other = game.sample(state.view(seat), seat, Rng(1000 + i))
            if other.to_json()["state"] != state.to_json()["state"]:
                return state.clone(), other, seat
    raise AssertionError("no position with hidden information")


@pytest.mark.parametrize("game_id", engines.game_ids())
@pytest.mark.parametrize("level", LEVELS)
def test_same_view_different_hidden_state_same_choice(game_id: str, level: str) -> None:
    state, other, seat = hidden_twin(game_id, 3)
    view = state.view(seat)
    assert json.dumps(other.view(seat), sort_keys=True) == json.dumps(view, sort_keys=True)
    policy = policy_for(level, **HARD)
    choices = []
    for s in (state, other):
        choices.append(policy(s.view(seat), legal_json(s, seat), random.Random(99)))
    assert choices[0] == choices[1]


@pytest.mark.parametrize(("game_id", "n"), CASES)
def test_every_level_legal_in_every_position(game_id: str, n: int) -> None:
    """Medium plays the whole game; easy is asked in every position, hard in some."""
    game = engines.get(game_id)
    state = game.new(n, 1000 + n, {})
    easy, medium, hard = (policy_for(level, **HARD) for level in LEVELS)
    rng = random.Random(n)
    ply = 0
    while not state.is_over:
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        view, as_json = state.view(seat), legal_json(state, seat)
        assert game.parse_action(easy(view, as_json, rng)) in legal
        if ply % 25 == 0:
            assert game.parse_action(hard(view, as_json, rng)) in legal
        state.apply(seat, medium(view, as_json, rng))
        ply += 1
    assert state.winners()


def test_unknown_level_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown bot level 'expert'"):
        policy_for("expert")


@pytest.mark.parametrize("game_id", engines.game_ids())
def test_estimate_is_the_score_once_over(game_id: str) -> None:
    *_, (state, _seat) = positions(game_id, 2, seed=3)  # played on to the end
    assert state.is_over
    assert estimate(state.view(0)) == [float(x) for x in state.scores()]


def test_medium_takes_the_points_in_front_of_it() -> None:
    """Die Dolmengötter: with a dolmen right on an empty stack (its factor is 3 to 5),
    medium places its highest dolmen rather than a lower one or declining (DG-7)."""
    game = engines.get("dolmengoetter")
    medium = policy_for("medium")
    seen = 0
    for state, seat in positions("dolmengoetter", 2, seed=11):
        view = state.view(seat)
        if view["phase"] != "rights" or view["rights"][0]["seat"] != seat:
            continue
        if view["circles"][view["rights"][0]["circle"]]["stack"]:
            continue
        hand = view["players"][seat]["hand"]
        highest = max(int(v) for v, count in hand.items() if count)
        choice = game.parse_action(medium(view, legal_json(state, seat), random.Random(0)))
        assert (choice.type, choice.value) == ("place_dolmen", highest)
        seen += 1
    assert seen >= 2
