"""German and English (issue 9, item 6; Czech since issue 37, tests/browser/test_czech_table.py):
one text table per language with the same keys, the language from the browser or from the
"DE | EN | CS" switch (remembered), and whole games played with the German interface that show
no English text at the start, in the middle and at the end.

"English text" is taken from the English table itself: every English value (or, for a value
that is a function, every literal part of what it returns) of four letters or more that the
German table does not have as well must not appear on a German page, neither in the page's
text nor in its titles, aria-labels, placeholders or the SVG titles (tooltips).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page

pytestmark = pytest.mark.browser

# Each table's values: the strings, and the literal parts of what each function returns
# when called with marker arguments (a function that needs other arguments is called with
# arrays of markers, then objects, and left out if it still fails).
TABLE_PARTS = """async () => {
  const en = (await import('/static/js/text/en.js')).default;
  const de = (await import('/static/js/text/de.js')).default;
  const cs = (await import('/static/js/text/cs.js')).default;
  const M = '\\u0007';
  const tries = [
    () => Array(6).fill(M),
    () => Array(6).fill([M, M]),
    () => Array(6).fill({ name: M, value: M, points: M, position: M, factor: M, circle: M,
                           line: M, kind: M, kept: M, removed: [], sides_changed: [] }),
  ];
  function parts(value) {
    if (typeof value === 'string') return [value];
    for (const args of tries) {
      try {
        const out = value(...args());
        if (typeof out === 'string') return out.split(M);
      } catch (e) { /* try the next kind of argument */ }
    }
    return [];
  }
  const out = { keys: { en: Object.keys(en), de: Object.keys(de), cs: Object.keys(cs) },
                empty: [], en: {}, de: {}, cs: {} };
  for (const [name, table] of [['en', en], ['de', de], ['cs', cs]]) {
    for (const [key, value] of Object.entries(table)) {
      if (typeof value !== 'function' && (typeof value !== 'string' || !value.trim()))
        out.empty.push(`${name}:${key}`);
      const p = parts(value);
      if (typeof value === 'function' && !p.join('').trim()) out.empty.push(`${name}:${key}`);
      out[name][key] = { whole: typeof value === 'string', parts: p };
    }
  }
  return out;
}"""

# What a player can read on a page: its text, its tooltips and the names read aloud.
PAGE_TEXTS = """() => [
  document.title,
  document.body.innerText,
  ...[...document.querySelectorAll('[title], [aria-label], [placeholder]')].flatMap(el =>
      ['title', 'aria-label', 'placeholder'].map(a => el.getAttribute(a)).filter(Boolean)),
  ...[...document.querySelectorAll('svg title')].map(el => el.textContent),
  ...[...document.querySelectorAll('option')].map(el => el.textContent),
  ...[...document.querySelectorAll('[data-empty]:empty')].map(el => el.dataset.empty),
].join('\\n')"""

LETTERS = re.compile(r"[^\W\d_]")
EDGE = " \t\n.,:;!?()[]{}—–-·→×=“”„'\"…"


def _clean(part: str) -> str:
    return part.strip(EDGE)


def foreign_texts(tables: dict[str, Any], lang: str, others: tuple[str, ...]) -> list[str]:
    """Texts (and literal parts) of the ``others`` tables that pages in ``lang`` must not
    show: those of four letters or more that ``lang``'s own table does not have too."""
    own: set[str] = set()
    for entry in tables[lang].values():
        own.update(_clean(p) for p in entry["parts"])
    found: set[str] = set()
    for other in others:
        for key, entry in tables[other].items():
            own_entry = tables[lang][key]
            if entry["whole"] and own_entry["whole"] and entry["parts"] == own_entry["parts"]:
                continue  # the same in both languages ("Tafelrunde", "Dschingis Khan", "Bot")
            for part in entry["parts"]:
                text = _clean(part)
                if "undefined" in text or "[object" in text or "NaN" in text:
                    continue
                if len(LETTERS.findall(text)) >= 4 and text not in own:
                    found.add(text)
    return sorted(found)


def english_only(tables: dict[str, Any]) -> list[str]:
    """English texts (and literal parts) that German pages must not show."""
    return foreign_texts(tables, "de", ("en",))


@functools.cache
def any_of(words: tuple[str, ...]) -> re.Pattern[str]:
    return re.compile("|".join(rf"(?<!\w){re.escape(w)}(?!\w)" for w in words))


def english_on_page(page: Page, english: list[str]) -> list[str]:
    text = page.evaluate(PAGE_TEXTS)
    # One pass of one pattern finds a clean page (every turn of four games); only a page
    # that shows something is searched word by word, to name every word it shows.
    if not any_of(tuple(english)).search(text):
        return []
    return [e for e in english if re.search(rf"(?<!\w){re.escape(e)}(?!\w)", text)]


@pytest.fixture
def de_contexts(chromium: Browser) -> Iterator[Callable[..., BrowserContext]]:
    """Like ``contexts``, for a browser whose language is German."""
    opened: list[BrowserContext] = []

    def open_context(size: dict[str, int]) -> BrowserContext:
        ctx = chromium.new_context(viewport=size, locale="de-DE")
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


def test_english_german_and_czech_tables_have_the_same_keys_and_no_empty_text(tables):
    assert tables["keys"]["en"], "the English table is empty"
    assert sorted(tables["keys"]["en"]) == sorted(tables["keys"]["de"])
    assert sorted(tables["keys"]["en"]) == sorted(tables["keys"]["cs"])
    assert tables["empty"] == []
    english = english_only(tables)
    # The check below is only as good as this list: it holds the interface's words.
    for word in ("Your turn", "What happened", "village", "Great Wall", "druid", "stone place"):
        assert any(word in e for e in english), word


def test_every_text_the_pages_ask_for_is_in_the_tables(tables):
    """A key the code names but the tables lack would show as the bare key."""
    static = Path(__file__).resolve().parents[2] / "app" / "static"
    named: set[str] = set()
    for js in static.glob("js/**/*.js"):
        named.update(re.findall(r"\bt\(\s*\"([\w.]+)\"", js.read_text(encoding="utf-8")))
    for html in static.glob("*.html"):
        text = html.read_text(encoding="utf-8")
        named.update(re.findall(r'data-i18n="([\w.]+)"', text))
        for attrs in re.findall(r'data-i18n-attr="([^"]+)"', text):
            named.update(pair.split(":")[1] for pair in attrs.split())
    assert len(named) > 200
    assert sorted(named - set(tables["keys"]["en"])) == []


def test_the_switch_changes_the_language_and_is_remembered(contexts, de_contexts, table, tables):
    # An English browser starts in English; the switch makes the page German, also later.
    page = contexts(table.DESKTOP).new_page()
    page.goto(f"{table.base}/")
    assert page.evaluate("document.documentElement.lang") == "en"
    assert page.inner_text("#new-game-title") == "Start a game"
    assert page.get_attribute(".lang-switch [data-lang=en]", "aria-pressed") == "true"
    with page.expect_navigation():  # the page reloads in German
        page.click(".lang-switch [data-lang=de]")
    page.wait_for_selector("html[lang=de]", state="attached")
    assert page.inner_text("#new-game-title") == "Spiel starten"
    assert page.get_attribute(".lang-switch [data-lang=de]", "aria-pressed") == "true"
    page.reload()
    page.wait_for_selector("#kind-list .kind")
    assert page.evaluate("document.documentElement.lang") == "de"
    assert page.inner_text("#new-game-title") == "Spiel starten"
    assert "Spieler" in page.inner_text("#kind-list")  # texts drawn by the script too
    assert english_on_page(page, english_only(tables)) == []
    table.shot(page, "home-de-desktop")

    # A German browser starts in German; choosing English there is remembered as well.
    de_page = de_contexts(table.PHONE).new_page()
    de_page.goto(f"{table.base}/")
    assert de_page.evaluate("document.documentElement.lang") == "de"
    assert de_page.inner_text("#new-game-title") == "Spiel starten"
    with de_page.expect_navigation():
        de_page.click(".lang-switch [data-lang=en]")
    de_page.wait_for_selector("html[lang=en]", state="attached")
    de_page.goto(f"{table.base}/verify/nothing")
    assert de_page.inner_text("#verify-title") == "Fair draws"
    assert de_page.locator(".lang-switch").count() == 1  # every page has the switch


def play_in_german(
    de_contexts, table, tables, rng, game: str, mid: int, to_end: bool = True
) -> None:
    english = english_only(tables)
    game_id, _, (anna, ben, watcher) = table.friends_and_watcher(
        de_contexts, game, ["you", "friend"], (table.DESKTOP, table.PHONE, table.DESKTOP)
    )
    players = [anna, ben, watcher]

    def check(when: str) -> None:
        for p in players:
            # The move list by name is part of what a player reads: open it where it is.
            if p.seat is not None and p.page.locator("#actions:not([hidden])").count():
                p.page.evaluate("document.querySelector('#actions').open = true")
            assert p.page.evaluate("document.documentElement.lang") == "de"
            seen = english_on_page(p.page, english)
            assert seen == [], f"{when}, {p.name}'s page shows English: {seen}"
        table.shot(anna.page, f"{game}-de-{when}-desktop")
        table.shot(ben.page, f"{game}-de-{when}-phone")

    def on_turn(p) -> None:
        # Each decision's prompt, choices and move list: German too.
        seen = english_on_page(p.page, english)
        assert seen == [], f"{p.name}'s turn at version {p.version()} shows English: {seen}"

    check("start")
    # German names of the moves in the list (the server's labels are English).
    for p in (anna, ben):
        labels = [x.strip() for x in p.page.locator("#action-list button").all_inner_texts()]
        legal = table.server_view(game_id, p.token)["legal_actions"]
        assert len(labels) == len(legal)
        assert not {a["label"] for a in legal} & set(labels), labels[:3]
    table.play(
        players,
        rng,
        until=lambda: anna.version() >= mid,
        on_turn=on_turn,
    )
    for p in players:
        p.page.wait_for_function("v => Number(document.body.dataset.version) >= v", arg=mid)
        table.wait_idle(p)
    check("middle")
    assert anna.page.locator("#log li").count() > 0
    if not to_end:  # the end of this game is read in Czech (test_czech_table.py)
        for p in players:
            assert p.errors == [], p.errors
        return
    table.play(players, rng, on_turn=on_turn)
    for p in players:
        p.page.wait_for_selector("body[data-status=over]")
        p.page.wait_for_selector("#result:not([hidden]) #score-table, #result:not([hidden]) p")
    assert "Spielende" in anna.page.inner_text("#turn")
    check("end")
    # The draws can be checked, in German too.
    verify = anna.page.context.new_page()
    verify.goto(table.base + anna.page.get_attribute("#verify-link", "href"))
    verify.wait_for_selector("#verify-verdict:not([data-verdict=loading])")
    assert verify.inner_text("#verify-verdict").startswith("Geprüft")
    assert english_on_page(verify, english) == []
    for p in players:
        assert p.errors == [], p.errors


def test_a_whole_game_of_dschingis_khan_in_german_shows_no_english(de_contexts, table, tables, rng):
    play_in_german(de_contexts, table, tables, rng, "dschingis_khan", mid=14)


def test_dolmengoetter_in_german_shows_no_english_to_the_middle(de_contexts, table, tables, rng):
    """Its end, scoring and verify page are read in Czech (test_czech_table.py): the four
    whole games took a sixth of the suite's time."""
    play_in_german(de_contexts, table, tables, rng, "dolmengoetter", mid=14, to_end=False)


def test_a_german_table_with_clock_chat_presence_resignation_and_rematch(
    de_contexts, table, tables, rng
):
    """The parts of the table merged after the translation, each seen in German at least
    once: the time limit chosen on the home page and the countdown it gives, presence
    marks, the chat (a line written and read, unread count, a watcher's box), the turn
    alert's switch, the log's numbers on the board, the home page's turn line, a resigned
    seat's bot marker and log line, the end with "Play again" and the rematch offer."""
    english = english_only(tables)
    missing: list[str] = []

    def page(size: dict[str, int]) -> Page:
        p = de_contexts(size).new_page()
        p.on("console", lambda m: missing.append(m.text) if "no text for" in m.text else None)
        return p

    def german(p, when: str) -> None:
        assert p.page.evaluate("document.documentElement.lang") == "de"
        seen = english_on_page(p.page, english)
        assert seen == [], f"{when}, {p.name}'s page shows English: {seen}"

    # Anna sets a Die Dolmengötter table for two with three days per move.
    anna_page = page(table.DESKTOP)
    anna_page.goto(f"{table.base}/")
    anna_page.wait_for_selector("#kind-list .kind")
    anna_page.locator("#kind-dolmengoetter").check()
    anna_page.select_option("#num-seats", "2")
    anna_page.select_option("#seat-role-0", "you")
    anna_page.select_option("#seat-role-1", "friend")
    anna_page.fill("#your-name", "Anna")
    anna_page.select_option("#start-player", "0")
    anna_page.select_option("#time-control", label="Fernpartie: 3 Tage pro Zug")
    assert "Bedenkzeit" in anna_page.inner_text("#new-game")
    anna_page.click("#create")
    anna_page.wait_for_selector("#created:not([hidden])")
    invite = anna_page.input_value("#invite-1")
    spectator = anna_page.input_value("#spectator-link")
    anna_page.click("#open-game")
    anna_page.wait_for_selector("body[data-version]")
    ben_page = page(table.PHONE)
    table.join_by_link(ben_page, invite, "Ben")
    watcher_page = page(table.DESKTOP)
    watcher_page.goto(spectator)
    anna = table.Player(anna_page, 0, "Anna")
    ben = table.Player(ben_page, 1, "Ben")
    watcher = table.Player(watcher_page, None, "watcher")
    everyone = (anna, ben, watcher)
    table.live_at_table(*everyone)

    # Anna's countdown in days and hours; who is here; the alert switch; an empty chat.
    for p in everyone:
        clock = p.page.locator("#players tr[data-seat='0'] .seat-clock")
        clock.wait_for(state="visible")
        # Three days less the moment since the turn began (rounded up to the second).
        assert re.fullmatch(r"(2 Tage 23|3 Tage 0) Std\.", clock.inner_text()), clock.inner_text()
    anna.page.wait_for_selector("#players tr[data-seat='1'] [data-presence=here]")
    ben.page.wait_for_selector("#players tr[data-seat='0'] [data-presence=here]")
    assert anna.page.inner_text("#players tr[data-seat='1'] [data-presence]") == "da"
    for p in (anna, ben):
        assert p.page.locator("#turn-alert-box").is_visible()
        assert "Zug-Hinweis" in p.page.inner_text("#turn-alert-box")
    assert watcher.page.get_attribute("#chat-list", "data-empty").startswith("Noch keine")
    for p in everyone:
        german(p, "at the start")

    # A chat line: live on the others' pages; on Ben's phone, folded, as a count.
    anna.page.fill("#chat-input", "Hallo Ben!")
    anna.page.press("#chat-input", "Enter")
    watcher.page.wait_for_selector("#chat-list .chat-line:has-text('Hallo Ben!')")
    assert anna.page.inner_text("#chat-list .chat-line .chat-name-text") == "Du"
    assert watcher.page.get_attribute("#chat-input", "placeholder") == "Als Zuschauer schreiben …"
    ben.page.wait_for_function(
        "() => document.querySelector('.chat-unread').textContent === ' (1 neu)'"
    )

    # A few moves: the log's numbers on the board, the home page's turn line.
    table.play([anna, ben], rng, until=lambda: anna.version() >= 3)
    for p in everyone:
        p.page.wait_for_function("v => Number(document.body.dataset.version) >= v", arg=3)
        table.wait_idle(p) if p.seat is not None else None
    anna.page.hover("#log li >> nth=-1")
    label = anna.page.locator("text.log-num").first
    label.wait_for()
    assert re.fullmatch(r"(Platz|Kreis) \d+", label.text_content() or ""), label.text_content()
    ben.page.click("#chat summary")
    ben.page.wait_for_selector("#chat-list .chat-line:has-text('Hallo Ben!')")
    for p in everyone:
        german(p, "in the middle")
    table.shot(anna.page, "life-de-clock-chat-presence-desktop")
    ben.page.evaluate("window.scrollTo(0, 0)")  # the full page, its sticky banner on top
    table.shot(ben.page, "life-de-clock-chat-presence-phone")
    home = anna.page.context.new_page()
    home.goto(f"{table.base}/")
    turn = home.locator(".game-turn").first
    turn.wait_for()
    assert re.search(r"letzter Zug (gerade eben|vor \d+ Min\.)", turn.inner_text()), (
        turn.inner_text()
    )
    assert english_on_page(home, english) == []
    home.close()

    # Ben resigns: the server's bot plays his seat, marked so, to the end.
    ben.page.once("dialog", lambda dialog: dialog.accept())
    assert ben.page.inner_text("#resign") == "Aufgeben …"
    ben.page.click("#resign")
    for p in everyone:
        tag = p.page.locator("#players tr[data-seat='1'] .stand-in-tag")
        tag.wait_for(state="visible")
        assert tag.inner_text() == "Bot spielt (aufgegeben)"
        p.page.wait_for_function(
            "() => document.querySelector('#log').innerText.includes('Ben hat aufgegeben')"
            " || document.querySelector('#log').innerText.includes('Du hast aufgegeben')"
        )
        german(p, "after the resignation")
    table.play([anna], rng)
    for p in everyone:
        p.page.wait_for_selector("body[data-status=over]")
    anna.page.wait_for_selector("#play-again:not([disabled])")
    assert anna.page.inner_text("#play-again") == "Noch einmal spielen"
    for p in everyone:
        german(p, "at the end")

    # Anna offers a rematch; Ben's and the watcher's pages show the offer.
    old_id = anna.game_id
    anna.page.click("#play-again")
    anna.page.wait_for_url(lambda url: "/play/" in url and old_id not in url)
    anna.page.wait_for_selector("body[data-status=open]")
    for p in (ben, watcher):
        offer = p.page.locator("#rematch .offer")
        offer.wait_for()
        assert "Anna bietet eine Revanche an" in offer.inner_text()
        german(p, "with the rematch offer")
    assert watcher.page.inner_text("#rematch-link") == "Dem neuen Spiel zuschauen"
    german(anna, "in the rematch")
    watcher.page.locator("#rematch").scroll_into_view_if_needed()
    table.shot(watcher.page, "life-de-rematch-offer-desktop")
    ben.page.locator("#rematch").scroll_into_view_if_needed()
    table.shot(ben.page, "life-de-rematch-offer-phone")

    # Anna hosts the rematch: she abandons it before anyone else sat down.
    assert anna.page.inner_text("#abandon") == "Spiel abbrechen"
    anna.page.once("dialog", lambda dialog: dialog.accept())
    anna.page.click("#abandon")
    anna.page.wait_for_selector("body[data-status=abandoned]")
    assert anna.page.inner_text("#turn") == "Spiel abgebrochen"
    german(anna, "after abandoning the rematch")
    assert missing == []
    for p in everyone:
        assert p.errors == [], p.errors
