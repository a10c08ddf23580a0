"""Presence (issue 9, item 5): each seat row says whether its player has the game open now,
and for how long they have been away once they close it."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser


def test_a_player_who_closes_the_page_shows_as_away_for_the_other(contexts, table):
    anna = table.Player(contexts(table.DESKTOP).new_page(), 0, "Anna")
    # Anna's timers run on a clock the test can move ahead (time flows as usual meanwhile).
    anna.page.clock.install()
    _, invites, _ = table.create_game(
        anna.page, table.base, "dschingis_khan", ["you", "friend"], "Anna", start_player=0
    )
    ben_context = contexts(table.PHONE)
    ben = table.Player(ben_context.new_page(), 1, "Ben")
    table.join_by_link(ben.page, invites[1], "Ben")
    here = "#players tr[data-seat='1'] [data-presence=here]"
    anna.page.wait_for_selector(here, timeout=10_000)
    anna.page.wait_for_selector("#conn[data-state=live]")
    # From here on Anna's page hears presence on its socket and does not ask for it
    # (it used to ask every 3 s: docs/API.md, "presence").
    asked: list[str] = []
    anna.page.on("request", lambda r: asked.append(r.url) if "/presence" in r.url else None)
    assert anna.page.locator("#players tr[data-seat='0'] [data-presence]").count() == 0, (
        "my own row needs no presence mark"
    )
    ben.page.wait_for_selector("#players tr[data-seat='0'] [data-presence=here]", timeout=10_000)
    table.shot(anna.page, "presence-here-desktop")

    ben_context.close()  # Ben's phone dies
    away = anna.page.wait_for_selector(
        "#players tr[data-seat='1'] [data-presence=away]", timeout=10_000
    )
    assert away.inner_text() == "away just now"
    table.shot(anna.page, "presence-away-desktop")
    anna.page.clock.run_for(4000)  # every timer due in 4 s: longer than the old poll's
    anna.page.evaluate("1")  # a round trip: a request the timers made has been reported
    assert asked == []
