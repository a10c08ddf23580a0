"""PettingZoo conventions (issue 41, item 5)."""

from __future__ import annotations

import numpy as np
import pytest

from engines.pettingzoo import env as make_env


def test_unseeded_fresh_environments_play_different_games() -> None:
    a, b = make_env("dschingis_khan"), make_env("dschingis_khan")
    a.reset()
    b.reset()
    # The games themselves (their seeds and draws): a 2-player start shows only 26 different
    # observations, so two fresh games looked alike about one time in twenty.
    assert a.unwrapped.state_.to_json() != b.unwrapped.state_.to_json()


@pytest.mark.parametrize("wrap", [int, np.int64, np.int32, np.array])
def test_step_takes_numpy_actions(wrap) -> None:
    env = make_env("dolmengoetter")
    env.reset(seed=1)
    move = int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[0])
    env.step(wrap(move))
    assert env.unwrapped.state_.ply == 1


def test_step_before_reset_says_so() -> None:
    from engines.pettingzoo import raw_env

    with pytest.raises(RuntimeError, match="reset"):
        raw_env("dolmengoetter").step(0)
    with pytest.raises(AssertionError, match="reset"):  # OrderEnforcingWrapper's message
        make_env("dolmengoetter").step(0)
