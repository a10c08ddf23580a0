"""Bot strength: tournaments between levels, seats rotated, per game and player count.

Usage: python benchmarks/bots.py [--games N] [--think-ms MS] [--iterations I]
                                 [--only GAME_ID] [--players 2,4] [--matchups hard:easy,...]
                                 [--jobs J] [--first K]

A matchup ``A:B`` seats one bot of level A and fills every other seat with level B; game i
puts A at seat i mod players (seats rotated) and uses seed i; ``--first K`` plays games
K, K+1, ... so that a second run adds new games to a first. It prints A's wins (a shared
win counts as a share) and win rate with its 95% Wilson interval, A's fair share
(1/players), and the milliseconds per move of each level. Policies see only their seat's
view and legal actions, exactly as in the server (``bots.policy_for``). A level written
``medium-open`` or ``hard-open`` plays without mixing its hidden choices (``policy_for(...,
concealed=False)``, as before issue 36), e.g. ``--matchups medium:medium-open``. The
level ``flat`` is the flat Monte Carlo player (``bots.flat.FlatMonteCarlo``, issue 42) on
the same budget as hard: ``--matchups hard:flat``. Game i deals with seed i in every
matchup, so rows of one run are paired by deal.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

# This file is named like the package it measures: import ``bots`` (and ``engines``) from
# the checkout this script belongs to, not from the script's own folder.
_HERE = os.path.dirname(os.path.abspath(__file__))
_REPO = os.path.dirname(_HERE)
sys.path[:] = [_REPO] + [p for p in sys.path if os.path.abspath(p or ".") != _HERE]

import engines  # noqa: E402
from bots import Policy, policy_for  # noqa: E402
from bots.api import Legal  # noqa: E402
from bots.flat import FlatMonteCarlo  # noqa: E402
from engines.core import State  # noqa: E402

DEFAULT_PLAYERS = {"dschingis_khan": (2, 4), "dolmengoetter": (2, 4, 5)}
DEFAULT_MATCHUPS = ("hard:easy", "hard:medium", "medium:easy")


@dataclass
class Tally:
    games: int = 0
    wins: float = 0.0
    ms: dict[str, list[float]] = field(default_factory=lambda: {})

    def add(self, other: Tally) -> None:
        self.games += other.games
        self.wins += other.wins
        for level, times in other.ms.items():
            self.ms.setdefault(level, []).extend(times)


def make_policy(level: str, budget: dict) -> Policy:
    """The policy a level name in ``--matchups`` stands for."""
    if level == "flat":
        return FlatMonteCarlo(**budget)
    return policy_for(level.removesuffix("-open"), **budget, concealed=not level.endswith("-open"))


def legal_json(state: State, seat: int) -> Legal:
    """The seat's legal actions as a policy is given them (labels left out)."""
    return [{"action": a.model_dump(mode="json"), "label": ""} for a in state.legal_actions(seat)]


def play_out(
    state: State,
    policies: Sequence[Policy],
    rng: random.Random,
    before_move: Callable[[State], None] | None = None,
) -> list[list[float]]:
    """``state`` played to its end, each seat by its policy, ``before_move`` shown every
    position a move is asked for; the ms each seat's moves took."""
    ms: list[list[float]] = [[] for _ in policies]
    while not state.is_over:
        if before_move is not None:
            before_move(state)
        seat = state.to_act()[0]
        legal = legal_json(state, seat)
        start = time.perf_counter()
        action = policies[seat](state.view(seat), legal, rng)
        ms[seat].append((time.perf_counter() - start) * 1000)
        state.apply(seat, action)
    return ms


def play(
    game_id: str, players: int, subject: str, opponent: str, index: int, budget: dict
) -> Tally:
    """Game ``index`` of a matchup: ``subject`` at seat ``index % players``."""
    game = engines.get(game_id)
    state = game.new(players, index, {})
    seat_of_subject = index % players
    levels = [subject if s == seat_of_subject else opponent for s in range(players)]
    policies = [make_policy(level, budget) for level in levels]
    rng = random.Random(f"{game_id}:{players}:{subject}:{opponent}:{index}")
    tally = Tally(games=1)
    for seat, times in enumerate(play_out(state, policies, rng)):
        tally.ms.setdefault(levels[seat], []).extend(times)
    winners = state.winners()
    if seat_of_subject in winners:
        tally.wins = 1 / len(winners)
    return tally


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval of a proportion."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games per matchup and count")
    parser.add_argument(
        "--think-ms", type=float, default=1000, help="hard's (and flat's) ms per move"
    )
    parser.add_argument(
        "--iterations", type=int, default=None, help="hard's (and flat's) iterations"
    )
    parser.add_argument("--only", choices=engines.game_ids())
    parser.add_argument("--players", help="player counts, e.g. 2,4 (default: 2 and the most)")
    parser.add_argument("--matchups", default=",".join(DEFAULT_MATCHUPS))
    parser.add_argument("--jobs", type=int, default=1, help="games played in parallel")
    parser.add_argument("--first", type=int, default=0, help="index of the first game")
    args = parser.parse_args()
    budget = {"think_ms": args.think_ms, "iterations": args.iterations}
    if args.think_ms <= 0:
        budget["think_ms"] = None
    matchups = [tuple(m.split(":")) for m in args.matchups.split(",")]
    print(
        f"games per row: {args.games}; hard budget: think_ms={budget['think_ms']} "
        f"iterations={budget['iterations']}; jobs: {args.jobs}; first game: {args.first}; "
        f"load average: {os.getloadavg()[0]:.1f}"
    )
    print(
        "game            players  matchup       won/games  win rate  95% interval   fair   ms/move"
    )
    with ProcessPoolExecutor(args.jobs) as pool:
        for game_id in [args.only] if args.only else engines.game_ids():
            counts = (
                [int(p) for p in args.players.split(",")]
                if args.players
                else DEFAULT_PLAYERS.get(game_id, (2,))
            )
            game = engines.get(game_id)
            for players in counts:
                if not game.min_players <= players <= game.max_players:
                    continue
                for subject, opponent in matchups:
                    futures = [
                        pool.submit(play, game_id, players, subject, opponent, i, budget)
                        for i in range(args.first, args.first + args.games)
                    ]
                    total = Tally()
                    for future in futures:
                        total.add(future.result())
                        # Long rows: a running tally on stderr, so a run can be judged early.
                        print(
                            f"  {game_id} {players}p {subject}:{opponent} "
                            f"{total.wins:g}/{total.games}",
                            file=sys.stderr,
                            flush=True,
                        )
                    low, high = wilson(total.wins, total.games)
                    won = f"{total.wins:g}/{total.games}"
                    ms = "  ".join(
                        f"{level} {sum(t) / len(t):.1f}" for level, t in sorted(total.ms.items())
                    )
                    print(
                        f"{game_id:15} {players:7}  {subject + ' v ' + opponent:13} "
                        f"{won:>9}  {total.wins / total.games:8.0%}  [{low:4.0%}, {high:4.0%}]  "
                        f"{1 / players:5.0%}   {ms}",
                        flush=True,
                    )


if __name__ == "__main__":
    main()
