"""The server's three bot levels on the ladder: rated games among themselves, through the API.

Usage: python benchmarks/ladder.py [--games 12] [--kinds dolmengoetter,dschingis_khan]
                                   [--think-ms 1000] [--parallel 4] [--database-url URL]
                                   [--kit LEVEL] [--max-seconds 3600]

Starts its own server (``python -m app``, as benchmarks/server.py does) on a free 127.0.0.1
port with a temporary SQLite database, and for each kind creates ``--games`` rated games of
three seats, "Bot · easy", "Bot · medium" and "Bot · hard" (docs/API.md, "Ratings": the
server's bots are accounts), the seat order rotated through all six orders, at most
``--parallel`` at a time. The server plays them to the end with its own bots (hard with
``BOT_THINK_MS`` = ``--think-ms`` per move) and rates each at its end. Then, signed in as a
reader, it prints per kind the ladder (``GET /api/ladder/{kind}``): each level's number
shown, its skill ``mu`` with a 95% interval (mu ± 1.96 sigma), its wins; and per pair of
levels how often the stronger-named placed ahead (``GET /api/accounts/{name}/profile
?against=``), with a 95% Wilson interval. It prints the machine's load beside the figures
and stops by itself after ``--max-seconds``.

``--kit LEVEL`` adds a bot account played through the remote kit: the reader makes a bot
identity "Kit · LEVEL" and its token, runs ``python -m bots.client serve --level LEVEL``
with it (the kit's loop on the account's event stream), and for each kind ``--games``
more rated games seat the kit beside two of the server's levels (each pair of levels and
every seat in turn): the kit's bot creates each game with its token and joins its seat,
and the serving loop plays it. The kit plays LEVEL's own policy, so its rating should land
near "Bot · LEVEL"'s.
"""

from __future__ import annotations

import argparse
import itertools
import os
import secrets
import subprocess
import sys
import tempfile
import time
from pathlib import Path

_HERE = os.path.dirname(os.path.abspath(__file__))
_REPO = os.path.dirname(_HERE)
sys.path[:] = [_REPO] + [p for p in sys.path if os.path.abspath(p or ".") != _HERE]

import httpx  # noqa: E402

from benchmarks.bots import wilson  # noqa: E402
from benchmarks.server import Server  # noqa: E402

LEVELS = ("easy", "medium", "hard")
ORDERS = list(itertools.permutations(LEVELS))


def load() -> str:
    return "/".join(f"{x:.1f}" for x in os.getloadavg())


def play(http: httpx.Client, kind: str, games: int, parallel: int, deadline: float) -> list[str]:
    """Create ``games`` rated games of the three levels (seat orders rotated), at most
    ``parallel`` running at once; wait for all to end. Their ids."""
    made: list[str] = []
    running: set[str] = set()
    while len(made) < games or running:
        if time.monotonic() > deadline:
            raise SystemExit(f"--max-seconds passed with {len(running)} games still running")
        while len(made) < games and len(running) < parallel:
            order = ORDERS[len(made) % len(ORDERS)]
            r = http.post(
                "/api/games",
                json={
                    "kind": kind,
                    "num_seats": 3,
                    "rated": True,
                    "seats": [{"bot": True, "level": level} for level in order],
                },
            )
            r.raise_for_status()
            made.append(r.json()["id"])
            running.add(made[-1])
        for game_id in list(running):
            if http.get(f"/api/games/{game_id}").json()["status"] == "over":
                running.discard(game_id)
                print(f"  {kind}: {len(made) - len(running)}/{games} over", flush=True)
        time.sleep(1)
    return made


KIT_PAIRS = [("easy", "medium"), ("medium", "hard"), ("easy", "hard")]


def play_kit(
    http: httpx.Client, token: str, kind: str, games: int, parallel: int, deadline: float
) -> None:
    """``games`` rated games of the kit's bot (``token``) and two server levels, the kit's
    seat and the pair rotated; made and joined by the kit's bot, played by its loop."""
    auth = {"Authorization": f"Bearer {token}"}
    made = 0
    running: set[str] = set()
    while made < games or running:
        if time.monotonic() > deadline:
            raise SystemExit(f"--max-seconds passed with {len(running)} kit games running")
        while made < games and len(running) < parallel:
            seats: list[dict[str, object]] = [
                {"bot": True, "level": level} for level in KIT_PAIRS[made % len(KIT_PAIRS)]
            ]
            at = made % 3
            seats.insert(at, {"bot": False})
            r = http.post(
                "/api/games",
                headers=auth,
                json={"kind": kind, "num_seats": 3, "rated": True, "seats": seats},
            )
            r.raise_for_status()
            game = r.json()
            key = next(i["key"] for i in game["invites"] if i["seat"] == at)
            http.post(
                f"/api/games/{game['id']}/seats/{at}/join",
                headers=auth,
                json={"name": "Kit", "key": key},
            ).raise_for_status()
            running.add(game["id"])
            made += 1
        for game_id in list(running):
            if http.get(f"/api/games/{game_id}").json()["status"] == "over":
                running.discard(game_id)
                print(f"  {kind} with the kit: {made - len(running)}/{games} over", flush=True)
        time.sleep(1)


def kit_token(http: httpx.Client, name: str) -> str:
    """A bot identity of the signed-in reader and a token for it."""
    http.post("/api/me/bots", json={"name": name}).raise_for_status()
    r = http.post(f"/api/me/bots/{name}/tokens", json={"label": "ladder benchmark"})
    r.raise_for_status()
    return str(r.json()["token"])


def report(http: httpx.Client, kind: str) -> None:
    ladder = http.get(f"/api/ladder/{kind}", params={"min_games": 1}).json()["players"]
    print(f"\n{kind}: ladder after the games")
    print(f"  {'rank':>4}  {'player':<16} {'rating':>6}  {'mu (95% interval)':<24} games  won")
    for e in ladder:
        low, high = e["mu"] - 1.96 * e["sigma"], e["mu"] + 1.96 * e["sigma"]
        interval = f"{e['mu']:.1f} ({low:.1f}-{high:.1f})"
        print(
            f"  {e['rank']:>4}  {e['name']:<16} {e['rating']:>6}  {interval:<24} "
            f"{e['games']:>5}  {e['won']:>3}"
        )
    print(f"  {'pair':<28} ahead  behind  level  share ahead (95% interval)")
    pairs = [("Bot · hard", "Bot · medium"), ("Bot · hard", "Bot · easy")]
    pairs += [("Bot · medium", "Bot · easy")]
    names = {e["name"] for e in ladder}
    for kit in sorted(n for n in names if n.startswith("Kit · ")):
        pairs += [(kit, f"Bot · {level}") for level in LEVELS]
    for stronger, weaker in pairs:
        h2h = http.get(f"/api/accounts/{stronger}/profile", params={"against": weaker}).json()[
            "head_to_head"
        ]
        tally = next((k for k in h2h["kinds"] if k["kind"] == kind), None)
        if tally is None:
            continue
        score = tally["ahead"] + tally["level"] / 2
        low, high = wilson(score, tally["games"])
        print(
            f"  {stronger + ' v ' + weaker:<28} {tally['ahead']:>5}  {tally['behind']:>6}  "
            f"{tally['level']:>5}  {score / tally['games']:.0%} ({low:.0%}-{high:.0%})"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=12, help="rated games per kind")
    parser.add_argument("--kinds", default="dolmengoetter,dschingis_khan")
    parser.add_argument("--think-ms", type=int, default=1000, help="hard's search per move")
    parser.add_argument("--parallel", type=int, default=4, help="games running at once")
    parser.add_argument("--database-url", default=None)
    parser.add_argument("--kit", choices=LEVELS, default=None, help="a kit bot of this level")
    parser.add_argument("--max-seconds", type=float, default=3600)
    args = parser.parse_args()
    deadline = time.monotonic() + args.max_seconds
    with tempfile.TemporaryDirectory() as tmp:
        url = args.database_url or f"sqlite:///{Path(tmp) / 'ladder.db'}"
        os.environ.update(
            BOT_THINK_MS=str(args.think_ms),
            RATE_LOGIN="0",
            MAX_BOT_GAMES=str(max(args.parallel, 1)),
        )
        server = Server(url, Path(tmp) / "server.log")
        try:
            server.wait_ready()
            with httpx.Client(base_url=server.url, timeout=60) as http:
                reader = {
                    "name": f"reader {secrets.token_hex(3)}",
                    "password": secrets.token_hex(16),
                }
                http.post("/api/auth/signup", json=reader).raise_for_status()
                print(
                    f"games per kind {args.games}, hard {args.think_ms} ms a move, "
                    f"{args.parallel} at once, cores {os.cpu_count()}, load {load()}",
                    flush=True,
                )
                started = time.monotonic()
                kinds = [k for k in args.kinds.split(",") if k]
                for kind in kinds:
                    play(http, kind, args.games, args.parallel, deadline)
                if args.kit:
                    token = kit_token(http, f"Kit · {args.kit}")
                    serve = ["bots.client", "serve", "--server", server.url, "--token", token]
                    limits = ["--level", args.kit, "--think-ms", str(args.think_ms)]
                    kit = subprocess.Popen(
                        [sys.executable, "-m", *serve, *limits, "--max-games", str(args.parallel)],
                        cwd=_REPO,
                        stdout=subprocess.DEVNULL,
                        stderr=open(Path(tmp) / "kit.log", "wb"),  # noqa: SIM115
                    )
                    try:
                        for kind in kinds:
                            play_kit(http, token, kind, args.games, args.parallel, deadline)
                    finally:
                        kit.terminate()
                        kit.wait(timeout=30)
                for kind in kinds:
                    report(http, kind)
                print(f"\n{time.monotonic() - started:.0f} s, load {load()}")
        finally:
            server.stop()


if __name__ == "__main__":
    main()
