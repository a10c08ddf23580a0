"""Presence (issue 9, item 5): each seat's row shows whether its player is connected now,
from their WebSockets, and since when they are away."""

from __future__ import annotations

import asyncio
from datetime import datetime

from sqlalchemy import select

from app.db.models import SeatRow
from app.services.presence import PresenceWrites
from tests.support.waiting import wait_for


def presence(client, game_id: str) -> dict[int, dict]:
    r = client.get(f"/api/games/{game_id}/presence")
    assert r.status_code == 200, r.text
    return {p["seat"]: p for p in r.json()}


def test_a_player_is_connected_while_their_socket_is_open_and_away_after(client, kit):
    game_id, tokens = kit.new_game(client, "dolmengoetter", 3, bots=(2,))
    seats = presence(client, game_id)
    assert seats[2] == {"seat": 2, "connected": None, "away_since": None, "release_from": None}, (
        "a bot is not a player"
    )
    assert seats[0]["connected"] is False and seats[0]["away_since"] is not None
    with client.websocket_connect(f"/ws/games/{game_id}?token={tokens[0]}") as ws:
        assert ws.receive_json()["type"] == "state"
        seats = presence(client, game_id)
        assert seats[0] == {"seat": 0, "connected": True, "away_since": None, "release_from": None}
        assert seats[1]["connected"] is False, "the other player has no page open"
        closed_at = datetime.now().astimezone()
    wait_for(
        lambda: presence(client, game_id)[0]["connected"] is False,
        "closing the page to show its player as away",
    )
    away = datetime.fromisoformat(presence(client, game_id)[0]["away_since"])
    assert abs((away - closed_at).total_seconds()) < 5, "away since the page was closed"
    # The host may give the seat back RELEASE_AWAY_MINUTES (3 by default) after that.
    free = datetime.fromisoformat(presence(client, game_id)[0]["release_from"])
    assert (free - away).total_seconds() == 180


def test_a_watcher_counts_for_no_seat_and_a_free_seat_has_nobody(client, kit):
    created = client.post(
        "/api/games", json={"kind": "dschingis_khan", "num_seats": 2, "seats": [{}, {}]}
    ).json()
    game_id = created["id"]
    with client.websocket_connect(f"/ws/games/{game_id}") as ws:
        assert ws.receive_json()["type"] == "state"
        assert all(p["connected"] is None for p in presence(client, game_id).values())


def test_presence_of_an_unknown_game_is_404(client):
    r = client.get("/api/games/nosuchgame/presence")
    assert r.status_code == 404
    assert r.json()["error"]["code"] == "unknown_game"


def next_presence(ws) -> dict[int, dict]:
    """The next ``presence`` message on ``ws`` (states between are skipped)."""
    while (message := ws.receive_json())["type"] != "presence":
        assert message["type"] == "state", message
    return {p["seat"]: p for p in message["seats"]}


def test_a_page_that_asks_hears_who_comes_and_goes_on_its_socket(client, kit):
    """``?presence=1``: the socket brings presence whenever a seat's sockets come or go (in
    any process, through the hub), so a page never has to ask; the same as GET .../presence."""
    game_id, tokens = kit.new_game(client, "dolmengoetter", 3, bots=(2,))
    base = f"/ws/games/{game_id}"
    with client.websocket_connect(f"{base}?token={tokens[0]}&presence=1") as anna:
        seats = next_presence(anna)  # on entering: as it is now
        assert seats[0]["connected"] is True and seats[1]["connected"] is False
        assert seats[2] == {"seat": 2, "connected": None, "away_since": None, "release_from": None}
        with client.websocket_connect(f"{base}?token={tokens[1]}") as ben:
            assert ben.receive_json()["type"] == "state"  # not asked: states only
            seats = next_presence(anna)
            assert seats[1] == {
                "seat": 1,
                "connected": True,
                "away_since": None,
                "release_from": None,
            }
            assert seats == presence(client, game_id)
        seats = next_presence(anna)  # Ben closed his page
        assert seats[1]["connected"] is False and seats[1]["away_since"] is not None
        assert seats == presence(client, game_id)
        with client.websocket_connect(f"{base}?presence=1") as watcher:
            assert next_presence(watcher) == seats  # a watcher who asks hears it too


def test_sockets_that_come_and_go_together_are_counted_in_one_write(client, db, kit, monkeypatch):
    """app/services/presence.py: 40 sockets of two seats opening at once, then closing at
    once (a proxy restarting), are counted in and out exactly, each wave in one
    transaction instead of 40 in a row on the database's one writer."""
    game_id, tokens = kit.new_game(client, "dolmengoetter", 2)
    service = client.app.state.service
    written: list[dict] = []
    write = service.write_presence

    def counting(changes):
        written.append(dict(changes))
        write(changes)

    monkeypatch.setattr(service, "presence_writes", PresenceWrites(counting, service.forget_seen))
    callers = [service.authenticate(game_id, tokens[seat]) for seat in (0, 1)]

    async def wave(delta: int) -> None:
        await asyncio.gather(*(service.count_socket(callers[i % 2], delta) for i in range(40)))

    def connections() -> list[int]:
        with db.connect() as conn:
            rows = conn.execute(
                select(SeatRow.connections).where(SeatRow.game_id == game_id).order_by(SeatRow.seat)
            )
            return [n for (n,) in rows]

    asyncio.run(wave(+1))
    assert connections() == [20, 20]
    assert all(p["connected"] for p in presence(client, game_id).values())
    assert [sorted(g for g, _ in w.values()) for w in written] == [[game_id, game_id]]
    asyncio.run(wave(-1))
    assert connections() == [0, 0]
    assert not any(p["connected"] for p in presence(client, game_id).values())
    assert len(written) == 2
