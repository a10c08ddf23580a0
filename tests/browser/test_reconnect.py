"""A page whose live connection is cut comes back by itself and shows the current state."""

from __future__ import annotations

import random

import httpx
import pytest

pytestmark = pytest.mark.browser


def _two_players(contexts, table, base: str):
    """Anna creates a Dolmengötter game in which Ben moves first; Ben joins by his link."""
    anna_ctx = contexts(table.DESKTOP)
    anna = table.Player(anna_ctx.new_page(), 0, "Anna")
    game_id, invites, _ = table.create_game(
        anna.page, base, "dolmengoetter", ["you", "friend"], "Anna", start_player=1
    )
    ben = table.Player(contexts(table.PHONE).new_page(), 1, "Ben")
    table.join_by_link(ben.page, invites[1], "Ben")
    table.live_at_table(anna, ben)
    return anna_ctx, anna, ben, game_id


def test_a_page_that_went_offline_catches_up_when_back(contexts, table, rng):
    anna_ctx, anna, ben, _ = _two_players(contexts, table, table.base)

    anna_ctx.set_offline(True)
    anna.page.wait_for_selector("#conn[data-state=offline]")
    assert "Offline" in anna.page.inner_text("#conn")

    # Ben moves while Anna is cut off; her page cannot know yet.
    key = table.click_one(ben, rng)
    place = int(key.split(":")[1])
    ben.page.wait_for_function("() => document.body.dataset.version === '1'")
    assert anna.version() == 0  # Ben's move is on the server and on his page, not on hers
    table.shot(anna.page, "reconnect-offline-desktop")

    anna_ctx.set_offline(False)
    anna.page.wait_for_selector("#conn[data-state=live]")
    anna.page.wait_for_function("() => document.body.dataset.version === '1'")
    anna.page.wait_for_selector(f".druid[data-place='{place}'][data-owner='1']")
    # And play goes on from the page that was away.
    anna.page.wait_for_selector("body[data-my-turn=true]")
    table.click_one(anna, rng)
    ben.page.wait_for_function("() => document.body.dataset.version === '2'")
    assert not anna.errors and not ben.errors
    # Seats authenticate in their first message: a token in a URL ends up in proxies' logs.
    assert len(anna.sockets) >= 2 and ben.sockets
    assert not [url for url in anna.sockets + ben.sockets if "token" in url]


def test_pages_reconnect_after_a_server_restart(contexts, table, tmp_path):
    server = table.Uvicorn(tmp_path).start()
    try:
        _, anna, ben, game_id = _two_players(contexts, table, server.url)

        server.stop()
        for p in (anna, ben):
            p.page.wait_for_selector("#conn[data-state=reconnecting]")
        assert "retrying" in anna.page.inner_text("#conn").lower()
        table.shot(anna.page, "reconnect-server-down-desktop")

        server.start()
        # Another client of Ben's seat (a script with his token) moves while the pages are
        # still waiting to retry.
        token = ben.token
        legal = httpx.get(
            f"{server.url}/api/games/{game_id}/legal-actions",
            headers={"Authorization": f"Bearer {token}"},
        ).json()
        action = random.Random(7).choice(legal["actions"])["action"]
        r = httpx.post(
            f"{server.url}/api/games/{game_id}/actions",
            headers={"Authorization": f"Bearer {token}"},
            json={"version": legal["version"], "action": action},
        )
        assert r.status_code == 200, r.text

        for p in (anna, ben):
            p.page.wait_for_selector("#conn[data-state=live]", timeout=30000)
            p.page.wait_for_function("() => document.body.dataset.version === '1'")
            p.page.wait_for_selector(f".druid[data-place='{action['place']}'][data-owner='1']")
        anna.page.wait_for_selector("body[data-my-turn=true]")
        assert not anna.errors and not ben.errors
    finally:
        server.stop()
