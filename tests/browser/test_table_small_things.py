"""Small things at the table (issue 37, finding 12): a game that does not exist is said so
without "Connecting…" beside the error, in each language; "Give my seat back" and "Resign…"
are one line each on every screen."""

from __future__ import annotations

import pytest

from tests.browser.seat_a import PHONE, SCREENS, open_table, with_bots

pytestmark = pytest.mark.browser

SAID = {
    "en": ("There is no such game on this server.", "Connecting"),
    "de": ("Dieses Spiel gibt es auf diesem Server nicht.", "Verbinde"),
    "cs": ("Taková hra na tomto serveru není.", "Připojuje"),
}


@pytest.mark.parametrize("lang", sorted(SAID))
def test_an_unknown_game_says_so_and_does_not_connect(contexts, table, lang):
    ctx = contexts(table.DESKTOP)
    ctx.add_init_script(f"localStorage.setItem('tafelrunde.lang', '{lang}');")
    page = ctx.new_page()
    page.goto(f"{table.base}/play/nosuchgame1")
    page.wait_for_selector("#fatal:not([hidden])")
    error, connecting = SAID[lang]
    assert error in page.inner_text("#fatal")
    assert page.locator("#conn").is_hidden()
    assert connecting not in page.inner_text("body")


def test_give_my_seat_back_and_resign_are_one_line_each_on_every_screen(contexts, table):
    game_id, token = with_bots(table.base, "dolmengoetter", 3, 1, "give-back")
    narrow = {"width": 960, "height": 720}
    for name, size in [*SCREENS.items(), ("960x720", narrow), ("phone", PHONE)]:
        for lang in ("de", "cs"):  # the longer words
            page, errors = open_table(contexts, table.base, game_id, token, size, lang)
            if name == "phone":
                page.click("#tabs [data-tab=players]")
            for sel in (".give-back", ".resign"):  # both beside the Players heading
                button = page.locator(sel)
                button.wait_for()
                lines = button.evaluate(
                    """b => { const r = document.createRange(); r.selectNodeContents(b);
                      const tops = [...r.getClientRects()].filter(q => q.width > 0)
                                   .map(q => Math.round(q.top));
                      return new Set(tops).size; }"""
                )
                assert lines == 1, (name, lang, sel, button.inner_text())
            if name in ("1366x768", "phone"):
                table.shot(page, f"seat-buttons-{name}-{lang}")
            assert not errors
            page.context.close()
