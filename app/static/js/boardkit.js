// What both board renderers share: an SVG with layers, and click targets that are only
// live (clickable, focusable, announced) while the picker offers them.

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
