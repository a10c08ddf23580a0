"""Numbers in paths and queries are plain digits and booleans are JSON booleans, on every
route and on the WebSocket (issue 36, finding 10): ``0.0``, ``+0``, ``00``, ``1e0`` or
another script's digits are refused with 400 naming the parameter, and a seat number the
game does not have is 404 ``unknown_seat`` however many digits it has."""

from __future__ import annotations

import pytest
from sqlalchemy import func, select

from app.db.models import GameRow

NOT_PLAIN = ["0.0", "+0", "00", "01", "1.0", " 1", "1_0", "1e0", "-0", "", "٣", "²"]


@pytest.fixture
def game(client, kit) -> tuple[str, dict[int, str]]:
    return kit.new_game(client, "dschingis_khan", 2)


QUERIES = {
    "version": "/api/games/{id}/history?version={n}",
    "since": "/api/games/{id}/log?since={n}",
    "limit": "/api/games?limit={n}",
    "after": "/api/games/{id}/chat?after={n}",
}


@pytest.mark.parametrize("raw", NOT_PLAIN, ids=repr)
@pytest.mark.parametrize("name", QUERIES)
def test_a_query_number_that_is_not_plain_digits_is_refused(client, game, name, raw):
    game_id, _ = game
    r = client.get(QUERIES[name].format(id=game_id, n=raw))
    assert (r.status_code, r.json()["error"]["code"]) == (400, "bad_request"), r.text
    assert r.json()["error"]["message"].startswith(f"query.{name}: a plain non-negative integer")
    plain = client.get(QUERIES[name].format(id=game_id, n="1"))
    assert plain.status_code in (200, 404), plain.text  # version 1 is not reached: 404
    if plain.status_code == 404:
        assert plain.json()["error"]["code"] == "unknown_version"


@pytest.mark.parametrize("public", ["true", 1, "yes", 0, None], ids=repr)
def test_public_is_a_json_boolean(client, db, public):
    r = client.post("/api/games", json={"kind": "dschingis_khan", "num_seats": 2, "public": public})
    assert (r.status_code, r.json()["error"]["code"]) == (400, "bad_request"), r.text
    assert r.json()["error"]["message"].startswith("body.public:")
    with db.connect() as conn:
        assert conn.scalar(select(func.count()).select_from(GameRow)) == 0
    r = client.post("/api/games", json={"kind": "dschingis_khan", "num_seats": 2, "public": True})
    assert r.status_code == 201 and r.json()["public"] is True


@pytest.mark.parametrize("start_player", ["1", True, 1.0], ids=repr)
def test_start_player_is_a_json_integer(client, start_player):
    options = {"start_player": start_player}
    r = client.post(
        "/api/games", json={"kind": "dschingis_khan", "num_seats": 2, "options": options}
    )
    assert (r.status_code, r.json()["error"]["code"]) == (422, "bad_options"), r.text
    assert client.get("/api/games").json() == []


@pytest.mark.parametrize("seat", ["2", "1234567890", "99999999999999999999999"])
def test_a_seat_number_the_game_does_not_have_is_404_however_long(client, kit, seat):
    r = client.post("/api/games", json={"kind": "dschingis_khan", "num_seats": 2})
    game_id, host = r.json()["id"], r.json()["host_token"]
    join = client.post(f"/api/games/{game_id}/seats/{seat}/join", json={"name": "Ann"})
    assert (join.status_code, join.json()["error"]["code"]) == (404, "unknown_seat"), join.text
    release = client.post(f"/api/games/{game_id}/seats/{seat}/release", headers=kit.bearer(host))
    assert (release.status_code, release.json()["error"]["code"]) == (404, "unknown_seat")
    history = client.get(f"/api/games/{game_id}/history?seat={seat}")
    assert (history.status_code, history.json()["error"]["code"]) == (404, "unknown_seat")


@pytest.mark.parametrize("raw", ["0.0", "00", "+0", "-1", "", "²", "x"], ids=repr)
def test_a_websocket_since_that_is_not_plain_digits_is_refused(client, game, raw):
    game_id, tokens = game
    with client.websocket_connect(f"/ws/games/{game_id}?token={tokens[0]}&since={raw}") as ws:
        error = ws.receive_json()
        assert (error["type"], error["code"]) == ("error", "bad_request")
        assert error["message"].startswith("since: a plain non-negative integer")
        closing = ws.receive()
        assert closing["type"] == "websocket.close" and closing["code"] == 1008
    with client.websocket_connect(f"/ws/games/{game_id}?token={tokens[0]}&since=0") as ws:
        assert ws.receive_json()["type"] == "state"
