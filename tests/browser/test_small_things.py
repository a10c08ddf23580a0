"""Small things of the table (issue 37, finding 12): "Give my seat back" and "Resign…" stay on
one line each, beside "Players", in every language, on laptops and on a phone.

One game (Die Dolmengötter, 5 seats: you and 4 server bots, reached through the API) for all
of them.
"""

from __future__ import annotations

import pytest

from tests.browser.test_table_second_pass import PHONE, SCREENS, open_table, with_bots

pytestmark = pytest.mark.browser

# The distinct line tops of an element's text: 1 when it does not wrap.
LINES = """el => { const r = document.createRange(); r.selectNodeContents(el);
  return new Set([...r.getClientRects()].filter(q => q.width > 0)
                 .map(q => Math.round(q.top))).size; }"""


def test_the_seat_buttons_stay_on_one_line(contexts, table):
    game_id, token = with_bots(table.base, "dolmengoetter", 5, 2, "small-things")
    # The longest words per screen: Czech and German on the narrowest.
    runs = [("cs", "1280x720"), ("de", "1366x768"), ("en", "1920x1080")]
    runs += [("de", "phone"), ("cs", "phone")]
    sizes = {**SCREENS, "phone": PHONE}
    for lang, name in runs:
        size = sizes[name]
        page, errors = open_table(contexts, table.base, game_id, token, size, lang)
        if name == "phone":
            page.click("#tabs [data-tab=players]")
        for sel in ("button.give-back", "button.resign"):
            button = page.locator(sel)
            assert button.is_visible(), (lang, name, sel)
            lines = button.evaluate(LINES)
            assert lines == 1, (lang, name, sel, button.inner_text(), lines)
        if name in ("1366x768", "phone"):
            table.shot(page, f"seat-buttons-{name}-{lang}")
        page.context.close()
        assert not errors
