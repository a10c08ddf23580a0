"""Presence across two server processes on one PostgreSQL database: a page connected to one
process hears, on its socket, a player come and go on the other (the hub's presence
notices over LISTEN/NOTIFY), as GET .../presence says."""

from __future__ import annotations

import httpx
import pytest

from tests.postgres.test_chat_processes import new_table, next_of

pytestmark = pytest.mark.postgres


def seats_of(message: dict) -> dict[int, dict]:
    return {p["seat"]: p for p in message["seats"]}


def next_presence(socket) -> dict:
    """The next ``presence`` message, one read while waiting for a state included: it may
    come before the first state (docs/API.md)."""
    for i, message in enumerate(socket.others):
        if message["type"] == "presence":
            return socket.others.pop(i)
    return next_of(socket, "presence")


def test_a_player_coming_and_going_on_one_process_is_heard_on_the_other(servers) -> None:
    a, b = servers
    game_id, tokens, _ = new_table(a)
    anna_on_a = a.ws(game_id, tokens[0], presence=True)
    try:
        seats = seats_of(next_presence(anna_on_a))
        assert seats[0]["connected"] is True and seats[1]["connected"] is False
        ben_on_b = b.ws(game_id, tokens[1])
        seats = seats_of(next_presence(anna_on_a))
        assert seats[1] == {"seat": 1, "connected": True, "away_since": None, "release_from": None}
        ben_on_b.close()
        seats = seats_of(next_presence(anna_on_a))
        assert seats[1]["connected"] is False and seats[1]["away_since"] is not None
        asked = httpx.get(f"{b.url}/api/games/{game_id}/presence").json()
        assert seats == {p["seat"]: p for p in asked}
    finally:
        anna_on_a.close()
