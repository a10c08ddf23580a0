"""Ratings in the pages (issue 39), in Chromium: Anna (desktop) and Ben (phone), friends,
create a rated game from the home page's form (the "Rated" box on by default when every
seat is an account's, explained and off when a seat goes to a link, not offered twice for
one bot level) and play three rated games, while the server's easy and medium bots play
three of their own; then the ladder lists the four with the numbers the API has, the bots
marked, and each profile draws the chart of its rating, lists the games with their replays
and compares the two head-to-head. Screenshots in English, German and Czech, desktop and
phone, checked for untranslated words, small targets, sideways scrolling and by axe-core."""

from __future__ import annotations

import random
from typing import Any

import httpx
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
from tests.browser.test_accounts_friends import befriend
from tests.browser.test_axe_wcag import readable, violations
from tests.support.play import play_to_end
from tests.support.waiting import wait_for

pytestmark = pytest.mark.browser

site = site_fixture()

KIND = "dolmengoetter"


def rated_game_through_the_form(anna: Browser, ben_name: str) -> str:
    """Anna's create form, as a player meets it; returns the new game's id."""
    anna.home()
    page = anna.page
    friend = f"account:{ben_name}"
    page.wait_for_selector(f"#seat-role-1 option[value='{friend}']", state="attached")
    page.locator(f"#kind-{KIND}").check()
    box, hint = page.locator("#rated-game"), page.locator("#rated-hint")

    # Three seats, two medium bots beside Anna: not a rated game, and the form says why.
    page.select_option("#num-seats", "3")
    page.select_option("#seat-role-1", "bot")
    page.select_option("#seat-role-2", "bot")
    expect(box).to_be_disabled()
    expect(box).not_to_be_checked()
    expect(hint).to_contain_text("each bot level once")
    page.select_option("#seat-level-2", "hard")
    expect(box).to_be_enabled()
    expect(box).to_be_checked()  # Anna, Bot · medium and Bot · hard: every seat an account

    # Two seats; Ben by link: off, with the reason; Ben as her friend: on.
    page.select_option("#num-seats", "2")
    page.select_option("#seat-role-1", "friend")
    expect(box).not_to_be_checked()
    expect(hint).to_contain_text("signed in")
    page.select_option("#seat-role-1", friend)
    expect(box).to_be_checked()
    expect(hint).to_be_hidden()
    assert page_problems(page) == []
    screenshot(page, "rated-form-en-desktop")
    page.select_option("#start-player", "0")
    page.click("#create")
    page.wait_for_selector("#created:not([hidden])")
    expect(page.locator("#created-privacy")).to_contain_text("rated")
    game_id = page.input_value("#spectator-link").rstrip("/").split("/play/")[1]
    # To the table: Anna's page took her seat with a contribution to the fair draw, which
    # it reveals there when Ben has joined.
    with page.expect_navigation():
        page.click("#open-game")
    page.wait_for_selector("body[data-status=open]")
    return game_id


def seat_tokens(anna: Browser, ben: Browser, game_id: str) -> dict[int, str]:
    """Both take their seats through their accounts (Anna's as the creator's, Ben's kept for
    him) and hand the tokens to the test, which plays for them."""
    ben_joined = ben.fetch(f"/api/me/games/{game_id}/join", "POST", {})
    assert ben_joined["status"] == 201, ben_joined
    anna_seat = anna.fetch(f"/api/me/games/{game_id}/access", "POST", {})
    assert anna_seat["status"] == 200, anna_seat
    return {0: anna_seat["body"]["token"], 1: ben_joined["body"]["token"]}


def api_rated_game(anna: Browser, anna_name: str, ben_name: str) -> str:
    """A rated game made by Anna through the API: her seat, one kept for Ben."""
    made = anna.fetch(
        "/api/games",
        "POST",
        {
            "kind": KIND,
            "num_seats": 2,
            "rated": True,
            "seats": [{"bot": False}, {"friend": ben_name}],
        },
    )
    assert made["status"] == 201, made
    game = made["body"]
    key = next(i["key"] for i in game["invites"] if i["seat"] == 0)
    joined = anna.fetch(
        f"/api/games/{game['id']}/seats/0/join", "POST", {"name": anna_name, "key": key}
    )
    assert joined["status"] == 201, joined
    return game["id"]


def shown_rating(who: Browser, name: str) -> int:
    [rating] = who.fetch(f"/api/accounts/{name}/ratings")["body"]["ratings"]
    return int(rating["rating"])


def look(who: Browser, name: str, lang: str, where: str) -> None:
    """A screenshot of the page as it is, after the checks every page passes (and axe-core's
    WCAG 2.1 AA rules)."""
    assert page_problems(who.page) == [], (name, lang)
    found = violations(who.page)
    assert not found, readable(f"{name} {lang} {where}", found)
    if lang == "de":
        assert english_on_german_page(who.page) == [], name
    screenshot(who.page, f"{name}-{lang}-{where}")


def test_rated_games_move_the_ladder_and_the_profiles(chromium, site):
    anna = browser(chromium, site.url, DESKTOP)
    ben = browser(chromium, site.url, PHONE)
    try:
        anna_name, ben_name = unique("Anna"), unique("Ben")
        anna.sign_up_with_password(anna_name, new_password())
        ben.sign_up_with_password(ben_name, new_password())
        befriend(anna, ben, ben_name)

        games = [rated_game_through_the_form(anna, ben_name)]
        games += [api_rated_game(anna, anna_name, ben_name) for _ in range(2)]
        # Meanwhile the server's easy and medium bots play three rated games of their own.
        bot_seats = [{"bot": True, "level": "easy"}, {"bot": True, "level": "medium"}]
        bot_games = [
            anna.fetch(
                "/api/games",
                "POST",
                {"kind": KIND, "num_seats": 2, "rated": True, "seats": bot_seats},
            )["body"]["id"]
            for _ in range(3)
        ]
        with httpx.Client(base_url=site.url, timeout=30) as http:
            for i, game_id in enumerate(games):
                tokens = seat_tokens(anna, ben, game_id)
                if i == 0:  # the table's page has revealed Anna's contribution
                    anna.page.wait_for_selector("body[data-status=running]")
                play_to_end(http, game_id, tokens, random.Random(i))
                assert http.get(f"/api/games/{game_id}").json()["rated"] is True
            for game_id in bot_games:
                wait_for(
                    lambda g=game_id: http.get(f"/api/games/{g}").json()["status"] == "over",
                    f"the bots' game {game_id} to end",
                    120,
                )

        # The ladder: the four, with the numbers the API shows, best first, bots marked.
        anna.goto(f"/ladder?kind={KIND}")
        rows = anna.page.locator("table.ladder tbody tr")
        expect(rows).to_have_count(4)
        listed: dict[str, Any] = {
            rows.nth(i).locator("th a").inner_text(): int(
                rows.nth(i).locator("td.rating").inner_text().replace(",", "")
            )
            for i in range(4)
        }
        names = [anna_name, ben_name, "Bot · easy", "Bot · medium"]
        assert listed == {name: shown_rating(anna, name) for name in names}
        marked = anna.page.locator("table.ladder tbody th:has(.bot-mark) a").all_inner_texts()
        assert sorted(marked) == ["Bot · easy", "Bot · medium"]
        assert list(listed.values()) == sorted(listed.values(), reverse=True)
        expect(anna.page.locator(f"#tab-{KIND}")).to_have_attribute("aria-selected", "true")
        look(anna, "ladder", "en", "desktop")

        # Ben's profile on Anna's screen: the chart of three games, the games, head-to-head.
        anna.goto(f"/players/{ben_name}")
        card = anna.page.locator(f"section[aria-labelledby='kind-{KIND}']")
        card.wait_for()
        expect(card.locator("svg.rating-chart circle.dot")).to_have_count(3)
        label = card.locator("svg.rating-chart").get_attribute("aria-label") or ""
        assert "from 1,000" in label or "from 1000" in label, label
        assert str(shown_rating(anna, ben_name)) in label.replace(",", "")
        expect(card.locator(".big-rating strong")).to_have_text(f"{shown_rating(anna, ben_name):,}")
        recent = anna.page.locator("#player-recent > li")
        expect(recent).to_have_count(3)
        replay = recent.first.get_by_role("link", name="Replay")
        assert replay.get_attribute("href") == f"/play/{games[-1]}"
        anna.page.fill("#player-h2h-name", anna_name)
        anna.page.click("#player-h2h-form button[type=submit]")
        expect(anna.page.locator("#player-h2h")).to_contain_text("3 games")
        assert "against=" in anna.page.url  # a link to this comparison
        look(anna, "profile", "en", "desktop")

        # Ben on his phone: his own profile and the ladder, in German and in Czech.
        ben.goto(f"/players/{ben_name}?against={anna_name}")
        ben.page.wait_for_selector("svg.rating-chart")
        expect(ben.page.locator("#player-h2h")).to_contain_text("3 games")
        look(ben, "profile", "en", "phone")
        for lang in ("de", "cs"):
            set_language(ben.page, lang)
            ben.page.wait_for_selector("svg.rating-chart")
            expect(ben.page.locator("#player-h2h li")).to_have_count(1)
            look(ben, "profile", lang, "phone")
            ben.goto("/ladder")
            expect(ben.page.locator("table.ladder tbody tr")).to_have_count(4)
            look(ben, "ladder", lang, "phone")
            ben.goto(f"/players/{ben_name}?against={anna_name}")
        set_language(anna.page, "de")
        anna.page.wait_for_selector("svg.rating-chart")
        look(anna, "profile", "de", "desktop")
        assert anna.errors == [] and ben.errors == []
    finally:
        anna.context.close()
        ben.context.close()


def test_a_visitor_is_asked_to_sign_in(chromium, site):
    visitor = browser(chromium, site.url, PHONE)
    try:
        for path in ("/ladder", "/players/Anna"):
            visitor.goto(path)
            link = visitor.page.locator("main a.button.primary")
            expect(link).to_be_visible()
            assert (link.get_attribute("href") or "").startswith("/account?")
            assert page_problems(visitor.page) == []
        assert visitor.errors == []
    finally:
        visitor.context.close()
