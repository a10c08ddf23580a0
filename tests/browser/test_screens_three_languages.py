"""Both games at the start, in the middle and at the end, on three laptop screens and a phone,
in English, German and Czech (issue 37: "screenshots … at the three screen sizes and in the
three languages"): 72 screenshots named ``screens-{game}-{stage}-{lang}-{screen}`` for people
to look at, and on each of them what a player must always have:

- the page never scrolls sideways, and no word of the turn banner is cut;
- on a laptop screen the page does not scroll at all, the board and the turn banner are
  wholly in view, and so are your hand and every player's row (nothing drawn over them);
- on a phone the board spans the width and the banner is on screen;
- the history row keeps its four step buttons on one line and, at the newest position, says
  only "Move n of N";
- at the end the result dialog is wholly in view, in the page's language.

Three seats (seat A you, server bots at B and C), reached through the API.
"""

from __future__ import annotations

import random
import re

import httpx
import pytest

from tests.browser.seat_a import (
    MY_MOVES,
    PHONE,
    SCREENS,
    covered,
    page_at,
    play_one_of,
    visible,
    with_bots,
)
from tests.support.play import auth
from tests.support.waiting import wait_for

pytestmark = pytest.mark.browser

SEATS = 3
LANGS = ("en", "de", "cs")
GAME_OVER = {"en": "Game over", "de": "Spielende", "cs": "Konec hry"}
SIZES = {**SCREENS, "phone": PHONE}

# Elements whose text is wider than their box (cut, not wrapped), in the turn banner.
CUT = """els => els.filter(e => e.clientWidth > 0 && e.scrollWidth > e.clientWidth + 1)
  .map(e => [e.id || e.className, e.textContent])"""
# Two frames: the layout has fitted the board after the last resize.
SETTLED = "() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))"


def staged(base: str, kind: str, stage: str) -> tuple[str, str]:
    """Seat A's game at `stage`: its first turn, its turn mid-game, or the game over (seat A's
    random legal moves, the bots moving in between)."""
    if stage != "end":
        moves = 0 if stage == "start" else MY_MOVES[kind]
        return with_bots(base, kind, SEATS, moves, f"screens-{kind}-{stage}")
    game_id, token = with_bots(base, kind, SEATS, 0, f"screens-{kind}-end")
    rng = random.Random(f"screens-{kind}-end")
    with httpx.Client(base_url=base, timeout=20) as http:

        def my_turn_or_end() -> dict | None:
            if http.get(f"/api/games/{game_id}").json()["status"] == "over":
                return {"actions": []}
            legal = http.get(f"/api/games/{game_id}/legal-actions", headers=auth(token)).json()
            return legal if legal["actions"] else None

        for _ in range(500):
            legal = wait_for(my_turn_or_end, "the bots to play to seat A's turn")
            if not legal["actions"]:
                return game_id, token
            play_one_of(http, game_id, token, legal, rng)
    raise AssertionError(f"the {kind} game did not end")


@pytest.mark.parametrize("stage", ["start", "middle", "end"])
@pytest.mark.parametrize("kind", ["dschingis_khan", "dolmengoetter"])
def test_every_stage_reads_whole_on_every_screen_in_three_languages(contexts, table, kind, stage):
    game_id, token = staged(table.base, kind, stage)
    for lang in LANGS:
        for screen, size in SIZES.items():
            page, errors = page_at(contexts, table.base, game_id, token, size, lang)
            page.wait_for_selector("#conn[data-state=live]")
            page.wait_for_selector(f"html[lang={lang}]", state="attached")
            if stage == "end":
                page.wait_for_selector("#result:not([hidden]) #ranking li")
            else:
                page.wait_for_selector("body[data-my-turn=true]")
                page.wait_for_selector("#private:not([hidden])")
            if screen != "phone":
                page.wait_for_selector(".table.fitted")
            page.evaluate(SETTLED)
            where = (lang, screen)
            w, h = size["width"], size["height"]
            sizes = page.evaluate(
                "() => [document.documentElement.scrollWidth, innerWidth,"
                " document.documentElement.scrollHeight, innerHeight]"
            )
            assert sizes[0] <= sizes[1], (where, "the page scrolls sideways", sizes)
            assert page.eval_on_selector_all("#turn, #turn *", CUT) == [], where
            board = page.locator("#board svg").bounding_box()
            assert board is not None, where
            if screen == "phone":
                assert board["width"] >= 0.9 * w, where
                turn = page.locator("#turn").bounding_box()
                assert turn is not None and turn["y"] + turn["height"] <= h, where
            else:
                assert sizes[2] <= sizes[3], (where, "the page scrolls", sizes)
                assert board["y"] + board["height"] <= h + 0.5, where
                assert board["x"] + board["width"] <= w + 0.5, where
                if stage != "end":
                    assert visible(page, "#turn") == [1.0], where
                    assert visible(page, "#private") == [1.0], where
                    rows = visible(page, "#players tr[data-seat]")
                    assert rows == [1.0] * SEATS, (where, rows)
                    assert covered(page, "#players tr[data-seat], #private") == [], where
            if stage != "start":
                # The history row: its step buttons on one line with the slider, and at the
                # newest position only "Move n of N" (the log's first turn tells the move).
                tops = page.eval_on_selector_all(
                    ".history-steps button", "els => els.map(e => e.getBoundingClientRect().top)"
                )
                assert len(tops) == 4 and max(tops) - min(tops) < 2, (where, tops)
                said = page.inner_text(".history-where")
                assert re.fullmatch(r"\w+ \d+ \w+ \d+", said), (where, said)
            if stage == "end":
                dialog = page.get_by_role("dialog", name=GAME_OVER[lang])
                assert dialog.is_visible(), where
                assert visible(page, "#result") == [1.0], where
            assert not errors, (where, errors)
            table.shot(page, f"screens-{kind}-{stage}-{lang}-{screen}")
            page.context.close()
