"""Abandon (issue 10.2) and lists that stay useful (issue 10.5).

The host token ends a game nobody plays any more: it stays readable, refuses everything
with 409 ``game_abandoned``, is listed nowhere, and — since it did not end by the rules —
reveals nothing hidden (history, fairness, views stay as while it ran). Lists leave out
abandoned games and games idle for ``IDLE_DAYS``; every entry and summary says whose turn it
is (``to_act``) and when the last move was (``last_move_at``)."""

from __future__ import annotations

import json
import random
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import select, update

from app.db.models import GameRow, SeatRow, TableEventRow, utcnow
from tests.support.play import auth

KIND = "dschingis_khan"  # its views hide tiles: a reveal would show


def refused(response, status: int, code: str) -> str:
    assert response.status_code == status, response.text
    assert response.json()["error"]["code"] == code, response.text
    return response.json()["error"]["message"]


def game_with(client, public: bool = True, join: tuple[int, ...] = (0, 1)):
    r = client.post(
        "/api/games",
        json={"kind": KIND, "num_seats": 2, "public": public, "options": {"start_player": 0}},
    )
    assert r.status_code == 201, r.text
    game = r.json()
    keys = {i["seat"]: i["key"] for i in game["invites"]}
    tokens = {}
    for seat in join:
        body = {"name": f"P{seat}", "key": keys[seat]}
        r = client.post(f"/api/games/{game['id']}/seats/{seat}/join", json=body)
        assert r.status_code == 201, r.text
        tokens[seat] = r.json()["token"]
    return game, tokens


def move(client, game_id: str, token: str, rng: random.Random) -> dict[str, Any]:
    legal = client.get(f"/api/games/{game_id}/legal-actions", headers=auth(token)).json()
    r = client.post(
        f"/api/games/{game_id}/actions",
        headers=auth(token),
        json={"version": legal["version"], "action": rng.choice(legal["actions"])["action"]},
    )
    assert r.status_code == 200, r.text
    return legal


def stored(db, game_id: str) -> tuple[Any, ...]:
    with db.connect() as conn:
        game = conn.execute(select(GameRow.__table__).where(GameRow.id == game_id)).one()
        seats = conn.execute(
            select(SeatRow.__table__).where(SeatRow.game_id == game_id).order_by(SeatRow.seat)
        ).all()
        events = conn.execute(
            select(TableEventRow.event).where(TableEventRow.game_id == game_id)
        ).all()
    return tuple(game), [tuple(s) for s in seats], [tuple(e) for e in events]


def listed(client, **params: Any) -> list[str]:
    return [g["id"] for g in client.get("/api/games", params=params).json()]


def test_the_host_abandons_a_game_everyone_sees_it_and_nothing_more_is_played(
    client, db, rng
) -> None:
    game, tokens = game_with(client)
    game_id, host = game["id"], game["host_token"]
    for _ in range(3):
        seat = client.get(f"/api/games/{game_id}/view").json()["view"]["to_act"][0]
        move(client, game_id, tokens[seat], rng)
    url = f"/api/games/{game_id}/abandon"

    # Only the host token: refusals change nothing.
    before = stored(db, game_id)
    refused(client.post(url), 401, "unauthorized")
    refused(client.post(url, headers=auth("not-a-token")), 401, "unauthorized")
    refused(client.post(url, headers=auth(tokens[0])), 403, "forbidden")
    other, _ = game_with(client)
    refused(client.post(url, headers=auth(other["host_token"])), 403, "forbidden")
    refused(client.post("/api/games/nope/abandon", headers=auth(host)), 404, "unknown_game")
    assert stored(db, game_id) == before

    with client.websocket_connect(f"/ws/games/{game_id}?token={tokens[1]}") as ws:
        assert json.loads(ws.receive_text())["status"] == "running"
        r = client.post(url, headers=auth(host))
        assert r.status_code == 200, r.text
        assert r.json()["status"] == "abandoned"
        message = json.loads(ws.receive_text())
        assert message["status"] == "abandoned" and message["legal_actions"] == []
        assert {"type": "game_abandoned", "by": "host"} in message["events"]

    # Still readable, never played on.
    view = client.get(f"/api/games/{game_id}/view", headers=auth(tokens[0])).json()
    assert view["status"] == "abandoned" and view["legal_actions"] == [] and view["to_act"] == []
    version = view["version"]
    before = stored(db, game_id)
    seat = view["view"]["to_act"][0]
    legal = client.get(f"/api/games/{game_id}/legal-actions", headers=auth(tokens[seat])).json()
    assert legal["actions"] == []
    state = client.get(f"/api/games/{game_id}/view", headers=auth(tokens[seat])).json()
    any_action = {"type": "pass"}
    for attempt in (
        client.post(
            f"/api/games/{game_id}/actions",
            headers=auth(tokens[seat]),
            json={"version": version, "action": any_action},
        ),
        client.post(
            f"/api/games/{game_id}/undo", headers=auth(tokens[seat]), json={"version": version}
        ),
        client.post(f"/api/games/{game_id}/seats/1/release", headers=auth(tokens[1])),
        client.post(url, headers=auth(host)),
    ):
        refused(attempt, 409, "game_abandoned")
    assert state["version"] == version
    assert stored(db, game_id) == before
    log = client.get(f"/api/games/{game_id}/log").json()
    assert log["table_events"] == [{"version": version, "type": "game_abandoned", "by": "host"}]
    assert game_id not in listed(client)


def test_an_abandoned_game_reveals_nothing_hidden(client, rng) -> None:
    game, tokens = game_with(client)
    game_id = game["id"]
    for _ in range(4):
        seat = client.get(f"/api/games/{game_id}/view").json()["view"]["to_act"][0]
        move(client, game_id, tokens[seat], rng)
    mine = {
        seat: client.get(f"/api/games/{game_id}/view", headers=auth(token)).json()
        for seat, token in tokens.items()
    }
    watcher = client.get(f"/api/games/{game_id}/view").json()
    assert mine[0]["view"] != watcher["view"]  # seat 0 holds something the watcher does not see
    r = client.post(f"/api/games/{game_id}/abandon", headers=auth(game["host_token"]))
    assert r.status_code == 200, r.text

    # Views stay per seat: the watcher's is what it was, not the whole state.
    assert client.get(f"/api/games/{game_id}/view").json()["view"] == watcher["view"]
    assert (
        client.get(f"/api/games/{game_id}/view", headers=auth(tokens[0])).json()["view"]
        == (mine[0]["view"])
    )
    # History keeps a running game's rules.
    history = f"/api/games/{game_id}/history"
    refused(client.get(history, params={"seat": "all"}), 403, "history_private")
    refused(client.get(history, params={"seat": "0"}), 401, "unauthorized")
    refused(client.get(history, params={"seat": "0"}, headers=auth(tokens[1])), 403,
            "history_private")  # fmt: skip
    past = client.get(history, params={"seat": "watcher", "version": 2}).json()
    assert past["ended"] is False
    own = client.get(history, params={"seat": "0"}, headers=auth(tokens[0])).json()
    assert own["view"] == mine[0]["view"]
    # The seed stays secret.
    reveal = client.get(f"/api/games/{game_id}/fairness").json()
    assert reveal["revealed"] is False and reveal["status"] == "abandoned"
    assert reveal["server_seed"] is None and reveal["actions"] is None
    refused(client.get(f"/api/games/{game_id}/result"), 409, "game_not_over")


def test_an_open_game_may_be_abandoned_a_finished_one_may_not(client, db, rng) -> None:
    waiting, _ = game_with(client, join=(0,))
    r = client.post(f"/api/games/{waiting['id']}/abandon", headers=auth(waiting["host_token"]))
    assert r.status_code == 200 and r.json()["status"] == "abandoned", r.text
    key = waiting["invites"][1]["key"]
    refused(
        client.post(f"/api/games/{waiting['id']}/seats/1/join", json={"name": "Late", "key": key}),
        409,
        "game_abandoned",
    )

    from tests.support.play import play_to_end

    done, tokens = game_with(client)
    play_to_end(client, done["id"], tokens, rng)
    before = stored(db, done["id"])
    refused(
        client.post(f"/api/games/{done['id']}/abandon", headers=auth(done["host_token"])),
        409,
        "game_over",
    )
    assert stored(db, done["id"]) == before


def idle_for(db, game_id: str, days: float) -> None:
    with db.begin() as conn:
        conn.execute(
            update(GameRow)
            .where(GameRow.id == game_id)
            .values(updated_at=utcnow() - timedelta(days=days))
        )


def test_lists_leave_out_abandoned_and_idle_games_and_say_whose_turn_and_when(
    client, db, rng
) -> None:
    running, tokens = game_with(client)
    waiting, _ = game_with(client, join=(0,))
    gone, _ = game_with(client)
    idle, _ = game_with(client)
    private, _ = game_with(client, public=False)
    client.post(f"/api/games/{gone['id']}/abandon", headers=auth(gone["host_token"]))
    idle_for(db, idle["id"], 15)  # IDLE_DAYS is 14 by default
    idle_for(db, waiting["id"], 13)  # idle, but not long enough

    ids = listed(client)
    assert running["id"] in ids and waiting["id"] in ids
    assert gone["id"] not in ids and idle["id"] not in ids and private["id"] not in ids
    assert listed(client, status="running") == [running["id"]]
    refused(client.get("/api/games", params={"status": "abandoned"}), 400, "bad_request")

    # Whose turn, and when the last move was: before the first move, and after one.
    entry = {g["id"]: g for g in client.get("/api/games").json()}
    assert entry[running["id"]]["to_act"] == [0] and entry[running["id"]]["last_move_at"] is None
    assert entry[waiting["id"]]["to_act"] == []  # nobody acts before every seat is taken
    started = datetime.fromisoformat(client.get(f"/api/games/{running['id']}").json()["created_at"])
    move(client, running["id"], tokens[0], rng)
    summary = client.get(f"/api/games/{running['id']}").json()
    view = client.get(f"/api/games/{running['id']}/view").json()
    assert summary["to_act"] == view["view"]["to_act"] == view["to_act"]
    moved = datetime.fromisoformat(summary["last_move_at"])
    assert started <= moved <= utcnow()
    entry = {g["id"]: g for g in client.get("/api/games").json()}
    assert entry[running["id"]]["to_act"] == summary["to_act"]
    assert entry[running["id"]]["last_move_at"] == summary["last_move_at"]
    with db.connect() as conn:
        assert conn.scalar(select(GameRow.last_move_at).where(GameRow.id == running["id"]))

    # A move brings an idle game back into the lists.
    idle_for(db, running["id"], 20)
    assert running["id"] not in listed(client)
    seat = summary["to_act"][0]
    move(client, running["id"], tokens[seat], rng)
    assert running["id"] in listed(client)


def test_idle_days_zero_keeps_every_game_listed(database_url, db) -> None:
    from fastapi.testclient import TestClient

    from app.main import create_app
    from tests.conftest import settings_for

    with TestClient(create_app(settings_for(database_url, idle_days=0))) as client:
        old, _ = game_with(client)
        idle_for(db, old["id"], 400)
        assert old["id"] in listed(client)
