"""Strict input (issue 15, item 7): what is not exactly of its type is refused with a clear
code and changes nothing; checks run in the documented order; OpenAPI says what is taken."""

from __future__ import annotations

import pytest


def _first_move(client, kit, kind):
    game_id, tokens = kit.new_game(client, kind, 2, start_player=0)
    legal = client.get(f"/api/games/{game_id}/legal-actions", headers=kit.bearer(tokens[0]))
    return game_id, tokens[0], legal.json()["actions"][0]["action"]


@pytest.mark.parametrize("version", ["0", False, 0.0, None, [0]], ids=repr)
def test_a_version_that_is_not_a_json_integer_is_refused(client, kit, kind, version):
    game_id, token, action = _first_move(client, kit, kind)
    r = client.post(
        f"/api/games/{game_id}/actions",
        headers=kit.bearer(token),
        json={"version": version, "action": action},
    )
    assert r.status_code == 400 and r.json()["error"]["code"] == "bad_request"
    assert "version" in r.json()["error"]["message"]
    assert client.get(f"/api/games/{game_id}").json()["version"] == 0
    ok = {"version": 0, "action": action}
    r = client.post(f"/api/games/{game_id}/actions", headers=kit.bearer(token), json=ok)
    assert r.status_code == 200, r.text


@pytest.mark.parametrize("seat", ["-1", "+1", "01", " 1", "1_0", "1.0", "one"])
def test_a_seat_in_a_path_is_a_plain_number(client, kit, seat):
    r = client.post("/api/games", json={"kind": "dolmengoetter", "num_seats": 2})
    game_id = r.json()["id"]
    host = r.json()["host_token"]
    key = kit.invite_keys(r.json())[1]
    r = client.post(f"/api/games/{game_id}/seats/{seat}/join", json={"name": "Ann", "key": key})
    assert r.status_code == 400 and r.json()["error"]["code"] == "bad_request"
    assert "plain non-negative integer" in r.json()["error"]["message"]
    r = client.post(f"/api/games/{game_id}/seats/{seat}/release", headers=kit.bearer(host))
    assert r.status_code == 400
    assert not any(s["joined"] for s in client.get(f"/api/games/{game_id}").json()["seats"])
    joined = client.post(f"/api/games/{game_id}/seats/1/join", json={"name": "A", "key": key})
    assert joined.status_code == 201


def test_num_seats_bounds_in_the_schema_are_the_answers(client, kind):
    schema = client.get("/openapi.json").json()["components"]["schemas"]["CreateGame"]
    bounds = schema["properties"]["num_seats"]
    kinds = client.get("/api/kinds").json()
    assert bounds["minimum"] == min(k["min_players"] for k in kinds)
    assert bounds["maximum"] == max(k["max_players"] for k in kinds)
    game = next(k for k in kinds if k["id"] == kind)
    low, high = int(bounds["minimum"]), int(bounds["maximum"])
    for n in (0, low - 1, game["max_players"] + 1, high + 1, 10**9):
        r = client.post("/api/games", json={"kind": kind, "num_seats": n})
        assert (r.status_code, r.json()["error"]["code"]) == (422, "bad_player_count"), n
    for n in ("2", 2.0, True):
        r = client.post("/api/games", json={"kind": kind, "num_seats": n})
        assert (r.status_code, r.json()["error"]["code"]) == (400, "bad_request"), n
    r = client.post(
        "/api/games", json={"kind": kind, "num_seats": 2, "seats": [{"bot": "yes"}] * 2}
    )
    assert r.status_code == 400
    assert client.get("/api/games").json() == []


def test_openapi_says_where_the_token_is_optional(client):
    paths = client.get("/openapi.json").json()["paths"]
    optional = {
        ("get", "/api/games/{game_id}/view"),
        ("get", "/api/games/{game_id}/log"),
    }
    required = {
        ("get", "/api/games/{game_id}/legal-actions"),
        ("post", "/api/games/{game_id}/actions"),
        ("post", "/api/games/{game_id}/seats/{seat}/release"),
    }
    for method, path in optional:
        assert {} in paths[path][method]["security"], path
    for method, path in required:
        assert {} not in paths[path][method]["security"], path
        assert {"HTTPBearer": []} in paths[path][method]["security"], path
    seat = next(
        p
        for p in paths["/api/games/{game_id}/seats/{seat}/join"]["post"]["parameters"]
        if p["name"] == "seat"
    )
    assert seat["schema"]["type"] == "integer" and seat["schema"]["minimum"] == 0
    version = client.get("/openapi.json").json()["components"]["schemas"]["PostAction"]
    assert version["properties"]["version"]["type"] == "integer"


@pytest.mark.parametrize(
    ("method", "path", "allow"),
    [
        ("DELETE", "/api/games", {"GET", "POST"}),
        ("PUT", "/api/games/abc/actions", {"POST"}),
        ("POST", "/api/kinds", {"GET"}),
        ("DELETE", "/static/js/game.js", {"GET", "HEAD"}),
    ],
)
def test_405_names_the_allowed_methods(client, method, path, allow):
    r = client.request(method, path)
    assert r.status_code == 405 and r.json()["error"]["code"] == "method_not_allowed"
    assert {m.strip() for m in r.headers["allow"].split(",")} == allow


def test_an_unknown_game_or_a_bad_token_comes_before_a_malformed_body(client, kit):
    game_id, tokens = kit.new_game(client, "dschingis_khan", 2)
    broken = {
        "content": b'{"version": 0, "action": ',
        "headers": {"content-type": "application/json"},
    }
    r = client.post("/api/games/nosuchgame/actions", **broken)
    assert (r.status_code, r.json()["error"]["code"]) == (404, "unknown_game")
    r = client.post("/api/games/nosuchgame/seats/0/join", **broken)
    assert (r.status_code, r.json()["error"]["code"]) == (404, "unknown_game")
    bad_token = {**broken, "headers": {**broken["headers"], **kit.bearer("not-a-token")}}
    r = client.post(f"/api/games/{game_id}/actions", **bad_token)
    assert (r.status_code, r.json()["error"]["code"]) == (401, "unauthorized")
    _, other_tokens = kit.new_game(client, "dschingis_khan", 2)
    foreign = {**broken, "headers": {**broken["headers"], **kit.bearer(other_tokens[0])}}
    r = client.post(f"/api/games/{game_id}/actions", **foreign)
    assert (r.status_code, r.json()["error"]["code"]) == (403, "forbidden")
    mine = {**broken, "headers": {**broken["headers"], **kit.bearer(tokens[0])}}
    r = client.post(f"/api/games/{game_id}/actions", **mine)
    assert (r.status_code, r.json()["error"]["code"]) == (400, "bad_request")
    assert "malformed JSON" in r.json()["error"]["message"]
