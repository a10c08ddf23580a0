"""Limits (issue 15): 413 bodies, deep JSON refused as malformed, per-client rate limits
with ``Retry-After``, the cap on all-bot games, WebSocket message rates and connection caps,
bot work per process, and 503 ``database_unavailable`` for a database that refuses writes.
The app runs in-process; every limit is set small through the app's settings."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import exc as sa_exc
from sqlalchemy import func, select
from starlette.websockets import WebSocketDisconnect

from app.core.config import Settings
from app.db.models import GameRow
from app.main import create_app
from app.services.bot_games import live_bot_games
from tests.conftest import bearer, new_game

KIND = "dolmengoetter"


def make_client(database_url: str, **limits: Any) -> TestClient:
    return TestClient(create_app(Settings(database_url=database_url, **{"bot_delay": 0, **limits})))


@pytest.fixture
def limited(database_url: str, request: pytest.FixtureRequest) -> Iterator[TestClient]:
    with make_client(database_url, **request.param) as client:
        yield client


def games_count(client: TestClient) -> int:
    """Games in the database (tables are unlisted unless public, so not ``GET /api/games``)."""
    with client.app.state.service.db.session() as session:
        return session.scalar(select(func.count()).select_from(GameRow)) or 0


def deep(depth: int) -> str:
    return "[" * depth + "]" * depth


# ---- bodies ------------------------------------------------------------------------------


@pytest.mark.parametrize("limited", [{"max_body_bytes": 512}], indirect=True)
def test_a_body_over_the_limit_gets_413_before_parsing_and_creates_nothing(limited):
    big = {"kind": KIND, "num_seats": 2, "options": {"padding": "x" * 600}}
    r = limited.post("/api/games", json=big)
    assert r.status_code == 413
    assert r.json()["error"]["code"] == "payload_too_large"
    assert "512" in r.json()["error"]["message"]
    # Not even valid JSON: the size is refused first, so the answer is the same.
    r = limited.post("/api/games", content=b"{" * 600, headers={"content-type": "application/json"})
    assert r.status_code == 413
    assert games_count(limited) == 0
    # Just under the limit is parsed as usual.
    ok = limited.post("/api/games", json={"kind": KIND, "num_seats": 2})
    assert ok.status_code == 201


@pytest.mark.parametrize("limited", [{"max_body_bytes": 512}], indirect=True)
def test_a_streamed_body_without_length_is_counted_and_refused(limited):
    def chunks() -> Iterator[bytes]:  # chunked transfer encoding: no Content-Length
        yield b'{"kind": "dolmengoetter", "num_seats": 2, "options": {"p": "'
        for _ in range(10):
            yield b"x" * 100
        yield b'"}}'

    r = limited.post("/api/games", content=chunks(), headers={"content-type": "application/json"})
    assert r.status_code == 413
    assert r.json()["error"]["code"] == "payload_too_large"
    assert games_count(limited) == 0


def test_deeply_nested_json_is_malformed_json_not_a_500(client):
    r = client.post("/api/games", content=deep(5000), headers={"content-type": "application/json"})
    assert r.status_code == 400
    assert r.json()["error"] == {
        "code": "bad_request",
        "message": "malformed JSON: nested too deeply",
    }


# ---- rates -------------------------------------------------------------------------------


@pytest.mark.parametrize("limited", [{"rate_create": 2}], indirect=True)
def test_creating_games_past_the_rate_gets_429_with_retry_after(limited):
    for _ in range(2):
        assert limited.post("/api/games", json={"kind": KIND, "num_seats": 2}).status_code == 201
    r = limited.post("/api/games", json={"kind": KIND, "num_seats": 2})
    assert r.status_code == 429
    assert r.json()["error"]["code"] == "rate_limited"
    # 2 a minute: the next token comes within 30 s.
    assert 1 <= int(r.headers["retry-after"]) <= 30
    # X-Forwarded-For from a peer not in FORWARDED_ALLOW_IPS buys no fresh budget.
    other = {"x-forwarded-for": "198.51.100.7"}
    r = limited.post("/api/games", json={"kind": KIND, "num_seats": 2}, headers=other)
    assert r.status_code == 429
    assert games_count(limited) == 2


@pytest.mark.parametrize("limited", [{"rate_join": 2, "rate_action": 1}], indirect=True)
def test_joining_and_posting_past_the_rate_get_429_and_change_nothing(limited):
    game_id, tokens = new_game(limited, KIND, 2)  # two joins: the budget is spent
    r = limited.post(f"/api/games/{game_id}/seats/0/join", json={"name": "late"})
    assert r.status_code == 429 and r.json()["error"]["code"] == "rate_limited"
    assert "retry-after" in r.headers

    view = limited.get(f"/api/games/{game_id}/view").json()
    seat = view["view"]["to_act"][0]
    legal = limited.get(f"/api/games/{game_id}/legal-actions", headers=bearer(tokens[seat]))
    action = legal.json()["actions"][0]["action"]
    body = {"version": view["version"], "action": action}
    first = limited.post(f"/api/games/{game_id}/actions", json=body, headers=bearer(tokens[seat]))
    assert first.status_code == 200
    again = limited.post(
        f"/api/games/{game_id}/actions",
        json={"version": first.json()["version"], "action": action},
        headers=bearer(tokens[seat]),
    )
    assert again.status_code == 429 and again.json()["error"]["code"] == "rate_limited"
    assert limited.get(f"/api/games/{game_id}").json()["version"] == first.json()["version"]


def test_the_token_bucket_refills_evenly():
    from app.core.limits import RateLimiter

    now = [0.0]
    limiter = RateLimiter({"create": 6}, clock=lambda: now[0])  # one every 10 s
    assert [limiter.take("create", "a") for _ in range(6)] == [None] * 6
    assert limiter.take("create", "a") == pytest.approx(10)
    assert limiter.take("create", "b") is None
    now[0] = 10.0
    assert limiter.take("create", "a") is None
    assert limiter.take("create", "a") == pytest.approx(10)
    assert RateLimiter({"create": 0}).take("create", "a") is None  # 0: no limit


# ---- bot games ---------------------------------------------------------------------------


@pytest.mark.parametrize("limited", [{"max_bot_games": 1, "bot_delay": 30}], indirect=True)
def test_one_all_bot_game_too_many_is_refused_but_games_with_humans_are_not(limited):
    bots = {"kind": KIND, "num_seats": 2, "seats": [{"bot": True}, {"bot": True}]}
    assert limited.post("/api/games", json=bots).status_code == 201
    r = limited.post("/api/games", json=bots)
    assert r.status_code == 429
    assert r.json()["error"]["code"] == "too_many_bot_games"
    assert "retry-after" in r.headers
    mixed = {"kind": KIND, "num_seats": 2, "seats": [{"bot": False}, {"bot": True}]}
    assert limited.post("/api/games", json=mixed).status_code == 201
    assert games_count(limited) == 2


@pytest.mark.parametrize("limited", [{"max_bot_games": 1, "bot_delay": 30}], indirect=True)
def test_a_game_whose_only_human_resigned_counts_as_an_all_bot_game(limited):
    game_id, tokens = new_game(limited, KIND, 2, bots=(1,), start_player=0)
    bots = {"kind": KIND, "num_seats": 2, "seats": [{"bot": True}, {"bot": True}]}
    # A player who only stepped away (the bot stands in after a timeout) may come back:
    # while the human plays, the game is not one of bots only.
    with limited.app.state.service.db.session() as session:
        assert live_bot_games(session) == 0
    r = limited.post(f"/api/games/{game_id}/seats/0/resign", headers=bearer(tokens[0]))
    assert r.status_code == 200, r.text
    with limited.app.state.service.db.session() as session:
        assert live_bot_games(session) == 1
    r = limited.post("/api/games", json=bots)
    assert r.status_code == 429
    assert r.json()["error"]["code"] == "too_many_bot_games"
    assert games_count(limited) == 1


def test_bot_moves_run_at_most_bot_concurrency_at_once_while_humans_play(database_url):
    running, most = [0], [0]
    lock = threading.Lock()

    def slow_policy(view: Any, legal: list[Any], rng: Any) -> Any:
        with lock:
            running[0] += 1
            most[0] = max(most[0], running[0])
        time.sleep(0.02)
        with lock:
            running[0] -= 1
        return legal[0]["action"]

    with make_client(database_url, bot_concurrency=1) as client:
        client.app.state.bots.policy = slow_policy
        bots = {"kind": KIND, "num_seats": 2, "seats": [{"bot": True}, {"bot": True}]}
        ids = [client.post("/api/games", json=bots).json()["id"] for _ in range(3)]
        # A human's game is served meanwhile.
        game_id, tokens = new_game(client, KIND, 2)
        view = client.get(f"/api/games/{game_id}/view").json()
        seat = view["view"]["to_act"][0]
        legal = client.get(f"/api/games/{game_id}/legal-actions", headers=bearer(tokens[seat]))
        body = {"version": view["version"], "action": legal.json()["actions"][0]["action"]}
        r = client.post(f"/api/games/{game_id}/actions", json=body, headers=bearer(tokens[seat]))
        assert r.status_code == 200
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if all(client.get(f"/api/games/{g}").json()["version"] >= 3 for g in ids):
                break
            time.sleep(0.05)
        assert all(client.get(f"/api/games/{g}").json()["version"] >= 3 for g in ids)
    assert most[0] == 1


# ---- WebSockets --------------------------------------------------------------------------


def closed_with(ws: Any) -> int:
    with pytest.raises(WebSocketDisconnect) as closed:
        while True:
            ws.receive_json()
    return closed.value.code


@pytest.mark.parametrize("limited", [{"rate_ws_messages": 3}], indirect=True)
def test_websocket_messages_past_the_rate_get_rate_limited_then_close_4029(limited):
    game_id, _ = new_game(limited, KIND, 2)
    with limited.websocket_connect(f"/ws/games/{game_id}") as ws:
        assert ws.receive_json()["type"] == "state"
        for _ in range(3):
            ws.send_json({"type": "ping"})
            assert ws.receive_json() == {"type": "pong"}
        ws.send_json({"type": "ping"})
        error = ws.receive_json()
        assert error["type"] == "error" and error["code"] == "rate_limited"
        assert closed_with(ws) == 4029


def state_of(ws: Any, seat: int | None) -> dict[str, Any]:
    """The first state message for ``seat`` (a spectator state before an ``auth`` skipped)."""
    while True:
        message = ws.receive_json()
        assert message["type"] != "error", message
        if message["type"] == "state" and message["seat"] == seat:
            return message


def refused_for_capacity(ws: Any) -> None:
    error = ws.receive_json()
    assert error["type"] == "error" and error["code"] == "too_many_connections"
    assert closed_with(ws) == 1013  # try again later: not a refused token


CAPS = {"ws_per_game": 2, "ws_per_client": 3, "ws_per_seat": 2, "ws_auth_seconds": 0.2}


@pytest.mark.parametrize("limited", [CAPS], indirect=True)
def test_watchers_past_the_caps_are_refused_with_1013_too_many_connections(limited):
    a, _ = new_game(limited, KIND, 2)
    b, _ = new_game(limited, KIND, 2)
    with limited.websocket_connect(f"/ws/games/{a}") as a1:
        assert a1.receive_json()["type"] == "state"
        with limited.websocket_connect(f"/ws/games/{a}") as a2:
            assert a2.receive_json()["type"] == "state"
            with limited.websocket_connect(f"/ws/games/{a}") as a3:  # the game's third
                a3.send_json({"type": "ping"})  # not a seat's auth: refused at once
                refused_for_capacity(a3)
            with limited.websocket_connect(f"/ws/games/{a}") as silent:
                refused_for_capacity(silent)  # no auth within WS_AUTH_SECONDS
            with limited.websocket_connect(f"/ws/games/{b}") as b1:  # the client's third
                assert b1.receive_json()["type"] == "state"
                with limited.websocket_connect(f"/ws/games/{b}") as b2:  # its fourth
                    b2.send_json({"type": "ping"})
                    refused_for_capacity(b2)
    # Closed connections no longer count.
    with limited.websocket_connect(f"/ws/games/{a}") as again:
        assert again.receive_json()["type"] == "state"


@pytest.mark.parametrize("limited", [CAPS], indirect=True)
def test_a_seat_gets_in_and_plays_while_watchers_fill_every_cap(limited):
    """Strangers' watcher sockets (from the players' own address, even) crowd no seat out:
    a seat is counted apart from watchers, only against WS_PER_SEAT."""
    game_id, tokens = new_game(limited, KIND, 2)
    other, _ = new_game(limited, KIND, 2)
    view = limited.get(f"/api/games/{game_id}/view").json()
    seat = view["view"]["to_act"][0]
    with (
        limited.websocket_connect(f"/ws/games/{game_id}") as w1,
        limited.websocket_connect(f"/ws/games/{game_id}") as w2,  # the game's watchers: full
        limited.websocket_connect(f"/ws/games/{other}") as w3,  # this address's too
    ):
        for w in (w1, w2, w3):
            assert w.receive_json()["type"] == "state"
        with limited.websocket_connect(f"/ws/games/{game_id}") as watcher:
            watcher.send_json({"type": "ping"})
            refused_for_capacity(watcher)
        # A token refused over the caps is a refused token (4401), not a full house.
        with limited.websocket_connect(f"/ws/games/{game_id}") as stranger:
            stranger.send_json({"type": "auth", "token": "not-a-token"})
            assert stranger.receive_json()["code"] == "unauthorized"
            assert closed_with(stranger) == 4401
        with limited.websocket_connect(f"/ws/games/{game_id}") as player:
            player.send_json({"type": "auth", "token": tokens[seat]})
            state = state_of(player, seat)
            assert state["version"] == view["version"]
            action = state["legal_actions"][0]["action"]
            player.send_json({"type": "action", "version": state["version"], "action": action})
            assert state_of(player, seat)["version"] == view["version"] + 1
            # The token in the URL gets in as well: the seat's second connection.
            with limited.websocket_connect(f"/ws/games/{game_id}?token={tokens[seat]}") as tab:
                assert state_of(tab, seat)["version"] == view["version"] + 1
                # One seat cannot open sockets without end: its third is refused.
                with limited.websocket_connect(f"/ws/games/{game_id}") as third:
                    third.send_json({"type": "auth", "token": tokens[seat]})
                    refused_for_capacity(third)
    assert limited.get(f"/api/games/{game_id}").json()["version"] == view["version"] + 1


@pytest.mark.parametrize("limited", [{"rate_ws_messages": 2}], indirect=True)
def test_a_move_refused_for_the_rate_carries_its_ref(limited):
    game_id, tokens = new_game(limited, KIND, 2)
    view = limited.get(f"/api/games/{game_id}/view").json()
    seat = view["view"]["to_act"][0]
    with limited.websocket_connect(f"/ws/games/{game_id}") as ws:
        ws.send_json({"type": "auth", "token": tokens[seat]})
        state = state_of(ws, seat)
        ws.send_json({"type": "ping"})
        assert ws.receive_json() == {"type": "pong"}
        action = state["legal_actions"][0]["action"]
        ws.send_json({"type": "action", "version": state["version"], "action": action, "ref": "m7"})
        error = ws.receive_json()
        assert (error["code"], error.get("ref")) == ("rate_limited", "m7")
        assert closed_with(ws) == 4029
    assert limited.get(f"/api/games/{game_id}").json()["version"] == view["version"]


def test_a_deeply_nested_websocket_message_closes_with_1003(client):
    game_id, _ = new_game(client, KIND, 2)
    with client.websocket_connect(f"/ws/games/{game_id}") as ws:
        assert ws.receive_json()["type"] == "state"
        ws.send_text(json.dumps({"type": "ping"})[:-1] + ', "x": ' + deep(5000) + "}")
        assert closed_with(ws) == 1003


# ---- a database that refuses writes ------------------------------------------------------


def test_read_only_sqlite_answers_503_database_unavailable_and_readyz_is_unready(
    tmp_path: Path,
):
    path = tmp_path / "ro.db"
    with make_client(f"sqlite:///{path}") as rw:
        game_id, tokens = new_game(rw, KIND, 2)
        view = rw.get(f"/api/games/{game_id}/view").json()
    read_only = f"sqlite:///file:{path}?mode=ro&uri=true"
    with make_client(read_only, migrate_on_start=False) as ro:
        assert ro.get(f"/api/games/{game_id}/view").status_code == 200  # reads still work
        ready = ro.get("/readyz")
        assert ready.status_code == 503
        assert ready.json()["error"]["code"] == "database_unavailable"
        assert "retry-after" in ready.headers
        seat = view["view"]["to_act"][0]
        legal = ro.get(f"/api/games/{game_id}/legal-actions", headers=bearer(tokens[seat]))
        body = {"version": view["version"], "action": legal.json()["actions"][0]["action"]}
        for r in (
            ro.post(f"/api/games/{game_id}/actions", json=body, headers=bearer(tokens[seat])),
            ro.post("/api/games", json={"kind": KIND, "num_seats": 2}),
        ):
            assert r.status_code == 503
            assert r.headers["content-type"] == "application/json"
            assert r.json()["error"]["code"] == "database_unavailable"
            assert int(r.headers["retry-after"]) > 0
            assert str(path) not in r.text
        assert ro.get(f"/api/games/{game_id}").json()["version"] == view["version"]


def test_a_move_refused_for_an_unavailable_database_carries_its_ref(client):
    game_id, tokens = new_game(client, KIND, 2)
    view = client.get(f"/api/games/{game_id}/view").json()
    seat = view["view"]["to_act"][0]

    async def database_gone(*args: Any) -> Any:
        raise sa_exc.OperationalError("UPDATE games", {}, Exception("server closed the connection"))

    with client.websocket_connect(f"/ws/games/{game_id}?token={tokens[seat]}") as ws:
        state = state_of(ws, seat)
        client.app.state.service.act_on_loop = database_gone  # the database goes away now
        action = state["legal_actions"][0]["action"]
        ws.send_json({"type": "action", "version": state["version"], "action": action, "ref": "m1"})
        error = ws.receive_json()
        assert (error["code"], error.get("ref")) == ("database_unavailable", "m1")
        assert closed_with(ws) == 1013
