"""A watcher's page that was offline while more than a page of chat lines (100) was
written shows every one of them once it is back, in order and with no gap (issue 36,
finding 11b): it reads the chat's last page when it opens, then pages on with ``after``."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.conftest import bearer, invite_keys
from tests.support.server import ServerProcess

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def chat_web(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    directory: Path = tmp_path_factory.mktemp("chat-catch-up")
    server = ServerProcess(
        f"sqlite:///{directory / 'browser.db'}", directory / "server.log", CHAT_RATE="0"
    ).start()
    yield server
    server.stop()


def texts(page) -> list[str]:
    return page.evaluate(
        "() => [...document.querySelectorAll('#chat-list .chat-text')].map(e => e.textContent)"
    )


def test_a_page_back_online_shows_every_line_it_missed(contexts, table, chat_web):
    with httpx.Client(base_url=chat_web.url) as http:
        r = http.post("/api/games", json={"kind": "dschingis_khan", "num_seats": 2})
        game_id, keys = r.json()["id"], invite_keys(r.json())
        token = http.post(
            f"/api/games/{game_id}/seats/0/join", json={"name": "Anna", "key": keys[0]}
        ).json()["token"]
        http.post(f"/api/games/{game_id}/seats/1/join", json={"name": "Ben", "key": keys[1]})

        def say(first: int, last: int) -> None:
            for i in range(first, last):
                r = http.post(
                    f"/api/games/{game_id}/chat", headers=bearer(token), json={"text": f"m{i}"}
                )
                assert r.status_code == 201, r.text

        say(0, 120)
        ctx = contexts(table.DESKTOP)
        watcher = table.Player(ctx.new_page(), None, "watcher")
        watcher.page.goto(f"{chat_web.url}/play/{game_id}")
        table.live_at_table(watcher)
        watcher.page.wait_for_function(
            "() => document.querySelectorAll('#chat-list .chat-line').length === 100"
        )
        assert texts(watcher.page) == [f"m{i}" for i in range(20, 120)]  # the last page

        ctx.set_offline(True)
        watcher.page.wait_for_selector("#conn[data-state=offline]")
        say(120, 350)  # more than two pages while the page cannot hear them
        ctx.set_offline(False)
        watcher.page.wait_for_selector("#conn[data-state=live]")
        watcher.page.wait_for_function(
            "() => [...document.querySelectorAll('#chat-list .chat-text')]"
            ".some(e => e.textContent === 'm349')"
        )
        # Every line missed, in order; the panel keeps the last 300.
        assert texts(watcher.page) == [f"m{i}" for i in range(50, 350)]
