"""Czech, the third language (issue 37, finding 13): a Czech browser gets Czech pages, the
"DE | EN | CS" switch names each button by its visible code, and both games played in Czech
show no English or German text at the start, in the middle and at the end (the scoring),
with the plural forms Intl.PluralRules gives Czech (one, few, other).

"English or German text" is taken from those tables as in tests/browser/test_german_table.py:
every value or literal part of four letters or more that the Czech table does not contain
as well.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page

from tests.browser.test_german_table import TABLE_PARTS, english_on_page, foreign_texts

pytestmark = pytest.mark.browser


def not_czech(tables: dict[str, Any]) -> list[str]:
    """English and German texts a Czech page must not show (a word the Czech table uses
    itself, such as "Dolmen" at the start of a Czech sentence, is not a leftover)."""
    czech = "\n".join(p for entry in tables["cs"].values() for p in entry["parts"])
    return [
        text
        for text in foreign_texts(tables, "cs", ("en", "de"))
        if not re.search(rf"(?<!\w){re.escape(text)}(?!\w)", czech)
    ]


@pytest.fixture
def cs_contexts(chromium: Browser) -> Iterator[Callable[..., BrowserContext]]:
    """Like ``contexts``, for a browser whose language is Czech."""
    opened: list[BrowserContext] = []

    def open_context(size: dict[str, int]) -> BrowserContext:
        ctx = chromium.new_context(viewport=size, locale="cs-CZ")
        ctx.set_default_timeout(15000)
        opened.append(ctx)
        return ctx

    yield open_context
    for ctx in opened:
        ctx.close()


@pytest.fixture
def tables(contexts: Callable[..., BrowserContext], table: Any) -> dict[str, Any]:
    page = contexts(table.DESKTOP).new_page()
    page.goto(f"{table.base}/")
    return page.evaluate(TABLE_PARTS)


def test_the_foreign_word_list_holds_the_interface_words(tables):
    """The checks below are only as good as this list."""
    foreign = not_czech(tables)
    for word in ("Your turn", "What happened", "village", "Dorf", "Späher", "stone place"):
        assert any(word in e for e in foreign), word


def test_czech_plural_forms_come_from_intl_plural_rules(contexts, table):
    page = contexts(table.DESKTOP).new_page()
    page.goto(f"{table.base}/")
    said = page.evaluate("""async () => {
      const cs = (await import('/static/js/text/cs.js')).default;
      const en = (await import('/static/js/text/en.js')).default;
      const de = (await import('/static/js/text/de.js')).default;
      return {
        walls: [1, 2, 4, 5, 11, 22].map((n) => cs['dk.ev.takeWalls']('Anna', n, 9)),
        tiles: [1, 3, 7].map((n) => cs['dk.q.tile'](n)),
        devices: [1, 2, 5].map((n) => cs['acct.pushOthers'](n)),
        days: cs['clocks.days'](3, 4),
        en: [1, 2].map((n) => en['dk.ev.takeTiles']('Anna', n, '')),
        de: [1, 2].map((n) => de['clocks.days'](n, 1)),
      };
    }""")
    assert said["walls"] == [
        "Anna bere 1 kus zdi (zásoba 9).",
        "Anna bere 2 kusy zdi (zásoba 9).",
        "Anna bere 4 kusy zdi (zásoba 9).",
        "Anna bere 5 kusů zdi (zásoba 9).",
        "Anna bere 11 kusů zdi (zásoba 9).",
        "Anna bere 22 kusů zdi (zásoba 9).",  # Czech, unlike Polish: 22 is "other"
    ]
    assert [re.search(r"\(.*\)", t).group(0) for t in said["tiles"]] == [
        "(1 kámen k položení)",
        "(3 kameny k položení)",
        "(7 kamenů k položení)",
    ]
    assert said["devices"] == [
        "Dostává je i 1 další zařízení.",
        "Dostávají je i 2 další zařízení.",
        "Dostává je i 5 dalších zařízení.",
    ]
    assert said["days"] == "3 dny 4 h"
    assert said["en"] == ["Anna drew 1 tile.", "Anna drew 2 tiles."]
    assert said["de"] == ["1 Tag 1 Std.", "2 Tage 1 Std."]


def test_a_czech_browser_gets_czech_and_the_switch_offers_three(contexts, cs_contexts, table):
    tables = contexts(table.DESKTOP).new_page()
    tables.goto(f"{table.base}/")
    foreign = not_czech(tables.evaluate(TABLE_PARTS))
    for size, name in ((table.DESKTOP, "desktop"), (table.PHONE, "phone")):
        page = cs_contexts(size).new_page()
        page.goto(f"{table.base}/")
        page.wait_for_selector("#kind-list .kind")
        assert page.evaluate("document.documentElement.lang") == "cs"
        assert page.inner_text("#new-game-title") == "Začít hru"
        assert "hráč" in page.inner_text("#kind-list")  # "2–4 hráči", drawn by the script
        assert english_on_page(page, foreign) == []
        buttons = page.locator(".lang-switch button")
        assert buttons.all_inner_texts() == ["DE", "EN", "CS"]
        for i in range(3):
            button = buttons.nth(i)
            visible = button.inner_text()
            # The accessible name starts with the visible text (WCAG 2.5.3).
            assert button.get_attribute("aria-label").startswith(visible)
            assert button.is_visible()
        assert page.get_attribute(".lang-switch [data-lang=cs]", "aria-pressed") == "true"
        assert page.get_attribute(".lang-switch [data-lang=cs]", "aria-label") == "CS (Čeština)"
        table.shot(page, f"home-cs-{name}")

    # Every page: the account page, a friend link's page, the verify page.
    page = cs_contexts(table.DESKTOP).new_page()
    for path, selector, text in (
        ("/account", "#panel-signin h2", "Přihlášení"),
        ("/friends/add/nothing", "h2", "Přidat přítele"),
        ("/verify/nothing", "#verify-title", "Férové losování"),
    ):
        page.goto(f"{table.base}{path}")
        page.wait_for_selector(f"{selector}:has-text('{text}')")
        assert english_on_page(page, foreign) == [], path

    # An English browser switches to Czech, and back to German; the choice is remembered.
    page = contexts(table.PHONE).new_page()
    page.goto(f"{table.base}/")
    assert page.evaluate("document.documentElement.lang") == "en"
    with page.expect_navigation():
        page.click(".lang-switch [data-lang=cs]")
    page.wait_for_selector("html[lang=cs]", state="attached")
    page.reload()
    page.wait_for_selector("#kind-list .kind")
    assert page.inner_text("#new-game-title") == "Začít hru"
    with page.expect_navigation():
        page.click(".lang-switch [data-lang=de]")
    page.wait_for_selector("html[lang=de]", state="attached")
    assert page.inner_text("#new-game-title") == "Spiel starten"


def play_in_czech(
    cs_contexts, table, tables, rng, game: str, mid: int, to_end: bool = True
) -> None:
    foreign = not_czech(tables)
    game_id, _, (anna, ben, watcher) = table.friends_and_watcher(
        cs_contexts, game, ["you", "friend"], (table.DESKTOP, table.PHONE, table.DESKTOP)
    )
    players = [anna, ben, watcher]

    def check(when: str) -> None:
        for p in players:
            if p.seat is not None and p.page.locator("#actions:not([hidden])").count():
                p.page.evaluate("document.querySelector('#actions').open = true")
            assert p.page.evaluate("document.documentElement.lang") == "cs"
            seen = english_on_page(p.page, foreign)
            assert seen == [], f"{when}, {p.name}'s page shows English or German: {seen}"
        table.shot(anna.page, f"{game}-cs-{when}-desktop")
        table.shot(ben.page, f"{game}-cs-{when}-phone")

    def on_turn(p) -> None:
        seen = english_on_page(p.page, foreign)
        assert seen == [], f"{p.name}'s turn at version {p.version()} shows: {seen}"

    check("start")
    assert "Jsi na tahu" in anna.page.inner_text("#turn") + ben.page.inner_text("#turn")
    for p in (anna, ben):  # the moves by their Czech names (the server's labels are English)
        labels = [x.strip() for x in p.page.locator("#action-list button").all_inner_texts()]
        legal = table.server_view(game_id, p.token)["legal_actions"]
        assert len(labels) == len(legal)
        assert not {a["label"] for a in legal} & set(labels), labels[:3]
    table.play(players, rng, until=lambda: anna.version() >= mid, on_turn=on_turn)
    for p in players:
        p.page.wait_for_function("v => Number(document.body.dataset.version) >= v", arg=mid)
        table.wait_idle(p)
    assert anna.page.locator("#log li").count() > 0
    check("middle")
    if not to_end:  # the end of this game is read in German (test_german_table.py)
        for p in players:
            assert p.errors == [], p.errors
        return
    table.play(players, rng, on_turn=on_turn)
    for p in players:
        p.page.wait_for_selector("body[data-status=over]")
        p.page.wait_for_selector("#result:not([hidden]) #score-table, #result:not([hidden]) p")
    assert "Konec hry" in anna.page.inner_text("#turn")
    check("end")
    verify = anna.page.context.new_page()
    verify.goto(table.base + anna.page.get_attribute("#verify-link", "href"))
    verify.wait_for_selector("#verify-verdict:not([data-verdict=loading])")
    assert verify.inner_text("#verify-verdict").startswith("Ověřeno")
    assert english_on_page(verify, foreign) == []
    for p in players:
        assert p.errors == [], p.errors


def test_dschingis_khan_in_czech_to_the_middle(cs_contexts, table, tables, rng):
    """Its end, scoring and verify page are read in German (test_german_table.py)."""
    play_in_czech(cs_contexts, table, tables, rng, "dschingis_khan", mid=14, to_end=False)


def test_a_game_of_dolmengoetter_in_czech(cs_contexts, table, tables, rng):
    play_in_czech(cs_contexts, table, tables, rng, "dolmengoetter", mid=14)


def test_relative_times_and_durations_by_intl(cs_contexts, table):
    """ "před 3 min" on the home page and "pryč 5 min" at the table: Intl's words."""
    page: Page = cs_contexts(table.DESKTOP).new_page()
    page.goto(f"{table.base}/")
    said = page.evaluate("""async () => {
      const { ago } = await import('/static/js/words.js');
      const { awayFor } = await import('/static/js/presence.js');
      const now = Date.parse('2026-03-12T12:00:00Z');
      const at = (min) => new Date(now - min * 60000).toISOString();
      return [ago(at(0.5), now), ago(at(3), now), ago(at(130), now), ago(at(3 * 1440), now),
              awayFor(at(5), now), awayFor(at(60 * 3), now), awayFor(at(3 * 1440), now),
              awayFor(at(5 * 1440), now)];
    }""")
    assert said == [
        "právě teď",
        "před 3 min",
        "před 2 h",
        "před 3 dny",
        "5 min",
        "3 h",
        "3 dny",
        "5 dnů",
    ]
