"""Rematch (issue 10.1): once a game is over any seated player offers "play again"; the new
game has the same kind, options, public flag and seats (bots stay bots), the seats rotated
by one (old seat s → new seat (s + 1) % n), and every other old player takes their seat with
their old token, in one request, while the seats are kept (``REMATCH_MINUTES``; the tests
move ``created_at`` back instead of waiting). Refusals change nothing."""

from __future__ import annotations

import json
import random
import time
from datetime import timedelta
from typing import Any

from sqlalchemy import func, select, update

from app.db.models import GameRow, SeatRow, utcnow
from engines.core import fairness
from tests.support.play import auth

KIND = "dolmengoetter"


def refused(response, status: int, code: str) -> str:
    assert response.status_code == status, response.text
    assert response.json()["error"]["code"] == code, response.text
    return response.json()["error"]["message"]


def create(client, seats: list[dict[str, Any]], public: bool = False) -> dict[str, Any]:
    r = client.post(
        "/api/games",
        json={
            "kind": KIND,
            "num_seats": len(seats),
            "seats": seats,
            "public": public,
            "options": {"start_player": 0},
        },
    )
    assert r.status_code == 201, r.text
    return r.json()


def seated(client, seats: list[dict[str, Any]], public: bool = False):
    """A game with every human seat joined as P<seat>; returns its summary and tokens."""
    game = create(client, seats, public)
    keys = {i["seat"]: i["key"] for i in game["invites"]}
    tokens = {}
    for seat, key in keys.items():
        r = client.post(
            f"/api/games/{game['id']}/seats/{seat}/join", json={"name": f"P{seat}", "key": key}
        )
        assert r.status_code == 201, r.text
        tokens[seat] = r.json()["token"]
    return game, tokens


def finish(client, game_id: str, tokens: dict[int, str], rng: random.Random) -> None:
    """Random legal moves for the seats with tokens; the server's bots play the others."""
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        state = client.get(f"/api/games/{game_id}/view").json()
        if state["status"] == "over":
            return
        seat = state["view"]["to_act"][0]
        if seat not in tokens:  # a bot's turn: it moves by itself
            time.sleep(0.01)
            continue
        legal = client.get(f"/api/games/{game_id}/legal-actions", headers=auth(tokens[seat]))
        body = legal.json()
        if not body["actions"]:
            continue
        r = client.post(
            f"/api/games/{game_id}/actions",
            headers=auth(tokens[seat]),
            json={"version": body["version"], "action": rng.choice(body["actions"])["action"]},
        )
        assert r.status_code in (200, 409), r.text
    raise AssertionError(f"game {game_id} did not end")


def games_count(db) -> int:
    with db.connect() as conn:
        return conn.scalar(select(func.count()).select_from(GameRow))


def rows(db, game_id: str) -> tuple[Any, ...]:
    with db.connect() as conn:
        game = conn.execute(select(GameRow.__table__).where(GameRow.id == game_id)).one()
        seats = conn.execute(
            select(SeatRow.__table__).where(SeatRow.game_id == game_id).order_by(SeatRow.seat)
        ).all()
    return tuple(game), [tuple(s) for s in seats]


def keep_seats_until(db, game_id: str, minutes_ago: float) -> None:
    """The rematch was created ``minutes_ago`` (instead of waiting that long)."""
    with db.begin() as conn:
        conn.execute(
            update(GameRow)
            .where(GameRow.id == game_id)
            .values(created_at=utcnow() - timedelta(minutes=minutes_ago))
        )


HUMANS_AND_A_BOT = [{"bot": False}, {"bot": False}, {"bot": True, "level": "easy", "name": "Ugg"}]


def test_a_rematch_rotates_the_seats_keeps_the_bot_and_seats_each_player_in_one_click(
    client, db, rng
) -> None:
    old, tokens = seated(client, HUMANS_AND_A_BOT, public=True)
    old_id = old["id"]
    rematch = f"/api/games/{old_id}/rematch"

    # Before the end: refused, and nothing is made.
    before = (games_count(db), rows(db, old_id))
    refused(client.post(rematch, headers=auth(tokens[0])), 409, "game_not_over")
    refused(client.post(rematch), 401, "unauthorized")
    assert (games_count(db), rows(db, old_id)) == before

    finish(client, old_id, tokens, rng)
    before = (games_count(db), rows(db, old_id))
    refused(client.post(rematch), 401, "unauthorized")  # a watcher
    refused(client.post(rematch, headers=auth("not-a-token")), 401, "unauthorized")
    refused(client.post(rematch, headers=auth(old["host_token"])), 401, "unauthorized")
    _other, other_tokens = seated(client, [{"bot": False}, {"bot": False}])
    refused(client.post(rematch, headers=auth(other_tokens[0])), 403, "forbidden")
    refused(
        client.post(f"{rematch}/join", headers=auth(tokens[0])), 409, "no_rematch"
    )  # nobody offered yet
    assert (games_count(db) - 1, rows(db, old_id)) == before  # only ``other`` was made

    # P1 offers: a new game with P1 seated at seat 2 and P1 its host.
    commitment = fairness.seat_commitment("p1-again")
    r = client.post(rematch, headers=auth(tokens[1]), json={"commitment": commitment})
    assert r.status_code == 200, r.text
    offer = r.json()
    assert offer["created"] is True and offer["old_seat"] == 1 and offer["seat"] == 2
    assert offer["token"] and offer["host_token"]
    new_id = offer["game_id"]
    new = client.get(f"/api/games/{new_id}").json()
    assert (new["kind"], new["num_seats"], new["public"]) == (KIND, 3, True)
    assert new["options"] == old["options"] and new["rematch_of"] == old_id
    assert new["status"] == "open"
    assert new["fairness"]["commitment"] not in (None, old["fairness"]["commitment"])
    assert new["fairness"]["commitments"][2] == commitment
    # Old seat s sits at new seat (s + 1) % 3: the bot (old 2) at 0, P0 at 1, P1 at 2.
    assert [(s["seat"], s["name"], s["bot"], s["joined"], s["level"]) for s in new["seats"]] == [
        (0, "Ugg", True, True, "easy"),
        (1, None, False, False, None),
        (2, "P1", False, True, None),
    ]
    mine = client.get(f"/api/games/{new_id}/view", headers=auth(offer["token"])).json()
    assert mine["seat"] == 2
    summary = client.get(f"/api/games/{old_id}").json()
    assert summary["rematch"]["game"] == new_id
    assert summary["rematch"]["by"] == 1 and summary["rematch"]["seats"] == [1]
    # The old seat tokens stay the old game's: they do not act in the new one.
    refused(client.get(f"/api/games/{new_id}/view", headers=auth(tokens[0])), 403, "forbidden")

    # Offering again answers the same game; P1's seat is taken already: no new token.
    again = client.post(rematch, headers=auth(tokens[1]))
    assert again.status_code == 200, again.text
    assert again.json() == {**offer, "token": None, "host_token": None, "created": False}
    assert games_count(db) == before[0] + 2

    # P0's kept seat: nobody else may take it, with or without its invite key.
    keys = {
        i["seat"]: i["key"]
        for i in client.get(
            f"/api/games/{new_id}/invites", headers=auth(offer["host_token"])
        ).json()
    }
    for body in ({"name": "Eve", "key": keys[1]}, {"name": "Eve"}):  # a public table
        refused(client.post(f"/api/games/{new_id}/seats/1/join", json=body), 409, "seat_reserved")
    # P0 takes it with one request, under their old name; the game starts.
    r = client.post(f"/api/games/{old_id}/rematch/join", headers=auth(tokens[0]))
    assert r.status_code == 201, r.text
    joined = r.json()
    assert (joined["game_id"], joined["old_seat"], joined["seat"]) == (new_id, 0, 1)
    assert joined["host_token"] is None and joined["created"] is False
    new = client.get(f"/api/games/{new_id}").json()
    assert new["status"] == "open" and new["reveal"]["waiting"] == [2]  # P1 committed
    shown = client.post(
        f"/api/games/{new_id}/seats/2/reveal",
        headers=auth(offer["token"]),
        json={"contribution": "p1-again"},
    )
    assert shown.status_code == 200, shown.text
    new = client.get(f"/api/games/{new_id}").json()
    assert new["status"] == "running"
    assert [s["name"] for s in new["seats"]] == ["Ugg", "P0", "P1"]
    assert client.get(f"/api/games/{old_id}").json()["rematch"]["seats"] == [0, 1]
    view = client.get(f"/api/games/{new_id}/view", headers=auth(joined["token"])).json()
    assert view["seat"] == 1
    # With start_player 0 kept, new seat 0 starts (the bot, which sat before the old
    # starter): it moves by itself, to the end of its turn (which may take several actions),
    # when the game waits on P0.
    deadline = time.monotonic() + 20
    while not client.get(
        f"/api/games/{new_id}/legal-actions", headers=auth(joined["token"])
    ).json()["actions"]:
        assert time.monotonic() < deadline, "the bot did not play its turn of the rematch"
        time.sleep(0.02)
    entries = client.get(f"/api/games/{new_id}/log").json()["entries"]
    assert entries and {e["seat"] for e in entries} == {0}

    # Taken seats stay taken: the same join again is refused and changes nothing.
    before = rows(db, new_id)
    refused(client.post(f"/api/games/{old_id}/rematch/join", headers=auth(tokens[0])), 409,
            "seat_taken")  # fmt: skip
    refused(client.post(f"/api/games/{old_id}/rematch/join", headers=auth(tokens[1])), 409,
            "seat_taken")  # fmt: skip
    refused(client.post(f"/api/games/{old_id}/rematch/join"), 401, "unauthorized")
    assert rows(db, new_id) == before


def test_a_seat_not_taken_in_time_goes_back_to_the_invite_flow(client, db, rng) -> None:
    old, tokens = seated(client, [{"bot": False}, {"bot": False}])
    finish(client, old["id"], tokens, rng)
    offer = client.post(f"/api/games/{old['id']}/rematch", headers=auth(tokens[0])).json()
    new_id = offer["game_id"]
    assert offer["seat"] == 1
    keys = {
        i["seat"]: i["key"]
        for i in client.get(
            f"/api/games/{new_id}/invites", headers=auth(offer["host_token"])
        ).json()
    }
    refused(
        client.post(f"/api/games/{new_id}/seats/0/join", json={"name": "Eve", "key": keys[0]}),
        409,
        "seat_reserved",
    )

    keep_seats_until(db, new_id, minutes_ago=11)  # REMATCH_MINUTES is 10 by default
    before = rows(db, new_id)
    message = refused(
        client.post(f"/api/games/{old['id']}/rematch/join", headers=auth(tokens[1])),
        409,
        "rematch_expired",
    )
    assert "invite link" in message
    # Offering again after the window answers the game but seats nobody.
    again = client.post(f"/api/games/{old['id']}/rematch", headers=auth(tokens[1])).json()
    assert again["game_id"] == new_id and again["token"] is None
    assert rows(db, new_id) == before
    # The host invites someone else to the seat, as for any game.
    r = client.post(f"/api/games/{new_id}/seats/0/join", json={"name": "Eve", "key": keys[0]})
    assert r.status_code == 201, r.text
    new = client.get(f"/api/games/{new_id}").json()
    assert new["status"] == "running" and [s["name"] for s in new["seats"]] == ["Eve", "P0"]
    # Eve is not an old player: the old game's rematch lists only P0.
    assert client.get(f"/api/games/{old['id']}").json()["rematch"]["seats"] == [0]


def test_every_page_at_the_old_table_sees_the_offer_and_the_joins_live(client, rng) -> None:
    old, tokens = seated(client, [{"bot": False}, {"bot": False}])
    old_id = old["id"]
    finish(client, old_id, tokens, rng)

    def next_state(ws) -> dict[str, Any]:
        while True:
            message = json.loads(ws.receive_text())
            if message["type"] == "state":
                return message

    with (
        client.websocket_connect(f"/ws/games/{old_id}?token={tokens[1]}") as seat,
        client.websocket_connect(f"/ws/games/{old_id}") as watcher,
    ):
        for ws in (seat, watcher):
            assert next_state(ws)["rematch"] is None
        offer = client.post(f"/api/games/{old_id}/rematch", headers=auth(tokens[0])).json()
        for ws in (seat, watcher):
            state = next_state(ws)
            events = [e for e in state["events"] if e["type"] == "rematch_offered"]
            assert [(e["game"], e["by"]) for e in events] == [(offer["game_id"], 0)]
            assert state["rematch"]["game"] == offer["game_id"]
            assert state["rematch"]["seats"] == [0]
            # No token of any game travels with the offer.
            assert offer["token"] not in json.dumps(state)
            assert offer["host_token"] not in json.dumps(state)
        client.post(f"/api/games/{old_id}/rematch/join", headers=auth(tokens[1]))
        for ws in (seat, watcher):
            state = next_state(ws)
            assert {"type": "rematch_joined", "game": offer["game_id"], "seat": 1} in state[
                "events"
            ]
            assert state["rematch"]["seats"] == [0, 1]
    log = client.get(f"/api/games/{old_id}/log").json()
    assert [e["type"] for e in log["table_events"]] == ["rematch_offered", "rematch_joined"]


def test_a_rematch_of_an_abandoned_game_is_refused(client, db) -> None:
    old, tokens = seated(client, [{"bot": False}, {"bot": False}])
    r = client.post(f"/api/games/{old['id']}/abandon", headers=auth(old["host_token"]))
    assert r.status_code == 200, r.text
    before = games_count(db)
    refused(
        client.post(f"/api/games/{old['id']}/rematch", headers=auth(tokens[0])),
        409,
        "game_abandoned",
    )
    assert games_count(db) == before
