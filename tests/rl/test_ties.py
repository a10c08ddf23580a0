"""Ties in the returns (issue 41): a sole winner +1, each of several winners ``tie_reward``
(default 0, so a drawn 2-player game pays 0 to both), every other seat -1; the same in
OpenSpiel's returns, PettingZoo's rewards and the live environment (``returns_for``)."""

from __future__ import annotations

import random

import pytest

import engines
from engines.rl import TIE_REWARD, returns_for

from .conftest import masked_random_rewards


def test_the_rule() -> None:
    assert TIE_REWARD == 0.0
    assert returns_for([1], 2) == [-1.0, 1.0]
    assert returns_for([0, 1], 2) == [0.0, 0.0]
    assert returns_for([0, 2], 3) == [0.0, -1.0, 0.0]
    assert returns_for([0, 1], 2, tie_reward=1.0) == [1.0, 1.0]
    assert returns_for([2], 4, tie_reward=0.5) == [-1.0, -1.0, 1.0, -1.0]
    with pytest.raises(ValueError, match="tie_reward"):
        returns_for([0, 1], 2, tie_reward=2.0)


def _openspiel_returns(game_id: str, n: int, **params: float) -> list[float]:
    import pyspiel

    import engines.openspiel  # noqa: F401  (registers the games)

    game = pyspiel.load_game(f"python_{game_id}", {"players": n, **params})
    state = game.new_initial_state()
    r = random.Random(0)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(r.randrange(256))
        else:
            state.apply_action(r.choice(state.legal_actions()))
    returns: list[float] = state.returns()
    return returns


def _pettingzoo_rewards(game_id: str, n: int, **kwargs: float) -> list[float]:
    from engines.pettingzoo import env as make_env

    return masked_random_rewards(make_env(game_id, num_players=n, **kwargs), seed=0)


@pytest.mark.parametrize(
    ("n", "winners", "params", "expected"),
    [
        (2, [0, 1], {}, [0.0, 0.0]),
        (2, [0, 1], {"tie_reward": 1.0}, [1.0, 1.0]),
        (2, [1], {}, [-1.0, 1.0]),
        (3, [0, 2], {}, [0.0, -1.0, 0.0]),
        (3, [0, 2], {"tie_reward": -0.5}, [-0.5, -1.0, -0.5]),
    ],
)
def test_openspiel_and_pettingzoo_pay_the_same(
    monkeypatch: pytest.MonkeyPatch,
    n: int,
    winners: list[int],
    params: dict[str, float],
    expected: list[float],
) -> None:
    """A finished game whose winners are forced (ties are rare in random play)."""
    state_class = type(engines.get("dolmengoetter").new(n, 0))
    monkeypatch.setattr(state_class, "winners", lambda self: list(winners))
    assert _openspiel_returns("dolmengoetter", n, **params) == expected
    assert _pettingzoo_rewards("dolmengoetter", n, **params) == expected


def test_a_bad_tie_reward_is_refused() -> None:
    import pyspiel

    import engines.openspiel  # noqa: F401
    from engines.pettingzoo import env as make_env

    with pytest.raises(Exception, match="tie_reward"):
        pyspiel.load_game("python_dschingis_khan", {"players": 2, "tie_reward": 3.0})
    with pytest.raises(ValueError, match="tie_reward"):
        make_env("dschingis_khan", tie_reward=-2.0)
