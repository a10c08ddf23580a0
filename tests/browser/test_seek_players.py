"""Seeks in the pages (issue 39), in Chromium: Anna (desktop) seeks a rated 2-player game
from the home page; Ben's open home page (phone) lists it at once (the event stream's
seeks_changed, no reload), in English and in German; he joins and lands at the table, and
Anna's page says the game has started and opens it. Then Anna seeks a 3-player game, fills
the free places with the server's bots (SEEK_FILL_MINUTES is 0 here) and lands at that table."""

from __future__ import annotations

import httpx
import pytest
from playwright.sync_api import Browser as Chromium
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
from tests.browser.test_axe_wcag import readable, violations
from tests.browser.test_challenge_a_friend import seat_token

pytestmark = pytest.mark.browser

site = site_fixture(SEEK_FILL_MINUTES="0")


def live_home(who: Browser) -> None:
    """The home page, signed in, its seeks listed and the event stream listening."""
    who.home()
    who.page.wait_for_selector("#challenges[data-live]")
    who.page.wait_for_selector("#seeks[data-loaded]")


def seek_players(who: Browser, seats: int) -> None:
    page = who.page
    if page.locator("#seek-new:not([open])").count():
        page.click("#seek-new summary")
    page.select_option("#seek-kind", "dolmengoetter")
    page.select_option("#seek-seats", str(seats))
    page.select_option("#seek-time", index=1)  # 1 day per move
    expect(page.locator("#seek-rated")).to_be_checked()
    page.click("#seek-send")
    expect(page.locator("#seek-status")).to_have_text("Your seek is in the list.")


def test_a_seek_joined_in_the_other_browser_starts_a_rated_game(chromium: Chromium, site) -> None:
    anna = browser(chromium, site.url, DESKTOP)
    ben = browser(chromium, site.url, PHONE)
    try:
        anna_name, ben_name = unique("Anna"), unique("Ben")
        anna.sign_up_with_password(anna_name, new_password())
        ben.sign_up_with_password(ben_name, new_password())
        live_home(ben)
        live_home(anna)
        expect(ben.page.locator("#seeks-none")).to_be_visible()

        seek_players(anna, 2)
        mine = anna.page.locator("#seeks-list li.is-mine")
        expect(mine).to_have_count(1)
        expect(mine).to_contain_text("Your seek")
        expect(mine).to_contain_text("Die Dolmengötter · 2 seats · 1 day per move · rated")
        expect(mine).to_contain_text(f"Playing: {anna_name} · 1 place free")
        expect(mine.locator("[data-action=fill]")).to_be_visible()
        screenshot(anna.page, "seek-yours-en-desktop")

        # Ben's page lists it without a reload.
        offer = ben.page.locator("#seeks-list li[data-seek]")
        expect(offer).to_have_count(1)
        expect(offer).to_contain_text(f"{anna_name} seeks players")
        expect(ben.page.locator("#seeks-none")).to_be_hidden()
        assert page_problems(ben.page) == []
        found = violations(ben.page)
        assert not found, readable("the home page with a seek", found)
        screenshot(ben.page, "seek-open-en-phone")
        set_language(ben.page, "de")
        ben.page.wait_for_selector("#seeks[data-loaded]")
        expect(offer).to_contain_text(f"{anna_name} sucht Mitspieler")
        expect(offer).to_contain_text("1 Platz frei")
        assert english_on_german_page(ben.page) == []
        assert page_problems(ben.page) == []
        screenshot(ben.page, "seek-open-de-phone")

        with ben.page.expect_navigation():
            offer.locator("[data-action=join]").click()
        ben.page.wait_for_selector("body[data-status=running]")
        game_id = ben.page.url.split("/play/")[1].split("?")[0]

        started = anna.page.locator(f"#seeks-list li[data-game='{game_id}']")
        expect(started).to_contain_text("the game has started")
        with anna.page.expect_navigation():
            started.locator("[data-action=open]").click()
        anna.page.wait_for_selector("body[data-status=running]")
        tokens = dict([seat_token(anna, game_id), seat_token(ben, game_id)])
        assert sorted(tokens) == [0, 1]
        with httpx.Client(base_url=site.url, timeout=30) as http:
            assert http.get(f"/api/games/{game_id}").json()["rated"] is True

        # A 3-player seek nobody joins: Anna fills it with two of the server's bots.
        live_home(anna)
        seek_players(anna, 3)
        mine = anna.page.locator("#seeks-list li.is-mine")
        expect(mine).to_contain_text("2 places free")
        mine.locator("[data-action=fill]").click()
        levels = mine.locator(".seek-level")
        expect(levels).to_have_count(2)
        expect(mine).to_contain_text("In a rated game each bot level plays once.")
        assert [levels.nth(i).input_value() for i in range(2)] == ["medium", "hard"]
        assert page_problems(anna.page) == []
        screenshot(anna.page, "seek-fill-en-desktop")
        with anna.page.expect_navigation():
            mine.locator("[data-action=fill-start]").click()
        anna.page.wait_for_selector("body[data-status=running]")
        filled = anna.page.url.split("/play/")[1].split("?")[0]
        with httpx.Client(base_url=site.url, timeout=30) as http:
            game = http.get(f"/api/games/{filled}").json()
            assert (game["num_seats"], game["rated"]) == (3, True)
        assert anna.errors == [] and ben.errors == []
    finally:
        anna.context.close()
        ben.context.close()
