// Clocks, resigning and the server's bot standing in (docs/API.md, "Clocks").
// The server keeps the time: every state message carries `clock` (which seats' clocks run,
// since when, each live seat's time left, the deadline) and each seat row's `stand_in`.
// This module only draws them: a countdown on each seat's row that ticks here every
// second (red when little time is left), a "bot plays" marker, the log lines of the table
// events, and the buttons to resign or take one's seat back.

import { api } from "./api.js";
import { errorText, t } from "./i18n.js";
import { h } from "./svg.js";

// Texts: text/en.js and text/de.js, keys "clocks.*".
const STAND_IN = { resigned: "clocks.standInResigned", timeout: "clocks.standInTimeout" };
const STAND_IN_TITLE = {
  resigned: "clocks.standInResignedTitle",
  timeout: "clocks.standInTimeoutTitle",
};

/** Table events of this module: they come between actions, like a seat released. */
export const CLOCK_TABLE_EVENTS = ["seat_resigned", "seat_timeout", "seat_back", "clock_expired"];

/** The log line of one of `CLOCK_TABLE_EVENTS` (`c.who(seat)` names a seat), or null. */
export function clockEventText(ev, c) {
  const who = c.who(ev.seat);
  switch (ev.type) {
    case "seat_resigned":
      return t("clocks.ev.resigned", who);
    case "seat_timeout":
      return t("clocks.ev.timeout", who);
    case "seat_back":
      return t("clocks.ev.back", who);
    case "clock_expired":
      return t("clocks.ev.expired", who);
    default:
      return null;
  }
}

/** "1:05:09", "4:59", "0:07", or days for a long correspondence clock. */
export function formatLeft(ms) {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const days = Math.floor(total / 86400);
  const hours = Math.floor((total % 86400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const two = (n) => String(n).padStart(2, "0");
  if (days > 0) return t("clocks.days", days, hours);
  if (hours > 0) return `${hours}:${two(minutes)}:${two(seconds)}`;
  return `${minutes}:${two(seconds)}`;
}

/** A seat's time left now (ms) and its clock's length, or null when it shows no clock. */
function seatTime(clock, seat, now) {
  if (!clock || clock.type === "none") return null;
  const running = (clock.running || []).includes(seat);
  if (clock.type === "live") {
    const left = (clock.remaining_ms || [])[seat];
    if (left === undefined) return null;
    const since = running && clock.at ? now - Date.parse(clock.at) : 0;
    return { left: left - Math.max(0, since), full: clock.initial_ms, running };
  }
  const deadline = (clock.deadlines || [])[seat];
  if (!running || !deadline) return null;
  return { left: Date.parse(deadline) - now, full: clock.per_move_ms, running };
}

function fillClock(el, clock, seat, now) {
  const t = seatTime(clock, seat, now);
  if (!t) {
    el.hidden = true;
    return;
  }
  el.hidden = false;
  el.textContent = formatLeft(t.left);
  el.dataset.running = String(t.running);
  el.dataset.low = String(t.running && (t.left < 30_000 || t.left < t.full / 10));
}

export class Clocks {
  /**
   * `where`: the element the buttons go after; `gameId`, `token()`, `seat()`: who is
   * here; `refresh()`: fetch the view when no socket brings it; `note(msg)`: a refusal.
   */
  constructor({ where, gameId, token, seat, refresh, note }) {
    this.gameId = gameId;
    this.token = token;
    this.seat = seat;
    this.refresh = refresh;
    this.note = note;
    this.state = null;
    this.busy = false;
    this.resignButton = h(
      "button",
      {
        type: "button",
        id: "resign",
        class: "small resign",
        title: t("clocks.resignTitle"),
        hidden: "",
      },
      t("clocks.resign"),
    );
    this.backButton = h(
      "button",
      {
        type: "button",
        id: "take-back-seat",
        class: "small seat-back",
        title: t("clocks.backTitle"),
      },
      t("clocks.back"),
    );
    this.backButton.hidden = true;
    this.resignButton.addEventListener("click", () => this.resign());
    this.backButton.addEventListener("click", () => this.takeBack());
    this.box = h("div", { class: "clock-actions" }, this.backButton, this.resignButton);
    where.after(this.box);
    setInterval(() => this.tick(), 1000);
  }

  /** Called with every new state message. */
  update(state) {
    this.state = state;
    const mine = this.mySeatInfo();
    const running = state.status === "running";
    this.resignButton.hidden = !running || !mine || mine.stand_in === "resigned";
    this.backButton.hidden = !running || !mine || mine.stand_in !== "timeout";
    this.tick();
  }

  mySeatInfo() {
    const seat = this.seat();
    if (seat === null || !this.token()) return null;
    return (this.state?.seats || []).find((s) => s.seat === seat) || null;
  }

  /** The countdown and the bot marker of one seat's row in the players table. */
  seatTags(seat, info) {
    const out = [];
    if (info?.stand_in) {
      out.push(
        h(
          "span",
          {
            class: "stand-in-tag",
            "data-stand-in": info.stand_in,
            title: STAND_IN_TITLE[info.stand_in] ? t(STAND_IN_TITLE[info.stand_in]) : "",
          },
          t(STAND_IN[info.stand_in] || "clocks.standIn"),
        ),
      );
    }
    const el = h("span", { class: "seat-clock", "data-clock-seat": seat, role: "timer" });
    fillClock(el, this.state?.clock, seat, Date.now());
    out.push(el);
    return out;
  }

  tick() {
    const clock = this.state?.clock;
    const now = Date.now();
    for (const el of document.querySelectorAll(".seat-clock[data-clock-seat]")) {
      fillClock(el, clock, Number(el.dataset.clockSeat), now);
    }
  }

  async post(what) {
    const seat = this.seat();
    if (this.busy || seat === null) return;
    this.busy = true;
    try {
      await api(`/api/games/${encodeURIComponent(this.gameId)}/seats/${seat}/${what}`, {
        method: "POST",
        token: this.token(),
      });
      this.refresh();
    } catch (err) {
      this.note(errorText(err));
    } finally {
      this.busy = false;
    }
  }

  resign() {
    if (window.confirm(t("clocks.resignAsk"))) this.post("resign");
  }

  takeBack() {
    this.post("back");
  }
}
