"""Claiming a seat taken anonymously (issue 38, item 2): ``POST /api/me/claim {game_id,
token}`` links the seat this browser's token holds to the signed-in account. The token is
rotated to the account's: the old one stops working everywhere, its open WebSockets are
closed as after a release, and the account's other devices take the seat up."""

from __future__ import annotations

import json
from typing import Any

import pytest
from starlette.websockets import WebSocketDisconnect

from tests.support.accounts import account_with_cookie, refused, sign_in, signed_in, table_rows
from tests.support.play import auth

KIND = "dolmengoetter"


def anonymous_table(client: Any) -> tuple[str, dict[int, str]]:
    r = client.post(
        "/api/games", json={"kind": KIND, "num_seats": 2, "options": {"start_player": 0}}
    )
    assert r.status_code == 201, r.text
    game = r.json()
    tokens = {}
    for seat in (0, 1):
        joined = client.post(
            f"/api/games/{game['id']}/seats/{seat}/join",
            json={"name": f"P{seat}", "key": game["invites"][seat]["key"]},
        )
        assert joined.status_code == 201, joined.text
        tokens[seat] = joined.json()["token"]
    return game["id"], tokens


def test_a_claimed_seat_moves_to_the_account_and_its_old_token_dies(client, db) -> None:
    anna, laptop = account_with_cookie(client, "Anna")
    game_id, tokens = anonymous_table(client)
    old = tokens[1]
    claim = {"game_id": game_id, "token": old}
    with client.websocket_connect(f"/ws/games/{game_id}") as ws:
        ws.send_text(json.dumps({"type": "auth", "token": old}))
        while json.loads(ws.receive_text()).get("seat") != 1:
            pass
        r = client.post("/api/me/claim", json=claim, headers=signed_in(laptop))
        assert r.status_code == 200, r.text
        new = r.json()["token"]
        assert r.json()["seat"] == 1 and new != old
        # The socket of the old token: told, and closed as after a release.
        with pytest.raises(WebSocketDisconnect) as closed:
            while True:
                message = json.loads(ws.receive_text())
                if message["type"] == "error":
                    assert message["code"] == "unauthorized"
        assert closed.value.code == 4401

    refused(client.get(f"/api/games/{game_id}/view", headers=auth(old)), 401, "unauthorized")
    view = client.get(f"/api/games/{game_id}/view", headers=auth(new))
    assert view.status_code == 200 and view.json()["seat"] == 1
    # Another device of the account finds the game and gets the same new token.
    phone = sign_in(client, anna)
    [entry] = client.get("/api/me/games", headers=signed_in(phone)).json()["games"]
    assert (entry["game_id"], entry["seat"], entry["invited"]) == (game_id, 1, False)
    taken = client.post(f"/api/me/games/{game_id}/access", headers=signed_in(phone)).json()
    assert taken == {"seat": 1, "token": new}
    # Claiming again with the account's token changes nothing.
    before = table_rows(db, game_id)
    again = client.post(
        "/api/me/claim", json={"game_id": game_id, "token": new}, headers=signed_in(phone)
    )
    assert again.json() == {"seat": 1, "token": new}
    assert table_rows(db, game_id) == before


def test_refused_claims_change_nothing(client, db) -> None:
    _, anna = account_with_cookie(client, "Anna")
    _, carl = account_with_cookie(client, "Carl")
    game_id, tokens = anonymous_table(client)
    other_id, other_tokens = anonymous_table(client)
    linked = client.post(
        "/api/me/claim", json={"game_id": game_id, "token": tokens[0]}, headers=signed_in(anna)
    ).json()["token"]
    before = table_rows(db, game_id)

    def claim(body: dict[str, Any], cookie: str | None = carl) -> Any:
        return client.post("/api/me/claim", json=body, headers=signed_in(cookie) if cookie else {})

    refused(claim({"game_id": game_id, "token": tokens[1]}, None), 401, "not_signed_in")
    refused(claim({"game_id": game_id, "token": "not-a-token"}), 401, "unauthorized")
    refused(claim({"game_id": game_id, "token": tokens[0]}), 401, "unauthorized")  # rotated
    refused(claim({"game_id": game_id, "token": linked}), 409, "seat_has_account")
    refused(claim({"game_id": game_id, "token": other_tokens[0]}), 403, "forbidden")
    refused(claim({"game_id": "nosuchgame", "token": tokens[1]}), 404, "unknown_game")
    refused(claim({"game_id": game_id}), 400, "bad_request")
    assert table_rows(db, game_id) == before
    # Anna's token still plays; Carl's list is empty.
    assert client.get(f"/api/games/{game_id}/view", headers=auth(linked)).json()["seat"] == 0
    assert client.get("/api/me/games", headers=signed_in(carl)).json() == {"games": []}
    assert other_id  # untouched table of the 403
