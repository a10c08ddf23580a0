// Who is at the table now (docs/API.md, "Presence"). The server counts each seat's
// WebSockets over every process and sends `{"type": "presence"}` on the game's socket
// whenever a count changes, so a closed page shows as away on the others within a moment.
// This page marks each seat row "here" or "away 5 min". It asks by REST only at the start,
// every few seconds while its own socket is not live, and once a minute while it is (the
// "away" times move on, and a count left by a server process that died goes stale).

import { api } from "./api.js";
import { duration, t } from "./i18n.js";
import { h } from "./svg.js";

const POLL_MS = 3000; // without a live socket
const POLL_LIVE_MS = 60000; // with one: the socket brings every change

// Texts: text/en.js, de.js and cs.js, keys "presence.*"; the durations by Intl's units.
const TEXT = {
  here: () => t("presence.here"),
  hereTitle: () => t("presence.hereTitle"),
  away: (since) => t("presence.away", since),
  awayTitle: (since) => t("presence.awayTitle", since),
  justNow: () => t("presence.justNow"),
  minutes: (n) => duration(n, "minute"),
  hours: (n) => duration(n, "hour"),
  days: (n) => duration(n, "day"),
};

/** "just now", "4 min", "2 h", "3 d": how long ago `since` (an ISO time) was. */
export function awayFor(since, now = Date.now()) {
  const minutes = Math.floor((now - Date.parse(since)) / 60000);
  if (!(minutes >= 1)) return TEXT.justNow();
  if (minutes < 60) return TEXT.minutes(minutes);
  if (minutes < 48 * 60) return TEXT.hours(Math.floor(minutes / 60));
  return TEXT.days(Math.floor(minutes / (24 * 60)));
}

export class Presence {
  /** `onChange()` is called after each answer that changed what a seat row shows;
   *  `live()` says whether the game's socket is live (it then brings the changes). */
  constructor({ gameId, onChange, live = () => false }) {
    this.gameId = gameId;
    this.onChange = onChange;
    this.live = live;
    this.seats = new Map(); // seat -> {connected, away_since}
    this.timer = null;
    this.shown = "";
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") this.poll();
    });
  }

  start() {
    this.poll();
  }

  async poll() {
    clearTimeout(this.timer);
    this.timer = null;
    try {
      this.receive(await api(`/api/games/${encodeURIComponent(this.gameId)}/presence`));
    } catch {
      // The connection banner already says when the server cannot be reached.
    }
    this.schedule();
  }

  /** The next question by REST; a hidden page does not ask, it asks when shown again. */
  schedule() {
    clearTimeout(this.timer);
    this.timer = null;
    if (document.visibilityState === "hidden") return;
    this.timer = setTimeout(() => this.poll(), this.live() ? POLL_LIVE_MS : POLL_MS);
  }

  /** The seats' presence, from REST or from the socket's `presence` message. */
  receive(seats) {
    if (!Array.isArray(seats)) return;
    this.seats = new Map(seats.map((s) => [s.seat, s]));
    const shown = JSON.stringify([...this.seats.keys()].map((seat) => this.text(seat)));
    if (shown !== this.shown) {
      this.shown = shown;
      this.onChange();
    }
  }

  text(seat) {
    const s = this.seats.get(seat);
    if (!s || s.connected === null) return null;
    return s.connected ? TEXT.here() : TEXT.away(awayFor(s.away_since));
  }

  /** The mark for `seat`'s row, or null for bots, free seats and this page's own seat. */
  tag(seat, own) {
    const s = this.seats.get(seat);
    if (own || !s || s.connected === null) return null;
    const since = s.connected ? null : awayFor(s.away_since);
    return h(
      "span",
      {
        class: `presence ${s.connected ? "here" : "away"}`,
        "data-presence": s.connected ? "here" : "away",
        title: s.connected ? TEXT.hereTitle() : TEXT.awayTitle(since),
      },
      h("span", { class: "presence-text" }, s.connected ? TEXT.here() : TEXT.away(since)),
    );
  }
}
