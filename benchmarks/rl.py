"""Steps per second of every agents' layer, side by side, for the same random games.

Usage: python benchmarks/rl.py [--steps N] [--runs R] [--only GAME_ID] [--players P]
                               [--compare REF]
       python benchmarks/rl.py --baselines [--games G] [--simulations S] [--only GAME_ID]
       python benchmarks/rl.py --train EPISODES [--games G]

Layers (docs/RL.md): ``engine`` (``State.legal_actions`` and ``apply``), ``openspiel`` (a
pyspiel state's ``legal_actions`` and ``apply_action``), ``+tensor`` (and the observation
tensor of the seat to act, every step), ``rl_environment`` (OpenSpiel's
``rl_environment.Environment``, which builds every seat's information state each step) and
``pettingzoo`` (the AEC loop with ``last()`` every step). Each plays random games (uniform
legal actions, ``random.Random``) until N steps are done; the figure is the median steps/s
over R runs, with its ratio to the engine's. ``--compare REF`` runs the same measurements on
git ref REF's ``engines`` (exported with ``git archive``) in a second worker process,
alternating runs, and prints the speedup.

``--baselines``: each agent against uniformly random legal moves, 2 players, G games per
agent and game, seats alternating: ``random``, OpenSpiel's ``mcts.MCTSBot`` (which searches
the real state, so it sees hidden pieces and future draws) and ``ismcts.ISMCTSBot`` (which
samples worlds the seat cannot tell apart), S simulations a move with one random rollout
each; the win rate (a tie a half) with its 95% Wilson interval and the agent's mean time per
move. ``--train N``: docs/RL.md's training example (``benchmarks/pg_agent.py``), its win rate
against random over G games before and after N training episodes. Both print the machine's
load before and after. Needs the ``rl`` extra.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

# The checkout's packages first (``engines``, and ``bots`` before this folder's bots.py),
# not an installed copy's: an editable install may point at another checkout.
_HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(_HERE.parent), str(_HERE)]
import refs  # noqa: E402

LAYERS = ["engine", "openspiel", "+tensor", "rl_environment", "pettingzoo"]
CASES = [("dolmengoetter", 2), ("dschingis_khan", 2)]


def _engine(game_id: str, n: int, steps: int, r: random.Random) -> int:
    import engines

    game = engines.get(game_id)
    done = 0
    while done < steps:
        state = game.new(n, r.getrandbits(64))
        while not state.is_over:
            seat = state.to_act()[0]
            state.apply(seat, r.choice(state.legal_actions(seat)))
            done += 1
    return done


def _openspiel(game_id: str, n: int, steps: int, r: random.Random, tensor: bool) -> int:
    import pyspiel

    import engines.openspiel  # noqa: F401

    game = pyspiel.load_game(f"python_{game_id}", {"players": n})
    done = 0
    while done < steps:
        state = game.new_initial_state()
        for _ in range(8):
            state.apply_action(r.randrange(256))
        while not state.is_terminal():
            if tensor:
                state.observation_tensor(state.current_player())
            state.apply_action(r.choice(state.legal_actions()))
            done += 1
    return done


def _rl_environment(game_id: str, n: int, steps: int, r: random.Random) -> int:
    from open_spiel.python import rl_environment

    import engines.openspiel  # noqa: F401

    sampler = rl_environment.ChanceEventSampler(seed=r.randrange(2**31))
    env = rl_environment.Environment(f"python_{game_id}", chance_event_sampler=sampler, players=n)
    done = 0
    while done < steps:
        step = env.reset()
        while not step.last():
            player = step.observations["current_player"]
            step = env.step([r.choice(step.observations["legal_actions"][player])])
            done += 1
    return done


def _pettingzoo(game_id: str, n: int, steps: int, r: random.Random) -> int:
    import numpy as np

    from engines.pettingzoo import env as make_env

    env = make_env(game_id, num_players=n)
    done = 0
    while done < steps:
        env.reset(seed=r.getrandbits(32))
        for _ in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            env.step(r.choice(np.flatnonzero(obs["action_mask"]).tolist()))
            done += 1
    return done


def measure(layer: str, game_id: str, n: int, steps: int, seed: int) -> float:
    """Steps per second of ``layer`` playing random games until ``steps`` are done."""
    r = random.Random(seed)
    start = time.perf_counter()
    if layer == "engine":
        done = _engine(game_id, n, steps, r)
    elif layer in ("openspiel", "+tensor"):
        done = _openspiel(game_id, n, steps, r, tensor=layer == "+tensor")
    elif layer == "rl_environment":
        done = _rl_environment(game_id, n, steps, r)
    else:
        done = _pettingzoo(game_id, n, steps, r)
    return done / (time.perf_counter() - start)


AGENTS = ["random", "mcts", "ismcts"]


def _bot(agent: str, game: Any, simulations: int, rng: Any) -> Any:
    from open_spiel.python.algorithms import ismcts, mcts

    evaluator = mcts.RandomRolloutEvaluator(1, rng)
    if agent == "mcts":
        return mcts.MCTSBot(game, 2.0, simulations, evaluator, random_state=rng)
    return ismcts.ISMCTSBot(game, evaluator, 2.0, simulations, random_state=rng)


def baseline(
    agent: str, game_id: str, games: int, simulations: int, seed: int
) -> tuple[float, float, int]:
    """``agent`` against uniform random legal moves, 2 players, ``games`` games with the
    seats alternating: its score (a win 1, a tie a half) and its seconds and moves."""
    import numpy as np
    import pyspiel

    import engines.openspiel  # noqa: F401

    game = pyspiel.load_game(f"python_{game_id}", {"players": 2})
    rng = np.random.RandomState(seed)
    score, seconds, moves = 0.0, 0.0, 0
    for index in range(games):
        seat = index % 2
        bot = None if agent == "random" else _bot(agent, game, simulations, rng)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(rng.choice(outcomes, p=probs)))
            elif state.current_player() == seat:
                start = time.perf_counter()
                action = int(rng.choice(state.legal_actions())) if bot is None else bot.step(state)
                seconds += time.perf_counter() - start
                moves += 1
                state.apply_action(action)
            else:
                state.apply_action(int(rng.choice(state.legal_actions())))
        mine = state.returns()[seat]
        score += 1.0 if mine > 0 else 0.5 if mine == 0 else 0.0
    return score, seconds, moves


def baselines(cases: list[tuple[str, int]], games: int, simulations: int) -> None:
    from benchmarks.bots import wilson

    for game_id, _ in cases:
        print(f"\n{game_id}, 2 players: against random, {games} games, seats alternating")
        print(f"{'agent':<10}{'win rate':>9}{'95% interval':>16}{'ms/move':>10}")
        for agent in AGENTS:
            score, seconds, moves = baseline(agent, game_id, games, simulations, 0)
            low, high = wilson(score, games)
            ms = 1000 * seconds / max(moves, 1)
            print(
                f"{agent:<10}{score / games:>9.2f}  [{low:.2f}, {high:.2f}]{ms:>12.2f}", flush=True
            )


def train(episodes: int, games: int, seed: int) -> None:
    """docs/RL.md's training example: its win rate before and after ``episodes``."""
    import numpy as np

    from benchmarks import pg_agent
    from benchmarks.bots import wilson

    rng = np.random.default_rng(seed)

    def rate(when: str) -> None:
        start = time.perf_counter()
        score = pg_agent.win_rate(games, rng) * games
        low, high = wilson(score, games)
        took = time.perf_counter() - start
        print(f"{when}: win rate {score / games:.3f} [{low:.3f}, {high:.3f}] ({took:.0f} s)")

    rate("before training")
    start = time.perf_counter()
    pg_agent.train(episodes, rng)
    minutes = (time.perf_counter() - start) / 60
    print(f"trained {episodes} episodes in {minutes:.1f} min")
    rate(f"after {episodes} episodes")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--steps", type=int, default=2000, help="steps per run and layer")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--only", metavar="GAME_ID")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--compare", metavar="REF", help="also run git ref REF's engines")
    parser.add_argument("--baselines", action="store_true", help="random, MCTS, IS-MCTS")
    parser.add_argument("--games", type=int, default=20, help="games per agent and game")
    parser.add_argument("--simulations", type=int, default=20, help="MCTS and IS-MCTS")
    parser.add_argument("--train", type=int, metavar="EPISODES", help="docs/RL.md's example")
    parser.add_argument("--seed", type=int, default=0, help="of --train")
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        refs.serve(args.worker, measure)
        return
    cases = [(g, args.players) for g, _ in CASES if args.only in (None, g)]
    print(refs.load())
    if args.baselines or args.train is not None:
        if args.baselines:
            baselines(cases, args.games, args.simulations)
        else:
            train(args.train, args.games, args.seed)
        print(refs.load())
        return
    with refs.workers(__file__, args.compare, ["engines", "seeds"]) as workers:
        if args.compare:
            print(f"ref = {args.compare}, now = working tree")
        for game_id, n in cases:
            print(f"\n{game_id}, {n} players: steps/s (median of {args.runs}), × engine")
            head = f"{'layer':<16}" + "".join(f"{name:>10}{'×eng':>7}" for name in workers)
            print(head + (f"{'speedup':>9}" if args.compare else ""))
            medians: dict[str, dict[str, float]] = {name: {} for name in workers}
            for layer in LAYERS:
                results = refs.alternate(
                    workers,
                    args.runs,
                    (layer, game_id, n, 50, 0),
                    lambda r, case=(layer, game_id, n): (*case, args.steps, r),
                )
                line = f"{layer:<16}"
                for name in workers:
                    m = medians[name][layer] = statistics.median(results[name])
                    ratio = m / medians[name]["engine"]
                    line += f"{m:>10.0f}{ratio:>7.2f}"
                if args.compare:
                    line += f"{medians['now'][layer] / medians['ref'][layer]:>8.2f}×"
                print(line, flush=True)
    print(refs.load())


if __name__ == "__main__":
    main()
