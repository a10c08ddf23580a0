"""The end of a game in which the seat ahead on points resigned (issue 37, finding 6):
every page names the seat that did not resign as the winner, no winner tag on the
resigned seat's row, its points still shown, and a note why it ranks last.

Anna (seat A) and Ben (seat B) play Die Dolmengötter through the API; just before the move
that ends the game with Ben ahead, Ben resigns (tests/support/resigned.py). Then Anna's
page (desktop), Ben's (phone, German) and a watcher's look at the result.
"""

from __future__ import annotations

import json

import httpx
import pytest
from sqlalchemy import create_engine

from tests.support.resigned import resigned_leader

pytestmark = pytest.mark.browser


def open_seat(contexts, base, game_id, size, seat=None, token=None, lang="en"):
    ctx = contexts(size)
    script = f"localStorage.setItem('tafelrunde.lang', '{lang}');"
    if seat is not None:
        entry = json.dumps({"seat": seat, "token": token, "name": ("Anna", "Ben")[seat]})
        script += f"localStorage.setItem('tafelrunde.seat.{game_id}', {json.dumps(entry)});"
    ctx.add_init_script(script)
    page = ctx.new_page()
    page.goto(f"{base}/play/{game_id}")
    page.wait_for_selector("body[data-status=over]")
    page.wait_for_selector("#result-body .winners")
    return page


def test_the_resigned_leader_is_not_shown_as_the_winner(contexts, table, web, rng):
    with httpx.Client(base_url=table.base, timeout=10) as http:
        played = resigned_leader(http, create_engine(web.database_url), rng)
    game_id, winner, out = played.game_id, played.winner, played.resigned
    scores = played.engine.scores()
    names = ("Anna", "Ben")
    pages = {
        "winner-1920": open_seat(
            contexts,
            table.base,
            game_id,
            {"width": 1920, "height": 1080},
            winner,
            played.tokens[winner],
        ),
        "resigned-phone-de": open_seat(
            contexts, table.base, game_id, table.PHONE, out, played.tokens[out], lang="de"
        ),
        "watcher-1366": open_seat(contexts, table.base, game_id, {"width": 1366, "height": 768}),
    }
    for what, page in pages.items():
        german = what.endswith("-de")
        headline = page.locator("#result-body .winners")
        assert headline.get_attribute("data-winners") == str(winner)
        text = headline.inner_text()
        if what.startswith("winner"):
            assert "You win!" in text
        else:
            assert names[winner] in text and names[out] not in text
            assert ("hat gewonnen" if german else "wins!") in text
        # The banner names the winner, never the resigned seat.
        banner = page.locator("#turn").inner_text()
        assert names[out] not in banner and ("Spielende" if german else "Game over") in banner
        # The winner tag sits on the winner's row only; the resigned row says it resigned.
        assert page.locator(f"#players tr[data-seat='{winner}'] .winner-tag").count() == 1
        assert page.locator(f"#players tr[data-seat='{out}'] .winner-tag").count() == 0
        row = page.locator(f"#players tr[data-seat='{out}']")
        assert ("aufgegeben" if german else "resigned") in row.inner_text()
        # The resigned seat's points are still shown, and why it ranks last.
        assert str(scores[out]) in row.inner_text()
        # The ranking: the winner first, the resigned seat below it whatever it scored.
        ranked = page.locator("#ranking li")
        assert [ranked.nth(i).get_attribute("data-seat") for i in range(2)] == [
            str(winner),
            str(out),
        ]
        assert ranked.nth(1).get_attribute("data-place") == "2"
        assert scores[out] > scores[winner]
        note = page.locator("#result-body .resigned-note")
        assert note.get_attribute("data-resigned") == str(out)
        assert ("aufgegeben" if german else "resigned") in note.inner_text()
        if what.startswith("watcher"):  # the log's game-over entry names the winner
            assert f"Game over. Winner: {names[winner]}." in page.locator("#log").inner_text()
        table.shot(page, f"resigned-result-{what}")
