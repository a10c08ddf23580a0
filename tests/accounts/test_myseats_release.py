"""A seat of an account given back, and given to the account again (issue 38, item 2):
the release unlinks the seat and kills its token on every device; the host keeps the free
seat for the account (``POST .../seats/{seat}/invite {"account": ...}``), which takes it
back from My games. Nobody else may take a kept seat, even with its invite link."""

from __future__ import annotations

from typing import Any

import pytest

from tests.conftest import settings_for
from tests.support.accounts import (
    account_with_cookie,
    deliveries,
    kept_from_others,
    refused,
    seat_row,
    sign_in,
    signed_in,
    table_rows,
)
from tests.support.play import auth

KIND = "dolmengoetter"
HOOK = "https://hooks.example.org/tafelrunde/secret-part"


@pytest.fixture
def client(database_url: str):
    from fastapi.testclient import TestClient

    from app.main import create_app

    with TestClient(create_app(settings_for(database_url, release_away_minutes=0))) as c:
        yield c


def table_with_anna(client: Any, anna: str) -> tuple[dict[str, Any], dict[int, str]]:
    """Bert (anonymous) at seat 0, with a bot at seat 2; Anna signed in at seat 1."""
    r = client.post(
        "/api/games",
        json={
            "kind": KIND,
            "num_seats": 3,
            "seats": [{}, {}, {"bot": True}],
            "options": {"start_player": 0},
        },
    )
    assert r.status_code == 201, r.text
    game = r.json()
    tokens = {}
    for seat, name, headers in ((0, "Bert", {}), (1, "Anna", signed_in(anna))):
        joined = client.post(
            f"/api/games/{game['id']}/seats/{seat}/join",
            json={"name": name, "key": game["invites"][seat]["key"]},
            headers=headers,
        )
        assert joined.status_code == 201, joined.text
        tokens[seat] = joined.json()["token"]
    return game, tokens


def test_a_released_account_seat_is_given_back_to_the_account_and_taken_from_my_games(
    client, db
) -> None:
    anna, laptop = account_with_cookie(client, "Anna", notify={"webhook_url": HOOK})
    phone = sign_in(client, anna)
    game, tokens = table_with_anna(client, laptop)
    game_id, host = game["id"], game["host_token"]
    assert client.post(f"/api/me/games/{game_id}/access", headers=signed_in(phone)).json() == {
        "seat": 1,
        "token": tokens[1],
    }

    # The host gives Anna's seat back (she was away): unlinked, its token dead everywhere.
    r = client.post(f"/api/games/{game_id}/seats/1/release", headers=auth(host))
    assert r.status_code == 200, r.text
    assert seat_row(db, game_id, 1).account_id is None
    refused(client.get(f"/api/games/{game_id}/view", headers=auth(tokens[1])), 401, "unauthorized")
    refused(
        client.post(f"/api/me/games/{game_id}/access", headers=signed_in(phone)),
        404,
        "not_your_game",
    )
    assert client.get("/api/me/games", headers=signed_in(phone)).json() == {"games": []}

    # The host keeps the free seat for Anna (her name as she typed it or not).
    kept = client.post(
        f"/api/games/{game_id}/seats/1/invite", headers=auth(host), json={"account": "ANNA"}
    )
    assert kept.status_code == 200, kept.text
    assert kept.json() == {"seat": 1, "account": "Anna"}
    [entry] = client.get("/api/me/games", headers=signed_in(phone)).json()["games"]
    assert (entry["game_id"], entry["seat"], entry["invited"]) == (game_id, 1, True)
    assert entry["your_turn"] is False and entry["status"] == "open"
    # The seat_given nudge: one delivery on Anna's webhook, public facts only.
    [nudge] = deliveries(db)
    assert nudge.account_id == anna and nudge.channel == "webhook"
    assert nudge.event["kind"] == "seat_given"
    assert nudge.event["game"] == game_id and nudge.event["seat"] == 1
    assert HOOK not in str(nudge.event) and host not in str(nudge.event)

    # Anyone else is refused the seat, even with its new invite link.
    key = next(
        i["key"]
        for i in client.get(f"/api/games/{game_id}/invites", headers=auth(host)).json()
        if i["seat"] == 1
    )
    _, carl = account_with_cookie(client, "Carl")
    before = table_rows(db, game_id)
    kept_from_others(client, game_id, 1, key, carl)
    assert table_rows(db, game_id) == before

    # Anna takes it back from My games on her phone: a new token; the game goes on.
    back = client.post(f"/api/me/games/{game_id}/join", headers=signed_in(phone))
    assert back.status_code == 201, back.text
    assert back.json()["seat"] == 1 and back.json()["token"] != tokens[1]
    row = seat_row(db, game_id, 1)
    assert row.account_id == anna and row.reserved_for is None and row.name == "Anna"
    assert client.get(f"/api/games/{game_id}").json()["status"] == "running"
    laptop_access = client.post(f"/api/me/games/{game_id}/access", headers=signed_in(laptop))
    assert laptop_access.json() == back.json()
    refused(
        client.post(f"/api/me/games/{game_id}/join", headers=signed_in(phone)), 404, "not_your_game"
    )

    # Given back and kept for her again: another event, another nudge.
    r = client.post(f"/api/games/{game_id}/seats/1/release", headers=auth(back.json()["token"]))
    assert r.status_code == 200, r.text
    kept = client.post(
        f"/api/games/{game_id}/seats/1/invite", headers=auth(host), json={"account": "Anna"}
    )
    assert kept.status_code == 200
    assert len(deliveries(db)) == 2


def test_refused_invites_change_nothing(client, db) -> None:
    _, anna = account_with_cookie(client, "Anna")
    game, tokens = table_with_anna(client, anna)
    game_id, host = game["id"], game["host_token"]
    assert (
        client.post(f"/api/games/{game_id}/seats/0/release", headers=auth(host)).status_code == 200
    )
    before = table_rows(db, game_id)

    def invite(seat: int, body: Any, headers: dict[str, str] | None = None) -> Any:
        return client.post(f"/api/games/{game_id}/seats/{seat}/invite", json=body, headers=headers)

    refused(invite(0, {"account": "Anna"}), 401, "unauthorized")
    refused(invite(0, {"account": "Anna"}, auth("not-a-token")), 401, "unauthorized")
    refused(invite(0, {"account": "Anna"}, auth(tokens[1])), 403, "forbidden")
    refused(invite(0, {"account": "Nobody"}, auth(host)), 404, "unknown_account")
    refused(invite(1, {"account": "Anna"}, auth(host)), 409, "seat_taken")
    refused(invite(2, {"account": "Anna"}, auth(host)), 409, "bot_seat")
    refused(invite(7, {"account": "Anna"}, auth(host)), 404, "unknown_seat")
    refused(invite(0, {}, auth(host)), 400, "bad_request")
    refused(
        client.post(
            "/api/games/nosuchgame/seats/0/invite", json={"account": "Anna"}, headers=auth(host)
        ),
        404,
        "unknown_game",
    )
    assert table_rows(db, game_id) == before
    assert deliveries(db) == []


def test_a_seat_kept_for_nobody_again_takes_anyone_with_its_link(client, db) -> None:
    _, anna = account_with_cookie(client, "Anna")
    game, _ = table_with_anna(client, anna)
    game_id, host = game["id"], game["host_token"]
    assert (
        client.post(f"/api/games/{game_id}/seats/0/release", headers=auth(host)).status_code == 200
    )
    url = f"/api/games/{game_id}/seats/0/invite"
    assert client.post(url, headers=auth(host), json={"account": "Anna"}).status_code == 200
    unkept = client.post(url, headers=auth(host), json={"account": None})
    assert unkept.json() == {"seat": 0, "account": None}
    assert seat_row(db, game_id, 0).reserved_for is None
    key = client.get(f"/api/games/{game_id}/invites", headers=auth(host)).json()[0]["key"]
    joined = client.post(f"/api/games/{game_id}/seats/0/join", json={"name": "Eve", "key": key})
    assert joined.status_code == 201, joined.text
