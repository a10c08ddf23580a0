"""docs/RL.md's training example, word for word (tests/rl/test_rl_doc_loops.py checks the
two agree and runs it): masked REINFORCE in plain numpy on Die Dolmengötter, 2 players, one
seat learning against uniformly random legal moves. ``benchmarks/rl.py --train N`` measures
it. Needs the ``rl`` extra."""

import numpy as np

from engines.pettingzoo import env as make_env

env = make_env("dolmengoetter", num_players=2)
prefs = np.zeros(env.action_space("player_0").n)  # the policy: a preference per action


def play(seat: int, rng: np.random.Generator, learn_rate: float = 0.0) -> tuple[float, list]:
    """One game, the policy at `seat` against uniform random; its score (win 1, tie 0.5,
    loss 0). Learning, it samples the softmax of its preferences over the legal actions;
    otherwise it plays its most preferred legal action (ties broken at random)."""
    env.reset(seed=int(rng.integers(2**32)))
    me, choices, score = f"player_{seat}", [], 0.0
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        legal = np.flatnonzero(obs["action_mask"])  # a handful of the 24633 actions
        if terminated or truncated:
            score = (reward + 1) / 2 if agent == me else score
            env.step(None)
        elif agent != me:
            env.step(int(rng.choice(legal)))
        elif learn_rate == 0:
            env.step(int(rng.choice(legal[prefs[legal] == prefs[legal].max()])))
        else:
            p = np.exp(prefs[legal] - prefs[legal].max())
            p /= p.sum()
            i = rng.choice(len(legal), p=p)
            choices.append((legal, p, i))
            env.step(int(legal[i]))
    return score, choices


def train(episodes: int, rng: np.random.Generator, learn_rate: float = 0.05) -> None:
    baseline = 0.5  # the score's running mean: a game's advantage is its score minus it
    for episode in range(episodes):
        score, choices = play(episode % 2, rng, learn_rate)
        for legal, p, i in choices:  # REINFORCE: d log p[i] / d prefs = onehot(i) - p
            grad = -p
            grad[i] += 1
            prefs[legal] += learn_rate * (score - baseline) * grad
        baseline += 0.01 * (score - baseline)


def win_rate(games: int, rng: np.random.Generator) -> float:
    return sum(play(game % 2, rng)[0] for game in range(games)) / games
