"""The room's messages of a move: every seat's ``state`` message of each new version.

Usage: python benchmarks/messages.py [--games 20] [--runs 3] [--only GAME_ID] [--compare REF]

For random games of each kind and player count, each move is applied as the server applies
it (a clone of the position, the action, ``Snapshot.advanced``), and then every seat's
``state`` message of the new version is built and written as JSON exactly as a game's room
does for its sockets (``app.ws.endpoint.state_message``, ``app.core.jsontext``): the views,
sharing what all seats see, the legal list of the seat to act, the events each seat has not
had. Only the messages are timed. The figure is microseconds of messages per move (median of
``--runs``): about a third of the server's work for a move on the socket (CHANGELOG.md,
0.1.0, "Third round"), measured here without the machine's swings between server runs.

``--compare REF`` also measures git ref REF's ``app`` and ``engines`` (exported with ``git
archive``) in a second worker process, alternating runs, and prints the ratio now / ref
(below 1: cheaper now). Each worker imports from its own source folder.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import refs  # benchmarks/refs.py: this script's folder is first on sys.path

CASES = [
    ("dolmengoetter", 2),
    ("dolmengoetter", 4),
    ("dschingis_khan", 2),
    ("dschingis_khan", 4),
]


def run_once(kind: str, players: int, games: int, seed0: int) -> float:
    """Microseconds of messages per move over ``games`` random games (inside a worker)."""
    from datetime import UTC, datetime

    from app.core import jsontext
    from app.services.registry import available_games
    from app.services.snapshots import SeatInfo, Snapshot
    from app.ws.endpoint import state_message

    game = available_games()[kind]
    seats = tuple(SeatInfo(s, f"player {s}", False, True) for s in range(players))
    clock = time.perf_counter
    timed = 0.0
    moves = 0
    for g in range(games):
        state = game.new(players, seed0 + g, {})
        snap = Snapshot(
            game_id="bench",
            kind=kind,
            options={},
            status="running",
            version=0,
            seats_revision=0,
            created_at=datetime.now(UTC),
            seats=seats,
            state=state,
            events=(),
            actors=(),
        )
        rng = random.Random(seed0 + g)
        had = [0] * players  # the version each seat's socket has its events up to
        while not state.is_over:
            seat = state.to_act()[0]
            action = rng.choice(state.legal_actions(seat))
            state = state.clone()
            events = state.apply(seat, action)
            status = "finished" if state.is_over else "running"
            snap = snap.advanced(state, seat, events, status)
            start = clock()
            for s in range(players):
                jsontext.text(state_message(snap, s, had[s], 0))
                had[s] = snap.version
            snap.forget_views()  # as the room does once every socket has its message
            timed += clock() - start
            moves += 1
    return timed / moves * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--only", choices=sorted({kind for kind, _ in CASES}))
    parser.add_argument("--compare", metavar="REF", help="also run git ref REF's code")
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        refs.serve(args.worker, run_once)
        return
    cases = [(k, p) for k, p in CASES if not args.only or k == args.only]
    with refs.workers(__file__, args.compare, ["app", "engines", "bots", "seeds"]) as workers:
        print(f"{refs.load()} at start; µs of state messages per move, median of {args.runs} runs")
        if args.compare:
            print(f"ref = {args.compare}, now = working tree")
            print(f"{'game':<16}{'players':>8}{'ref µs':>10}{'now µs':>10}{'now/ref':>9}")
        else:
            print(f"{'game':<16}{'players':>8}{'µs':>10}")
        for kind, players in cases:
            results = refs.alternate(
                workers,
                args.runs,
                (kind, players, 2, 10**6),
                lambda r, kind=kind, players=players: (kind, players, args.games, 1000 * r),
            )
            med = {name: statistics.median(v) for name, v in results.items()}
            if args.compare:
                ref, now = med["ref"], med["now"]
                print(
                    f"{kind:<16}{players:>8}{ref:>10.1f}{now:>10.1f}{now / ref:>8.2f}×",
                    flush=True,
                )
            else:
                print(f"{kind:<16}{players:>8}{med['now']:>10.1f}", flush=True)
    print(f"{refs.load()} at the end")


if __name__ == "__main__":
    main()
