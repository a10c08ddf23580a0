"""Setting up with friends from the home page (public tables are found on it, private ones
only through their secret invite links), and a move the server refuses."""

from __future__ import annotations

import re

import httpx
import pytest

pytestmark = pytest.mark.browser


def test_a_stranger_cannot_take_a_seat_of_a_private_table(contexts, table):
    anna = contexts(table.PHONE).new_page()
    game_id, invites, spectator = table.create_game(
        anna,
        table.base,
        "dolmengoetter",
        ["you", "friend"],
        "Anna",
        screenshot="home-created-phone",
    )
    assert re.fullmatch(rf".*/play/{game_id}\?join=1&key=[\w-]{{20,}}", invites[1]), invites[1]
    assert "?" not in spectator  # the watchers' link carries no secret
    anna.goto(f"{table.base}/")
    anna.wait_for_selector("#open-games li")
    assert anna.locator(f"#open-games li[data-game='{game_id}']").count() == 0

    # A stranger who guesses the link without its key is refused, and watches.
    stranger = contexts(table.DESKTOP).new_page()
    stranger.goto(f"{table.base}/play/{game_id}?join=1")
    stranger.wait_for_selector("#join:not([hidden])")
    stranger.fill("#join-name", "Mallory")
    stranger.click("#join-button")
    stranger.wait_for_selector("#join-error:not([hidden])")
    assert "invitation" in stranger.inner_text("#join-error")
    stranger.click("#join-watch")
    stranger.wait_for_selector("body[data-status=open]")
    assert stranger.inner_text("#you-are") == "Watching"
    assert "host has the invite links" in stranger.inner_text("#invites")
    assert table.server_view(game_id, None)["seats"][1]["joined"] is False

    # Ben, with the link Anna sent, takes the seat. The game starts once Anna's page, back
    # at the table, has revealed her share of the draws (docs/API.md "Fair draws").
    anna.goto(f"{table.base}/play/{game_id}")
    ben = contexts(table.PHONE).new_page()
    table.join_by_link(ben, invites[1], "Ben")
    ben.wait_for_selector("body[data-status=running]")
    assert "Ben" in ben.inner_text("#players")


def test_friends_find_the_game_in_the_open_list_and_a_taken_seat_is_watched(contexts, table):
    anna = contexts(table.DESKTOP).new_page()
    game_id, invites, _ = table.create_game(
        anna,
        table.base,
        "dschingis_khan",
        ["you", "friend", "friend"],
        "Anna",
        public=True,
        screenshot="home-created-desktop",
    )
    assert set(invites) == {1, 2}
    assert f"/play/{game_id}?join=1&key=" in invites[1]
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


def test_a_move_goes_on_the_live_socket_and_its_refusal_comes_back_there(contexts, table, rng):
    """With a live socket the page sends its move on it (docs/API.md: `ref`), not by POST;
    a refusal comes back as an error with the move's `ref`, and is explained as a POST's."""
    ctx = contexts(table.DESKTOP)
    tab1 = table.Player(ctx.new_page(), 0, "Anna")
    game_id, _, _ = table.create_game(
        tab1.page, table.base, "dolmengoetter", ["you", "bot"], "Anna", start_player=0
    )
    # A second tab whose socket stays live but, once its states are held, hears no new one: it keeps
    # offering moves from version 0 over a socket that still carries its messages.
    tab2 = table.Player(ctx.new_page(), 0, "Anna")
    relay = table.SocketRelay(tab2.page)
    posts: list[str] = []
    for tab in (tab1, tab2):
        tab.page.on(
            "request",
            lambda r: posts.append(r.url) if r.method == "POST" and "/actions" in r.url else None,
        )
    tab2.page.goto(f"{table.base}/play/{game_id}")
    tab2.page.wait_for_selector("body[data-my-turn=true]")
    tab2.page.wait_for_selector("#conn[data-state=live]")
    tab1.page.wait_for_selector("body[data-my-turn=true]")
    relay.holding = True

    table.click_one(tab1, rng)  # on tab1's socket; then the bot places a druid
    tab1.page.wait_for_function("() => document.body.dataset.version === '2'")
    assert tab2.version() == 0

    table.click_one(tab2, rng)
    tab2.page.wait_for_selector("#message:not([hidden])")
    text = tab2.page.inner_text("#message")
    assert "The server refused this move" in text
    assert "based on version 0" in text
    assert "please choose again" in text
    answers = [(a["code"], a["ref"].startswith("move-")) for a in relay.errors]
    assert answers == [("stale_version", True)]
    assert posts == []  # both moves went on the sockets
    assert httpx.get(f"{table.base}/api/games/{game_id}").json()["version"] == 2
    # The refused tab fetched the current state (by REST: its socket is frozen).
    tab2.page.wait_for_function("() => document.body.dataset.version === '2'")
    tab2.page.wait_for_selector("body[data-my-turn=true]")
    assert tab2.page.locator(".tgt.is-target").count() > 0
