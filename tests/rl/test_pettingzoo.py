"""Both games as PettingZoo AEC environments: the library's API and seed tests."""

from __future__ import annotations

import pytest

from .conftest import PLAYER_COUNTS, masked_random_rewards


@pytest.mark.parametrize(("game_id", "n"), PLAYER_COUNTS)
def test_api_test(game_id: str, n: int) -> None:
    from pettingzoo.test import api_test

    from engines.pettingzoo import env

    api_test(env(game_id, num_players=n), num_cycles=300)


@pytest.mark.parametrize(("game_id", "n"), PLAYER_COUNTS)
def test_seed_test(game_id: str, n: int) -> None:
    from pettingzoo.test import seed_test

    from engines.pettingzoo import env

    seed_test(lambda: env(game_id, num_players=n), num_cycles=50)


@pytest.mark.parametrize("game_id", ["dschingis_khan", "dolmengoetter"])
def test_masked_random_play_ends_with_rewards(game_id: str) -> None:
    from engines.pettingzoo import env

    totals = masked_random_rewards(env(game_id, num_players=3), seed=5)
    assert set(totals) <= {-1.0, 0.0, 1.0} and max(totals) >= 0


def test_illegal_action_is_refused() -> None:
    from engines.pettingzoo import raw_env

    e = raw_env("dolmengoetter", num_players=2)
    e.reset(seed=1)
    obs = e.observe(e.agent_selection)
    illegal = int(obs["action_mask"].argmin())
    with pytest.raises(ValueError, match="not a legal action"):
        e.step(illegal)


def test_env_is_wrapped_as_the_classic_envs() -> None:
    """env(): an illegal move ends the game, the mover losing (TerminateIllegalWrapper)."""
    from engines.pettingzoo import TafelrundeEnv, env

    e = env("dolmengoetter", num_players=2)
    assert isinstance(e.unwrapped, TafelrundeEnv)
    e.reset(seed=1)
    agent = e.agent_selection
    e.step(int(e.observe(agent)["action_mask"].argmin()))
    assert all(e.terminations.values())
    assert e.rewards[agent] == -1


@pytest.mark.parametrize("game_id", ["dschingis_khan", "dolmengoetter"])
def test_observations_are_built_once_per_step_and_kept(game_id: str) -> None:
    """``last()`` and ``observe`` give the very same observation within a step; a step
    makes new ones and leaves the earlier ones as they were: the seat's view's vector and
    its legal actions then."""
    import numpy as np

    from engines.pettingzoo import raw_env
    from engines.rl import encoding

    e = raw_env(game_id, num_players=2)
    e.reset(seed=3)
    enc = encoding(game_id)
    kept = []
    for _ in range(30):
        agent = e.agent_selection
        obs = e.last()[0]
        assert e.observe(agent) is obs
        seat = e.possible_agents.index(agent)
        state = e.unwrapped.state_
        legal = sorted(enc.legal(state, seat))
        kept.append((obs, obs["observation"].copy(), obs["action_mask"].copy()))
        assert obs["observation"].tolist() == enc.observe(state.view(seat), seat)
        assert np.flatnonzero(obs["action_mask"]).tolist() == legal
        e.step(legal[0])
        assert e.observe(agent) is not obs
    for obs, vector, mask in kept:
        assert np.array_equal(obs["observation"], vector)
        assert np.array_equal(obs["action_mask"], mask)
