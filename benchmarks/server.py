"""Server throughput and live-update latency, measured through the real API.

Usage: python benchmarks/server.py [--games 100] [--seats 2] [--actions 20] [--rate 300]
                                   [--paced-actions 15] [--late-games 20] [--late-window 15]
                                   [--late-after 40] [--late-step 5] [--many-games 0]
                                   [--many-actions 3]
                                   [--via post|websocket] [--database-url URL]
                                   [--max-seconds 180]

Starts its own server (``python -m app``) on a free 127.0.0.1 port with a temporary SQLite
database (or ``--database-url``, e.g. a Postgres one; its tables must be empty or absent),
creates ``--games`` games whose seats all connect over WebSocket, and plays them
concurrently: in every game the seat to act posts a random legal action over HTTP once
its WebSocket has shown it the state. Two phases, each printing actions per second through
the API, the server's CPU time per action (and the kernel's part of it), and the latency
from sending an action's POST to every other seat's WebSocket message with the new version
(median and p99):

1. as fast as possible (each game moves again as soon as all its seats have the state):
   the throughput ceiling; its latency is mostly queueing (100 games waiting in line);
2. paced: ``--rate`` actions per second offered in all (default 300, the project's target
   load: every game moves three times a second), each game at a steady interval — the
   latency a player sees while the server carries that load (target: p99 under 50 ms);
3. early against late moves (``--late-games``, default 20; 0 skips it): two sets of that
   many new games. The old set is brought to ``--late-after`` moves without measuring
   (40 by default: past two thirds of a random 2-player Dolmengötter game, which lasts
   about 60 to 90 moves, and half way through Dschingis Khan's 95 to 135). Then the new
   set's moves 1 to ``--late-window`` (15) and the old set's moves 41 to 55 are played at
   full speed in turns of ``--late-step`` (5) moves per game, the order swapped every
   round, so that the machine's speed, which drifts by tens of percent within a minute
   here, weighs on both alike. The server's CPU per action of both windows and their
   ratio say whether a move costs more as the game grows (target: within 10%);
4. many live games (``--many-games N``, default 0: skipped; the target is 1,000): N new
   games whose seats all stay connected (2N sockets on the one server process), every one
   of them moving at the paced phase's ``--rate`` in all (at 300/s and 1,000 games, one
   move per game every 3.3 s) for ``--many-actions`` moves each: the latency a player sees
   when the server holds many tables at once (target: p99 under 100 ms), and the memory
   per live game at that scale;
- requests per second of a trivial endpoint (``GET /api/health``) of the same server with
  as many concurrent clients, with the server's CPU per request, measured just before and
  just after the full-speed phase (the machine's speed drifts within a minute, and after
  ten seconds of full load the same request cost up to a third more): the full-speed
  phase's share of it against both and their mean (issue 16: at least 40%), and its CPU
  per action as a multiple of a request's; and of ``GET .../presence``,
  which every browser page asked every 3 s before presence came on its socket: the share
  of the server that 670 such requests a second (1,000 games, two pages each) would take;
- the server process's memory per live game: its resident set (``VmRSS``) once two games
  have been played a little (lazy imports and caches warmed), then with every game of the
  run set up with its sockets, and after the full-speed phase, divided by the games added.

``--via websocket`` sends every move as ``{"type": "action"}`` on the mover's own socket
(docs/API.md) instead of ``POST /actions``: the same moves, checks and pushes without the
HTTP request around each (routing, dependencies, middleware, the answer). Its "round trip"
is the time until the mover's socket shows the new version.

The load generator measures the server, not itself: each timed phase starts once the
server is idle (what the set-up queued is done), and during it the generator's own cyclic
garbage collector is off (collected between phases). With 2,000 sockets and their last
messages held, one full collection of the generator's heap took 0.2-0.35 s and delayed
every reply it was waiting for meanwhile (p99 over 1 s at 1,000 games). The server keeps
its own settings (app/main.py).

Everything stays on the loopback interface; the run is bounded in actions and in time and
stops the server it started.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import random
import resource
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, NamedTuple

import httpx
import websockets

REPO = Path(__file__).resolve().parents[1]
KINDS = ("dschingis_khan", "dolmengoetter")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


class Server:
    def __init__(self, database_url: str, log: Path) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        env = {
            **os.environ,
            "HOST": "127.0.0.1",
            "PORT": str(self.port),
            "DATABASE_URL": database_url,
            "BOT_DELAY": "0",
            # One load generator on one address plays every seat: the per-client limits
            # (docs/API.md) would measure themselves, not the server.
            "RATE_CREATE": "0",
            "RATE_JOIN": "0",
            "RATE_ACTION": "0",
            "RATE_WS_MESSAGES": "0",
            "WS_PER_CLIENT": "0",
            "WS_PER_GAME": "0",
        }
        self.log = log
        with open(log, "wb") as out:
            self.proc = subprocess.Popen(
                (os.environ.get("BENCH_SERVER_CMD", "").split() or [sys.executable, "-m", "app"]),
                cwd=REPO,
                env=env,
                stdout=out,
                stderr=out,
            )

    def wait_ready(self, seconds: float = 30) -> None:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise SystemExit(f"server exited:\n{self.log.read_text()[-3000:]}")
            try:
                if httpx.get(f"{self.url}/api/health", timeout=1).status_code == 200:
                    return
            except httpx.TransportError:
                time.sleep(0.1)
        raise SystemExit("server did not start")

    def rss_kb(self) -> int:
        """The server process's resident set size in KB (Linux /proc)."""
        for line in Path(f"/proc/{self.proc.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
        return 0

    def cpu_seconds(self) -> float:
        """User + system CPU time the server process has used so far (Linux /proc)."""
        return sum(self.cpu_split())

    def cpu_split(self) -> tuple[float, float]:
        """User and system CPU time the server process has used so far: the system part
        is the kernel's work for it (sockets, the database's file writes)."""
        fields = Path(f"/proc/{self.proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
        tick = os.sysconf("SC_CLK_TCK")
        return int(fields[11]) / tick, int(fields[12]) / tick

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.proc.kill()


class Http:
    """One keep-alive HTTP/1.1 connection, enough for this benchmark's JSON requests.

    Not httpx: with 100 concurrent connections its pool costs the client more CPU than
    the server spends on the requests, and here both share the same two cores.
    """

    def __init__(self, port: int) -> None:
        self.port = port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def request(
        self,
        method: str,
        path: str,
        body: object = None,
        token: str | None = None,
        reconnect: bool = True,
    ) -> tuple[int, object]:
        if self.writer is not None and self.writer.is_closing():
            self.writer = None
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)
        payload = b"" if body is None else json.dumps(body).encode()
        head = f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: {len(payload)}\r\n"
        if body is not None:
            head += "Content-Type: application/json\r\n"
        if token:
            head += f"Authorization: Bearer {token}\r\n"
        self.writer.write(head.encode() + b"\r\n" + payload)
        assert self.reader is not None
        try:
            status_and_headers = await self.reader.readuntil(b"\r\n\r\n")
        except (asyncio.IncompleteReadError, ConnectionResetError):
            if not reconnect:
                raise
            # The server closed the idle keep-alive connection (TIMEOUT_KEEP_ALIVE), most
            # likely before reading this request: it is sent again on a new one. Had the
            # server done it after all, the resent move is stale (409, counted as refused).
            self.writer = None
            return await self.request(method, path, body, token, reconnect=False)
        lines = status_and_headers.decode("latin-1").split("\r\n")
        status = int(lines[0].split()[1])
        length = next(
            int(line.split(":", 1)[1])
            for line in lines
            if line.lower().startswith("content-length")
        )
        data = await self.reader.readexactly(length)
        return status, json.loads(data) if data else None

    async def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
            self.writer = None


class Table:
    """One game: its seats' sockets and what they have seen."""

    def __init__(self, game_id: str, tokens: dict[int, str]) -> None:
        self.game_id = game_id
        self.tokens = tokens
        self.latest: dict[int, dict] = {}
        self.arrived: dict[tuple[int, int], float] = {}  # (seat, version) -> time
        self.sockets: dict[int, Any] = {}  # seat -> its open WebSocket (``--via websocket``)
        self.errors: dict[int, int] = {}  # seat -> error messages its socket received
        self.changed = asyncio.Event()

    async def listen(self, ws_url: str, seat: int, ready: asyncio.Event) -> None:
        url = f"{ws_url}/ws/games/{self.game_id}?token={self.tokens[seat]}"
        async with websockets.connect(url, max_size=None) as ws:
            self.sockets[seat] = ws
            async for raw in ws:
                now = time.perf_counter()
                message = json.loads(raw)
                if message.get("type") == "error":  # a refused WebSocket action
                    self.errors[seat] = self.errors.get(seat, 0) + 1
                    self.changed.set()
                if message.get("type") != "state":
                    continue
                self.arrived.setdefault((seat, message["version"]), now)
                self.latest[seat] = message
                ready.set()
                self.changed.set()
                if message["status"] == "over":
                    return

    async def wait_for(self, predicate, timeout: float = 30) -> None:
        deadline = time.monotonic() + timeout
        while not predicate():
            self.changed.clear()
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"game {self.game_id}: no update within {timeout}s")
            await asyncio.wait_for(self.changed.wait(), left)


async def play(
    http: Http,
    table: Table,
    actions: int,
    interval: float,
    rng: random.Random,
    out: dict,
    via: str = "post",
) -> None:
    """Up to ``actions`` moves; with ``interval``, one move every ``interval`` seconds.
    ``via="websocket"``: each move is sent on the mover's own socket (``{"type":
    "action"}``, docs/API.md) instead of POSTed; its "round trip" then ends when that
    socket shows the new version."""
    seats = list(table.tokens)
    await table.wait_for(lambda: len(table.latest) == len(seats))
    due = time.perf_counter() + rng.random() * interval  # games start out of step
    for _ in range(actions):
        version = max(m["version"] for m in table.latest.values())
        await table.wait_for(lambda v=version: all((s, v) in table.arrived for s in seats))
        movers = [s for s in seats if table.latest[s]["legal_actions"]]
        if not movers or table.latest[seats[0]]["status"] != "running":
            return
        if interval:
            await asyncio.sleep(max(0.0, due - time.perf_counter()))
            due += interval
        seat = movers[0]
        choice = rng.choice(table.latest[seat]["legal_actions"])["action"]
        sent = time.perf_counter()
        if via == "websocket":
            errors = table.errors.get(seat, 0)
            await table.sockets[seat].send(
                json.dumps({"type": "action", "version": version, "action": choice})
            )
            await table.wait_for(
                lambda v=version + 1, s=seat, e=errors: (
                    (s, v) in table.arrived or table.errors.get(s, 0) > e
                )
            )
            status = 200 if (seat, version + 1) in table.arrived else 409
        else:
            status, _ = await http.request(
                "POST",
                f"/api/games/{table.game_id}/actions",
                {"version": version, "action": choice},
                token=table.tokens[seat],
            )
        out["post"].append(time.perf_counter() - sent)
        if status != 200:
            out["refused"] += 1
            return
        others = [s for s in seats if s != seat]
        await table.wait_for(
            lambda v=version + 1, others=others: all((s, v) in table.arrived for s in others)
        )
        out["fanout"].extend(table.arrived[(s, version + 1)] - sent for s in others)
        out["actions"] += 1


async def settle(server: Server, seconds: float = 15) -> float:
    """Wait until the server is idle (under 5% of a core for a quarter of a second) or
    ``seconds`` have passed: the work a set-up left queued (each socket's presence is
    written to the database as it connects) is not counted in the phase after it. Returns
    the seconds waited."""
    start = time.monotonic()
    while time.monotonic() < start + seconds:
        cpu = server.cpu_seconds()
        await asyncio.sleep(0.25)
        if server.cpu_seconds() - cpu < 0.0125:
            break
    return time.monotonic() - start


async def phase(
    server: Server,
    tables: list[Table],
    actions: int,
    interval: float,
    seed: int,
    via: str = "post",
) -> dict:
    out: dict = {"post": [], "fanout": [], "actions": 0, "refused": 0, "via": via}
    rng = random.Random(seed)
    connections = [Http(server.port) for _ in tables]  # one per game, like one per player
    await settle(server)
    gc.collect()  # the generator's own pauses stay out of the timed phase (docstring)
    gc.disable()
    user, system = server.cpu_split()
    start = time.perf_counter()
    try:
        await asyncio.gather(
            *(
                play(http, t, actions, interval, random.Random(rng.random()), out, via)
                for http, t in zip(connections, tables, strict=True)
            )
        )
    finally:
        gc.enable()
    out["elapsed"] = time.perf_counter() - start
    user_after, system_after = server.cpu_split()
    out["cpu"] = user_after - user + system_after - system
    out["cpu_system"] = system_after - system
    for http in connections:
        await http.close()
    return out


SENT = {
    "post": ("POST", "POST round trip"),
    "websocket": ("action", "action -> the mover's own new state"),
}
"""How the figures of each ``--via`` name a move's way there and back."""
SENT_ON_SOCKET = "sent on the mover's WebSocket"


def report(title: str, out: dict) -> None:
    ms = 1000
    n = max(out["actions"], 1)
    print(f"{title}")
    print(
        f"  actions/s through the API {out['actions'] / out['elapsed']:8.0f}"
        f"   ({out['actions']} actions in {out['elapsed']:.1f} s, {out['refused']} refused;"
        f" server CPU {out['cpu'] / n * ms:.2f} ms per action,"
        f" of which system {out['cpu_system'] / n * ms:.2f})"
    )
    if not out["fanout"]:
        # Every game ended in an earlier phase (more actions asked than the games last).
        print("  no game was still running: nothing to time")
        return
    sent, back = SENT[out["via"]]
    print(
        f"  {sent} -> every other seat's WebSocket message: median"
        f" {statistics.median(out['fanout']) * ms:6.1f} ms, p99"
        f" {percentile(out['fanout'], 0.99) * ms:6.1f} ms ({len(out['fanout'])} messages)"
    )
    print(
        f"  {back + ':':{len(sent) + 41}} median"
        f" {statistics.median(out['post']) * ms:6.1f} ms, p99"
        f" {percentile(out['post'], 0.99) * ms:6.1f} ms"
    )


class Trivial(NamedTuple):
    """A trivial endpoint's throughput and the server's CPU for each request."""

    rps: float
    cpu_ms: float


async def trivial(
    server: Server, clients: int, requests: int, path: str = "/api/health"
) -> Trivial:
    """``requests`` GETs of ``path`` from ``clients`` connections at once, timed like a
    phase: from an idle server, with the generator's own collector off."""
    per_client = max(1, requests // clients)

    async def worker(http: Http) -> None:
        for _ in range(per_client):
            status, _ = await http.request("GET", path)
            assert status == 200
        await http.close()

    await settle(server)
    gc.collect()
    gc.disable()
    cpu = server.cpu_seconds()
    start = time.perf_counter()
    try:
        await asyncio.gather(*(worker(Http(server.port)) for _ in range(clients)))
    finally:
        gc.enable()
    done = clients * per_client
    return Trivial(done / (time.perf_counter() - start), (server.cpu_seconds() - cpu) / done * 1000)


def share(fast: dict, before: Trivial, after: Trivial) -> str:
    """The full-speed phase against the trivial endpoint measured just before and after it
    (issue 16: actions/s at least 40% of its requests/s): the machine's speed drifts within
    a minute, so one measurement minutes away can be off by a quarter either way."""
    aps = fast["actions"] / fast["elapsed"]
    cpu = fast["cpu"] / max(fast["actions"], 1) * 1000
    mean = (before.rps + after.rps) / 2
    return (
        f"full speed against GET /api/health around it: actions/s {aps / before.rps:.0%} of"
        f" its requests/s before, {aps / after.rps:.0%} after, {aps / mean:.0%} of the mean;"
        f" server CPU per action {cpu / before.cpu_ms:.2f}x and {cpu / after.cpu_ms:.2f}x"
        f" a request's"
    )


async def set_up(
    server: Server, games: int, seats: int, listeners: list[asyncio.Task[None]]
) -> list[Table]:
    """``games`` new games (kinds taking turns), every seat joined and connected."""
    ws_url = server.url.replace("http://", "ws://")
    tables = []
    async with httpx.AsyncClient(base_url=server.url, timeout=60) as http:
        for i in range(games):
            kind = KINDS[i % len(KINDS)]
            r = await http.post("/api/games", json={"kind": kind, "num_seats": seats})
            r.raise_for_status()
            game_id = r.json()["id"]
            keys = {i["seat"]: i["key"] for i in r.json()["invites"]}
            tokens = {}
            for seat in range(seats):
                j = await http.post(
                    f"/api/games/{game_id}/seats/{seat}/join",
                    json={"name": f"p{seat}", "key": keys[seat]},
                )
                tokens[seat] = j.json()["token"]
            tables.append(Table(game_id, tokens))
    for table in tables:
        for seat in table.tokens:
            ready = asyncio.Event()
            listeners.append(asyncio.create_task(table.listen(ws_url, seat, ready)))
            await ready.wait()
    return tables


async def hang_up(listeners: list[asyncio.Task[None]]) -> None:
    """Close every socket ``set_up`` opened (their listening tasks)."""
    for task in listeners:
        task.cancel()
    await asyncio.gather(*listeners, return_exceptions=True)


def load_average() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


async def early_and_late(server: Server, args: argparse.Namespace) -> None:
    """Phase 3: new games' moves 1..window against old games' moves after..after+window,
    in alternating turns (the module's docstring)."""
    listeners: list[asyncio.Task[None]] = []
    new_games = await set_up(server, args.late_games, args.seats, listeners)
    old_games = await set_up(server, args.late_games, args.seats, listeners)
    window, after, step = args.late_window, args.late_after, args.late_step
    await phase(server, old_games, after, 0.0, 4, args.via)  # brought on, not measured
    early: dict = {"cpu": 0.0, "actions": 0, "elapsed": 0.0}
    late: dict = {"cpu": 0.0, "actions": 0, "elapsed": 0.0}
    for turn, first in enumerate(range(0, window, step)):
        moves = min(step, window - first)
        turns = [(new_games, early, 10 + turn), (old_games, late, 50 + turn)]
        for games, into, seed in turns if turn % 2 == 0 else turns[::-1]:
            out = await phase(server, games, moves, 0.0, seed, args.via)
            for key in into:
                into[key] += out[key]
    running = sum(1 for t in old_games if all(m["status"] == "running" for m in t.latest.values()))
    ms = 1000
    cpu_early = early["cpu"] / max(early["actions"], 1) * ms
    cpu_late = late["cpu"] / max(late["actions"], 1) * ms
    print(
        f"early and late moves: moves 1-{window} of {len(new_games)} new games against moves"
        f" {after + 1}-{after + window} of {len(old_games)} others, at full speed in turns of"
        f" {step} (load average {load_average()})"
    )
    print(
        f"  early: server CPU {cpu_early:.2f} ms per action ({early['actions']} actions,"
        f" {early['actions'] / early['elapsed']:.0f}/s)"
    )
    print(
        f"  late:  server CPU {cpu_late:.2f} ms per action ({late['actions']} actions,"
        f" {late['actions'] / late['elapsed']:.0f}/s; {running} games still running after it)"
    )
    print(f"  late / early: {cpu_late / cpu_early if cpu_early else float('nan'):.2f}")
    await hang_up(listeners)


async def many_live_games(server: Server, args: argparse.Namespace) -> None:
    """Phase 4: ``--many-games`` games, all seats connected, paced at ``--rate`` in all."""
    listeners: list[asyncio.Task[None]] = []
    rss_before = server.rss_kb()
    started = time.perf_counter()
    tables = await set_up(server, args.many_games, args.seats, listeners)
    set_up_seconds = time.perf_counter() - started
    rss_set_up = server.rss_kb()
    interval = args.many_games / args.rate
    out = await phase(server, tables, args.many_actions, interval, 6, args.via)
    rss_played = server.rss_kb()
    n = max(args.many_games, 1)
    report(
        f"many live games: {args.many_games} games, {len(listeners)} WebSocket connections"
        f" on one process (set up in {set_up_seconds:.0f} s), {args.rate:.0f} actions/s"
        f" offered in all, one move per game every {interval * 1000:.0f} ms (up to"
        f" {args.many_actions} per game; load average {load_average()})",
        out,
    )
    print(
        f"  server memory per live game with its {args.seats} sockets:"
        f" {(rss_set_up - rss_before) / n:.0f} KB once set up,"
        f" {(rss_played - rss_before) / n:.0f} KB after its moves"
    )
    await hang_up(listeners)
    busy = await settle(server, 180)
    print(
        f"  closing those {len(listeners)} sockets kept the server busy {busy:.1f} s"
        " (each counted out of its seat in the database)"
    )


async def run(args: argparse.Namespace, server: Server) -> None:
    listeners: list[asyncio.Task[None]] = []
    # Two games played a little first, so lazy imports and caches are not counted per game.
    warm = await set_up(server, len(KINDS), args.seats, listeners)
    await phase(server, warm, 3, 0.0, 0)
    rss_start = server.rss_kb()
    tables = await set_up(server, args.games, args.seats, listeners)
    rss_set_up = server.rss_kb()
    print(f"load average before: {load_average()} ({os.cpu_count()} cores)")
    print(
        f"{args.games} concurrent games ({' and '.join(KINDS)}), {args.seats} seats each,"
        f" {len(listeners) - len(warm) * args.seats} WebSocket connections; moves"
        f" {'POSTed' if args.via == 'post' else SENT_ON_SOCKET}"
    )
    before = await trivial(server, args.games, args.trivial_requests)
    fast = await phase(server, tables, args.actions, 0.0, 1, args.via)
    rss_played = server.rss_kb()
    after = await trivial(server, args.games, args.trivial_requests)
    report(
        f"as fast as possible: each game moves as soon as its seats have the last state"
        f" (up to {args.actions} actions per game)",
        fast,
    )
    for when, t in (("just before", before), ("just after", after)):
        print(
            f"trivial endpoint GET /api/health {when}: {t.rps:6.0f} requests/s"
            f" ({args.games} clients; server CPU {t.cpu_ms:.2f} ms a request)"
        )
    print(f"  {share(fast, before, after)}")
    paced = await phase(server, tables, args.paced_actions, args.games / args.rate, 2, args.via)
    report(
        f"paced: {args.rate:.0f} actions/s offered in all, one move per game every"
        f" {args.games / args.rate * 1000:.0f} ms (up to {args.paced_actions} per game)",
        paced,
    )
    await hang_up(listeners)
    if args.late_games:
        await early_and_late(server, args)
    if args.many_games:
        await many_live_games(server, args)
    await settle(server, 180)
    # What a browser page asked every 3 s until presence came on the socket (docs/API.md):
    # two pages a game at 1,000 live games would ask about 670 times a second.
    asked = await trivial(
        server, args.games, args.trivial_requests, f"/api/games/{tables[0].game_id}/presence"
    )
    print(
        f"GET .../presence: {asked.rps:8.0f} requests/s; 670/s (two pages of"
        f" 1,000 games asking every 3 s) would take {670 / asked.rps:.0%} of the server"
    )
    n = max(args.games, 1)
    print(
        f"server memory: {rss_start / 1024:.0f} MB before the games; per live game with its"
        f" {args.seats} sockets {(rss_set_up - rss_start) / n:.0f} KB once set up,"
        f" {(rss_played - rss_start) / n:.0f} KB after the full-speed phase"
    )
    print(f"load average after: {load_average()}")


def drive(server: Server, work, args: argparse.Namespace, ready_seconds: float = 30) -> None:
    """Run ``work(server)`` (a coroutine) against a started server within
    ``args.max_seconds``; show the server's log if it fails; always stop the server."""
    try:
        server.wait_ready(ready_seconds)
        asyncio.run(asyncio.wait_for(work(server), args.max_seconds))
    except TimeoutError:
        print(f"stopped after {args.max_seconds} s (--max-seconds)")
    except Exception:
        print(f"server log (tail):\n{server.log.read_text()[-3000:]}")
        raise
    finally:
        server.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seats", type=int, default=2)
    parser.add_argument(
        "--actions", type=int, default=20, help="per game, as fast as possible (phase 1)"
    )
    parser.add_argument(
        "--rate", type=float, default=300, help="actions/s offered in all (phase 2)"
    )
    parser.add_argument("--paced-actions", type=int, default=15, help="per game in phase 2")
    parser.add_argument("--trivial-requests", type=int, default=5000)
    parser.add_argument(
        "--late-games", type=int, default=20, help="games of phase 3 (early vs late); 0: none"
    )
    parser.add_argument("--late-window", type=int, default=15, help="moves per window")
    parser.add_argument("--late-after", type=int, default=40, help="moves before the late one")
    parser.add_argument(
        "--late-step", type=int, default=5, help="moves per game in each turn of phase 3"
    )
    parser.add_argument(
        "--many-games", type=int, default=0, help="games of phase 4 (many live games); 0: none"
    )
    parser.add_argument("--many-actions", type=int, default=3, help="per game in phase 4")
    parser.add_argument(
        "--via",
        choices=sorted(SENT),
        default="post",
        help="how moves are sent: POST /actions, or the mover's WebSocket",
    )
    parser.add_argument("--database-url", default="")
    parser.add_argument("--max-seconds", type=float, default=180)
    args = parser.parse_args()
    # Phase 4 holds thousands of sockets at both ends: the server inherits this limit.
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = 65536 if hard == resource.RLIM_INFINITY else hard
    if soft != resource.RLIM_INFINITY and soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
    with tempfile.TemporaryDirectory(prefix="tafelrunde-bench-") as tmp:
        url = args.database_url or f"sqlite:///{Path(tmp) / 'bench.db'}"
        drive(Server(url, Path(tmp) / "server.log"), lambda server: run(args, server), args)


if __name__ == "__main__":
    main()
