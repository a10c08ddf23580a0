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
