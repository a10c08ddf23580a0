"""Die Dolmengötter on a phone is not a heap of numbers (issue 37): board text never renders
under 11 CSS px, so where the whole board is drawn small the texts that only help a close
look (the factors of a ladder's empty slots below the next one, the stone places' numbers)
make way instead of growing into each other; zooming in (+) brings them back. Measured: no
two visible texts of the board overlap, on a phone and on a laptop."""

from __future__ import annotations

import pytest

from tests.browser.seat_a import PHONE, SCREENS, open_table, with_bots

pytestmark = pytest.mark.browser

OVERLAPS = """() => {
  const boxes = [...document.querySelectorAll('#board svg text')]
    .filter((el) => el.getClientRects().length && getComputedStyle(el).visibility !== 'hidden')
    .map((el) => [el.textContent, el.getBoundingClientRect()]);
  const hits = [];
  for (let i = 0; i < boxes.length; i++)
    for (let j = i + 1; j < boxes.length; j++) {
      const [a, p] = boxes[i], [b, q] = boxes[j];
      const w = Math.min(p.right, q.right) - Math.max(p.left, q.left);
      const h = Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top);
      if (w > 1 && h > 1) hits.push(`${a}|${b}`);
    }
  return [boxes.length, hits];
}"""


def test_the_board_texts_do_not_overlap_on_a_phone(contexts, table):
    game_id, token = with_bots(table.base, "dolmengoetter", 4, 6, "crowding")
    for name, size in (("phone", PHONE), ("1366x768", SCREENS["1366x768"])):
        page, errors = open_table(contexts, table.base, game_id, token, size)
        page.wait_for_selector("#board svg")
        page.evaluate(
            "() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))"
        )
        shown, hits = page.evaluate(OVERLAPS)
        table.shot(page, f"crowding-dolmengoetter-{name}")
        # Every ladder with a free slot still shows the factor a dolmen raised now would get.
        ladders = page.eval_on_selector_all(
            "#board svg .ladder:not(.scored)",
            """gs => gs.map((g) => [...g.querySelectorAll('text')]
                .filter((el) => el.getClientRects().length).length)""",
        )
        assert len(ladders) > 10 and all(n >= 1 for n in ladders), ladders
        assert shown >= len(ladders), shown
        assert hits == [], (name, len(hits), hits[:8])
        assert not errors
        page.context.close()
