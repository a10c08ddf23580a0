"""Resigning through the API: ``POST /api/games/{id}/seats/{n}/resign`` with the seat's
own token. The game goes on with the server's bot playing the seat to the end; the seat's
token may not act any more; everyone sees the seat's ``stand_in`` and a table event; the
result lists the seat as resigned. Every refusal changes nothing.

Die Dolmengötter with two seats, seat 0 first: one action per turn, turns alternate.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from sqlalchemy import select

from app.db.models import ActionRow, GameRow, SeatRow
from tests.support.waiting import wait_for

KIND = "dolmengoetter"


@pytest.fixture
def game(client, kit) -> tuple[str, dict[int, str]]:
    return kit.new_game(client, KIND, 2, start_player=0)


def resign(client, kit, game_id: str, seat: int, token: str | None):
    headers = kit.bearer(token) if token else {}
    return client.post(f"/api/games/{game_id}/seats/{seat}/resign", headers=headers)


def stored(db, game_id: str) -> tuple[Any, ...]:
    """What the database holds of the game: its row, its seats, its actions."""
    with db.connect() as conn:
        game = conn.execute(select(GameRow.__table__).where(GameRow.id == game_id)).one()
        # Every seat column but presence (a request with a token notes its player is here).
        columns = [c for c in SeatRow.__table__.columns if c.name != "last_seen"]
        seats = conn.execute(
            select(*columns).where(SeatRow.game_id == game_id).order_by(SeatRow.seat)
        ).all()
        actions = conn.execute(
            select(ActionRow.__table__).where(ActionRow.game_id == game_id).order_by(ActionRow.seq)
        ).all()
    return tuple(game), [tuple(s) for s in seats], [tuple(a) for a in actions]


def play(client, kit, game_id: str, token: str, rng: random.Random) -> bool:
    """A random legal action of the seat, if it must act now; whether it did."""
    legal = client.get(f"/api/games/{game_id}/legal-actions", headers=kit.bearer(token)).json()
    if not legal["actions"]:
        return False
    r = client.post(
        f"/api/games/{game_id}/actions",
        headers=kit.bearer(token),
        json={"version": legal["version"], "action": rng.choice(legal["actions"])["action"]},
    )
    assert r.status_code == 200, r.text
    return True


def test_a_resigned_seat_is_played_by_the_bot_to_the_end(client, kit, db, game, rng):
    game_id, tokens = game
    r = resign(client, kit, game_id, 1, tokens[1])
    assert r.status_code == 200, r.text
    assert [s["stand_in"] for s in r.json()["seats"]] == [None, "resigned"]
    # Everyone sees it: the seat rows of any view, and a table event in the log.
    spectator = client.get(f"/api/games/{game_id}/view").json()
    assert spectator["seats"][1]["stand_in"] == "resigned"
    log = client.get(f"/api/games/{game_id}/log").json()
    assert {"type": "seat_resigned", "seat": 1, "version": 0} in log["table_events"]
    # Seat 0 plays; the bot answers for seat 1 every time, to the end.
    for _ in range(300):
        state = client.get(f"/api/games/{game_id}").json()
        if state["status"] == "over":
            break
        if not play(client, kit, game_id, tokens[0], rng):
            wait_for(
                lambda v=state["version"]: (
                    client.get(f"/api/games/{game_id}").json()["version"] > v
                ),
                "the bot's answer for seat 1",
            )
    result = client.get(f"/api/games/{game_id}/result")
    assert result.status_code == 200, result.text
    assert result.json()["resigned"] == [1]
    # Whatever the bot scored for seat 1, it ranks last and seat 0 wins (RULES.md TB-1).
    assert result.json()["winners"] == [0] and result.json()["places"] == [[0], [1]]
    seats = [a[3] for a in stored(db, game_id)[2]]
    assert 1 in seats and 0 in seats
    # Resigning after the end: refused, nothing changes.
    before = stored(db, game_id)
    late = resign(client, kit, game_id, 0, tokens[0])
    assert late.status_code == 409 and late.json()["error"]["code"] == "game_over"
    assert stored(db, game_id) == before


def test_resigning_twice_and_acting_after_resigning_are_refused(client, kit, db, game):
    game_id, tokens = game
    assert resign(client, kit, game_id, 0, tokens[0]).status_code == 200
    # The bot moves for seat 0 (it is seat 0's turn); then nothing more is pending for it.
    wait_for(lambda: client.get(f"/api/games/{game_id}").json()["version"] >= 1, "the bot")
    before = stored(db, game_id)
    again = resign(client, kit, game_id, 0, tokens[0])
    assert again.status_code == 409
    assert again.json()["error"]["code"] == "already_resigned"
    version = client.get(f"/api/games/{game_id}").json()["version"]
    # The old token tries to act: refused for what it is (not "not your turn").
    r = client.post(
        f"/api/games/{game_id}/actions",
        headers=kit.bearer(tokens[0]),
        json={"version": version, "action": {"type": "pass"}},
    )
    assert r.status_code == 409
    assert r.json()["error"]["code"] == "already_resigned"
    assert "resigned" in r.json()["error"]["message"]
    back = client.post(f"/api/games/{game_id}/seats/0/back", headers=kit.bearer(tokens[0]))
    assert back.status_code == 409 and back.json()["error"]["code"] == "already_resigned"
    assert stored(db, game_id) == before


def test_only_the_seat_itself_may_resign(client, kit, db, game):
    game_id, tokens = game
    before = stored(db, game_id)
    other = resign(client, kit, game_id, 1, tokens[0])
    assert other.status_code == 403 and other.json()["error"]["code"] == "forbidden"
    nobody = resign(client, kit, game_id, 1, None)
    assert nobody.status_code == 401 and nobody.json()["error"]["code"] == "unauthorized"
    unknown = client.post("/api/games/nope/seats/1/resign", headers=kit.bearer(tokens[1]))
    assert unknown.status_code == 404
    assert stored(db, game_id) == before


def test_resigning_before_the_game_starts_is_refused(client, kit, db):
    r = client.post("/api/games", json={"kind": KIND, "num_seats": 2})
    game_id, keys = r.json()["id"], kit.invite_keys(r.json())
    token = client.post(
        f"/api/games/{game_id}/seats/0/join", json={"name": "A", "key": keys[0]}
    ).json()["token"]
    before = stored(db, game_id)
    early = resign(client, kit, game_id, 0, token)
    assert early.status_code == 409 and early.json()["error"]["code"] == "game_not_started"
    assert stored(db, game_id) == before


def test_a_resigned_seat_cannot_be_given_back_or_reinvited(client, kit, db):
    r = client.post(
        "/api/games", json={"kind": KIND, "num_seats": 2, "options": {"start_player": 0}}
    )
    game_id, host = r.json()["id"], r.json()["host_token"]
    tokens = {}
    for seat, key in kit.invite_keys(r.json()).items():
        j = client.post(f"/api/games/{game_id}/seats/{seat}/join", json={"name": "P", "key": key})
        tokens[seat] = j.json()["token"]
    assert resign(client, kit, game_id, 1, tokens[1]).status_code == 200
    before = stored(db, game_id)
    for token in (tokens[1], host):
        r = client.post(f"/api/games/{game_id}/seats/1/release", headers=kit.bearer(token))
        assert r.status_code == 409, r.text
        assert r.json()["error"]["code"] == "already_resigned"
    assert stored(db, game_id)[1] == before[1]  # the seat is as it was: resigned, joined
