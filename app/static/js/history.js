// The history slider: look back at any earlier position of the game, as the server's
// GET /api/games/{id}/history gives it (docs/API.md, History). While looking back no move
// can be made; returning to the latest position resumes live play. A finished game can be
// replayed "as seen by" each seat, the watcher, or with everything revealed.
//
// The board is drawn by the game module from the past view (the page's hooks); this module
// only picks the position, fetches it and marks the pieces of that position's action.

import { api } from "./api.js";
import { errorText, t } from "./i18n.js";
import { markedKeys } from "./marks.js";
import { seatStyle } from "./palette.js";
import { h } from "./svg.js";

/**
 * `hooks`: {gameId, kind, token(), ownSeat(), numSeats, nameOf(seat),
 *           drawPast(view, seat), drawLive(), describe(events), svg()}.
 * The page calls `live(state)` with every new live state; it answers true while the page
 * shows a past position (the page then leaves the board alone).
 */
export function setupHistory(root, hooks) {
  const st = {
    latest: 0,
    ended: false,
    version: null, // null: following the live game
    perspective: null, // null: the page's own (the seat's, or the watcher's)
    gen: 0,
  };
  const button = (label, text, onclick) =>
    h(
      "button",
      { type: "button", class: "small", "aria-label": label, title: label, onclick },
      text,
    );
  const first = button(t("history.first"), "«", () => go(0));
  const prev = button(t("history.prev"), "‹", () => go(shown() - 1));
  const next = button(t("history.next"), "›", () => go(shown() + 1));
  const last = button(t("history.last"), "»", () => go(st.latest));
  const slider = h("input", {
    type: "range",
    min: "0",
    max: "0",
    step: "1",
    value: "0",
    "aria-label": t("history.slider"),
    id: "history-slider",
  });
  slider.addEventListener("input", () => go(Number(slider.value)));
  // On a laptop's side column this line scrolls (a long "seen by" sentence): a keyboard
  // reaches it (WCAG 2.1.1, axe scrollable-region-focusable), named by the history's title.
  const where = h("span", {
    class: "history-where",
    role: "status",
    tabindex: "0",
    "aria-labelledby": "history-title",
  });
  const select = h("select", { id: "history-seen-by" });
  select.addEventListener("change", () => {
    st.perspective = select.value === own() ? null : select.value;
    go(shown());
  });
  const seenBy = h(
    "label",
    { class: "history-seen-by", hidden: true },
    `${t("history.seenBy")} `,
    select,
  );
  const back = h(
    "p",
    { class: "history-back", hidden: true },
    t("history.lookingBack"),
    " ",
    button(t("history.backToGame"), t("history.backToGame"), () => {
      st.perspective = null;
      go(st.latest);
    }),
  );
  root.replaceChildren(
    h(
      "div",
      { class: "history-steps" },
      h("span", { class: "history-title", id: "history-title" }, t("history.title")),
      first,
      prev,
      slider,
      next,
      last,
      where,
    ),
    seenBy,
    back,
  );

  function own() {
    const seat = hooks.ownSeat();
    return seat === null ? "watcher" : String(seat);
  }
  function shown() {
    return st.version === null ? st.latest : st.version;
  }
  function browsing() {
    return (st.version !== null && st.version < st.latest) || st.perspective !== null;
  }

  function fillSelect() {
    const options = [];
    for (let seat = 0; seat < hooks.numSeats; seat++) {
      options.push(
        h(
          "option",
          { value: String(seat) },
          `${hooks.nameOf(seat)} (${seatStyle(seat).colourName})`,
        ),
      );
    }
    options.push(h("option", { value: "watcher" }, t("history.watcher")));
    options.push(h("option", { value: "all" }, t("history.everything")));
    select.replaceChildren(...options);
    select.value = st.perspective ?? own();
  }

  function drawControls(actor, events) {
    const v = shown();
    slider.max = String(st.latest);
    slider.value = String(v);
    first.disabled = prev.disabled = v <= 0;
    next.disabled = last.disabled = v >= st.latest;
    const what = v === 0 ? t("history.start") : t("history.position", v, st.latest);
    // Following the live game, the newest move is the log's first turn (and its live
    // region's line): said here too, it took a line the log's last round needs on a laptop.
    const live = st.version === null && st.perspective === null;
    const said = actor === undefined || live ? "" : hooks.describe(events || []);
    where.textContent = said ? what + t("history.by", said) : what;
    root.hidden = st.latest === 0 && !st.ended;
    seenBy.hidden = !st.ended;
    back.hidden = !browsing() || st.version === null || st.version >= st.latest;
    root.dataset.version = String(v);
    root.dataset.latest = String(st.latest);
    root.dataset.seenBy = st.perspective ?? own();
    document.body.dataset.history = browsing() ? String(v) : "live";
  }

  function mark(keys) {
    for (const el of hooks.svg().querySelectorAll(".tgt[data-key]")) {
      el.classList.toggle("is-mark", keys.has(el.dataset.key));
    }
  }

  function go(version) {
    const v = Math.max(0, Math.min(st.latest, version));
    st.version = v >= st.latest && st.perspective === null ? null : v;
    // Back at the latest position as the page's own seat: the live board and its moves.
    if (!browsing()) hooks.drawLive();
    show();
  }

  async function show() {
    const gen = ++st.gen;
    const v = shown();
    const seat = st.perspective ?? own();
    drawControls();
    const params = new URLSearchParams({ seat, version: String(v) });
    let past;
    try {
      past = await api(`/api/games/${encodeURIComponent(hooks.gameId)}/history?${params}`, {
        token: hooks.token(),
      });
    } catch (err) {
      if (gen === st.gen) where.textContent = t("history.failed", errorText(err));
      return;
    }
    if (gen !== st.gen) return; // a later step was asked for meanwhile
    if (browsing()) {
      const line = st.ended ? null : t("history.turnLine", past.version);
      hooks.drawPast(past.view, /^\d+$/.test(seat) ? Number(seat) : null, line);
    }
    drawControls(past.actor, past.events);
    // At the live position the last moves are marked by marks.js, in the movers' colours.
    mark(browsing() ? markedKeys(hooks.kind, past.events) : new Set());
    document.body.dataset.historyShown = `${past.version}:${seat}`;
  }

  return {
    /** A new live state arrived; true while the page must not draw it over the past. */
    live(state) {
      const grew = state.version !== st.latest;
      const ended = state.status !== "open" && state.status !== "running";
      const endedNow = ended && !st.ended;
      st.latest = state.version;
      st.ended = ended;
      if (endedNow) fillSelect();
      if (browsing()) {
        drawControls();
        return true;
      }
      if (grew || endedNow) {
        // Following the game: say what the newest action did. A socket's state carries it
        // (`actions`, as /log has them); only a state without it asks the server.
        const newest = state.actions?.at(-1);
        if (newest && newest.seq === state.version) {
          st.gen++; // a fetch still in flight is older: drop its answer
          drawControls(newest.seat, newest.events);
          mark(new Set()); // at the live position marks.js marks the last moves
          document.body.dataset.historyShown = `${state.version}:${own()}`;
        } else {
          queueMicrotask(() => show());
        }
      }
      return false;
    },
    browsing,
    /** Show the position after `version` actions (0: the start). */
    go,
  };
}
