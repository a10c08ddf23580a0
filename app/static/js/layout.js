// The table's layout (issue 9, "Fit"): on a desktop the board takes the height left under
// the turn banner and just the width it needs, and players and "What happened" share the
// column beside it (two columns when the board is narrow, as Die Dolmengötter's is). On a
// phone the board fits the width, zoom buttons and pinch enlarge it (a hint says when part
// of it is off-screen), and a tab bar under the sticky turn banner shows the board, the
// players or the log. Arrow keys move between the board's targets by their position.
//
// Nothing here knows a game: it only measures the board's SVG and places the page's panels.

import { t } from "./i18n.js";
import { h } from "./svg.js";

// The texts: text/en.js and text/de.js, keys "layout.*".
const TABS = { board: "layout.board", players: "layout.players", log: "layout.log" };
const DIRS = { left: "layout.left", right: "layout.right", up: "layout.up", down: "layout.down" };

/** Phones and narrow windows get the one-column layout with tabs (same as the stylesheet). */
export const NARROW = "(max-width: 900px)";
const MIN_SIDE = 320; // px: the side column is never narrower (players and their scores)
const TWO_SIDE_COLUMNS = 640; // px: a side column this wide shows players and log side by side
const ZOOM_MIN = 1;
const ZOOM_MAX = 4;
const ZOOM_STEP = 1.5;

const $ = (sel) => document.querySelector(sel);

/**
 * Lay the table out around the board's `svg` and keep it so. Returns `{ place, focusBoard }`:
 * `place()` puts the panels added later (turn alerts) where they belong on this screen;
 * `focusBoard()` gives the keyboard back to the board after a move was sent.
 */
export function setupLayout({ svg }) {
  const narrow = window.matchMedia(NARROW);
  const table = $("#table");
  const box = $("#board");
  const wrap = box.parentElement;
  const zoom = setupZoom(svg, box, narrow);
  const showTab = setupTabs($("#tabs"), narrow);

  // History and legend belong under the board on a phone, in the side column on a desktop.
  // The turn-alert setting sits beside the turn banner on a desktop; on a phone, where the
  // banner must stay one short sticky row, it goes under "Players" (after its buttons).
  // Your hand (issue 37): on a desktop a compact strip in the band above the board, where
  // it is always in sight; on a phone under "Players". The move list folds under the log.
  const place = () => {
    const history = $("#history");
    const legend = $("#legend");
    const alert = $("#turn-alert-box");
    const hand = $("#private");
    const actions = $("#actions");
    if (narrow.matches) {
      wrap.after(history);
      history.after(legend);
      $("#legend-box")?.remove();
      if (alert) $(".players-card").append(alert);
      $(".players-card").after(hand);
      $(".side-info").append(actions);
    } else {
      $(".side .log").before(history);
      legendBox().append(legend);
      if (alert) $("#turn").after(alert);
      $(".choices-box").prepend(hand);
      $(".side .log").after(actions);
      actions.after(legendBox());
    }
    fit();
  };

  // The board column: as wide as the board is at the height it has, so that the board's
  // width beyond that goes to the side column instead of to white space. A tall board (Die
  // Dolmengötter) takes the whole height, with the turn banner and the choices beside it.
  let last = "";
  const fit = () => {
    if (narrow.matches) {
      table.classList.remove("fitted", "board-tall", "wide-side");
      table.style.removeProperty("--board-col");
      last = "";
      return;
    }
    const vb = svg.viewBox.baseVal;
    if (!vb?.width || !vb.height) return;
    const px = (v) => Number.parseFloat(v) || 0;
    const bs = getComputedStyle(box);
    const frame =
      px(bs.paddingTop) + px(bs.paddingBottom) + px(bs.borderTopWidth) + px(bs.borderBottomWidth);
    const frameX =
      px(bs.paddingLeft) + px(bs.paddingRight) + px(bs.borderLeftWidth) + px(bs.borderRightWidth);
    const ts = getComputedStyle(table);
    const width = table.clientWidth - px(ts.paddingLeft) - px(ts.paddingRight);
    const height = table.clientHeight - px(ts.paddingTop) - px(ts.paddingBottom);
    const gap = px(ts.columnGap);
    // Rounded down: a board a pixel too tall makes the whole page scroll.
    const widthAt = (h) => Math.floor(((h - frame) * vb.width) / vb.height + frameX);
    let col = widthAt(height);
    const tall = vb.width < vb.height && width - gap - col >= MIN_SIDE;
    if (!tall) {
      // The band above the board (turn banner, your hand, the choices) wraps when the
      // column narrows, and a taller band narrows the column: two widths can both be
      // stable. Start from the widest (the band at its shortest) and narrow step by step,
      // so that one screen always settles on the same, widest fit, whatever came before.
      const colAt = (above) =>
        Math.max(
          240,
          Math.min(widthAt(height - above - 2 * px(ts.rowGap)), width - gap - MIN_SIDE),
        );
      const above = () => $(".table-head").offsetHeight + $(".choices-box").offsetHeight;
      table.classList.add("fitted");
      table.classList.remove("board-tall");
      col = colAt(0);
      for (let step = 0; step < 4; step++) {
        table.style.setProperty("--board-col", `${col}px`);
        const next = colAt(above());
        if (next === col) break;
        col = next;
      }
    }
    col = Math.max(240, col);
    table.style.setProperty("--board-col", `${col}px`);
    table.classList.add("fitted");
    const key = `${col}/${tall}/${width}`;
    if (key !== last) {
      last = key;
      table.classList.toggle("board-tall", tall);
      table.classList.toggle("wide-side", width - gap - col >= TWO_SIDE_COLUMNS);
      zoom.update();
    }
    makeRoomForPlayers();
  };

  // Beside a wide side column the lists, the key and the chat sit under "Players". When the
  // choices above take the height they need (five dolmen values beside a tall board), they
  // go under the log instead, which gives way (it scrolls): nothing ever covers the scores.
  const makeRoomForPlayers = () => {
    table.classList.remove("side-crowded");
    const under = $(".side > .actions");
    if (!table.classList.contains("wide-side") || !under) return;
    // "Players" keeps its whole height (min-content) and would run under what follows.
    const bottom = $(".side-info").getBoundingClientRect().bottom;
    table.classList.toggle("side-crowded", bottom > under.getBoundingClientRect().top + 1);
  };

  narrow.addEventListener("change", () => {
    place();
    zoom.reset();
  });
  const resized = new ResizeObserver(() => requestAnimationFrame(fit));
  resized.observe(table);
  resized.observe($(".choices-box")); // the hand strip above the board grew or shrank
  resized.observe($(".table-head")); // a long turn banner wraps to a second line
  resized.observe($(".side-info")); // "Players" grew (a button more, a seat's presence)
  window.addEventListener("resize", fit);
  place();
  setupArrowKeys(box, svg);

  return {
    /** Place the panels again: call once the later modules have added theirs. */
    place,
    focusBoard() {
      box.focus({ preventScroll: true });
    },
    /** The one-column layout with tabs (a phone). */
    narrow: () => narrow.matches,
    /** Show the tab `name` ("board", "players", "log"); `back`: offer a way back to it. */
    showTab,
  };
}

/** On a desktop the board's key folds under the log, one line until opened. */
function legendBox() {
  let box = $("#legend-box");
  if (!box) {
    box = h(
      "details",
      { id: "legend-box", class: "card legend-box" },
      h("summary", {}, t("layout.legend")),
    );
  }
  return box;
}

// ---- tabs (phone) ---------------------------------------------------------------------

function setupTabs(nav, narrow) {
  const names = ["board", "players", "log"];
  nav.setAttribute("aria-label", t("layout.tabs"));
  const buttons = names.map((name) =>
    h(
      "button",
      { type: "button", class: "tab", "data-tab": name, onclick: () => show(name) },
      t(TABS[name]),
    ),
  );
  // "Back to the log": after a tapped log entry switched to the board (issue 37).
  const back = h("button", { type: "button", id: "tab-back", class: "tab-back", hidden: "" });
  let onBack = null;
  back.onclick = () => {
    const go = onBack;
    show("log");
    go?.();
  };
  const show = (name, { backTo = null, onBack: whenBack = null } = {}) => {
    document.body.dataset.tab = name;
    for (const b of buttons) b.setAttribute("aria-pressed", String(b.dataset.tab === name));
    back.hidden = !backTo;
    onBack = backTo ? whenBack : null;
    if (backTo) back.textContent = t("layout.backTo", t(TABS[backTo]));
    if (narrow.matches) window.scrollTo({ top: 0 });
  };
  nav.replaceChildren(...buttons, back);
  nav.hidden = false;
  show("board");
  return show;
}

// ---- zoom -----------------------------------------------------------------------------

function setupZoom(svg, box, narrow) {
  let z = ZOOM_MIN;
  const hint = $("#zoom-hint");
  const zin = $("#zoom-in");
  const zout = $("#zoom-out");

  const offScreen = () => {
    if (z <= ZOOM_MIN) return [];
    const slack = 4;
    const dirs = [];
    if (box.scrollLeft > slack) dirs.push("left");
    if (box.scrollLeft + box.clientWidth < box.scrollWidth - slack) dirs.push("right");
    if (box.scrollTop > slack) dirs.push("up");
    if (box.scrollTop + box.clientHeight < box.scrollHeight - slack) dirs.push("down");
    return dirs;
  };
  const update = () => {
    const dirs = offScreen();
    hint.hidden = dirs.length === 0;
    box.dataset.offScreen = dirs.join(" ");
    if (dirs.length)
      hint.textContent = t(
        "layout.offScreen",
        dirs.map((d) => t(DIRS[d])),
      );
  };
  /** Zoom to `next`, keeping the board point under (cx, cy) (box pixels) where it was. */
  const apply = (next, cx = box.clientWidth / 2, cy = box.clientHeight / 2) => {
    const before = z;
    z = Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, next));
    const fx = (box.scrollLeft + cx) / (box.scrollWidth || 1);
    const fy = (box.scrollTop + cy) / (box.scrollHeight || 1);
    box.classList.toggle("zoomed", z > ZOOM_MIN);
    box.dataset.zoom = z.toFixed(2);
    if (z > ZOOM_MIN) {
      // At the zoom's width, the board's height follows from its shape (CSS: height auto).
      svg.style.width = `${z * 100}%`;
    } else {
      svg.style.removeProperty("width");
    }
    if (before !== z) {
      box.scrollLeft = fx * box.scrollWidth - cx;
      box.scrollTop = fy * box.scrollHeight - cy;
    }
    zin.disabled = z >= ZOOM_MAX;
    zout.disabled = z <= ZOOM_MIN;
    update();
  };
  zin.onclick = () => apply(z * ZOOM_STEP);
  zout.onclick = () => apply(z / ZOOM_STEP < 1.05 ? ZOOM_MIN : z / ZOOM_STEP);
  box.addEventListener("scroll", update, { passive: true });

  // Pinch: two fingers on the board zoom it (the page itself keeps its scale).
  const fingers = new Map();
  let pinch = null;
  const spread = () => {
    const [a, b] = [...fingers.values()];
    return Math.hypot(a.x - b.x, a.y - b.y);
  };
  box.addEventListener("pointerdown", (ev) => {
    if (ev.pointerType !== "touch") return;
    fingers.set(ev.pointerId, { x: ev.clientX, y: ev.clientY });
    if (fingers.size === 2) pinch = { d: spread(), z };
  });
  box.addEventListener("pointermove", (ev) => {
    if (!fingers.has(ev.pointerId)) return;
    fingers.set(ev.pointerId, { x: ev.clientX, y: ev.clientY });
    if (!pinch || fingers.size !== 2) return;
    const [a, b] = [...fingers.values()];
    const r = box.getBoundingClientRect();
    apply(pinch.z * (spread() / (pinch.d || 1)), (a.x + b.x) / 2 - r.left, (a.y + b.y) / 2 - r.top);
  });
  const lift = (ev) => {
    fingers.delete(ev.pointerId);
    if (fingers.size < 2) pinch = null;
  };
  box.addEventListener("pointerup", lift);
  box.addEventListener("pointercancel", lift);

  apply(ZOOM_MIN);
  return { update, reset: () => apply(narrow.matches ? ZOOM_MIN : z) };
}

// ---- arrow keys -----------------------------------------------------------------------

const ARROWS = {
  ArrowRight: [1, 0],
  ArrowLeft: [-1, 0],
  ArrowDown: [0, 1],
  ArrowUp: [0, -1],
};

function centre(el) {
  const r = el.getBoundingClientRect();
  return [r.left + r.width / 2, r.top + r.height / 2];
}

/**
 * The target nearest to `from` in direction `dir` ([dx, dy]): among the points ahead of it
 * (within 60° of the direction), the one with the least distance, counting the sideways
 * offset double so that a target straight ahead wins over a nearer one off to the side.
 */
export function nextInDirection(from, dir, points) {
  let best = null;
  let bestCost = Number.POSITIVE_INFINITY;
  for (const [key, [x, y]] of points) {
    const dx = x - from[0];
    const dy = y - from[1];
    const ahead = dx * dir[0] + dy * dir[1];
    const side = Math.abs(dx * dir[1] - dy * dir[0]);
    if (ahead <= 1 || side > ahead * Math.tan(Math.PI / 3)) continue;
    const cost = ahead + 2 * side;
    if (cost < bestCost) {
      bestCost = cost;
      best = key;
    }
  }
  return best;
}

function setupArrowKeys(box, svg) {
  box.addEventListener("keydown", (ev) => {
    const dir = ARROWS[ev.key];
    if (!dir || ev.altKey || ev.ctrlKey || ev.metaKey) return;
    const live = [...svg.querySelectorAll(".tgt.is-target")];
    if (live.length === 0) return;
    ev.preventDefault();
    const current = ev.target.closest?.(".tgt.is-target");
    if (!current) {
      // From the board itself: start at the target nearest its centre.
      const c = centre(box);
      const dist = (el) => Math.hypot(centre(el)[0] - c[0], centre(el)[1] - c[1]);
      live.sort((a, b) => dist(a) - dist(b));
      live[0].focus();
      return;
    }
    const others = live.filter((el) => el !== current).map((el) => [el, centre(el)]);
    const next = nextInDirection(centre(current), dir, others);
    if (next) next.focus();
  });
}
