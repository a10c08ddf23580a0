"""Challenges in the pages (issue 39), in Chromium: Anna (desktop) challenges her friend Ben
(phone) from the home page; Ben's open home page shows the offer at once (the account's
event stream, no reload), he accepts and lands at the table; Anna's page says the game has
started and opens it. They play it to the end, and both profiles show their ratings moved
and the chart drawn. A withdrawn challenge leaves Ben's page just as quickly."""

from __future__ import annotations

import random

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
from tests.browser.test_accounts_friends import befriend
from tests.browser.test_axe_wcag import readable, violations
from tests.support.play import play_to_end

pytestmark = pytest.mark.browser

site = site_fixture()


def live_home(who: Browser) -> None:
    """The home page, signed in, its challenges listening on the event stream."""
    who.home()
    who.page.wait_for_selector("#challenges[data-live]")


def challenge(anna: Browser, ben_name: str) -> None:
    page = anna.page
    if page.locator("#challenge-new:not([open])").count():
        page.click("#challenge-new summary")
    page.check(f".challenge-friend[value='{ben_name}']")
    page.select_option("#challenge-kind", "dolmengoetter")
    page.select_option("#challenge-time", index=1)  # 1 day per move
    expect(page.locator("#challenge-rated")).to_be_checked()
    page.click("#challenge-send")
    expect(page.locator("#challenge-status")).to_contain_text(ben_name)


def seat_token(who: Browser, game_id: str) -> tuple[int, str]:
    held = who.page.evaluate(f"localStorage.getItem('tafelrunde.seat.{game_id}')")
    assert held, "the page keeps the seat's token"
    seat = who.fetch(f"/api/me/games/{game_id}/access", "POST", {})["body"]
    return seat["seat"], seat["token"]


def test_a_challenge_accepted_in_the_other_browser_starts_a_rated_game(
    chromium: Chromium, site
) -> None:
    anna = browser(chromium, site.url, DESKTOP)
    ben = browser(chromium, site.url, PHONE)
    try:
        anna_name, ben_name = unique("Anna"), unique("Ben")
        anna.sign_up_with_password(anna_name, new_password())
        ben.sign_up_with_password(ben_name, new_password())
        befriend(anna, ben, ben_name)
        live_home(ben)
        live_home(anna)
        expect(anna.page.locator("#challenges-offered-box")).to_be_hidden()

        # A challenge withdrawn before Ben answers: offered, then gone, without a reload.
        challenge(anna, ben_name)
        offer = ben.page.locator("#challenges-offered li.challenge")
        expect(offer).to_have_count(1)
        anna.page.locator("#challenges-made [data-action=withdraw]").click()
        expect(offer).to_have_count(0)
        expect(ben.page.locator("#challenges-offered-box")).to_be_hidden()

        # The real one.
        challenge(anna, ben_name)
        expect(anna.page.locator("#challenges-made li.challenge")).to_contain_text(
            f"waiting for {ben_name}"
        )
        expect(offer).to_have_count(1)
        expect(offer).to_contain_text(f"{anna_name} challenges you")
        expect(offer).to_contain_text("Die Dolmengötter · 2 seats · 1 day per move · rated")
        assert page_problems(ben.page) == []
        found = violations(ben.page)
        assert not found, readable("the home page with a challenge", found)
        screenshot(ben.page, "challenge-offered-en-phone")
        set_language(ben.page, "de")
        ben.page.wait_for_selector("#challenges[data-live]")
        expect(offer).to_contain_text("fordert dich heraus")
        assert english_on_german_page(ben.page) == []
        screenshot(ben.page, "challenge-offered-de-phone")

        with ben.page.expect_navigation():
            offer.locator("[data-action=accept]").click()
        ben.page.wait_for_selector("body[data-status=running]")
        game_id = ben.page.url.split("/play/")[1].split("?")[0]

        started = anna.page.locator(f"#challenges-made li[data-game='{game_id}']")
        expect(started).to_contain_text("the game has started")
        expect(started).to_contain_text(f"Die Dolmengötter with {ben_name}")
        screenshot(anna.page, "challenge-started-en-desktop")
        with anna.page.expect_navigation():
            started.locator("[data-action=open]").click()
        anna.page.wait_for_selector("body[data-status=running]")

        tokens = dict([seat_token(anna, game_id), seat_token(ben, game_id)])
        assert sorted(tokens) == [0, 1]
        with httpx.Client(base_url=site.url, timeout=30) as http:
            assert http.get(f"/api/games/{game_id}").json()["rated"] is True
            play_to_end(http, game_id, tokens, random.Random(3))

        # Both profiles: the rating moved from a newcomer's 1000, the chart drawn.
        for who, name in ((anna, ben_name), (ben, anna_name)):
            who.goto(f"/players/{name}")
            chart = who.page.locator("svg.rating-chart")
            expect(chart.locator("circle.dot")).to_have_count(1)
            [rating] = who.fetch(f"/api/accounts/{name}/ratings")["body"]["ratings"]
            assert rating["games"] == 1 and rating["rating"] != 1000
            shown = who.page.locator(".big-rating strong").inner_text()
            assert int(shown.replace(",", "").replace(".", "")) == rating["rating"]
        assert anna.errors == [] and ben.errors == []
    finally:
        anna.context.close()
        ben.context.close()
