"""A hand longer than its line above the board says so (issue 37): on a laptop the hand
strip is one line that scrolls sideways (a second line would shrink the board), so where
more of it is hidden its edge fades and a "›" button scrolls it, then "‹" back; the band
above the board keeps its height throughout."""

from __future__ import annotations

import pytest

from tests.browser.seat_a import SCREENS, open_table, visible, with_bots

pytestmark = pytest.mark.browser

NARROW_LAPTOP = {"width": 960, "height": 720}  # still the desktop layout (above 900 px)


def strip_state(page) -> dict:
    return page.eval_on_selector(
        ".choices-box .hand-strip",
        """s => ({hidden: s.dataset.hidden || '', over: s.scrollWidth - s.clientWidth,
                  left: s.scrollLeft, mask: getComputedStyle(s).maskImage,
                  band: document.querySelector('.choices-box').getBoundingClientRect().height,
                  board: document.querySelector('#board svg').getBoundingClientRect().top})""",
    )


SETTLED = """() => {
  const s = document.querySelector('.choices-box .hand-strip');
  const ends = [];
  if (s.scrollLeft > 1) ends.push('start');
  if (s.scrollWidth - s.clientWidth - s.scrollLeft > 1) ends.push('end');
  return s.dataset.hidden === ends.join(' ');
}"""


def scroll_by_button(page, button, until: str) -> None:
    """Click `button` until the strip hides something only at `until`'s end."""
    for _ in range(10):
        state = strip_state(page)
        if state["hidden"] == until:
            return
        button.click()
        page.wait_for_function(
            "left => document.querySelector('.choices-box .hand-strip').scrollLeft != left",
            arg=state["left"],
        )
        page.wait_for_function(SETTLED)  # the scroll event has told the page where it is
    raise AssertionError(f"ten clicks did not scroll the strip to its other end: {state}")


def test_a_long_hand_fades_at_its_edge_and_scrolls_by_its_button(contexts, table):
    game_id, token = with_bots(table.base, "dschingis_khan", 2, 14, "long-hand")
    for name, size in (("1280x720", SCREENS["1280x720"]), ("960x720", NARROW_LAPTOP)):
        page, errors = open_table(contexts, table.base, game_id, token, size)
        # Reduced motion: the button scrolls at once (smoothly otherwise), so each click's
        # effect can be read before the next.
        page.emulate_media(reduced_motion="reduce")
        page.wait_for_selector(".table.fitted")
        page.evaluate(
            "() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))"
        )
        before = strip_state(page)
        end, start = page.locator(".hand-more-end"), page.locator(".hand-more-start")
        if before["over"] <= 1:  # it fits: nothing cut, no cue
            assert name != "960x720", "a 960 px laptop fits the whole hand: test a longer one"
            assert before["hidden"] == "" and not end.is_visible() and not start.is_visible()
            continue
        assert before["hidden"] == "end" and "gradient" in before["mask"], before
        assert end.is_visible() and not start.is_visible()
        assert visible(page, ".hand-more-end") == [1.0]
        table.shot(page, f"hand-strip-cue-{name}")
        scroll_by_button(page, end, "start")
        after = strip_state(page)
        assert after["hidden"] == "start", after
        assert start.is_visible() and not end.is_visible()
        # Its last part is wholly in view now; the band and the board did not move.
        assert visible(page, ".choices-box .hand-strip > :last-child") == [1.0]
        assert (after["band"], after["board"]) == (before["band"], before["board"])
        scroll_by_button(page, start, "end")
        assert not errors
        page.context.close()
