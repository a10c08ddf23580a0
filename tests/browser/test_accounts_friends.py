"""Friends through the pages (issue 38, item 3), in Chromium: Anna (desktop) asks Ben (phone)
by name on her account page; Ben accepts on his; Anna's create form then offers "A friend:
Ben" for a seat, no link to send; Ben finds the game in My games, takes his seat there and
the game starts with both at the table. A kept seat is offered on the game page too, to
a friend who follows a plain link to it."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.accounts_ui import (
    Browser,
    browser,
    english_on_german_page,
    new_password,
    page_problems,
    screenshot,
    set_language,
    site_fixture,
    unique,
)
from tests.browser.conftest import DESKTOP, PHONE

pytestmark = pytest.mark.browser

site = site_fixture()


def befriend(asker: Browser, other: Browser, other_name: str) -> None:
    """``asker`` asks by name, ``other`` accepts (the routes the account page uses)."""
    asked = asker.fetch("/api/me/friends", "POST", {"name": other_name})
    assert asked["status"] in (200, 201), asked
    incoming = other.fetch("/api/me/friends")["body"]["incoming"]
    answer = other.fetch(f"/api/me/friends/requests/{incoming[0]['id']}/accept", "POST")
    assert answer["status"] == 200, answer


def create_with_friend(anna: Browser, friend: str, shot_name: str | None = None) -> str:
    """On Anna's home page: a two-seat game, seat A hers, seat B kept for her friend; Anna
    goes to the table. Returns the game id."""
    anna.home()
    option = f"account:{friend}"
    anna.page.wait_for_selector(f"#seat-role-1 option[value='{option}']", state="attached")
    anna.page.locator("#kind-dolmengoetter").check()
    anna.page.select_option("#num-seats", "2")
    anna.page.select_option("#seat-role-0", "you")
    anna.page.select_option("#seat-role-1", option)
    anna.page.select_option("#start-player", "0")
    anna.page.click("#create")
    anna.page.wait_for_selector("#created:not([hidden])")
    assert friend in anna.page.inner_text("#invite-list")
    assert anna.page.locator("#invite-list input").count() == 0  # no link to send
    if shot_name:
        screenshot(anna.page, shot_name)
    game_id = anna.page.input_value("#spectator-link").rstrip("/").split("/play/")[1]
    with anna.page.expect_navigation():
        anna.page.click("#open-game")
    anna.page.wait_for_selector("body[data-status=open]")
    return game_id


def test_a_friend_added_and_seated_from_the_create_form_takes_the_seat(chromium, site):
    anna = browser(chromium, site.url, DESKTOP)
    ben = browser(chromium, site.url, PHONE)
    try:
        anna_name, ben_name = unique("Anna"), unique("Ben")
        anna.sign_up_with_password(anna_name, new_password())
        ben.sign_up_with_password(ben_name, new_password())

        # Anna asks Ben by name (the account page, "Friends").
        anna.account_page()
        anna.page.fill("#friend-add-name", ben_name)
        anna.page.click("#friend-add-submit")
        expect(anna.page.locator("#friend-add-status")).to_contain_text(ben_name)
        anna.page.wait_for_selector(f"#friends-outgoing li[data-name='{ben_name}']")

        # Ben sees the request on his and accepts.
        ben.account_page()
        request = ben.page.locator(f"#friends-incoming li[data-name='{anna_name}']")
        request.wait_for()
        assert page_problems(ben.page) == []
        request.locator("[data-action=accept]").click()
        ben.page.wait_for_selector(f"#friends-list li[data-name='{anna_name}']")
        expect(ben.page.locator("#friends-incoming-box")).to_be_hidden()
        screenshot(ben.page, "friends-en-phone")

        # Anna's create form: a seat for "A friend: Ben".
        game_id = create_with_friend(anna, ben_name, "friend-seated-en-desktop")

        # Ben: the game is in My games, his seat kept; he takes it there.
        ben.home()
        kept = ben.page.locator(f"#my-games-kept li[data-game='{game_id}']")
        kept.wait_for()
        assert kept.get_attribute("data-invited") == "true"
        assert page_problems(ben.page) == []
        screenshot(ben.page, "mygames-kept-en-phone")
        set_language(ben.page, "de")
        ben.page.wait_for_selector("#account-games[data-loaded]")
        assert english_on_german_page(ben.page) == []
        screenshot(ben.page, "mygames-kept-de-phone")
        set_language(ben.page, "en")
        ben.page.wait_for_selector("#account-games[data-loaded]")
        with ben.page.expect_navigation():
            kept.locator("[data-action=take-seat]").click()
        ben.page.wait_for_selector("body[data-status=running]")
        anna.page.wait_for_selector("body[data-status=running]")
        assert ben_name in ben.page.inner_text("#players")
        assert ben_name in anna.page.inner_text("#players")

        mine = {g["game_id"]: g for g in ben.fetch("/api/me/games")["body"]["games"]}
        assert mine[game_id]["seat"] == 1
        assert mine[game_id]["invited"] is False
        assert anna.errors == [] and ben.errors == []
    finally:
        anna.context.close()
        ben.context.close()


def test_a_friend_request_is_declined_and_a_name_nobody_has_is_said_plainly(chromium, site):
    anna = browser(chromium, site.url, DESKTOP)
    carl = browser(chromium, site.url, DESKTOP)
    try:
        anna_name, carl_name = unique("Anna"), unique("Carl")
        anna.sign_up_with_password(anna_name, new_password())
        carl.sign_up_with_password(carl_name, new_password())
        anna.account_page()
        anna.page.fill("#friend-add-name", unique("Nobody"))
        anna.page.click("#friend-add-submit")
        error = anna.page.locator("#friends-error")
        error.wait_for()
        assert error.inner_text().strip()
        anna.page.fill("#friend-add-name", carl_name)
        anna.page.click("#friend-add-submit")
        anna.page.wait_for_selector(f"#friends-outgoing li[data-name='{carl_name}']")
        carl.account_page()
        request = carl.page.locator(f"#friends-incoming li[data-name='{anna_name}']")
        request.locator("[data-action=decline]").click()
        expect(carl.page.locator("#friends-incoming-box")).to_be_hidden()
        assert carl.fetch("/api/me/friends")["body"]["friends"] == []
        # Declined: Anna's create form has no seat for Carl.
        anna.home()
        options = anna.page.locator("#seat-role-1 option").evaluate_all(
            "els => els.map(e => e.value)"
        )
        assert f"account:{carl_name}" not in options
        assert anna.errors == [] and carl.errors == []
    finally:
        anna.context.close()
        carl.context.close()


def test_a_kept_seat_is_offered_on_the_game_page_itself(chromium, site):
    """Ben follows a plain link to the game (no invite key): signed in, the page offers him
    the seat kept for him, under his account's name."""
    anna = browser(chromium, site.url, DESKTOP)
    ben = browser(chromium, site.url, PHONE)
    try:
        anna_name, ben_name = unique("Anna"), unique("Ben")
        anna.sign_up_with_password(anna_name, new_password())
        ben.sign_up_with_password(ben_name, new_password())
        befriend(anna, ben, ben_name)
        game_id = create_with_friend(anna, ben_name)
        ben.goto(f"/play/{game_id}")
        ben.page.wait_for_selector("#join:not([hidden])")
        assert ben.page.input_value("#join-name") == ben_name
        ben.page.click("#join-button")
        ben.page.wait_for_selector("body[data-status=running]")
        assert ben.page.get_attribute("body", "data-status") == "running"
        mine = {g["game_id"]: g for g in ben.fetch("/api/me/games")["body"]["games"]}
        assert (mine[game_id]["seat"], mine[game_id]["invited"]) == (1, False)
        assert anna.errors == [] and ben.errors == []
    finally:
        anna.context.close()
        ben.context.close()


def test_a_friend_link_opened_signed_out_comes_back_after_signing_up(chromium, site):
    """The friend link's page asks a stranger to sign in (/?next=...): the account page
    makes the account and goes back to the link, where one button makes the two friends."""
    anna = browser(chromium, site.url, DESKTOP)
    dora = browser(chromium, site.url, PHONE)
    try:
        anna_name, dora_name = unique("Anna"), unique("Dora")
        anna.sign_up_with_password(anna_name, new_password())
        link = anna.fetch("/api/me/friends")["body"]["link"]
        dora.page.goto(link)
        with dora.page.expect_navigation():
            dora.page.click("#friend-sign-in")
        dora.page.wait_for_selector("#panel-signin:not([hidden])")
        assert dora.page.url.startswith(f"{site.url}/account?")
        dora.page.click("#tab-signup")
        dora.page.fill("#signup-name", dora_name)
        dora.page.fill("#signup-password", new_password())
        with dora.page.expect_navigation():
            dora.page.click("#signup-submit")
        dora.page.wait_for_selector("#friend-add:not([hidden])")
        assert dora.page.url == link
        assert dora.page.inner_text(".account-slot .account-label") == dora_name
        dora.page.click("#friend-add")
        dora.page.wait_for_selector("#friend-add[hidden]", state="attached")
        names = [f["name"] for f in dora.fetch("/api/me/friends")["body"]["friends"]]
        assert names == [anna_name]
        assert anna.errors == [] and dora.errors == []
    finally:
        anna.context.close()
        dora.context.close()


def test_the_host_keeps_a_free_seat_for_an_account_which_takes_it_from_my_games(chromium, site):
    """At the table, the host keeps a seat waiting for a player for an account (no link to
    send; also after a seat was given back): that account finds it in My games."""
    anna = browser(chromium, site.url, DESKTOP)
    ben = browser(chromium, site.url, PHONE)
    try:
        anna_name, ben_name = unique("Anna"), unique("Ben")
        anna.sign_up_with_password(anna_name, new_password())
        ben.sign_up_with_password(ben_name, new_password())
        anna.home()
        anna.page.locator("#kind-dolmengoetter").check()
        anna.page.select_option("#num-seats", "2")
        anna.page.select_option("#seat-role-0", "you")
        anna.page.select_option("#seat-role-1", "friend")
        anna.page.click("#create")
        anna.page.wait_for_selector("#created:not([hidden])")
        game_id = anna.page.input_value("#spectator-link").rstrip("/").split("/play/")[1]
        with anna.page.expect_navigation():
            anna.page.click("#open-game")
        keep = anna.page.locator("input[data-keep-for='1']")
        keep.wait_for()
        keep.fill(ben_name)
        keep.press("Enter")
        expect(anna.page.locator("#message")).to_contain_text(ben_name)
        screenshot(anna.page, "keep-for-account-en-desktop")

        ben.home()
        kept = ben.page.locator(f"#my-games-kept li[data-game='{game_id}']")
        kept.wait_for()
        with ben.page.expect_navigation():
            kept.locator("[data-action=take-seat]").click()
        ben.page.wait_for_selector("body[data-status=running]")
        anna.page.wait_for_selector("body[data-status=running]")
        assert ben_name in anna.page.inner_text("#players")
        assert anna.errors == [] and ben.errors == []
    finally:
        anna.context.close()
        ben.context.close()
