"""Setting up with friends from the home page, and a move the server refuses."""

from __future__ import annotations

import re

import httpx
import pytest

pytestmark = pytest.mark.browser


def test_friends_find_the_game_in_the_open_list_and_a_taken_seat_is_watched(contexts, table):
    anna = contexts(table.DESKTOP).new_page()
    game_id, invites, _ = table.create_game(
        anna, table.base, "dschingis_khan", ["you", "friend", "friend"], "Anna"
    )
    assert set(invites) == {1, 2}
    assert invites[1].endswith(f"/play/{game_id}?join=1")
    anna.wait_for_selector("#invites:not([hidden])")
    assert anna.locator("#invite-links li").count() == 2

    # Carl finds the game on the home page and takes the first free seat.
    carl = contexts(table.PHONE).new_page()
    carl.goto(f"{table.base}/")
    item = carl.locator(f"#open-games li[data-game='{game_id}']")
    item.wait_for()
    assert "Anna" in item.inner_text()
    table.shot(carl, "home-open-games-phone")
    item.get_by_role("link", name="Join as seat B").click()
    carl.wait_for_selector("#join:not([hidden])")
    assert "Anna" in carl.inner_text("#join-intro")
    carl.fill("#join-name", "Carl")
    carl.click("#join-button")
    carl.wait_for_selector("body[data-status=open]")
    assert "seat B" in carl.inner_text("#you-are")

    # Dora got the link for seat B too late: she watches, and sees no private panel.
    dora = contexts(table.DESKTOP).new_page()
    dora.goto(invites[1])
    dora.wait_for_selector("#message:not([hidden])")
    assert "already taken by Carl" in dora.inner_text("#message")
    assert dora.inner_text("#you-are") == "Watching"
    assert dora.locator("#private").is_hidden()

    # The last friend joins by the link for seat C: the game starts on every page.
    eve = contexts(table.DESKTOP).new_page()
    table.join_by_link(eve, invites[2], "Eve")
    for page in (anna, carl, dora, eve):
        page.wait_for_selector("body[data-status=running]")
        for name in ("Anna", "Carl", "Eve"):
            assert name in page.inner_text("#players")
    anna.wait_for_selector("#invites", state="hidden")
    table.shot(anna, "dschingis_khan-start-desktop")


def test_a_refused_move_is_explained_and_changes_nothing(contexts, table, rng):
    ctx = contexts(table.DESKTOP)
    tab1 = table.Player(ctx.new_page(), 0, "Anna")
    game_id, _, _ = table.create_game(
        tab1.page, table.base, "dolmengoetter", ["you", "bot"], "Anna", start_player=0
    )
    # A second tab of the same player whose live updates never arrive (its socket is
    # swallowed), so it keeps offering moves from an old state.
    tab2 = table.Player(ctx.new_page(), 0, "Anna")
    tab2.page.route_web_socket(re.compile(r".*/ws/games/.*"), lambda ws: None)
    tab2.page.goto(f"{table.base}/play/{game_id}")
    tab2.page.wait_for_selector("body[data-my-turn=true]")
    tab1.page.wait_for_selector("body[data-my-turn=true]")

    table.click_one(tab1, rng)  # Anna's druid; then the bot places one
    tab1.page.wait_for_function("() => document.body.dataset.version === '2'")
    assert tab2.version() == 0
    before = httpx.get(f"{table.base}/api/games/{game_id}").json()["version"]

    table.click_one(tab2, rng)
    tab2.page.wait_for_selector("#message:not([hidden])")
    text = tab2.page.inner_text("#message")
    assert "The server refused this move" in text
    assert "based on version 0" in text  # the server's own reason
    assert "please choose again" in text
    table.shot(tab2.page, "refused-move-desktop")
    after = httpx.get(f"{table.base}/api/games/{game_id}").json()["version"]
    assert after == before == 2
    # The refused tab fetched the current state and offers the current moves.
    tab2.page.wait_for_function("() => document.body.dataset.version === '2'")
    tab2.page.wait_for_selector("body[data-my-turn=true]")
    assert tab2.page.locator(".tgt.is-target").count() > 0
