"""Bounded observation spaces (issue 41): every observation of random games, of every seat
and the spectator, lies within ``Encoding.bounds``, which the PettingZoo Box carries."""

from __future__ import annotations

import random

import numpy as np
import pytest

import engines
from engines.rl import encoding

from .conftest import PLAYER_COUNTS


@pytest.mark.parametrize(("game_id", "n"), PLAYER_COUNTS)
def test_random_games_stay_within_the_bounds(game_id: str, n: int) -> None:
    enc = encoding(game_id)
    game = engines.get(game_id)
    low, high = (np.array(b) for b in enc.bounds(n))
    assert low.shape == high.shape == (enc.observation_size(n),)
    assert (low == 0).all() and np.isfinite(high).all() and (high >= 1).all()
    reached = np.zeros_like(high)
    for seed in range(2):
        r = random.Random(seed)
        state = game.new(n, seed)
        while True:
            for me in [*range(n), None]:
                v = np.array(enc.observe(state.view(me), me))
                outside = np.flatnonzero((v < low) | (v > high))
                assert not outside.size, [(int(i), v[i], high[i]) for i in outside[:5]]
                reached = np.maximum(reached, v)
            if state.is_over:
                break
            seat = state.to_act()[0]
            state.apply(seat, r.choice(state.legal_actions(seat)))
    assert reached.max() > 1  # counts are raw, not scaled


@pytest.mark.parametrize("game_id", ["dschingis_khan", "dolmengoetter"])
def test_the_pettingzoo_space_is_bounded_and_holds_every_observation(game_id: str) -> None:
    from engines.pettingzoo import env as make_env

    env = make_env(game_id, num_players=3)
    box = env.observation_space("player_0")["observation"]
    assert box.is_bounded()
    low, high = encoding(game_id).bounds(3)
    assert box.low.tolist() == low and box.high.tolist() == high
    env.reset(seed=3)
    rng = np.random.default_rng(3)
    for agent in env.agent_iter():
        obs, _, terminated, truncated, _ = env.last()
        assert env.observation_space(agent).contains(obs)
        env.step(
            None if terminated or truncated else int(rng.choice(np.flatnonzero(obs["action_mask"])))
        )
