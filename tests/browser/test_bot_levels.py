"""The home page offers a level for each bot seat (issue 12), and only for bot seats."""

from __future__ import annotations

import httpx
import pytest

pytestmark = pytest.mark.browser


def test_the_creator_picks_each_bots_level_on_the_home_page(contexts, table):
    page = contexts(table.DESKTOP).new_page()
    page.goto(f"{table.base}/")
    page.locator("#kind-dolmengoetter").check()
    page.select_option("#num-seats", "3")
    assert page.locator("#seat-level-1").is_hidden()  # a friend's seat has no level
    page.select_option("#seat-role-1", "bot")
    page.select_option("#seat-role-2", "bot")
    assert page.input_value("#seat-level-1") == "medium"  # the server's default
    page.get_by_label("Bot level for seat B").select_option("hard")
    page.get_by_label("Bot level for seat C").select_option("easy")
    assert page.locator("#seat-level-0").is_hidden()
    table.shot(page, "home-bot-levels-desktop")
    page.fill("#your-name", "Anna")
    page.click("#create")
    page.wait_for_selector("#created:not([hidden])")
    game_id = page.input_value("#spectator-link").rstrip("/").split("/play/")[1]
    seats = httpx.get(f"{table.base}/api/games/{game_id}").json()["seats"]
    assert [s["level"] for s in seats] == [None, "hard", "easy"]
