"""Challenges across two server processes on one PostgreSQL database: the last two of
three players accept at the same moment, each on another process; the challenge's row
lock lets exactly one of them make the game, and both answers name it."""

from __future__ import annotations

import threading
from typing import Any

import httpx
import pytest
from sqlalchemy import create_engine, text

from tests.postgres.harness import ServerProcess
from tests.support.accounts import account_with_cookie, signed_in

pytestmark = pytest.mark.postgres


@pytest.mark.parametrize("round_", range(3))
def test_two_acceptances_at_once_make_one_game(servers, pg_url, round_: int) -> None:
    a, b = servers
    engine = create_engine(pg_url)
    try:
        cookies = {n: account_with_cookie(engine, f"{n}{round_}")[1] for n in ("A", "B", "C")}
        body = {"to": [f"B{round_}", f"C{round_}"], "kind": "dolmengoetter", "num_seats": 3}
        with httpx.Client(base_url=a.url, timeout=30) as http:
            r = http.post("/api/challenges", json=body, headers=signed_in(cookies["A"]))
            assert r.status_code == 201, r.text
            challenge_id = r.json()["id"]
        answers: dict[str, Any] = {}
        together = threading.Barrier(2)

        def accept(name: str, server: ServerProcess) -> None:
            with httpx.Client(base_url=server.url, timeout=30) as http:
                together.wait()
                answers[name] = http.post(
                    f"/api/challenges/{challenge_id}/accept", headers=signed_in(cookies[name])
                )

        threads = [
            threading.Thread(target=accept, args=("B", a)),
            threading.Thread(target=accept, args=("C", b)),
        ]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert [answers[n].status_code for n in ("B", "C")] == [200, 200]
        with engine.connect() as conn:
            games = conn.execute(
                text("SELECT count(*) FROM games WHERE kind = 'dolmengoetter'")
            ).scalar_one()
            status, game_id = conn.execute(
                text("SELECT status, game_id FROM challenges WHERE id = :i"), {"i": challenge_id}
            ).one()
        assert games == 1
        assert status == "accepted" and game_id is not None
        # Whichever answered last names the game; the other may have answered before it
        # was made (status open) — but never a second game.
        assert game_id in {answers[n].json()["game_id"] for n in ("B", "C")}
    finally:
        engine.dispose()
