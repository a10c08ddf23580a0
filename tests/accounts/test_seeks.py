"""Seeks (issue 39, item 5): a game waits in a public list until enough accounts join,
people and bots alike; the join that fills the last place starts it with everyone seated
in random order (the server's randomness), rated if asked; after SEEK_FILL_MINUTES its
creator may give the free places to the server's bots; refused input changes nothing."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from app.services.seeks import MAX_OPEN
from tests.accounts.test_bots_identities import make_bot
from tests.support.accounts import account_with_cookie, refused, signed_in, sql
from tests.support.play import auth

KIND = "dolmengoetter"
DAY = {"type": "correspondence", "hours": 24}


def seek(client: Any, headers: dict[str, str], num_seats: int = 3, **extra: Any) -> Any:
    body = {"kind": KIND, "num_seats": num_seats, **extra}
    return client.post("/api/seeks", json=body, headers=headers)


def post(client: Any, seek_id: int, what: str, headers: dict[str, str], **body: Any) -> Any:
    return client.post(f"/api/seeks/{seek_id}/{what}", json=body or None, headers=headers)


def rows(client: Any) -> list[Any]:
    url = client.app.state.settings.database_url
    return sql(
        url,
        "SELECT s.id, s.status, count(p.account_id) FROM seeks s "
        "LEFT JOIN seek_seats p ON p.seek_id = s.id GROUP BY s.id, s.status ORDER BY s.id",
    )


def seated(client: Any, game_id: str) -> list[str]:
    url = client.app.state.settings.database_url
    return [
        name
        for (name,) in sql(
            url,
            "SELECT a.name FROM seats s JOIN accounts a ON a.id = s.account_id "
            "WHERE s.game_id = :g ORDER BY s.seat",
            g=game_id,
        )
    ]


class Clock:
    """The seeks' clock, set by the test."""

    def __init__(self) -> None:
        self.now = datetime(2026, 12, 5, 20, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


@pytest.fixture
def clock(client: Any) -> Clock:
    clock = Clock()
    client.app.state.seeks.now = clock
    return clock


def test_the_last_join_starts_the_game_seated_in_random_order(client) -> None:
    _, anna = account_with_cookie(client, "Anna")
    _, bert = account_with_cookie(client, "Bert")
    robo = make_bot(client, bert, "Robo")
    client.app.state.seeks.random = random.Random(7)

    r = seek(client, signed_in(anna), time_control=DAY)
    assert r.status_code == 201, r.text
    made = r.json()
    assert (made["from"], made["players"], made["free"]) == ("Anna", ["Anna"], 2)
    assert made["status"] == "open" and made["rated"] is True
    assert made["time_control"] == {"type": "correspondence", "seconds": 86400}

    # A public list: anyone signed in sees it, the bot too.
    assert client.get("/api/seeks", headers=signed_in(bert)).json() == [made]
    r = post(client, made["id"], "join", auth(robo))
    assert r.status_code == 200, r.text
    assert (r.json()["players"], r.json()["free"], r.json()["game_id"]) == (
        ["Anna", "Robo"],
        1,
        None,
    )
    assert client.get("/api/seeks", headers=auth(robo)).json()[0]["players"] == ["Anna", "Robo"]

    r = post(client, made["id"], "join", signed_in(bert))
    assert r.status_code == 200, r.text
    done = r.json()
    assert done["status"] == "started" and done["game_id"] and done["free"] == 0

    game = client.get(f"/api/games/{done['game_id']}").json()
    assert (game["status"], game["rated"], game["kind"]) == ("running", True, KIND)
    order = ["Anna", "Robo", "Bert"]
    random.Random(7).shuffle(order)
    assert seated(client, done["game_id"]) == order
    for headers in (signed_in(anna), signed_in(bert), auth(robo)):
        games = client.get("/api/me/games", headers=headers).json()["games"]
        assert [g["game_id"] for g in games] == [done["game_id"]]
        assert client.get("/api/seeks", headers=headers).json() == []
    refused(post(client, made["id"], "join", signed_in(bert)), 409, "seek_closed")


def test_a_bots_unrated_seek_makes_an_unrated_game(client) -> None:
    _, anna = account_with_cookie(client, "Anna")
    _, bert = account_with_cookie(client, "Bert")
    robo = make_bot(client, anna, "Robo")
    made = seek(client, auth(robo), num_seats=2, rated=False).json()
    assert (made["from"], made["rated"]) == ("Robo", False)
    done = post(client, made["id"], "join", signed_in(bert)).json()
    assert client.get(f"/api/games/{done['game_id']}").json()["rated"] is False
    assert sorted(seated(client, done["game_id"])) == ["Bert", "Robo"]


def test_joiners_leave_and_the_creator_withdraws(client) -> None:
    _, anna = account_with_cookie(client, "Anna")
    _, bert = account_with_cookie(client, "Bert")
    _, cleo = account_with_cookie(client, "Cleo")
    made = seek(client, signed_in(anna)).json()
    sid = made["id"]
    assert post(client, sid, "join", signed_in(bert)).status_code == 200
    refused(post(client, sid, "join", signed_in(bert)), 409, "already_in_seek")
    refused(post(client, sid, "join", signed_in(anna)), 409, "already_in_seek")
    refused(post(client, sid, "leave", signed_in(cleo)), 409, "not_in_seek")
    refused(post(client, sid, "leave", signed_in(anna)), 400, "bad_request")
    refused(client.delete(f"/api/seeks/{sid}", headers=signed_in(bert)), 403, "not_your_seek")
    assert rows(client) == [(sid, "open", 2)]

    r = post(client, sid, "leave", signed_in(bert))
    assert r.status_code == 200 and (r.json()["players"], r.json()["free"]) == (["Anna"], 2)
    assert client.delete(f"/api/seeks/{sid}", headers=signed_in(anna)).status_code == 204
    assert client.get("/api/seeks", headers=signed_in(cleo)).json() == []
    refused(post(client, sid, "join", signed_in(cleo)), 409, "seek_closed")
    refused(client.delete(f"/api/seeks/{sid}", headers=signed_in(anna)), 409, "seek_closed")
    refused(post(client, 999, "join", signed_in(cleo)), 404, "unknown_seek")
    assert sql(client.app.state.settings.database_url, "SELECT count(*) FROM games") == [(0,)]


@pytest.mark.parametrize(
    ("extra", "status", "code"),
    [
        ({"kind": "chess"}, 404, "unknown_kind"),
        ({"kind": "dschingis_khan", "num_seats": 5}, 422, "bad_player_count"),
        ({"num_seats": 1}, 422, "bad_player_count"),
        ({"rated": "yes"}, 400, "bad_request"),
        ({"time_control": {"type": "live", "minutes": 0}}, 400, "bad_request"),
        ({"to": ["Bert"]}, 400, "bad_request"),
    ],
)
def test_bad_seeks_are_refused_and_change_nothing(
    client, extra: dict[str, Any], status: int, code: str
) -> None:
    _, anna = account_with_cookie(client, "Anna")
    refused(seek(client, signed_in(anna), **extra), status, code)
    assert rows(client) == []


def test_signed_out_nobody_sees_or_makes_seeks(client) -> None:
    refused(client.get("/api/seeks"), 401, "not_signed_in")
    refused(seek(client, {}), 401, "not_signed_in")
    assert rows(client) == []


def test_an_account_sits_in_at_most_three_open_seeks(client) -> None:
    _, anna = account_with_cookie(client, "Anna")
    _, bert = account_with_cookie(client, "Bert")
    for _ in range(MAX_OPEN - 1):
        assert seek(client, signed_in(anna)).status_code == 201
    theirs = seek(client, signed_in(bert)).json()["id"]
    # Joining counts as much as making: a third one either way.
    assert post(client, theirs, "join", signed_in(anna)).status_code == 200
    refused(seek(client, signed_in(anna)), 409, "too_many_seeks")
    other = seek(client, signed_in(bert)).json()["id"]
    refused(post(client, other, "join", signed_in(anna)), 409, "too_many_seeks")
    before = rows(client)
    assert post(client, theirs, "leave", signed_in(anna)).status_code == 200
    assert seek(client, signed_in(anna)).status_code == 201
    assert len(rows(client)) == len(before) + 1


def test_the_creator_fills_free_places_with_the_servers_bots_after_the_wait(
    client, clock: Clock
) -> None:
    _, anna = account_with_cookie(client, "Anna")
    _, aaron = account_with_cookie(client, "Aaron")
    _, bert = account_with_cookie(client, "Bert")
    made = seek(client, signed_in(anna), num_seats=4).json()
    sid = made["id"]
    assert made["fill_at"] == (clock.now + timedelta(minutes=10)).isoformat()
    r = post(client, sid, "join", signed_in(aaron))
    assert r.status_code == 200 and r.json()["players"] == ["Anna", "Aaron"]  # same tick

    clock.now += timedelta(minutes=9, seconds=59)
    refused(
        post(client, sid, "fill", signed_in(anna), levels=["easy", "hard"]), 409, "fill_too_early"
    )
    clock.now += timedelta(seconds=1)
    refused(
        post(client, sid, "fill", signed_in(bert), levels=["easy", "hard"]), 403, "not_your_seek"
    )
    refused(post(client, sid, "fill", signed_in(anna), levels=["hard"]), 400, "bad_request")
    # A rated game seats each account once, and each level is one account.
    refused(post(client, sid, "fill", signed_in(anna), levels=["hard", "hard"]), 400, "bad_request")
    refused(post(client, sid, "fill", signed_in(anna), levels=["easy", "best"]), 400, "bad_request")
    assert rows(client) == [(sid, "open", 2)]
    assert sql(client.app.state.settings.database_url, "SELECT count(*) FROM games") == [(0,)]

    r = post(client, sid, "fill", signed_in(anna), levels=["easy", "hard"])
    assert r.status_code == 200, r.text
    game_id = r.json()["game_id"]
    assert r.json()["status"] == "started"
    game = client.get(f"/api/games/{game_id}").json()
    assert (game["status"], game["rated"]) == ("running", True)
    assert sorted(seated(client, game_id)) == ["Aaron", "Anna", "Bot · easy", "Bot · hard"]
    refused(post(client, sid, "fill", signed_in(anna), levels=["medium"]), 409, "seek_closed")


def test_an_unrated_seek_may_seat_one_level_twice(client, clock: Clock) -> None:
    _, anna = account_with_cookie(client, "Anna")
    sid = seek(client, signed_in(anna), rated=False).json()["id"]
    clock.now += timedelta(minutes=10)
    r = post(client, sid, "fill", signed_in(anna), levels=["medium", "medium"])
    assert r.status_code == 200, r.text
    game = client.get(f"/api/games/{r.json()['game_id']}").json()
    assert (game["status"], game["rated"]) == ("running", False)


def test_deleting_an_account_takes_its_seeks_and_places_away(client) -> None:
    _, anna = account_with_cookie(client, "Anna")
    _, bert = account_with_cookie(client, "Bert")
    seek(client, signed_in(anna))
    berts = seek(client, signed_in(bert)).json()["id"]
    assert post(client, berts, "join", signed_in(anna)).status_code == 200
    r = client.request("DELETE", "/api/me", json={"confirm": "Anna"}, headers=signed_in(anna))
    assert r.status_code == 204, r.text
    listed = client.get("/api/seeks", headers=signed_in(bert)).json()
    assert [(s["id"], s["players"]) for s in listed] == [(berts, ["Bert"])]


def test_the_stream_names_the_seek_that_started_the_game(client) -> None:
    _, anna = account_with_cookie(client, "Anna")
    robo = make_bot(client, anna, "Robo")
    with client.websocket_connect("/ws/me", headers=auth(robo)) as ws:
        assert ws.receive_json() == {"type": "ready"}
        # Not asked for: the list's changes are not sent, the game's start is.
        made = seek(client, signed_in(anna), num_seats=2).json()
        done = post(client, made["id"], "join", auth(robo)).json()
        started = ws.receive_json()
    assert (started["type"], started["game_id"]) == ("game_started", done["game_id"])
    assert (started["seek_id"], started["challenge_id"]) == (made["id"], None)


def test_a_stream_that_asks_hears_of_every_change_of_the_list(client) -> None:
    _, anna = account_with_cookie(client, "Anna")
    _, bert = account_with_cookie(client, "Bert")
    robo = make_bot(client, anna, "Robo")
    with client.websocket_connect("/ws/me?seeks=true", headers=auth(robo)) as ws:
        assert ws.receive_json() == {"type": "ready"}
        made = seek(client, signed_in(bert)).json()
        assert ws.receive_json() == {"type": "seeks_changed"}
        assert client.delete(f"/api/seeks/{made['id']}", headers=signed_in(bert)).status_code == 204
        assert ws.receive_json() == {"type": "seeks_changed"}
