"""Bot identities and their API tokens (issue 39, item 4): a person makes bots, each with
tokens shown once and kept hashed; a bot acts with ``Authorization: Bearer tfbot_...``
where an account is taken for its own purposes (joining seats, My games) and nowhere a
person's sign-in is needed; deleting the person deletes its bots."""

from __future__ import annotations

import logging
from typing import Any

import pytest

from app.core.security import hash_token
from app.services.bot_accounts import MAX_BOTS
from tests.support.accounts import (
    PASSWORD,
    account_with_cookie,
    refused,
    signed_in,
    sql,
)
from tests.support.play import auth


def make_bot(client: Any, cookie: str, name: str) -> str:
    """A new bot of the person signed in with ``cookie`` and a token of it."""
    r = client.post("/api/me/bots", json={"name": name}, headers=signed_in(cookie))
    assert r.status_code == 201, r.text
    r = client.post(
        f"/api/me/bots/{name}/tokens", json={"label": "laptop"}, headers=signed_in(cookie)
    )
    assert r.status_code == 201, r.text
    return r.json()["token"]


def public_table(client: Any, **extra: Any) -> str:
    r = client.post(
        "/api/games",
        json={"kind": "dolmengoetter", "num_seats": 2, "public": True, **extra},
    )
    assert r.status_code == 201, r.text
    return r.json()["id"]


def test_a_person_makes_lists_and_deletes_bots_within_the_limit(client) -> None:
    _, anna = account_with_cookie(client, "Anna")
    account_with_cookie(client, "Bert")
    # Names are unique among every account, people's and bots' alike, in any spelling.
    for taken in ("bert", "ANNA"):
        refused(
            client.post("/api/me/bots", json={"name": taken}, headers=signed_in(anna)),
            409,
            "name_taken",
        )
    for i in range(MAX_BOTS):
        r = client.post("/api/me/bots", json={"name": f"Robo {i}"}, headers=signed_in(anna))
        assert r.status_code == 201, r.text
        assert r.json()["name"] == f"Robo {i}"
    refused(
        client.post("/api/me/bots", json={"name": "One more"}, headers=signed_in(anna)),
        409,
        "too_many_bots",
    )
    listed = client.get("/api/me/bots", headers=signed_in(anna)).json()["bots"]
    assert [b["name"] for b in listed] == [f"Robo {i}" for i in range(MAX_BOTS)]

    assert client.delete("/api/me/bots/robo 0", headers=signed_in(anna)).status_code == 204
    listed = client.get("/api/me/bots", headers=signed_in(anna)).json()["bots"]
    assert [b["name"] for b in listed] == [f"Robo {i}" for i in range(1, MAX_BOTS)]
    refused(client.delete("/api/me/bots/Robo 0", headers=signed_in(anna)), 404, "unknown_bot")
    refused(client.get("/api/me/bots"), 401, "not_signed_in")


def test_tokens_are_shown_once_kept_hashed_listed_and_revoked(client) -> None:
    _, anna = account_with_cookie(client, "Anna")
    token = make_bot(client, anna, "Robo")
    assert token.startswith("tfbot_") and len(token) > 40
    url = client.app.state.settings.database_url
    stored = sql(url, "SELECT token_hash FROM bot_tokens")
    assert stored == [(hash_token(token),)]

    listed = client.get("/api/me/bots/Robo/tokens", headers=signed_in(anna)).json()["tokens"]
    assert listed == [
        {
            "id": listed[0]["id"],
            "label": "laptop",
            "created_at": listed[0]["created_at"],
            "last_used_at": None,
            "revoked": False,
        }
    ]
    assert token not in str(listed)

    # A use is written down.
    assert client.get("/api/me/games", headers=auth(token)).status_code == 200
    listed = client.get("/api/me/bots/Robo/tokens", headers=signed_in(anna)).json()["tokens"]
    assert listed[0]["last_used_at"] is not None

    token_id = listed[0]["id"]
    assert (
        client.delete(f"/api/me/bots/Robo/tokens/{token_id}", headers=signed_in(anna)).status_code
        == 204
    )
    refused(client.get("/api/me/games", headers=auth(token)), 401, "bot_token_invalid")
    listed = client.get("/api/me/bots/Robo/tokens", headers=signed_in(anna)).json()["tokens"]
    assert listed[0]["revoked"] is True
    refused(
        client.delete("/api/me/bots/Robo/tokens/999", headers=signed_in(anna)),
        404,
        "unknown_token",
    )


def test_nobody_but_the_owner_sees_or_changes_a_bot(client) -> None:
    _, anna = account_with_cookie(client, "Anna")
    _, bert = account_with_cookie(client, "Bert")
    token = make_bot(client, anna, "Robo")
    for r in (
        client.get("/api/me/bots/Robo/tokens", headers=signed_in(bert)),
        client.post("/api/me/bots/Robo/tokens", json={"label": "x"}, headers=signed_in(bert)),
        client.delete("/api/me/bots/Robo", headers=signed_in(bert)),
        client.get("/api/me/bots/Anna/tokens", headers=signed_in(anna)),  # a person: no bot
    ):
        refused(r, 404, "unknown_bot")
    # A bot makes no bots and sees no tokens.
    refused(
        client.post("/api/me/bots", json={"name": "Robo Jr"}, headers=auth(token)),
        403,
        "not_a_person",
    )
    refused(client.get("/api/me/bots/Robo/tokens", headers=auth(token)), 403, "not_a_person")


def test_tokens_never_reach_a_log_or_an_error(client, caplog) -> None:
    forged = "tfbot_" + "A" * 43
    with caplog.at_level(logging.DEBUG):
        _, anna = account_with_cookie(client, "Anna")
        token = make_bot(client, anna, "Robo")
        game = public_table(client)
        joined = client.post(
            f"/api/games/{game}/seats/0/join", json={"name": "Robo"}, headers=auth(token)
        )
        assert joined.status_code == 201
        assert client.get("/api/me/games", headers=auth(token)).status_code == 200
        listed = client.get("/api/me/bots/Robo/tokens", headers=signed_in(anna)).json()
        client.delete(
            f"/api/me/bots/Robo/tokens/{listed['tokens'][0]['id']}", headers=signed_in(anna)
        )
        answers = [
            client.get("/api/me/games", headers=auth(token)),
            client.get("/api/me/games", headers=auth(forged)),
            client.post(f"/api/games/{game}/seats/1/join", json={"name": "R"}, headers=auth(token)),
            client.post(f"/api/games/{game}/seats/1/join", content=b"{", headers=auth(token)),
        ]
    for r in answers:  # a refused token first, before a body that is not even JSON
        refused(r, 401, "bot_token_invalid")
    for secret in (token, forged):
        assert secret[6:] not in caplog.text
        assert all(secret[6:] not in r.text for r in answers)


def test_a_bot_cannot_sign_in_with_a_password(client) -> None:
    _, anna = account_with_cookie(client, "Anna")
    make_bot(client, anna, "Robo")
    # Even a password hash planted in the row signs nobody in: a bot has tokens only.
    from app.core.passwords import hash_password

    url = client.app.state.settings.database_url
    sql(
        url, "UPDATE accounts SET password_hash = :h WHERE name = 'Robo'", h=hash_password(PASSWORD)
    )
    refused(
        client.post("/api/auth/login", json={"name": "Robo", "password": PASSWORD}),
        401,
        "login_failed",
    )
    # A person's own session routes take no bot token.
    refused(client.get("/api/me", headers=auth(make_token(client, anna))), 401, "not_signed_in")


def make_token(client: Any, cookie: str, name: str = "Robo") -> str:
    r = client.post(f"/api/me/bots/{name}/tokens", json={"label": "x"}, headers=signed_in(cookie))
    assert r.status_code == 201, r.text
    return str(r.json()["token"])


def test_a_bot_joins_tables_that_allow_bots_and_finds_its_seat(client) -> None:
    _, anna = account_with_cookie(client, "Anna")
    token = make_bot(client, anna, "Robo")
    people_only = public_table(client, allow_bots=False)
    assert client.get(f"/api/games/{people_only}").json()["allow_bots"] is False
    refused(
        client.post(
            f"/api/games/{people_only}/seats/0/join", json={"name": "Robo"}, headers=auth(token)
        ),
        403,
        "bots_not_allowed",
    )
    # ... where a person may sit, signed in or not.
    r = client.post(
        f"/api/games/{people_only}/seats/0/join", json={"name": "Anna"}, headers=signed_in(anna)
    )
    assert r.status_code == 201, r.text

    open_table = public_table(client)
    assert client.get(f"/api/games/{open_table}").json()["allow_bots"] is True
    r = client.post(
        f"/api/games/{open_table}/seats/1/join", json={"name": "Robo"}, headers=auth(token)
    )
    assert r.status_code == 201, r.text
    seat_token = r.json()["token"]
    games = client.get("/api/me/games", headers=auth(token)).json()["games"]
    assert [(g["game_id"], g["seat"]) for g in games] == [(open_table, 1)]
    access = client.post(f"/api/me/games/{open_table}/access", headers=auth(token))
    assert access.json() == {"seat": 1, "token": seat_token}


@pytest.mark.parametrize("bad", ["", "   ", "x" * 65])
def test_a_token_needs_a_label(client, bad: str) -> None:
    _, anna = account_with_cookie(client, "Anna")
    client.post("/api/me/bots", json={"name": "Robo"}, headers=signed_in(anna))
    refused(
        client.post("/api/me/bots/Robo/tokens", json={"label": bad}, headers=signed_in(anna)),
        400,
        "bad_request",
    )
    assert client.get("/api/me/bots/Robo/tokens", headers=signed_in(anna)).json()["tokens"] == []


def test_deleting_the_person_deletes_its_bots_and_their_tokens(client) -> None:
    _, anna = account_with_cookie(client, "Anna")
    token = make_bot(client, anna, "Robo")
    game = public_table(client)
    r = client.post(f"/api/games/{game}/seats/1/join", json={"name": "Robo"}, headers=auth(token))
    assert r.status_code == 201, r.text

    export = client.get("/api/me/export", headers=signed_in(anna)).json()
    assert [b["name"] for b in export["bots"]] == ["Robo"]
    assert export["bots"][0]["tokens"][0]["label"] == "laptop"
    assert token not in str(export) and hash_token(token) not in str(export)

    r = client.request("DELETE", "/api/me", json={"confirm": "Anna"}, headers=signed_in(anna))
    assert r.status_code == 204, r.text
    url = client.app.state.settings.database_url
    assert sql(url, "SELECT name FROM accounts") == []
    assert sql(url, "SELECT id FROM bot_tokens") == []
    refused(client.get("/api/me/games", headers=auth(token)), 401, "bot_token_invalid")
    seats = client.get(f"/api/games/{game}").json()["seats"]
    assert seats[1]["name"] == "deleted player"
