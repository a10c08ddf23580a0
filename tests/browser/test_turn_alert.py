"""Your turn, in a background tab (issue 9): when it becomes Ben's turn while his page is
hidden, its title and favicon change and, once he allowed it with "Notify me", a system
notification appears; both come back when the page is shown again or the turn passes. One
remembered setting switches it all off.

The page is "hidden" by overriding ``document.hidden`` / ``visibilityState`` and sending
``visibilitychange``, as the browser does when the tab goes to the background. The browser's
Notification is replaced by a recorder that grants permission when asked."""

from __future__ import annotations

import httpx
import pytest

pytestmark = pytest.mark.browser

GAME = "dolmengoetter"
TITLE = "Die Dolmengötter — Tafelrunde"
ALERT = f"● Your turn — {TITLE}"

# Before the page's scripts: document.hidden follows window.__hidden, and notifications are
# recorded in window.__notes (permission "default" until asked).
STUBS = """
window.__hidden = false;
Object.defineProperty(document, 'hidden', {configurable: true, get: () => window.__hidden});
Object.defineProperty(document, 'visibilityState',
  {configurable: true, get: () => (window.__hidden ? 'hidden' : 'visible')});
window.__notes = [];
class RecordedNotification {
  constructor(title, options) { window.__notes.push({title, ...options}); }
  close() {}
  static requestPermission() {
    RecordedNotification.permission = 'granted';
    return Promise.resolve('granted');
  }
}
RecordedNotification.permission = 'default';
window.Notification = RecordedNotification;
"""


def set_hidden(page, hidden: bool) -> None:
    page.evaluate(
        "h => { window.__hidden = h; document.dispatchEvent(new Event('visibilitychange')); }",
        hidden,
    )


def move(base: str, game_id: str, token: str) -> int:
    """The seat plays over REST (as from another device): a druid, or a walk without a
    stone (no dolmen rights, so the turn simply passes to the other seat)."""
    headers = {"Authorization": f"Bearer {token}"}
    legal = httpx.get(f"{base}/api/games/{game_id}/legal-actions", headers=headers).json()
    actions = [a["action"] for a in legal["actions"]]
    quiet = [a for a in actions if a["type"] == "place_druid" or a.get("stone") is False]
    r = httpx.post(
        f"{base}/api/games/{game_id}/actions",
        headers=headers,
        json={"version": legal["version"], "action": (quiet or actions)[0]},
    )
    assert r.status_code == 200, r.text
    return r.json()["version"]


def at_version(player, version: int) -> None:
    player.page.wait_for_function(
        "v => Number(document.body.dataset.version) >= v", arg=version, timeout=15000
    )


def icon(page) -> str:
    return page.eval_on_selector("link[rel~='icon']", "l => l.getAttribute('href')")


def test_a_hidden_tab_says_it_is_your_turn_until_switched_off(contexts, table):
    anna_page = contexts(table.DESKTOP).new_page()
    game_id, invites, _ = table.create_game(
        anna_page, table.base, GAME, ["you", "friend"], "Anna", start_player=0
    )
    ben_ctx = contexts(table.DESKTOP)
    ben_ctx.add_init_script(STUBS)
    ben_page = ben_ctx.new_page()
    table.join_by_link(ben_page, invites[1], "Ben")
    anna = table.Player(anna_page, 0, "Anna")
    ben = table.Player(ben_page, 1, "Ben")
    table.live_at_table(anna, ben)
    tokens = {0: anna.token, 1: ben.token}
    page = ben.page
    assert page.title() == TITLE
    page.wait_for_selector("body[data-turn-alert=on]")  # on unless switched off
    assert page.is_checked("#turn-alert")

    # Ben allows notifications with a click.
    page.click("#turn-notify")
    page.wait_for_selector("#turn-notify", state="hidden")

    # His tab goes to the background; Anna moves: title, icon and a notification say so.
    set_hidden(page, True)
    at_version(ben, move(table.base, game_id, tokens[0]))
    page.wait_for_function("t => document.title === t", arg=ALERT)
    assert icon(page) == "/static/favicon-turn.svg"
    notes = page.evaluate("() => window.__notes")
    assert [n["title"] for n in notes] == ["Your turn in Die Dolmengötter"]
    table.shot(page, "turn-alert-hidden-tab-desktop")

    # Back to the tab: everything as before.
    set_hidden(page, False)
    page.wait_for_function("t => document.title === t", arg=TITLE)
    assert icon(page) == "/static/favicon.svg"

    # Hidden again during his turn, which passes (he moves on another device): restored.
    at_version(ben, move(table.base, game_id, tokens[1]))
    at_version(ben, move(table.base, game_id, tokens[0]))  # his turn again, tab visible
    assert page.title() == TITLE  # a visible tab needs no alert
    set_hidden(page, True)
    at_version(ben, move(table.base, game_id, tokens[1]))
    at_version(ben, move(table.base, game_id, tokens[0]))
    page.wait_for_function("t => document.title === t", arg=ALERT)
    at_version(ben, move(table.base, game_id, tokens[1]))  # the turn passes
    page.wait_for_function("t => document.title === t", arg=TITLE)
    assert icon(page) == "/static/favicon.svg"
    set_hidden(page, False)

    # Switched off: nothing changes in the background; the choice is remembered.
    page.uncheck("#turn-alert")
    page.wait_for_selector("body[data-turn-alert=off]")
    page.reload()
    page.wait_for_selector("#conn[data-state=live]")
    assert not page.is_checked("#turn-alert")
    assert page.title() == TITLE
    set_hidden(page, True)
    version = move(table.base, game_id, tokens[0])
    at_version(ben, version)
    page.wait_for_selector("body[data-my-turn=true]")
    assert page.title() == TITLE
    assert icon(page) == "/static/favicon.svg"
    assert page.evaluate("() => window.__notes") == []  # a fresh page: none since
    # Anna's page has its own setting (this browser's), still on.
    assert anna.page.is_checked("#turn-alert")
    assert not anna.errors and not ben.errors
