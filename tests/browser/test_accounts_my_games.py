"""My games on every device (issue 38, item 2), in Chromium: one account signed in on a
"laptop" (1280×800) and a "phone" (390×844) sees the same game in My games on the home page,
your-turn games first; the phone, which never held the seat's token, opens the game seated
(the server hands it the seat's access) and plays a turn, then the laptop plays one. Seats
taken in this browser before signing up are offered, once, to be kept in the account.
Screenshots of My games in English and German, on the desktop and the phone."""

from __future__ import annotations

import random

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
from tests.browser.conftest import PHONE, Player, create_game, play

pytestmark = pytest.mark.browser

site = site_fixture()
LAPTOP = {"width": 1280, "height": 800}
FULL_HD = {"width": 1920, "height": 1080}


def play_a_turn(player: Player, rng: random.Random) -> int:
    """Wait until it is this page's turn, then make one move by clicking; the new version."""
    player.page.wait_for_selector("body[data-my-turn=true][data-sending=false]")
    before = player.version()
    play([player], rng, until=lambda: player.version() > before)
    return player.version()


def my_games_item(b: Browser, game_id: str):
    return b.page.locator(f"#account-games li[data-game='{game_id}']")


def test_one_account_on_a_laptop_and_a_phone_plays_the_same_game(chromium, site, rng):
    name, password = unique("Anna"), new_password()
    laptop = browser(chromium, site.url, LAPTOP)
    phone = browser(chromium, site.url, PHONE)
    try:
        laptop.sign_up_with_password(name, password)
        # A game against the server's bot, set up on the laptop while signed in: the seat
        # is the account's.
        game_id, _, _ = create_game(
            laptop.page, site.url, "dolmengoetter", ["you", "bot"], name, start_player=0
        )
        at_laptop = Player(laptop.page, 0, name)
        play_a_turn(at_laptop, rng)
        laptop.page.wait_for_selector("body[data-my-turn=true]")  # the bot has answered

        # The phone: signed in with the same account, never at this game before.
        phone.sign_in_with_password(name, password)
        item = my_games_item(phone, game_id)
        item.wait_for()
        assert item.get_attribute("data-your-turn") == "true"
        assert phone.page.locator(f"#my-games-turn li[data-game='{game_id}']").count() == 1
        assert "tafelrunde.seat." + game_id not in phone.page.evaluate("Object.keys(localStorage)")
        assert page_problems(phone.page) == []
        screenshot(phone.page, "mygames-en-phone")
        set_language(phone.page, "de")
        phone.page.wait_for_selector("#account-games[data-loaded]")
        assert english_on_german_page(phone.page) == []
        screenshot(phone.page, "mygames-de-phone")
        set_language(phone.page, "en")
        phone.page.wait_for_selector("#account-games[data-loaded]")

        with phone.page.expect_navigation():
            my_games_item(phone, game_id).locator("[data-action=open]").click()
        phone.page.wait_for_selector("body[data-version]")
        at_phone = Player(phone.page, 0, name)
        assert at_phone.token  # the seat's access, kept where the game page looks
        assert phone.page.get_attribute("body", "data-my-turn") == "true"
        moved = play_a_turn(at_phone, rng)

        # Back on the laptop: My games has it (waiting for the bot, or the laptop's turn
        # again), and the laptop plays on from the position the phone left.
        laptop.home()
        my_games_item(laptop, game_id).wait_for()
        screenshot(laptop.page, "mygames-en-desktop")
        set_language(laptop.page, "de")
        laptop.page.wait_for_selector("#account-games[data-loaded]")
        assert english_on_german_page(laptop.page) == []
        screenshot(laptop.page, "mygames-de-desktop")
        set_language(laptop.page, "en")
        laptop.page.wait_for_selector("#account-games[data-loaded]")
        with laptop.page.expect_navigation():
            my_games_item(laptop, game_id).locator("[data-action=open]").click()
        laptop.page.wait_for_selector("body[data-version]")
        laptop.page.wait_for_function("v => Number(document.body.dataset.version) >= v", arg=moved)
        play_a_turn(at_laptop, rng)

        games = laptop.fetch("/api/me/games")["body"]["games"]
        assert [g["game_id"] for g in games] == [game_id]
        assert laptop.errors == [] and phone.errors == []
    finally:
        laptop.context.close()
        phone.context.close()


def test_seats_taken_before_signing_up_are_kept_in_the_account_when_asked(chromium, site):
    cleo = browser(chromium, site.url, FULL_HD)
    try:
        # Two games played anonymously in this browser, as always.
        first, _, _ = create_game(cleo.page, site.url, "dschingis_khan", ["you", "bot"], "Cleo")
        second, _, _ = create_game(cleo.page, site.url, "dolmengoetter", ["you", "bot"], "Cleo")
        cleo.sign_up_with_password(unique("Cleo"), new_password())
        cleo.home()
        # Never kept unasked (a shared computer may hold someone else's seats): asked once.
        offer = cleo.page.locator("#claim-offer")
        offer.wait_for()
        assert "2 games" in offer.inner_text()
        assert cleo.fetch("/api/me/games")["body"]["games"] == []
        assert cleo.page.locator("#my-games [data-action=claim]").count() == 2
        assert page_problems(cleo.page) == []
        screenshot(cleo.page, "claim-en-fullhd")

        # "Not now": not asked again on this browser; one game kept by its own button.
        cleo.page.click("#claim-later")
        cleo.home()
        cleo.page.wait_for_selector("#mine:not([hidden])")
        assert cleo.page.locator("#claim-offer").is_hidden()
        cleo.page.locator(f"#my-games li[data-game='{first}'] [data-action=claim]").click()
        my_games_item(cleo, first).wait_for()
        kept = {g["game_id"] for g in cleo.fetch("/api/me/games")["body"]["games"]}
        assert kept == {first}
        # The other stays this browser's only, still with its button.
        assert cleo.page.locator(f"#my-games li[data-game='{second}'] [data-action=claim]").count()
        assert cleo.errors == []
    finally:
        cleo.context.close()


def test_the_offer_keeps_every_seat_of_this_browser_with_one_button(chromium, site):
    dora = browser(chromium, site.url, LAPTOP)
    try:
        game_id, _, _ = create_game(dora.page, site.url, "dolmengoetter", ["you", "bot"], "Dora")
        dora.sign_up_with_password(unique("Dora"), new_password())
        dora.home()
        dora.page.locator("#claim-offer").wait_for()
        assert "1 game" in dora.page.inner_text("#claim-offer")
        dora.page.click("#claim-all")
        my_games_item(dora, game_id).wait_for()
        expect(dora.page.locator("#claim-offer")).to_be_hidden()
        expect(dora.page.locator("#mine")).to_be_hidden()  # nothing left only in this browser
        games = dora.fetch("/api/me/games")["body"]["games"]
        assert [(g["game_id"], g["seat"]) for g in games] == [(game_id, 0)]
        assert dora.errors == []
    finally:
        dora.context.close()
