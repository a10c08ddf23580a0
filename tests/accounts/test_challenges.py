"""Challenges (issue 39, item 5): an account asks named accounts to a game, people and
bots alike; when every one accepted, the game starts with everyone seated in random order
(the server's randomness), rated if asked; a decline or a withdrawal closes it; bad input
changes nothing."""

from __future__ import annotations

import random
from typing import Any

import pytest

from app.services.challenges import MAX_OPEN
from tests.accounts.test_bots_identities import make_bot
from tests.support.accounts import account_with_cookie, refused, signed_in, sql
from tests.support.nudges import nudged_account, nudging
from tests.support.play import auth

__all__ = ["nudging"]

KIND = "dolmengoetter"


def challenge(client: Any, headers: dict[str, str], to: list[str], **extra: Any) -> Any:
    body = {"to": to, "kind": KIND, "num_seats": len(to) + 1, **extra}
    return client.post("/api/challenges", json=body, headers=headers)


def rows(client: Any) -> list[Any]:
    url = client.app.state.settings.database_url
    return sql(url, "SELECT id, status FROM challenges ORDER BY id")


def test_when_everyone_accepts_the_game_starts_seated_in_random_order(client) -> None:
    _, anna = account_with_cookie(client, "Anna")
    _, bert = account_with_cookie(client, "Bert")
    robo = make_bot(client, anna, "Robo")
    client.app.state.challenges.random = random.Random(7)

    r = challenge(client, signed_in(anna), ["bert", "Robo"])
    assert r.status_code == 201, r.text
    made = r.json()
    assert made["from"] == "Anna" and made["status"] == "open" and made["rated"] is True
    assert made["to"] == [{"name": "Bert", "answer": None}, {"name": "Robo", "answer": None}]

    offered = client.get("/api/challenges", headers=signed_in(bert)).json()
    assert [c["id"] for c in offered["offered"]] == [made["id"]] and offered["made"] == []
    assert client.get("/api/challenges", headers=signed_in(anna)).json()["made"] == [made]

    r = client.post(f"/api/challenges/{made['id']}/accept", headers=auth(robo))
    assert r.status_code == 200, r.text
    assert r.json()["status"] == "open" and r.json()["game_id"] is None
    r = client.post(f"/api/challenges/{made['id']}/accept", headers=signed_in(bert))
    assert r.status_code == 200, r.text
    done = r.json()
    assert done["status"] == "accepted" and done["game_id"]

    game = client.get(f"/api/games/{done['game_id']}").json()
    assert (game["status"], game["rated"], game["kind"]) == ("running", True, KIND)
    # The order the server's randomness gave (here a seeded stand-in for it).
    url = client.app.state.settings.database_url
    ids = dict(sql(url, "SELECT name, id FROM accounts"))
    expected = [ids["Anna"], ids["Bert"], ids["Robo"]]
    random.Random(7).shuffle(expected)
    seated = sql(
        url,
        "SELECT account_id FROM seats WHERE game_id = :g ORDER BY seat",
        g=done["game_id"],
    )
    assert [a for (a,) in seated] == expected
    # Everyone finds it in My games; the challenge is no longer open.
    for headers in (signed_in(anna), signed_in(bert), auth(robo)):
        games = client.get("/api/me/games", headers=headers).json()["games"]
        assert [g["game_id"] for g in games] == [done["game_id"]]
        listed = client.get("/api/challenges", headers=headers).json()
        assert listed == {"offered": [], "made": []}


@pytest.mark.parametrize(
    ("to", "extra", "status", "code"),
    [
        (["Nobody"], {}, 404, "unknown_account"),
        (["Anna"], {}, 400, "not_yourself"),
        (["Bert", "bert"], {}, 400, "bad_request"),
        (["Bert"], {"num_seats": 3}, 400, "bad_request"),
        (["Bert"], {"kind": "chess"}, 404, "unknown_kind"),
        (["Bert", "Cleo", "Dora", "Emil", "Finn"], {}, 400, "bad_request"),
        (["Bert"], {"rated": "yes"}, 400, "bad_request"),
        (["Bert"], {"time_control": {"type": "live", "minutes": 0}}, 400, "bad_request"),
    ],
)
def test_bad_challenges_are_refused_and_change_nothing(
    client, to: list[str], extra: dict[str, Any], status: int, code: str
) -> None:
    _, anna = account_with_cookie(client, "Anna")
    for name in ("Bert", "Cleo", "Dora", "Emil", "Finn"):
        account_with_cookie(client, name)
    refused(challenge(client, signed_in(anna), to, **extra), status, code)
    assert rows(client) == []


def test_dschingis_khan_takes_at_most_four(client) -> None:
    _, anna = account_with_cookie(client, "Anna")
    for name in ("Bert", "Cleo", "Dora", "Emil"):
        account_with_cookie(client, name)
    r = challenge(client, signed_in(anna), ["Bert", "Cleo", "Dora", "Emil"], kind="dschingis_khan")
    refused(r, 422, "bad_player_count")
    assert rows(client) == []


def test_open_challenges_per_account_are_limited(client) -> None:
    _, anna = account_with_cookie(client, "Anna")
    account_with_cookie(client, "Bert")
    for _ in range(MAX_OPEN):
        assert challenge(client, signed_in(anna), ["Bert"]).status_code == 201
    refused(challenge(client, signed_in(anna), ["Bert"]), 409, "too_many_challenges")
    first = rows(client)[0][0]
    assert client.delete(f"/api/challenges/{first}", headers=signed_in(anna)).status_code == 204
    assert challenge(client, signed_in(anna), ["Bert"]).status_code == 201


def test_a_decline_or_a_withdrawal_closes_it_for_everyone(client) -> None:
    _, anna = account_with_cookie(client, "Anna")
    _, bert = account_with_cookie(client, "Bert")
    _, cleo = account_with_cookie(client, "Cleo")
    one = challenge(client, signed_in(anna), ["Bert", "Cleo"]).json()["id"]
    assert client.post(f"/api/challenges/{one}/accept", headers=signed_in(bert)).status_code == 200
    r = client.post(f"/api/challenges/{one}/decline", headers=signed_in(cleo))
    assert r.status_code == 200 and r.json()["status"] == "declined"
    refused(
        client.post(f"/api/challenges/{one}/accept", headers=signed_in(cleo)),
        409,
        "challenge_closed",
    )
    assert client.get("/api/challenges", headers=signed_in(bert)).json()["offered"] == []

    two = challenge(client, signed_in(anna), ["Bert"]).json()["id"]
    # Only its maker withdraws it; a stranger learns nothing of it.
    refused(
        client.delete(f"/api/challenges/{two}", headers=signed_in(bert)), 404, "unknown_challenge"
    )
    refused(
        client.post(f"/api/challenges/{two}/accept", headers=signed_in(cleo)),
        404,
        "unknown_challenge",
    )
    refused(
        client.post(f"/api/challenges/{two}/accept", headers=signed_in(anna)), 400, "bad_request"
    )
    assert client.delete(f"/api/challenges/{two}", headers=signed_in(anna)).status_code == 204
    refused(
        client.post(f"/api/challenges/{two}/accept", headers=signed_in(bert)),
        409,
        "challenge_closed",
    )
    assert sql(client.app.state.settings.database_url, "SELECT count(*) FROM games") == [(0,)]
    refused(
        client.post("/api/challenges/999/accept", headers=signed_in(bert)), 404, "unknown_challenge"
    )
    refused(client.get("/api/challenges"), 401, "not_signed_in")


def test_a_bot_challenges_a_person_and_the_game_is_unrated_if_asked(client) -> None:
    _, anna = account_with_cookie(client, "Anna")
    _, bert = account_with_cookie(client, "Bert")
    robo = make_bot(client, anna, "Robo")
    made = challenge(client, auth(robo), ["Bert"], rated=False).json()
    assert made["from"] == "Robo"
    done = client.post(f"/api/challenges/{made['id']}/accept", headers=signed_in(bert)).json()
    assert client.get(f"/api/games/{done['game_id']}").json()["rated"] is False


def test_deleting_an_account_closes_its_challenges(client) -> None:
    _, anna = account_with_cookie(client, "Anna")
    _, bert = account_with_cookie(client, "Bert")
    challenge(client, signed_in(anna), ["Bert"])
    to_anna = challenge(client, signed_in(bert), ["Anna"]).json()["id"]
    r = client.request("DELETE", "/api/me", json={"confirm": "Anna"}, headers=signed_in(anna))
    assert r.status_code == 204, r.text
    assert rows(client) == [(to_anna, "withdrawn")]
    assert client.get("/api/challenges", headers=signed_in(bert)).json() == {
        "offered": [],
        "made": [],
    }


def test_the_websocket_carries_the_same_messages_for_a_bot(client) -> None:
    from starlette.websockets import WebSocketDisconnect

    _, anna = account_with_cookie(client, "Anna")
    _, bert = account_with_cookie(client, "Bert")
    robo = make_bot(client, anna, "Robo")
    with client.websocket_connect("/ws/me", headers=auth(robo)) as ws:
        assert ws.receive_json() == {"type": "ready"}
        made = challenge(client, signed_in(bert), ["Robo"]).json()
        assert ws.receive_json() == {"type": "challenge_offered", "challenge": made}
        done = client.post(f"/api/challenges/{made['id']}/accept", headers=auth(robo)).json()
        started = ws.receive_json()
        assert (started["type"], started["game_id"]) == ("game_started", done["game_id"])
    # Only a bot's token opens it (a browser's cookie cannot: another site could use it).
    for headers in ({}, signed_in(anna), auth("tfbot_" + "x" * 43)):
        with (
            pytest.raises(WebSocketDisconnect) as closed,
            client.websocket_connect("/ws/me", headers=headers) as ws,
        ):
            ws.receive_json()
        assert closed.value.code == 4401


def test_a_challenged_person_is_nudged_while_it_is_open(nudging) -> None:
    n = nudging
    ben = nudged_account(n.db, "Ben", language="de")
    anna = account_with_cookie(n.db, "Anna")[1]
    made = challenge(n.client, signed_in(anna), ["Ben"]).json()
    (row,) = n.rows("challenge")
    assert row.account_id == ben
    assert row.event == {
        "kind": "challenge",
        "challenge": made["id"],
        "by": "Anna",
        "game_kind": KIND,
        "players": 2,
    }
    n.tick()
    (message,) = n.sender.messages(kind="challenge", to=ben)
    assert message.title == "Herausforderung von Anna: Die Dolmengötter"

    # Withdrawn before its nudge went out: it is not sent.
    again = challenge(n.client, signed_in(anna), ["Ben"]).json()
    assert (
        n.client.delete(f"/api/challenges/{again['id']}", headers=signed_in(anna)).status_code
        == 204
    )
    n.tick()
    assert len(n.sender.messages(kind="challenge", to=ben)) == 1
