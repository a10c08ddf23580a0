"""Friends seated at creation (issue 38, item 3): signed in, ``POST /api/games`` with a
seat ``{"friend": "Name"}`` keeps that human seat for an accepted friend, who sees it in My
games, gets a ``seat_given`` nudge and joins it without a link. Nobody else may take it,
not even with its invite link; links still work for every other seat."""

from __future__ import annotations

from typing import Any

from sqlalchemy import func, select

from app.db.models import DeliveryRow, GameRow, SeatRow
from engines.core import fairness
from tests.support.accounts import (
    account_with_cookie,
    kept_from_others,
    make_account,
    make_friends,
    refused,
    signed_in,
)
from tests.support.play import auth

KIND = "dolmengoetter"
HOOK = "https://hooks.example.org/bert"


def create(client: Any, seats: list[dict[str, Any]], cookie: str | None) -> Any:
    return client.post(
        "/api/games",
        json={
            "kind": KIND,
            "num_seats": len(seats),
            "seats": seats,
            "options": {"start_player": 0},
        },
        headers=signed_in(cookie) if cookie else {},
    )


def counts(db: Any) -> tuple[int, int, int]:
    with db.connect() as conn:
        return tuple(  # type: ignore[return-value]
            conn.scalar(select(func.count()).select_from(t))
            for t in (GameRow, SeatRow, DeliveryRow)
        )


def test_a_friend_s_seat_is_kept_for_them_and_joined_from_my_games(client, db) -> None:
    anna, anna_cookie = account_with_cookie(client, "Anna")
    bert, bert_cookie = account_with_cookie(client, "Bert", notify={"webhook_url": HOOK})
    _, carl = account_with_cookie(client, "Carl")
    make_friends(client, bert, anna)  # Bert asked, Anna accepted
    made = create(client, [{}, {"friend": "bert"}, {"bot": True}], anna_cookie)
    assert made.status_code == 201, made.text
    game = made.json()
    game_id = game["id"]

    # Bert's nudge, once, with public facts only.
    with db.connect() as conn:
        [nudge] = conn.execute(select(DeliveryRow.__table__)).all()
    assert nudge.account_id == bert and nudge.dedupe_key == f"seat_given:{game_id}:1:0"
    assert nudge.event == {"kind": "seat_given", "game": game_id, "seat": 1, "by": "Anna"}

    # Its invite link is refused to anyone else, signed in or not.
    kept_from_others(client, game_id, 1, game["invites"][1]["key"], carl)
    assert client.get("/api/me/games", headers=signed_in(carl)).json() == {"games": []}

    # Bert sees it in My games, and takes it (committing, as a page does).
    [entry] = client.get("/api/me/games", headers=signed_in(bert_cookie)).json()["games"]
    assert (entry["game_id"], entry["seat"], entry["invited"], entry["your_turn"]) == (
        game_id,
        1,
        True,
        False,
    )
    assert [(s["seat"], s["name"], s["bot"], s["you"]) for s in entry["seats"]] == [
        (0, None, False, False),
        (1, None, False, True),
        (2, "Bot C", True, False),
    ]
    commitment = fairness.seat_commitment("bert-secret")
    joined = client.post(
        f"/api/me/games/{game_id}/join",
        json={"commitment": commitment},
        headers=signed_in(bert_cookie),
    )
    assert joined.status_code == 201, joined.text
    assert joined.json()["seat"] == 1
    summary = client.get(f"/api/games/{game_id}").json()
    assert (
        summary["seats"][1]["name"] == "Bert"
        and summary["fairness"]["commitments"][1] == commitment
    )
    # Anna takes her own seat with its link, signed in: the game's seats are all taken.
    r = client.post(
        f"/api/games/{game_id}/seats/0/join",
        json={"name": "Anna", "key": game["invites"][0]["key"]},
        headers=signed_in(anna_cookie),
    )
    assert r.status_code == 201, r.text
    anna_games = client.get("/api/me/games", headers=signed_in(anna_cookie)).json()["games"]
    assert [(g["game_id"], g["seat"], g["invited"]) for g in anna_games] == [(game_id, 0, False)]
    reveal = client.post(
        f"/api/games/{game_id}/seats/1/reveal",
        headers=auth(joined.json()["token"]),
        json={"contribution": "bert-secret"},
    )
    assert reveal.status_code == 200 and reveal.json()["status"] == "running", reveal.text


def test_the_join_route_with_the_friend_s_cookie_needs_no_key(client, db) -> None:
    anna, anna_cookie = account_with_cookie(client, "Anna")
    bert, bert_cookie = account_with_cookie(client, "Bert")
    make_friends(client, anna, bert)
    game = create(client, [{"friend": "Bert"}, {}], anna_cookie).json()
    r = client.post(
        f"/api/games/{game['id']}/seats/0/join", json={"name": "B."}, headers=signed_in(bert_cookie)
    )
    assert r.status_code == 201, r.text
    with db.connect() as conn:
        row = conn.execute(
            select(SeatRow.__table__).where(SeatRow.game_id == game["id"], SeatRow.seat == 0)
        ).one()
    assert (row.account_id, row.reserved_for, row.name) == (bert, None, "B.")


def test_seats_are_kept_only_for_accepted_friends(client, db) -> None:
    anna, anna_cookie = account_with_cookie(client, "Anna")
    bert, _ = account_with_cookie(client, "Bert")
    carl, _ = account_with_cookie(client, "Carl")
    make_account(client, "Dora")
    make_friends(client, anna, bert)
    make_friends(client, anna, carl, status="pending")
    before = counts(db)
    for name in ("Carl", "Dora", "Nobody", "Anna"):
        refused(create(client, [{}, {"friend": name}], anna_cookie), 400, "not_a_friend")
    refused(create(client, [{}, {"friend": "Bert"}], None), 401, "not_signed_in")
    refused(create(client, [{}, {"friend": "Bert"}], "forged"), 401, "not_signed_in")
    refused(
        create(client, [{"friend": "Bert"}, {"friend": "BERT"}], anna_cookie), 400, "bad_request"
    )
    refused(create(client, [{}, {"friend": "Bert", "bot": True}], anna_cookie), 400, "bad_request")
    refused(create(client, [{}, {"friend": "Bert", "name": "B"}], anna_cookie), 400, "bad_request")
    refused(create(client, [{}, {"friend": ""}], anna_cookie), 400, "bad_request")
    assert counts(db) == before
