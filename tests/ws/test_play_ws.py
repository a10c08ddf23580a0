"""Complete games played through WebSocket clients only (the ``websockets`` library against a
real server process), for every kind and every number of seats. Every message each seat and
a spectator received is checked against the engine's views from a replay of the game."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import httpx
import websockets
from sqlalchemy import create_engine

TIMEOUT = 120


async def seat_client(
    url: str, token: str | None, rng: random.Random, inbox: list[dict[str, Any]]
) -> None:
    """Play random legal actions whenever this seat must act, until the game is over."""
    # Seats ask for every event from the start (?since=0); the spectator for the state only.
    query = f"?token={token}&since=0" if token else ""
    async with websockets.connect(url + query) as ws:
        acted_at = -1
        async for raw in ws:
            message = json.loads(raw)
            inbox.append(message)
            assert message["type"] == "state", message
            if message["status"] == "over":
                return
            if message["legal_actions"] and message["version"] > acted_at:
                acted_at = message["version"]
                choice = rng.choice(message["legal_actions"])
                await ws.send(
                    json.dumps(
                        {
                            "type": "action",
                            "version": message["version"],
                            "action": choice["action"],
                        }
                    )
                )


async def play_all(url: str, tokens: dict[int, str], seed: str) -> dict[int | None, list]:
    inboxes: dict[int | None, list] = {seat: [] for seat in [None, *tokens]}
    clients = [
        seat_client(
            url,
            tokens.get(seat) if seat is not None else None,
            random.Random(f"{seed}{seat}"),
            inbox,
        )
        for seat, inbox in inboxes.items()
    ]
    await asyncio.wait_for(asyncio.gather(*clients), TIMEOUT)
    return inboxes


def check_messages(game, seat: int | None, messages: list[dict[str, Any]]) -> None:
    """Each state message is this seat's engine view, and the events add up without a gap."""
    sent_upto = 0 if seat is not None else messages[0]["version"]
    for message in messages:
        version = message["version"]
        assert version >= sent_upto
        assert message["seat"] == seat
        assert message["view"] == game.view(version, seat)
        if seat is not None and message["status"] == "running":
            assert [a["action"] for a in message["legal_actions"]] == game.legal(version, seat)
        else:
            assert message["legal_actions"] == []
        assert message["events"] == game.events_between(seat, sent_upto, version)
        sent_upto = version
    assert messages[-1]["status"] == "over" and sent_upto == game.version


def test_complete_game_through_websockets_only(live_server, kit, kind_seats):
    kind, num_seats = kind_seats
    with httpx.Client(base_url=live_server.url) as http:
        game_id, tokens = kit.new_game(http, kind, num_seats)
    url = f"{live_server.ws_url}/ws/games/{game_id}"
    inboxes = asyncio.run(play_all(url, tokens, f"{kind}{num_seats}"))
    db = create_engine(live_server.database_url)
    game = kit.replay(db, game_id)
    db.dispose()
    assert game.states[-1].is_over
    for seat, messages in inboxes.items():
        check_messages(game, seat, messages)
    # Every seat received the whole game's events, once each and in order.
    for seat in tokens:
        events = [e for m in inboxes[seat] for e in m["events"]]
        assert len(events) == sum(len(batch) for batch in game.events)
