"""The table chat in the browser: Anna (the host, on a desktop) writes and Ben (on a phone,
where the chat folds away under the board) and a watcher read it live; the watcher's line
is marked as a watcher's; a line that looks like HTML is shown as the text it is; writing
too fast is refused under the input; the host closes the chat to watchers and the watcher's
page shows it at once.

The server of this module allows 3 lines per connection in 10 minutes (``CHAT_RATE``,
``CHAT_WINDOW``), so the fourth is refused however slowly the test runs."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Page, expect

from tests.support.server import ServerProcess

pytestmark = pytest.mark.browser

GAME = "dschingis_khan"
DESKTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}
HTML_LINE = (
    "Hi Ben <script>window.chatPwned = 1</script><b>bold?</b> "
    '<img src=x onerror="window.chatPwned = 2">'
)


@pytest.fixture(scope="module")
def chat_web(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    directory: Path = tmp_path_factory.mktemp("chat-browser")
    server = ServerProcess(
        f"sqlite:///{directory / 'browser.db'}",
        directory / "server.log",
        BOT_DELAY="0.05",
        CHAT_RATE="3",
        CHAT_WINDOW="600",
    ).start()
    yield server
    server.stop()


def say(page: Page, text: str) -> None:
    page.fill("#chat-input", text)
    page.press("#chat-input", "Enter")


def lines(page: Page) -> list[dict[str, object]]:
    return page.evaluate(
        """() => [...document.querySelectorAll('#chat-list .chat-line')].map(li => ({
            name: li.querySelector('.chat-name-text').textContent,
            text: li.querySelector('.chat-text').textContent,
            watcher: li.classList.contains('from-watcher')
                && li.querySelector('.chat-tag')?.textContent === 'watcher',
            elements: li.querySelector('.chat-text').children.length,
        }))"""
    )


def wait_for_line(page: Page, text: str) -> None:
    page.wait_for_function(
        "t => [...document.querySelectorAll('#chat-list .chat-text')]"
        ".some(e => e.textContent === t)",
        arg=text,
    )


def test_chat_reaches_the_other_player_and_the_watcher(contexts, table, chat_web):
    base = chat_web.url
    anna_page = contexts(DESKTOP).new_page()
    game_id, invites, spectator = table.create_game(
        anna_page, base, GAME, ["you", "friend"], "Anna"
    )
    ben_page = contexts(PHONE).new_page()
    table.join_by_link(ben_page, invites[1], "Ben")
    watcher_page = contexts(DESKTOP).new_page()
    watcher_page.goto(spectator)
    anna = table.Player(anna_page, 0, "Anna")
    ben = table.Player(ben_page, 1, "Ben")
    watcher = table.Player(watcher_page, None, "watcher")
    table.live_at_table(anna, ben, watcher)

    # Open beside the log on a desktop; folded on the phone, counting what comes in.
    assert anna.page.locator("#chat").evaluate("d => d.open") is True
    assert ben.page.locator("#chat").evaluate("d => d.open") is False

    say(anna.page, HTML_LINE)
    for p in (anna, ben, watcher):
        wait_for_line(p.page, HTML_LINE)
    ben.page.wait_for_selector(".chat-unread:has-text('1 new')")
    table.shot(ben.page, "chat-folded-phone")
    ben.page.click("#chat summary")
    # <details> fires "toggle" as a task after it opens: wait for the count to clear.
    expect(ben.page.locator(".chat-unread")).to_have_text("")
    for p in (anna, ben, watcher):
        # Shown as typed: no element was made from it and no script ran.
        assert lines(p.page) == [
            {
                "name": "You" if p is anna else "Anna",
                "text": HTML_LINE,
                "watcher": False,
                "elements": 0,
            }
        ]
        assert p.page.evaluate("() => window.chatPwned === undefined")

    say(ben.page, "hi Anna, good luck")
    for p in (anna, watcher):
        wait_for_line(p.page, "hi Anna, good luck")

    # The watcher gives a name; the line is marked as a watcher's everywhere.
    assert watcher.page.locator("#chat-name").is_visible()
    assert not anna.page.locator("#chat-name").is_visible()  # players write as their seat
    watcher.page.fill("#chat-name", "Ada")
    say(watcher.page, "Go Anna!")
    for p in (anna, ben, watcher):
        wait_for_line(p.page, "Go Anna!")
        last = lines(p.page)[-1]
        assert last["name"] == "Ada" and last["watcher"] is True
    assert not any(line["watcher"] for line in lines(anna.page)[:-1])
    table.shot(anna.page, "chat-desktop")
    table.shot(ben.page, "chat-open-phone")

    # Too fast: Anna's fourth line within the window is refused under her input, with the
    # text kept for later; nobody else gets it.
    say(anna.page, "second")
    say(anna.page, "third")
    wait_for_line(ben.page, "third")
    say(anna.page, "fourth, too fast")
    anna.page.wait_for_selector("#chat-error:not([hidden])")
    error = anna.page.locator("#chat-error").inner_text()
    assert "Not sent" in error and "at most 3 messages in 600 seconds" in error
    assert anna.page.input_value("#chat-input") == "fourth, too fast"
    table.shot(anna.page, "chat-too-fast-desktop")

    # The host closes the chat to watchers: the watcher's page says so at once.
    assert anna.page.locator("#chat-watchers").is_visible()
    assert not ben.page.locator("#chat-watchers").is_visible()
    anna.page.uncheck("#chat-watchers")
    watcher.page.wait_for_selector("#chat-input:disabled")
    assert watcher.page.locator(".chat-closed").is_visible()
    assert ben.page.locator("#chat-input").is_enabled()  # players still talk
    table.shot(watcher.page, "chat-closed-to-watchers-desktop")

    stored = httpx.get(f"{base}/api/games/{game_id}/chat", timeout=10).json()["messages"]
    expected = [HTML_LINE, "hi Anna, good luck", "Go Anna!", "second", "third"]
    assert [m["text"] for m in stored] == expected  # the refused line was not stored
    assert [line["text"] for line in lines(ben.page)] == expected
    for p in (anna, ben, watcher):
        assert p.errors == [], p.errors
