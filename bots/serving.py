"""A bot account that runs until stopped: ``python -m bots.client serve``.

    python -m bots.client serve --server http://host:8000 --token tfbot_... --level hard

listens to the account's one event stream (``GET /api/me/events``, docs/API.md "Event
stream"), accepts the challenges that fit the limits it is given (kinds, player counts,
rated or not, at most N games at once) and declines the others, and plays every game it is
in: on each ``your_turn`` it reads the seat's view and legal actions and posts its move.
A dropped connection or a server restart costs nothing: it connects again (backing off),
and the stream sends every game as it is, ``your_turn`` included, so no move is lost.

This module does I/O (httpx); the policies stay pure.
"""

from __future__ import annotations

import argparse
import json
import logging
import random
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

import httpx

from .api import Policy
from .policies import LEVELS, policy_for

log = logging.getLogger("bots.serve")


class TokenRefused(RuntimeError):
    """The server does not know the bot's token (unknown or revoked): nothing to retry."""


@dataclass(frozen=True)
class Limits:
    """Which challenges the bot accepts."""

    kinds: frozenset[str] | None = None
    """``None``: every kind."""
    seats: frozenset[int] | None = None
    """Player counts; ``None``: any."""
    rated: bool | None = None
    """``True``: rated only, ``False``: unrated only, ``None``: both."""
    max_games: int = 4
    """Games at once (live ones and those being accepted)."""

    def allow(self, challenge: dict[str, Any], playing: int) -> str | None:
        """Why ``challenge`` is declined, or ``None`` to accept it."""
        if self.kinds is not None and challenge["kind"] not in self.kinds:
            return f"kind {challenge['kind']}"
        if self.seats is not None and challenge["num_seats"] not in self.seats:
            return f"{challenge['num_seats']} players"
        if self.rated is not None and challenge["rated"] != self.rated:
            return "rated" if challenge["rated"] else "unrated"
        if playing >= self.max_games:
            return f"{playing} games at once already"
        return None


@dataclass
class Seat:
    seat: int
    token: str
    busy: bool = False
    """A move of it is being chosen or posted."""
    again: bool = False
    """A ``your_turn`` came while busy: look again once the move is posted. The stream
    says ``your_turn`` once per version, and a seat that moves twice in a row hears of its
    next turn before its first move's thread is done; dropped, the game would wait."""


@dataclass
class BotServer:
    """One bot account's loop. ``run`` until ``stop`` is set (or the token is refused)."""

    server: str
    token: str
    policy: Policy
    limits: Limits = field(default_factory=Limits)
    stop: threading.Event = field(default_factory=threading.Event)
    seed: int | None = None
    retry_first: float = 0.5
    retry_limit: float = 30.0
    on_message: Callable[[dict[str, Any]], None] | None = None
    """Called with every line of the stream (tests, logging of one's own)."""
    games: dict[str, Seat] = field(default_factory=dict)
    finished: list[str] = field(default_factory=list)
    accepted: set[int] = field(default_factory=set)
    """Challenges accepted whose game has not started yet (they count as games)."""
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def run(self) -> None:
        headers = {"Authorization": f"Bearer {self.token}"}
        timeout = httpx.Timeout(30.0, read=120.0)  # the stream sends a line every 20 s
        delay = self.retry_first
        rng = random.Random(self.seed)
        with (
            httpx.Client(base_url=self.server, headers=headers, timeout=timeout) as http,
            ThreadPoolExecutor(max(1, self.limits.max_games)) as pool,
        ):
            while not self.stop.is_set():
                try:
                    with http.stream("GET", "/api/me/events") as stream:
                        if stream.status_code == 401:
                            raise TokenRefused("the server refused the bot's token")
                        stream.raise_for_status()
                        log.info("connected to %s", self.server)
                        delay = self.retry_first
                        for line in stream.iter_lines():
                            if self.stop.is_set():
                                return
                            if line:
                                self._handle(http, pool, rng, json.loads(line))
                except (httpx.TransportError, httpx.HTTPStatusError) as lost:
                    log.warning("connection lost (%s); again in %.1f s", lost, delay)
                    if self.stop.wait(delay * random.uniform(0.8, 1.2)):
                        return
                    delay = min(self.retry_limit, delay * 2)

    # ---- messages --------------------------------------------------------------------------

    def _handle(
        self, http: httpx.Client, pool: ThreadPoolExecutor, rng: random.Random, msg: dict[str, Any]
    ) -> None:
        if self.on_message is not None:
            self.on_message(msg)
        kind = msg["type"]
        if kind == "challenge_offered":
            self._answer(http, msg["challenge"])
        elif kind == "challenge_withdrawn":
            with self._lock:
                self.accepted.discard(msg["challenge_id"])
        elif kind == "game_started":
            with self._lock:
                self.games.setdefault(msg["game_id"], Seat(msg["seat"], msg["token"]))
                self.accepted.discard(msg.get("challenge_id") or 0)
            log.info("game %s started: seat %d", msg["game_id"], msg["seat"])
        elif kind == "your_turn":
            with self._lock:
                seat = self.games.get(msg["game_id"])
                if seat is None:
                    return
                if seat.busy:
                    seat.again = True  # its thread looks again when this move is posted
                    return
                seat.busy = True
            pool.submit(self._move, http, msg["game_id"], seat, random.Random(rng.random()))
        elif kind == "game_over":
            with self._lock:
                self.games.pop(msg["game_id"], None)
                self.finished.append(msg["game_id"])
            log.info("game %s over: %s", msg["game_id"], json.dumps(msg.get("result")))

    def _answer(self, http: httpx.Client, challenge: dict[str, Any]) -> None:
        with self._lock:
            why = self.limits.allow(challenge, len(self.games) + len(self.accepted))
            if why is None:
                self.accepted.add(challenge["id"])
        verb = "accept" if why is None else "decline"
        r = http.post(f"/api/challenges/{challenge['id']}/{verb}")
        if r.status_code != 200:  # withdrawn meanwhile, for one
            with self._lock:
                self.accepted.discard(challenge["id"])
            log.info("challenge %s: could not %s: %s", challenge["id"], verb, r.text)
            return
        log.info(
            "challenge %s from %s: %s%s",
            challenge["id"],
            challenge.get("from"),
            verb,
            "ed" if why is None else f"d ({why})",
        )

    def _move(self, http: httpx.Client, game_id: str, seat: Seat, rng: random.Random) -> None:
        """Read the seat's state and post the policy's move, again while ``your_turn``
        came meanwhile (``Seat.again``); a move the game moved past (409) is dropped: the
        stream's next ``your_turn`` says what now."""
        while True:
            self._move_once(http, game_id, seat, rng)
            with self._lock:
                if not seat.again:
                    seat.busy = False
                    return
                seat.again = False

    def _move_once(self, http: httpx.Client, game_id: str, seat: Seat, rng: random.Random) -> None:
        try:
            auth = {"Authorization": f"Bearer {seat.token}"}
            state = http.get(f"/api/games/{game_id}/view", headers=auth).json()
            if state.get("status") != "running" or not state.get("legal_actions"):
                return
            action = self.policy(state["view"], state["legal_actions"], rng)
            r = http.post(
                f"/api/games/{game_id}/actions",
                headers=auth,
                json={"version": state["version"], "action": action},
            )
            if r.status_code != 200:
                log.info("game %s: move refused: %s", game_id, r.text)
        except Exception:
            log.exception("game %s: move failed", game_id)


def main(argv: list[str] | None = None, prog: str = "python -m bots.client serve") -> None:
    parser = argparse.ArgumentParser(
        prog=prog, description="Play as a bot account: accept challenges, play every game."
    )
    parser.add_argument("--server", required=True, help="the server's address")
    parser.add_argument("--token", required=True, help="the bot's API token (tfbot_...)")
    parser.add_argument("--level", choices=LEVELS, default="hard")
    parser.add_argument("--think-ms", type=float, default=1000, help="hard: time per move")
    parser.add_argument("--kinds", nargs="*", help="accept only these kinds")
    parser.add_argument("--players", type=int, nargs="*", help="accept only these counts")
    rated = parser.add_mutually_exclusive_group()
    rated.add_argument("--rated-only", action="store_true")
    rated.add_argument("--unrated-only", action="store_true")
    parser.add_argument("--max-games", type=int, default=4, help="games at once")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    limits = Limits(
        kinds=frozenset(args.kinds) if args.kinds else None,
        seats=frozenset(args.players) if args.players else None,
        rated=True if args.rated_only else False if args.unrated_only else None,
        max_games=args.max_games,
    )
    bot = BotServer(args.server, args.token, policy_for(args.level, think_ms=args.think_ms), limits)
    try:
        bot.run()
    except KeyboardInterrupt:
        bot.stop.set()
    except TokenRefused as refused:
        raise SystemExit(f"{prog}: {refused} (revoked, or not a bot token)") from None
