"""Giving a seat back: the host token (returned once by creating a game) releases a joined
human seat. The old seat token stops working at once, in every process and on every open
WebSocket; the seat's new invite link takes a new player and the game goes on from where it
was. Every refusal changes nothing.

Here the host may release a seat as soon as nobody holds it (``RELEASE_AWAY_MINUTES=0``);
tests/api/test_invites.py checks the away time and the player's own release.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

import httpx
import pytest
import websockets
from sqlalchemy import select
from websockets.exceptions import ConnectionClosed

from app.db.models import ActionRow, GameRow, SeatRow
from tests.conftest import settings_for


@pytest.fixture
def client(database_url: str):
    from fastapi.testclient import TestClient

    from app.main import create_app

    with TestClient(create_app(settings_for(database_url, release_away_minutes=0))) as c:
        yield c


@pytest.fixture
def server_factory(server_factory):
    return lambda **env: server_factory(RELEASE_AWAY_MINUTES="0", **env)


def db_rows(db, game_id: str) -> tuple[Any, ...]:
    """Every stored column of the game, its seats and its actions."""
    with db.connect() as conn:
        game = conn.execute(select(GameRow.__table__).where(GameRow.id == game_id)).one()
        seats = conn.execute(
            select(SeatRow.__table__).where(SeatRow.game_id == game_id).order_by(SeatRow.seat)
        ).all()
        actions = conn.execute(
            select(ActionRow.__table__).where(ActionRow.game_id == game_id).order_by(ActionRow.seq)
        ).all()
    return tuple(game), [tuple(s) for s in seats], [tuple(a) for a in actions]


def create(http, kind: str, bots: tuple[int, ...] = ()) -> tuple[str, str, dict[int, str]]:
    """A two-seat game with every human seat joined: (id, host token, seat tokens)."""
    seats = [{"bot": i in bots} for i in range(2)]
    r = http.post(
        "/api/games",
        json={"kind": kind, "num_seats": 2, "seats": seats, "options": {"start_player": 0}},
    )
    assert r.status_code == 201, r.text
    game_id, host = r.json()["id"], r.json()["host_token"]
    keys = {i["seat"]: i["key"] for i in r.json()["invites"]}
    tokens = {}
    for seat in range(2):
        if seat not in bots:
            joined = http.post(
                f"/api/games/{game_id}/seats/{seat}/join",
                json={"name": f"P{seat}", "key": keys[seat]},
            )
            assert joined.status_code == 201, joined.text
            tokens[seat] = joined.json()["token"]
    return game_id, host, tokens


def play(http, game_id: str, tokens: dict[int, str], plies: int, rng) -> None:
    for _ in range(plies):
        state = http.get(f"/api/games/{game_id}/view").json()
        seat = state["view"]["to_act"][0]
        auth = {"Authorization": f"Bearer {tokens[seat]}"}
        legal = http.get(f"/api/games/{game_id}/legal-actions", headers=auth).json()
        r = http.post(
            f"/api/games/{game_id}/actions",
            headers=auth,
            json={"version": legal["version"], "action": rng.choice(legal["actions"])["action"]},
        )
        assert r.status_code == 200, r.text


def invite_key(http, game_id: str, seat: int, host: str) -> str:
    r = http.get(f"/api/games/{game_id}/invites", headers={"Authorization": f"Bearer {host}"})
    assert r.status_code == 200, r.text
    return r.json()[seat]["key"]


def release(http, game_id: str, seat: int, token: str | None):
    headers = {"Authorization": f"Bearer {token}"} if token is not None else {}
    return http.post(f"/api/games/{game_id}/seats/{seat}/release", headers=headers)


def assert_old_token_refused(http, game_id: str, token: str, version: int, action) -> None:
    auth = {"Authorization": f"Bearer {token}"}
    for path in ("view", "legal-actions", "log"):
        r = http.get(f"/api/games/{game_id}/{path}", headers=auth)
        assert r.status_code == 401 and r.json()["error"]["code"] == "unauthorized", (path, r.text)
    r = http.post(
        f"/api/games/{game_id}/actions", headers=auth, json={"version": version, "action": action}
    )
    assert r.status_code == 401 and r.json()["error"]["code"] == "unauthorized", r.text


def test_release_then_rejoin_with_a_new_name_and_the_game_goes_on(client, db, kit, kind, rng):
    game_id, host, tokens = create(client, kind)
    play(client, game_id, tokens, 2, rng)
    before = client.get(f"/api/games/{game_id}/view").json()
    seat = before["view"]["to_act"][0]  # the seat the game waits for: nobody can stand in
    legal = client.get(
        f"/api/games/{game_id}/legal-actions", headers=kit.bearer(tokens[seat])
    ).json()

    r = release(client, game_id, seat, host)
    assert r.status_code == 200, r.text
    assert r.json()["seats"][seat] == {
        "seat": seat,
        "name": None,
        "bot": False,
        "joined": False,
        "level": None,
        "stand_in": None,
    }
    assert r.json()["status"] == "open" and r.json()["version"] == before["version"]
    with db.connect() as conn:
        row = conn.execute(
            select(SeatRow.__table__).where(SeatRow.game_id == game_id, SeatRow.seat == seat)
        ).one()
    assert row.token_hash is None and row.joined_at is None and row.left_at is not None

    assert_old_token_refused(client, game_id, tokens[seat], legal["version"], legal["actions"][0])
    other = 1 - seat
    assert (
        client.get(f"/api/games/{game_id}/view", headers=kit.bearer(tokens[other])).json()["seat"]
        == other
    )
    assert client.get(f"/api/games/{game_id}").json()["status"] == "open"

    joined = client.post(
        f"/api/games/{game_id}/seats/{seat}/join",
        json={"name": "Neu", "key": invite_key(client, game_id, seat, host)},
    )
    assert joined.status_code == 201, joined.text
    new = joined.json()["token"]
    assert new != tokens[seat]
    state = client.get(f"/api/games/{game_id}/view", headers=kit.bearer(new)).json()
    assert state["status"] == "running" and state["version"] == before["version"]
    assert state["seats"][seat]["name"] == "Neu"
    # The newcomer sits at the very position the old player left: same view, same moves.
    assert state["view"] == kit.replay(db, game_id).view(before["version"], seat)
    again = client.get(f"/api/games/{game_id}/legal-actions", headers=kit.bearer(new)).json()
    assert again == legal
    r = client.post(
        f"/api/games/{game_id}/actions",
        headers=kit.bearer(new),
        json={"version": again["version"], "action": again["actions"][0]["action"]},
    )
    assert r.status_code == 200, r.text
    assert client.get(f"/api/games/{game_id}").json()["version"] == before["version"] + 1
    assert_old_token_refused(client, game_id, tokens[seat], before["version"] + 1, {})
    with db.connect() as conn:
        left_at = conn.execute(
            select(SeatRow.left_at).where(SeatRow.game_id == game_id, SeatRow.seat == seat)
        ).scalar_one()
    assert left_at is None  # taken again


def test_refused_releases_change_nothing(client, db, kit, kind):
    game_id, host, tokens = create(client, kind, bots=(1,))
    other_id, other_host, other_tokens = create(client, kind)
    # start_player 0: the bot waits for seat 0, so nothing moves while the rows are compared.
    before, other_before = db_rows(db, game_id), db_rows(db, other_id)

    def refused(response, status: int, code: str) -> None:
        assert response.status_code == status, response.text
        assert response.json()["error"]["code"] == code
        assert response.json()["error"]["message"]

    refused(release(client, game_id, 0, None), 401, "unauthorized")
    refused(release(client, game_id, 0, "not-a-token"), 401, "unauthorized")
    refused(release(client, game_id, 1, tokens[0]), 403, "forbidden")  # another seat's token
    refused(release(client, game_id, 0, other_tokens[0]), 403, "forbidden")
    refused(release(client, game_id, 0, other_host), 403, "forbidden")  # another game's host
    refused(release(client, game_id, 1, host), 409, "bot_seat")
    refused(release(client, game_id, 2, host), 404, "unknown_seat")
    refused(release(client, "nosuchgame", 0, host), 404, "unknown_game")
    r = client.post(
        f"/api/games/{game_id}/seats/0/release", headers={"Authorization": f"Basic {host}"}
    )
    refused(r, 401, "unauthorized")
    assert db_rows(db, game_id) == before and db_rows(db, other_id) == other_before
    view = client.get(f"/api/games/{game_id}/view", headers=kit.bearer(tokens[0]))
    assert view.status_code == 200 and view.json()["seat"] == 0

    # A free seat has nothing to give back: the answer says so and nothing is written.
    assert release(client, other_id, 0, other_host).status_code == 200
    after_first = db_rows(db, other_id)
    r = release(client, other_id, 0, other_host)
    assert r.status_code == 200 and r.json()["seats"][0]["joined"] is False
    assert db_rows(db, other_id) == after_first


def test_the_host_token_is_shown_once_and_stored_only_as_a_hash(client, db, kind):
    r = client.post("/api/games", json={"kind": kind, "num_seats": 2})
    game_id, host = r.json()["id"], r.json()["host_token"]
    assert len(host) >= 40
    assert "host_token" not in client.get(f"/api/games/{game_id}").json()
    assert all("host_token" not in g for g in client.get("/api/games").json())
    assert host not in json.dumps(client.get(f"/api/games/{game_id}/view").json())
    with db.connect() as conn:
        stored = conn.execute(
            select(GameRow.host_token_hash).where(GameRow.id == game_id)
        ).scalar_one()
    assert stored and host not in stored


# ---- real server processes: the WebSocket, and a second process on the same database ----


async def receive(ws, timeout: float = 10) -> dict[str, Any]:
    return json.loads(await asyncio.wait_for(ws.recv(), timeout))


async def closed_with(ws) -> int:
    with pytest.raises(ConnectionClosed) as closed:
        while True:
            await asyncio.wait_for(ws.recv(), 10)
    return closed.value.rcvd.code


async def until(ws, predicate) -> dict[str, Any]:
    while True:
        message = await receive(ws)
        if predicate(message):
            return message


def test_open_websockets_of_a_released_seat_are_closed_and_the_old_token_refused(
    server_factory, kit
):
    """The player gives the seat back (the host may not while it is connected): its other
    sockets are closed, everyone else sees the seat free and the release announced."""
    server = server_factory()
    kind = kit.kinds[0]
    with httpx.Client(base_url=server.url) as http:
        game_id, host, tokens = create(http, kind)
        url = f"{server.ws_url}/ws/games/{game_id}"

        async def run() -> None:
            async with (
                websockets.connect(url) as seated,
                websockets.connect(url) as watcher,
                websockets.connect(url) as keeper,
            ):
                await seated.send(json.dumps({"type": "auth", "token": tokens[1]}))
                await until(seated, lambda m: m.get("seat") == 1)
                await keeper.send(json.dumps({"type": "auth", "token": tokens[0]}))
                await until(keeper, lambda m: m.get("seat") == 0)
                await receive(watcher)

                r = await asyncio.to_thread(release, http, game_id, 1, host)
                assert r.status_code == 409 and r.json()["error"]["code"] == "seat_in_use"
                r = await asyncio.to_thread(release, http, game_id, 1, tokens[1])
                assert r.status_code == 200, r.text

                # The released seat's socket: told why, closed, and never shown its seat again.
                error = await receive(seated)
                assert error["type"] == "error" and error["code"] == "unauthorized"
                assert "given back" in error["message"]
                assert await closed_with(seated) == 4401  # the token no longer holds a seat
                # Everyone else sees the seat free again (the seats revision was bumped).
                for ws, seat in ((watcher, None), (keeper, 0)):
                    state = await until(ws, lambda m: m.get("type") == "state")
                    assert state["seat"] == seat and state["status"] == "open"
                    assert state["seats"][1]["joined"] is False
                    released = {"type": "seat_released", "seat": 1, "by": "player"}
                    assert state["events"] == [released]

            # The old token, on a new connection, in the URL or the first message.
            async with websockets.connect(f"{url}?token={tokens[1]}") as ws:
                assert (await receive(ws))["code"] == "unauthorized"
                assert await closed_with(ws) == 4401
            async with websockets.connect(url) as ws:
                await receive(ws)
                await ws.send(json.dumps({"type": "auth", "token": tokens[1]}))
                assert (await until(ws, lambda m: m["type"] == "error"))["code"] == "unauthorized"
                assert await closed_with(ws) == 4401

        asyncio.run(run())


def test_a_second_server_process_refuses_the_old_token_right_after_the_release(
    server_factory, database_url, kit, rng
):
    first, second = server_factory(), server_factory()
    kind = kit.kinds[0]
    with httpx.Client(base_url=first.url) as a, httpx.Client(base_url=second.url) as b:
        game_id, host, tokens = create(a, kind)
        play(a, game_id, tokens, 1, rng)
        seat = a.get(f"/api/games/{game_id}/view").json()["view"]["to_act"][0]
        # The second process has checked the token, and remembers it, before the release.
        legal = b.get(f"/api/games/{game_id}/legal-actions", headers=kit.bearer(tokens[seat]))
        assert legal.status_code == 200 and legal.json()["actions"]
        legal = legal.json()

        assert release(a, game_id, seat, host).status_code == 200
        assert_old_token_refused(
            b, game_id, tokens[seat], legal["version"], legal["actions"][0]["action"]
        )
        assert b.get(f"/api/games/{game_id}").json()["version"] == legal["version"]

        # The newcomer joins through the second process and plays on through the first.
        key = invite_key(b, game_id, seat, host)
        new = b.post(
            f"/api/games/{game_id}/seats/{seat}/join", json={"name": "Neu", "key": key}
        ).json()
        r = a.post(
            f"/api/games/{game_id}/actions",
            headers=kit.bearer(new["token"]),
            json={"version": legal["version"], "action": legal["actions"][0]["action"]},
        )
        assert r.status_code == 200, r.text


def test_a_released_seat_socket_on_another_process_is_closed(server_factory, database_url, kit):
    if database_url.startswith("sqlite"):
        pytest.skip("live updates across processes travel through the PostgreSQL hub")
    first, second = server_factory(), server_factory()
    with httpx.Client(base_url=first.url) as a:
        game_id, _, tokens = create(a, kit.kinds[0])

        async def run() -> None:
            async with websockets.connect(f"{second.ws_url}/ws/games/{game_id}") as ws:
                await ws.send(json.dumps({"type": "auth", "token": tokens[0]}))
                await until(ws, lambda m: m.get("seat") == 0)
                r = await asyncio.to_thread(release, a, game_id, 0, tokens[0])
                assert r.status_code == 200, r.text
                assert (await receive(ws))["code"] == "unauthorized"
                assert await closed_with(ws) == 4401

        asyncio.run(run())


def test_a_finished_game_keeps_its_seats(client, db, rng):
    game_id, host, tokens = create(client, "dolmengoetter")
    for _ in range(2000):
        if client.get(f"/api/games/{game_id}").json()["status"] == "over":
            break
        play(client, game_id, tokens, 1, rng)
    assert client.get(f"/api/games/{game_id}").json()["status"] == "over"
    before = db_rows(db, game_id)
    r = release(client, game_id, 0, host)
    assert r.status_code == 409 and r.json()["error"]["code"] == "game_over", r.text
    assert db_rows(db, game_id) == before
