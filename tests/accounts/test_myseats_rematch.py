"""A rematch keeps its seats for the last game's players (``REMATCH_MINUTES``): an
account's seat is kept for the account, on every device (issue 38, item 2). Its new seat
is offered in My games, joined from there without the old token, and a rematch join with
the old token links the new seat to the same account."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from sqlalchemy import update

from app.db.models import GameRow, utcnow
from tests.support.accounts import account_with_cookie, refused, seat_row, sign_in, signed_in
from tests.support.play import auth, play_to_end

KIND = "dolmengoetter"


def my_games(client: Any, cookie: str) -> list[tuple[str, int, str, bool]]:
    r = client.get("/api/me/games", headers=signed_in(cookie))
    assert r.status_code == 200, r.text
    return [(g["game_id"], g["seat"], g["status"], g["invited"]) for g in r.json()["games"]]


def test_a_rematch_keeps_the_account_s_seat_on_every_device(client, db, rng) -> None:
    """Anna, Dora and Emil play signed in, Bert without an account."""
    players = {0: "Anna", 1: "Dora", 2: "Emil"}
    accounts = {seat: account_with_cookie(client, name) for seat, name in players.items()}
    r = client.post(
        "/api/games", json={"kind": KIND, "num_seats": 4, "options": {"start_player": 0}}
    )
    game = r.json()
    old = game["id"]
    tokens = {}
    for seat in range(4):
        headers = signed_in(accounts[seat][1]) if seat in accounts else {}
        joined = client.post(
            f"/api/games/{old}/seats/{seat}/join",
            json={"name": players.get(seat, "Bert"), "key": game["invites"][seat]["key"]},
            headers=headers,
        )
        assert joined.status_code == 201, joined.text
        tokens[seat] = joined.json()["token"]
    play_to_end(client, old, tokens, rng)
    anna_phone = sign_in(client, accounts[0][0])
    assert my_games(client, anna_phone) == [(old, 0, "over", False)]

    # Bert (no account) offers the rematch: the seats rotate by one.
    offer = client.post(f"/api/games/{old}/rematch", headers=auth(tokens[3]))
    assert offer.status_code == 200, offer.text
    rematch = offer.json()["game_id"]
    assert seat_row(db, rematch, 0).account_id is None

    # Anna's phone never held a token: My games offers her kept seat, and she takes it.
    listed = my_games(client, anna_phone)
    assert (rematch, 1, "open", True) in listed and (old, 0, "over", False) in listed
    joined = client.post(f"/api/me/games/{rematch}/join", headers=signed_in(anna_phone))
    assert joined.status_code == 201, joined.text
    assert joined.json()["seat"] == 1
    row = seat_row(db, rematch, 1)
    assert (row.account_id, row.name) == (accounts[0][0], "Anna")
    events = client.get(f"/api/games/{old}/log").json()["table_events"]
    joins = [(e["game"], e["seat"]) for e in events if e["type"] == "rematch_joined"]
    assert (rematch, 0) in joins
    assert (rematch, 1, "open", False) in my_games(client, accounts[0][1])

    # Dora joins with her old token and no cookie: the new seat is her account's still.
    r = client.post(f"/api/games/{old}/rematch/join", headers=auth(tokens[1]))
    assert r.status_code == 201, r.text
    assert seat_row(db, rematch, 2).account_id == accounts[1][0]
    dora_access = client.post(
        f"/api/me/games/{rematch}/access", headers=signed_in(accounts[1][1])
    ).json()
    assert dora_access == {"seat": 2, "token": r.json()["token"]}

    # Once the rematch stops keeping seats, Emil's is an ordinary free seat.
    with db.begin() as conn:
        conn.execute(
            update(GameRow)
            .where(GameRow.id == rematch)
            .values(created_at=utcnow() - timedelta(minutes=11))
        )
    assert (rematch, 3, "open", True) not in my_games(client, accounts[2][1])
    refused(
        client.post(f"/api/me/games/{rematch}/join", headers=signed_in(accounts[2][1])),
        409,
        "rematch_expired",
    )
    assert seat_row(db, rematch, 3).joined_at is None
