"""Random complete games per second and actions per second, per game and player count.

Usage: python benchmarks/engine.py [--games N] [--runs R] [--only GAME_ID]
Each run plays N random games (uniformly random legal actions of the seat to act) on one
core; the figure printed is the median over R runs.
"""

from __future__ import annotations

import argparse
import statistics
import time

import engines
from engines.core import Rng

CASES = [("dolmengoetter", 2), ("dolmengoetter", 5), ("dschingis_khan", 2), ("dschingis_khan", 4)]


def run_once(game_id: str, players: int, games: int, seed0: int) -> tuple[float, float]:
    game = engines.get(game_id)
    actions = 0
    start = time.perf_counter()
    for i in range(games):
        state = game.new(players, seed0 + i)
        rng = Rng(seed0 + i + 99)
        while not state.is_over:
            seat = state.to_act()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            actions += 1
    elapsed = time.perf_counter() - start
    return games / elapsed, actions / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--only", choices=engines.game_ids())
    args = parser.parse_args()
    print(f"{'game':<16}{'players':>8}{'games/s':>12}{'actions/s':>12}   (median of {args.runs})")
    for game_id, players in CASES:
        if args.only and game_id != args.only:
            continue
        runs = [run_once(game_id, players, args.games, 1000 * r) for r in range(args.runs)]
        gps = statistics.median(r[0] for r in runs)
        aps = statistics.median(r[1] for r in runs)
        print(f"{game_id:<16}{players:>8}{gps:>12.1f}{aps:>12.0f}")


if __name__ == "__main__":
    main()
