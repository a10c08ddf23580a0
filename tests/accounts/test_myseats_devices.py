"""Seats belong to accounts (issue 38, item 2): a seat joined while signed in is the
account's on every device. A second device, holding only the session cookie, finds the
game in My games and takes the seat up with ``POST /api/me/games/{id}/access`` (no link, no
host), and plays with the token it gets. Playing without an account is unchanged."""

from __future__ import annotations

from typing import Any

from app.core.security import hash_token
from tests.support.accounts import account_with_cookie, refused, seat_row, sign_in, signed_in
from tests.support.play import auth

KIND = "dolmengoetter"


def create(client: Any, num_seats: int = 2, **extra: Any) -> dict[str, Any]:
    r = client.post(
        "/api/games",
        json={"kind": KIND, "num_seats": num_seats, "options": {"start_player": 0}, **extra},
    )
    assert r.status_code == 201, r.text
    return r.json()


def join(client: Any, game: dict[str, Any], seat: int, name: str, **headers: str) -> Any:
    key = game["invites"][seat]["key"]
    return client.post(
        f"/api/games/{game['id']}/seats/{seat}/join",
        json={"name": name, "key": key},
        headers=headers,
    )


def test_a_seat_joined_signed_in_is_played_from_a_second_device(client, db) -> None:
    anna, laptop = account_with_cookie(client, "Anna")
    phone = sign_in(client, anna)  # the same account, another browser
    game = create(client)
    game_id = game["id"]
    joined = join(client, game, 0, "Anna", **signed_in(laptop))
    assert joined.status_code == 201, joined.text
    token = joined.json()["token"]
    assert seat_row(db, game_id, 0).account_id == anna
    bert = join(client, game, 1, "Bert")  # anonymous, as today
    assert bert.status_code == 201
    assert seat_row(db, game_id, 1).account_id is None

    # The phone knows nothing but its cookie: My games lists the game, its turn first.
    listed = client.get("/api/me/games", headers=signed_in(phone))
    assert listed.status_code == 200, listed.text
    [entry] = listed.json()["games"]
    assert entry["game_id"] == game_id and entry["seat"] == 0 and entry["kind"] == KIND
    assert entry["status"] == "running" and entry["your_turn"] is True
    assert entry["invited"] is False and entry["link"] == f"/play/{game_id}"
    assert [(s["seat"], s["name"], s["bot"], s["you"]) for s in entry["seats"]] == [
        (0, "Anna", False, True),
        (1, "Bert", False, False),
    ]
    assert entry["time_control"] == {"type": "none"} and entry["deadline"] is None
    # Nothing secret in the list: no token, no invite key.
    for secret in (token, bert.json()["token"], game["host_token"]):
        assert secret not in listed.text
    for invite in game["invites"]:
        assert invite["key"] not in listed.text

    # The phone takes the seat up: the same token as the laptop's, which keeps working.
    taken = client.post(f"/api/me/games/{game_id}/access", headers=signed_in(phone))
    assert taken.status_code == 200, taken.text
    assert taken.json() == {"seat": 0, "token": token}
    legal = client.get(f"/api/games/{game_id}/legal-actions", headers=auth(token)).json()
    moved = client.post(
        f"/api/games/{game_id}/actions",
        headers=auth(taken.json()["token"]),
        json={"version": legal["version"], "action": legal["actions"][0]["action"]},
    )
    assert moved.status_code == 200, moved.text
    view = client.get(f"/api/games/{game_id}/view", headers=auth(token)).json()
    assert view["seat"] == 0 and view["version"] == legal["version"] + 1
    # It is Bert's turn now, on every device.
    [entry] = client.get("/api/me/games", headers=signed_in(laptop)).json()["games"]
    assert entry["your_turn"] is False
    # Only the hash is stored, as for any token.
    assert seat_row(db, game_id, 0).token_hash == hash_token(token)


def test_access_is_for_the_account_s_own_seats_only(client) -> None:
    _, anna = account_with_cookie(client, "Anna")
    _, carl = account_with_cookie(client, "Carl")
    game = create(client)
    game_id = game["id"]
    assert join(client, game, 0, "Anna", **signed_in(anna)).status_code == 201
    assert join(client, game, 1, "Bert").status_code == 201  # anonymous
    refused(
        client.post(f"/api/me/games/{game_id}/access", headers=signed_in(carl)),
        404,
        "not_your_game",
    )
    refused(
        client.post("/api/me/games/nosuchgame/access", headers=signed_in(anna)),
        404,
        "not_your_game",
    )
    refused(client.post(f"/api/me/games/{game_id}/access"), 401, "not_signed_in")
    refused(client.get("/api/me/games"), 401, "not_signed_in")
    refused(client.get("/api/me/games", headers=signed_in("forged")), 401, "not_signed_in")
    assert client.get("/api/me/games", headers=signed_in(carl)).json() == {"games": []}
    # A seat number the account does not hold.
    refused(
        client.post(f"/api/me/games/{game_id}/access", headers=signed_in(anna), json={"seat": 1}),
        404,
        "not_your_game",
    )


def test_only_a_join_signed_in_links_its_seat(client, db) -> None:
    """Joining without a cookie is exactly as before (a random token, no account); a
    cookie that signs nobody in joins anonymously too."""
    anna, cookie = account_with_cookie(client, "Anna")
    game = create(client, num_seats=3)
    first = join(client, game, 0, "Bert")
    forged = join(client, game, 1, "Carl", **signed_in("forged"))
    linked = join(client, game, 2, "Anna", **signed_in(cookie))
    assert first.status_code == forged.status_code == linked.status_code == 201
    assert [seat_row(db, game["id"], s).account_id for s in range(3)] == [None, None, anna]
    listed = client.get("/api/me/games", headers=signed_in(cookie)).json()["games"]
    assert [g["seat"] for g in listed] == [2]


def test_two_seats_of_one_account_at_one_table(client) -> None:
    """An account may hold two seats (one table, two players at one screen): each is
    listed, and access names the seat it wants, by default the one the game waits for."""
    _, anna = account_with_cookie(client, "Anna")
    game = create(client)
    game_id = game["id"]
    tokens = [join(client, game, s, f"Anna {s}", **signed_in(anna)).json()["token"] for s in (0, 1)]
    listed = client.get("/api/me/games", headers=signed_in(anna)).json()["games"]
    assert [(g["seat"], g["your_turn"]) for g in listed] == [(0, True), (1, False)]
    assert all(s["you"] for s in listed[0]["seats"])
    url = f"/api/me/games/{game_id}/access"
    assert client.post(url, headers=signed_in(anna)).json()["token"] == tokens[0]
    seat_1 = client.post(url, headers=signed_in(anna), json={"seat": 1}).json()
    assert seat_1 == {"seat": 1, "token": tokens[1]}
