"""Keyboard focus in Dschingis Khan (issue 37, finding 10): after every step of a turn, taken
with the keyboard alone, focus lands on the next sensible control (a place the board offers
or a choice button), never on <body>; after "Take a wall piece" the next "Take a wall piece"
is focused while one is offered. Seat A plays from the setup on (start tiles, tile faces,
wall pieces, scout steps, building) against a server bot, pressing Enter on whatever has
focus."""

from __future__ import annotations

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from tests.browser.seat_a import with_bots
from tests.browser.test_phone_tap_targets import open_phone

pytestmark = pytest.mark.browser

DESKTOP = {"width": 1366, "height": 768}
CONTROL = "#board .tgt.is-target, #prompt button.choice"
FOCUSED = """() => {
  const a = document.activeElement;
  if (!a || a === document.body) return {on: 'body'};
  const live = a.matches('#board .tgt.is-target') ? 'place'
    : a.matches('#prompt button.choice') ? 'choice' : 'other';
  return {on: live, key: a.dataset.key || null, text: a.textContent,
          id: a.id, cls: a.getAttribute('class')};
}"""
READY = f"""() => document.body.dataset.myTurn === 'true'
  && document.body.dataset.sending === 'false'
  && document.activeElement && document.activeElement.matches('{CONTROL}')"""


def test_after_every_step_focus_lands_on_the_next_control(contexts, table, rng):
    game_id, token = with_bots(table.base, "dschingis_khan", 2, 0, "focus")
    page, errors = open_phone(contexts, table.base, game_id, token, DESKTOP)
    page.locator(CONTROL).first.focus()
    seen: list[str] = []  # what each step pressed: its key or its button's text
    wall = "Take a wall piece"
    for step in range(60):
        try:
            page.wait_for_function(
                f"() => document.body.dataset.status === 'over' || ({READY})()", timeout=5000
            )
        except PlaywrightTimeoutError:  # say where focus went instead
            pytest.fail(f"after {seen[-3:]} focus is on {page.evaluate(FOCUSED)} (step {step})")
        if page.locator("body[data-status=over]").count():
            break  # the game ended (its result dialog has the focus then)
        now = page.evaluate(FOCUSED)
        offered = page.locator("#prompt button.choice", has_text=wall).count()
        if seen and seen[-1].startswith(wall) and offered:
            assert now["text"].startswith(wall), (seen[-3:], now)
        # Mostly Enter on what has focus; now and then another control, reached by focusing
        # it, so that the turn goes through every kind of step (scout steps, building).
        if rng.random() < 0.4:
            controls = page.locator(CONTROL)
            controls.nth(rng.randrange(controls.count())).focus()
            now = page.evaluate(FOCUSED)
        seen.append(now["key"] if now["on"] == "place" else now["text"])  # what is pressed
        page.keyboard.press("Enter")
    kinds = {s.split(":")[0] if ":" in s else s for s in seen}
    assert any(s.startswith("village:") for s in seen), kinds
    assert any(s.startswith(wall) for s in seen), kinds
    assert any(s.startswith("line:") for s in seen), kinds  # built a wall
    assert not errors
