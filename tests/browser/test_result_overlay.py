"""The end of a game is a moment (issue 37, finding 2): a result dialog over the table with
the ranking, every seat's scoring, Play again and the replay and verify links, wholly in view
(the visible fraction, as tests/browser/test_table_second_pass.py measures it) at 1280×720,
1366×768 and 1920×1080 for the largest table of each game, and on a phone (390×844). It
closes (button or Esc) to show the final board, focus going back; "Result" in the turn banner
brings it back. A watcher sees it without Play again.

The games are played to their end through the API (random legal moves for every seat).
"""

from __future__ import annotations

import random

import httpx
import pytest

from tests.browser.seat_a import PHONE, SCREENS, page_at, visible
from tests.support.play import play_to_end

pytestmark = pytest.mark.browser

LARGEST = [("dschingis_khan", 4), ("dolmengoetter", 5)]
TITLE = {"en": "Game over", "de": "Spielende", "cs": "Konec hry"}


def finished(base: str, kind: str, seats: int, seed: str) -> tuple[str, str]:
    """A game of `seats` human seats played to its end. Returns (game id, seat A's token)."""
    with httpx.Client(base_url=base, timeout=20) as http:
        r = http.post("/api/games", json={"kind": kind, "num_seats": seats})
        r.raise_for_status()
        g = r.json()
        tokens = {}
        for inv in g["invites"]:
            j = http.post(
                f"/api/games/{g['id']}/seats/{inv['seat']}/join",
                json={
                    "name": ["Anna", "Ben", "Cleo", "Dora", "Emil"][inv["seat"]],
                    "key": inv["key"],
                },
            )
            j.raise_for_status()
            tokens[inv["seat"]] = j.json()["token"]
        play_to_end(http, g["id"], tokens, random.Random(seed))
    return g["id"], tokens[0]


def open_end(contexts, base, game_id, token, size, lang="en"):
    page, errors = page_at(contexts, base, game_id, token, size, lang)
    page.wait_for_selector("body[data-status=over]")
    page.wait_for_selector("#result:not([hidden]) #ranking li")
    return page, errors


@pytest.mark.parametrize(("kind", "seats"), LARGEST, ids=[k for k, _ in LARGEST])
def test_the_result_is_wholly_in_view_and_closes_to_the_board(contexts, table, kind, seats):
    game_id, token = finished(table.base, kind, seats, f"end-{kind}")
    langs = {"1280x720": "cs", "1366x768": "de", "1920x1080": "en"}
    for name, size in SCREENS.items():
        lang = langs[name]
        page, errors = open_end(contexts, table.base, game_id, token, size, lang)
        page.wait_for_selector("#play-again")
        dialog = page.get_by_role("dialog", name=TITLE[lang])
        assert dialog.is_visible()
        # Focus moved into the dialog as it opened.
        assert page.evaluate(
            "() => document.querySelector('#result').contains(document.activeElement)"
        )
        # Every seat ranked, every seat's scoring shown: all of it in view, unscrolled.
        assert page.locator("#ranking li").count() == seats
        breakdown = "#score-seats tbody tr" if kind == "dschingis_khan" else "#score-table tbody tr"
        rows = page.locator(breakdown).count()
        assert rows >= seats if kind == "dschingis_khan" else rows >= 2
        parts = ["#result", "#ranking", "#play-again", "#verify-link", "#replay-link", breakdown]
        table.shot(page, f"result-{kind}-{seats}-{name}-{lang}")
        for sel in parts:
            seen = visible(page, sel)
            assert seen and min(seen) == 1.0, (name, sel, seen)
        if kind == "dolmengoetter":  # a column per seat
            assert page.locator("#score-table thead th").count() == seats + 1
        # Esc closes it: the final board is in view, focus is back on the page.
        page.keyboard.press("Escape")
        page.wait_for_selector("#result", state="hidden")
        assert min(visible(page, "#board svg")) > 0.5
        assert page.evaluate("() => document.activeElement !== document.body")
        if name == "1366x768":
            table.shot(page, f"result-{kind}-{seats}-closed-{name}-{lang}")
        # "Result" brings it back; the close button closes it again.
        page.click("#result-open")
        page.wait_for_selector("#result:not([hidden])")
        assert page.evaluate(
            "() => document.querySelector('#result').contains(document.activeElement)"
        )
        page.click("#result-close")
        page.wait_for_selector("#result", state="hidden")
        assert page.evaluate("() => document.activeElement.id") == "result-open"
        assert not errors

    # A phone: all of it in view at once too, unscrolled, in every language.
    for lang in TITLE:
        page, errors = open_end(contexts, table.base, game_id, token, PHONE, lang)
        page.wait_for_selector("#play-again")
        for sel in [*parts, "#result-close"]:
            seen = visible(page, sel)
            assert seen and min(seen) == 1.0, ("phone", lang, sel, seen)
        table.shot(page, f"result-{kind}-{seats}-phone-{lang}")
        assert not errors
        page.context.close()
    # A watcher sees the result too, without Play again.
    watcher, werrors = open_end(contexts, table.base, game_id, None, SCREENS["1366x768"], "cs")
    assert watcher.locator("#ranking li").count() == seats
    assert watcher.locator("#play-again").count() == 0
    assert min(visible(watcher, "#result")) == 1.0
    table.shot(watcher, f"result-{kind}-{seats}-watcher-1366x768-cs")
    assert not werrors
