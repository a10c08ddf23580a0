"""The table, second pass (issue 37): what a player must always see, measured as the issue
measured it (the visible fraction of an element: the part of its box inside the viewport and
inside every scrolling panel around it).

- Your hand ("Only you can see this") and the players' scores are wholly in view on laptop
  screens (1280×720, 1366×768, 1920×1080) for every seat count of both games, mid-game
  (positions reached through the API: you play random legal moves, server bots fill the other
  seats);
- a refused move is said above the board, never over its places, in one sentence;
- the turn banner is not cut in German at 1280 px;
- on a phone, tapping an entry on the Log tab shows the board with the entry's pieces lit,
  and a button leads back to the log.
"""

from __future__ import annotations

import re

import httpx
import pytest

from tests.browser.seat_a import (
    LINES,
    MY_MOVES,
    PHONE,
    SCREENS,
    SEATS,
    covered,
    open_table,
    reach,
    visible,
    with_bots,
)
from tests.support.play import auth

pytestmark = pytest.mark.browser

# ---- finding 1: your hand and the scores always in sight -----------------------------------


@pytest.mark.parametrize(("kind", "seats"), SEATS, ids=[f"{k}-{n}" for k, n in SEATS])
def test_your_hand_and_the_scores_are_wholly_in_view_on_laptop_screens(
    contexts, table, kind, seats
):
    game_id, token = with_bots(table.base, kind, seats, MY_MOVES[kind], f"{kind}-{seats}")
    for name, size in SCREENS.items():
        page, errors = open_table(contexts, table.base, game_id, token, size)
        page.wait_for_selector("#private:not([hidden])")
        # The layout fits the board after the hand is drawn (a resize observer, then a
        # frame): measure once it has.
        page.wait_for_selector(".table.fitted")
        page.evaluate(
            "() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))"
        )
        assert page.locator("#my-tiles, #my-hand").count() == 1
        hand = visible(page, "#private")
        rows = visible(page, "#players tr[data-seat]")
        scores = visible(page, "#players table")
        assert hand == [1.0], (name, "hand", hand)
        assert len(rows) == seats and all(v == 1.0 for v in rows), (name, "rows", rows)
        assert scores == [1.0], (name, "scores", scores)
        assert covered(page, "#players tr[data-seat], #private") == [], name
        # The whole table still fits: the page itself does not scroll.
        sizes = page.evaluate(
            "() => [document.documentElement.scrollHeight, innerHeight,"
            " document.documentElement.scrollWidth, innerWidth]"
        )
        assert sizes[0] <= sizes[1] and sizes[2] <= sizes[3], sizes
        assert not errors
        if seats in (2, 4) or (kind == "dolmengoetter" and seats == 5):
            table.shot(page, f"table2-hand-{kind}-{seats}-{name}")
        page.context.close()


def test_five_dolmen_choices_beside_a_tall_board_leave_the_page_unscrolled(contexts, table):
    """Die Dolmengötter, 5 seats, at 1280×720: the question "raise a dolmen?" with its five
    buttons in three rows beside the tall board, and Undo: the side column gives way (its log
    scrolls inside) and the page itself never scrolls (it did by 24–65 px)."""
    game_id, token = reach(
        table.base, "dolmengoetter", 5, "dolmen-choice", lambda t: "place_dolmen" in t, 60
    )
    page, errors = open_table(contexts, table.base, game_id, token, SCREENS["1280x720"])
    page.wait_for_selector(".table.fitted")
    page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
    assert page.locator(".choices-box .prompt button").count() >= 5
    table.shot(page, "table2-dolmen-choice-1280x720")

    sizes = page.evaluate(
        "() => [document.documentElement.scrollHeight, innerHeight,"
        " document.documentElement.scrollWidth, innerWidth]"
    )
    assert sizes[0] <= sizes[1] and sizes[2] <= sizes[3], sizes
    assert visible(page, "#players table") == [1.0]
    # Nothing drawn over the scores (the lists and the chat ran over them: layout.js).
    assert covered(page, "#players tr[data-seat]") == []
    assert not errors


@pytest.mark.parametrize("lang", ["de", "cs"])
def test_a_two_line_question_beside_undo_keeps_its_buttons_in_view(contexts, table, lang):
    """Dschingis Khan, 4 seats, at 1366×768 in German and Czech: after one piece taken, the
    question "take one more piece: …" wraps to two lines beside Undo, and its two buttons
    stay wholly in view (the fixed-height question box cut them off)."""
    game_id, token = reach(
        table.base,
        "dschingis_khan",
        4,
        f"take-{lang}",
        lambda t: t == {"take_wall", "take_tile"},
        80,
    )
    page, errors = open_table(contexts, table.base, game_id, token, SCREENS["1366x768"], lang)
    page.click(".prompt button.choice >> nth=0")  # one piece taken: Undo beside the question
    page.wait_for_selector("#undo:not([hidden])")
    page.wait_for_selector(".prompt button.choice >> nth=1")
    page.wait_for_selector(".table.fitted")
    page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
    table.shot(page, f"table2-take-question-{lang}-1366x768")
    assert page.locator(".prompt .what").evaluate(LINES) >= 2
    assert visible(page, ".prompt button.choice") == [1.0, 1.0]
    assert covered(page, ".prompt button.choice, #undo") == []
    sizes = page.evaluate("() => [document.documentElement.scrollHeight, innerHeight]")
    assert sizes[0] <= sizes[1], sizes
    assert not errors


# ---- finding 8: a refused move, above the board and in one sentence ------------------------


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_refused_move_is_said_above_the_board_in_one_sentence(contexts, table, lang):
    game_id, token = with_bots(table.base, "dolmengoetter", 2, 0, "refused")
    ctx = contexts(SCREENS["1366x768"])
    ctx.add_init_script(
        f"localStorage.setItem('tafelrunde.seat.{game_id}', JSON.stringify("
        f"{{seat: 0, token: '{token}', name: 'Anna'}}));"
        f"localStorage.setItem('tafelrunde.lang', '{lang}');"
    )
    page = ctx.new_page()
    # A page whose live updates never arrive: it keeps offering moves from an old state.
    page.route_web_socket(re.compile(r".*/ws/games/.*"), lambda ws: None)
    page.goto(f"{table.base}/play/{game_id}")
    page.wait_for_selector("body[data-my-turn=true]")
    with httpx.Client(base_url=table.base, timeout=20) as http:
        legal = http.get(f"/api/games/{game_id}/legal-actions", headers=auth(token)).json()
        r = http.post(
            f"/api/games/{game_id}/actions",
            headers=auth(token),
            json={"version": legal["version"], "action": legal["actions"][0]["action"]},
        )
        assert r.status_code == 200, r.text
    page.locator(".tgt.is-target").first.click()
    page.wait_for_selector("#message:not([hidden])")
    text = page.inner_text("#message .message-text")
    assert text.count(".") == 1 and text.endswith("."), text  # one sentence
    if lang == "de":
        assert "weitergegangen" not in text and text.count("ging weiter") == 1, text
    else:
        assert "please choose again" in text and "based on version 0" in text, text
    msg = page.locator("#message").bounding_box()
    board = page.locator("#board svg").bounding_box()
    places = page.eval_on_selector_all(
        "#board .tgt",
        "els => els.map(e => { const r = e.getBoundingClientRect();"
        " return [r.left, r.top, r.right, r.bottom]; })",
    )
    assert places
    for left, top, right, bottom in places:
        apart = (
            right <= msg["x"]
            or left >= msg["x"] + msg["width"]
            or bottom <= msg["y"]
            or top >= msg["y"] + msg["height"]
        )
        assert apart, ("the message covers a place", msg, (left, top, right, bottom))
    assert msg["y"] + msg["height"] <= board["y"] + 0.5 or msg["x"] >= board["x"] + board["width"]
    table.shot(page, f"table2-refused-{lang}")


# ---- finding 9: banners fit in German at 1280 px ----------------------------------------


@pytest.mark.parametrize(("kind", "seats"), [("dolmengoetter", 5), ("dschingis_khan", 4)])
def test_the_german_turn_banner_is_not_cut_at_1280(contexts, table, kind, seats):
    game_id, token = with_bots(table.base, kind, seats, 2, f"banner-{kind}")
    page, errors = open_table(contexts, table.base, game_id, token, SCREENS["1280x720"], "de")
    assert "Du bist am Zug" in page.inner_text("#turn")
    cut = page.eval_on_selector_all(
        "#turn, #turn *, #prompt .what, .turn-alert, .turn-alert *",
        "els => els.filter(e => e.scrollWidth > e.clientWidth + 1 && e.clientWidth > 0)"
        ".map(e => [e.id || e.className, e.scrollWidth, e.clientWidth, e.textContent])",
    )
    assert cut == []
    assert visible(page, "#turn") == [1.0]
    assert not errors
    table.shot(page, f"table2-banner-{kind}-de-1280")


# ---- finding 5: the phone's log entry shows the board --------------------------------------


@pytest.mark.parametrize("lang", ["en", "de"])
def test_tapping_a_log_entry_on_the_phone_shows_its_pieces_on_the_board(contexts, table, lang):
    game_id, token = with_bots(table.base, "dschingis_khan", 2, 12, f"phone-{lang}")
    page, errors = open_table(contexts, table.base, game_id, token, PHONE, lang)
    page.click("#tabs [data-tab=log]")
    assert page.locator("#board").is_hidden()
    # A turn that moved pieces: a wall built, a scout, a tile placed.
    entry = (
        page.locator("#log > li.log-turn")
        .filter(has_text=re.compile(r"wall on line|Mauer auf Linie|scout|Späher|village|Dorf"))
        .first
    )
    turn = entry.get_attribute("data-turn")
    entry.locator("> .log-main .log-text").click()
    page.wait_for_selector("body[data-tab=board]")
    assert page.locator("#board").is_visible()
    lit = page.locator("#board .tgt.is-log-hl")
    assert lit.count() > 0
    assert all(v > 0.5 for v in visible(page, "#board .tgt.is-log-hl")), "lit off-screen"
    back = page.locator("#tab-back")
    assert back.is_visible()
    table.shot(page, f"table2-phone-log-tap-{lang}")
    back.click()
    page.wait_for_selector("body[data-tab=log]")
    assert page.evaluate("() => document.activeElement.dataset.turn") == turn
    assert page.locator("#tab-back").is_hidden()
    assert not errors
