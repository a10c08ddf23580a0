"""Random complete games per second and actions per second, per game and player count.

Usage: python benchmarks/engine.py [--games N] [--runs R] [--only GAME_ID] [--compare REF]
                                   [--measure games|clones|moves]

Each run plays N random games (uniformly random legal actions of the seat to act) on one
core; the figure printed is the median over R runs. ``--compare REF`` also runs the engines
of git ref REF (exported with ``git archive`` into a temporary folder) in a second worker
process and alternates runs between the two, so both see the same machine load; it prints
both figures and their ratio. Every figure is measured in a worker process whose
``sys.path`` starts with the engines' source folder, so the working tree's engines are the
ones measured whatever the current folder or ``PYTHONPATH``.

``--measure clones`` times ``State.clone`` instead, on every position of the same random
games (the bots clone once per candidate move, the server once per move): the figures are
clones per second (both columns). ``--measure moves`` times, on every position, what the
server does with the engine for a move: a clone, the action applied from its JSON (as a
client sends it), every seat's and the spectator's view of the result, and the legal list
of each seat to act: moves per second (both columns).
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

import refs  # benchmarks/refs.py: this script's folder is first on sys.path

GAMES = ["dolmengoetter", "dschingis_khan"]
CASES = [
    ("dolmengoetter", 2),
    ("dolmengoetter", 3),
    ("dolmengoetter", 4),
    ("dolmengoetter", 5),
    ("dschingis_khan", 2),
    ("dschingis_khan", 3),
    ("dschingis_khan", 4),
]


def run_once(
    game_id: str, players: int, games: int, seed0: int, measure: str = "games"
) -> tuple[float, float]:
    """Play ``games`` random games; (games/s, actions/s), or with ``measure="clones"``
    (clones/s, clones/s) of a clone of every position, or with ``measure="moves"``
    (moves/s, moves/s) of a server's move on every position. Runs inside a worker."""
    import engines
    from engines.core import Rng

    game = engines.get(game_id)
    actions = 0
    timed = 0.0
    viewers = [None, *range(players)]
    clock = time.perf_counter
    start = clock()
    for i in range(games):
        state = game.new(players, seed0 + i)
        rng = Rng(seed0 + i + 99)
        while not state.is_over:
            if measure == "clones":
                before = clock()
                state.clone()
                timed += clock() - before
            seat = state.to_act()[0]
            action = rng.choice(state.legal_actions(seat))
            if measure == "moves":
                sent = action.model_dump(mode="json")
                before = clock()
                state = state.clone()
                state.apply(seat, sent)
                for viewer in viewers:
                    state.view(viewer)
                for s in state.to_act():
                    state.legal_actions(s)
                timed += clock() - before
            else:
                state.apply(seat, action)
            actions += 1
    if measure in ("clones", "moves"):
        return actions / timed, actions / timed
    elapsed = clock() - start
    return games / elapsed, actions / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--only", choices=GAMES)
    parser.add_argument("--compare", metavar="REF", help="also run git ref REF's engines")
    parser.add_argument(
        "--measure", choices=["games", "clones", "moves"], default="games", help="what is timed"
    )
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        refs.serve(args.worker, run_once)
        return
    cases = [(g, p) for g, p in CASES if not args.only or g == args.only]
    with refs.workers(__file__, args.compare, ["engines", "seeds"]) as workers:
        print(f"{refs.load()} at start; median of {args.runs} runs of {args.games} games")
        if args.measure == "clones":
            print("clones per second of every position of the games (both columns)")
        if args.measure == "moves":
            print(
                "server moves per second (clone, apply the JSON, every view, the legal"
                " lists) on every position of the games (both columns)"
            )
        unit, per = {
            "games": ("games/s", "actions/s"),
            "clones": ("clones/s", "clones/s"),
            "moves": ("moves/s", "moves/s"),
        }[args.measure]
        if args.compare:
            print(f"ref = {args.compare}, now = working tree")
            print(
                f"{'game':<16}{'players':>8}{'ref ' + unit:>14}{'now ' + unit:>14}{'ratio':>8}"
                f"{'ref ' + per:>15}{'now ' + per:>15}"
            )
        else:
            print(f"{'game':<16}{'players':>8}{unit:>12}{per:>12}")
        for game_id, players in cases:
            results = refs.alternate(
                workers,
                args.runs,
                (game_id, players, 3, 10**6),
                lambda r, game_id=game_id, players=players: (
                    game_id,
                    players,
                    args.games,
                    1000 * r,
                    args.measure,
                ),
            )
            med: dict[str, Any] = {
                k: (statistics.median(x[0] for x in v), statistics.median(x[1] for x in v))
                for k, v in results.items()
            }
            if args.compare:
                (rg, ra), (ng, na) = med["ref"], med["now"]
                print(
                    f"{game_id:<16}{players:>8}{rg:>14.1f}{ng:>14.1f}{ng / rg:>7.2f}×"
                    f"{ra:>15.0f}{na:>15.0f}",
                    flush=True,
                )
            else:
                ng, na = med["now"]
                print(f"{game_id:<16}{players:>8}{ng:>12.1f}{na:>12.0f}", flush=True)
        print(f"{refs.load()} at the end")


if __name__ == "__main__":
    main()
