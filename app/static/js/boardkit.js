// What both board renderers share: an SVG with layers, and click targets that are only
// live (clickable, focusable, announced) while the picker offers them.

import { SEATS } from "./palette.js";
import { s } from "./svg.js";

export class BoardSvg {
  constructor(viewBox, title) {
    this.svg = s("svg", {
      viewBox: viewBox.join(" "),
      role: "group",
      "aria-label": title,
      preserveAspectRatio: "xMidYMid meet",
    });
    this.defs = s("defs");
    this.base = s("g", { class: "layer-base" });
    this.pieces = s("g", { class: "layer-pieces" });
    // Invisible hit areas, larger than the drawn targets, so that a finger finds them; they
    // lie under the targets, so where both are the drawn target wins.
    this.hitsLayer = s("g", { class: "layer-hits" });
    this.targetsLayer = s("g", { class: "layer-targets" });
    this.svg.append(this.defs, this.base, this.pieces, this.hitsLayer, this.targetsLayer);
    this.targets = new Map(); // key -> {el, label}
    this.order = []; // keys in reading order, so Tab walks the board sensibly
    keepLegible(this.svg);
  }

  /** Register a target element under `key` with a default spoken label (and a hit area). */
  addTarget(key, el, label, hit = null) {
    el.classList.add("tgt");
    el.dataset.key = key;
    this.targets.set(key, { el, label, hit });
    this.order.push(key);
    this.targetsLayer.append(el);
    if (hit) {
      hit.classList.add("hit");
      hit.dataset.key = key;
      hit.setAttribute("aria-hidden", "true");
      this.hitsLayer.append(hit);
    }
    return el;
  }

  hint(keys) {
    hintTargets(this, keys);
  }

  /** Make exactly `live` (Map key -> step) clickable; mark `picked` keys as chosen. */
  setTargets(live, picked) {
    const pickedSet = new Set(picked);
    for (const [key, t] of this.targets) {
      const step = live.get(key);
      const el = t.el;
      el.classList.toggle("is-target", Boolean(step));
      el.classList.toggle("is-picked", pickedSet.has(key) && !step);
      if (t.hit) t.hit.classList.toggle("is-live", Boolean(step));
      if (step) {
        el.setAttribute("tabindex", "0");
        el.setAttribute("role", "button");
        el.setAttribute("aria-label", step.text || t.label);
        el.replaceChildren(s("title", {}, step.text || t.label));
      } else {
        el.removeAttribute("tabindex");
        el.removeAttribute("role");
        el.removeAttribute("aria-label");
        el.replaceChildren();
      }
    }
  }
}

// Board text never renders below this many CSS px (a phone shows the whole board small).
const MIN_TEXT_PX = 11;
// A seat's piece is told from the board by its dark outline, never thinner than this many CSS
// px: orange and pink fills alone are under 3:1 against the beige of Mongolia (WCAG 1.4.11),
// and an outline drawn at 1 unit was 0.35 px on a phone.
const MIN_OUTLINE_PX = 1;
const SEAT_FILLS = SEATS.map((st) => `[fill="${st.colour}"][stroke]`).join(", ");

/** Keep every text on the board at least MIN_TEXT_PX on screen, whatever the board's scale:
 * a text drawn at `font-size` f (SVG units) grows to MIN_TEXT_PX / scale where the board is
 * shown smaller; zooming in gives it back its drawn size. Seat pieces' outlines likewise
 * stay at least MIN_OUTLINE_PX. */
function keepLegible(svg) {
  if (typeof ResizeObserver === "undefined") return;
  const fit = () => {
    const ctm = svg.getScreenCTM();
    if (!ctm?.a) return;
    const least = MIN_TEXT_PX / ctm.a;
    for (const el of svg.querySelectorAll("text")) {
      // The drawn size, before any enlargement (CSS may set it rather than the attribute).
      if (!el.dataset.fontSize) el.dataset.fontSize = parseFloat(getComputedStyle(el).fontSize);
      const drawn = Number(el.dataset.fontSize);
      const small = drawn < least;
      // A text that only helps a close look makes way where it would have to grow by a fifth
      // or more, as on a phone (Die Dolmengötter: ×1.44 at 390 px, ×1.02 at 1280×720; zoom
      // in to see it): grown so much it runs into its neighbours. Every other text grows to
      // the least readable size.
      const hide = drawn * 1.2 < least && el.hasAttribute("data-optional") ? "none" : "";
      if (el.style.display !== hide) el.style.display = hide;
      const size = small && !hide ? `${Math.ceil(least * 10) / 10}px` : "";
      if (el.style.fontSize !== size) el.style.fontSize = size;
    }
    const thinnest = MIN_OUTLINE_PX / ctm.a;
    for (const el of svg.querySelectorAll(SEAT_FILLS)) {
      const drawn = Number(el.getAttribute("stroke-width") || 1);
      const width = drawn >= thinnest ? "" : `${Math.ceil(thinnest * 100) / 100}`;
      if (el.style.strokeWidth !== width) el.style.strokeWidth = width;
    }
  };
  // Both run before the next frame is painted: the text never shows at the small size.
  new ResizeObserver(fit).observe(svg);
  new MutationObserver(fit).observe(svg, { childList: true, subtree: true });
}

/** Show (or clear, with []) which board places a choice button refers to. */
export function hintTargets(board, keys) {
  for (const [key, t] of board.targets) t.el.classList.toggle("is-hint", keys.includes(key));
}

/** A label for a piece that screen readers read and mouse users see as a tooltip. */
export function titled(el, text) {
  el.setAttribute("aria-label", text);
  el.setAttribute("role", "img");
  el.prepend(s("title", {}, text));
  return el;
}
