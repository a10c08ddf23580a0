"""A rated game finished on two server processes at once (app/services/ratings.py): every
move, the last included, is posted to both processes at the same moment; one passes the
version's lock and the other is refused, so the game's end, and with it the ratings, is
written once."""

from __future__ import annotations

import random
import threading
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from sqlalchemy import create_engine, select

from app.db.models import RatingHistoryRow, RatingRow
from tests.postgres.harness import ServerProcess, Table
from tests.support.accounts import account_with_cookie, signed_in

pytestmark = pytest.mark.postgres

KIND = "dolmengoetter"


@pytest.fixture
def servers(pg_url: str, tmp_path: Path) -> Iterator[tuple[ServerProcess, ServerProcess]]:
    a = ServerProcess("a", pg_url, tmp_path, BOT_DELAY="0").start()
    b = ServerProcess("b", pg_url, tmp_path, BOT_DELAY="0")
    try:
        b.start()  # after a: each migrates on start, and the second finds nothing to do
        yield a, b
    finally:
        a.stop()
        b.stop()


def both_at_once(table: Table, servers, seat: int, version: int, action) -> list[int]:
    """``action`` posted to every server at the same moment; their status codes."""
    start = threading.Barrier(len(servers))
    codes: list[int] = []

    def post(server: ServerProcess) -> None:
        start.wait()
        codes.append(table.post(server, seat, version, action).status_code)

    threads = [threading.Thread(target=post, args=(s,)) for s in servers]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    return sorted(codes)


def test_two_processes_finishing_a_rated_game_rate_it_once(servers, pg_url: str) -> None:
    a, b = servers
    engine = create_engine(pg_url)
    players = [account_with_cookie(engine, name) for name in ("Anna", "Bert")]
    with httpx.Client(base_url=a.url, timeout=30) as http:
        r = http.post("/api/games", json={"kind": KIND, "num_seats": 2, "rated": True})
        assert r.status_code == 201, r.text
        game_id, keys = r.json()["id"], {i["seat"]: i["key"] for i in r.json()["invites"]}
        tokens = {}
        for seat, (_, cookie) in enumerate(players):
            joined = http.post(
                f"/api/games/{game_id}/seats/{seat}/join",
                json={"name": ("Anna", "Bert")[seat], "key": keys[seat]},
                headers=signed_in(cookie),
            )
            assert joined.status_code == 201, joined.text
            tokens[seat] = joined.json()["token"]
    table = Table(game_id, 2, tokens)
    rng = random.Random(39)
    for _ in range(2000):
        if table.view(b, None)["status"] == "over":
            break
        seat, version, actions = table.turn(a)
        assert both_at_once(table, servers, seat, version, rng.choice(actions)) == [200, 409]
    assert table.view(a, None)["status"] == "over"

    with engine.connect() as conn:
        ratings = conn.execute(select(RatingRow.account_id, RatingRow.games)).all()
        history = conn.execute(select(RatingHistoryRow.game_id, RatingHistoryRow.account_id)).all()
    accounts = sorted(account_id for account_id, _ in players)
    assert sorted(ratings) == [(accounts[0], 1), (accounts[1], 1)]
    assert sorted(history) == [(game_id, accounts[0]), (game_id, accounts[1])]
    # Either process shows them.
    for server in servers:
        shown = httpx.get(
            f"{server.url}/api/accounts/Anna/ratings",
            headers=signed_in(players[1][1]),
            timeout=30,
        ).json()
        assert [(r["kind"], r["games"]) for r in shown["ratings"]] == [(KIND, 1)]
    engine.dispose()
