"""The pages and the API docs work under the Content-Security-Policy (app/core/headers.py):
the browser refuses nothing they need, and /docs renders with Swagger UI from this server."""

from __future__ import annotations

import pytest

from tests.browser.conftest import Player, create_game

pytestmark = pytest.mark.browser


def csp_refusals(player: Player) -> list[str]:
    return [e for e in player.errors if "Content Security Policy" in e]


@pytest.mark.parametrize("kind", ["dolmengoetter", "dschingis_khan"])
def test_home_and_game_page_run_with_nothing_refused(web, contexts, kind):
    player = Player(contexts().new_page(), 0, "Anna")
    create_game(player.page, web.url, kind, ["you", "bot"], "Anna")
    player.page.wait_for_selector("body[data-version]")
    assert csp_refusals(player) == []
    assert player.errors == []


def test_the_api_docs_render_from_this_server_with_nothing_refused(web, contexts):
    page = contexts().new_page()
    player = Player(page, None, "reader")
    foreign: list[str] = []
    page.on("request", lambda r: r.url.startswith(web.url) or foreign.append(r.url))
    page.goto(f"{web.url}/docs")
    page.wait_for_selector("#operations-actions-post_action_api_games__game_id__actions_post")
    assert foreign == []
    assert csp_refusals(player) == []
