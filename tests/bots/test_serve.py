"""``python -m bots.client serve`` end to end (issue 39, item 6): a bot account's loop
against a real server process declines a challenge outside its limits, accepts one within
them from a person, and plays the game to its end; the server killed and started again
mid-game loses no move, and the bot carries on from the event stream."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from sqlalchemy import create_engine

from bots.policies import policy_for
from bots.serving import BotServer, Limits
from tests.accounts.test_bots_events import bot_token, play_first_legal
from tests.support.accounts import account_with_cookie, signed_in, sql
from tests.support.waiting import wait_for


@pytest.fixture
def server(server_factory):
    return server_factory(EVENTS_KEEPALIVE="0.2")


@pytest.fixture
def http(server) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=server.url, timeout=30) as c:
        yield c


def challenge_status(database_url: str, challenge_id: int) -> Any:
    rows = sql(database_url, "SELECT status, game_id FROM challenges WHERE id = :i", i=challenge_id)
    return rows[0]


def started_game(database_url: str, challenge_id: int) -> str | None:
    """The challenge's game once its seats are joined (status ``accepted``): the game id is
    recorded with the game, before the joins (``start_game``), and a seat not yet joined
    gives its account no access."""
    status, game_id = challenge_status(database_url, challenge_id)
    return game_id if status == "accepted" else None


def test_the_bot_accepts_within_its_limits_and_plays_through_a_restart(
    server, http, database_url
) -> None:
    engine = create_engine(database_url)
    token = bot_token(http, engine)
    _, bert = account_with_cookie(engine, "Bert")
    engine.dispose()
    bot = BotServer(
        server.url,
        token,
        policy_for("easy"),
        Limits(kinds=frozenset({"dolmengoetter"}), seats=frozenset({2}), max_games=2),
        seed=1,
        retry_first=0.1,
        retry_limit=0.5,
    )
    runner = threading.Thread(target=bot.run, daemon=True)
    runner.start()
    try:
        ask = {"to": ["Robo"], "kind": "dschingis_khan", "num_seats": 2}
        no = http.post("/api/challenges", json=ask, headers=signed_in(bert)).json()["id"]
        wait_for(lambda: challenge_status(database_url, no)[0] == "declined", "the bot to decline")

        ask = {"to": ["Robo"], "kind": "dolmengoetter", "num_seats": 2, "rated": True}
        yes = http.post("/api/challenges", json=ask, headers=signed_in(bert)).json()["id"]
        game_id = wait_for(lambda: started_game(database_url, yes), "the bot to accept: a game")
        answer = http.post(f"/api/me/games/{game_id}/access", headers=signed_in(bert))
        # The status first, so a failure shows the server's answer rather than a KeyError.
        assert answer.status_code == 200, answer.text
        access = answer.json()
        bert_seat, bert_token = access["seat"], access["token"]

        moves = 0
        restarted = False
        while True:
            game = wait_for(
                lambda: (
                    g
                    if (g := http.get(f"/api/games/{game_id}").json())["status"] == "over"
                    or bert_seat in g["to_act"]
                    else None
                ),
                "Bert's turn or the end (the bot moving)",
            )
            if game["status"] == "over":
                break
            play_first_legal(http, game_id, bert_token)
            moves += 1
            if moves == 5 and not restarted:
                # Killed mid-game, with the bot to move or about to be.
                server.kill()
                server.start()
                restarted = True
        assert restarted
        wait_for(lambda: game_id in bot.finished, "the bot to hear the end")
        actions = sql(
            database_url, "SELECT seq FROM actions WHERE game_id = :g ORDER BY seq", g=game_id
        )
        assert [seq for (seq,) in actions] == list(range(1, len(actions) + 1))
        assert bot.games == {} and bot.accepted == set()
    finally:
        bot.stop.set()
        runner.join(timeout=30)
    assert not runner.is_alive()
