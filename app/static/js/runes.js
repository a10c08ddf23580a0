// Rune glyphs drawn as strokes, so they need no runic font (few systems ship one).
// Shapes follow the Elder Futhark; each is a list of polylines in a box x∈[-3,3], y∈[-5,5].

import { s } from "./svg.js";

const STEM = [
  [0, -5],
  [0, 5],
];
// biome-ignore format: one rune per line, its strokes as coordinate pairs, reads as a table
const GLYPHS = {
  1: [STEM, [[0, -1], [3, -4]], [[0, 2], [3, -1]]], // fehu
  2: [[[-2, 5], [-2, -5], [2, -2], [2, 5]]], // uruz
  3: [STEM, [[0, -3], [3, 0], [0, 3]]], // thurisaz
  4: [STEM, [[0, -5], [3, -2]], [[0, -2], [3, 1]]], // ansuz
  5: [STEM, [[0, -5], [3, -2.5], [0, 0], [3, 5]]], // raido
  6: [[[2.5, -5], [-2, 0], [2.5, 5]]], // kaunan
  7: [[[-3, -5], [3, 5]], [[3, -5], [-3, 5]]], // gebo
  8: [STEM, [[0, -5], [3, -2.5], [0, 0]]], // wunjo
  9: [[[-2.5, -5], [-2.5, 5]], [[2.5, -5], [2.5, 5]], [[-2.5, -2], [2.5, 2]]], // hagalaz
  10: [STEM, [[-2.5, -2], [2.5, 1.5]]], // naudiz
  11: [STEM, [[-1.5, -5], [1.5, -5]], [[-1.5, 5], [1.5, 5]]], // isaz (with serifs, to read as a rune)
  12: [[[-0.5, -4.5], [-3, -2], [-0.5, 0.5]], [[0.5, -0.5], [3, 2], [0.5, 4.5]]], // jera
  13: [STEM, [[0, -5], [2.5, -3]], [[0, 5], [-2.5, 3]]], // eihwaz
  14: [STEM, [[0, -5], [3, -3], [3, -1.5]], [[0, 5], [3, 3], [3, 1.5]]], // perth
  15: [STEM, [[-3, -5], [0, -1], [3, -5]]], // algiz
  16: [[[2.5, -5], [-2.5, -1.5], [2.5, 1.5], [-2.5, 5]]], // sowilo
  17: [STEM, [[-3, -2], [0, -5], [3, -2]]], // tiwaz
  18: [STEM, [[0, -5], [3, -2.5], [0, 0], [3, 2.5], [0, 5]]], // berkanan
  19: [[[-2.5, 5], [-2.5, -5], [0, -1], [2.5, -5], [2.5, 5]]], // ehwaz
  20: [[[-2.5, 5], [-2.5, -5]], [[2.5, -5], [2.5, 5]], [[-2.5, -5], [2.5, 5]], [[2.5, -5], [-2.5, 5]]], // mannaz
  21: [[[-3, -4], [-3, 4], [3, -4], [3, 4], [-3, -4]]], // dagaz: the corner mark
};

export const CORNER_RUNE = 21;

/** The rune glyph `n` centred at (cx, cy), scaled by `k`. */
export function runeGlyph(n, cx, cy, k = 1, attrs = {}) {
  const lines = GLYPHS[n] || GLYPHS[((n - 1) % 20) + 1];
  return s(
    "g",
    { class: "rune", transform: `translate(${cx} ${cy}) scale(${k})`, ...attrs },
    lines.map((pl) =>
      s("polyline", {
        points: pl.map(([x, y]) => `${x},${y}`).join(" "),
        fill: "none",
        stroke: "currentColor",
        "stroke-width": 1.1,
        "stroke-linecap": "round",
        "stroke-linejoin": "round",
      }),
    ),
  );
}
