"""Does a move cost more late in a game? The engine's part of a move, early against late.

Usage: python benchmarks/game_length.py [--games 40] [--window 15] [--after 40] [--runs 3]

For random games of each kind and player count (uniformly random legal actions), times what
the server asks of the engine for one move: the clone and the apply, then every seat's view
and the legal list of each seat to act, written as JSON the way the WebSocket's state
messages are (``app.core.jsontext``). It prints the mean per move over moves 1..window and
over moves after+1..after+window of the same games, and their ratio (issue 16: within 10%).
Both windows are timed in the same run, move by move, so the machine's drift weighs on both
alike; ``benchmarks/server.py``'s phase 3 measures the whole server the same way, with more
noise.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import engines
from app.core import jsontext
from engines.core import Action, State

CASES = [("dolmengoetter", n) for n in (2, 3, 4, 5)] + [("dschingis_khan", n) for n in (2, 3, 4)]


def one_move(state: State, seat: int, action: Action, players: int) -> State:
    """The engine's part of one move at the server; returns the new state."""
    new = state.clone()
    new.apply(seat, action)
    to_act = new.to_act() if not new.is_over else ()
    for viewer in range(players):
        legal = new.legal_actions(viewer) if viewer in to_act else []
        entries = [{"action": a, "label": a.label()} for a in legal]
        jsontext.text({"view": new.view(viewer), "legal_actions": jsontext.fragment(entries)})
    return new


def measure(
    kind: str, players: int, games: int, window: int, after: int, seed: int
) -> tuple[float, float | None, int]:
    """Seconds per move of moves 1..window and after+1..after+window (None: none reached)."""
    game = engines.get(kind)
    early: list[float] = []
    late: list[float] = []
    clock = time.perf_counter
    for i in range(games):
        rng = random.Random(seed + i)
        state = game.new(players, seed + i)
        for move in range(1, after + window + 1):
            if state.is_over:
                break
            seat = state.to_act()[0]
            action = rng.choice(state.legal_actions(seat))
            start = clock()
            state = one_move(state, seat, action, players)
            took = clock() - start
            if move <= window:
                early.append(took)
            elif move > after:
                late.append(took)
    return statistics.mean(early), (statistics.mean(late) if late else None), len(late)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--window", type=int, default=15)
    parser.add_argument("--after", type=int, default=40)
    parser.add_argument("--runs", type=int, default=3, help="median of the runs' ratios")
    parser.add_argument("--only", choices=sorted({k for k, _ in CASES}))
    args = parser.parse_args()
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    print(
        f"the engine's part of a move (clone, apply, every seat's view and legal list as JSON),"
        f" moves 1-{args.window} against {args.after + 1}-{args.after + args.window},"
        f" {args.games} random games, median of {args.runs} runs (load average {load})"
    )
    for kind, players in CASES:
        if args.only and kind != args.only:
            continue
        runs = [
            measure(kind, players, args.games, args.window, args.after, 1000 * r)
            for r in range(args.runs)
        ]
        if any(late is None for _, late, _ in runs):
            print(f"  {kind} {players}p: no game reached move {args.after + 1}")
            continue
        early = statistics.median(e for e, _, _ in runs) * 1e6
        lates = [la for _, la, _ in runs if la is not None]
        late = statistics.median(lates) * 1e6
        ratio = statistics.median(la / e for (e, _, _), la in zip(runs, lates, strict=True))
        reached = min(n for _, _, n in runs) // args.window
        print(
            f"  {kind} {players}p: early {early:6.0f} us, late {late:6.0f} us per move,"
            f" late / early {ratio:.2f} ({reached} of {args.games} games that far)"
        )


if __name__ == "__main__":
    main()
