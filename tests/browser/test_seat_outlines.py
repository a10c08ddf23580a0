"""Seat pieces stand out from the board (issue 37; WCAG 1.4.11 non-text contrast): orange
and pink fills are under 3:1 against the beige of Mongolia, so a piece is told from the
board by its dark outline, which must contrast at least 3:1 with the board and with the
piece's own colour and never render thinner than 1 CSS px, on a phone too (an outline of
one drawing unit was about 0.35 px there). Measured on what Chromium renders: computed
stroke colours and widths times the board's scale (getScreenCTM)."""

from __future__ import annotations

import pytest

from tests.browser.seat_a import PHONE, SCREENS, open_table, with_bots

pytestmark = pytest.mark.browser

# The board's ground colours, where seat pieces sit.
GROUND = {"dschingis_khan": ["#f1e0b5", "#cfe0ea"], "dolmengoetter": ["#e4ecd4", "#fbf6e6"]}
SEAT_COLOURS = ["#0072B2", "#E69F00", "#009E73", "#CC79A7", "#D55E00"]

OUTLINES = """colours => {
  const svg = document.querySelector('#board svg');
  const scale = svg.getScreenCTM().a;
  const sel = colours.map((c) => `[fill="${c}"][stroke]`).join(', ');
  return [...svg.querySelectorAll(sel)].map((el) => {
    const cs = getComputedStyle(el);
    return {fill: el.getAttribute('fill'), stroke: cs.stroke,
            px: parseFloat(cs.strokeWidth) * scale,
            what: el.closest('[class]').getAttribute('class')};
  });
}"""


def luminance(colour: str) -> float:
    if colour.startswith("#"):
        rgb = [int(colour[i : i + 2], 16) for i in (1, 3, 5)]
    else:  # rgb(r, g, b)
        rgb = [int(float(x)) for x in colour[colour.index("(") + 1 : -1].split(",")[:3]]
    lin = [
        (c / 255) / 12.92 if c / 255 <= 0.04045 else ((c / 255 + 0.055) / 1.055) ** 2.4 for c in rgb
    ]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def contrast(a: str, b: str) -> float:
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_luminance_contrast_as_wcag_defines_it():
    assert round(contrast("#000000", "#ffffff"), 1) == 21.0
    assert contrast("#E69F00", "#f1e0b5") < 3  # why the outline matters
    assert contrast("#CC79A7", "#f1e0b5") < 3


@pytest.mark.parametrize(("kind", "seats"), [("dschingis_khan", 4), ("dolmengoetter", 4)])
def test_every_seat_piece_has_a_dark_outline_of_at_least_one_pixel(contexts, table, kind, seats):
    game_id, token = with_bots(table.base, kind, seats, 6, f"outline-{kind}")
    for name, size in (("phone", PHONE), ("1366x768", SCREENS["1366x768"])):
        page, errors = open_table(contexts, table.base, game_id, token, size)
        page.wait_for_selector("#board svg")
        page.evaluate(
            "() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))"
        )
        pieces = page.evaluate(OUTLINES, SEAT_COLOURS)
        fills = {p["fill"] for p in pieces}
        assert len(fills) >= 3, fills  # pieces of several seats are on the board
        for p in pieces:
            assert p["px"] >= 0.99, (name, p)
            assert contrast(p["stroke"], p["fill"]) >= 3, (name, p)
            for ground in GROUND[kind]:
                assert contrast(p["stroke"], ground) >= 3, (name, p, ground)
        table.shot(page, f"outlines-{kind}-{seats}-{name}")
        assert not errors
        page.context.close()
