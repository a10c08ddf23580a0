// Seat colours and marks. The colours are the Okabe–Ito palette, chosen so that players
// with the common forms of colour blindness can tell them apart; every piece also carries
// its seat's mark (a shape) and the legend names the seat's letter, so colour is never
// the only cue.

import { t } from "./i18n.js";
import { points, regular, s } from "./svg.js";

export const SEATS = [
  { colour: "#0072B2", ink: "#ffffff", shape: "circle", letter: "A", colourName: "blue" },
  { colour: "#E69F00", ink: "#000000", shape: "square", letter: "B", colourName: "orange" },
  { colour: "#009E73", ink: "#ffffff", shape: "triangle", letter: "C", colourName: "green" },
  { colour: "#CC79A7", ink: "#000000", shape: "diamond", letter: "D", colourName: "pink" },
  { colour: "#D55E00", ink: "#ffffff", shape: "cross", letter: "E", colourName: "red" },
];

/** A seat's colour, mark, letter and colour name (in the page's language). */
export function seatStyle(seat) {
  const st = SEATS[seat % SEATS.length];
  return { ...st, colourName: t(`colour.${st.colourName}`) };
}

/** The seat's mark (a small shape) centred on (cx, cy) with radius r, in the seat's ink. */
export function seatMark(seat, cx, cy, r, extra = {}) {
  const st = seatStyle(seat);
  const attrs = { fill: st.ink, stroke: "none", class: "seat-mark", ...extra };
  switch (st.shape) {
    case "circle":
      return s("circle", { cx, cy, r: r * 0.8, ...attrs });
    case "square":
      return s("rect", {
        x: cx - r * 0.7,
        y: cy - r * 0.7,
        width: r * 1.4,
        height: r * 1.4,
        ...attrs,
      });
    case "triangle":
      return s("polygon", { points: points(regular(cx, cy + r * 0.15, r, 3)), ...attrs });
    case "diamond":
      return s("polygon", { points: points(regular(cx, cy, r, 4)), ...attrs });
    default: {
      const w = r * 0.38;
      const d = `M${cx - w},${cy - r}h${2 * w}v${r - w}h${r - w}v${2 * w}h${w - r}v${r - w}h${-2 * w}v${w - r}h${w - r}v${-2 * w}h${r - w}z`;
      return s("path", { d, ...attrs });
    }
  }
}

/** A small inline SVG swatch (colour + mark) for HTML lists and tables. */
export function seatSwatch(seat, size = 18) {
  const st = seatStyle(seat);
  const r = size / 2;
  return s(
    "svg",
    {
      class: "swatch",
      width: size,
      height: size,
      viewBox: `0 0 ${size} ${size}`,
      "aria-hidden": "true",
    },
    s("rect", {
      x: 0.5,
      y: 0.5,
      width: size - 1,
      height: size - 1,
      rx: 3,
      fill: st.colour,
      stroke: "#222",
    }),
    seatMark(seat, r, r, r * 0.55),
  );
}
