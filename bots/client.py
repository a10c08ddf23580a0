"""The remote bot kit: play one seat of a game on a Tafelrunde server with any policy.

    python -m bots.client "http://host:8000/play/GAME_ID?join=1&key=KEY" --level hard

takes the seat of that invite link, plays it to the end over the API (REST to join, the
seat's WebSocket to hear about changes and to act) and prints the result. Like the browser,
it adds its own secret share to the game's seed: committed at the join, revealed when every
seat is taken (``Contribution``), so no server operator could have picked its draws.

A policy of your own is a function ``policy(view, legal, rng) -> action``, exactly like
the built-in levels (``bots.policies``; its type is ``bots.api.Policy``), so it sees what
the server's bots see and nothing more::

    from bots.client import play

    def first_choice(view, legal, rng):
        return legal[0]["action"]   # legal: [{action, label}]; view: docs/API.md

    play("http://localhost:8000/play/ab12cd34ef56?join=1&key=...", first_choice)

A bot account (docs/API.md, "Bot accounts") plays all its games, accepting challenges,
with ``python -m bots.client serve --server URL --token tfbot_... --level hard``
(bots/serving.py).

This module does I/O (httpx, websockets); the policies stay pure.
"""

from __future__ import annotations

import argparse
import json
import random
import secrets
import sys
from dataclasses import dataclass, field
from time import sleep
from typing import Any
from urllib.parse import parse_qs, urlsplit

import httpx
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from engines.core.fairness import seat_commitment

from .api import Joined, Policy, Result
from .policies import LEVELS, policy_for

TRY_AGAIN_LATER = 1013
"""The server's close for "come back later" (too many connections, the database away):
the seat's token still holds. Only 4401/4403 say it does not (docs/API.md)."""
COMING_BACK = ("too_many_connections", "database_unavailable")
"""Error codes a close with ``TRY_AGAIN_LATER`` follows."""
RETRIES = 8


class JoinRefused(RuntimeError):
    """The server would not seat us (a wrong key, a seat taken, a game over...)."""


@dataclass(frozen=True)
class Invite:
    """Where a seat is: the server's base URL, the game, the seat and the invite's key (a
    private table's seat is joined with its key; a public table's link has none)."""

    server: str
    game_id: str
    seat: int
    key: str | None = None

    @classmethod
    def parse(cls, url: str, seat: int | None = None) -> Invite:
        """An invite link (``/play/{game_id}?join=<seat>&key=<key>``), or a game link plus
        ``seat``."""
        parts = urlsplit(url)
        path = parts.path.rstrip("/").split("/")
        if len(path) < 3 or path[-2] != "play":
            raise ValueError(f"not a game link (…/play/GAME_ID?join=SEAT): {url!r}")
        query = parse_qs(parts.query)
        key = query.get("key", [None])[0]
        if seat is None:
            joins = query.get("join")
            if not joins:
                raise ValueError(f"the link names no seat (?join=SEAT), and no --seat: {url!r}")
            seat = int(joins[0])
        # A server under a path of its own (behind a proxy) keeps that path.
        return cls(f"{parts.scheme}://{parts.netloc}{'/'.join(path[:-2])}", path[-1], seat, key)


@dataclass
class Contribution:
    """This seat's share of the game seed (docs/API.md "Fair draws"): a secret random text,
    of which the join sends only the commitment; revealed once every seat has committed
    (the server then names the seat in ``reveal.waiting``). With it, nobody, not even the
    server's operator, could have picked the draws of a game this bot plays."""

    text: str = field(default_factory=lambda: secrets.token_hex(16))
    revealed: bool = False

    @property
    def commitment(self) -> str:
        return seat_commitment(self.text)

    def reveal_if_asked(
        self, http: httpx.Client, game_id: str, seat: int, token: str, state: dict[str, Any]
    ) -> None:
        """Reveal the contribution if ``state`` (a ``SeatState``) waits for this seat's."""
        reveal = state.get("reveal")
        if self.revealed or not reveal or seat not in reveal.get("waiting", []):
            return
        r = http.post(
            f"/api/games/{game_id}/seats/{seat}/reveal",
            headers={"Authorization": f"Bearer {token}"},
            json={"contribution": self.text},
        )
        code = r.json().get("error", {}).get("code") if r.status_code != 200 else None
        if r.status_code != 200 and code != "reveal_closed":  # too late: counts as none
            raise RuntimeError(f"could not reveal seat {seat}'s contribution: {r.text}")
        self.revealed = True


def join_seat(
    http: httpx.Client, invite: Invite, name: str, contribution: Contribution | None = None
) -> str:
    """Take the invite's seat, committed to ``contribution`` if given; returns the seat's
    token (the server shows it once)."""
    body = {"name": name} if invite.key is None else {"name": name, "key": invite.key}
    if contribution is not None:
        body["commitment"] = contribution.commitment
    r = http.post(f"/api/games/{invite.game_id}/seats/{invite.seat}/join", json=body)
    if r.status_code != 201:
        raise JoinRefused(f"could not join seat {invite.seat}: {r.status_code} {r.text}")
    joined: Joined = r.json()
    return joined["token"]


def play(
    url: str,
    policy: Policy,
    *,
    seat: int | None = None,
    name: str = "Remote bot",
    rng: random.Random | None = None,
    token: str | None = None,
    contribution: Contribution | None = None,
) -> Result:
    """Join the seat of ``url`` (or use ``token``, a seat already joined, with the
    ``contribution`` it committed to, if any) and play it with ``policy`` until the game is
    over; returns its ``Result``. Reveals the contribution when the game asks. A
    connection the server closes with 1013 (too many connections, the database away) is
    made again after a backoff, up to ``RETRIES`` times; a refused token (4401/4403) ends it."""
    invite = Invite.parse(url, seat)
    rng = rng or random.Random()
    with httpx.Client(base_url=invite.server, timeout=30) as http:
        if token is None:
            contribution = Contribution()
            token = join_seat(http, invite, name, contribution)
        ws_url = invite.server.replace("http", "ws", 1) + f"/ws/games/{invite.game_id}"
        attempt = 0
        while True:
            try:
                with connect(ws_url, max_size=None) as ws:
                    ws.send(json.dumps({"type": "auth", "token": token}))
                    return _play_seat(http, ws, invite, token, contribution, policy, rng)
            except ConnectionClosed as closed:
                later = closed.rcvd is not None and closed.rcvd.code == TRY_AGAIN_LATER
                if not later or attempt == RETRIES:
                    raise
            # Backing off, with jitter of its own (``rng`` stays the policy's alone).
            sleep(min(30.0, 0.5 * 2**attempt) * random.uniform(0.8, 1.2))
            attempt += 1


def _play_seat(
    http: httpx.Client,
    ws: ClientConnection,
    invite: Invite,
    token: str,
    contribution: Contribution | None,
    policy: Policy,
    rng: random.Random,
) -> Result:
    """Play the seat on one connection until the game is over."""
    acted_on = -1  # per connection: a move lost with the last one is chosen again
    while True:
        message = json.loads(ws.recv())
        if message.get("type") == "ping":
            ws.send(json.dumps({"type": "pong"}))
            continue
        if message.get("type") == "error" and message.get("code") == "commit_unknown":
            # The server lost its database while saving our action: applied or
            # not, its view says (a new state comes by the socket only if it was).
            message = http.get(
                f"/api/games/{invite.game_id}/view",
                headers={"Authorization": f"Bearer {token}"},
            ).json()
            message.update(type="state", seat=invite.seat)
            acted_on = min(acted_on, message["version"] - 1)
        if message.get("type") == "error":  # the answer to a refused action
            if message.get("code") == "stale_version":
                continue  # something happened meanwhile; the next state says what
            if message.get("code") in COMING_BACK:
                continue  # the close (1013) follows, and ``play`` comes back
            raise RuntimeError(f"action refused: {message.get('code')} {message.get('message')}")
        if message.get("type") != "state" or message.get("seat") != invite.seat:
            continue  # a spectator state sent before the server read our auth
        if contribution is not None:
            contribution.reveal_if_asked(http, invite.game_id, invite.seat, token, message)
        if message["status"] == "over":
            result: Result = http.get(f"/api/games/{invite.game_id}/result").json()
            return result
        version = message["version"]
        if not message["legal_actions"] or version <= acted_on:
            continue
        acted_on = version
        action = policy(message["view"], message["legal_actions"], rng)
        # On the socket rather than POST /actions: the same checks, about a third
        # less of the server's work per move (no HTTP request around it; docs/API.md).
        # The next state answers it; a refusal comes back as an error message.
        ws.send(json.dumps({"type": "action", "version": version, "action": action}))


def main(argv: list[str] | None = None, prog: str = "python -m bots.client") -> None:
    if argv is None:
        argv = sys.argv[1:]
    if argv and argv[0] == "serve":  # a bot account: bots/serving.py
        from .serving import main as serve

        serve(argv[1:], prog=f"{prog} serve")
        return
    parser = argparse.ArgumentParser(prog=prog, description="Play one seat of a Tafelrunde game.")
    parser.add_argument("url", help="the seat's invite link (…/play/GAME_ID?join=SEAT&key=KEY)")
    parser.add_argument("--seat", type=int, help="the seat, if the link names none")
    parser.add_argument("--level", choices=LEVELS, default="hard")
    parser.add_argument("--think-ms", type=float, default=1000, help="hard: time per move")
    parser.add_argument("--name", default=None, help="the seat's name (default: the level)")
    args = parser.parse_args(argv)
    policy = policy_for(args.level, think_ms=args.think_ms)
    name = args.name or f"{args.level.capitalize()} bot"
    result = play(args.url, policy, seat=args.seat, name=name)
    print(json.dumps(result))


if __name__ == "__main__":
    main()
