// The last moves on the board, and the log's pieces on hover.
//
// Every board target (a village, a wall line, a stone place, a stone circle) that an action
// changed since this seat last acted carries `data-last-move="<seat>"` (the seat that moved)
// and `data-last-seq="<seq>"` (the action, as numbered by GET /api/games/{id}/log), and is
// outlined in that seat's colour with its shape (palette.js) in a layer of its own. A watcher
// sees the last full round: the actions since the latest mover's previous turn. An action
// taken back (undo) is no longer marked, and neither is its take-back. A move that arrives
// live is pulsed for about 300 ms (not under prefers-reduced-motion: the CSS says so).
//
// Hovering or focusing an entry of "What happened" (a turn, or one step of it: logturns.js)
// highlights the pieces it names (`.is-log-hl`) and writes their numbers on the board
// (`text.log-num`).
//
// The actions come from the same entries the log shows: `{seq, seat, events}`, from
// GET .../log and from the WebSocket's `actions`. Which event fields name which targets is
// `markedKeys` (also used by the history slider for the action it shows).

import { t } from "./i18n.js";
import { seatMark, seatStyle } from "./palette.js";
import { s } from "./svg.js";

// The names of the numbers written on the board (text/en.js and text/de.js, "marks.*").
const LABEL = {
  village: "marks.village",
  line: "marks.line",
  place: "marks.place",
  circle: "marks.circle",
};

// Which event fields name which board targets (the game modules' target keys).
const FIELDS = {
  dschingis_khan: {
    village: "village",
    villages: "village",
    scout: "village",
    from: "village",
    to: "village",
    line: "line",
    via: "line",
    removed: "line",
  },
  dolmengoetter: { place: "place", from: "place", to: "place", circle: "circle" },
};

// Events that change no piece on the board (a turn begins, a right is offered or lapses,
// a circle is scored, the end): they name places, but nothing there moved.
const NO_PIECES = new Set([
  "turn",
  "game_over",
  "undo",
  "pass",
  "final_phase",
  "final_round",
  "dolmen_right",
  "dolmen_right_lapsed",
  "dolmen_declined",
  "stone_declined",
  "circle_scored",
]);

/** The board target keys ("line:26", "place:7", ...) whose pieces these events changed. */
export function markedKeys(kind, events) {
  const fields = FIELDS[kind] || {};
  const keys = new Set();
  for (const ev of events || []) {
    if (!ev || NO_PIECES.has(ev.type)) continue;
    for (const [field, prefix] of Object.entries(fields)) {
      const value = ev[field];
      for (const id of Array.isArray(value) ? value : [value]) {
        if (Number.isInteger(id)) keys.add(`${prefix}:${id}`);
      }
    }
  }
  return keys;
}

/** The entries still standing: an undo removes itself and the seat's last action. */
function standing(entries) {
  const out = [];
  for (const e of entries) {
    if ((e.events || []).some((ev) => ev.type === "undo")) {
      for (let i = out.length - 1; i >= 0; i--) {
        if (out[i].seat === e.seat) {
          out.splice(i, 1);
          break;
        }
      }
      continue;
    }
    out.push(e);
  }
  return out;
}

/**
 * The entries to mark for `seat`: those after its last action; for a watcher (`null`), the
 * last full round, from the latest mover's previous turn on.
 */
export function entriesToMark(entries, seat) {
  const list = standing(entries);
  if (list.length === 0) return [];
  let i = list.length - 1;
  if (seat === null || seat === undefined) {
    const latest = list[i].seat;
    while (i >= 0 && list[i].seat === latest) i--;
    while (i >= 0 && list[i].seat !== latest) i--;
    return list.slice(i + 1);
  }
  while (i >= 0 && list[i].seat !== seat) i--;
  return list.slice(i + 1);
}

/** A label's centre near `at` (w wide, font size fs) whose box overlaps none of `placed`:
 * moved down or up by a label's height at a time (a line's label sits between the two
 * villages it separates, whose labels would cover it). The box is added to `placed`. */
function freeSpot(placed, at, w, fs) {
  const h = fs * 1.3;
  const step = h + fs * 0.15;
  const boxOf = (y) => ({ l: at[0] - w / 2, r: at[0] + w / 2, t: y - fs * 0.8, b: y + fs * 0.5 });
  const hits = (a) => placed.some((p) => a.l < p.r && p.l < a.r && a.t < p.b && p.t < a.b);
  for (let i = 0; i < 12; i++) {
    const dy = (i % 2 ? 1 : -1) * Math.ceil(i / 2) * step;
    const box = boxOf(at[1] + dy);
    if (!hits(box)) {
      placed.push(box);
      return [at[0], at[1] + dy];
    }
  }
  placed.push(boxOf(at[1]));
  return at;
}

/** Where a target is drawn: its centre (and for a polygon its corners). */
function shapeOf(el) {
  if (el.tagName === "circle") {
    const cx = el.cx.baseVal.value;
    const cy = el.cy.baseVal.value;
    return { c: [cx, cy], r: el.r.baseVal.value, pts: null };
  }
  const pts = [...(el.points || [])].map((p) => [p.x, p.y]);
  if (pts.length === 0) return null;
  const c = [
    pts.reduce((a, p) => a + p[0], 0) / pts.length,
    pts.reduce((a, p) => a + p[1], 0) / pts.length,
  ];
  return { c, r: 0, pts };
}

/**
 * `hooks`: {kind, svg(), ownSeat(), log (the log's <ol>)}. The page calls `add(entries)`
 * with every batch of log entries it receives (duplicates are fine) and `refresh()` when
 * its seat changes.
 */
export function setupMarks(hooks) {
  const entries = new Map(); // seq -> {seq, seat, events}
  let loaded = false; // what the page loaded at the start is marked, not animated
  let layer = null;
  let labels = null;
  let shown = new Map(); // key -> {seat, seq}

  function ensureLayer() {
    const svg = hooks.svg();
    if (layer && layer.ownerSVGElement === svg) return svg;
    layer = s("g", { class: "layer-marks", "aria-hidden": "true" });
    labels = s("g", { class: "log-labels", "aria-hidden": "true" });
    // Above the pieces, under the click targets (which stay on top, to be clicked).
    const hits = svg.querySelector(".layer-hits");
    svg.insertBefore(layer, hits);
    svg.append(labels);
    return svg;
  }

  /** Board units per screen pixel, so that badges and numbers have a readable size at
   *  any board size and zoom (a board not laid out yet: a thousandth of its width). */
  function unit(svg) {
    const box = svg.viewBox.baseVal;
    const shown = svg.getBoundingClientRect().width;
    if (box?.width && shown > 0) return box.width / shown;
    return box?.width ? box.width / 1000 : 1;
  }

  function targetsOf(svg) {
    const map = new Map();
    for (const el of svg.querySelectorAll(".layer-targets .tgt[data-key]")) {
      map.set(el.dataset.key, el);
    }
    return map;
  }

  /** One mark: the target's outline in the seat's colour, and the seat's shape on it. */
  function drawMark(el, key, seat, removed, u) {
    const shape = shapeOf(el);
    if (!shape) return null;
    const st = seatStyle(seat);
    const g = s("g", {
      class: `last-move${removed ? " removed" : ""}`,
      "data-key": key,
      "data-seat": seat,
    });
    const outline = el.tagName === "circle" ? s("circle") : s("polygon");
    for (const name of ["cx", "cy", "r", "points"]) {
      if (el.hasAttribute(name)) outline.setAttribute(name, el.getAttribute(name));
    }
    const halo = outline.cloneNode();
    halo.setAttribute("class", "last-move-halo");
    outline.setAttribute("class", "last-move-line");
    outline.setAttribute("stroke", st.colour);
    g.append(halo, outline);
    // The badge: on a line its middle, on a place its upper right, in an area between the
    // centre (where the pieces stand) and the corner away from the area's number.
    const r = 8 * u;
    let at;
    if (key.startsWith("line:")) at = shape.c;
    else if (!shape.pts) at = [shape.c[0] + shape.r * 0.8, shape.c[1] - shape.r * 0.8];
    else {
      // The second corner: a village's number is at its first, its stack in the middle.
      const corner = shape.pts[1];
      at = [
        shape.c[0] + (corner[0] - shape.c[0]) * 0.7,
        shape.c[1] + (corner[1] - shape.c[1]) * 0.7,
      ];
    }
    g.append(
      s("circle", {
        class: "last-move-badge",
        cx: at[0],
        cy: at[1],
        r,
        fill: st.colour,
      }),
      seatMark(seat, at[0], at[1], r * 0.62),
    );
    return g;
  }

  function refresh(fresh = new Set()) {
    const svg = ensureLayer();
    const u = unit(svg);
    const marks = new Map();
    const all = [...entries.values()].sort((a, b) => a.seq - b.seq);
    for (const e of entriesToMark(all, hooks.ownSeat())) {
      if (!Number.isInteger(e.seat)) continue;
      const removed = new Set();
      for (const ev of e.events || []) {
        for (const line of Array.isArray(ev.removed) ? ev.removed : []) removed.add(`line:${line}`);
      }
      for (const key of markedKeys(hooks.kind, e.events)) {
        marks.set(key, { seat: e.seat, seq: e.seq, removed: removed.has(key) });
      }
    }
    const targets = targetsOf(svg);
    for (const [key, el] of targets) {
      const m = marks.get(key);
      if (m) {
        el.dataset.lastMove = String(m.seat);
        el.dataset.lastSeq = String(m.seq);
      } else {
        delete el.dataset.lastMove;
        delete el.dataset.lastSeq;
      }
    }
    const drawn = [];
    for (const [key, m] of marks) {
      const el = targets.get(key);
      if (!el) continue;
      const g = drawMark(el, key, m.seat, m.removed, u);
      if (!g) continue;
      if (fresh.has(m.seq)) g.classList.add("is-fresh");
      drawn.push(g);
    }
    layer.replaceChildren(...drawn);
    shown = marks;
    svg.dataset.lastMoves = String(marks.size);
  }

  function add(batch) {
    const fresh = new Set();
    let changed = false;
    for (const e of batch || []) {
      if (!Number.isInteger(e?.seq)) continue; // table events (a seat given back)
      if (!entries.has(e.seq) && loaded) fresh.add(e.seq);
      const before = entries.get(e.seq);
      if (!before || JSON.stringify(before.events) !== JSON.stringify(e.events)) changed = true;
      entries.set(e.seq, { seq: e.seq, seat: e.seat, events: e.events || [] });
    }
    if (changed) refresh(fresh);
  }

  // ---- the log: its entries point at their pieces ----------------------------------------

  /** Light the pieces of log entry `li` (a turn: all its actions; a step: its own). */
  function highlight(li) {
    const svg = ensureLayer();
    const keys = new Set();
    for (const seq of seqsOf(li)) {
      const entry = entries.get(seq);
      if (entry) for (const key of markedKeys(hooks.kind, entry.events)) keys.add(key);
    }
    const u = unit(svg);
    const targets = targetsOf(svg);
    for (const [key, el] of targets) el.classList.toggle("is-log-hl", keys.has(key));
    const drawn = [];
    const placed = []; // the labels' boxes so far: a label never covers another
    for (const key of keys) {
      const el = targets.get(key);
      const shape = el && shapeOf(el);
      if (!shape) continue;
      const [prefix, id] = key.split(":");
      const fs = 14 * u;
      const text = LABEL[prefix] ? t(LABEL[prefix], id) : `${prefix} ${id}`;
      const w = fs * 0.62 * text.length + fs * 0.6;
      const [x, y] = freeSpot(
        placed,
        shape.pts ? shape.c : [shape.c[0], shape.c[1] - shape.r - fs * 0.9],
        w,
        fs,
      );
      drawn.push(
        s(
          "g",
          { class: "log-num-box", "data-key": key },
          s("rect", {
            x: x - w / 2,
            y: y - fs * 0.8,
            width: w,
            height: fs * 1.3,
            rx: fs * 0.3,
          }),
          s(
            "text",
            { class: "log-num", x, y: y + fs * 0.28, "font-size": fs, "text-anchor": "middle" },
            text,
          ),
        ),
      );
    }
    labels.replaceChildren(...drawn);
    for (const other of hooks.log.querySelectorAll("li")) {
      other.classList.toggle("is-log-hl", other === li);
    }
  }

  // An entry of the log: a turn (`data-seqs`, its actions) or one action (`data-seq`).
  const entryOf = (node) => node?.closest?.("li[data-seq], li[data-seqs]") ?? null;
  function seqsOf(li) {
    if (!li) return [];
    const list = li.dataset.seq ?? li.dataset.seqs ?? "";
    return list
      .split(" ")
      .filter((x) => /^\d+$/.test(x))
      .map(Number);
  }
  const visibleLi = (li) => li.offsetParent !== null || li.getClientRects().length > 0;
  // An entry tapped on a phone's Log tab stays lit on the Board tab (pin) until unpinned.
  let pinned = null;
  hooks.log.addEventListener("pointerover", (ev) => highlight(entryOf(ev.target)));
  hooks.log.addEventListener("pointerleave", () => {
    const focused = entryOf(document.activeElement);
    highlight(hooks.log.contains(focused) ? focused : pinned);
  });
  hooks.log.addEventListener("focusin", (ev) => highlight(entryOf(ev.target)));
  hooks.log.addEventListener("focusout", (ev) => {
    if (!hooks.log.contains(ev.relatedTarget)) highlight(pinned);
  });
  // Up and down walk the entries shown (newest first, a turn's unfolded steps after it), so
  // the keyboard need not Tab through all.
  hooks.log.addEventListener("keydown", (ev) => {
    const li = entryOf(ev.target);
    if (!li || ev.target !== li || (ev.key !== "ArrowDown" && ev.key !== "ArrowUp")) return;
    const all = [...hooks.log.querySelectorAll("li[tabindex]")].filter(visibleLi);
    const next = all[all.indexOf(li) + (ev.key === "ArrowDown" ? 1 : -1)];
    if (next) {
      ev.preventDefault();
      next.focus();
    }
  });

  return {
    add,
    /** The page has loaded the game so far: actions added from now on are animated. */
    ready: () => {
      loaded = true;
    },
    refresh: () => refresh(),
    /** Keep log entry `li`'s pieces lit while it is out of sight (null: stop). */
    pin: (li) => {
      pinned = li;
      highlight(pinned);
    },
    /** key -> {seat, seq} of what is marked now. */
    shown: () => shown,
  };
}
