"""Ratings on PostgreSQL (app/services/ratings.py). A rated game finished on two server
processes at once: every move, the last included, is posted to both processes at the same
moment; one passes the version's lock and the other is refused, so the game's end, and with
it the ratings, is written once. And a game that ends while another game's end is rating
the same account waits for it and starts from what it wrote (no lost update)."""

from __future__ import annotations

import random
import threading

import httpx
import pytest
from sqlalchemy import create_engine, insert, select, update

from app.db.models import RatingHistoryRow, RatingRow, utcnow
from app.services import ratings
from app.services.results import TableResult
from tests.postgres.harness import ServerProcess, Table, waiting_for_a_lock
from tests.support.accounts import account_with_cookie, app_client, signed_in
from tests.support.waiting import wait_for

pytestmark = pytest.mark.postgres

KIND = "dolmengoetter"


def rated_game(http, players: list[tuple[int, str]]) -> tuple[str, dict[int, str]]:
    """A rated game of two seats, joined by ``players`` (account id, cookie) signed in."""
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
    return game_id, tokens


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
        game_id, tokens = rated_game(http, players)
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


def test_a_game_ending_while_another_rates_the_same_account_builds_on_it(pg_url: str) -> None:
    engine = create_engine(pg_url)
    with app_client(pg_url) as http:  # migrates the database
        players = [account_with_cookie(engine, name) for name in ("Anna", "Bert")]
        game_id, _ = rated_game(http, players)
    anna, bert = players[0][0], players[1][0]
    with engine.begin() as conn:  # Anna has played before
        conn.execute(
            insert(RatingRow).values(
                account_id=anna, kind=KIND, mu=30.0, sigma=5.0, games=3, updated_at=utcnow()
            )
        )
    result = TableResult(scores=[5, 3], winners=[0], places=[[0], [1]], resigned=[])
    done: dict[str, bool] = {}

    def this_game_ends() -> None:
        with engine.begin() as conn:
            done["counted"] = ratings.apply_game(conn, game_id, KIND, result, utcnow())

    with engine.connect() as other:  # another game's end, rating Anna, under way
        with other.begin():
            other.execute(select(RatingRow).where(RatingRow.account_id == anna).with_for_update())
            ending = threading.Thread(target=this_game_ends)
            ending.start()
            wait_for(lambda: waiting_for_a_lock(engine), "this game's end to wait")
            other.execute(
                update(RatingRow).where(RatingRow.account_id == anna).values(mu=31.0, games=4)
            )
        ending.join(timeout=60)
    assert done == {"counted": True}
    with engine.connect() as conn:
        history = {h.account_id: h for h in conn.execute(select(RatingHistoryRow)).all()}
        games = dict(conn.execute(select(RatingRow.account_id, RatingRow.games)).all())
    assert (history[anna].mu_before, history[anna].sigma_before) == (31.0, 5.0)
    assert (history[bert].mu_before, history[bert].sigma_before) == (
        ratings.DEFAULT.mu,
        ratings.DEFAULT.sigma,
    )
    assert games == {anna: 5, bert: 1}
    engine.dispose()
