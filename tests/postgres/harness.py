"""Real server processes and a small HTTP/WebSocket player for the multi-process tests.

``ServerProcess`` runs ``uvicorn app.main:app`` on a free loopback port with its own
``DATABASE_URL``, exactly as an operator would, and can be killed with any signal and
started again. ``Table`` is one game seen through the public API: its seat tokens, who must
act, and posting an action to whichever process.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from sqlalchemy import text
from websockets.sync.client import ClientConnection, connect

from tests.support import server

ROOT = Path(__file__).resolve().parents[2]


class Endpoint:
    """Something players reach on 127.0.0.1:``port``: a server process or a proxy."""

    port = 0

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def ws(self, game_id: str, token: str | None = None, *, presence: bool = False) -> Socket:
        url = f"ws://127.0.0.1:{self.port}/ws/games/{game_id}"
        query = "&".join([*([f"token={token}"] if token else []), *(["presence=1"] * presence)])
        # Entered as a context manager: that is the one form every websockets version takes.
        client = connect(url + (f"?{query}" if query else ""), open_timeout=10)
        return Socket(client.__enter__())


class ServerProcess(Endpoint, server.ServerProcess):
    """A named server process whose log and data live in ``workdir``."""

    def __init__(self, name: str, database_url: str, workdir: Path, **env: str) -> None:
        server.ServerProcess.__init__(self, database_url, workdir / f"{name}.log", **env)
        self.name = name
        self.workdir = workdir


@dataclass
class Socket:
    """One WebSocket client; ``state`` is the last state message received, ``others`` the
    other messages read while waiting for one (a ``presence`` may come before the first
    state)."""

    conn: ClientConnection
    state: dict[str, Any] = field(default_factory=dict)
    others: list[dict[str, Any]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.state = self.next_state(timeout=10)

    def next_state(self, timeout: float) -> dict[str, Any]:
        import json

        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("no state message in time")
            message = json.loads(self.conn.recv(timeout=left))
            if message["type"] == "state":
                self.state = message
                return message
            self.others.append(message)

    def wait_version(self, version: int, timeout: float) -> dict[str, Any]:
        """The first state at ``version`` or later; ``TimeoutError`` if none comes in time."""
        deadline = time.monotonic() + timeout
        while self.state.get("version", -1) < version:
            self.next_state(max(deadline - time.monotonic(), 0.001))
        return self.state

    def close(self) -> None:
        self.conn.close()


@dataclass
class Table:
    """One game and its seat tokens, played through the REST API."""

    game_id: str
    num_seats: int
    tokens: dict[int, str]

    @classmethod
    def create(
        cls, server: Endpoint, kind: str, num_seats: int = 2, bots: tuple[int, ...] = ()
    ) -> Table:
        """A game whose human seats are all joined (bot seats are played by the servers)."""
        seats = [{"bot": seat in bots} for seat in range(num_seats)]
        with httpx.Client(base_url=server.url, timeout=30) as http:
            r = http.post("/api/games", json={"kind": kind, "num_seats": num_seats, "seats": seats})
            assert r.status_code == 201, r.text
            game_id = r.json()["id"]
            keys = {i["seat"]: i["key"] for i in r.json()["invites"]}
            tokens = {}
            for seat in (s for s in range(num_seats) if s not in bots):
                r = http.post(
                    f"/api/games/{game_id}/seats/{seat}/join",
                    json={"name": f"P{seat}", "key": keys[seat]},
                )
                assert r.status_code == 201, r.text
                tokens[seat] = r.json()["token"]
        return cls(game_id, num_seats, tokens)

    def auth(self, seat: int) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.tokens[seat]}"}

    def view(self, server: Endpoint, seat: int | None) -> dict[str, Any]:
        headers = self.auth(seat) if seat is not None else {}
        r = httpx.get(f"{server.url}/api/games/{self.game_id}/view", headers=headers, timeout=30)
        assert r.status_code == 200, r.text
        return r.json()

    def log(self, server: Endpoint, seat: int | None) -> dict[str, Any]:
        headers = self.auth(seat) if seat is not None else {}
        r = httpx.get(f"{server.url}/api/games/{self.game_id}/log", headers=headers, timeout=30)
        assert r.status_code == 200, r.text
        return r.json()

    def turn(self, server: Endpoint) -> tuple[int, int, list[dict[str, Any]]]:
        """``(seat, version, legal actions)`` of the seat the game waits for."""
        for seat in range(self.num_seats):
            state = self.view(server, seat)
            if state["legal_actions"]:
                return seat, state["version"], [a["action"] for a in state["legal_actions"]]
        raise AssertionError(f"nobody is to act in {self.game_id} (over or waiting?)")

    def post(
        self, server: Endpoint, seat: int, version: int, action: dict[str, Any]
    ) -> httpx.Response:
        return httpx.post(
            f"{server.url}/api/games/{self.game_id}/actions",
            json={"version": version, "action": action},
            headers=self.auth(seat),
            timeout=30,
        )

    def play(self, server: Endpoint, pick: int = 0) -> int:
        """Play one legal action through ``server``; returns the new version."""
        seat, version, actions = self.turn(server)
        r = self.post(server, seat, version, actions[pick % len(actions)])
        assert r.status_code == 200, r.text
        assert r.json()["version"] == version + 1
        return version + 1


def playable_kind(server: Endpoint) -> str:
    """A game kind this server has that two seats can play."""
    kinds = httpx.get(f"{server.url}/api/kinds", timeout=30).json()
    two = [k["id"] for k in kinds if k["min_players"] <= 2 <= k["max_players"]]
    assert two, f"no two-player game kind among {kinds}"
    return sorted(two)[0]


def waiting_for_a_lock(engine) -> bool:
    """Whether a session of ``engine``'s database waits for a lock now (a writer held up
    by another's ``FOR UPDATE`` or row lock, as the crossing tests arrange)."""
    with engine.connect() as conn:
        return bool(
            conn.scalar(
                text(
                    "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock'"
                    " AND datname = current_database()"
                )
            )
        )


@contextmanager
def two_servers(
    pg_url: str, tmp_path: Path, **env: str
) -> Iterator[tuple[ServerProcess, ServerProcess]]:
    """Two app processes ("a", "b") on one PostgreSQL database, stopped at the end. Started
    one after the other: each migrates on start, and the second finds nothing to do."""
    a = ServerProcess("a", pg_url, tmp_path, **env).start()
    b = ServerProcess("b", pg_url, tmp_path, **env)
    try:
        b.start()
        yield a, b
    finally:
        a.stop()
        b.stop()
