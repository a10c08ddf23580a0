"""Random complete games per second and actions per second, per game and player count.

Usage: python benchmarks/engine.py [--games N] [--runs R] [--only GAME_ID] [--compare REF]
                                   [--measure games|clones|moves|parts]

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
of each seat to act: moves per second (both columns). ``--measure parts`` splits an action
of the random games into µs by part (``parts_once``): the loop's draw, the core's protocol,
``Game.new``, and the game's own rules (the legal lists, and applying with its events
apart); with ``--compare REF`` it also prints what issue 16's 4× of REF leaves for the
rules' own work once the other parts stay as the working tree has them, and how many times
faster that work would have to get.
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


def measure(game_id: str, players: int, games: int, seed0: int, what: str = "games") -> Any:
    """The worker's measurement: ``parts_once`` for ``what="parts"``, else ``run_once``."""
    if what == "parts":
        return parts_once(game_id, players, games, seed0)
    return run_once(game_id, players, games, seed0, what)


def parts_once(game_id: str, players: int, games: int, seed0: int) -> dict[str, float]:
    """Where an action of the random games goes, in µs per action: the whole loop as
    ``run_once`` times it (``loop``); the loop's draw alone, the same draws from the same
    list lengths (``draw``); ``Game.new`` alone (``new``); the game's own hooks without the
    core around them, split in two: the same games replayed through ``_apply`` alone, on
    the recorded actions (``apply``), and what replaying them through ``_legal_actions``
    then ``_apply`` costs more (``legal``), ``new`` taken out of both; the events those
    hooks made, made again from their parts (``events``, a part of ``apply``; their ``data``
    dicts not counted); and what is left
    (``core``): the core's protocol around each move (the checks, the legal list's cache
    and copy, the identity search, the record of play) with the loop's own steps (asking
    ``is_over`` and ``to_act``, counting). Runs inside a worker, on any git ref's engines
    that have the two hooks."""
    import engines
    from engines.core import Rng

    game = engines.get(game_id)
    seeds = range(seed0, seed0 + games)
    picks: list[list[tuple[int, int]]] = []
    chosen: list[list[tuple[int, Any]]] = []
    lengths: list[list[int]] = []
    made: list[Any] = []
    for seed in seeds:  # recorded untimed: every draw's (seat, index), action, list length
        state, rng = game.new(players, seed), Rng(seed + 99)
        picks.append([])
        chosen.append([])
        lengths.append([])
        while not state.is_over:
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            action = rng.choice(legal)
            picks[-1].append((seat, legal.index(action)))
            chosen[-1].append((seat, action))
            lengths[-1].append(len(legal))
            made += state.apply(seat, action)  # the events ``_apply`` made
    actions = sum(map(len, picks))
    clock = time.perf_counter

    start = clock()
    run_once(game_id, players, games, seed0)
    loop = clock() - start

    lists = {n: list(range(n)) for n in set().union(*lengths)}
    start = clock()
    for seed, game_lengths in zip(seeds, lengths, strict=True):
        choice = Rng(seed + 99).choice
        for n in game_lengths:
            choice(lists[n])
    draw = clock() - start

    start = clock()
    for seed in seeds:
        game.new(players, seed)
    new = clock() - start

    start = clock()
    for seed, game_picks in zip(seeds, picks, strict=True):
        state = game.new(players, seed)
        for seat, index in game_picks:
            state._apply(seat, state._legal_actions(seat)[index])
            state.ply += 1
        assert state.is_over, "the replay through the hooks left the game unfinished"
    hooks = clock() - start

    start = clock()
    for seed, game_chosen in zip(seeds, chosen, strict=True):
        state = game.new(players, seed)
        for seat, action in game_chosen:
            state._apply(seat, action)
            state.ply += 1
    applied = clock() - start

    start = clock()
    for e in made:
        type(e)(e.type, e.data, e.secret, e.hidden)
    events = clock() - start

    per = 1e6 / actions
    return {
        "loop": loop * per,
        "draw": draw * per,
        "new": new * per,
        "legal": (hooks - applied) * per,
        "apply": (applied - new) * per,
        "events": events * per,
        "core": (loop - draw - hooks) * per,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--only", choices=GAMES)
    parser.add_argument("--compare", metavar="REF", help="also run git ref REF's engines")
    parser.add_argument(
        "--measure",
        choices=["games", "clones", "moves", "parts"],
        default="games",
        help="what is timed",
    )
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        refs.serve(args.worker, measure)
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
        if args.measure == "parts":
            print_parts(workers, cases, args)
            print(f"{refs.load()} at the end")
            return
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


PARTS = ["loop", "draw", "core", "new", "legal", "apply", "events"]


def print_parts(workers: dict[str, refs.Worker], cases: list[tuple[str, int]], args: Any) -> None:
    """``--measure parts``: each worker's µs per action by part (medians), and with a ref,
    what issue 16's 4× would leave for the rules once the other parts stay as they are."""
    print(
        "µs per action (median of runs): loop = draw + core + new + legal + apply; events"
        " are a part of apply"
    )
    if args.compare:
        print(
            "4×: a quarter of the ref's loop; left: what that leaves the rules' own work"
            " (legal + apply - events) once draw, core, new and events stay as now; cut: how"
            " many times faster that work would have to get (none: nothing is left)"
        )
    head = "".join(f"{p:>8}" for p in PARTS)
    print(
        f"{'game':<16}{'players':>8}{'code':>6}{head}"
        + (f"{'4×':>8}{'left':>8}{'cut':>8}" if args.compare else "")
    )
    for game_id, players in cases:
        results = refs.alternate(
            workers,
            args.runs,
            (game_id, players, 3, 10**6, "parts"),
            lambda r, game_id=game_id, players=players: (
                game_id,
                players,
                args.games,
                1000 * r,
                "parts",
            ),
        )
        med = {
            name: {p: statistics.median(run[p] for run in runs) for p in PARTS}
            for name, runs in results.items()
        }
        for name, parts in med.items():
            row = "".join(f"{parts[p]:>8.2f}" for p in PARTS)
            extra = ""
            if args.compare and name == "now":
                budget = med["ref"]["loop"] / 4
                rules = parts["legal"] + parts["apply"]
                left = budget - (parts["loop"] - rules) - parts["events"]
                own = rules - parts["events"]
                cut = f"{own / left:.1f}×" if left > 0 else "none"
                extra = f"{budget:>8.2f}{left:>8.2f}{cut:>8}"
            print(f"{game_id:<16}{players:>8}{name:>6}{row}{extra}", flush=True)


if __name__ == "__main__":
    main()
