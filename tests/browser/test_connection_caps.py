"""Strangers who fill a game's WebSocket caps with watchers' sockets (from the players' own
address, even) cannot make a player's page forget its seat (issue 36): the page keeps its
token, gets in as its seat and plays on."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager, suppress

import httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

pytestmark = pytest.mark.browser

MOST = 200
"""More watchers' sockets than any cap allows: the filling below stops long before."""


def watch_until_refused(
    sockets: ExitStack, ws_url: str, game_id: str, address: str
) -> list[ClientConnection]:
    """A stranger at ``address`` opens watchers' sockets until one is refused for capacity;
    returns those that got in (open until ``sockets`` closes)."""
    opened: list[ClientConnection] = []
    for _ in range(MOST):
        ws = sockets.enter_context(
            connect(
                f"{ws_url}/ws/games/{game_id}",
                source_address=(address, 0),
                proxy=None,
                max_queue=None,  # reads nothing, yet never falls behind: states pile up here
            )
        )
        with suppress(ConnectionClosed):  # refused already: its answer is read below
            ws.send(json.dumps({"type": "ping"}))  # no seat's auth
        first = json.loads(ws.recv(timeout=10))
        if first["type"] == "error":
            assert first["code"] == "too_many_connections"
            return opened
        opened.append(ws)
    raise AssertionError(f"{MOST} watchers' sockets from {address} and none refused")


@contextmanager
def strangers_fill_the_caps(ws_url: str, game_id: str) -> Iterator[int]:
    """Watchers' sockets from the players' address (its WS_PER_CLIENT) and from another one
    until the game's WS_PER_GAME is full too; yields how many are open."""
    with ExitStack() as sockets:
        opened = watch_until_refused(sockets, ws_url, game_id, "127.0.0.1")  # the players'
        opened += watch_until_refused(sockets, ws_url, game_id, "127.0.0.2")
        # The game is full for watchers from anywhere now.
        assert watch_until_refused(sockets, ws_url, game_id, "127.0.0.3") == []
        yield len(opened)


def wait_all_away(base: str, game_id: str) -> None:
    """Until the server has counted every seat's sockets out (bounded: nothing to await)."""
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        seats = httpx.get(f"{base}/api/games/{game_id}/presence", timeout=10).json()
        if not any(s["connected"] for s in seats):
            return
        time.sleep(0.1)
    raise AssertionError("the server still counts a seat as connected")


def test_players_keep_their_seats_and_play_while_strangers_fill_the_caps(contexts, table, rng):
    game_id, _, anna, ben = table.two_friends(
        contexts, "dolmengoetter", (table.DESKTOP, table.PHONE)
    )
    tokens = {p.name: p.token for p in (anna, ben)}
    pages = {p.name: p.page.url for p in (anna, ben)}
    ws_url = table.base.replace("http", "ws", 1)
    # Both players leave the page for a moment; strangers take every watcher's place meanwhile
    # (a real one would keep knocking, taking each place that frees up).
    for p in (anna, ben):
        p.page.goto("about:blank")
    wait_all_away(table.base, game_id)

    with strangers_fill_the_caps(ws_url, game_id) as strangers:
        assert strangers >= 64  # WS_PER_GAME (default): every watcher's place is taken
        for p in (anna, ben):
            p.page.goto(pages[p.name])
        table.live_at_table(anna, ben)
        for p in (anna, ben):
            assert p.token == tokens[p.name]  # the seat's token is still kept
            assert p.dataset().get("released") != "true"
        # They play as their seats: Anna moves, Ben sees it and answers.
        anna.page.wait_for_selector("body[data-my-turn=true]")
        table.click_one(anna, rng)
        ben.page.wait_for_function("() => document.body.dataset.version === '1'")
        ben.page.wait_for_selector("body[data-my-turn=true]")
        table.click_one(ben, rng)
        anna.page.wait_for_function("() => document.body.dataset.version === '2'")
    assert table.server_view(game_id, None)["version"] == 2
    assert not anna.errors and not ben.errors
