"""Secret invites, public tables, and releases the seat's player agrees to (issue 15).

Each human seat's invite carries its own join key, which only the host token reads; a
private table is not listed and its seats are refused without their key. The host may give
a seat back only once its player has been away ``RELEASE_AWAY_MINUTES`` (3 here: the tests
move ``last_seen`` back instead of waiting); the player may always give it back. Every
release is announced in ``/log`` and on every WebSocket of the game.
"""

from __future__ import annotations

import json
import time
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import select, update

from app.db.models import GameRow, SeatRow, TableEventRow, utcnow


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def create(client, kind: str, public: bool = False, num_seats: int = 2) -> dict[str, Any]:
    r = client.post(
        "/api/games",
        json={
            "kind": kind,
            "num_seats": num_seats,
            "public": public,
            "options": {"start_player": 0},
        },
    )
    assert r.status_code == 201, r.text
    return r.json()


def join(client, game_id: str, seat: int, name: str, key: str | None = None):
    body = {"name": name} if key is None else {"name": name, "key": key}
    return client.post(f"/api/games/{game_id}/seats/{seat}/join", json=body)


def refused(response, status: int, code: str) -> str:
    assert response.status_code == status, response.text
    assert response.json()["error"]["code"] == code, response.text
    return response.json()["error"]["message"]


def stored(db, game_id: str) -> tuple[Any, ...]:
    with db.connect() as conn:
        game = conn.execute(select(GameRow.__table__).where(GameRow.id == game_id)).one()
        seats = conn.execute(
            select(SeatRow.__table__).where(SeatRow.game_id == game_id).order_by(SeatRow.seat)
        ).all()
    return tuple(game), [tuple(s) for s in seats]


def away_for(db, game_id: str, seat: int, minutes: float, now: datetime | None = None) -> None:
    """The seat's player was last seen ``minutes`` before ``now`` (instead of waiting)."""
    with db.begin() as conn:
        conn.execute(
            update(SeatRow)
            .where(SeatRow.game_id == game_id, SeatRow.seat == seat)
            .values(last_seen=(now or utcnow()) - timedelta(minutes=minutes))
        )


def seat_row(db, game_id: str, seat: int) -> Any:
    with db.connect() as conn:
        return conn.execute(
            select(SeatRow.__table__).where(SeatRow.game_id == game_id, SeatRow.seat == seat)
        ).one()


def seated(client, kind: str) -> tuple[dict[str, Any], dict[int, str]]:
    """A private two-seat game with both seats joined by their invites."""
    game = create(client, kind)
    tokens = {}
    for invite in game["invites"]:
        r = join(client, game["id"], invite["seat"], f"P{invite['seat']}", invite["key"])
        assert r.status_code == 201, r.text
        tokens[invite["seat"]] = r.json()["token"]
    return game, tokens


# ---- secret invites ------------------------------------------------------------------


def test_a_strangers_join_is_refused_and_the_invite_works(client, db, kind):
    game = create(client, kind)
    game_id, keys = game["id"], {i["seat"]: i["key"] for i in game["invites"]}
    assert game["public"] is False and len(set(keys.values())) == 2
    assert game["invites"][1]["path"] == f"/play/{game_id}?join=1&key={keys[1]}"
    before = stored(db, game_id)

    message = refused(join(client, game_id, 1, "Stranger"), 403, "invite_required")
    assert "invite link" in message
    refused(join(client, game_id, 1, "Stranger", "guess"), 403, "invite_required")
    refused(join(client, game_id, 1, "Stranger", keys[0]), 403, "invite_required")  # seat 0's
    assert stored(db, game_id) == before

    r = join(client, game_id, 1, "Ben", keys[1])
    assert r.status_code == 201 and r.json()["seat"] == 1
    # The same link a second time: the seat is taken.
    refused(join(client, game_id, 1, "Carl", keys[1]), 409, "seat_taken")


def test_a_private_table_is_unlisted_and_only_the_host_reads_its_keys(client, kind):
    game, tokens = seated(client, kind)
    game_id = game["id"]
    private = create(client, kind)
    listed = [g["id"] for g in client.get("/api/games").json()]
    assert game_id not in listed and private["id"] not in listed
    assert client.get("/api/games", params={"status": "open"}).json() == []

    # Nothing a watcher or a seat can read carries a key; the host token reads them all.
    keys = [i["key"] for i in game["invites"]]
    public_answers = [
        client.get(f"/api/games/{game_id}"),
        client.get(f"/api/games/{game_id}/view"),
        client.get(f"/api/games/{game_id}/log"),
        client.get(f"/api/games/{game_id}/view", headers=auth(tokens[0])),
        client.get(f"/api/games/{game_id}/legal-actions", headers=auth(tokens[0])),
    ]
    with client.websocket_connect(f"/ws/games/{game_id}") as ws:
        first = ws.receive_text()
    texts = [r.text for r in public_answers] + [first]
    assert not [k for k in keys for t in texts if k in t]

    url = f"/api/games/{game_id}/invites"
    refused(client.get(url), 401, "unauthorized")
    refused(client.get(url, headers=auth("not-a-token")), 401, "unauthorized")
    refused(client.get(url, headers=auth(tokens[0])), 403, "forbidden")
    refused(client.get(url, headers=auth(private["host_token"])), 403, "forbidden")
    invites = client.get(url, headers=auth(game["host_token"])).json()
    assert [(i["seat"], i["key"], i["joined"]) for i in invites] == [
        (0, keys[0], True),
        (1, keys[1], True),
    ]


def test_a_public_table_is_listed_and_its_free_seats_joinable_by_anyone(client, kind):
    game = create(client, kind, public=True)
    listed = client.get("/api/games", params={"status": "open"}).json()
    assert [g["id"] for g in listed] == [game["id"]] and listed[0]["public"] is True
    assert "invites" not in listed[0] and "host_token" not in listed[0]
    r = join(client, game["id"], 1, "Anyone")
    assert r.status_code == 201, r.text
    # The creator's own link still works at a public table.
    assert join(client, game["id"], 0, "Anna", game["invites"][0]["key"]).status_code == 201
    assert client.get(f"/api/games/{game['id']}").json()["status"] == "running"


# ---- releases the player agrees to -----------------------------------------------------


def test_the_host_waits_until_the_player_has_been_away(client, db, kind):
    game, _ = seated(client, kind)
    game_id, host = game["id"], game["host_token"]
    old_key = game["invites"][1]["key"]
    before = stored(db, game_id)

    message = refused(
        client.post(f"/api/games/{game_id}/seats/1/release", headers=auth(host)),
        409,
        "seat_in_use",
    )
    assert "away for 3 min" in message and "give it back themselves" in message
    now = utcnow()
    client.app.state.service.now = lambda: now  # the service's clock stands still
    away_for(db, game_id, 1, 2, now)  # two minutes: one more to wait
    message = refused(
        client.post(f"/api/games/{game_id}/seats/1/release", headers=auth(host)),
        409,
        "seat_in_use",
    )
    assert "was here 2 min ago" in message and "back in 60 s" in message, message
    game_row, seats = stored(db, game_id)
    assert game_row == before[0] and [s[:8] for s in seats] == [s[:8] for s in before[1]]

    away_for(db, game_id, 1, 3.1)
    r = client.post(f"/api/games/{game_id}/seats/1/release", headers=auth(host))
    assert r.status_code == 200 and r.json()["seats"][1]["joined"] is False, r.text

    # The old invite is dead; the seat's new one (for the host only) takes a new player.
    refused(join(client, game_id, 1, "Carl", old_key), 403, "invite_required")
    new_key = client.get(f"/api/games/{game_id}/invites", headers=auth(host)).json()[1]["key"]
    assert new_key != old_key
    log = client.get(f"/api/games/{game_id}/log").json()
    assert log["table_events"] == [{"version": 0, "type": "seat_released", "seat": 1, "by": "host"}]
    assert log["entries"] == [] and log["version"] == 0  # the action log is untouched
    assert join(client, game_id, 1, "Carl", new_key).status_code == 201


def test_a_connected_player_keeps_the_seat_until_the_socket_closes(client, db, kind):
    game, tokens = seated(client, kind)
    game_id, host = game["id"], game["host_token"]
    release = f"/api/games/{game_id}/seats/1/release"
    with client.websocket_connect(f"/ws/games/{game_id}") as ws:
        ws.send_text(json.dumps({"type": "auth", "token": tokens[1]}))
        while json.loads(ws.receive_text()).get("seat") != 1:
            pass
        assert seat_row(db, game_id, 1).connections == 1
        away_for(db, game_id, 1, 4)  # long ago, but the socket is live
        message = refused(client.post(release, headers=auth(host)), 409, "seat_in_use")
        assert "connected now" in message
    deadline = time.monotonic() + 20
    while seat_row(db, game_id, 1).connections != 0:
        assert time.monotonic() < deadline, "closing the socket was not counted"
        time.sleep(0.05)
    refused(client.post(release, headers=auth(host)), 409, "seat_in_use")  # just left
    away_for(db, game_id, 1, 4)
    assert client.post(release, headers=auth(host)).status_code == 200


def test_a_count_left_by_a_dead_process_goes_stale(client, db, kind):
    game, _ = seated(client, kind)
    with db.begin() as conn:
        conn.execute(
            update(SeatRow)
            .where(SeatRow.game_id == game["id"], SeatRow.seat == 1)
            .values(connections=1, last_seen=utcnow() - timedelta(minutes=6))
        )
    r = client.post(f"/api/games/{game['id']}/seats/1/release", headers=auth(game["host_token"]))
    assert r.status_code == 200, r.text


def test_the_player_gives_the_seat_back_and_every_seat_hears_of_it(client, db, kind):
    game, tokens = seated(client, kind)
    game_id = game["id"]
    with (
        client.websocket_connect(f"/ws/games/{game_id}?token={tokens[0]}") as other,
        client.websocket_connect(f"/ws/games/{game_id}") as watcher,
    ):
        other.receive_text(), watcher.receive_text()
        # Another seat's token may not; the seat's own may, at once, connected or not.
        refused(
            client.post(f"/api/games/{game_id}/seats/1/release", headers=auth(tokens[0])),
            403,
            "forbidden",
        )
        r = client.post(f"/api/games/{game_id}/seats/1/release", headers=auth(tokens[1]))
        assert r.status_code == 200 and r.json()["status"] == "open", r.text
        announced = {"type": "seat_released", "seat": 1, "by": "player"}
        for ws in (other, watcher):
            state = json.loads(ws.receive_text())
            assert state["type"] == "state" and state["events"] == [announced]
    refused(client.get(f"/api/games/{game_id}/view", headers=auth(tokens[1])), 401, "unauthorized")
    log = client.get(f"/api/games/{game_id}/log", headers=auth(tokens[0])).json()
    assert log["table_events"] == [{"version": 0, **announced}]
    with db.connect() as conn:
        rows = conn.execute(select(TableEventRow.event)).scalars().all()
    assert rows == [announced]
