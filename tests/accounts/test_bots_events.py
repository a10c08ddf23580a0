"""A bot's one event stream (issue 39, item 4): ``GET /api/me/events`` tells a bot account
of its games starting (with the seat's token), its turns and their ends, over one
connection, from a real server process; a reconnecting bot first gets the state as it is.
No test sleeps: each waits for the stream's next line."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from sqlalchemy import text

from tests.support.accounts import account_with_cookie, sign_in, signed_in
from tests.support.play import auth

KIND = "dolmengoetter"


@pytest.fixture
def server(server_factory):
    return server_factory(EVENTS_KEEPALIVE="0.2")


@pytest.fixture
def http(server) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=server.url, timeout=30) as c:
        yield c


def bot_token(http: httpx.Client, db: Any) -> str:
    _, anna = account_with_cookie(db, "Anna")
    r = http.post("/api/me/bots", json={"name": "Robo"}, headers=signed_in(anna))
    assert r.status_code == 201, r.text
    r = http.post("/api/me/bots/Robo/tokens", json={"label": "t"}, headers=signed_in(anna))
    assert r.status_code == 201, r.text
    return str(r.json()["token"])


def owner_id(db: Any) -> int:
    with db.connect() as conn:
        return int(conn.execute(text("SELECT id FROM accounts WHERE name = 'Anna'")).scalar_one())


class Stream:
    """The lines of one event stream, keep-alives skipped."""

    def __init__(self, http: httpx.Client, token: str) -> None:
        self._cm = http.stream("GET", "/api/me/events", headers=auth(token))
        self.response = self._cm.__enter__()
        assert self.response.status_code == 200
        assert self.response.headers["content-type"].startswith("application/x-ndjson")
        self._lines = self.response.iter_lines()
        self.keep_alives = 0

    def next(self) -> dict[str, Any]:
        for line in self._lines:
            message = json.loads(line)
            if message["type"] == "keep_alive":
                self.keep_alives += 1
                continue
            return dict(message)
        raise AssertionError("the stream ended")

    def close(self) -> None:
        self._cm.__exit__(None, None, None)


def table(http: httpx.Client) -> dict[str, Any]:
    r = http.post(
        "/api/games",
        json={"kind": KIND, "num_seats": 2, "public": True, "options": {"start_player": 0}},
    )
    assert r.status_code == 201, r.text
    return dict(r.json())


def play_first_legal(http: httpx.Client, game_id: str, token: str) -> None:
    legal = http.get(f"/api/games/{game_id}/legal-actions", headers=auth(token)).json()
    r = http.post(
        f"/api/games/{game_id}/actions",
        headers=auth(token),
        json={"version": legal["version"], "action": legal["actions"][0]["action"]},
    )
    assert r.status_code == 200, r.text


def person_plays(http: httpx.Client, game_id: str, token: str) -> None:
    """The person at seat 0 moves for as long as the game waits for it."""
    while True:
        game = http.get(f"/api/games/{game_id}").json()
        if game["status"] != "running" or 0 not in game["to_act"]:
            return
        play_first_legal(http, game_id, token)


def test_the_stream_tells_a_bot_its_game_its_turns_and_the_end(http, db) -> None:
    token = bot_token(http, db)
    game = table(http)
    game_id = game["id"]
    r = http.post(f"/api/games/{game_id}/seats/1/join", json={"name": "Robo"}, headers=auth(token))
    assert r.status_code == 201, r.text
    stream = Stream(http, token)
    try:
        assert stream.next() == {"type": "ready"}  # the game waits for a player: nothing yet

        person = http.post(f"/api/games/{game_id}/seats/0/join", json={"name": "Pia"})
        assert person.status_code == 201, person.text
        started = stream.next()
        assert started["type"] == "game_started"
        assert (started["game_id"], started["kind"], started["seat"]) == (game_id, KIND, 1)
        seat_token = started["token"]
        assert seat_token == r.json()["token"]

        person_plays(http, game_id, person.json()["token"])
        turns = 0
        while True:
            message = stream.next()
            if message["type"] == "game_over":
                break
            assert message["type"] == "your_turn", message
            assert message["game_id"] == game_id and message["seat"] == 1
            summary = http.get(f"/api/games/{game_id}").json()
            assert summary["version"] == message["version"] and 1 in summary["to_act"]
            play_first_legal(http, game_id, seat_token)
            turns += 1
            person_plays(http, game_id, person.json()["token"])
        assert turns > 0
        result = http.get(f"/api/games/{game_id}/result").json()
        assert message == {
            "type": "game_over",
            "game_id": game_id,
            "seat": 1,
            "status": "over",
            "result": result,
        }
    finally:
        stream.close()


def test_a_reconnecting_bot_gets_its_games_as_they_are(http, db) -> None:
    token = bot_token(http, db)
    waiting = table(http)
    for seat, headers in ((0, {}), (1, auth(token))):
        r = http.post(
            f"/api/games/{waiting['id']}/seats/{seat}/join", json={"name": "X"}, headers=headers
        )
        assert r.status_code == 201, r.text
        if seat == 0:
            person = r.json()["token"]
    person_plays(http, waiting["id"], person)  # now the game waits for the bot

    stream = Stream(http, token)
    try:
        first = [stream.next(), stream.next(), stream.next()]
        assert [m["type"] for m in first] == ["game_started", "your_turn", "ready"]
        version = http.get(f"/api/games/{waiting['id']}").json()["version"]
        assert first[1] == {
            "type": "your_turn",
            "game_id": waiting["id"],
            "seat": 1,
            "version": version,
        }
        # The host abandons it: the stream says so, and keeps the connection alive.
        r = http.post(f"/api/games/{waiting['id']}/abandon", headers=auth(waiting["host_token"]))
        assert r.status_code == 200, r.text
        assert stream.next() == {
            "type": "game_over",
            "game_id": waiting["id"],
            "seat": 1,
            "status": "abandoned",
            "result": None,
        }
        # EVENTS_KEEPALIVE=0.2: with nothing to tell, the stream still sends a line.
        assert json.loads(next(stream._lines)) == {"type": "keep_alive"}
    finally:
        stream.close()


def test_no_stream_without_a_valid_token(http) -> None:
    r = http.get("/api/me/events", headers=auth("tfbot_" + "x" * 43))
    assert r.status_code == 401
    assert r.json()["error"]["code"] == "bot_token_invalid"
    r = http.get("/api/me/events")
    assert r.status_code == 401
    assert r.json()["error"]["code"] == "not_signed_in"


def test_a_bot_hears_challenges_and_the_game_an_acceptance_starts(http, db) -> None:
    token = bot_token(http, db)
    _, bert = account_with_cookie(db, "Bert")
    stream = Stream(http, token)
    try:
        assert stream.next() == {"type": "ready"}
        body = {"to": ["robo"], "kind": KIND, "num_seats": 2}
        first = http.post("/api/challenges", json=body, headers=signed_in(bert)).json()
        offered = stream.next()
        assert offered["type"] == "challenge_offered"
        assert offered["challenge"] == first

        second = http.post("/api/challenges", json=body, headers=signed_in(bert)).json()
        assert stream.next()["challenge"]["id"] == second["id"]
        assert (
            http.delete(f"/api/challenges/{second['id']}", headers=signed_in(bert)).status_code
            == 204
        )
        assert stream.next() == {
            "type": "challenge_withdrawn",
            "challenge_id": second["id"],
            "status": "withdrawn",
        }

        r = http.post(f"/api/challenges/{first['id']}/accept", headers=auth(token))
        assert r.status_code == 200, r.text
        started = stream.next()
        assert started["type"] == "game_started"
        assert started["game_id"] == r.json()["game_id"] and started["rated"] is True
        summary = http.get(f"/api/games/{started['game_id']}").json()
        assert summary["seats"][started["seat"]]["name"] == "Robo"
    finally:
        stream.close()


def test_revoking_the_token_ends_its_stream(http, db) -> None:
    token = bot_token(http, db)
    stream = Stream(http, token)
    try:
        assert stream.next() == {"type": "ready"}
        owner = sign_in(db, owner_id(db))
        tokens = http.get("/api/me/bots/Robo/tokens", headers=signed_in(owner)).json()["tokens"]
        r = http.delete(f"/api/me/bots/Robo/tokens/{tokens[0]['id']}", headers=signed_in(owner))
        assert r.status_code == 204
        assert stream.next() == {"type": "closed", "code": "bot_token_invalid"}
        with pytest.raises(AssertionError, match="the stream ended"):
            stream.next()
    finally:
        stream.close()
