"""The OpenSpiel and PettingZoo adapters: skipped, saying why, only without the ``rl`` extra
(``scripts/test.sh`` installs it, so CI runs them)."""

from __future__ import annotations

import importlib.util

import pytest

import engines

MISSING = [
    name
    for name in ("pyspiel", "pettingzoo", "gymnasium", "numpy")
    if importlib.util.find_spec(name) is None
]


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if not MISSING:
        return
    skip = pytest.mark.skip(
        reason=f"needs the rl extra (pip install -e '.[rl]'); missing: {', '.join(MISSING)}"
    )
    for item in items:
        if "tests/rl/" in str(item.path).replace("\\", "/"):
            item.add_marker(skip)


PLAYER_COUNTS = [
    (game.id, n)
    for game in engines.all_games()
    for n in range(game.min_players, game.max_players + 1)
]
"""Every game with every player count it allows."""


def masked_random_rewards(env, seed: int) -> list[float]:
    """A PettingZoo AEC ``env`` reset with ``seed`` and played to its end by uniformly
    random legal moves (its action masks, numpy's generator seeded the same): each agent's
    summed rewards, in ``possible_agents`` order."""
    import numpy as np

    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return [totals[a] for a in env.possible_agents]
